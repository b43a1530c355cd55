"""The effect handlers that change who is in a fight and how it ends: escaping at once,
defeating without a kill, forcing a helper, monsters joining from the hand, a copied
monster, a tag added to a monster.

A family of rows of the effect table (:data:`HANDLERS`, gathered into
:data:`munchkin_dsl.engine.effects_apply.APPLY`).
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.engine.effects_targets import targets
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.outcome import APPLIED, NOT_APPLIED, Behaviour, Outcome
from munchkin_dsl.engine.state import MonsterInst


def _auto_escape(eff: Any, ctx: Ctx) -> Outcome:
    if ctx.combat is None:
        return NOT_APPLIED
    for p in targets(ctx, eff.target):
        ctx.combat.extras.append((eff, ctx.card, p))
        # the fight stays open (and may still be won): the trace says what is now certain
        ctx.game.note(f"{p.name} will escape every monster when running away (no roll)")
    return APPLIED


def _escape_one(eff: Any, ctx: Ctx) -> Outcome:
    """`you escape one monster`: one monster of the fight lets the player go with no roll;
    the others are still run from with a roll.  The monster the line is about (`that
    monster`) when there is one, else the player's choice: the one hardest to flee (a
    monster nobody may run from, then the highest level), as a player would pick."""
    combat = ctx.combat
    if combat is None or not combat.live_monsters():
        return NOT_APPLIED
    live = combat.live_monsters()
    chosen = ctx.monster if ctx.monster is not None and ctx.monster in live else max(
        live, key=lambda m: (any(e.kind == "no_escape" for a in m.card.data.abilities
                                 for e in a.effects), getattr(m.card.data, "level", 0) or 0))
    for p in targets(ctx, eff.target):
        chosen.let_go.add(p.name)
        ctx.game.note(f"{p.name} will escape {chosen.name} when running away (no roll)")
    return APPLIED


def _defeat_without_kill(eff: Any, ctx: Ctx) -> Outcome:
    combat = ctx.combat
    if combat is None:
        return NOT_APPLIED
    live = combat.live_monsters()
    monster = ctx.monster if ctx.monster in live else (live[0] if live else None)
    if monster is None:
        return NOT_APPLIED
    for m in live if eff.every else [monster]:
        m.removed = m.defeated = True
        m.removed_with_treasure = eff.with_treasure
        ctx.game.note(f"{m.name} is defeated without a kill"
                      + (" (its treasure still counts)" if eff.with_treasure else ""))
    return APPLIED


def _force_help(eff: Any, ctx: Ctx) -> Outcome:
    combat = ctx.combat
    if combat is None or combat.helper is not None or combat.winning_fight:
        return NOT_APPLIED
    hit = [p for p in targets(ctx, eff.target) if p not in combat.players() and not p.dead]
    if not hit:
        return NOT_APPLIED
    combat.helper = hit[0]
    combat.forced_helper = True
    ctx.game.note(f"{hit[0].name} must help")
    return APPLIED


def _leave_fight(_eff: Any, ctx: Ctx) -> Outcome:
    """The helper is out: strength is read from ``combat.players()``, so the fight is
    re-evaluated at once; the treasure promised to them is the fighter's again."""
    combat = ctx.combat
    if combat is None or combat.helper is None:
        return NOT_APPLIED
    ctx.game.note(f"{combat.helper.name} leaves the fight")
    combat.helper = None
    combat.helper_share = 0
    combat.forced_helper = False
    return APPLIED


def _join_from_hand(_eff: Any, ctx: Ctx) -> Outcome:
    if ctx.combat is None:
        return NOT_APPLIED
    card = ctx.extra_card
    if card is None and ctx.owner is not None:
        card = next((c for c in ctx.owner.hand if c.kind == "monster"), None)
    if card is None:
        return NOT_APPLIED
    if ctx.owner is not None and card in ctx.owner.hand:
        ctx.owner.hand.remove(card)
    card.played_by = ctx.owner  # `the player who played this card` on the monster's lines
    ctx.game.add_monster(card)
    return APPLIED


def _copy_monster(eff: Any, ctx: Ctx) -> Outcome:
    combat = ctx.combat
    if combat is None:
        return NOT_APPLIED
    original = ctx.monster or (combat.live_monsters() or [None])[0]
    if original is None:
        return NOT_APPLIED
    copy = MonsterInst(card=original.card, copy_of=original,
                       copy_with_treasure=eff.with_treasure)
    combat.monsters.append(copy)
    ctx.game.note(f"a copy of {original.card.name} joins; enhancers apply to both")
    return APPLIED


def _add_tag(eff: Any, ctx: Ctx) -> Outcome:
    combat = ctx.combat
    monster = ctx.monster or (combat.live_monsters()[0] if combat and
                              combat.live_monsters() else None)
    if monster is None:
        return NOT_APPLIED
    monster.extra_tags.add(eff.tag)
    return APPLIED


#: the rows of the effect table (:data:`munchkin_dsl.engine.effects_apply.APPLY`) this
#: module handles
HANDLERS: dict[str, Behaviour] = {
    "auto_escape": _auto_escape,
    "escape_one": _escape_one,
    "defeat_without_kill": _defeat_without_kill,
    "force_help": _force_help,
    "leave_fight": _leave_fight,
    "join_from_hand": _join_from_hand,
    "copy_monster": _copy_monster,
    "add_tag": _add_tag,
}
