"""Replacement (issue 19 item 1, Effect: "*instead of* (replace)"): `instead of EVENT:
EFFECTS` for its Bad Stuff, dying, losing a level, losing an item, being cursed and
looting the room.

Each form parses to its event's timing, is refused with a reason where it cannot mean
anything, prints in en, ru and pl, and plays: tests/data/instead-cards holds the cards,
its scenarios prove that the replaced event does not happen and the line's effects do.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.language import registry
from munchkin_dsl.language.parser import parse_text
from munchkin_dsl.language.parts.instead import replacing

CARDS = Path(__file__).resolve().parent / "data" / "instead-cards"
HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'


@pytest.mark.parametrize(("words", "timing", "event"), [
    ("instead of its bad stuff", "instead_of_bad_stuff", "bad_stuff"),
    ("instead of bad stuff", "instead_of_bad_stuff", "bad_stuff"),
    ("instead of dying", "instead_of_dying", "on_death"),
    ("instead of losing a level", "instead_of_losing_level", "would_lose_level"),
    ("instead of losing levels", "instead_of_losing_level", "would_lose_level"),
    ("instead of losing an item", "instead_of_losing_item", "would_lose_item"),
    ("instead of being cursed", "instead_of_being_cursed", "when_targeted"),
    ("instead of looting the room", "instead_of_looting", "on_loot"),
    ("instead of drawing treasures", "instead_of_drawing_treasures", "win_treasures"),
    ("instead of drawing a treasure", "instead_of_drawing_a_treasure", "draw_one_treasure"),
    ("instead of drawing any treasure card", "instead_of_drawing_a_treasure",
     "draw_one_treasure"),
    ("instead of drawing a door", "instead_of_drawing_a_door", "draw_one_door"),
])
def test_each_event_parses_to_the_timing_that_replaces_it(words: str, timing: str,
                                                         event: str) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'item x "X" {{ bonus +1; value 100; {words}: draw 1 treasure }}\n',
                      "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    assert unit.cards[0].lines[0].when[0].timing == timing
    assert replacing(event) == timing  # the engine finds the lines from the event's id
    assert timing in registry.timings()


def _codes(body: str, tmp_path: Path) -> list[str]:
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [d.code for d in sink.items if d.code.startswith("E")]


@pytest.mark.parametrize(("body", "code"), [
    # the monster's own line that always applies is its Bad Stuff
    ('monster m "M" { level 2; treasures 1; bad stuff: lose 2 levels; '
     'instead of its bad stuff: lose 1 level }\n', "E220"),
    # a monster with no Bad Stuff has none to replace
    ('monster m "M" { level 2; treasures 1; instead of its bad stuff, if you are Elf: lose '
     '1 level }\n', "E220"),
    # dying instead of dying; a level loss for a level loss; an item for an item
    ('item i "I" { bonus +1; value 100; instead of dying: you die }\n', "E221"),
    ('item i "I" { bonus +1; value 100; instead of losing a level: lose 2 levels }\n',
     "E221"),
    ('item i "I" { bonus +1; value 100; instead of losing an item: discard an item in '
     'play }\n', "E221"),
    # a curse on you does not answer the next curse; the dead lose their curses
    ('curse c "C" { instead of being cursed: lose 1 level }\n', "E220"),
    ('curse c "C" { instead of dying: lose 1 level }\n', "E220"),
    # a monster replaces nothing of a player but its own Bad Stuff
    ('monster m "M" { level 2; treasures 1; bad stuff: lose 1 level; instead of dying, '
     'if you are Elf: lose 1 level }\n', "E220"),
    # `prevent it` is the would-lose event's; a replacement replaces already
    ('item i "I" { bonus +1; value 100; instead of losing a level: prevent it }\n', "E221"),
    # a replacement is no moment of a fight
    ('item i "I" { bonus +1; value 100; instead of its bad stuff: +3 to you }\n', "E221"),
])
def test_a_replacement_that_cannot_mean_anything_is_refused(body: str, code: str,
                                                            tmp_path: Path) -> None:
    assert code in _codes(body, tmp_path)


def test_the_refusals_say_why_and_what_to_write(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + (
        'monster m "M" { level 2; treasures 1; bad stuff: lose 2 levels; '
        'instead of its bad stuff: lose 1 level }\n'
        'item i "I" { bonus +1; value 100; instead of dying: you die }\n'), encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    hints = " ".join(d.hint or "" for d in sink.items if d.code.startswith("E"))
    assert "`bad stuff: ...`" in hints and "give the line a condition" in hints
    assert "dying instead of dying changes nothing" in hints and "`lose 2 levels`" in hints


def test_the_same_forms_where_they_mean_something_check_clean(tmp_path: Path) -> None:
    assert _codes(
        'monster m "M" { level 2; treasures 1; bad stuff: lose 2 levels; '
        'instead of its bad stuff, if you are Elf: lose 1 level }\n'
        'monster enhancer e "E" { +5 to monster; instead of its bad stuff: victim loses 1 '
        'level }\n'
        'curse c "C" { instead of its bad stuff: lose 3 levels }\n'
        'one-shot o "O" { value 100; instead of dying: discard whole hand }\n'
        'item i "I" { bonus +1; value 100; instead of losing an item, discard this card: '
        'draw 1 treasure face down }\n', tmp_path) == []


TEXTS = {
    "en": ["Instead of its Bad Stuff: lose 1 level.",
           "Instead of dying, discard this card: lose 2 levels.",
           "Instead of losing a level: discard 1 card.",
           "Instead of losing an item: lose 1 level.",
           "Instead of being cursed: draw 1 Door face down.",
           "Instead of looting the room: draw 1 Treasure face down."],
    "ru": ["Вместо его Непотребства: теряешь 1 уровень.",
           "Вместо того чтобы умереть, сбрось эту карту: теряешь 2 уровня.",
           "Вместо потери уровня: сбрасываешь 1 карту.",
           "Вместо потери шмотки: теряешь 1 уровень.",
           "Вместо того чтобы получить проклятие: тянешь 1 дверь втёмную.",
           "Вместо того чтобы чистить нычки: тянешь 1 сокровище втёмную."],
    "pl": ["Zamiast jego Niefartu: tracisz 1 poziom.",
           "Zamiast zginąć, odrzuć tę kartę: tracisz 2 poziomy.",
           "Zamiast tracić poziom: odrzucasz 1 kartę.",
           "Zamiast tracić przedmiot: tracisz 1 poziom.",
           "Zamiast zostać przeklętym: dobierasz 1 kartę z talii Drzwi w ciemno.",
           "Zamiast przeszukiwać pokój: dobierasz 1 skarb w ciemno."],
}


@pytest.mark.parametrize("lang", sorted(TEXTS))
def test_card_text_in_every_language(lang: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + (
        'one-shot a "A" { value 100; instead of its bad stuff: lose 1 level }\n'
        'item b "B" { bonus +1; value 300; instead of dying, discard this card: lose 2 '
        'levels }\n'
        'item c "C" { bonus +1; value 300; instead of losing a level: discard 1 card }\n'
        'item d "D" { bonus +1; value 300; instead of losing an item: lose 1 level }\n'
        'item e "E" { bonus +1; value 300; instead of being cursed: draw 1 door face down }\n'
        'item f "F" { bonus +1; value 300; instead of looting the room: draw 1 treasure face '
        'down }\n'), encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    for words in TEXTS[lang]:
        assert words in result.output, (words, result.output)


def test_the_replacement_cards_play_as_written() -> None:
    sink = DiagnosticSink()
    check_pack(CARDS, sink)
    assert not [d for d in sink.items if d.code.startswith("E")], [d.message for d in sink.items]
    result = CliRunner().invoke(main, ["test", str(CARDS), "--format", "json"])
    doc = json.loads(result.output)
    assert len(doc["scenarios"]) >= 15 and all(s["passed"] for s in doc["scenarios"]), result.output


def test_the_trace_says_which_card_replaced_the_event() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS), "--trace", "-k", "Ankh"])
    assert "Ankh replaces the death for A" in result.output
    assert "A dies" not in result.output.split("without the Ankh")[0]
    result = CliRunner().invoke(main, ["test", str(CARDS), "--trace", "-k", "Second Wind"])
    assert "Second Wind replaces the Bad Stuff of Ogre for A" in result.output


# ---------------------------------------------------------------- help bans that last
def test_cannot_help_parses_and_lasts_with_its_curse(tmp_path: Path) -> None:
    sink = DiagnosticSink()
    unit = parse_text('curse s "S" { until the end of your next turn: you cannot help anyone '
                      '}\ncurse t "T" { victim may not help }\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    assert type(unit.cards[0].lines[0].effects[0]).__name__ == "CannotHelp"
    assert unit.cards[0].lines[0].when[0].timing == "until_end_of_next_turn"
    assert type(unit.cards[1].lines[0].effects[0]).__name__ == "CannotHelp"


@pytest.mark.parametrize("body", [
    # a ban on a card in play is its own line, with no timing
    'item i "I" { bonus +1; value 100; on kill: you cannot help }\n',
    # the ban is the curse's own line: at another timing it would last for nothing
    'curse c "C" { next combat: you cannot help }\n',
])
def test_a_help_ban_that_would_last_for_nothing_is_refused(body: str, tmp_path: Path) -> None:
    codes = _codes(body, tmp_path)
    assert {"E202", "E221"} & set(codes), codes


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Until the end of your next turn: you cannot help anyone."),
    ("ru", "ты не можешь никому помогать"),
    ("pl", "nie możesz nikomu pomagać"),
])
def test_cannot_help_text(lang: str, words: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + 'curse s "S" { until the end of your next '
                                         'turn: you cannot help anyone }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert words in result.output, result.output


def test_the_trace_says_who_cannot_help() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS), "--trace", "-k", "Sloth"])
    assert "A cannot help anyone while Sloth stays" in result.output
    assert "refused: A cannot help anyone (Sloth)" in result.output
