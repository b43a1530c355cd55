"""The records the mixer passes between its stages: packs in, conflicts and equivalences out.

They are frozen dataclasses (like the AST and the effect objects) so a finder cannot
change what another one reads, and so tests can compare whole records.  A conflict
carries everything the report and the resolution file need: a stable, readable id, the
sides that disagree (with the rulebook citation or ``file:line:col`` of each), the
options an author may choose, and, where a rulebook settles it, that rulebook's own words.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from munchkin_dsl.base.rulesets import Ruleset
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.compiler.pack_info import PackInfo

#: Conflict families in report order; ids start with the family (``fixed-rule.R1``).
RULE_FAMILIES = ("deal", "hand-limit", "fixed-rule", "shared-win", "helper-levels", "seals",
                 "item-enhancers", "races")
IDENTITY_FAMILIES = ("id", "name")
REFERENCE_FAMILIES = ("ref",)


@dataclass(frozen=True)
class Citation:
    """A rulebook's own words (original language and English) and where they are."""

    ruleset: str
    text: str
    text_en: str
    source: str


@dataclass(frozen=True)
class Side:
    """What one ruleset (or one pack's card) says about a conflict's topic."""

    who: str
    value: str
    source: str = ""


@dataclass(frozen=True)
class Option:
    """One choice an author may write in the resolution file.

    ``aliases`` are other spellings accepted for it (the ids of the rulesets whose rule it
    is), so ``choose = "munchkin-classic-ru"`` works as well as ``choose = "5/dwarf-6"``.
    """

    id: str
    summary: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Conflict:
    """One thing the mixed game must decide, found by one finder of :mod:`.conflicts`.

    ``default`` is the option a rulebook (``citations``) or the data itself (identical
    cards, ``default_reason``) settles it with; None leaves an OPEN CHOICE for the author.
    A conflict with no options is a note: reported, never chosen.  ``payload`` holds what
    :mod:`.merge` needs to apply an option (card positions, values) and is not reported.
    """

    id: str
    family: str
    title: str
    sides: tuple[Side, ...]
    options: tuple[Option, ...] = ()
    default: str | None = None
    default_reason: str | None = None
    citations: tuple[Citation, ...] = ()
    payload: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def is_note(self) -> bool:
        return not self.options

    def option(self, word: str) -> Option | None:
        """The option ``word`` names, by id or alias (exact, then case-insensitive)."""
        for exact in (True, False):
            for opt in self.options:
                names = (opt.id, *opt.aliases)
                if (word in names) if exact else (word.casefold() in
                                                   {n.casefold() for n in names}):
                    return opt
        return None


@dataclass(frozen=True)
class Equivalence:
    """Something the rulebooks declare the same (Trap = Curse) or explicitly not (Big/Aggregate).

    ``kind_map`` maps card kinds to the kind they become in the merged data (empty when the
    equivalence changes no card); ``sides`` say what each ruleset calls the thing.
    """

    id: str
    action: str
    summary: str
    sides: tuple[Side, ...]
    citations: tuple[Citation, ...]
    kind_map: Mapping[str, str] = field(default_factory=dict)


@dataclass
class MixPack:
    """One pack as the mixer sees it: identity, rulesets, compiled cards, and what it defines.

    ``defines`` maps a category (races, classes, tags, decks) to the case-folded names the
    pack's own rulesets and cards define, each with where it comes from (``ruleset X`` or
    ``card Y``); :mod:`.conflicts` uses it to find references only another pack defines.
    """

    id: str
    path: str
    info: PackInfo
    rulesets: tuple[Ruleset, ...]
    cards: tuple[CardData, ...]
    defines: dict[str, dict[str, tuple[str, str]]] = field(default_factory=dict)

    def where(self, card: CardData) -> str:
        """``pack-folder/file:line:col`` of a card, for the report."""
        if not card.source:
            return f"{self.path} ({card.id})"
        return (Path(self.path) / card.source).as_posix()


def defines_of(rulesets: tuple[Ruleset, ...], cards: tuple[CardData, ...]
               ) -> dict[str, dict[str, tuple[str, str]]]:
    """What a pack defines: its rulesets' races, classes, tags and decks, and its own cards'.

    The value is (canonical name, origin) so the report can say *who* defines a name.
    """
    table: dict[str, dict[str, tuple[str, str]]] = {
        "races": {}, "classes": {}, "tags": {}, "decks": {}}
    for rs in rulesets:
        origin = f"ruleset {rs.id}"
        for category, names in (("races", rs.races), ("classes", rs.classes),
                                ("tags", rs.tags), ("decks", tuple(rs.decks))):
            for name in names:
                table[category].setdefault(name.casefold(), (name, origin))
    for card in cards:
        origin = f"card {card.id}"
        name = card.names.get("en", card.id)
        if card.kind == "race":
            table["races"].setdefault(name.casefold(), (name, origin))
        elif card.kind == "class":
            table["classes"].setdefault(name.casefold(), (name, origin))
        for tag in card.tags:
            table["tags"].setdefault(tag.casefold(), (tag, origin))
    return table
