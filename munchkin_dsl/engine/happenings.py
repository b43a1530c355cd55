"""What is happening, for the conditions on `the loss` and `the sale`
(language/parts/happenings.py).

Two stacks on the game state: ``causes``, the cause of whatever the line running now does
(pushed by ``effects_apply.run_ability`` for every line: the Bad Stuff of a monster, a
curse, another card), and ``happening``, the event lines are reacting to (pushed where
the engine fires it: a loss about to happen, in ``replacement.loss_prevented``; a sale
just made, in ``inventory.sell``).  A loss about to happen takes its cause from the line
whose effect sets it off, read before any line that reacts to it runs (and pushes its
own).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from munchkin_dsl.compiler.effects import Condition
from munchkin_dsl.engine.state import CardInst, GameState, Happening
from munchkin_dsl.language.parts.happenings import SUBJECT_TIMINGS

#: the causes a loss can have (`comes from bad stuff`, `comes from a curse`; "card": any
#: other card's line, "": a rule of the game, no line at all)
BAD_STUFF, CURSE, CARD = "bad_stuff", "curse", "card"
#: the timings at which a monster's Bad Stuff runs, and the card kinds that curse
_BAD_STUFF_TIMINGS = frozenset({"bad_stuff", "bad_stuff_always"})
_CURSING = frozenset({"curse", "trap", "disaster"})
#: the condition subjects that name a happening
SUBJECTS = frozenset(SUBJECT_TIMINGS)


def cause_of(timing: str, card: CardInst | None) -> str:
    """The cause a line's effects carry: Bad Stuff at the Bad Stuff timings, a curse for
    a curse-like card's line, else another card."""
    if timing in _BAD_STUFF_TIMINGS:
        return BAD_STUFF
    if card is not None and card.kind in _CURSING:
        return CURSE
    return CARD


def cause(state: GameState) -> str:
    """The cause of what the line running now does ("" outside any line)."""
    return state.causes[-1] if state.causes else ""


@contextmanager
def about(state: GameState, happening: Happening) -> Iterator[None]:
    """While the lines reacting to ``happening`` run, `the loss` / `the sale` name it."""
    state.happening.append(happening)
    try:
        yield
    finally:
        state.happening.pop()


#: Predicate -> test of the happening (the declared conditions of parts/happenings.py).
#: Each is given the line's own card too (`if the loss takes this card`).
PREDICATES: dict[str, Callable[[Condition, Happening, CardInst | None], bool]] = {
    "from_bad_stuff": lambda _c, h, _card: h.cause == BAD_STUFF,
    "from_curse": lambda _c, h, _card: h.cause == CURSE,
    "buys_levels": lambda c, h, _card: h.levels >= max(1, c.count or 0),
    "sale_worth": lambda c, h, _card: h.worth >= (c.count or 0),
    "takes_this": lambda _c, h, card: h.lost is not None and h.lost is card,
    "from_sale": lambda _c, h, _card: h.source == "sell",
    "from_kill": lambda _c, h, _card: h.source == "kill",
    "from_card": lambda _c, h, _card: h.source == "card",
}


def gain_source(state: GameState) -> str:
    """Where the level gain being made comes from ("": no gain is being made)."""
    return state.happening[-1].source if state.happening else ""


def holds(cond: Condition, state: GameState, card: CardInst | None = None) -> bool:
    """A condition on `the loss` or `the sale` (before its negation), for a line of
    ``card``: False when no such event is happening (the checker lets the subjects stand
    only at their events)."""
    h = state.happening[-1] if state.happening else None
    test = PREDICATES.get(cond.predicate)
    return h is not None and test is not None and test(cond, h, card)
