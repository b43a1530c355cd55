"""Stage 2 of the pipeline: the AST, frozen dataclasses that carry source spans.

The parser produces these and nothing downstream sees a Lark type.  Nodes keep
what the author wrote (names unresolved, numbers as written, clause order) so the
checker can point at the exact place of a mistake; meaning is assigned later, in
:mod:`munchkin_dsl.compiler.lower`.

A card body is a list of :class:`Stat` lines (``level 10``, ``usable by Cleric only``)
and :class:`EffectLine` lines (``in combat: +5 to either side``).  Effect lines are
made of :class:`Clause` nodes, one typed subclass per phrase (:class:`Timing`,
:class:`Roll`, :class:`Condition`, and the part classes of :mod:`.algebra`); ``kind``
names the phrase and is the key the effect registry
(:mod:`munchkin_dsl.language.registry`) is read by.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar

from munchkin_dsl.base.diagnostics import Span


@dataclass(frozen=True, slots=True)
class Ref:
    """A name the author wrote that must resolve: a race, class, tag, sex, deck, rule."""

    name: str
    span: Span


@dataclass(frozen=True, slots=True)
class Target:
    """Who an effect reaches: ``victim``, ``each player``, ``each Cleric`` (qualifier)."""

    kind: str
    span: Span
    qualifier: Ref | None = None


@dataclass(frozen=True, slots=True)
class Stat:
    """One non-effect card line, e.g. ``level 10`` or ``name ru "Эльф"``.

    ``args`` holds the line's values in the order written (ints, strings, Refs).
    """

    kind: str
    args: tuple[Any, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Clause:
    """One comma-separated phrase of an effect line: a timing, cost, condition or effect.

    Each phrase of the grammar has its own subclass below, with typed fields; ``kind``
    (a class attribute) names the phrase and is the key of the effect registry
    (:mod:`munchkin_dsl.language.registry`).  ``optional`` is a leading ``may``, ``otherwise`` a
    leading ``otherwise``.
    """

    kind: ClassVar[str] = ""
    span: Span
    optional: bool = field(default=False, kw_only=True)
    otherwise: bool = field(default=False, kw_only=True)
    #: a leading `or`: an alternative to the effect before it (the one it reaches chooses)
    either: bool = field(default=False, kw_only=True)
    #: a leading `on 1 to 2`: the faces of the line's `roll a die` on which it applies
    on_roll: tuple[int, int] | None = field(default=None, kw_only=True)
    #: written without `on N` after a branch's first effect (`on 1 +2 to you, lose 1
    #: level`): a further effect of that branch, so it carries the branch's faces; the
    #: checker counts the branch once (an `on 1` said twice is still E213)
    joins_branch: bool = field(default=False, kw_only=True)
    #: written without a subject, its verb in the base form (`lose`, not `loses`): an
    #: `otherwise` or `or` so written addresses the line's own player (the victim of Bad
    #: Stuff, the card's owner), as English reads "..., otherwise lose 2 levels"; with
    #: the third person (`otherwise loses`) it is the effect before it's subject
    base_verb: bool = field(default=False, kw_only=True)
    #: a leading `after this combat`: done once the combat it is done in is over
    #: (engine/later.py), not at once
    later: str | None = field(default=None, kw_only=True)
    #: a timing leading an alternative of `or` (`..., or outside combat, draw 2
    #: treasures`): the alternative is offered only in that timing's window
    #: (engine/play_windows.py); the timing id, e.g. `outside_combat`
    offered: str | None = field(default=None, kw_only=True)

    @property
    def who(self) -> Target | None:
        """The player or side the phrase names as its target."""
        target = getattr(self, "target", None)
        return target if isinstance(target, Target) else None


# -- before the ':' ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Timing(Clause):
    """``in combat``, ``when targeted by curse``, ``until victim loses headgear`` ..."""

    kind: ClassVar[str] = "timing"
    timing: str = ""
    curse_kind: str | None = None
    target: Target | None = None
    slot: str | None = None
    #: `when this has 3 counters`: the number the event waits for (parts/counters.py)
    count: int | None = None

    @property
    def is_until(self) -> bool:
        return self.timing.startswith("until")


@dataclass(frozen=True, slots=True)
class Frequency(Clause):
    kind: ClassVar[str] = "frequency"
    frequency: str = ""


@dataclass(frozen=True, slots=True)
class Roll(Clause):
    kind: ClassVar[str] = "roll"
    at_least: int = 0


@dataclass(frozen=True, slots=True)
class Condition(Clause):
    """``if SUBJECT is [not] PREDICATE``; ``value`` is a Ref (a name) or a level."""

    kind: ClassVar[str] = "condition"
    subject: str = ""
    negated: bool = False
    predicate: str = ""
    value: Ref | int | None = None
    #: a declared condition part (munchkin_dsl.language.algebra.ConditionPart) with its
    #: own fields, when the predicate is one (`have at least 3 items in play`)
    detail: Clause | None = None
    #: `if there are at least 2 monsters in this combat`: the count the predicate
    #: (count_at_least, count_at_most) compares with ``value`` (a count part,
    #: munchkin_dsl.language.count_part.CountPart)
    counted: Clause | None = None
    #: written `while ...`: the condition is also how long the line lasts (until "while")
    lasting: bool = False
    #: written `no one does not ...`: a double negative, refused (checks/fight_moments.py)
    double_negative: bool = False




#: Phrase kind -> its node class; the parser builds clauses through this table.
CLAUSE_TYPES: dict[str, type[Clause]] = {
    cls.kind: cls for cls in (
        Timing, Frequency, Roll, Condition)
}


#: The fields every clause carries beside its phrase's own (its span and its flags).
FLAG_FIELDS = ("span", "optional", "otherwise", "either", "on_roll", "joins_branch",
               "base_verb", "later", "offered")


def clause_values(clause: Clause) -> Iterator[Any]:
    """Every field value of a clause, for checks that look at all of them (names, numbers)."""
    for f in fields(clause):
        if f.name not in FLAG_FIELDS:
            yield getattr(clause, f.name)


@dataclass(frozen=True, slots=True)
class EffectLine:
    """``[label:] when... : effects...``; ``when`` is empty when the line has no ':'."""

    label: str | None
    when: tuple[Clause, ...]
    effects: tuple[Clause, ...]
    span: Span
    has_colon: bool
    #: translations of the label: (language, text) pairs
    labels: tuple[tuple[Ref, str], ...] = ()


@dataclass(frozen=True, slots=True)
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

    def names(self) -> list[tuple[str, str, Span]]:
        """(language, name, where) for the English name and every translation."""
        out = [("en", self.name, self.name_span)]
        out += [(s.args[0].name, s.args[1], s.span) for s in self.stats if s.kind == "name"]
        return out


@dataclass(frozen=True, slots=True)
class Header:
    """The ``pack`` block: identity and the rulesets and languages the pack declares."""

    id: str
    id_span: Span
    fields: tuple[Stat, ...]
    span: Span

    def values(self, kind: str) -> list[Stat]:
        return [f for f in self.fields if f.kind == kind]


@dataclass(frozen=True, slots=True)
class Include:
    path: str
    span: Span


@dataclass(frozen=True, slots=True)
class SourceUnit:
    """Everything parsed from one file; a pack is one or more of these."""

    path: str
    header: Header | None
    includes: tuple[Include, ...]
    cards: tuple[Card, ...]
    #: True when a `pack { ... }` block was there but could not be parsed: the author
    #: has a header, so "no header" would only repeat the syntax error.
    header_broken: bool = False
