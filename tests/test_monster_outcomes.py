"""A monster's own kill event and the treasures a kill just drew (issue 19, the fourth
held-out set's cards 235 Ash Ravens and 215 Highwayman's Ambush).

`on kill` and `when defeated without a kill` on a monster (engine/monster_outcomes.py,
language/parts/monster_events.py; `on escape` and `bad stuff` were its already): its `you`
is the killer, its lines
reach the helper, the player side, every other player; it comes once the kill's treasures
are drawn, with `when another player kills a monster` and `the next time that player kills
a monster`, so each may name them (language/parts/spoils.py: `the treasures just drawn`,
`one of ...`, `a random treasure just drawn`, `if a treasure just drawn is an item`).  A
card in play's own `on kill` comes before the draw, so there the words are refused (E221),
as at any moment with no kill.  Played by tests/data/monster-outcomes both ways."""

from __future__ import annotations

from pathlib import Path

import grammar_lines as gl
import pytest
from click.testing import CliRunner
from conftest import assert_scenarios_pass, pack_codes

from munchkin_dsl.cli import main
from munchkin_dsl.language.parts import in_flight

CARDS = Path(__file__).resolve().parent / "data" / "monster-outcomes"
DECK = ('item tin "Tin" { headgear; bonus +1; value 200 }\n'
        'curse hex "Hex" { persistent; in combat: -1 to victim }\n')


def _monster(line: str) -> str:
    return f'monster m "M" {{ level 2; treasures 1; {line}; bad stuff: lose 1 level }}\n' + DECK


@pytest.mark.parametrize("body", [
    _monster("on kill: discard a curse you carry"),
    _monster("on kill: helper gains 1 level"),
    _monster("on kill: every other player draws 1 treasure face down"),
    _monster("on kill: player side loses 1 level"),
    _monster("on kill: the player to your left takes a random treasure just drawn"),
    _monster("on kill: discard the treasures just drawn"),
    _monster("on kill, if a treasure just drawn is an item: gain 1 level"),
    _monster("when defeated without a kill: gain 1 level"),
    _monster("if beaten without being killed: the player to your left takes the treasures "
             "just drawn"),
    'one-shot a "A" { value 100; the next time that player kills a monster: take one of the '
    'treasures just drawn }\n' + DECK,
    'item w "W" { bonus +1; value 300; when another player kills a monster: take a random '
    'treasure just drawn }\n' + DECK,
    'one-shot a "A" { value 100; after a kill, if a treasure just drawn is an item: gain 1 '
    'level }\n' + DECK,
])
def test_the_forms_check_clean(body: str, tmp_path: Path) -> None:
    assert [c for c in pack_codes(body, tmp_path) if c.startswith("E")] == []


@pytest.mark.parametrize(("body", "code"), [
    # no kill: no treasure just drawn
    ('one-shot a "A" { value 100; any time: take a random treasure just drawn }\n' + DECK,
     "E221"),
    (_monster("bad stuff: discard the treasures just drawn"), "E221"),
    # a card in play's own kill comes before the draw
    ('item i "I" { bonus +1; value 300; on kill: discard one of the treasures just drawn }\n'
     + DECK, "E221"),
    ('item i "I" { bonus +1; value 300; on kill, if a treasure just drawn is an item: gain 1 '
     'level }\n' + DECK, "E221"),
    # the treasure deck of the pack holds no such card
    (_monster("on kill, if a treasure just drawn is a monster: gain 1 level"), "E222"),
    # only a monster is defeated without a kill
    ('item i "I" { bonus +1; value 300; when defeated without a kill: gain 1 level }\n'
     + DECK, "E220"),
    # the fighter drew the treasures: taking them moves nothing
    (_monster("on kill: take one of the treasures just drawn"), "E228"),
    (_monster("when defeated without a kill: you take a random treasure just drawn"), "E228"),
    # a monster killed is discarded: it follows nobody
    (_monster("on kill: the monster follows victim"), "E221"),
    # `1 of`: the number is a word here
    ('one-shot a "A" { value 100; the next time that player kills a monster: take 1 of the '
     'treasures just drawn }\n' + DECK, "E002"),
])
def test_refused_where_no_treasure_was_just_drawn(body: str, code: str,
                                                  tmp_path: Path) -> None:
    assert code in pack_codes(body, tmp_path)


def _check_output(body: str, tmp_path: Path) -> str:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n' + body, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1
    return result.output


def test_the_hints_name_what_works(tmp_path: Path) -> None:
    out = _check_output('one-shot a "A" { value 100; the next time that player kills a '
                        'monster: take 1 of the treasures just drawn }\n' + DECK, tmp_path)
    assert "one of the treasures just drawn" in out
    out = _check_output('item i "I" { bonus +1; value 300; on kill: discard one of the '
                        'treasures just drawn }\n' + DECK, tmp_path)
    assert "the next time that player kills a monster" in out
    assert "comes before the draw" in out


def test_the_kill_events_after_the_draw_carry_the_treasures() -> None:
    assert in_flight.carried_at("when_other_kills") == {"spoils"}
    assert in_flight.carried_at("on_kill", "monster") == {"spoils"}
    assert in_flight.carried_at("on_kill", "item") == frozenset()
    assert in_flight.carried_at("on_escape", "monster") == frozenset()


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "After a kill: discard a curse you carry."),
    ("ru", "После убийства монстра: сбрасываешь проклятие из своих карт в игре."),
    ("pl", "Po zabiciu potwora: odrzucasz klątwę ze swoich kart w grze."),
    ("en", "the player to your left takes a random Treasure just drawn"),
    ("ru", "игрок слева от тебя забирает случайную карту из только что взятых сокровищ"),
    ("pl", "losową kartę spośród właśnie dobranych skarbów"),
    ("en", "if a treasure just drawn is an item: go up 1 level"),
    ("ru", "если одна из только что взятых карт — шмотка"),
    ("pl", "jeśli jedna z właśnie dobranych kart to przedmiot"),
    ("en", "If you defeat it without killing it: go up 1 level."),
    ("ru", "Если ты победил его, не убив: получаешь 1 уровень."),
    ("pl", "Jeśli pokonasz go bez zabijania: zyskujesz 1 poziom."),
])
def test_card_text(lang: str, words: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
        'monster m "M" { level 2; treasures 1; name ru "М"; name pl "M"; on kill: discard a '
        'curse you carry; on kill: the player to your left takes a random treasure just '
        'drawn; on kill, if a treasure just drawn is an item: gain 1 level; when defeated '
        'without a kill: gain 1 level; bad stuff: lose 1 level }\n'
        'item tin "Tin" { headgear; bonus +1; value 200; name ru "Т"; name pl "T" }\n',
        encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_the_scenarios_play_each_event_both_ways() -> None:
    assert_scenarios_pass(CARDS, 13)


@pytest.mark.parametrize(("kind", "ruleset", "line"), [
    ("monster", "munchkin-apocalypse", "on kill: discard a disaster you carry"),
    ("monster", "munchkin-1.6", "on kill: helper gains 1 level"),
    ("monster", "munchkin-1.6", "on kill: the player to your left takes a random treasure "
                                "just drawn"),
    ("monster", "munchkin-1.6", "on kill: discard the treasures just drawn"),
    ("monster", "munchkin-1.6", "when defeated without a kill: helper draws 1 door face down"),
    ("monster", "munchkin-1.6", "if beaten without being killed: every other player loses 1 "
                                "level"),
])
def test_the_probe_proves_a_monster_kill_line(kind: str, ruleset: str, line: str) -> None:
    assert gl.explain(kind, ruleset, line)[-1] == "proof: proven"
