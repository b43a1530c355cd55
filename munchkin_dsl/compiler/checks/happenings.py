"""Checks of the conditions on the event a line fires at: `the loss`, `the sale`
(language/parts/happenings.py).

`the loss` names the level or item about to be lost, `the sale` the sale another player
just made: only a line at that event has one, so anywhere else the words name nothing
(E221, with the events to write instead).  Each subject is tested only by its own
conditions (`if the loss comes from bad stuff`, `if the sale buys a level`): a race, a
level or a holding never holds for an event, nor a sale's test for a loss (E222); and a
condition on the event does not last (`while the loss ...`, E222).
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.algebra import condition_parts
from munchkin_dsl.language.nodes import Clause, Condition
from munchkin_dsl.language.parts.happenings import (
    SUBJECT_TIMINGS,
    SUBJECT_WORDS,
    HappeningCondition,
)
from munchkin_dsl.language.parts.waiting import base_timing


def _tests(subject: str) -> str:
    """The conditions that test ``subject``, as an author writes them."""
    return ", ".join(f"`if {SUBJECT_WORDS[subject][0]} {c.words}`" for c in condition_parts()
                     if issubclass(c, HappeningCondition) and c.about == subject)


def check_happenings(ctx: CheckContext, timing: str, when: list[Clause]) -> None:
    for clause in when:
        if not isinstance(clause, Condition):
            continue
        part = clause.detail
        about = part.about if isinstance(part, HappeningCondition) else None
        subject = clause.subject
        if subject not in SUBJECT_TIMINGS:
            if about is not None:
                words = SUBJECT_WORDS[about][0]
                ctx.sink.error("E222", f"this tests {words}, not a player, a monster or a "
                               "card: it would never hold", clause.span,
                               f"write it of {words}: {_tests(about)}")
            continue
        words, events = SUBJECT_WORDS[subject]
        if base_timing(timing) not in SUBJECT_TIMINGS[subject]:  # (or its waiting forms)
            ctx.sink.error("E221", f"`{words}` names the event the line fires at, and this "
                           f"line fires at no such event, so it names nothing", clause.span,
                           f"write the line at {events}")
        elif about is not None and about != subject:
            ctx.sink.error("E222", f"this tests {SUBJECT_WORDS[about][0]}, and {words} is "
                           "another event: it would never hold", clause.span,
                           f"test what the engine knows of {words}: {_tests(subject)}")
        elif about is None:
            ctx.sink.error("E222", f"{words} is an event: it has no race, level or cards, "
                           "so this test would never hold", clause.span,
                           f"test what the engine knows of it: {_tests(subject)}")
        elif clause.lasting:
            ctx.sink.error("E222", f"`while {words} ...` lasts no longer than the event: "
                           "the line acts once, as it happens", clause.span,
                           f"write `if {words} ...`")
