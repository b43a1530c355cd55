"""Author-written card text against the card's numbers.

Codes: W501 a number in a ``text LANG "..."`` line that none of the card's stats or effects
has (the text says +5, the effect says +3).

Why: an author's text replaces the generated text on the printed card, so it is what
players read, while the game engine runs the effects.  When the two disagree the printed
card lies.  Wording cannot be compared across languages, but numbers can: every number
the text prints should be one the card actually has.  The check works on the AST, so it
also runs on packs with errors elsewhere, and points at the ``text`` line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from munchkin_dsl.checks import CheckContext
from munchkin_dsl.nodes import Card, Clause, Stat, Target, clause_values

#: Digits, optionally signed with + - or the typographic minus; "4+" reads as 4.
_NUMBER = re.compile(r"[+\-\u2212]?(\d+)")
#: Stats whose numbers a text may print; names and other texts are not numbers of the card.
_NUMBER_STATS = frozenset({"level", "treasures", "gives_levels", "bonus", "value"})


def _ints(value: Any) -> Iterator[int]:
    """Every int inside a clause field (nested tuples, lists, dicts), bools excluded."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield abs(value)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _ints(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _ints(item)
    elif isinstance(value, Clause):
        yield from _ints(tuple(clause_values(value)))
    elif isinstance(value, Target):
        return


def card_numbers(card: Card) -> set[int]:
    """Every number the card states: stats, and the amounts, counts and levels of its lines.

    Numbers in the card's names count too ("Level 10 Sword" may say 10).  A "gives 2
    levels" card also "gives 1 level" nowhere, so only what is written is collected.
    """
    numbers: set[int] = set()
    for stat in card.stats:
        if stat.kind in _NUMBER_STATS:
            numbers.update(_ints(stat.args))
        elif stat.kind == "name":
            numbers.update(_text_numbers(stat.args[1]))
    numbers.update(_text_numbers(card.name))
    for line in card.lines:
        for clause in (*line.when, *line.effects):
            numbers.update(_ints(clause))
    return numbers


def _text_numbers(text: str) -> list[int]:
    return [int(m.group(1)) for m in _NUMBER.finditer(text)]


def _texts(card: Card) -> Iterable[Stat]:
    return (s for s in card.stats if s.kind == "text" and len(s.args) >= 2)


def check_card_text(ctx: CheckContext) -> None:
    for card in ctx.cards:
        texts = list(_texts(card))
        if not texts:
            continue
        known = card_numbers(card)
        for stat in texts:
            lang = getattr(stat.args[0], "name", stat.args[0])
            reported: set[int] = set()
            for number in _text_numbers(stat.args[1]):
                if number in known or number in reported:
                    continue
                reported.add(number)
                have = ", ".join(str(n) for n in sorted(known)) or "none"
                ctx.sink.warning(
                    "W501",
                    f"the {lang} text of '{card.id}' says {number}, but none of the card's "
                    f"stats or effects has {number} (its numbers: {have})",
                    stat.span,
                    "the text is printed instead of the generated one; make its numbers "
                    "match the card's stats and effects, or fix the effect",
                )
