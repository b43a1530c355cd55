"""Counts as amounts and in conditions (issue 19 item 1: "levels, the margin of victory",
"`per` counts of anything a selector names"; "Condition: counts, gold value carried").

A player's level (`for each level you have`), a difference of levels (`for each level the
monster has over you`), gold carried (`for every 500 gold of items the fighter carries`),
open Seals, a count on `+N die` and on a monster's `+N treasure` (the margin, read when it
is beaten), count conditions (`if there are at least 2 monsters in this combat`) and `in
combat`.  Parsed, refused where they mean nothing, printed in en/ru/pl and played (the pack
tests/data/amount-counts)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.language.parser import parse_text

CARDS = Path(__file__).resolve().parent / "data" / "amount-counts"


@pytest.mark.parametrize(("line", "what", "whose"), [
    ("in combat: +1 for each level you have to you", "level", "you"),
    ("in combat: +1 for each level the fighter has to you", "fighter_level", "fighter"),
    ("in combat: -1 for each level the monster has over you to monster", "level_over",
     "monster"),
    ("in combat: +1 for each level you have over the monster to you", "level_over", "you"),
    ("in combat: +1 for every 500 gold of items you carry to you", "gold", "you"),
    ("in combat: +1 for every 500 gold of items the fighter carries to you", "gold", "fighter"),
    ("in combat: +1 for each item you carry to you", "items", "you"),
    ("in combat: +1 die for each item the fighter carries to you", "items", "fighter"),
])
def test_each_count_is_parsed(line: str, what: str, whose: str) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'one-shot x "X" {{ {line} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    counted = unit.cards[0].lines[0].effects[0].counted
    assert (counted.what, counted.whose) == (what, whose)


def test_a_count_condition_compiles_to_its_count() -> None:
    result = compile_packs([str(CARDS)])
    assert result.data is not None
    feather = next(c for c in result.data.cards if c.id == "feather")
    cond = feather.abilities[0].conditions[0]
    assert (cond.subject, cond.predicate, cond.value) == ("table", "count_at_least", 2)
    assert cond.counts is not None and cond.counts.for_each == "monsters"
    slate = next(c for c in result.data.cards if c.id == "clean-slate")
    none = slate.abilities[0].conditions[0]
    assert (none.predicate, none.value, none.counts.for_each_tag) == ("count_at_most", 0,
                                                                      "curse")


@pytest.mark.parametrize(("line", "code"), [
    # a die only to test a condition is a roll; the margin has its own condition
    ("in combat, if there are at least 3 points of a die: +1 to you", "E229"),
    ("on kill, if there are at least 5 points you won by: gain 1 level", "E229"),
    ("in combat, if there are at least 2 cards discarded into this combat: +1 to you", "E229"),
    # no ruleset of the pack has Seals: the count is always 0
    ("in combat, if there are at least 2 open seals: +1 to you", "E229"),
    ("in combat: +1 for each open seal to you", "E229"),
    # the margin is known only once the fight is won (a monster's treasure line reads it then)
    ("in combat: +1 die for every 4 points you won by to you", "E221"),
    # no fight at this moment: a count of the fight is 0, `in combat` never holds
    ("outside combat: gain 1 level for each level you have over the monster", "E221"),
    ("outside combat, if there are at least 2 monsters in this combat: gain 1 level", "E221"),
    ("outside combat, if you are in combat: gain 1 level", "E228"),
])
def test_a_count_that_means_nothing_is_refused(line: str, code: str, tmp_path: Path) -> None:
    assert code in pack_codes(f'one-shot x "X" {{ value 100; {line} }}\n', tmp_path)


def test_the_margin_on_a_monster_treasure_line_is_accepted(tmp_path: Path) -> None:
    assert pack_codes('monster d "D" { level 12; treasures 3; +1 treasure for every 4 points '
                      'you won by; bad stuff: lose 2 levels }\n', tmp_path) == []


def test_a_count_after_a_phrase_that_takes_none_names_those_that_do(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'one-shot x "X" { value 100; any time: look at the top 3 doors and put them back in '
        'any order for each item you have in play }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code != 0
    assert "a count (`for each ...`" in result.output and "`+1 treasure`" in result.output
    assert "`+1 die to monster`" in result.output and "manual" in result.output


def test_a_short_expected_list_is_shown_whole(tmp_path: Path) -> None:
    """Seven words were cut to "'item', 'items', 'monster', 'monsters' or 2 more".  (After
    a bare name of a count many words may follow now (`played`, `on`, ...), so that list is
    cut as a long one; the seven who may have played a card into a fight are shown whole.)"""
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'monster m "M" { level 2; treasures 1; +1 for each card played into this combat by; '
        'bad stuff: lose 1 level }\n',
        encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert "E002" in result.output and "'you'" in result.output, result.output
    assert "more" not in result.output, result.output


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "In combat: -1 for each level the monster has over you to the monster."),
    ("en", "+1 for every 500 gold pieces of items the fighter carries."),
    ("en", "In combat, if there are at least 2 monsters in this combat: -5 to the monster."),
    ("en", "if there are no curses you have in play"),
    ("en", "if you are not in combat"),
    ("en", "+1 Treasure for every 4 points you won the fight by."),
    ("en", "+1 level for the kill for every 10 points you won the fight by."),
    ("en", "roll 1 die for each item you have in play and add the total to you"),
    ("ru", "за каждый уровень, на который монстр выше тебя"),
    ("ru", "+1 за каждые 500 голдов стоимости шмоток у бойца в игре."),
    ("ru", "если число монстров в этом бою не меньше 2"),
    ("ru", "если нет карт «Проклятие» у тебя в игре"),
    ("ru", "если ты не в бою"),
    ("ru", "+1 сокровище за каждые 4 очка перевеса в выигранном бою."),
    ("pl", "za każdy poziom, o który potwór cię przewyższa"),
    ("pl", "jeśli liczba potworów w tej walce wynosi co najmniej 2"),
    ("pl", "jeśli nie ma twoich kart „Klątwa” w grze"),
    ("pl", "jeśli nie walczysz"),
    ("pl", "+1 skarb za każde 4 punkty przewagi w wygranej walce."),
    ("pl", "W walce: +1 za każdy twój poziom."),
])
def test_card_text(lang: str, words: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_the_scenarios_read_each_count() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "16 passed, 0 failed" in result.output


def test_two_timings_one_of_them_a_fight_suggest_the_condition(tmp_path: Path) -> None:
    """E212 sent the author to split the line (two abilities, not "on your turn and outside
    combat"); the fight timing is a condition now."""
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'item s "S" { bonus +0; value 300; on your turn, outside combat, 3 uses, discard 1 '
        'card: draw 1 door face down }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert "E212" in result.output and "`if you are not in combat`" in result.output
