"""Events of a won fight, a monster coming into a fight, kills waited for, help bans at
help events (issue 19 item 1: the fifth and sixth held-out sets' families, cards 245,
247, 272, 287, 303, 309, 320; language/parts/won_fights.py, fight_entry.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, pack_codes

from munchkin_dsl.cli import main

CARDS = '''class skald "Skald" {
  when a fight you helped in is won: draw 1 treasure face down
}

class skald2 "Skald2" {
  when another player wins a fight, if you are helper: draw 1 treasure face down
}

item ring "Ring" {
  bonus +1
  value 100
  when you win a fight: draw 1 door face down
}

item ring2 "Ring2" {
  bonus +1
  value 100
  when a player wins a combat: draw 1 door face down
}

one-shot die "Greedy Die" {
  value 100
  after a win, if you are alone: draw 1 treasure face down for each point of a die halved
}

one-shot inj "Injector" {
  value 200
  in combat: +3 to you
  if the fighter wins this combat, if you win by 5 or more: draw 1 treasure face down
}

one-shot oc "Overclock" {
  value 200
  the next time you kill a monster: draw 1 treasure face down
}

one-shot watch "Watch" {
  value 200
  the next time that player wins a fight: draw 1 treasure face down
}


monster gnat "Gnat" {
  level 1
  treasures 1
  bad stuff: lose 1 level
}

one-shot charm "Charm" {
  value 100
  in combat: defeat the monster without a kill
}

one-shot whistle "Whistle" {
  value 200
  the next time that player kicks open a monster: +5 to monster
}

one-shot scroll "Scroll" {
  value 200
  play any time
  the next time you face a monster: -4 to monster
}

one-shot scroll2 "Scroll2" {
  value 200
  the next time a monster joins a combat you are in: -4 to monster
}

monster ogre "Ogre" {
  level 6
  treasures 2
  bad stuff: lose 1 level
}

door wander "Wandering Monster" {
  in combat: add a monster from hand
}

curse panic "Mass Panic" {
  the next time victim asks for help: nobody may help
}

item horn "Horn" {
  value 100
  bonus +1
  when another player asks for help: nobody may help
}

one-shot shush "Shush" {
  value 100
  when another player asks for help: nobody may help
}

'''

SCENARIOS = '''scenario: Skald - helper's win without a kill draws
player A: level 5, hand charm
player B: level 1, skald

A fights gnat
B helps
A plays charm
resolve
expect B hand 1

scenario: Ring - fighter's win without a kill
player A: level 5, hand charm, wears ring
A fights gnat
A plays charm
resolve
expect A hand 1

scenario: Greedy die after a win without kill
player A: level 5, hand charm die
rolls: 4
A fights gnat
A plays charm
resolve
A plays die
expect A hand 2

scenario: Injector margin 5
player A: level 5, hand inj
A fights gnat
A plays inj
resolve
expect A hand 2

scenario: Injector - a win by 4 draws no extra
player A: level 2, hand inj
A fights gnat
A plays inj
resolve
expect A hand 1

scenario: Overclock - a win without a kill is no kill: it waits
player A: level 5, hand oc charm
A plays oc
A fights gnat
A plays charm
resolve
expect A hand 0
expect A has oc

scenario: Overclock kill
player A: level 5, hand oc
A plays oc
A fights gnat
resolve
expect A hand 2

scenario: Watch
player A: level 5, hand watch
player B: level 5
A plays watch on B
B fights gnat
resolve
expect A hand 1

scenario: Whistle - B kicks open a monster: +5
player A: level 5, hand whistle
player B: level 5
door deck: gnat
turn: B
A plays whistle on B
B kicks open the door
expect strength 5 vs 6

scenario: Whistle - B fights from the hand: no +5, still waits
player A: level 5, hand whistle
player B: level 5
A plays whistle on B
B fights gnat
expect strength 5 vs 1

scenario: Scroll - as helper
player A: level 5
player B: level 5, hand scroll
B plays scroll
A fights ogre
B helps
expect strength 10 vs 2

scenario: Scroll2 - a wandering monster joins
player A: level 5, hand scroll2 wander ogre
A fights gnat
A plays scroll2
A plays wander
expect strength 5 vs 3

scenario: Panic - waits until asked, then no help
player A: level 5
player B: level 5, hand panic
player C: level 5
B plays panic on A
A fights ogre
C helps
expect strength 5 vs 6
expect A has no panic

scenario: Panic - without the curse, help
player A: level 5
player C: level 5
A fights ogre
C helps
expect strength 10 vs 6

scenario: Skald2 - helper condition at when another player wins
player A: level 5
player B: level 1, skald2
A fights gnat
B helps
resolve
expect B hand 1

scenario: Skald2 - not helping
player A: level 5
player B: level 1, skald2
A fights gnat
resolve
expect B hand 0
'''


def test_the_families_play_where_they_apply_and_not_elsewhere(tmp_path: Path) -> None:
    """Each line changes the game where its event comes (a win without a kill, a helper's
    win, a kicked-open monster, a monster joining, the help asked) and not where it does
    not (a lost margin, a monster from the hand, a fight not helped in)."""
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "pack.munch").write_text(HEADER + CARDS, encoding="utf-8")
    (tmp_path / "scenarios" / "t.scn").write_text(SCENARIOS, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path), "--format", "json"])
    doc = json.loads(result.output)
    failed = [s["name"] for s in doc["scenarios"] if not s["passed"]]
    assert failed == [] and len(doc["scenarios"]) == SCENARIOS.count("scenario:"), result.output


@pytest.mark.parametrize(("line", "code", "hint"), [
    ("if the fighter wins this combat by 5 or more: draw 1 treasure face down", "E002",
     "if the fighter wins this combat, if you win by 5 or more"),
    ("the next time that player kicks open the door and finds a monster: +5 to monster",
     "E002", "that player kicks open a monster"),
    ("the next time you defeat a monster: draw 1 treasure face down", "E002",
     "the next time you kill a monster"),
    ("after you win a fight: draw 1 door face down", "E002", "when you win a fight"),
    # (`the next time you die` and `the next time you are caught` wait now: the eighth
    # set's Dead Man's Switch, tests/data/waiting-steps)
])
def test_natural_attempts_get_a_hint_naming_the_form(line: str, code: str, hint: str,
                                                     tmp_path: Path) -> None:
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.compiler.api import check_pack

    (tmp_path / "pack.munch").write_text(
        HEADER + f'one-shot x "X" {{ value 100\n  {line}\n}}\n', encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    found = [d for d in sink.items if d.code == code]
    assert found and hint in (found[0].hint or ""), [str(d) for d in sink.items]


@pytest.mark.parametrize("line", [
    "when another player wins a fight: +2 to you",  # (outside any fight: nothing to change)
    "when another player kicks open a monster: +2 to you",  # (A is not in that fight)
])
def test_lines_that_would_do_nothing_are_refused(line: str, tmp_path: Path) -> None:
    codes = pack_codes(f'item x "X" {{ bonus +1\n  value 100\n  {line}\n}}\n', tmp_path)
    assert {"E221", "E228"} & set(codes), codes
