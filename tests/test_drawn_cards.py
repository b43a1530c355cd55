"""`the card just drawn` (issue 19 item 1, Selector: "the card just drawn or dealt"):
draw events (`when you draw a treasure`, `... a door`, `... a card`), the card selector
and the condition subject that name the card each draw drew (language/parts/drawn.py,
parts/cards.py ``DrawnCard``, engine/drawn.py).

Each form is parsed to its part, refused with a reason where no card was drawn or the
test could never hold, printed in en/ru/pl, played by the scenarios of
tests/data/drawn-cards and proven by the grammar sweep's probe.
"""

from __future__ import annotations

from pathlib import Path

import grammar_lines as gl
import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.language.parser import parse_text
from munchkin_dsl.language.parts.cards import DrawnCard
from munchkin_dsl.language.parts.drawn import DrawsTreasure

CARDS = Path(__file__).resolve().parent / "data" / "drawn-cards"
MAGNET = "when you draw a treasure, if the card just drawn is an item: gain 1 level"
SIEVE = "when you draw a door, if the card just drawn is a curse: discard the card just drawn"


#: cards the draws may bring: a test must hold for some card of the pack in the deck
DECK = ('curse c "C" { lose 1 level }\n'
        'monster m "M" { level 1; treasures 1; bad stuff: lose 1 level }\n'
        'one-shot o "O" { value 100; in combat: +1 to you }\n')


def _item(line: str) -> str:
    return f'item x "X" {{ bonus +1; value 300; {line} }}\n' + DECK


def test_the_event_the_subject_and_the_pick_parse_to_their_parts() -> None:
    sink = DiagnosticSink()
    unit = parse_text(_item(SIEVE), "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    line = unit.cards[0].lines[0]
    assert line.when[0].timing == "draws_door"
    cond = line.when[1]
    assert (cond.subject, cond.predicate, cond.value.name) == ("drawn", "is", "curse")
    assert isinstance(line.effects[0].card, DrawnCard)


def test_an_article_before_a_name_is_the_same_test() -> None:
    sink = DiagnosticSink()
    a = parse_text('race r "R" { if you are an Elf: +1 to you }\n', "t.munch", sink)
    b = parse_text('race r "R" { if you are Elf: +1 to you }\n', "t.munch", sink)
    assert not sink.items
    assert a.cards[0].lines[0].when[0].value.name == b.cards[0].lines[0].when[0].value.name


@pytest.mark.parametrize("line", [
    MAGNET, SIEVE,
    "when you draw a door, if the card just drawn is a monster: give the card just drawn to "
    "the player to your left",
    "when you draw a card: put the card just drawn on top of its deck",
    "when you draw a treasure, if the card just drawn is not an item: discard the card just "
    "drawn, draw 1 treasure face down",
    "when you are dealt a treasure, if the card just drawn is a one-shot: gain 1 level",
])
def test_the_forms_check_clean(line: str, tmp_path: Path) -> None:
    assert [c for c in pack_codes(_item(line), tmp_path) if c.startswith("E")] == []


@pytest.mark.parametrize(("body", "code"), [
    # no draw at that moment: the words name no card
    (_item("on kill: discard the card just drawn"), "E221"),
    (_item("any time, if the card just drawn is an item: gain 1 level"), "E221"),
    ('curse c "C" { put the card just drawn on top of its deck }\n', "E221"),
    # a card has no level; `while` lasts no longer than the draw
    (_item("when you draw a card, if the card just drawn is level 3 or higher: gain 1 level"),
     "E222"),
    (_item("when you draw a card, while the card just drawn is an item: gain 1 level"), "E222"),
    # a name no card kind or tag has
    (_item("when you draw a card, if the card just drawn is a Bloggerz: gain 1 level"), "E101"),
    # a kind the deck never holds; a name no card of the pack has
    (_item("when you draw a door, if the card just drawn is an item: gain 1 level"), "E222"),
    (_item("when you draw a card, if the card just drawn is Undead: gain 1 level"), "E222"),
    ('item x "X" { bonus +1; value 300; when you draw a door, if the card just drawn is a '
     'curse: gain 1 level }\n', "E222"),
    # a monster or a curse is never put into play; a drawn card is in the hand already
    (_item("when you draw a door, if the card just drawn is a monster: put the card just "
           "drawn into play"), "E228"),
    (_item("when you draw a card: put the card just drawn into your hand"), "E228"),
    # the drawer holds it: taking it moves nothing
    (_item("when you draw a card: take the card just drawn"), "E228"),
    # a curse acts on its victim's draws only while it stays on them (wave 4: E220 before,
    # now E227, which asks for `persistent`)
    ('curse o "O" { when you draw a treasure: gain 1 level }\n', "E227"),
])
def test_a_line_where_the_words_name_nothing_is_refused(body: str, code: str,
                                                       tmp_path: Path) -> None:
    assert code in pack_codes(body, tmp_path)


def test_the_refusal_says_where_to_write_it(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        + _item("on kill: discard the card just drawn"), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert "E221" in result.output and "when you draw a treasure" in result.output


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Whenever you draw a door, if the card just drawn is a curse: discard the card "
           "just drawn."),
    ("ru", "Когда ты берёшь дверь, если только что взятая карта — проклятие: сбрасываешь "
           "только что взятую карту."),
    ("pl", "Gdy dobierasz drzwi, jeśli właśnie dobrana karta to klątwa: odrzucasz właśnie "
           "dobraną kartę."),
])
def test_card_text_names_the_draw_and_the_card(lang: str, words: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
        'item x "X" { bonus +1; value 300; name ru "Х"; name pl "X"; ' + SIEVE + ' }\n'
        'curse c "C" { name ru "К"; name pl "K"; lose 1 level }\n',
        encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_the_scenarios_play_each_draw() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "9 passed, 0 failed" in result.output


def test_the_event_is_declared_once() -> None:
    assert DrawsTreasure.timing == "draws_treasure" and DrawnCard.pick == "drawn"


@pytest.mark.parametrize(("kind", "line"), [
    ("item", MAGNET),
    ("race", "when you draw a door, if the card just drawn is a monster: give the card just "
             "drawn to the player to your left"),
    ("class", "when you draw a card, if the card just drawn is fire: give the card just drawn "
              "to the player to your left"),
    ("item", "when you draw a card, if the card just drawn is not an item: put the card just "
             "drawn on top of its deck"),
])
def test_the_probe_proves_a_drawn_line(kind: str, line: str) -> None:
    assert gl.explain(kind, "munchkin-1.6", line)[-1] == "proof: proven"
