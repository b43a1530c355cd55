"""The effect handlers that answer what is happening: the curse being played at the
card's owner (cancel it, send it back), the roll being made (it fails, roll again, the die
shows another face), the Bad Stuff about to hit (the monster turns on someone else).

What they do is for the caller that fired the line to carry out, so each says it in its
:class:`~munchkin_dsl.engine.outcome.Outcome` (``cancel``, ``redirect``, ``fail_roll``,
``reroll``, ``turn_on``) and the caller reads the outcome ``run_ability`` hands back; the
die handlers change the roll being worked on (``ctx.roll``, ``ctx.die``), which the next
line fired on it reads.  A family of rows of the effect table (:data:`HANDLERS`, gathered
into :data:`munchkin_dsl.engine.effects_apply.APPLY`).
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.engine.effects_targets import targets
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.outcome import APPLIED, NOT_APPLIED, Behaviour, Outcome
from munchkin_dsl.language.registry import needs


def _cancel(_eff: Any, ctx: Ctx) -> Outcome:
    """`cancel a curse`: at an event where a curse is in flight (IN_FLIGHT) it is that
    curse, which its caller cancels; elsewhere one the victim has in play is lifted."""
    if ctx.timing in IN_FLIGHT:  # the curse being played is the one cancelled
        return _CANCELS
    victim = ctx.target or ctx.victim or ctx.owner
    if victim is not None and victim.curses:
        curse = ctx.game.choose_item(victim, list(victim.curses), "cancel")
        victim.curses.remove(curse)
        ctx.game.discard(curse)
        ctx.game.note(f"{curse.name} on {victim.name} is cancelled")
        return APPLIED
    return NOT_APPLIED  # no curse in flight here, none in play: nothing (`otherwise` applies)


_CANCELS = Outcome(True, cancel=True)

#: The events at which a curse is in flight, where `cancel a curse` and `the curse goes
#: to ... instead` answer it (data/needs.toml `targeted`, the checker's list too).
IN_FLIGHT = frozenset((needs()["targeted"].moment or "").split())


def _reroll(_eff: Any, _ctx: Ctx) -> Outcome:
    return Outcome(True, reroll=True)


def _set_die(eff: Any, ctx: Ctx) -> Outcome:
    if ctx.roll is None or ctx.die is None:
        return NOT_APPLIED
    ctx.roll = ctx.roll - ctx.die + eff.value
    ctx.game.note(f"the die now shows {eff.value} (was {ctx.die})")
    ctx.die = eff.value
    return APPLIED


def _choose_die(_eff: Any, ctx: Ctx) -> Outcome:
    """The die just rolled shows the face its holder chose (engine/dice.py asked it)."""
    if ctx.face is None or ctx.die is None:
        return NOT_APPLIED
    ctx.game.note(f"the die now shows {ctx.face} (was {ctx.die})")
    ctx.die = ctx.face
    return APPLIED


def _turn_on(eff: Any, ctx: Ctx) -> Outcome:
    hit = [p for p in targets(ctx, eff.target) if p is not ctx.owner]
    if not hit:
        return NOT_APPLIED
    return Outcome(True, turn_on=hit[0])


def _redirect(eff: Any, ctx: Ctx) -> Outcome:
    """`the curse hits its player instead`, or `the curse goes to TARGET instead`: the
    player named (never the owner, whom it was played on), as ``turn_on``; none: it does
    not apply."""
    if getattr(eff, "to", None) is None:
        return Outcome(True, redirect=True)
    hit = [p for p in targets(ctx, eff.to) if p is not ctx.owner and not p.dead]
    if not hit:
        return NOT_APPLIED
    return Outcome(True, redirect=True, turn_on=hit[0])


def _fail_roll(_eff: Any, _ctx: Ctx) -> Outcome:
    return Outcome(True, fail_roll=True)


#: the rows of the effect table (:data:`munchkin_dsl.engine.effects_apply.APPLY`) this
#: module handles
HANDLERS: dict[str, Behaviour] = {
    "cancel": _cancel,
    "redirect": _redirect,
    "reroll": _reroll,
    "fail_roll": _fail_roll,
    "set_die": _set_die,
    "choose_die": _choose_die,
    "turn_on": _turn_on,
}
