"""Amounts of the numeric effects: how many levels are gained or lost, how many cards drawn.

`draw up to 3 treasures` (the player picks how many, 1 to 3), `gain 1 level for each curse
you have in play, up to 3`, `lose 1 level for each other player, at least 2`.  The counts
(`per card`, `per open seal`, `for each ...`, `for every N ...`) are the grammar's `per`,
the same as a strength modifier's; the parts here are the forms around the number.  The
engine works the number out when the effect applies (``engine/amounts.py``); a number that
comes out as 0 does nothing, so an `otherwise` after it applies.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import AmountPart


@dataclass(frozen=True, slots=True)
class Chosen(AmountPart):
    """`up to` before the number: the player the effect reaches picks how many, from 1 to
    the number (Policy.choose_option: option 1 is the most)."""

    rule: ClassVar[str] = "amt_chosen"
    position: ClassVar[str] = "pre"
    record_field: ClassVar[str] = "chosen"
    syntax: ClassVar[str] = '"up" "to"'
    summary: ClassVar[str] = ("before the number: the player it reaches picks how many, from "
                              "1 to the number (in a scenario `A chooses option 2`: one less)")
    example: ClassVar[str] = "any time: draw up to 3 treasures face down"
    means: ClassVar[str] = "up to choose how many X any number at most pick"
    prefix: ClassVar[dict[str, str]] = {"en": "up to ", "ru": "", "pl": ""}
    text: ClassVar[dict[str, str]] = {
        "en": "",
        "ru": " (или меньше, на выбор)",
        "pl": " (lub mniej, do wyboru)",
    }


@dataclass(frozen=True, slots=True)
class AtMost(AmountPart):
    """`..., up to N` after a count: the number worked out never goes above N."""

    rule: ClassVar[str] = "amt_at_most"
    record_field: ClassVar[str] = "at_most"
    syntax: ClassVar[str] = '"up" "to" INT'
    summary: ClassVar[str] = "after a count: the number worked out is at most N"
    example: ClassVar[str] = "any time: gain 1 level for each curse you have in play up to 2"
    means: ClassVar[str] = "cap maximum at most no more than limit"
    text: ClassVar[dict[str, str]] = {
        "en": ", up to {{ n }} in all",
        "ru": ", но всего не больше {{ n }}",
        "pl": ", łącznie najwyżej {{ n }}",
    }


@dataclass(frozen=True, slots=True)
class AtLeast(AmountPart):
    """`..., at least N` after a count: the number worked out never goes below N."""

    rule: ClassVar[str] = "amt_at_least"
    record_field: ClassVar[str] = "at_least"
    syntax: ClassVar[str] = '"at" "least" INT'
    summary: ClassVar[str] = "after a count: the number worked out is at least N"
    example: ClassVar[str] = "bad stuff: lose 1 level for each item you have in play at least 1"
    means: ClassVar[str] = "minimum floor at least no less than"
    text: ClassVar[dict[str, str]] = {
        "en": ", at least {{ n }} in all",
        "ru": ", но всего не меньше {{ n }}",
        "pl": ", łącznie co najmniej {{ n }}",
    }


@dataclass(frozen=True, slots=True)
class ThatMany(AmountPart):
    """`that many` in place of the number: as many as the cards the effect before it on
    the line moved (`discard any of the treasures you just drew, draw that many treasures
    face down`); the checker wants such an effect before it (E229)."""

    rule: ClassVar[str] = "amt_that_many"
    #: it stands for the number, not around it: the phrases that take it name its rule
    position: ClassVar[str] = "number"
    record_field: ClassVar[str] = "that_many"
    replaces_number: ClassVar[bool] = True
    syntax: ClassVar[str] = '"that" "many"'
    summary: ClassVar[str] = ("in place of the number: as many as the cards the effect "
                              "before it on the line moved")
    example: ClassVar[str] = ("after a kill: discard any of the treasures you just drew, draw "
                              "that many treasures face down")
    means: ClassVar[str] = "that many as many same number count of them those"
    prefix: ClassVar[dict[str, str]] = {"en": "that many", "ru": "столько же",
                                        "pl": "tyle samo"}
    text: ClassVar[dict[str, str]] = {"en": "", "ru": "", "pl": ""}
