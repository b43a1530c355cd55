"""Rulesets: the five Munchkin rulebooks the toolchain knows, kept as data.

A ruleset is what one rulebook says a pack must fit: its decks and what each deck is called,
the deal and hand limit, races and classes, what the curse-like cards are called (Curse,
Trap, Disaster), money, Big items or Aggregates, who gains levels by helping, the four fixed
rules with the rulebook's own wording, optional rules and what the rulebook says about
mixing with other lines.

They are data files (``<id>.toml`` beside this module), not code, for three reasons:

* every fact must cite the rulebook it comes from (``seeds/<file>, «<section heading>»``), and
  a citation sits naturally next to the fact in a data file, where a reviewer can check one
  against the other without reading Python;
* the rulebooks contradict one another and themselves; a data file records the variant and
  the contradiction (with both quotations) so the checker and the mixer can report them,
  instead of code silently picking one reading;
* adding a sixth line is one new file, reviewed by someone who knows the game, not a change
  to the compiler.

This module reads the files with :mod:`importlib.resources` (so an installed copy works),
validates them once, and exposes each as a frozen :class:`Ruleset`.
"""

from __future__ import annotations

import difflib
import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any

from munchkin_dsl import data as _kind_data

__all__ = [
    "BIG_CATEGORIES",
    "CARD_KINDS",
    "CURSE_KINDS",
    "EVERY_HELPER",
    "FIXED_RULE_IDS",
    "LANGUAGES",
    "OVERRIDES",
    "SHARED_WIN",
    "Contradiction",
    "Deck",
    "FixedRule",
    "HandLimitChange",
    "LineRule",
    "MixingNote",
    "OptionalRule",
    "Ruleset",
    "RulesetDataError",
    "Tag",
    "UnknownRuleset",
    "all_rulesets",
    "load_ruleset",
    "ruleset_ids",
    "suggest",
]

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

_PLURAL_FORMS = {"en": 2, "ru": 3, "pl": 3}
_REQUIRED_TERMS = ("curse", "curse_prefix", "money", "bad_stuff", "big", "door", "treasure",
                   "level", "one_shot", "go_up_a_level")
_FORM_TERMS = ("curse", "money", "door", "treasure", "level", "seal")
_REQUIRED_SOURCES = ("players", "deal", "deal_after_death", "hand_limit", "races", "classes",
                     "second_race_card", "second_class_card", "curse_kind", "money",
                     "big_category", "big_exempt", "helper_levels", "shared_win",
                     "charity_to_living_only", "death_keeps", "monster_speeds", "card_kinds",
                     "decks")


class UnknownRuleset(LookupError):
    """No ruleset has this id; ``suggestions`` holds the nearest known ids."""

    def __init__(self, ruleset_id: str, suggestions: Iterable[str] = ()) -> None:
        self.ruleset_id = ruleset_id
        self.suggestions: tuple[str, ...] = tuple(suggestions)
        message = f"unknown ruleset {ruleset_id!r}"
        if self.suggestions:
            message += "; did you mean " + " or ".join(repr(s) for s in self.suggestions) + "?"
        super().__init__(message)

    @property
    def hint(self) -> str:
        """One line for a diagnostic's hint."""
        if self.suggestions:
            return "did you mean " + " or ".join(f"'{s}'" for s in self.suggestions) + "?"
        return "known rulesets: " + ", ".join(ruleset_ids())


class RulesetDataError(ValueError):
    """A ruleset data file is malformed (a bug in the shipped data, not in a pack)."""


def _frozen(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping or {}))


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
        go_up_a_level, and no_value / seal where the line has them.  Countable words are
        tuples of plural forms (two in English, three in Russian and Polish); see
        :meth:`plural`.
        """
        table = self.raw["terms"].get(_check_lang(lang))
        return MappingProxyType({
            key: tuple(value) if isinstance(value, list) else value
            for key, value in table.items()
        })

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


# -- loading ------------------------------------------------------------------------------


def _data_files() -> dict[str, Any]:
    return {
        entry.name[: -len(".toml")]: entry
        for entry in resources.files(__name__).iterdir()
        if entry.name.endswith(".toml")
    }


def ruleset_ids() -> tuple[str, ...]:
    """The ids of every shipped ruleset, sorted."""
    return tuple(sorted(_data_files()))


def suggest(word: str, choices: Iterable[str] | None = None) -> tuple[str, ...]:
    """Did-you-mean candidates for a misspelt ruleset id (close matches, then substrings)."""
    choices = tuple(choices if choices is not None else ruleset_ids())
    wanted = word.strip().casefold()
    scored = sorted(
        ((difflib.SequenceMatcher(None, wanted, choice).ratio(), choice) for choice in choices),
        reverse=True,
    )
    # Every id shares "munchkin", so keep only the cluster around the best match.
    best = scored[0][0] if scored else 0.0
    found = [choice for score, choice in scored if score >= 0.6 and score >= best - 0.1]
    for choice in choices:
        if wanted and (wanted in choice or choice in wanted) and choice not in found:
            found.append(choice)
    return tuple(found[:3])


@lru_cache(maxsize=32)
def load_ruleset(ruleset_id: str) -> Ruleset:
    """Load, validate and cache one ruleset; raises :class:`UnknownRuleset`."""
    files = _data_files()
    entry = files.get(ruleset_id)
    if entry is None:
        raise UnknownRuleset(ruleset_id, suggest(ruleset_id, files))
    data = tomllib.loads(entry.read_text(encoding="utf-8"))
    return _build(ruleset_id, data)


def all_rulesets() -> tuple[Ruleset, ...]:
    """Every shipped ruleset, in id order."""
    return tuple(load_ruleset(ruleset_id) for ruleset_id in ruleset_ids())


def _build(ruleset_id: str, data: dict[str, Any]) -> Ruleset:
    problems = _validate(ruleset_id, data)
    if problems:
        raise RulesetDataError(f"{ruleset_id}.toml: " + "; ".join(problems))
    tags = data.get("tags", {})
    return Ruleset(
        id=data["id"],
        title=data["title"],
        game_line=data["game_line"],
        edition=data["edition"],
        seed=data["seed"],
        rulebook_language=data["rulebook_language"],
        players=(int(data["players"]["min"]), int(data["players"]["max"])),
        races=tuple(data["races"]),
        classes=tuple(data["classes"]),
        second_race_card=data["second_race_card"],
        second_class_card=data["second_class_card"],
        curse_kind=data["curse_kind"],
        card_kinds=frozenset(data["card_kinds"]),
        decks=MappingProxyType({
            deck_id: Deck(deck_id, _frozen(deck["names"]),
                          tuple(deck["aliases"]), deck["source"])
            for deck_id, deck in data["decks"].items()
        }),
        deal=_frozen(_counts(data["deal"])),
        deal_fast=_frozen(_counts(data["deal_fast"])) if "deal_fast" in data else None,
        deal_after_death=_frozen(_counts(data["deal_after_death"])),
        hand_limit=int(data["hand_limit"]),
        hand_limit_changes=tuple(
            HandLimitChange(change.get("race") or change["class"], int(change["limit"]),
                            change["source"])
            for change in data["hand_limit_changes"]
        ),
        big_category=data["big_category"],
        big_exempt=tuple(data["big_exempt"]),
        helper_levels=tuple(data["helper_levels"]),
        helper_levels_fast=tuple(data.get("helper_levels_fast", data["helper_levels"])),
        shared_win=data["shared_win"],
        charity_to_living_only=bool(data["charity_to_living_only"]),
        death_keeps=tuple(data["death_keeps"]),
        monster_speeds=tuple(data["monster_speeds"]),
        tags=tuple(tags),
        tag_info=MappingProxyType({
            name: Tag(name, tag["meaning"], tag["applies_to"], tag["source"],
                      bool(tag.get("horde", False)), bool(tag.get("joins", False)),
                      _frozen({lang: tag[lang] for lang in LANGUAGES if lang in tag}))
            for name, tag in tags.items()
        }),
        monster_enhancers_named=tuple(e["en"] for e in data["monster_enhancers_named"]),
        fixed_rules=tuple(_fixed_rule(rule) for rule in data["fixed_rules"]),
        optional_rules=tuple(
            OptionalRule(rule["id"], rule["title"], rule["text"], rule["text_en"],
                         rule["source"], _frozen(rule.get("changes")), rule.get("note"))
            for rule in data.get("optional_rules", [])
        ),
        line_rules=tuple(
            LineRule(rule["id"], rule["text"], rule["text_en"], rule["source"])
            for rule in data.get("line_rules", [])
        ),
        mixing=tuple(_mixing_note(note) for note in data.get("mixing", [])),
        raw=MappingProxyType(data),
    )


def _counts(table: Mapping[str, Any]) -> dict[str, int]:
    return {key: int(value) for key, value in table.items() if isinstance(value, int)}


def _fixed_rule(rule: Mapping[str, Any]) -> FixedRule:
    contradiction = rule.get("contradiction")
    return FixedRule(
        id=rule["id"],
        text=rule["text"],
        text_en=rule["text_en"],
        source=rule["source"],
        variant=rule.get("variant"),
        contradiction=None if contradiction is None else Contradiction(
            contradiction["text"], contradiction["text_en"], contradiction["source"],
            contradiction.get("variant"), contradiction.get("note"),
        ),
        override=rule.get("override", "explicit"),
        note=rule.get("note"),
    )


def _mixing_note(note: Mapping[str, Any]) -> MixingNote:
    known = {"topic", "resolution", "resolution_en", "source", "action", "kinds"}
    return MixingNote(
        topic=note["topic"],
        resolution=note["resolution"],
        resolution_en=note["resolution_en"],
        source=note["source"],
        action=note["action"],
        kinds=tuple(note.get("kinds", ())),
        details=_frozen({k: v for k, v in note.items() if k not in known}),
    )


def _validate(ruleset_id: str, data: Mapping[str, Any]) -> list[str]:
    """Everything a data file must satisfy; returns the problems found."""
    problems: list[str] = []

    def need(condition: bool, message: str) -> None:
        if not condition:
            problems.append(message)

    required = ("id", "title", "game_line", "edition", "seed", "rulebook_language", "races",
                "classes", "second_race_card", "second_class_card", "curse_kind",
                "hand_limit", "hand_limit_changes", "big_category", "big_exempt",
                "helper_levels", "shared_win", "charity_to_living_only", "death_keeps",
                "monster_speeds", "card_kinds", "sources", "players", "deal",
                "deal_after_death", "money", "decks", "deck_of_kind", "names",
                "monster_enhancers_named", "fixed_rules", "terms")
    missing = [key for key in required if key not in data]
    if missing:
        return [f"missing keys: {', '.join(missing)}"]

    need(data["id"] == ruleset_id, f"id {data['id']!r} does not match the file name")
    need(data["rulebook_language"] in LANGUAGES, "rulebook_language must be en, ru or pl")
    kinds = data["card_kinds"]
    need(set(kinds) <= set(CARD_KINDS), f"unknown card kinds {set(kinds) - set(CARD_KINDS)}")
    need(len(set(kinds)) == len(kinds), "card_kinds has duplicates")
    need(data["curse_kind"] in CURSE_KINDS, f"curse_kind {data['curse_kind']!r}")
    need(data["curse_kind"] in kinds, "curse_kind is not among card_kinds")
    need(not set(CURSE_KINDS) - {data["curse_kind"]} & set(kinds),
         "a line has exactly one curse-like kind")
    need(set(data["deck_of_kind"]) == set(kinds), "deck_of_kind must map exactly card_kinds")
    need(set(data["deck_of_kind"].values()) <= set(data["decks"]),
         "deck_of_kind names an unknown deck")
    need({"door", "treasure"} <= set(data["decks"]), "a line needs door and treasure decks")
    need(("seal" in data["decks"]) == ("seal" in kinds), "a seal deck iff the seal kind")
    need(data["shared_win"] in SHARED_WIN, f"shared_win {data['shared_win']!r}")
    need(data["big_category"] in BIG_CATEGORIES, f"big_category {data['big_category']!r}")
    need(bool(data["races"]) == ("race" in kinds), "races and the race kind go together")

    traits = set(data["races"]) | set(data["classes"])
    for key in ("big_exempt", "helper_levels", "helper_levels_fast"):
        extra = set(data.get(key, ())) - traits - {EVERY_HELPER}
        need(not extra, f"{key} names unknown races/classes {sorted(extra)}")
    for change in data["hand_limit_changes"]:
        need((change.get("race") or change.get("class")) in traits and "source" in change,
             f"bad hand_limit_changes entry {change}")
    for name in traits | ({data["second_race_card"], data["second_class_card"]} - {""}):
        need(name in data["names"], f"no [names.{name}] translations")
    for name, entry in data["names"].items():
        need({"ru", "pl", "source"} <= set(entry), f"[names.{name}] needs ru, pl and source")

    sources = data["sources"]
    needed_sources = list(_REQUIRED_SOURCES)
    needed_sources += [k for k in ("deal_fast", "helper_levels_fast", "no_value_term")
                       if k in data]
    need(not set(needed_sources) - set(sources),
         f"[sources] lacks {sorted(set(needed_sources) - set(sources))}")
    for lang in LANGUAGES:
        need(lang in data["money"], f"money.{lang} missing")

    seen_aliases: set[str] = set()
    for deck_id, deck in data["decks"].items():
        need(set(LANGUAGES) <= set(deck.get("names", {})), f"deck {deck_id} needs en/ru/pl")
        need("source" in deck, f"deck {deck_id} needs a source")
        for alias in deck.get("aliases", []):
            need(alias == alias.casefold(), f"alias {alias!r} is not lower-case")
            need(alias not in seen_aliases, f"alias {alias!r} names two decks")
            seen_aliases.add(alias)

    ids = [rule.get("id") for rule in data["fixed_rules"]]
    need(tuple(ids) == FIXED_RULE_IDS, f"fixed_rules must be R1..R4, got {ids}")
    for rule in data["fixed_rules"]:
        need(all(rule.get(k) for k in ("text", "text_en", "source")),
             f"fixed rule {rule.get('id')} needs text, text_en and source")
        need(rule.get("override", "explicit") in OVERRIDES,
             f"fixed rule {rule.get('id')}: override {rule.get('override')!r}")
    for section in ("optional_rules", "line_rules", "mixing"):
        for entry in data.get(section, []):
            need(bool(entry.get("source")), f"{section} entry {entry} lacks a source")
    for name, tag in data.get("tags", {}).items():
        need(all(tag.get(k) for k in ("meaning", "applies_to", "source")),
             f"tag {name} needs meaning, applies_to and source")

    for lang in LANGUAGES:
        terms = data["terms"].get(lang)
        if terms is None:
            problems.append(f"[terms.{lang}] missing")
            continue
        need(not set(_REQUIRED_TERMS) - set(terms),
             f"[terms.{lang}] lacks {sorted(set(_REQUIRED_TERMS) - set(terms))}")
        for key in _FORM_TERMS:
            if key in terms:
                need(isinstance(terms[key], list) and len(terms[key]) == _PLURAL_FORMS[lang],
                     f"terms.{lang}.{key} needs {_PLURAL_FORMS[lang]} plural forms")
        need(("seal" in terms) == ("seal" in data["decks"]), f"terms.{lang}.seal vs decks")
    return problems
