"""Stage 2 of the pipeline: the AST, frozen dataclasses that carry source spans.

The parser produces these and nothing downstream sees a Lark type.  Nodes keep
what the author wrote (names unresolved, numbers as written, clause order) so the
checker can point at the exact place of a mistake; meaning is assigned later, in
:mod:`munchkin_dsl.lower`.

A card body is a list of :class:`Stat` lines (``level 10``, ``usable by Cleric only``)
and :class:`EffectLine` lines (``in combat: +5 to either side``).  Effect lines are
made of :class:`Clause` nodes whose ``kind`` names the phrase (``t_in_combat``,
``modifier``, ``discard`` ...) and whose ``fields`` hold its parts; the table of
kinds lives in :mod:`munchkin_dsl.phrases`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from munchkin_dsl.diagnostics import Span


@dataclass(frozen=True)
class Ref:
    """A name the author wrote that must resolve: a race, class, tag, sex, deck, rule."""

    name: str
    span: Span


@dataclass(frozen=True)
class Target:
    """Who an effect reaches: ``victim``, ``each player``, ``each Cleric`` (qualifier)."""

    kind: str
    span: Span
    qualifier: Ref | None = None


@dataclass(frozen=True)
class Stat:
    """One non-effect card line, e.g. ``level 10`` or ``name ru "Эльф"``.

    ``args`` holds the line's values in the order written (ints, strings, Refs).
    """

    kind: str
    args: tuple[Any, ...]
    span: Span


@dataclass(frozen=True)
class Clause:
    """One comma-separated phrase of an effect line: a timing, cost, condition or effect."""

    kind: str
    span: Span
    fields: dict[str, Any] = field(default_factory=dict, hash=False)

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)


@dataclass(frozen=True)
class EffectLine:
    """``[label:] when... : effects...``; ``when`` is empty when the line has no ':'."""

    label: str | None
    when: tuple[Clause, ...]
    effects: tuple[Clause, ...]
    span: Span
    has_colon: bool
    #: translations of the label: (language, text) pairs
    labels: tuple[tuple[Ref, str], ...] = ()


@dataclass(frozen=True)
class Card:
    """One card as written: its kind keyword, stable id, English name and body lines."""

    kind: str
    id: str
    id_span: Span
    name: str
    name_span: Span
    stats: tuple[Stat, ...]
    lines: tuple[EffectLine, ...]
    span: Span
    #: False when a syntax error inside the card was skipped: checks that need the
    #: whole card (required stats) stay quiet rather than report a cascade.
    complete: bool = True


@dataclass(frozen=True)
class Header:
    """The ``pack`` block: identity and the rulesets and languages the pack declares."""

    id: str
    id_span: Span
    fields: tuple[Stat, ...]
    span: Span

    def values(self, kind: str) -> list[Stat]:
        return [f for f in self.fields if f.kind == kind]


@dataclass(frozen=True)
class Include:
    path: str
    span: Span


@dataclass(frozen=True)
class SourceUnit:
    """Everything parsed from one file; a pack is one or more of these."""

    path: str
    header: Header | None
    includes: tuple[Include, ...]
    cards: tuple[Card, ...]
    #: True when a `pack { ... }` block was there but could not be parsed: the author
    #: has a header, so "no header" would only repeat the syntax error.
    header_broken: bool = False
