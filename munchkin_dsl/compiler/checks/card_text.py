"""Author-written card text against the card's numbers.

Codes: W501 a number in a ``text LANG "..."`` line that none of the card's stats or effects
has (the text says +5, the effect says +3), or a number an effect carries that the text
leaves out (the effect discards 2 cards, the text never says 2).

Why: an author's text replaces the generated text on the printed card, so it is what
players read, while the game engine runs the effects.  When the two disagree the printed
card lies.  Wording cannot be compared across languages, but numbers can: every number
the text prints should be one the card actually has, and every number of every effect
should be printed.  Bad Stuff lines count only when the text rewords the Bad Stuff box (a
paragraph led by the line's Bad Stuff word); otherwise the box is printed from the effects.
Stats (level, treasures, bonus, value) are always printed from the data, so the text need
not repeat them.  1 may be written as a word ("a card", «одну карту»), so it is not
required.  The check works on the AST, so it also runs on packs with errors elsewhere,
and points at the ``text`` line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from munchkin_dsl.base.rulesets import Ruleset
from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.nodes import (
    Card,
    Clause,
    EffectLine,
    Stat,
    Target,
    Timing,
    clause_values,
)

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


#: Timings whose line prints in the Bad Stuff box (as cardtext.BAD_STUFF_TIMINGS).
_BAD_STUFF_TIMINGS = frozenset({"bad_stuff", "bad_stuff_always"})
#: Numbers a text may leave implicit ("draw a card").
_IMPLICIT = frozenset({0, 1})


def _line_numbers(line: EffectLine) -> set[int]:
    numbers: set[int] = set()
    for clause in (*line.when, *line.effects):
        numbers.update(_ints(tuple(clause_values(clause))))
    return numbers


def _is_bad_stuff(line: EffectLine) -> bool:
    return any(isinstance(clause, Timing) and clause.timing in _BAD_STUFF_TIMINGS
               for clause in line.when)


def _rewords_bad_stuff(text: str, lang: str, rulesets: tuple[Ruleset, ...]) -> bool:
    """Whether a paragraph of ``text`` starts with a ruleset's Bad Stuff word and a colon.

    The same test :func:`munchkin_dsl.text.cardtext._split_author_text` uses to move the
    paragraph into the Bad Stuff box.
    """
    labels = set()
    for ruleset in rulesets:
        try:
            labels.add(str(ruleset.terms(lang)["bad_stuff"]).casefold())
        except (KeyError, ValueError):  # a language the ruleset has no words for
            continue
    for para in text.split("\n"):
        head, sep, _ = para.strip().partition(":")
        if sep and head.strip().casefold() in labels:
            return True
    return False


def required_numbers(card: Card, text: str, lang: str,
                     rulesets: tuple[Ruleset, ...]) -> list[int]:
    """Numbers of the card's effects the author's ``text`` must print, in order of lines."""
    bad_reworded = _rewords_bad_stuff(text, lang, rulesets)
    out: list[int] = []
    for line in card.lines:
        if _is_bad_stuff(line) and not bad_reworded:
            continue
        for number in sorted(_line_numbers(line)):
            if number not in _IMPLICIT and number not in out:
                out.append(number)
    return out


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
            printed = set(_text_numbers(stat.args[1]))
            for number in required_numbers(card, stat.args[1], str(lang), ctx.rulesets):
                if number in printed:
                    continue
                ctx.sink.warning(
                    "W501",
                    f"the {lang} text of '{card.id}' never says {number}, but an effect of "
                    f"the card has {number}",
                    stat.span,
                    "the text replaces the generated rules text, so players would not learn "
                    f"about the {number}; write it in the text, or drop the text line",
                )
