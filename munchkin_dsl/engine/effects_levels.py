"""The effect handlers of levels: going up (held back as a fight's reward by fixed rule 3,
capped by R4 unless a card overrides it), going down, a level that becomes N, a stolen
level.

A family of rows of the effect table (:data:`HANDLERS`, gathered into
:data:`munchkin_dsl.engine.effects_apply.APPLY`): the level rules read in one place.
"""

from __future__ import annotations

import functools
from typing import Any

from munchkin_dsl.engine.effects_targets import targets
from munchkin_dsl.engine.interface import Ctx, GameLike
from munchkin_dsl.engine.outcome import APPLIED, NOT_APPLIED, Behaviour, Outcome, applied
from munchkin_dsl.engine.state import Player


def _gain_levels(eff: Any, ctx: Ctx) -> Outcome:
    combat = ctx.combat
    amount = eff.amount
    if eff.per_monster:
        amount *= max(1, ctx.game.last_kills)
    override = ctx.card is not None and ctx.game.rules.overrides(ctx.card.data, "R4")
    by_kill = ctx.timing == "on_kill"
    cap = None if override or by_kill else ctx.game.rules.card_level_cap()
    hit = targets(ctx, eff.target, eff.target_is)
    if combat is not None and _fight_reward(ctx, by_kill):
        # fixed rule 3: what the fight gives waits for its end; a level card played in the
        # fight (seed 002 «КОГДА ЧТО МОЖНО», "даже в бою") changes it at once
        ctx.game.defer(lambda: [ctx.game.gain_levels(p, amount, "kill" if by_kill else "card",
                                                     cap, override) for p in hit])
        return applied(hit)
    for p in hit:
        ctx.game.gain_levels(p, amount, "kill" if by_kill else "card", cap, override)
    return applied(hit)


def _fight_reward(ctx: Ctx, by_kill: bool) -> bool:
    """Whether a level gain is a reward of the fight (a kill, or a monster's or monster
    enhancer's own line), which fixed rule 3 holds back until the combat is over."""
    kind = ctx.card.kind if ctx.card is not None else None
    return by_kill or kind in ("monster", "monster-enhancer")


def _lose_levels(eff: Any, ctx: Ctx) -> Outcome:
    """Levels lost: the number, the line's roll, or half each loser's level (`half your
    levels`, rounded down unless `rounded up`)."""
    lost = False
    for p in targets(ctx, eff.target, eff.target_is):
        amount = (ctx.rolled or 0) if eff.from_roll else eff.amount
        if eff.half is not None:
            amount = (p.level + (1 if eff.half == "up" else 0)) // 2
        ctx.game.lose_levels(p, amount, ctx.card)
        lost = lost or amount > 0
    return applied(lost)


def _set_level(eff: Any, ctx: Ctx) -> Outcome:
    """A level becomes N: down as a loss (never below 1), up as a card gain (R4 caps it)."""
    g = ctx.game
    override = ctx.card is not None and g.rules.overrides(ctx.card.data, "R4")
    hit = targets(ctx, eff.target)
    living = [p.level for p in g.state.players if not p.dead] or [1]
    read = {"lowest_level": min(living), "highest_level": max(living)}.get(eff.level_of or "")
    for p in hit:
        want = max(1, int(read if read is not None else eff.level))
        if want < p.level:
            g.lose_levels(p, p.level - want, ctx.card)
        elif want > p.level:
            cap = None if override else g.rules.card_level_cap()
            g.defer(functools.partial(_gain_to, g, p, want, cap, override))
    return applied(hit)


def _steal_level(eff: Any, ctx: Ctx) -> Outcome:
    takers = targets(ctx, eff.target)
    sources = targets(ctx, eff.source)
    done = False
    for dst in takers:  # each taker (`every other player steals ...`), never from themself
        src = next((p for p in sources if p is not dst), None)
        if sources and src is None and eff.source == "another_player":
            src = ctx.game.choose_other(dst)  # another than the one who steals
        if src is None:
            continue
        if src.level <= 1:
            ctx.game.note(f"{src.name} is level 1: no level is stolen")
            continue
        taken = min(eff.amount, src.level - 1)
        ctx.game.lose_levels(src, taken, ctx.card)
        override = ctx.card is not None and ctx.game.rules.overrides(ctx.card.data, "R4")
        ctx.game.gain_levels(dst, taken, "card", None if override
                             else ctx.game.rules.card_level_cap(), override)
        done = True
    return APPLIED if done else NOT_APPLIED


def _gain_to(g: GameLike, p: Player, want: int, cap: int | None, override: bool) -> None:
    """A deferred `your level becomes N` that goes up: the gain, read when it happens."""
    g.gain_levels(p, want - p.level, "card", cap, override)


#: the rows of the effect table (:data:`munchkin_dsl.engine.effects_apply.APPLY`) this
#: module handles
HANDLERS: dict[str, Behaviour] = {
    "gain_levels": _gain_levels,
    "lose_levels": _lose_levels,
    "set_level": _set_level,
    "steal_level": _steal_level,
}
