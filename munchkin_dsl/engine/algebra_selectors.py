"""Engine behaviour of the declared selectors (language/parts/selectors.py): the players
each TARGETS word of a selector part reaches, keyed by that word (with the standings,
`highest_level` and `lowest_level`, which a hand-written target and a part both spell).

:func:`munchkin_dsl.engine.effects_targets.targets` asks this table for any word it does
not know itself, so a new selector is its class and one function here.
"""

from __future__ import annotations

from collections.abc import Callable

from munchkin_dsl.engine.algebra_conditions import standing
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, Player
from munchkin_dsl.language.algebra import selector_parts
from munchkin_dsl.language.parts.looting import OtherLooted
from munchkin_dsl.language.parts.standing_selectors import StandingSelector
from munchkin_dsl.language.parts.waiting import base_timing


def _living(ctx: Ctx) -> list[Player]:
    """The living players (all of them when everyone is dead: a game-end check reads it)."""
    return [p for p in ctx.game.state.players if not p.dead] or list(ctx.game.state.players)


def _by_level(ctx: Ctx, pick: Callable[..., int]) -> list[Player]:
    """The player(s) of the highest (``max``) or lowest (``min``) level, ties all."""
    living = _living(ctx)
    at = pick(p.level for p in living)
    return [p for p in living if p.level == at]


def _me(ctx: Ctx) -> Player | None:
    """"You" for `yours` and `the other player ...`: a curse's or a monster's victim, else
    the owner.  A one-shot played on another player is still its player's card: `a player
    of your choice whose level is higher than yours` compares with the one who chooses, not
    with the one the card was played on (found by the long grammar sweep)."""
    card = ctx.card
    cursed = card is not None and (card.kind == "monster"
                                   or card.kind in ctx.game.rules.curse_kinds)
    return (ctx.victim if cursed else None) or ctx.owner or ctx.victim


def _others(ctx: Ctx) -> list[Player]:
    me = _me(ctx)
    return [p for p in _living(ctx) if p is not me]


def _chosen_player(ctx: Ctx, keep: Callable[[Player], bool] | None = None) -> list[Player]:
    """The owner's pick among the living players ``keep`` lets through, made when the line
    applies: the others in seat order after the owner, then the owner (Policy.choose_option;
    a scenario scripts it with `A chooses option 2`); none let through: nobody.  Never
    simply the player the card is played on: a curse's victim or the player `any player`
    names is not a choice of this one."""
    living = _living(ctx)
    owner = ctx.owner
    if keep is not None:
        living = [p for p in living if keep(p) or p is owner]
    if owner is None or owner not in living:
        return living[:1]
    at = living.index(owner)
    order = [p for p in [*living[at + 1:], *living[:at], owner]
             if keep is None or keep(p)]
    if not order:
        ctx.game.note(f"{owner.name} has no player to choose")
        return []
    pick = order[ctx.game.choose_option(owner, len(order))]
    ctx.game.note(f"{owner.name} chooses {pick.name}")
    return [pick]


def _one_of(ctx: Ctx, tied: list[Player]) -> list[Player]:
    """A superlative selector's tie (`the lowest level player`, `the player with the most
    items`): the card's player chooses one of the tied players (Policy.choose_option, in
    seat order; a scenario scripts it with `A chooses option 2`).  The rules leave such a
    split to the acting player (Charity, seeds/000_2feb673ef6db30b2.txt: "If players are
    tied for lowest, ... it's up to you who gets the bigger set(s)"); a card that means
    every tied player says `each` (`each player with the lowest level`,
    parts/selectors.py).  A passive line read in a fight (engine/combat.reached) has no
    moment to choose, so it still reaches each tied player in the fight."""
    owner = ctx.owner
    if len(tied) < 2 or owner is None:
        return tied
    pick = tied[ctx.game.choose_option(owner, len(tied))]
    ctx.game.note(f"{owner.name} chooses {pick.name} among the tied players")
    return [pick]


def _level_than_mine(ctx: Ctx, sign: int) -> list[Player]:
    """`a player of your choice whose level is higher (``sign`` 1) / lower (-1) than yours`."""
    me = _me(ctx)
    mine = me.level if me is not None else 0
    return _chosen_player(ctx, lambda p: (p.level - mine) * sign > 0)


def most_items(living: list[Player]) -> list[Player]:
    """The player(s) carrying the most items, ties all (none when nobody carries any); a
    passive line's `the player with the most items` reads it too (engine/combat.reached)."""
    top = max((len(p.items) for p in living), default=0)
    return [p for p in living if top and len(p.items) == top]


def _other_by_level(ctx: Ctx, pick: Callable[..., int]) -> list[Player]:
    """The other player(s) of the highest or lowest level among the others, ties all."""
    others = _others(ctx)
    if not others:
        return []
    at = pick(p.level for p in others)
    return [p for p in others if p.level == at]


def _most_items(ctx: Ctx, among: list[Player] | None = None) -> list[Player]:
    """The player(s) with the most items in play among ``among`` (the living players)."""
    return most_items(_living(ctx) if among is None else among)


def _winner(ctx: Ctx) -> list[Player]:
    """The main fighter of the fight just won (the open one if it is already won)."""
    fight = ctx.game.state.combat or ctx.game.last_combat
    if fight is None or fight.outcome not in ("win", "defeated_without_kill"):
        return []
    return [fight.fighter]


def _that_player(ctx: Ctx) -> list[Player]:
    """The player the event is about (engine/events.react's ``actor``), if still alive, or
    the dead one whose body is being looted (`when another player is looted`)."""
    looted = (ctx.timing or "").endswith(OtherLooted.timing)
    return [ctx.actor] if ctx.actor is not None and (looted or not ctx.actor.dead) else []


def _played_by(card: CardInst | None) -> list[Player]:
    """The living player who played ``card`` (a curse on its victim, a monster into a
    fight), if any: kept on the card as it is played (engine/play.py, effects_fight.py)."""
    who = card.played_by if card is not None else None
    return [who] if who is not None and not who.dead else []


def _curse_player(ctx: Ctx) -> list[Player]:
    """The player of the curse the line is about: the one coming in at `when a curse is
    played on a player` (``just``) or `when targeted by` (``extra_card``), else the line's
    own curse."""
    base = base_timing(ctx.timing)
    return _played_by(ctx.just if base == "curse_played" else ctx.extra_card
                      if base == "when_targeted" else ctx.card)


#: TARGETS word -> the players it reaches in this context.
SELECTORS: dict[str, Callable[[Ctx], list[Player]]] = {
    "highest_level": lambda ctx: _one_of(ctx, _by_level(ctx, max)),
    "lowest_level": lambda ctx: _one_of(ctx, _by_level(ctx, min)),
    "chosen_player": _chosen_player,
    "most_items": lambda ctx: _one_of(ctx, _most_items(ctx)),
    "chosen_higher_level": lambda ctx: _level_than_mine(ctx, 1),
    "chosen_lower_level": lambda ctx: _level_than_mine(ctx, -1),
    "other_most_items": lambda ctx: _one_of(ctx, _most_items(ctx, _others(ctx))),
    "other_highest_level": lambda ctx: _one_of(ctx, _other_by_level(ctx, max)),
    "other_lowest_level": lambda ctx: _one_of(ctx, _other_by_level(ctx, min)),
    "each_highest_level": lambda ctx: _by_level(ctx, max),
    "each_lowest_level": lambda ctx: _by_level(ctx, min),
    "each_most_items": _most_items,
    "winner": _winner,
    "that_player": _that_player,
    "card_player": lambda ctx: _played_by(ctx.card),
    "curse_player": _curse_player,
}


def _standing(part: type[StandingSelector]) -> Callable[[Ctx], list[Player]]:
    """A selector by a standing (`the player with the fewest cards in hand`): the players
    its condition's measure puts first; one of them, the card's player's pick, unless `each`;
    `the other player with ...`: among the others."""
    def reach(ctx: Ctx) -> list[Player]:
        tied = standing(_others(ctx) if part.other else _living(ctx), part.standing,
                        part.value)
        return tied if part.each else _one_of(ctx, tied)
    return reach


#: The selectors by a standing, by their TARGETS word (read in a fight: engine/combat.reached).
STANDING_PARTS: dict[str, type[StandingSelector]] = {
    p.target: p for p in selector_parts() if issubclass(p, StandingSelector)}
SELECTORS.update({word: _standing(part) for word, part in STANDING_PARTS.items()})
