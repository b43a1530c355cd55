"""Durations counted in fights (`for your next 3 combats`, `in each of your next 3
combats`, `in your next combat`) on every card kind that keeps a line, and strength
operators kept by them (issue 19 item 1; authoring cards 310 Space Barnacle, 243 Curse!
Stage Fright, 244 Doppelgänger Draught), and bonuses ignored by slot or Big (274 Disaster!
Acid Rain).  The pack tests/data/fight-durations plays each
where it counts and where it no longer does; here: the forms, the text, the refusals."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import assert_scenarios_pass, pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.language.registry import misphrasing_hint

CARDS = Path(__file__).resolve().parent / "data" / "fight-durations"
MON = 'monster m "M" {{\n  level 4\n  treasures 1\n  {}\n}}\n'
CURSE = 'curse c "C" {{\n  {}\n}}\n'
ONE_SHOT = 'one-shot o "O" {{\n  value 100\n  {}\n}}\n'


def test_the_scenarios_pass() -> None:
    assert_scenarios_pass(CARDS, 8)


@pytest.mark.parametrize("card", [
    MON.format("bad stuff, in each of your next 3 combats: -1 to you"),
    MON.format("bad stuff, for your next 2 combats: you lose all bonuses"),
    MON.format("on escape, for your next 2 combats: -1 to you\n  bad stuff: lose 1 level"),
    CURSE.format("for your next 2 combats: victim loses all bonuses"),
    CURSE.format("in your next combat: -2 to victim"),
    CURSE.format("for their next 4 combats: halve the strength of victim"),
    ONE_SHOT.format("any time, for the next 2 combats: +2 to you"),
    ONE_SHOT.format("in combat, until end of combat, choose one: double the strength of "
                    "monster, or double the strength of fighter"),
    # bonuses ignored by slot or Big, on the holder or the whole fight
    CURSE.format("for your next 2 combats: victim ignores their headgear and armor bonuses"),
    ONE_SHOT.format("in combat: ignore Big item bonuses"),
    MON.format("fighter ignores their footgear bonuses\n  bad stuff: lose 1 level"),
])
def test_a_duration_counted_in_fights_is_accepted_on_each_kind(card: str,
                                                               tmp_path: Path) -> None:
    assert pack_codes(card, tmp_path) == []


def test_a_count_out_of_range_is_e205(tmp_path: Path) -> None:
    assert "E205" in pack_codes(CURSE.format("for your next 11 combats: -1 to victim"),
                                tmp_path)


def test_an_effect_done_once_is_not_kept_for_combats(tmp_path: Path) -> None:
    """A duration keeps what is read while it lasts; a level lost once is not (E221)."""
    assert "E221" in pack_codes(ONE_SHOT.format("any time, for the next 2 combats: "
                                                "gain 1 level"), tmp_path)


def test_a_duration_after_the_effect_gets_the_form_that_works() -> None:
    hint = misphrasing_hint("in combat: double the strength of fighter for this combat")
    assert hint is not None and "until end of combat" in hint, hint


def test_the_card_text_says_the_count() -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "In each of your next 3 combats, -1 to you" in result.output, result.output
    assert "In each of your next 2 combats: the victim loses all bonuses" in result.output


def test_the_fight_durations_pack_checks_clean() -> None:
    sink = DiagnosticSink()
    check_pack(CARDS, sink)
    assert [d.code for d in sink.items] == []
