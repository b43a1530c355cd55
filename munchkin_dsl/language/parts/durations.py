"""Durations and budgets: how long a card lasts once its lines are used.

`in combat, once per combat, 3 uses: +3 to you`: the card goes to the discards after the
line has acted three times (charges).  Written before the ':' beside the timing and the
frequency; it means something only on a card that stays in play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import DurationPart


@dataclass(frozen=True, slots=True)
class Uses(DurationPart):
    """`3 uses` (or `3 charges`): after the Nth time the line acts, its card is discarded."""

    kind: ClassVar[str] = "uses"
    rule: ClassVar[str] = "uses"
    syntax: ClassVar[str] = 'INT ("uses"|"charges")'
    ability_field: ClassVar[str] = "uses"
    #: charges said as a card statement: they belong to the line that spends them
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:comes with|starts with|has|holds) (?P<n>\d+) (?:charges|uses)\b":
            "{n} uses` before the ':' of the line that spends them (`in combat, {n} uses: +2 "
            "to you`; the card is discarded after the last"}
    summary: ClassVar[str] = ("a number of uses: the card is discarded after the line has "
                              "acted that many times (a curse, trap or disaster counts them "
                              "on its victim once it is `persistent`)")
    example: ClassVar[str] = "in combat, 3 uses: +3 to you"
    refuse: ClassVar[str] = ("uses count on a card that stays in play (race, class, item, "
                             "sidekick, a `persistent` curse, trap or disaster...); a "
                             "one-shot is used once anyway")
    text: ClassVar[dict[str, str]] = {
        "en": "{{ n }} {{ t.forms(n, 'use', 'uses') }} (then discard this card)",
        "ru": "{{ n }} {{ t.forms(n, 'раз', 'раза', 'раз') }} (затем сбрось эту карту)",
        "pl": "{{ n }} {{ t.forms(n, 'raz', 'razy', 'razy') }} (potem odrzuć tę kartę)",
    }


#: `for your next 3 combats`, `in each of your next 3 combats`: a duration counted in the
#: fights of the player it lasts on; its id carries the count (``next_combats_3``), as
#: `until victim loses headgear` carries its slot.  One combat is `until end of next combat`.
NEXT_COMBATS = "next_combats_"


def next_combats_until(n: int) -> str:
    """The duration id of `for your next N combats`."""
    return f"{NEXT_COMBATS}{n}"


#: the durations that end at a moment of the game the engine marks (a turn's end or
#: beginning, a combat's end): what an `undone` effect left under one (`until end of
#: combat, put a marker on fighter`) is taken back then (engine/durations.ends)
MOMENT_ENDS = frozenset({"end_of_turn", "next_turn", "end_of_next_turn", "end_of_combat",
                         "end_of_next_combat"})


#: `for your next 3 turns`: a duration counted in the turns of the player it lasts on (the
#: victim of a curse, the player who played or used the line); one turn is `until the end
#: of your next turn`, and as there, a turn it comes in does not count
NEXT_TURNS = "next_turns_"


def next_turns_until(n: int) -> str:
    """The duration id of `for your next N turns`."""
    return f"{NEXT_TURNS}{n}"


def turns_of(until: str | None) -> int | None:
    """How many turns `for your next N turns` lasts (None for any other duration)."""
    if until and until.startswith(NEXT_TURNS):
        return int(until.removeprefix(NEXT_TURNS))
    return None


def combats_of(until: str | None) -> int | None:
    """How many fights `for your next N combats` lasts (None for any other duration)."""
    if until and until.startswith(NEXT_COMBATS):
        return int(until.removeprefix(NEXT_COMBATS))
    return None
