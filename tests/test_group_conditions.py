"""A group named by what its players are, and the warning for the table-wide reading
(issue 19 item 1, selectors): `each player who is an Elf loses 1 level` is the existing
`each Elf` group (E002 before); `if each player is Elf: each player loses 1 level`, where
the author surely meant the group, is W213 (the condition holds only if every player
passes it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_scenarios_pass, pack_codes


@pytest.mark.parametrize("line", [
    "each player who is an Elf loses 1 level",
    "every player who is a Wizard gains 1 level",
    "each player who is female loses 1 level",
])
def test_the_group_by_a_trait_is_accepted(line: str, tmp_path: Path) -> None:
    assert pack_codes(f'one-shot x "X" {{ value 100; {line} }}\n', tmp_path) == []


def test_a_group_an_effect_cannot_narrow_is_refused(tmp_path: Path) -> None:
    """`each Elf draws 1 treasure` would reach every player: E231 says so."""
    assert "E231" in pack_codes('one-shot x "X" { value 100; each player who is an Elf draws '
                                '1 treasure }\n', tmp_path)


@pytest.mark.parametrize(("line", "warned"), [
    ("if each player is Elf: each player loses 1 level", True),
    ("if every other player has a curse in play: every other player loses 1 level", True),
    ("if each player has a curse in play: you lose 1 level", False),  # not a group effect
    ("if any player is Elf: each player loses 1 level", False),  # one is enough: meant so
])
def test_a_table_wide_condition_before_a_group_is_warned(line: str, warned: bool,
                                                         tmp_path: Path) -> None:
    codes = pack_codes(f'one-shot x "X" {{ value 100; {line} }}\n', tmp_path)
    assert ("W213" in codes) == warned, codes


def test_the_group_reaches_only_its_players(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'one-shot cull "Cull" { value 100; each player who is an Elf loses 1 level }\n',
        encoding="utf-8")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "s.scn").write_text(
        "scenario: only the Elf loses a level\n"
        "player A: level 3, hand cull\n"
        "player B: level 3, elf\n"
        "A plays cull\n"
        "expect A level 3\n"
        "expect B level 2\n", encoding="utf-8")
    assert_scenarios_pass(tmp_path, 1)
