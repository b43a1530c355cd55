"""The level operator (`halve the level of TARGET [rounded down | rounded up]`, Potion of
Halving, card 164 of tests/authoring/cards.md) on cards nobody wrote for it
(tests/data/level-operators), and the hints for a strength change written `X gets -2`
(Emergency Broadcast, card 199: the hint said "did you mean 'goes'?"), and the change
kept on other players for their own next combat that card needed."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import PackWriter

from munchkin_dsl.cli import main

CARDS = Path(__file__).resolve().parent / "data" / "level-operators"


def test_the_scenarios_play_every_carrier() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "5 passed, 0 failed" in result.output


@pytest.mark.parametrize("line", ["halve the level of monster rounded up",
                                  "halve the level of monster rounded down",
                                  "halve the level of you"])
def test_the_forms_are_accepted(packdir: PackWriter, line: str) -> None:
    assert packdir.diagnostics(f'one-shot p "P" {{ value 100\n  in combat: {line} }}\n') == []


@pytest.mark.parametrize(("line", "form"), [
    ("halve the monster's level", "`halve the level of monster`"),
    ("the level of the monster is halved", "`halve the level of monster`"),
    ("every other player gets -2", "`-2 to every other player`"),
    ("you get +2 in your next combat", "`until end of next combat: +2 to you`"),
    ("every other player gets -2 in their next combat",
     "`-2 to every other player in their next combat`"),
])
def test_a_natural_phrasing_is_sent_to_the_form(packdir: PackWriter, line: str,
                                                form: str) -> None:
    diags = packdir.diagnostics(f'one-shot p "P" {{ value 100\n  in combat: {line} }}\n')
    assert [d.code for d in diags] == ["E002"]
    hint = diags[0].hint or ""
    assert form in hint and "goes" not in hint, hint
    # the form the hint names is accepted
    said = form.strip("`")
    timing = "" if ":" in said else "in combat: "
    assert packdir.diagnostics(f'one-shot p "P" {{ value 100\n  {timing}{said} }}\n') == []


def test_the_next_combat_change_is_one_alternative_of_choose_one(packdir: PackWriter) -> None:
    assert packdir.diagnostics('one-shot p "P" { value 100\n  choose one: discard 1 card, or '
                               '-2 to every other player in their next combat }\n') == []


def test_the_next_combat_change_is_refused_on_a_monster(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('monster m "M" { level 2; treasures 1\n  bad stuff: -2 to '
                                'victim in their next combat }\n')
    assert diags and diags[0].code.startswith("E2"), [str(d) for d in diags]
