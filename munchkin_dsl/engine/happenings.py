"""What is happening, for the conditions on `the loss` and `the sale`
(language/parts/happenings.py).

Two stacks per game, kept beside the game state as ``replacement._RUNNING`` is (the state
itself stays what a replay records): the *cause* of whatever the line running now does
(pushed by ``effects_apply.run_ability`` for every line: the Bad Stuff of a monster, a
curse, another card), and the *happening* a line is reacting to (pushed where the engine
fires the event: a loss about to happen, in ``replacement.loss_prevented``; a sale just
made, in ``inventory.sell``).  A loss about to happen takes its cause from the line whose
effect sets it off, read before any line that reacts to it runs (and pushes its own).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from munchkin_dsl.compiler.effects import Condition
from munchkin_dsl.engine.state import CardInst
from munchkin_dsl.language.parts.happenings import SUBJECT_TIMINGS

#: the causes a loss can have (`comes from bad stuff`, `comes from a curse`; "card": any
#: other card's line, "": a rule of the game, no line at all)
BAD_STUFF, CURSE, CARD = "bad_stuff", "curse", "card"
#: the timings at which a monster's Bad Stuff runs, and the card kinds that curse
_BAD_STUFF_TIMINGS = frozenset({"bad_stuff", "bad_stuff_always"})
_CURSING = frozenset({"curse", "trap", "disaster"})
#: the condition subjects that name a happening
SUBJECTS = frozenset(SUBJECT_TIMINGS)


@dataclass(frozen=True, slots=True)
class Happening:
    """The facts of the event a line reacts to: what set a loss off, what a sale was
    worth and how many levels it bought."""

    cause: str = ""
    levels: int = 0
    worth: int = 0


_CAUSES: dict[int, list[str]] = {}
_ABOUT: dict[int, list[Happening]] = {}


def cause_of(timing: str, card: CardInst | None) -> str:
    """The cause a line's effects carry: Bad Stuff at the Bad Stuff timings, a curse for
    a curse-like card's line, else another card."""
    if timing in _BAD_STUFF_TIMINGS:
        return BAD_STUFF
    if card is not None and card.kind in _CURSING:
        return CURSE
    return CARD


def push_cause(state: object, cause: str) -> None:
    _CAUSES.setdefault(id(state), []).append(cause)


def pop_cause(state: object) -> None:
    stack = _CAUSES[id(state)]
    stack.pop()
    if not stack:
        del _CAUSES[id(state)]


def cause(state: object) -> str:
    """The cause of what the line running now does ("" outside any line)."""
    stack = _CAUSES.get(id(state))
    return stack[-1] if stack else ""


@contextmanager
def about(state: object, happening: Happening) -> Iterator[None]:
    """While the lines reacting to ``happening`` run, `the loss` / `the sale` name it."""
    stack = _ABOUT.setdefault(id(state), [])
    stack.append(happening)
    try:
        yield
    finally:
        stack.pop()
        if not stack:
            del _ABOUT[id(state)]


def current(state: object) -> Happening | None:
    stack = _ABOUT.get(id(state))
    return stack[-1] if stack else None


#: Predicate -> test of the happening (the declared conditions of parts/happenings.py).
PREDICATES: dict[str, Callable[[Condition, Happening], bool]] = {
    "from_bad_stuff": lambda _c, h: h.cause == BAD_STUFF,
    "from_curse": lambda _c, h: h.cause == CURSE,
    "buys_levels": lambda c, h: h.levels >= max(1, c.count or 0),
    "sale_worth": lambda c, h: h.worth >= (c.count or 0),
}


def holds(cond: Condition, state: object) -> bool:
    """A condition on `the loss` or `the sale` (before its negation): False when no such
    event is happening (the checker lets the subjects stand only at their events)."""
    h = current(state)
    test = PREDICATES.get(cond.predicate)
    return h is not None and test is not None and test(cond, h)
