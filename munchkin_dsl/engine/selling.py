"""The terms of a sale read where it is made (language/parts/selling.py): what a level
costs (`you sell items at 800 gold per level`) and what each item sold counts more (`+200
gold for each item you sell`), from the cards that bind the seller now, as the bans on
selling are read (help_bans.standing_lines: a card in play whose line's conditions hold,
a curse on its victim).  engine/inventory.sell asks these, so the bots and the scenarios'
`A sells ...` sell on the same terms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine import help_bans
from munchkin_dsl.engine.algebra_fight import Outcome
from munchkin_dsl.engine.state import CardInst, GameState, Player

#: the rules' price of a level (RULES §1 Selling), in every ruleset's money
LEVEL_PRICE = 1000


def level_price(state: GameState, player: Player) -> int:
    """The gold of items sold that buys ``player`` one level now: a curse's rate on them
    stands over their own cards' (it is what the curse does); among the same, the
    cheapest; 1000 with none."""
    lines = help_bans.standing_lines(state, player, {"sell_rate"})
    cursed = [int(e.gold) for c, e in lines if c in player.curses]
    own = [int(e.gold) for c, e in lines if c not in player.curses]
    return min(cursed or own or [LEVEL_PRICE])


def item_bonus(state: GameState, player: Player) -> int:
    """The gold each item ``player`` sells counts more now (every card's, added)."""
    return sum(int(e.gold) for _c, e in help_bans.standing_lines(state, player,
                                                                 {"sell_bonus"}))


def buys_a_level(state: GameState, player: Player, cards: list[CardInst]) -> bool:
    """Selling ``cards`` would buy ``player`` a level on their terms now (what a bot asks
    before it sells; items sold for double are a bonus it does not count on)."""
    extra = item_bonus(state, player)
    return sum(max(0, c.value + extra) for c in cards) >= level_price(state, player)


def _terms(eff: Any, ctx: Any) -> Outcome:
    """A curse that sets its victim's terms lands: they last while it stays on them; a
    card in play's are read at each sale (nothing to do where it is played)."""
    victim = ctx.victim
    if victim is None or victim.dead or ctx.card is None:
        return Outcome(False)
    said = (f"at {eff.gold} gold per level" if eff.kind == "sell_rate"
            else f"with {eff.gold:+d} gold for each item")
    ctx.game.note(f"{victim.name} sells items {said} while {ctx.card.name} stays")
    return Outcome(True)


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Any], Outcome]] = dict.fromkeys(help_bans.SALE_TERMS,
                                                                     _terms)
