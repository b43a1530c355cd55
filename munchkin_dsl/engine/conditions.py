"""The conditions a card's line checks (`if you are an Elf`, `if any fighter is using
fire`, `while the monster is Undead`): who the words are about in a scope, and whether a
condition holds for them on the table.

Apart from the combat arithmetic (:mod:`.combat`) because effects, the turn and the bots
check conditions outside a fight as well; the combat module re-exports the names.
"""

from __future__ import annotations

from dataclasses import dataclass

from munchkin_dsl.compiler.effects import Condition
from munchkin_dsl.engine.algebra_conditions import MONSTER_PREDICATES, PREDICATES
from munchkin_dsl.engine.state import Combat, GameState, MonsterInst, Player

#: the two sides of a fight (a modifier's side, a breakdown line's side)
PLAYER, MONSTER = "player", "monster"


# ---------------------------------------------------------------- conditions
@dataclass(slots=True)
class Scope:
    """Who the words of an ability refer to when it is evaluated."""

    owner: Player | None = None
    victim: Player | None = None
    target: Player | None = None
    monster: MonsterInst | None = None


def _subjects(subject: str, scope: Scope, combat: Combat | None) -> list[object]:
    if subject == "fighter":
        return [combat.fighter] if combat else []
    if subject == "helper":
        return [combat.helper] if combat and combat.helper else []
    if subject == "any_fighter":
        return list(combat.players()) if combat else []
    if subject == "monster":
        if scope.monster is not None:
            return [scope.monster]
        return list(combat.live_monsters()) if combat else []
    if subject == "victim":
        return [scope.victim] if scope.victim else []
    if subject == "you":
        return [scope.owner] if scope.owner else []
    return [scope.target] if scope.target else []


def _holds_for_monster(pred: Condition, who: MonsterInst) -> bool:
    value = pred.value
    if pred.predicate in MONSTER_PREDICATES:  # a declared condition part on a monster
        return MONSTER_PREDICATES[pred.predicate](pred, who)
    if pred.predicate == "is":
        return str(value) in who.tags() or who.card.name == value
    if pred.predicate == "level_at_most":
        return (who.card.data.level or 0) <= int(value or 0)
    if pred.predicate == "level_at_least":
        return (who.card.data.level or 0) >= int(value or 0)
    if pred.predicate == "using":
        return any(str(value) in e.data.tags for e in who.all_enhancers())
    return False


def _holds(pred: Condition, who: object, state: GameState, combat: Combat | None) -> bool:
    value = pred.value
    if isinstance(who, MonsterInst):
        return _holds_for_monster(pred, who)
    assert isinstance(who, Player)
    if pred.predicate in PREDICATES:  # a declared condition part
        return PREDICATES[pred.predicate](pred, who, state)
    if pred.predicate == "using":
        return uses_tag(who, str(value), combat)
    if pred.predicate == "is":
        return str(value) in who.traits()
    if pred.predicate == "level_at_most":
        return who.level <= int(value or 0)
    if pred.predicate == "level_at_least":
        return who.level >= int(value or 0)
    if pred.predicate == "alone":
        return combat is not None and combat.helper is None
    if pred.predicate == "helper":
        return combat is not None and combat.helper is who
    if pred.predicate == "winning_fight":
        return combat is not None and combat.winning_fight
    if pred.predicate in ("lowest_level", "highest_level"):
        levels = [p.level for p in state.players if not p.dead] or [who.level]
        edge = min(levels) if pred.predicate == "lowest_level" else max(levels)
        return who.level == edge
    if pred.predicate == "only_in_play":
        having = [p for p in state.players if str(value) in p.traits()]
        return having == [who]
    return False


def uses_tag(p: Player, tag: str, combat: Combat | None) -> bool:
    """`if any fighter is using fire`: the player wears an item of the tag, or a card of
    the tag was played into this combat for the player side (a bonus for the side or for
    this player)."""
    if any(tag in c.data.tags for c in p.worn_items()):
        return True
    if combat is None:
        return False
    return any(mod.side == PLAYER and mod.source is not None and tag in mod.source.data.tags
               and mod.player in (None, p) for mod in combat.mods) or any(
        src is not None and owner is p and tag in src.data.tags
        for _eff, src, owner in combat.extras)


def conditions_hold(conditions: tuple[Condition, ...], scope: Scope, state: GameState,
                    combat: Combat | None) -> bool:
    """All conditions hold; a subject test holds when any subject of that word passes."""
    for cond in conditions:
        subjects = _subjects(cond.subject, scope, combat)
        ok = any(_holds(cond, s, state, combat) for s in subjects)
        if cond.negated:
            ok = not ok
        if not ok:
            return False
    return True
