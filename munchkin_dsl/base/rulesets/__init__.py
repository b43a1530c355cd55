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
validates them once (:mod:`.validate`), and exposes each as a frozen :class:`Ruleset`
(:mod:`.model`, re-exported here, so callers import everything from this package).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
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
    WHOLE_SLOTS,
    Contradiction,
    Deck,
    FixedRule,
    HandLimitChange,
    LineRule,
    MixingNote,
    OptionalRule,
    Ruleset,
    Tag,
    plural_index,
)
from munchkin_dsl.base.rulesets.validate import validate
from munchkin_dsl.data import parse_shipped

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
    "WHOLE_SLOTS",
    "all_rulesets",
    "load_ruleset",
    "plural_index",
    "ruleset_ids",
    "suggest",
]


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
    data = parse_shipped(entry.read_text(encoding="utf-8"))  # shipped: kept parsed
    return _build(ruleset_id, data)


def all_rulesets() -> tuple[Ruleset, ...]:
    """Every shipped ruleset, in id order."""
    return tuple(load_ruleset(ruleset_id) for ruleset_id in ruleset_ids())


def money_words() -> tuple[str, ...]:
    """The words a card line may name money by (`for every 1000 credits of items`): each
    shipped ruleset's English money, its plural's first word (`gold pieces`: `gold`), so a
    ruleset that brings a money of its own brings its word to the grammar."""
    return tuple(sorted({str(r.terms("en")["money"][-1]).split()[0] for r in all_rulesets()}))


def _build(ruleset_id: str, data: dict[str, Any]) -> Ruleset:
    problems = validate(ruleset_id, data)
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

