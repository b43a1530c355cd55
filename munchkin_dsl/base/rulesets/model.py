"""What a ruleset is: the card kinds and words every line shares, and the frozen records a
ruleset data file is read into (:class:`Ruleset` and its parts).

Why apart from loading: every stage reads these records (the checker, the card text, the
mixer, the engine), while only :mod:`munchkin_dsl.base.rulesets` reads and validates the
files; a reader of the model need not wade through the validation.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from munchkin_dsl import data as _kind_data

#: the slots a curse takes whole where a ruleset states the line rule
#: curse-takes-whole-slot (munchkins-and-mazes, seed 002 «ПРОКЛЯТИЯ»)
WHOLE_SLOTS = ("armor", "headgear", "footgear")

#: Every card kind a ruleset may have; a ruleset lists the ones its line uses.
CARD_KINDS: tuple[str, ...] = tuple(_kind_data.kinds())
#: What a line calls its curse-like Door cards.
CURSE_KINDS: tuple[str, ...] = tuple(k for k, e in _kind_data.kinds().items()
                                     if e.get("curse_like"))
LANGUAGES: tuple[str, ...] = ("en", "ru", "pl")
#: Who wins when a fight takes more than one player to level 10 at once.
SHARED_WIN: tuple[str, ...] = ("none", "both", "all")
BIG_CATEGORIES: tuple[str, ...] = ("big", "aggregate")
#: How a card may override a fixed rule: only when it says so explicitly (the usual wording),
#: never, or like any other rule (the card wins).
OVERRIDES: tuple[str, ...] = ("explicit", "never", "any-card")
FIXED_RULE_IDS: tuple[str, ...] = ("R1", "R2", "R3", "R4")
#: In ``helper_levels``: every helper gains levels, whatever race or class.
EVERY_HELPER = "*"


@dataclass(frozen=True)
class Deck:
    """One deck: its id (``door``, ``treasure``, ``seal``), localised names and aliases."""

    id: str
    names: Mapping[str, str] = field(compare=False)
    aliases: tuple[str, ...]
    source: str

    def name(self, lang: str = "en") -> str:
        return self.names.get(lang, self.names["en"])


@dataclass(frozen=True)
class Contradiction:
    """A second passage of the same rulebook that says otherwise than a fixed rule."""

    text: str
    text_en: str
    source: str
    variant: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class FixedRule:
    """One of the rules cards cannot override (R1..R4), in the rulebook's own words.

    ``variant`` is None when the rule says what the base game says; ``override`` tells how a
    card may still override it (see :data:`OVERRIDES`).
    """

    id: str
    text: str
    text_en: str
    source: str
    variant: str | None = None
    contradiction: Contradiction | None = None
    override: str = "explicit"
    note: str | None = None


@dataclass(frozen=True)
class OptionalRule:
    """An optional rule the rulebook offers (faster-play, shared-victory, epic)."""

    id: str
    title: str
    text: str
    text_en: str
    source: str
    changes: Mapping[str, Any] = field(compare=False, default_factory=dict)
    note: str | None = None


@dataclass(frozen=True)
class LineRule:
    """A rule peculiar to the line (Seals, Sidekicks, lasers...), quoted for reference."""

    id: str
    text: str
    text_en: str
    source: str


@dataclass(frozen=True)
class MixingNote:
    """What the rulebook says to do when its line is mixed with another.

    ``action`` is machine-readable: ``allowed``, ``merge-decks``, ``use-optional-rule``,
    ``same-kind`` (``kinds`` are one type), ``same-money``, ``separate-categories``,
    ``seal-roll``, ``infer-kind``; ``details`` holds the rest of the entry.
    """

    topic: str
    resolution: str
    resolution_en: str
    source: str
    action: str
    kinds: tuple[str, ...] = ()
    details: Mapping[str, Any] = field(compare=False, default_factory=dict)


@dataclass(frozen=True)
class Tag:
    """A tag the line's cards carry (Undead, Shark, laser, fire)."""

    name: str
    meaning: str
    applies_to: str
    source: str
    horde: bool = False
    joins: bool = False
    names: Mapping[str, str] = field(compare=False, default_factory=dict)


@dataclass(frozen=True)
class HandLimitChange:
    """A race or class whose hand limit differs (classic-ru: Dwarf 6)."""

    who: str
    limit: int
    source: str


@dataclass(frozen=True)
class Ruleset:
    """One rulebook's rules as the toolchain needs them.  Load with :func:`load_ruleset`."""

    id: str
    title: str
    game_line: str
    edition: str
    seed: str
    rulebook_language: str
    players: tuple[int, int]
    races: tuple[str, ...]
    classes: tuple[str, ...]
    second_race_card: str
    second_class_card: str
    curse_kind: str
    card_kinds: frozenset[str]
    decks: Mapping[str, Deck] = field(compare=False)
    deal: Mapping[str, int] = field(compare=False)
    deal_fast: Mapping[str, int] | None = field(compare=False)
    deal_after_death: Mapping[str, int] = field(compare=False)
    hand_limit: int
    hand_limit_changes: tuple[HandLimitChange, ...]
    big_category: str
    big_exempt: tuple[str, ...]
    helper_levels: tuple[str, ...]
    helper_levels_fast: tuple[str, ...]
    shared_win: str
    charity_to_living_only: bool
    death_keeps: tuple[str, ...]
    monster_speeds: tuple[str, ...]
    tags: tuple[str, ...]
    tag_info: Mapping[str, Tag] = field(compare=False)
    monster_enhancers_named: tuple[str, ...]
    fixed_rules: tuple[FixedRule, ...]
    optional_rules: tuple[OptionalRule, ...]
    line_rules: tuple[LineRule, ...]
    mixing: tuple[MixingNote, ...]
    raw: Mapping[str, Any] = field(compare=False, repr=False)

    # -- decks and kinds ---------------------------------------------------------------

    def deck_for_kind(self, kind: str) -> str:
        """The id of the deck a card of ``kind`` belongs to; KeyError if the line lacks it."""
        table = self.raw["deck_of_kind"]
        if kind not in table:
            raise KeyError(f"ruleset {self.id!r} has no card kind {kind!r}")
        return str(table[kind])

    def deck_by_alias(self, word: str) -> str | None:
        """The deck id an author's word names (``airlock`` -> ``door``), or None."""
        wanted = word.strip().casefold()
        for deck in self.decks.values():
            if wanted == deck.id or wanted in deck.aliases:
                return deck.id
        return None

    # -- words -------------------------------------------------------------------------

    def terms(self, lang: str) -> Mapping[str, str | tuple[str, ...]]:
        """The line's words for printed card text in ``lang``.

        Keys: curse, curse_prefix, money, bad_stuff, big, door, treasure, level, one_shot,
        go_up_a_level, and no_value / seal where the line has them, phase_kick /
        phase_trouble / phase_loot / phase_charity where its rules name the turn's phases.
        Countable words are tuples of plural forms (two in English, three in Russian and
        Polish); see :meth:`plural`.
        """
        lang = _check_lang(lang)
        made = self._terms_by_lang.get(lang)
        if made is None:  # once per language: card text asks for them once per card
            table = self.raw["terms"].get(lang)
            made = self._terms_by_lang[lang] = {
                key: tuple(value) if isinstance(value, list) else value
                for key, value in table.items()
            }
        return MappingProxyType(made)

    @cached_property
    def _terms_by_lang(self) -> dict[str, dict[str, str | tuple[str, ...]]]:
        """:meth:`terms` per language, filled as they are asked for."""
        return {}

    def plural(self, term: str, count: int, lang: str) -> str:
        """The form of a countable term for ``count``: plural("treasure", 5, "ru") -> "сокровищ"."""
        value = self.terms(lang)[term]
        if isinstance(value, str):
            return value
        return value[plural_index(count, lang)]

    def localized_name(self, name: str, lang: str) -> str:
        """A race, class or named card in ``lang``; English names are the canonical ones."""
        if _check_lang(lang) == "en":
            return name
        entry = self.raw.get("names", {}).get(name)
        if entry and lang in entry:
            return str(entry[lang])
        return name

    def money(self, lang: str) -> str:
        """What the line's money is called (``gold pieces``, ``кредиты``)."""
        return str(self.raw["money"][_check_lang(lang)])

    def no_value_term(self, lang: str) -> str | None:
        """The printed word for an item worth 0 (``Без цены``), where the rulebook has one."""
        table = self.raw.get("no_value_term")
        return None if table is None else str(table[_check_lang(lang)])

    def source_of(self, fact: str) -> str:
        """The citation for a top-level fact (``hand_limit``, ``races``, ...)."""
        return str(self.raw["sources"][fact])

    # -- rules -------------------------------------------------------------------------

    def fixed_rule(self, rule_id: str) -> FixedRule:
        for rule in self.fixed_rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(f"ruleset {self.id!r} has no fixed rule {rule_id!r}")

    def optional_rule(self, rule_id: str) -> OptionalRule | None:
        return next((r for r in self.optional_rules if r.id == rule_id), None)

    def hand_limit_for(self, traits: Iterable[str]) -> int:
        """The hand limit of a character with these races and classes."""
        traits = set(traits)
        limits = [c.limit for c in self.hand_limit_changes if c.who in traits]
        return max([self.hand_limit, *limits])

    def helper_gains_level(self, traits: Iterable[str], fast: bool = False) -> bool:
        """Whether a helper with these races/classes goes up a level for each monster killed."""
        who = self.helper_levels_fast if fast else self.helper_levels
        return EVERY_HELPER in who or bool(set(who) & set(traits))

    def carries_any_big(self, traits: Iterable[str]) -> bool:
        """Whether these races/classes carry any number of Big items (or Aggregates)."""
        return bool(set(self.big_exempt) & set(traits))

    def to_json(self) -> dict[str, Any]:
        """The whole data file as plain JSON-able data (for ``munchkin rules --format json``)."""
        data: dict[str, Any] = json.loads(json.dumps(_thaw(self.raw), ensure_ascii=False))
        return data


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_thaw(v) for v in value]
    return value


def _check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    return lang


def plural_index(count: int, lang: str) -> int:
    """CLDR cardinal plural category as an index: en one/other, ru and pl one/few/many."""
    n = abs(count)
    if lang == "en":
        return 0 if n == 1 else 1
    few = n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14)
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return 0
        return 1 if few else 2
    if n == 1:
        return 0
    return 1 if few else 2
