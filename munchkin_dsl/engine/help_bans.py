"""Who may not help, sell, run away or play a kind of card, read where the action is
taken (language/parts/helping.py, bans.py, lasting.py).

`you cannot sell items` and `you cannot run away` on a curse ban its victim from the
action while the curse stays on them, as `you cannot help` does (one reading for all:
:func:`banned`); the sale refuses, the run-away roll is not made (caught), and the bots
ask before they sell.  `you cannot play one-shots` (any card filter) refuses the play of
a matching card (:func:`play_ban`), and the bots do not try it.  A monster's `nobody
may discard a Sidekick to escape` forbids the sacrifice escape in its fight
(:func:`sacrifice_ban`).

The same bans on a card that stays in play (a class, race, item, Hireling or Sidekick:
Town Crier's `you cannot sell items`) bind its owner while it is in play, its line's
conditions read where the action is taken (:func:`_ban_effects`).

`you cannot help` on a curse bans its victim from helping anyone while the curse stays on
them; `nobody may help` on a curse with a duration (`until your next turn: nobody may
help`) bans help in every fight of its victim while it stays (the effect itself bans only
the fight that is open when it acts).  Both are read from the curses on the player, so
they end when the curse leaves (engine/durations.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.compiler.effects import EFFECTS_BY_KIND, Ability
from munchkin_dsl.engine import durations
from munchkin_dsl.engine.algebra_conditions import matches
from munchkin_dsl.engine.algebra_fight import Outcome
from munchkin_dsl.engine.combat import has_effect
from munchkin_dsl.engine.conditions import Scope, conditions_hold
from munchkin_dsl.engine.state import CardInst, GameState, Player

CANNOT_HELP = "cannot_help"
NO_HELP = "no_help"
CANNOT_SELL = "cannot_sell"
CANNOT_RUN_AWAY = "cannot_run_away"
CANNOT_PLAY = "cannot_play"
CANNOT_GAIN_LEVELS = "cannot_gain_levels"
CANNOT_LOOT = "cannot_loot"
CANNOT_LOOK_FOR_TROUBLE = "cannot_look_for_trouble"
#: the player actions a curse may ban (as a scenario names them) -> the ban's effect kind
ACTIONS = {"help": CANNOT_HELP, "sell": CANNOT_SELL, "run away": CANNOT_RUN_AWAY,
           "play": CANNOT_PLAY, "gain levels": CANNOT_GAIN_LEVELS,
           "loot the room": CANNOT_LOOT, "look for trouble": CANNOT_LOOK_FOR_TROUBLE}
#: the bans a curse may put on its victim's own actions
BANS = frozenset(ACTIONS.values())
#: the terms of a sale (language/parts/selling.py), read as the bans are (engine/selling.py)
SALE_TERMS = frozenset({"sell_rate", "sell_bonus"})


def keeps(ability: Ability) -> bool:
    """A curse line that bans an action, or sets the terms of its victim's sales, keeps
    the curse on its victim (the line is the curse)."""
    return any(e.kind in BANS or e.kind in SALE_TERMS for e in ability.effects)


def _ban_effects(state: GameState, player: Player) -> list[tuple[CardInst, Any]]:
    """Every ban on ``player`` now, with its card."""
    return standing_lines(state, player, BANS | {NO_HELP})


def standing_lines(state: GameState, player: Player, kinds: frozenset[str] | set[str]
                   ) -> list[tuple[CardInst, Any]]:
    """Every effect of one of ``kinds`` that binds ``player`` now, with its card: a curse's
    lines on them (as it stays), a card in play's `while in play` lines whose conditions
    hold."""
    out: list[tuple[CardInst, Any]] = []
    for card in player.in_play():
        cursed = card in player.curses
        if cursed and durations.dormant(state, player, card):
            continue  # `for your next 2 turns: ...` landed this turn
        for ab in card.data.abilities:
            bans_here = [e for e in ab.effects if e.kind in kinds]
            if not bans_here or not cursed and (ab.timing != "continuous" or (
                    ab.conditions and not conditions_hold(
                        ab.conditions, Scope(owner=player, card=card), state,
                        state.combat))):
                continue
            out += [(card, e) for e in bans_here]
    return out


def banned_by(state: GameState, player: Player, ban: str) -> CardInst | None:
    """The card (a curse on ``player``, a card of theirs in play) that bans the action
    ``ban`` names (None: allowed), for the refusal to name it."""
    return next((c for c, e in _ban_effects(state, player) if e.kind == ban), None)


def banned(state: GameState, player: Player, ban: str) -> bool:
    """``player`` may not do the action ``ban`` names: a curse on them, or a card of theirs
    in play, says so."""
    return banned_by(state, player, ban) is not None


def bans(state: GameState, player: Player) -> tuple[str, ...]:
    """Every action ``player`` may not do now (what `munchkin test` output shows)."""
    return tuple(sorted({e.kind for _c, e in _ban_effects(state, player) if e.kind in BANS}))


def play_ban(state: GameState, player: Player, card: CardInst) -> CardInst | None:
    """The card (a curse on ``player``, a card of theirs in play) whose `you cannot play
    X` forbids playing ``card`` (None: it may be played); the card filter is read as
    everywhere (a kind or a tag)."""
    return next((c for c, e in _ban_effects(state, player)
                 if e.kind == CANNOT_PLAY and matches(card, getattr(e, "what", None))), None)


def sacrifice_ban(state: GameState, card: CardInst, ability: Ability) -> CardInst | None:
    """The card in the open fight (a monster's `nobody may discard a Sidekick to escape`)
    that forbids escaping by ``ability``: a line `instead of run away roll` that discards
    its own card, when that card passes the ban's filter (None: it may be used)."""
    combat = state.combat
    if combat is None or ability.timing != "instead_of_run_away" or not any(
            c.kind == "discard_this" for c in ability.costs):
        return None
    found = has_effect(state, combat, EFFECTS_BY_KIND["no_sacrifice"],
                       lambda pa: matches(card, getattr(pa.effect, "what", None)))
    return found.card if found is not None else None


def cannot_help(state: GameState, player: Player) -> bool:
    """``player`` may not help anyone: a curse on them (or a card of theirs in play) says
    `you cannot help`."""
    return banned(state, player, CANNOT_HELP)


def lasting_ban(fighter: Player) -> bool:
    """Nobody may help ``fighter``: a curse on them with a duration says `nobody may help`."""
    return any(e.kind == NO_HELP for c in fighter.curses for ab in c.data.abilities
               if ab.until for e in ab.effects)


#: how the trace says each ban
_WHAT = {CANNOT_HELP: "help anyone", CANNOT_SELL: "sell items", CANNOT_RUN_AWAY: "run away",
         CANNOT_PLAY: "play", CANNOT_GAIN_LEVELS: "gain levels",
         CANNOT_LOOT: "loot the room", CANNOT_LOOK_FOR_TROUBLE: "look for trouble"}


def _ban(eff: Any, ctx: Any) -> Outcome:
    """The curse lands: its ban lasts while it stays on the victim (read by :func:`banned`)."""
    victim = ctx.victim
    if victim is None or victim.dead or ctx.card is None:
        return Outcome(False)
    what = f" {eff.what} cards" if eff.kind == CANNOT_PLAY else ""
    ctx.game.note(f"{victim.name} cannot {_WHAT[eff.kind]}{what} while {ctx.card.name} "
                  "stays")
    return Outcome(True)


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Any], Outcome]] = dict.fromkeys(BANS, _ban)
