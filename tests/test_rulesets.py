"""Rulesets: the five rulebooks as data, their loader and ``munchkin rules``.

The facts asserted here are RULES.md section 3; the citation tests check every
``seeds/<file>, «heading»`` against the seed texts (tests/seeds.py finds them, or the test
fails) and every quoted rule against the rulebook's own wording.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from seeds import require_seeds, seeds_dir

from munchkin_dsl.base.rulesets import (
    CARD_KINDS,
    CURSE_KINDS,
    FIXED_RULE_IDS,
    LANGUAGES,
    Ruleset,
    UnknownRuleset,
    all_rulesets,
    load_ruleset,
    ruleset_ids,
    suggest,
)
from munchkin_dsl.commands.rules import command as rules_command

IDS = ("munchkin-1.6", "munchkin-apocalypse", "munchkin-classic-ru", "munchkins-and-mazes",
       "star-munchkin")
SEED_FILES = {
    "munchkin-1.6": "seeds/000_2feb673ef6db30b2.txt",
    "munchkin-classic-ru": "seeds/001_7bcb66d8d130d627.txt",
    "munchkins-and-mazes": "seeds/002_23128819c3848d70.txt",
    "star-munchkin": "seeds/003_b4d032ea3b4e825b.txt",
    "munchkin-apocalypse": "seeds/004_70e5bcf37aa8b912.txt",
}


SEEDS = seeds_dir()


def needs_seeds(fn: Callable[..., None]) -> Callable[..., None]:
    """Run with the seeds; without them fail (see tests/seeds.py), never skip silently."""
    @functools.wraps(fn)
    def wrapper(*args: object, **kwargs: object) -> None:
        require_seeds()
        fn(*args, **kwargs)
    return wrapper


@pytest.fixture(params=IDS)
def ruleset(request: pytest.FixtureRequest) -> Ruleset:
    return load_ruleset(request.param)


# -- loading ----------------------------------------------------------------------------


def test_ruleset_ids_are_the_five_sorted() -> None:
    assert ruleset_ids() == IDS


def test_every_ruleset_loads(ruleset: Ruleset) -> None:
    assert ruleset.id in IDS
    assert ruleset.seed == SEED_FILES[ruleset.id]
    assert ruleset.card_kinds <= set(CARD_KINDS)
    assert ruleset.curse_kind in CURSE_KINDS and ruleset.curse_kind in ruleset.card_kinds
    assert set(ruleset.decks) >= {"door", "treasure"}
    assert [rule.id for rule in ruleset.fixed_rules] == list(FIXED_RULE_IDS)


def test_all_rulesets_and_cache() -> None:
    assert tuple(r.id for r in all_rulesets()) == IDS
    assert load_ruleset("star-munchkin") is load_ruleset("star-munchkin")


def test_rulesets_are_frozen() -> None:
    ruleset = load_ruleset("munchkin-1.6")
    with pytest.raises(AttributeError):
        ruleset.hand_limit = 9  # type: ignore[misc]
    with pytest.raises(TypeError):
        ruleset.decks["door"] = ruleset.decks["treasure"]  # type: ignore[index]


def test_unknown_ruleset_suggests() -> None:
    with pytest.raises(UnknownRuleset) as caught:
        load_ruleset("star")
    assert caught.value.ruleset_id == "star"
    assert caught.value.suggestions == ("star-munchkin",)
    assert "did you mean 'star-munchkin'?" in caught.value.hint
    assert suggest("munchkin-apocalypsa") == ("munchkin-apocalypse",)
    assert suggest("munchkin-16") == ("munchkin-1.6",)
    assert suggest("classic") == ("munchkin-classic-ru",)
    assert suggest("zzz") == ()


def test_unknown_ruleset_without_suggestion_lists_known() -> None:
    with pytest.raises(UnknownRuleset) as caught:
        load_ruleset("zzz")
    assert caught.value.suggestions == ()
    assert "munchkin-1.6" in caught.value.hint


# -- facts of RULES.md section 3 -----------------------------------------------------------


@pytest.mark.parametrize("ruleset_id, door, treasure", [
    ("munchkin-1.6", "Door", "Treasure"),
    ("munchkin-classic-ru", "Door", "Treasure"),
    ("munchkins-and-mazes", "Door", "Treasure"),
    ("star-munchkin", "Airlock", "Loot"),
    ("munchkin-apocalypse", "Door", "Treasure"),
])
def test_deck_names(ruleset_id: str, door: str, treasure: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert ruleset.decks["door"].name("en") == door
    assert ruleset.decks["treasure"].name("en") == treasure
    for deck in ruleset.decks.values():
        assert set(deck.names) == set(LANGUAGES)


def test_localized_deck_names() -> None:
    assert load_ruleset("star-munchkin").decks["door"].name("ru") == "Шлюз"
    assert load_ruleset("star-munchkin").decks["treasure"].name("ru") == "Трофеи"
    assert load_ruleset("munchkin-classic-ru").decks["door"].name("ru") == "Подземелья"
    seal = load_ruleset("munchkin-apocalypse").decks["seal"]
    assert seal.name("pl") == "Pieczęcie"
    assert load_ruleset("munchkin-apocalypse").raw["decks"]["seal"]["cards"] == 12


def test_deals() -> None:
    star = load_ruleset("star-munchkin")
    assert dict(star.deal) == {"door": 2, "treasure": 2}
    assert star.deal_fast is not None and dict(star.deal_fast) == {"door": 4, "treasure": 4}
    assert dict(star.deal_after_death) == {"door": 2, "treasure": 2}
    for ruleset_id in IDS:
        if ruleset_id != "star-munchkin":
            ruleset = load_ruleset(ruleset_id)
            assert dict(ruleset.deal) == {"door": 4, "treasure": 4}
            assert ruleset.deal_fast is None


def test_players() -> None:
    assert load_ruleset("munchkin-apocalypse").players == (2, 6)
    for ruleset_id in IDS[:1] + IDS[2:]:
        assert load_ruleset(ruleset_id).players == (3, 6)


def test_hand_limits() -> None:
    classic = load_ruleset("munchkin-classic-ru")
    assert classic.hand_limit == 5
    assert classic.hand_limit_for(["Dwarf"]) == 6
    assert classic.hand_limit_for(["Elf", "Warrior"]) == 5
    assert [(c.who, c.limit) for c in classic.hand_limit_changes] == [("Dwarf", 6)]
    for ruleset in all_rulesets():
        assert ruleset.hand_limit == 5
        if ruleset.id != "munchkin-classic-ru":
            assert ruleset.hand_limit_changes == ()
            assert ruleset.hand_limit_for(["Dwarf"]) == 5


@pytest.mark.parametrize("ruleset_id, races, classes", [
    ("munchkin-1.6", ("Elf", "Dwarf", "Halfling"), ("Warrior", "Wizard", "Thief", "Cleric")),
    ("munchkin-classic-ru", ("Elf", "Dwarf", "Halfling"),
     ("Warrior", "Wizard", "Thief", "Cleric")),
    ("munchkins-and-mazes", ("Elf", "Dwarf", "Orc", "Halfling"),
     ("Warrior", "Wizard", "Thief", "Cleric")),
    ("star-munchkin", ("Cyborg", "Mutant", "Feline"),
     ("Psychic", "Bounty Hunter", "Trader", "Gadgeteer")),
    ("munchkin-apocalypse", (), ("Blogger", "Kid", "Guerrilla", "Scientist")),
])
def test_races_and_classes(ruleset_id: str, races: tuple[str, ...],
                           classes: tuple[str, ...]) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert set(ruleset.races) == set(races)
    assert set(ruleset.classes) == set(classes)
    assert ("race" in ruleset.card_kinds) == bool(races)


def test_mazes_has_orc_and_hireling() -> None:
    mazes = load_ruleset("munchkins-and-mazes")
    assert "Orc" in mazes.races
    assert mazes.localized_name("Orc", "ru") == "Орк"
    assert "hireling" in mazes.card_kinds
    assert mazes.deck_for_kind("hireling") == "treasure"


@pytest.mark.parametrize("ruleset_id, second_race, second_class", [
    ("munchkin-1.6", "Half-Breed", "Super Munchkin"),
    ("munchkin-classic-ru", "Race Cocktail", "Super Munchkin"),
    ("munchkins-and-mazes", "Half-Breed", "Super Munchkin"),
    ("star-munchkin", "Race Cocktail", "Super Munchkin"),
    ("munchkin-apocalypse", "", "Super Munchkin"),
])
def test_second_race_and_class_cards(ruleset_id: str, second_race: str,
                                     second_class: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert ruleset.second_race_card == second_race
    assert ruleset.second_class_card == second_class
    if second_race == "Race Cocktail":
        assert ruleset.localized_name(second_race, "ru") == "Расовый Коктейль"


@pytest.mark.parametrize("ruleset_id, curse_kind", [
    ("munchkin-1.6", "curse"), ("munchkin-classic-ru", "curse"),
    ("munchkins-and-mazes", "curse"), ("star-munchkin", "trap"),
    ("munchkin-apocalypse", "disaster"),
])
def test_curse_kind(ruleset_id: str, curse_kind: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert ruleset.curse_kind == curse_kind
    assert ruleset.card_kinds & set(CURSE_KINDS) == {curse_kind}
    assert ruleset.deck_for_kind(curse_kind) == "door"


def test_money_and_big() -> None:
    star = load_ruleset("star-munchkin")
    assert star.money("en") == "credits"
    assert star.money("ru") == "кредиты"
    assert star.big_category == "aggregate"
    assert star.big_exempt == ("Gadgeteer",)
    assert star.carries_any_big(["Gadgeteer"]) and not star.carries_any_big(["Cyborg"])
    assert star.terms("en")["big"] == "Aggregate"
    for ruleset_id in ("munchkin-1.6", "munchkin-classic-ru", "munchkins-and-mazes",
                       "munchkin-apocalypse"):
        ruleset = load_ruleset(ruleset_id)
        assert ruleset.big_category == "big"
        assert "gold" in ruleset.money("en")
    assert load_ruleset("munchkin-classic-ru").big_exempt == ("Dwarf",)
    assert load_ruleset("munchkin-apocalypse").big_exempt == ()
    assert load_ruleset("munchkins-and-mazes").no_value_term("ru") == "Без цены"
    assert load_ruleset("munchkin-1.6").no_value_term("en") is None


@pytest.mark.parametrize("ruleset_id, helpers, fast", [
    ("munchkin-1.6", ("Elf",), ("Elf",)),
    ("munchkin-classic-ru", ("Elf",), ("Elf",)),
    ("munchkins-and-mazes", ("Elf",), ("Elf",)),
    ("star-munchkin", (), ()),
    ("munchkin-apocalypse", (), ("*",)),
])
def test_helper_levels(ruleset_id: str, helpers: tuple[str, ...],
                       fast: tuple[str, ...]) -> None:
    ruleset = load_ruleset(ruleset_id)
    assert ruleset.helper_levels == helpers
    assert ruleset.helper_levels_fast == fast
    assert ruleset.helper_gains_level(["Elf"]) == ("Elf" in helpers)
    assert not ruleset.helper_gains_level(["Warrior"])


def test_apocalypse_fast_rules_level_every_helper() -> None:
    apocalypse = load_ruleset("munchkin-apocalypse")
    assert not apocalypse.helper_gains_level(["Kid"])
    assert apocalypse.helper_gains_level(["Kid"], fast=True)


@pytest.mark.parametrize("ruleset_id, shared", [
    ("munchkin-1.6", "none"), ("munchkin-classic-ru", "both"),
    ("munchkins-and-mazes", "none"), ("star-munchkin", "both"),
    ("munchkin-apocalypse", "all"),
])
def test_shared_win(ruleset_id: str, shared: str) -> None:
    assert load_ruleset(ruleset_id).shared_win == shared


@pytest.mark.parametrize("ruleset_id, has, lacks", [
    ("munchkin-1.6", {"race", "class", "curse", "monster-enhancer"},
     {"sidekick", "hireling", "seal", "item-enhancer", "trap", "disaster"}),
    ("munchkin-classic-ru", {"race", "curse"}, {"sidekick", "hireling", "seal", "trap"}),
    ("munchkins-and-mazes", {"race", "curse", "hireling"}, {"sidekick", "seal", "trap"}),
    ("star-munchkin", {"race", "trap", "sidekick"}, {"curse", "hireling", "seal"}),
    ("munchkin-apocalypse", {"seal", "item-enhancer", "disaster", "class"},
     {"race", "curse", "trap", "sidekick", "hireling"}),
])
def test_card_kinds(ruleset_id: str, has: set[str], lacks: set[str]) -> None:
    kinds = load_ruleset(ruleset_id).card_kinds
    assert has <= kinds
    assert not lacks & kinds


def test_deck_for_kind(ruleset: Ruleset) -> None:
    expected = {"monster": "door", "monster-enhancer": "door", "curse": "door", "trap": "door",
                "disaster": "door", "race": "door", "class": "door", "door": "door",
                "item": "treasure", "one-shot": "treasure", "treasure": "treasure",
                "item-enhancer": "treasure", "sidekick": "door", "hireling": "treasure",
                "seal": "seal"}
    for kind in ruleset.card_kinds:
        assert ruleset.deck_for_kind(kind) == expected[kind]
    for kind in set(CARD_KINDS) - ruleset.card_kinds:
        with pytest.raises(KeyError):
            ruleset.deck_for_kind(kind)


def test_deck_by_alias() -> None:
    star = load_ruleset("star-munchkin")
    assert star.deck_by_alias("Airlock") == "door"
    assert star.deck_by_alias("airlocks") == "door"
    assert star.deck_by_alias("door") == "door"
    assert star.deck_by_alias("loot") == "treasure"
    assert star.deck_by_alias("шлюз") == "door"
    assert star.deck_by_alias("seal") is None
    apocalypse = load_ruleset("munchkin-apocalypse")
    assert apocalypse.deck_by_alias("Seals") == "seal"
    assert apocalypse.deck_by_alias("pieczęć") == "seal"
    assert load_ruleset("munchkin-1.6").deck_by_alias("airlock") is None


def test_tags() -> None:
    assert load_ruleset("munchkin-1.6").tags == ("Undead", "fire")  # fire: Flaming Armor
    assert set(load_ruleset("munchkin-apocalypse").tags) == {"Undead", "Shark"}
    star = load_ruleset("star-munchkin")
    assert set(star.tags) == {"laser", "fire", "cyber"}
    assert star.tag_info["laser"].joins
    assert load_ruleset("munchkin-apocalypse").tag_info["Shark"].horde


def test_localized_names(ruleset: Ruleset) -> None:
    for name in ruleset.races + ruleset.classes:
        assert ruleset.localized_name(name, "en") == name
        assert ruleset.localized_name(name, "ru")
        assert ruleset.localized_name(name, "pl")
    assert ruleset.localized_name("No Such Card", "ru") == "No Such Card"
    with pytest.raises(ValueError):
        ruleset.localized_name("Elf", "de")


def test_names_from_the_seeds() -> None:
    assert load_ruleset("star-munchkin").localized_name("Feline", "ru") == "Котейка"
    assert load_ruleset("star-munchkin").localized_name("Gadgeteer", "ru") == "Гаджестянщик"
    assert load_ruleset("munchkin-apocalypse").localized_name("Guerrilla", "pl") == "Partyzant"
    assert load_ruleset("munchkin-1.6").localized_name("Half-Breed", "ru") == "Полукровка"


# -- terms and plurals ------------------------------------------------------------------


def test_terms_have_every_key_and_plural_forms(ruleset: Ruleset) -> None:
    arity = {"en": 2, "ru": 3, "pl": 3}
    for lang in LANGUAGES:
        terms = ruleset.terms(lang)
        for key in ("curse", "curse_prefix", "money", "bad_stuff", "big", "door", "treasure",
                    "level", "one_shot", "go_up_a_level"):
            assert terms[key], (ruleset.id, lang, key)
        for key in ("curse", "money", "door", "treasure", "level"):
            assert isinstance(terms[key], tuple) and len(terms[key]) == arity[lang]
        assert ("seal" in terms) == ("seal" in ruleset.decks)


@pytest.mark.parametrize("count, form", [(1, "сокровище"), (2, "сокровища"), (4, "сокровища"),
                                         (5, "сокровищ"), (11, "сокровищ"), (12, "сокровищ"),
                                         (21, "сокровище"), (22, "сокровища"),
                                         (0, "сокровищ")])
def test_russian_plural(count: int, form: str) -> None:
    assert load_ruleset("munchkin-1.6").plural("treasure", count, "ru") == form


@pytest.mark.parametrize("count, form", [(1, "skarb"), (2, "skarby"), (5, "skarbów"),
                                         (12, "skarbów"), (22, "skarby"), (21, "skarbów")])
def test_polish_plural(count: int, form: str) -> None:
    assert load_ruleset("munchkin-apocalypse").plural("treasure", count, "pl") == form


def test_english_plural_and_line_words() -> None:
    star = load_ruleset("star-munchkin")
    assert star.plural("money", 1, "en") == "credit"
    assert star.plural("money", 300, "en") == "credits"
    assert star.plural("curse", 2, "ru") == "ловушки"
    assert star.plural("treasure", 5, "ru") == "трофеев"
    assert load_ruleset("munchkin-apocalypse").terms("pl")["curse_prefix"] == "Katastrofa!"
    assert load_ruleset("munchkin-apocalypse").plural("level", 5, "pl") == "poziomów"


# -- fixed rules, variants, contradictions ------------------------------------------------


def test_fixed_rules_have_text_and_seed_source(ruleset: Ruleset) -> None:
    for rule in ruleset.fixed_rules:
        assert rule.text.strip() and rule.text_en.strip()
        assert _cited_seeds(rule.source), rule.source
        for seed in _cited_seeds(rule.source):
            assert seed in SEED_FILES.values()
            assert (require_seeds() / Path(seed).name).is_file()


def test_star_munchkin_no_zero_strength_and_its_contradiction() -> None:
    star = load_ruleset("star-munchkin")
    r1 = star.fixed_rule("R1")
    assert r1.variant == "no_zero_strength"
    assert "«Когда применять карты»" in r1.source
    assert r1.contradiction is not None
    assert "«Уровень:»" in r1.contradiction.source
    assert "отрицательным" in r1.contradiction.text
    assert star.fixed_rule("R4").override == "never"


def test_classic_ru_contradiction() -> None:
    r1 = load_ruleset("munchkin-classic-ru").fixed_rule("R1")
    assert r1.variant is None
    assert r1.contradiction is not None
    assert "«Когда Применять Карты»" in r1.contradiction.source
    assert "ниже уровня 1" in r1.contradiction.text


def test_base_lines_have_standard_fixed_rules() -> None:
    for ruleset_id in ("munchkin-1.6", "munchkins-and-mazes", "munchkin-apocalypse"):
        for rule in load_ruleset(ruleset_id).fixed_rules:
            assert rule.variant is None and rule.override == "explicit"
            assert rule.contradiction is None


def test_optional_rules_and_mixing() -> None:
    base = load_ruleset("munchkin-1.6")
    assert {r.id for r in base.optional_rules} == {"faster-play", "shared-victory", "epic"}
    assert base.optional_rule("epic") is not None
    assert base.optional_rule("epic").changes["winning_level"] == 20  # type: ignore[union-attr]
    assert load_ruleset("munchkin-classic-ru").optional_rules == ()
    star = load_ruleset("star-munchkin")
    same = {note.kinds for note in star.mixing if note.action == "same-kind"}
    assert ("trap", "curse") in same and ("hireling", "sidekick") in same
    assert any(note.action == "separate-categories" for note in star.mixing)
    apocalypse = load_ruleset("munchkin-apocalypse")
    assert any(note.kinds == ("disaster", "curse") for note in apocalypse.mixing)
    seal_roll = [note for note in apocalypse.mixing if note.action == "seal-roll"]
    assert seal_roll and seal_roll[0].details["roll"] == 1


# -- citations checked against the seeds ---------------------------------------------------

_SEED_REF = re.compile(r"seeds/(\d{3}_[0-9a-f]{16}\.txt)")
_HEADING = re.compile(r"«(.+?)»(?=\s*(?:[,;()]|$))")


def _cited_seeds(source: str) -> list[str]:
    return [f"seeds/{name}" for name in _SEED_REF.findall(source)]


def _strip_parentheticals(text: str) -> str:
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\([^()]*\)", "", text)
    return text


def _citations(source: str) -> Iterator[tuple[str, str]]:
    """(seed file name, heading) pairs of one citation string."""
    parts = _SEED_REF.split(source)
    for name, tail in zip(parts[1::2], parts[2::2], strict=True):
        tail = _strip_parentheticals(tail).split(";")[0]
        for heading in _HEADING.findall(tail):
            yield name, heading


def _all_sources(value: object, where: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(value, dict):
        for key, item in value.items():
            if (key == "source" or where.endswith("sources")) and isinstance(item, str):
                yield f"{where}.{key}", item
            yield from _all_sources(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _all_sources(item, f"{where}[{index}]")


def _seed_lines(name: str) -> list[str]:
    assert SEEDS is not None
    text = (SEEDS / name).read_text(encoding="utf-8")
    return [line.strip().lstrip("#").strip().strip("*").strip() for line in text.splitlines()]


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "")).strip()


@needs_seeds
def test_every_cited_heading_is_in_its_seed(ruleset: Ruleset) -> None:
    lines_by_seed: dict[str, list[str]] = {}
    checked = 0
    for where, source in _all_sources(ruleset.to_json()):
        for name, heading in _citations(source):
            lines = lines_by_seed.setdefault(name, _seed_lines(name))
            found = heading in lines or (
                heading.endswith(":") and any(line.startswith(heading) for line in lines))
            assert found, f"{ruleset.id} {where}: heading «{heading}» not in {name}"
            checked += 1
    assert checked > 30


@needs_seeds
def test_every_quotation_is_verbatim(ruleset: Ruleset) -> None:
    def seed_text(source: str) -> str:
        names = [Path(seed).name for seed in _cited_seeds(source)]
        assert names, source
        return " ".join(_normalise((SEEDS / n).read_text(encoding="utf-8")) for n in names)

    quotes: list[tuple[str, str]] = []
    for rule in ruleset.fixed_rules:
        quotes.append((rule.text, rule.source))
        text_ru = ruleset.raw["fixed_rules"][FIXED_RULE_IDS.index(rule.id)].get("text_ru")
        if text_ru:
            quotes.append((text_ru, rule.source))
        if rule.contradiction is not None:
            quotes.append((rule.contradiction.text, rule.contradiction.source))
    quotes += [(r.text, r.source) for r in ruleset.optional_rules]
    quotes += [(r.text, r.source) for r in ruleset.line_rules]
    quotes += [(n.resolution, n.source) for n in ruleset.mixing]
    for quote, source in quotes:
        assert _normalise(quote) in seed_text(source), f"{ruleset.id}: not verbatim: {quote}"


def test_each_seed_belongs_to_one_ruleset() -> None:
    assert {r.id: r.seed for r in all_rulesets()} == SEED_FILES


# -- munchkin rules -------------------------------------------------------------------------


def test_rules_command_lists() -> None:
    result = CliRunner().invoke(rules_command, [])
    assert result.exit_code == 0, result.output
    for ruleset in all_rulesets():
        assert ruleset.id in result.stdout and ruleset.seed in result.stdout


def test_rules_command_shows_one() -> None:
    result = CliRunner().invoke(rules_command, ["star-munchkin"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "2 door + 2 treasure" in out
    assert "Airlock / Шлюз" in out
    assert "no_zero_strength" in out
    assert "«Когда применять карты»" in out
    assert "trap" in out and "aggregate" in out and "credits" in out


def test_rules_command_json() -> None:
    runner = CliRunner()
    listed = json.loads(runner.invoke(rules_command, ["--format", "json"]).stdout)
    assert [item["id"] for item in listed] == list(IDS)
    one = runner.invoke(rules_command, ["munchkin-apocalypse", "--format", "json"])
    assert one.exit_code == 0
    data = json.loads(one.stdout)
    assert data["id"] == "munchkin-apocalypse"
    assert data["races"] == [] and "seal" in data["card_kinds"]


def test_rules_command_unknown_id() -> None:
    result = CliRunner().invoke(rules_command, ["star"])
    assert result.exit_code == 2
    assert "error[R000]: unknown ruleset 'star'" in result.stderr
    assert "did you mean 'star-munchkin'?" in result.stderr
    assert result.stdout == ""


def test_rules_command_help_has_example() -> None:
    result = CliRunner().invoke(rules_command, ["--help"])
    assert result.exit_code == 0
    assert "Example:" in result.stdout and "munchkin rules star-munchkin" in result.stdout


def test_a_malformed_data_file_names_each_problem() -> None:
    """The data file checks (base/rulesets/validate.py) report every group's problem."""
    from munchkin_dsl.base.rulesets.validate import validate

    raw = load_ruleset("munchkin-1.6").to_json()
    assert validate("munchkin-1.6", raw) == []
    assert validate("other-id", raw) == ["id 'munchkin-1.6' does not match the file name"]
    broken = json.loads(json.dumps(raw))
    broken["card_kinds"].append("spaceship")
    broken["helper_levels"].append("Pirate")
    del broken["sources"]["deal"]
    broken["decks"]["treasure"]["aliases"] = list(broken["decks"]["door"]["aliases"][:1])
    broken["fixed_rules"][0]["override"] = "sometimes"
    del broken["terms"]["ru"]
    broken["terms"]["pl"]["money"] = ["one form"]
    problems = validate("munchkin-1.6", broken)
    expected = ["unknown card kinds {'spaceship'}", "helper_levels names unknown races/classes",
                "[sources] lacks ['deal']", "names two decks", "fixed rule R1: override",
                "[terms.ru] missing", "terms.pl.money needs 3 plural forms"]
    for part in expected:
        assert any(part in problem for problem in problems), (part, problems)
    del broken["terms"]
    assert validate("munchkin-1.6", broken) == ["missing keys: terms"]
