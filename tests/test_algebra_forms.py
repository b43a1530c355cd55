"""Selectors, control and amounts as declared parts (issue 19, item 1): parsed into the same
nodes as the hand-written forms, refused where they mean nothing, printed in en/ru/pl, and
played (tests/data/algebra-forms: twenty-three new cards over the five rulesets)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack, lower_pack
from munchkin_dsl.language.nodes import Ref, Target
from munchkin_dsl.language.parser import parse_text

PACK = Path(__file__).resolve().parent / "data" / "algebra-forms"




@pytest.mark.parametrize(("words", "kind"), [
    ("a player of your choice", "chosen_player"),
    ("the player with the most items", "most_items"),
    ("the winner", "winner"),
    ("the winner of the fight", "winner"),
    ("the player with the highest level", "highest_level"),
    ("the player with the lowest level", "lowest_level"),
    ("a player of your choice whose level is higher than yours", "chosen_higher_level"),
    ("a player of your choice whose level is lower than yours", "chosen_lower_level"),
    ("the other player with the most items", "other_most_items"),
    ("the other player with the highest level", "other_highest_level"),
    ("the other player with the lowest level", "other_lowest_level"),
])
def test_a_selector_stands_wherever_a_target_does(words: str, kind: str) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'one-shot x "X" {{ value 100; on kill: {words} gains 1 level; '
                      f'+2 to {words}; you steal 1 level from {words} }}\n', "t.munch", sink)
    assert not sink.items
    subject, to, source = (line.effects[0] for line in unit.cards[0].lines)
    for node in (subject.target, to.target, source.source):
        assert isinstance(node, Target) and node.kind == kind


def test_control_parts_set_the_ability_fields(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEADER + 'one-shot x "X" { value 100; any time, 3 times: draw 1 door face down }\n'
        'one-shot y "Y" { value 100; any time, twice: gain 1 level }\n'
        'one-shot z "Z" { value 100; any time, choose one: gain 1 level, or draw 1 door }\n',
        encoding="utf-8")
    sink = DiagnosticSink()
    cards = {c.id: c for c in lower_pack(check_pack(tmp_path, sink))}
    assert not sink.items
    assert cards["x"].abilities[0].repeat == 3
    assert cards["y"].abilities[0].repeat == 2
    assert cards["z"].abilities[0].choose_one == 1 and cards["z"].abilities[0].repeat is None


@pytest.mark.parametrize(("line", "code"), [
    ("item x \"X\" { bonus +1; value 200; in combat: the winner gains 1 level }", "E221"),
    ("one-shot x \"X\" { value 100; any time, choose one: gain 1 level }", "E209"),
    ("monster x \"X\" { level 2; treasures 1; twice: +1 treasure; bad stuff: die }", "E226"),
    ("one-shot x \"X\" { value 100; any time, 9 times: gain 1 level }", "E205"),
    ("one-shot x \"X\" { value 100; in combat, twice, 3 times: +1 to you }", "E213"),
    ("one-shot x \"X\" { value 100; in combat, twice: kill the monster outright }", "E229"),
    ("curse x \"X\" { twice: victim changes sex }", "E229"),
    ("one-shot x \"X\" { value 100; any time, otherwise roll 4+: gain 1 level }", "E209"),
    ("one-shot x \"X\" { value 100; any time: draw 2 treasures up to 1 }", "E229"),
    ("one-shot x \"X\" { value 100; any time: gain 1 level per card }", "E210"),
    ("one-shot x \"X\" { value 100; in combat: gain 1 level for each card discarded into "
     "this combat }", "E229"),
    ("one-shot x \"X\" { value 100; any time: gain 1 level for each female item you have "
     "in play }", "E101"),
    ("monster x \"X\" { level 2; treasures 1; bad stuff: a player of your choice loses 1 "
     "level }", "E228"),
    ("item x \"X\" { bonus +1; value 200; +1 for each point of a die }", "E226"),
    ("monster x \"X\" { level 2; treasures 1; bad stuff: a player of your choice whose level "
     "is higher than yours loses 1 level }", "E228"),
    ("one-shot x \"X\" { value 100; in combat: +1 for each point you won by to you }", "E221"),
    ("treasure x \"X\" { persistent; any time, twice: discard this }", "E229"),
])
def test_a_form_that_means_nothing_there_is_refused(line: str, code: str,
                                                    tmp_path: Path) -> None:
    assert code in pack_codes(line + "\n", tmp_path)


def test_the_same_forms_where_they_mean_something_check_clean(tmp_path: Path) -> None:
    body = ('item x "X" { bonus +1; value 200; on kill: the winner gains 1 level }\n'
            'one-shot y "Y" { value 100; in combat, twice: +1 to you }\n'
            'curse z "Z" { victim changes sex }\n'
            'one-shot w "W" { value 100; any time, discard up to 3 cards: draw 1 door per '
            'card up to 2 }\n')
    assert pack_codes(body, tmp_path) == []


def test_an_amount_that_comes_out_as_0_lets_the_otherwise_apply(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEADER + 'one-shot x "X" { value 100; any time: gain 1 level for each curse you '
        'have in play, otherwise draw 1 treasure face down }\n', encoding="utf-8")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "t.scn").write_text(
        "scenario: no curse\nplayer A: level 2, hand x\nA plays x\nexpect A level 2\n"
        "expect A hand 1\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path)])
    assert result.exit_code == 0 and "1 passed" in result.output, result.output


def test_the_cards_check_clean_and_play_as_written() -> None:
    sink = DiagnosticSink()
    check_pack(PACK, sink)
    assert not sink.items, [str(d) for d in sink.items]
    result = CliRunner().invoke(main, ["test", str(PACK), "--format", "json"])
    doc = json.loads(result.output)
    failed = [s for s in doc["scenarios"] if not s["passed"]]
    assert len(doc["scenarios"]) == 31 and not failed, json.dumps(failed, ensure_ascii=False)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["a player of your choice goes up 1 level", "At any time, twice: draw",
            "The player with the most items discards", "the winner of the fight loses",
            "choose one: either go up 1 level, or draw 2", "After a kill, 3 times, roll 5+",
            "draw up to 3 Treasures face down",
            "go up 1 level for each curse you have in play, up to 2 in all",
            "Lose 1 level for each item you have in play, at least 1 in all",
            "draw 1 Treasure face down for each other player",
            "for every 5 points you won the fight by", "+1 for each point rolled on 2 dice",
            "go up 1 level for each point rolled on a die, up to 2 in all",
            "Lose half your levels (rounded down)", "Lose half your levels (rounded up)"]),
    ("ru", ["игрок на твой выбор получает 1 уровень", "В любой момент, дважды:",
            "Игрок с наибольшим числом шмоток сбрасывает", "победитель боя теряет",
            "выбери одно: либо", "3 раза, выброси 5+", "+3 игроку на твой выбор",
            "тянешь 3 сокровища втёмную (или меньше, на выбор)",
            "за каждую карту «Проклятие» у тебя в игре, но всего не больше 2",
            "теряешь 1 уровень за каждую шмотку у тебя в игре, но всего не меньше 1",
            "за каждые 5 очков перевеса в выигранном бою",
            "+1 за каждое очко, выпавшее на 2 кубиках",
            "за каждое очко, выпавшее на кубике, но всего не больше 2",
            "теряешь половину своих уровней (с округлением вверх)"]),
    ("pl", ["wybrany przez ciebie gracz zyskuje 1 poziom", "dwukrotnie:",
            "Gracz z największą liczbą przedmiotów odrzuca", "zwycięzca walki traci",
            "wybierz jedno: albo", "3 razy, wyrzuć 5+", "+3 wybranemu przez ciebie graczowi",
            "dobierasz 3 skarby w ciemno (lub mniej, do wyboru)",
            "łącznie najwyżej 2", "tracisz 1 poziom za każdy twój przedmiot w grze, łącznie "
            "co najmniej 1", "za każde 5 punktów przewagi w wygranej walce",
            "+1 za każde oczko wyrzucone 2 kośćmi",
            "tracisz połowę swoich poziomów (zaokrąglając w górę)"]),
])
def test_the_cards_print_in_every_language(lang: str, words: list[str]) -> None:
    result = CliRunner().invoke(main, ["text", str(PACK), "--lang", lang])
    assert result.exit_code == 0, result.output
    missing = [w for w in words if w not in result.output]
    assert not missing, (missing, result.output)


def _play(tmp_path: Path, cards: str, scenarios: str) -> str:
    """Write a pack of ``cards`` and its scenarios, run `munchkin test`, return its output
    (the test asserts the exit code 0 through the counts it expects)."""
    (tmp_path / "pack.munch").write_text(HEADER + cards, encoding="utf-8")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "t.scn").write_text(scenarios, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path)])
    assert result.exit_code == 0, result.output
    return result.output


def test_big_items_is_a_card_filter_on_the_big_stat(tmp_path: Path) -> None:
    """`Big items` (the `big` stat, no tag): counted by a condition, picked by a card
    selector; a small item never counts."""
    output = _play(
        tmp_path, 'item crate "Crate" { big; bonus +1; value 200 }\n'
        'item cap "Cap" { headgear; bonus +1; value 200 }\n'
        'item pride "Pride" { bonus +0; value 300; if you have at least 2 Big items in play: '
        '+2 }\n'
        'one-shot dump "Dump" { value 100; any time: discard a Big item you carry }\n'
        'item heap "Heap" { bonus +0; value 300; +1 for each Big item you have in play }\n'
        'monster m "M" { level 8; treasures 1; bad stuff: lose 1 level }\n',
        "scenario: one Big item and a small one: no +2\n"
        "player A: level 1, items pride crate cap\nA fights m\n"
        "expect strength 3 vs 8\n\n"
        "scenario: +1 for the one Big item\n"
        "player A: level 1, items heap crate cap\nA fights m\nexpect strength 4 vs 8\n\n"
        "scenario: the Big item goes, the small one stays\n"
        "player A: level 1, items crate cap, hand dump\nA plays dump\n"
        "expect A has no crate\nexpect A has cap\n")
    assert "3 passed" in output, output
    unit = parse_text('item x "X" { bonus +0; value 300; if you have a Big item in play: '
                      '+1 }\n', "t.munch", DiagnosticSink())
    condition = unit.cards[0].lines[0].when[0]
    assert getattr(condition, "value", None) == Ref("big", condition.value.span)


def test_ignore_their_item_bonuses_is_the_holders_own_items_only(tmp_path: Path) -> None:
    """`victim ignores their item bonuses`: the victim's items count 0, a helper's still
    count (`ignore item bonuses` drops both)."""
    output = _play(
        tmp_path, 'item crate "Crate" { bonus +1; value 200 }\n'
        'item cap "Cap" { headgear; bonus +2; value 200 }\n'
        'curse storm "Storm" { next combat: victim ignores their item bonuses }\n'
        'monster m "M" { level 9; treasures 1; bad stuff: lose 1 level }\n',
        "scenario: the victim's Cap is ignored, the helper's Crate is not\n"
        "player A: level 2, wears cap\nplayer B: level 1, wears crate, hand storm\n"
        "B plays storm on A\nA fights m\nB helps\nexpect strength 4 vs 9\n")
    assert "1 passed" in output, output
    # on a monster it is its fight's players' own items (tests/data/swaps: Rust Golem)
    assert "E202" not in pack_codes('monster x "X" { level 2; treasures 1; ignore your item '
                                    'bonuses; bad stuff: die }\n', tmp_path)


def test_filtered_and_other_selectors_pick_as_written(tmp_path: Path) -> None:
    """`a player of your choice whose level is higher than yours` offers only the players
    above you (none: nobody); `the other player with the most items` leaves you out."""
    output = _play(
        tmp_path, 'item crate "Crate" { bonus +1; value 200 }\n'
        'item cap "Cap" { headgear; bonus +1; value 200 }\n'
        'one-shot eye "Eye" { value 100; any time: a player of your choice whose level is '
        'higher than yours loses 1 level }\n'
        'one-shot hive "Hive" { value 100; any time: the other player with the most items '
        'loses 1 level }\n',
        "scenario: only C is higher\nplayer A: level 4, hand eye\nplayer B: level 2\n"
        "player C: level 6\nA chooses option 1\nA plays eye\nexpect C level 5\n"
        "expect B level 2\n\n"
        "scenario: nobody higher\nplayer A: level 7, hand eye\nplayer B: level 2\n"
        "A plays eye\nexpect B level 2\nexpect A level 7\n\n"
        "scenario: the most items, you left out\nplayer A: level 3, wears crate cap, hand "
        "hive\nplayer B: level 3, wears crate\nplayer C: level 3\nA plays hive\n"
        "expect B level 2\nexpect A level 3\nexpect C level 3\n")
    assert "3 passed" in output, output
