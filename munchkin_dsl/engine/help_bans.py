"""Who may not help, read where a help is offered (language/parts/helping.py, lasting.py).

`you cannot help` on a curse bans its victim from helping anyone while the curse stays on
them; `nobody may help` on a curse with a duration (`until your next turn: nobody may
help`) bans help in every fight of its victim while it stays (the effect itself bans only
the fight that is open when it acts).  Both are read from the curses on the player, so
they end when the curse leaves (engine/durations.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.compiler.effects import Ability
from munchkin_dsl.engine.algebra_fight import Outcome
from munchkin_dsl.engine.state import Player

CANNOT_HELP = "cannot_help"
NO_HELP = "no_help"


def keeps(ability: Ability) -> bool:
    """A curse line that bans helping keeps the curse on its victim (the ban is the curse)."""
    return any(e.kind == CANNOT_HELP for e in ability.effects)


def cannot_help(player: Player) -> bool:
    """``player`` may not help anyone: a curse on them says `you cannot help`."""
    return any(e.kind == CANNOT_HELP for c in player.curses for ab in c.data.abilities
               for e in ab.effects)


def lasting_ban(fighter: Player) -> bool:
    """Nobody may help ``fighter``: a curse on them with a duration says `nobody may help`."""
    return any(e.kind == NO_HELP for c in fighter.curses for ab in c.data.abilities
               if ab.until for e in ab.effects)


def _cannot_help(_eff: Any, ctx: Any) -> Outcome:
    victim = ctx.victim
    if victim is None or victim.dead or ctx.card is None:
        return Outcome(False)
    ctx.game.note(f"{victim.name} cannot help anyone while {ctx.card.name} stays")
    return Outcome(True)


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Any], Outcome]] = {CANNOT_HELP: _cannot_help}
