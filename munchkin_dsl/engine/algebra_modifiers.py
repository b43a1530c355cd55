"""Engine behaviour of the modifiers: `+3 to monster`, `+2 to run away`, `-1 to all die
rolls` (the effect parts of ``munchkin_dsl/language/parts/modifiers.py``).

Played into a fight, a strength modifier is a :class:`~.state.Mod` of the combat; a run-away
or die-roll modifier fired at a roll changes that roll, and played before it is kept for the
rest of the fight.  While their card is in play the combat maths read them from the table
instead (:mod:`munchkin_dsl.engine.combat`: strengths, run-away lines).  Each returns an
:class:`Outcome`; ``effects_apply`` gathers this family with the others.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine.conditions import PLAYER
from munchkin_dsl.engine.effects_targets import keep, scaled, targets
from munchkin_dsl.engine.outcome import Outcome
from munchkin_dsl.engine.state import Mod
from munchkin_dsl.language.count_part import count_of, per_count

#: The engine's effect context (effects_apply.Ctx, seen through algebra_fight's table).
Ctx = Any


def _strength(eff: Any, ctx: Ctx) -> Outcome:
    combat = ctx.combat
    if combat is None:
        return Outcome(False)
    if eff.per == "each" and (count := count_of(eff)) is not None \
            and count.grows_in_fight:  # counted as the cards come
        return Outcome(keep(eff, ctx))  # (combat.passives reads it for the rest of the fight)
    amount = scaled(eff, ctx)
    label = ctx.card.name if ctx.card else "effect"
    if ctx.label:
        paid = (per := per_count(eff)) is not None and per.paid
        label += f" {ctx.label}" + (f" x{ctx.count}" if paid else "")
    if eff.target == "monster" or (eff.target == "either_side" and ctx.side == "monster"):
        monster = ctx.monster or (combat.live_monsters() or [None])[0]
        several = monster is not None and len(combat.live_monsters()) > 1
        combat.mods.append(Mod("monster", amount, ctx.card, label + (  # leaves with it
            f" (on {monster.name})" if several and monster else " (monster)"), monster=monster))
        return Outcome(True)
    if eff.target in ("either_side", "player_side"):
        combat.mods.append(Mod(PLAYER, amount, ctx.card, label))
        return Outcome(True)
    hit = [p for p in targets(ctx, eff.target, eff.target_is) if p in combat.players()]
    if not hit:
        return Outcome(False)
    for p in hit[: 1 if eff.counted_once else None]:
        combat.mods.append(Mod(PLAYER, amount, ctx.card, f"{label} ({p.name})", player=p))
    return Outcome(True)


def _run_away(eff: Any, ctx: Ctx) -> Outcome:
    amount = scaled(eff, ctx)
    if ctx.roll is not None:  # fired at the roll: it changes the roll being made
        ctx.roll += amount
        return Outcome(True, f"{amount:+d} to the roll ({ctx.card.name if ctx.card else ''})")
    return Outcome(keep(dataclasses.replace(eff, amount=amount, per=None), ctx))


def _die_rolls(eff: Any, ctx: Ctx) -> Outcome:
    if ctx.roll is not None:
        ctx.roll += eff.amount
        return Outcome(True)
    if ctx.combat is not None:  # played into a fight: counts for the rest of it
        return Outcome(keep(eff, ctx))
    # a persistent curse: read from the card while it stays on the victim; else nothing
    return Outcome(ctx.card is not None and bool(ctx.card.data.persistent))


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Ctx], Outcome]] = {
    "strength": _strength,
    "run_away": _run_away,
    "die_rolls": _die_rolls,
}
