"""Amount operators: `twice` and `halved [rounded down | rounded up]` on a counted number.

`gain 1 level for each curse you have in play twice`, `lose 1 level for each item you
have in play halved rounded up`: they stand after the count (the grammar's
``amount_post``, with the caps) and act on the number worked out when the effect applies,
before the caps (``engine/amounts.py``).  On a fixed number they change nothing a
number could not say, so the checker refuses them there (E229: write the number).  The
strength operators (`double the strength of`, `halve the strength of`) and `lose half
your levels` are effects of their own (strength.py, modifiers.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import AmountPart


@dataclass(frozen=True, slots=True)
class Twice(AmountPart):
    """`... twice`: the counted number doubled."""

    rule: ClassVar[str] = "amt_twice"
    record_field: ClassVar[str] = "twice"
    syntax: ClassVar[str] = '"twice"'
    summary: ClassVar[str] = "after a count: the number worked out is doubled"
    example: ClassVar[str] = "any time: gain 1 level for each curse you have in play twice"
    means: ClassVar[str] = "twice double doubled two times as many"
    text: ClassVar[dict[str, str]] = {
        "en": ", doubled",
        "ru": ", всего вдвое больше",
        "pl": ", razem dwa razy więcej",
    }


@dataclass(frozen=True, slots=True)
class Halved(AmountPart):
    """`... halved [rounded down]`: the counted number halved, rounded down."""

    rule: ClassVar[str] = "amt_halved"
    record_field: ClassVar[str] = "halved"
    syntax: ClassVar[str] = '"halved" ("rounded" "down")?'
    summary: ClassVar[str] = "after a count: the number worked out is halved, rounded down"
    example: ClassVar[str] = ("bad stuff: lose 1 level for each item you have in play halved "
                              "rounded down")
    means: ClassVar[str] = "half halve halved divide by two rounded down"
    text: ClassVar[dict[str, str]] = {
        "en": ", halved (rounded down)",
        "ru": ", всего вдвое меньше (с округлением вниз)",
        "pl": ", razem o połowę mniej (w dół)",
    }


@dataclass(frozen=True, slots=True)
class HalvedUp(AmountPart):
    """`... halved rounded up`: the counted number halved, rounded up."""

    rule: ClassVar[str] = "amt_halved_up"
    record_field: ClassVar[str] = "halved_up"
    syntax: ClassVar[str] = '"halved" "rounded" "up"'
    summary: ClassVar[str] = "after a count: the number worked out is halved, rounded up"
    example: ClassVar[str] = ("bad stuff: lose 1 level for each item you have in play halved "
                              "rounded up")
    means: ClassVar[str] = "half halve halved divide by two rounded up"
    text: ClassVar[dict[str, str]] = {
        "en": ", halved (rounded up)",
        "ru": ", всего вдвое меньше (с округлением вверх)",
        "pl": ", razem o połowę mniej (w górę)",
    }
