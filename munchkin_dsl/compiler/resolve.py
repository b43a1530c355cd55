"""Stage 3a of the pipeline: the names a pack may refer to, and did-you-mean.

A name in a card (``against Elf``, ``usable by Cleric only``, ``monster is Undead``)
resolves against a :class:`Scope` built from the rulesets the pack declares and from
the pack itself: a race card defines a race, a class card a class, and a ``tags``
line declares its tags.  Resolution is case-insensitive (the canonical spelling is
kept) so ``undead`` and ``Undead`` are one tag; anything else unknown gets the
nearest known names as a hint.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.base.rulesets import Ruleset
from munchkin_dsl.language.nodes import Card, Ref
from munchkin_dsl.language.parts.ignore import BONUS_KINDS

SEXES = ("male", "female")
HUMAN = "Human"
LANGUAGES = ("en", "ru", "pl", "de", "fr", "es", "it", "pt", "cs", "uk")


@dataclass
class Scope:
    """Known names by category; ``category_of`` answers what a bare name is."""

    races: dict[str, str] = field(default_factory=dict)
    classes: dict[str, str] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)
    sexes: dict[str, str] = field(default_factory=lambda: {s: s for s in SEXES})
    decks: dict[str, str] = field(default_factory=dict)
    #: every card's title in every language (a card filter may name a title in quotes)
    titles: dict[str, str] = field(default_factory=dict)
    #: the card kinds of the rulesets a player's bonus may come from, named where a source
    #: of strength is (`ignore class bonuses`: parts/ignore.py; no Steed in munchkin-1.6)
    bonus_kinds: dict[str, str] = field(default_factory=dict)
    rulesets: tuple[Ruleset, ...] = ()

    def add(self, table: dict[str, str], names: Iterable[str]) -> None:
        for name in names:
            table.setdefault(name.casefold(), name)

    def lookup(self, name: str, categories: tuple[str, ...]) -> tuple[str, str] | None:
        """(category, canonical name) of ``name`` in the first category that has it; an
        English plural names the same (`+5 against Wizards`, `usable by Halflings only`:
        card text says them so, and the lowering writes the canonical name)."""
        for key in singulars(name):
            for category in categories:
                table = getattr(self, category)
                if key in table:
                    return category, table[key]
        return None

    def suggest(self, name: str, categories: tuple[str, ...]) -> list[str]:
        pool: dict[str, str] = {}
        for category in categories:
            pool.update(getattr(self, category))
        return nearest(name, pool)


def singulars(name: str) -> list[str]:
    """``name`` folded, then the singulars an English plural of it may have ('Elves' ->
    'elf', 'Clerics' -> 'cleric', 'females' -> 'female'), the word itself first."""
    key = name.casefold()
    candidates = [key]
    for suffix, repl in (("ves", "f"), ("ies", "y"), ("es", ""), ("s", "")):
        if key.endswith(suffix) and len(key) > len(suffix) + 1:
            candidates.append(key[: -len(suffix)] + repl)
    return candidates


def nearest(name: str, pool: dict[str, str] | Iterable[str], n: int = 3) -> list[str]:
    """Close matches, trying English plurals too ('Elves' -> 'Elf', 'Clerics' -> 'Cleric')."""
    table = pool if isinstance(pool, dict) else {p.casefold(): p for p in pool}
    candidates = singulars(name)
    found: list[str] = []
    for cand in candidates:
        if cand in table and table[cand] not in found:
            found.append(table[cand])
    for cand in candidates:
        for match in difflib.get_close_matches(cand, list(table), n=n, cutoff=0.7):
            if table[match] not in found:
                found.append(table[match])
    return found[:n]


def did_you_mean(options: list[str]) -> str | None:
    if not options:
        return None
    if len(options) == 1:
        return f"did you mean '{options[0]}'?"
    return "did you mean " + ", ".join(f"'{o}'" for o in options[:-1]) + f" or '{options[-1]}'?"


def build_scope(rulesets: Iterable[Ruleset], cards: Iterable[Card]) -> Scope:
    """Names from the declared rulesets plus the races, classes and tags the pack defines."""
    scope = Scope(rulesets=tuple(rulesets))
    # "Human" is the lack of a race (every ruleset): `usable by Human only`, `if you are Human`
    scope.add(scope.races, [HUMAN])
    for rs in scope.rulesets:
        scope.add(scope.races, rs.races)
        scope.add(scope.classes, rs.classes)
        scope.add(scope.tags, rs.tags)
        scope.add(scope.bonus_kinds, [k for k in BONUS_KINDS if k in rs.card_kinds])
        for deck_id, deck in rs.decks.items():
            for alias in deck.aliases:
                scope.decks.setdefault(alias.casefold(), deck_id)
            scope.decks.setdefault(deck_id, deck_id)
    for card in cards:
        scope.add(scope.titles, [name for _lang, name, _span in card.names()])
        if card.kind == "race":
            scope.add(scope.races, [card.name])
        elif card.kind == "class":
            scope.add(scope.classes, [card.name])
        for stat in card.stats:
            if stat.kind == "tags":
                scope.add(scope.tags, [ref.name for ref in stat.args])
    return scope


def ref_label(categories: tuple[str, ...]) -> str:
    """How a set of categories is named in a message: 'race, class, sex or tag'."""
    names = {"races": "race", "classes": "class", "tags": "tag", "sexes": "sex",
             "decks": "deck", "bonus_kinds": "card kind (class, race...)"}
    words = [names[c] for c in categories]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]



def known_language(ref: Ref, sink: DiagnosticSink) -> bool:
    """True for a known language code; otherwise report E104 with the nearest codes."""
    if ref.name in LANGUAGES:
        return True
    sink.error("E104", f"unknown language code '{ref.name}'", ref.span,
               did_you_mean(nearest(ref.name, LANGUAGES))
               or "use a two-letter code: " + ", ".join(LANGUAGES))
    return False
