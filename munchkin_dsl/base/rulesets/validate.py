"""Everything a ruleset data file must satisfy, checked once when it is loaded.

Why apart: the checks are many and grow with each rulebook; grouped here by what they
check (kinds, names, sources, decks, rules, terms), each group a small function that adds
to the one list of problems a malformed file is reported with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from munchkin_dsl.base.rulesets.model import (
    BIG_CATEGORIES,
    CARD_KINDS,
    CURSE_KINDS,
    EVERY_HELPER,
    FIXED_RULE_IDS,
    LANGUAGES,
    OVERRIDES,
    SHARED_WIN,
)

_PLURAL_FORMS = {"en": 2, "ru": 3, "pl": 3}
_REQUIRED_TERMS = ("curse", "curse_prefix", "money", "bad_stuff", "big", "door", "treasure",
                   "level", "one_shot", "go_up_a_level")
_FORM_TERMS = ("curse", "money", "door", "treasure", "level", "seal")
_REQUIRED_SOURCES = ("players", "deal", "deal_after_death", "hand_limit", "races", "classes",
                     "second_race_card", "second_class_card", "curse_kind", "money",
                     "big_category", "big_exempt", "helper_levels", "shared_win",
                     "charity_to_living_only", "death_keeps", "monster_speeds", "card_kinds",
                     "decks")


#: What a check adds a problem with: ``need(condition, message)``.
Need = Callable[[bool, str], None]

_REQUIRED_KEYS = ("id", "title", "game_line", "edition", "seed", "rulebook_language", "races",
                  "classes", "second_race_card", "second_class_card", "curse_kind",
                  "hand_limit", "hand_limit_changes", "big_category", "big_exempt",
                  "helper_levels", "shared_win", "charity_to_living_only", "death_keeps",
                  "monster_speeds", "card_kinds", "sources", "players", "deal",
                  "deal_after_death", "money", "decks", "deck_of_kind", "names",
                  "monster_enhancers_named", "fixed_rules", "terms")


def validate(ruleset_id: str, data: Mapping[str, Any]) -> list[str]:
    """Everything a data file must satisfy; returns the problems found."""
    problems: list[str] = []

    def need(condition: bool, message: str) -> None:
        if not condition:
            problems.append(message)

    missing = [key for key in _REQUIRED_KEYS if key not in data]
    if missing:
        return [f"missing keys: {', '.join(missing)}"]

    need(data["id"] == ruleset_id, f"id {data['id']!r} does not match the file name")
    for check in (_kinds, _traits, _sources, _decks, _rules, _terms):
        check(data, need)
    return problems


def _kinds(data: Mapping[str, Any], need: Need) -> None:
    """Card kinds, the curse-like kind and the deck of each kind."""
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


def _traits(data: Mapping[str, Any], need: Need) -> None:
    """Races and classes: every one named elsewhere exists and has its translations."""
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


def _sources(data: Mapping[str, Any], need: Need) -> None:
    """Every top-level fact cites the rulebook; money is named in every language."""
    sources = data["sources"]
    needed_sources = list(_REQUIRED_SOURCES)
    needed_sources += [k for k in ("deal_fast", "helper_levels_fast", "no_value_term")
                       if k in data]
    need(not set(needed_sources) - set(sources),
         f"[sources] lacks {sorted(set(needed_sources) - set(sources))}")
    for lang in LANGUAGES:
        need(lang in data["money"], f"money.{lang} missing")


def _decks(data: Mapping[str, Any], need: Need) -> None:
    """Each deck: names in every language, a source, lower-case aliases naming one deck."""
    seen_aliases: set[str] = set()
    for deck_id, deck in data["decks"].items():
        need(set(LANGUAGES) <= set(deck.get("names", {})), f"deck {deck_id} needs en/ru/pl")
        need("source" in deck, f"deck {deck_id} needs a source")
        for alias in deck.get("aliases", []):
            need(alias == alias.casefold(), f"alias {alias!r} is not lower-case")
            need(alias not in seen_aliases, f"alias {alias!r} names two decks")
            seen_aliases.add(alias)


def _rules(data: Mapping[str, Any], need: Need) -> None:
    """Fixed rules R1..R4 in the rulebook's words; every rule, note and tag cites a source."""
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


def _terms(data: Mapping[str, Any], need: Need) -> None:
    """The printed words in every language, countable ones with the language's plural forms."""
    for lang in LANGUAGES:
        terms = data["terms"].get(lang)
        if terms is None:
            need(False, f"[terms.{lang}] missing")
            continue
        need(not set(_REQUIRED_TERMS) - set(terms),
             f"[terms.{lang}] lacks {sorted(set(_REQUIRED_TERMS) - set(terms))}")
        for key in _FORM_TERMS:
            if key in terms:
                need(isinstance(terms[key], list) and len(terms[key]) == _PLURAL_FORMS[lang],
                     f"terms.{lang}.{key} needs {_PLURAL_FORMS[lang]} plural forms")
        need(("seal" in terms) == ("seal" in data["decks"]), f"terms.{lang}.seal vs decks")
