"""Swaps between players (`swap levels with X`, `victim swaps their class with X`,
`exchange an item you carry with an item X carries`), a card of the taker's choice from a
hand, a helper leaving the fight: parsed to their parts, printed in en, ru and pl, and
played by the scenarios under tests/data/swaps."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.language.parser import parse_text

CARDS = Path(__file__).resolve().parent / "data" / "swaps" / "munchkin-1.6"


def _hinted(text: str, form: str) -> bool:
    """Whether checking ``text`` refuses it with a hint that names ``form``."""
    sink = DiagnosticSink()
    parse_text(text, "t.munch", sink)
    assert sink.items, f"accepted: {text}"
    return any(form in (d.hint or "") for d in sink.items)


@pytest.mark.parametrize(("line", "what", "source"), [
    ("swap levels with another player", "levels", "another_player"),
    ("victim swaps their class with the player to your left", "class", "left_player"),
    ("swap your race with the highest level player", "race", "highest_level"),
    ("exchange an item you carry with an item another player carries", "item",
     "another_player"),
    ("trade 1 item with the player to your left", "item", "left_player"),
])
def test_a_swap_names_what_and_with_whom(line: str, what: str, source: str) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'one-shot x "X" {{ value 100; any time: {line} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    clause = unit.cards[0].lines[0].effects[0]
    assert type(clause).__name__ == "Swap"
    assert clause.what == what
    assert clause.source.kind == source


def test_their_left_is_told_the_seat_word() -> None:
    assert _hinted('curse c "C" { victim swaps their class with the player to their left }\n',
                   "the player to your left")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["swap levels with the player to your left", "your class with the player",
            "an item you carry for an item the player to your left carries"]),
    ("ru", ["меняешь свой уровень на уровень игрока слева от тебя", "класс на класс",
            "забираешь на выбор 1 карту с руки игрока слева", "помощник выходит из боя",
            "Шмотки бойца не дают бонусов", "ты не получаешь уровней"]),
    ("pl", ["zamieniasz swój poziom na poziom", "klasę na klasę",
            "1 kartę według własnego wyboru z ręki", "pomocnik opuszcza walkę"]),
])
def test_the_swaps_print_in_each_language(lang: str, words: list[str]) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert result.exit_code == 0, result.output
    for w in words:
        assert w in result.output, result.output


def test_the_scenarios_play_each_swap() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert " 0 failed" in result.output and "passed" in result.output


@pytest.mark.parametrize(("line", "what"), [
    ("take 1 card of your choice from the hand of another player", "chosen_cards"),
    ("the player to your left takes 2 cards of their choice from victim", "chosen_cards"),
    ("take 1 card at random from the hand of another player", "cards"),
])
def test_a_card_of_the_takers_choice_from_a_hand(line: str, what: str) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'one-shot x "X" {{ value 100; any time: {line} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    clause = unit.cards[0].lines[0].effects[0]
    assert type(clause).__name__ == "Take" and clause.what == what


@pytest.mark.parametrize("line", [
    "look at another player's hand and take 1 card",
    "look at the hand of victim and take a card",
    "steal a card of your choice from another player",
])
def test_looking_at_a_hand_is_told_the_form(line: str) -> None:
    assert _hinted(f'one-shot x "X" {{ value 100; any time: {line} }}\n',
                   "take 1 card of your choice from the hand of TARGET")


def test_the_helper_leaves_the_fight() -> None:
    sink = DiagnosticSink()
    unit = parse_text('one-shot x "X" { value 100; in combat: the helper leaves the combat }\n',
                      "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    assert type(unit.cards[0].lines[0].effects[0]).__name__ == "LeaveFight"


@pytest.mark.parametrize(("line", "form"), [
    ("fighter leaves the combat", "escape every monster"),
    ("the helper abandons the fight", "the helper leaves the combat"),
])
def test_leaving_a_fight_is_told_the_form(line: str, form: str) -> None:
    assert _hinted(f'one-shot x "X" {{ value 100; in combat: {line} }}\n', form)


@pytest.mark.parametrize("line", [
    "your items don't count against this monster",
    "the fighter's items do not count",
    "fighter's gear doesn't help",
])
def test_items_that_do_not_count_are_told_the_monster_form(line: str) -> None:
    assert _hinted(f'monster m "M" {{ level 4; treasures 1; {line}; bad stuff: lose 1 level }}\n',
                   "fighter ignores their item bonuses")


@pytest.mark.parametrize("line", [
    "until the end of your next turn: victim gains no levels",
    "victim cannot gain levels",
    "you may not go up a level",
])
def test_a_ban_on_going_up(line: str) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'curse c "C" {{ {line} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    assert type(unit.cards[0].lines[0].effects[0]).__name__ == "CannotGainLevels"


def test_cant_gain_is_told_the_form() -> None:
    assert _hinted("curse c \"C\" { victim can't gain levels }\n", "victim gains no levels")


def test_a_ban_on_going_up_binds_only_its_cards_player(tmp_path: Path) -> None:
    assert "E228" in pack_codes('curse c "C" { each player gains no levels }\n', tmp_path)
    assert "E228" not in pack_codes('curse c "C" { victim gains no levels }\n', tmp_path)
