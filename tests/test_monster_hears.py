"""A monster's lines at what another player does in its own fight (issue 19 item 1, family
1): `when another player plays a card` and `when another player helps` on a monster are
heard only in its fight, from its side (`another player`: a player other than the
fighter), each line acting for the fighter; only the fight's strengths change there."""

from __future__ import annotations

from pathlib import Path

import grammar_lines as gl
import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.cli import main

HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
PLAYS = "when another player plays a card, if the card played is a one-shot: +2"


def _monster(line: str) -> str:
    return (f'monster n "N" {{ level 4; treasures 1; {line}; bad stuff: lose 1 level }}\n'
            'one-shot o "O" { value 100; in combat: +1 to either side }\n')


@pytest.mark.parametrize("line", [
    PLAYS,
    "when another player plays a card: that player loses 1 level",
    "when another player helps: +3",
    "when another player helps: draw 1 treasure",
])
def test_a_monster_hears_another_player_in_its_fight(line: str, tmp_path: Path) -> None:
    assert [c for c in pack_codes(_monster(line), tmp_path) if c.startswith("E")] == []


def test_only_the_fights_strengths_change_and_the_hint_says_so(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEADER + _monster("when another player plays a card: -1 to run away"),
        encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(tmp_path)]).output
    assert "E221" in out and "on a monster this event comes in its own fight" in out
    assert "another player's fight" not in out  # (the message for a card in play)


SCENARIOS = """
scenario: another player's one-shot: +2
player A: level 5
player B: level 1, hand o
A fights n
expect strength 5 vs 4
B plays o for players
expect strength 6 vs 6

scenario: the fighter's own one-shot: nothing
player A: level 5, hand o
A fights n
A plays o for players
expect strength 6 vs 4

scenario: a card played in another monster's fight: nothing
player A: level 5
player B: level 1, hand o
A fights m
B plays o for players
expect strength 6 vs 4
"""


def test_the_engine_plays_a_monster_hearing_a_card_played(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEADER + _monster(PLAYS)
        + 'monster m "M" { level 4; treasures 1; bad stuff: lose 1 level }\n',
        encoding="utf-8")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "hear.scn").write_text(SCENARIOS, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path)])
    assert "3 passed, 0 failed" in result.output, result.output


@pytest.mark.parametrize("line", [
    "when another player plays a card: +2",
    "when another player plays a card: that player loses 1 level",
    "when another player helps: +3",
])
def test_the_probe_proves_a_monster_hearing_another_player(line: str) -> None:
    assert gl.explain("monster", "munchkin-1.6", line)[-1] == "proof: proven"
