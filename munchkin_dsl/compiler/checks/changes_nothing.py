"""Lines the checker accepted and the engine ran to no effect, found by the long
grammar sweep (``bench/conformance_long.py``, issue 19 item 3): each test here refuses a
combination that cannot change the game under the rules the engine plays, says why, and
what to write instead (`manual` is added to every hint by the sink).

* a loss of levels of the player a test holds only at level 1 (`if you are level 1 or
  lower: lose 2 levels`);
* a monster's own count of the levels it has over a player, in steps its printed level
  never reaches (`for every 6 levels the monster has over you` on a level 4 monster);
* a run-away modifier of a player while that player is not in combat (the rolls it
  changes are made in a fight);
* `until ...` on a Seal's `while open` line (no player's turn or fight ends it);
* a cost of counters from the card put straight back on it.
"""

from __future__ import annotations

from collections.abc import Callable

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language import registry
from munchkin_dsl.language.nodes import Card, Clause, Condition, Timing
from munchkin_dsl.language.parts.counters import RemoveCounters
from munchkin_dsl.language.parts.counts_fight import LevelOver
from munchkin_dsl.language.parts.lasting import AddCounter
from munchkin_dsl.language.parts.levels import LoseLevels
from munchkin_dsl.language.phrases import effect_kind


def check_changes(ctx: CheckContext, card: Card, timing: str, when: list[Clause],
                  effects: list[Clause]) -> None:
    """Every test of this module on one line (its clauses before and after the ':')."""
    default = registry.default_subject(card.kind, timing)
    for clause in effects:
        _check_lost_at_one(ctx, when, effects, clause, default)
        _check_own_gap(ctx, card, clause)
        _check_rolls_outside(ctx, when, clause)
    if card.kind == "seal" and timing == "while_open":
        _check_seal_until(ctx, when)
    _check_counters_back(ctx, when, effects)


def _check_counters_back(ctx: CheckContext, when: list[Clause], effects: list[Clause]) -> None:
    """E228: `remove a counter from this: put 1 counter on this`: the cost's counters are
    put back and the line does nothing else (found by the long grammar sweep, seed 7)."""
    paid = sum(c.count for c in when if isinstance(c, RemoveCounters))
    if not paid or not effects or not all(isinstance(c, AddCounter) for c in effects):
        return
    if sum(c.count for c in effects if isinstance(c, AddCounter)) == paid:
        ctx.sink.error("E228", "the counters the cost takes off this card are put back on it, "
                       "and the line does nothing else, so it changes nothing", effects[0].span,
                       "put more counters than the cost takes (`remove a counter from this: "
                       "put 2 counters on this`), or give the line an effect: `remove a "
                       "counter from this: +3 to you`")


#: Level tests only level 1 passes, as (predicate, negated) -> the levels for which that is so
#: (`level 1 or lower`, `not level 2 or higher`).
ONLY_LEVEL_ONE: dict[tuple[str, bool], Callable[[int], bool]] = {
    ("level_at_most", False): lambda n: n == 1,
    ("level_at_least", True): lambda n: n == 2,
}
#: Effects that may change a level before a loss on the same line is taken.
LEVEL_MOVES = frozenset({"gain_levels", "set_level", "steal_level"})


def _check_lost_at_one(ctx: CheckContext, when: list[Clause], effects: list[Clause],
                       clause: Clause, default: str) -> None:
    """E228: `if you are level 1 or lower: lose 2 levels`: the test holds only at level 1,
    no player goes below level 1, so the loss of the player it tests changes nothing
    (found by the long grammar sweep: `if you is level 1 or lower: roll 4+: loses up to 6
    levels ...`)."""
    if not isinstance(clause, LoseLevels) or any(effect_kind(c) in LEVEL_MOVES
                                                  for c in effects):
        return
    loser = clause.target.kind if clause.target is not None else default
    for test in when:
        only = ONLY_LEVEL_ONE.get((test.predicate, test.negated)) if isinstance(
            test, Condition) else None
        if only is not None and isinstance(test, Condition) and test.subject == loser and \
                isinstance(test.value, int) and only(test.value):
            said = loser.replace("_", " ")
            be = "are" if said == "you" else "is"
            ctx.sink.error("E228", f"the test holds only while {said} {be} level 1, and no "
                           "player goes below level 1, so this loss of levels changes "
                           "nothing", clause.span, "take the levels from another player "
                           "(`the highest level player loses 1 level`), or test a level the "
                           f"loss can take away (`if {said} {be} level 3 or higher`)")


def _check_own_gap(ctx: CheckContext, card: Card, clause: Clause) -> None:
    """E229: a monster's own line counting `for every 6 levels the monster has over you`
    at or above its printed level (the count reads that level, and a player is level 1 at
    least): the step is never reached, the amount always 0."""
    counted = getattr(clause, "counted", None)
    own = next((s.args[0] for s in card.stats if s.kind == "level"), None)
    if card.kind != "monster" or not isinstance(counted, LevelOver) or not isinstance(
            own, int) or counted.whose != "monster" or \
            counted.every < own:
        return
    ctx.sink.error("E229", f"this monster is level {own}, so it is never {counted.every} "
                   "levels over a player (level 1 at least) and the amount is always 0",
                   counted.span, (f"count a step its level reaches (`for every {own - 1} "
                                  "levels the monster has over you`), " if own > 1 else
                                  "count the other way (`for each level you have over the "
                                  "monster`), ") + "or write the number you mean")


#: Effects on the rolls to run away, made only by a player in the fight (engine/combat.py
#: run_away_bonus: `+1 to all die rolls` changes those rolls).
ROLL_MODIFIERS = frozenset({"run_away", "die_rolls"})


def _check_rolls_outside(ctx: CheckContext, when: list[Clause], clause: Clause) -> None:
    """E228: `while victim is not in combat: +3 to all die rolls`: the rolls the line
    changes are its player's rolls to run away, made in a fight, so it changes nothing
    (found by the long grammar sweep)."""
    if effect_kind(clause) not in ROLL_MODIFIERS or getattr(getattr(
            clause, "target", None), "kind", "you") not in ("you", "victim"):
        return
    for test in when:
        if isinstance(test, Condition) and test.predicate == "in_combat" and test.negated \
                and test.subject in ("you", "victim"):
            be = "are" if test.subject == "you" else "is"
            ctx.sink.error("E228", "this changes only the rolls to run away, made in a fight, "
                           f"so while {test.subject} {be} not in combat it changes nothing",
                           test.span, "drop the condition (the bonus counts in each fight "
                           f"of {test.subject}), or write `while {test.subject} {be} in "
                           "combat`")


#: The `until ...` that a turn or a fight of the line's player ends (engine/durations.py).
TURN_OR_FIGHT_ENDS = frozenset({"until_end_of_combat", "until_end_of_next_combat",
                                "until_next_combats", "until_next_turns",
                                "until_end_of_turn", "until_end_of_next_turn",
                                "until_next_turn"})


def _check_seal_until(ctx: CheckContext, when: list[Clause]) -> None:
    """E221: `until your next turn: wins ties` on a Seal: its `while open` lines are read
    while it is open (engine/combat.py _seal_passives), and no player's turn or fight ends
    them, so the duration never ends (found by the long grammar sweep)."""
    for until in when:
        if isinstance(until, Timing) and until.timing in TURN_OR_FIGHT_ENDS:
            ctx.sink.error("E221", "a Seal's `while open` lines count as long as it is open, "
                           "and it belongs to no player whose turn or fight could end them, "
                           f"so `{until.timing.replace('_', ' ')}` never ends this one",
                           until.span, "drop the `until ...`: the line ends when the Seal "
                           "closes")
