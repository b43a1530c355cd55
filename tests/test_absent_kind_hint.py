"""W401 for a card kind the pack's game line lacks (second held-out set, card 122 Stable Boy:
a Hireling in munchkin-1.6, whose rules have none): the hint says how the card plays kept
as it is and what to write instead (data/kinds.toml `absent`), and the kept card plays so."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from conftest import HEADER

from munchkin_dsl.cli import main

HIRELING = 'hireling stable-boy "Stable Boy" { +1 }\n'


def test_the_hint_says_how_a_kept_hireling_plays_and_what_to_write(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + HIRELING, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    out = " ".join(result.output.split())
    assert "W401" in out and "munchkins-and-mazes has it" in out
    assert "munchkin-1.6 has no Hireling rules" in out
    assert "write an `item` tagged Hireling" in out


def test_a_kept_hireling_stays_in_play_and_its_lines_play(tmp_path: Path) -> None:
    """What the hint says: the card stays beside its player and its +1 counts."""
    (tmp_path / "pack.munch").write_text(
        HEADER + HIRELING + 'monster rat "Rat" { level 1; treasures 1; bad stuff: lose 1 '
        'level }\n', encoding="utf-8")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "s.scn").write_text(
        "scenario: the hireling's bonus\nplayer A: level 1, hand stable-boy\n"
        "A plays stable-boy\nA fights rat\nexpect strength 2 vs 1\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path)])
    assert result.exit_code == 0 and "1 passed" in result.output, result.output
