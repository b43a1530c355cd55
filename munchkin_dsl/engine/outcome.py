"""What an effect did, as the one value every engine behaviour returns.

An effect's behaviour (a row of the effect table, ``effects_apply.APPLY``) returns an
:class:`Outcome` rather than a bare bool and rather than setting flags on the context it
was given: whether it applied (what an ``otherwise`` after it tests), a note for the
trace, and what the caller that fired the line must do next (cancel the curse being
played, roll again, count the roll as failed, send the curse back, let someone else suffer
the Bad Stuff).  :func:`munchkin_dsl.engine.effects_apply.run_ability` gathers the outcomes
of a line's effects into one, and the caller reads it.  Below every behaviour module, so
each of them can return one without importing the table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from munchkin_dsl.engine.state import Player


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an effect (or a line of them) did, and what its caller must do next."""

    #: it could apply: what an ``otherwise`` after it tests
    applied: bool
    #: what it changed, for the trace (put in the context's notes by the table's dispatch)
    note: str = ""
    #: `cancel`: the curse being played at the card's owner is cancelled
    cancel: bool = False
    #: `roll again` after a failed run-away roll
    reroll: bool = False
    #: `the roll fails`: the roll being made fails whatever the die shows
    fail_roll: bool = False
    #: `the curse hits its player instead`
    redirect: bool = False
    #: `the monster turns on ...`: the player the Bad Stuff goes to instead (with
    #: ``redirect``, `the curse goes to ... instead`: the player the curse goes to)
    turn_on: Player | None = None
    #: `prevent it` at another player's gain about to happen (engine/replacement.py)
    prevent: bool = False
    #: with ``cancel``: where the cancelled card goes (`put it into your hand`: "your_hand",
    #: engine/cancel_played.py; "": the discards) and the player whose card said so
    cancel_to: str = ""
    cancel_by: Player | None = None

    def __bool__(self) -> bool:
        """Tested as a truth value it says whether it applied: code written when handlers
        returned a bool (`if game.fire(...)`) keeps its meaning instead of always passing."""
        return self.applied

    def signals(self) -> bool:
        """Whether it asks its caller for anything beyond having applied."""
        return (self.cancel or self.reroll or self.fail_roll or self.redirect
                or self.turn_on is not None or self.prevent)

    def then(self, later: Outcome) -> Outcome:
        """This outcome and a ``later`` one of the same line (or of another line fired in
        the same context), as the caller reads them together: applied if either applied;
        every signal of either (of two players turned on, the later one)."""
        if not later.signals():
            return self if self.applied or not later.applied else self.as_applied(True)
        return Outcome(self.applied or later.applied, "", self.cancel or later.cancel,
                       self.reroll or later.reroll, self.fail_roll or later.fail_roll,
                       self.redirect or later.redirect,
                       later.turn_on if later.turn_on is not None else self.turn_on,
                       self.prevent or later.prevent, later.cancel_to or self.cancel_to,
                       later.cancel_by if later.cancel_to else self.cancel_by)

    def as_applied(self, applied: bool) -> Outcome:
        """The same signals with ``applied`` set as the caller counts it."""
        if applied == self.applied:
            return self
        return dataclasses.replace(self, applied=applied)


#: The common outcomes, shared rather than built for every effect.
APPLIED = Outcome(True)
NOT_APPLIED = Outcome(False)


def applied(done: object) -> Outcome:
    """The outcome of an effect that only applied or did not (``done``: whether it did,
    or what it reached: an empty list did nothing)."""
    return APPLIED if done else NOT_APPLIED


#: An effect's engine behaviour: the effect record and the context -> what it did.
Behaviour = Callable[[Any, Any], Outcome]
