"""The conditions a card's line checks (`if you are an Elf`, `if any fighter is using
fire`, `while the monster is Undead`): who the words are about in a scope, and whether a
condition holds for them on the table.

Apart from the combat arithmetic (:mod:`.combat`) because effects, the turn and the bots
check conditions outside a fight as well; the combat module re-exports the names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from munchkin_dsl.compiler.effects import Condition
from munchkin_dsl.engine import happenings
from munchkin_dsl.engine.algebra_conditions import (
    CARD_PREDICATES,
    MONSTER_PREDICATES,
    PREDICATES,
    ahead_of,
)
from munchkin_dsl.engine.counts import counted
from munchkin_dsl.engine.state import CardInst, Combat, GameState, MonsterInst, Player

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
    #: the card the line is on (`if this has 3 counters`)
    card: CardInst | None = None
    #: the card the line's draw event drew (`if the card just drawn is an item`)
    drawn: CardInst | None = None
    #: the card the line's event is about (`if the card played is a one-shot`)
    just: CardInst | None = None
    #: the treasures the last kill drew (`if a treasure just drawn is an item`; the checker
    #: lets only a kill's events after the draw name them: language/parts/in_flight.py)
    spoils: tuple[CardInst, ...] = ()


#: who a condition's subject word names, from the scope and the fight (an unknown word:
#: the scope's target)
_SUBJECTS: dict[str, Callable[[Scope, Combat | None], list[object]]] = {
    "fighter": lambda _scope, combat: [combat.fighter] if combat else [],
    "helper": lambda _scope, combat: [combat.helper] if combat and combat.helper else [],
    "any_fighter": lambda _scope, combat: list(combat.players()) if combat else [],
    "monster": lambda scope, combat: (
        [scope.monster] if scope.monster is not None
        else list(combat.live_monsters()) if combat else []),
    "victim": lambda scope, _combat: [scope.victim] if scope.victim else [],
    "you": lambda scope, _combat: [scope.owner] if scope.owner else [],
    "this": lambda scope, _combat: [scope.card] if scope.card else [],
    # the item an item enhancer (the card the line is on) is attached to
    "attached_item": lambda scope, _combat: (
        [scope.card.attached_to] if scope.card and scope.card.attached_to else []),
    # a draw event keeps its card per line (``drawn``); a door kicked open is the card its
    # event carries (``just``: language/parts/in_flight.py KICKS)
    "drawn": lambda scope, _combat: [c for c in (scope.drawn or scope.just,) if c],
    "played": lambda scope, _combat: [scope.just] if scope.just else [],
    "discarded": lambda scope, _combat: [scope.just] if scope.just else [],
    # the treasures a kill just drew (language/parts/spoils.py)
    "spoils": lambda scope, _combat: list(scope.spoils),
}


def _table(state: GameState, scope: Scope, combat: Combat | None, others: bool
           ) -> list[object]:
    """The living players of the table (``others``: but the card's owner, else its
    victim, else, on a monster's line, the player it fights: `another player`)."""
    me = scope.owner or scope.victim or (combat.fighter if combat else None)
    return [p for p in state.players if not p.dead and not (others and p is me)]


#: the table's players as a condition's subject (`if any player has a curse in play`),
#: and whether every one of them must pass (`each player`) rather than one (`any`);
#: `no player` is `any player` negated (language/ast_lines.py)
_PLAYERS: dict[str, tuple[bool, bool]] = {  # subject -> (others only, every one)
    "any_player": (False, False), "another_player": (True, False),
    "each_player": (False, True), "every_other_player": (True, True),
}


def _subjects(subject: str, scope: Scope, combat: Combat | None) -> list[object]:
    pick = _SUBJECTS.get(subject)
    if pick is not None:
        return pick(scope, combat)
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


def _extreme_level(pred: Condition, who: Player, state: GameState,
                   _combat: Combat | None) -> bool:
    levels = [p.level for p in state.players if not p.dead] or [who.level]
    edge = min(levels) if pred.predicate == "lowest_level" else max(levels)
    return who.level == edge


#: the built-in conditions on a player (declared condition parts are in PREDICATES)
_PLAYER_TESTS: dict[str, Callable[[Condition, Player, GameState, Combat | None], bool]] = {
    "using": lambda pred, who, _state, combat: uses_tag(who, str(pred.value), combat),
    "is": lambda pred, who, _state, _combat: str(pred.value) in who.traits(),
    "level_at_most": lambda pred, who, _state, _combat: who.level <= int(pred.value or 0),
    "level_at_least": lambda pred, who, _state, _combat: who.level >= int(pred.value or 0),
    "alone": lambda _pred, _who, _state, combat: combat is not None and combat.helper is None,
    "helper": lambda _pred, who, _state, combat: combat is not None and combat.helper is who,
    "winning_fight": lambda _pred, _who, _state, combat: (
        combat is not None and combat.winning_fight),
    "lowest_level": _extreme_level,
    "highest_level": _extreme_level,
    "in_combat": lambda _pred, who, _state, combat: (
        combat is not None and who in combat.players()),
    "only_in_play": lambda pred, who, state, _combat: (
        [p for p in state.players if str(pred.value) in p.traits()] == [who]),
}


def _holds(pred: Condition, who: object, state: GameState, combat: Combat | None) -> bool:
    if isinstance(who, MonsterInst):
        return _holds_for_monster(pred, who)
    if isinstance(who, CardInst):  # `if this has 3 counters`
        return pred.predicate in CARD_PREDICATES and CARD_PREDICATES[pred.predicate](pred, who)
    assert isinstance(who, Player)
    if pred.predicate in PREDICATES:  # a declared condition part
        return PREDICATES[pred.predicate](pred, who, state)
    test = _PLAYER_TESTS.get(pred.predicate)
    return test is not None and test(pred, who, state, combat)


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
        if cond.counts is not None:  # `if there are at least 2 monsters in this combat`
            ok = _count_holds(cond, scope, state, combat)
        elif cond.subject in happenings.SUBJECTS:  # `if the loss comes from bad stuff`
            ok = happenings.holds(cond, state, scope.card)
        elif cond.than is not None:  # `if victim has more cards in hand than you`
            ok = _than_holds(cond, scope, state, combat)
        elif cond.subject in _PLAYERS:  # `if any player has a curse in play`
            others, every = _PLAYERS[cond.subject]
            tests = (_holds(cond, s, state, combat) for s in _table(state, scope, combat, others))
            ok = all(tests) if every else any(tests)
        else:
            subjects = _subjects(cond.subject, scope, combat)
            ok = any(_holds(cond, s, state, combat) for s in subjects)
        if cond.negated:
            ok = not ok
        if not ok:
            return False
    return True


def _than_holds(cond: Condition, scope: Scope, state: GameState, combat: Combat | None
                ) -> bool:
    """A standing against the one player its `than` word names (`than the fighter`): the
    subject's measure beyond theirs; nobody named (no helper), or the same player: false."""
    others = [o for o in _subjects(cond.than or "", scope, combat) if isinstance(o, Player)]
    every = False
    if cond.subject in _PLAYERS:  # `if any player has more items in play than you`
        skip, every = _PLAYERS[cond.subject]
        subjects = _table(state, scope, combat, skip)
    else:
        subjects = _subjects(cond.subject, scope, combat)
    tests = [any(o is not s and ahead_of(cond, s, o) for o in others)
             for s in subjects if isinstance(s, Player)]
    return bool(tests) and (all(tests) if every else any(tests))


def _count_holds(cond: Condition, scope: Scope, state: GameState, combat: Combat | None
                 ) -> bool:
    """A count of the table against the condition's number (engine/counts.py): "you" is
    the card's owner, else its victim (the fighter on a monster's own line)."""
    n = counted(cond.counts, state, combat, scope.owner or scope.victim, scope.monster,
                scope.card)
    limit = int(cond.value or 0)
    return n >= limit if cond.predicate == "count_at_least" else n <= limit
