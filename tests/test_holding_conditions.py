"""Family G of issue 19 (wealth, hand size, what a player carries) as authors write it:
`if you have no cards in hand`, `if victim has no items in play`, `if you have 3 or more
cards in hand`, `if you carry items worth 1000 gold or more` are conditions of their own
(parts/holdings.py), played in tests/data/holding-conditions; the phrasings the language
has no form for are refused with a hint naming the form that works."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, pack_codes

from munchkin_dsl.cli import main

CARDS = Path(__file__).resolve().parent / "data" / "holding-conditions"


@pytest.mark.parametrize("line", [
    "any time, if you have no cards in hand: gain 1 level",
    "any time, if you have no curses in play: gain 1 level",
    "any time, if you have 3 or more cards in hand: gain 1 level",
    "any time, if you have 2 or more items in play: gain 1 level",
    "any time, if you carry items worth 1000 gold or more: gain 1 level",
    "any time, if you carry items worth 1000 gold pieces or more: gain 1 level",
    "in combat, if you have more items in play than the fighter: +2 to you",
    "in combat, if you have fewer cards in hand than the helper: +2 to you",
    "in combat, if you have fewer curses in play than the victim: +2 to you",
    "in combat, if you carry items worth more than the fighter: +2 to you",
    "in combat, if you have a higher level than the fighter: +2 to you",
    "in combat, if you have a lower level than every other player: +2 to you",
])
def test_the_natural_phrasings_are_accepted(line: str, tmp_path: Path) -> None:
    assert pack_codes(f'one-shot x "X" {{ value 100; {line} }}\n', tmp_path) == []


def test_they_play() -> None:
    """Each pair of scenarios: where the condition holds and where it must not."""
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "16 passed, 0 failed" in result.output


@pytest.mark.parametrize(("line", "hint"), [
    ("if your hand is empty: victim loses 1 level", "`if you have no cards in hand`"),
    ("if victim's hand is empty: victim loses 1 level", "names the player first"),
    ("if victim has more than 3 cards in hand: victim loses 1 level",
     "`more than 3` is `at least 4`"),
    ("if victim has fewer than 3 cards in hand: victim loses 1 level",
     "`fewer than 3` is `2 or fewer`"),
    ("victim discards 1 card for each card in victim's hand", "on a curse its victim's"),
    # a comparison with a player the standings cannot name: the forms that exist
    ("if victim has more cards in hand than another player: victim discards 2 cards",
     "`more cards in hand than every other player`) or with one player (`than you`, "
     "`than the fighter`"),
    ("if your level is higher than the fighter's: victim loses 1 level",
     "is written `if you have a higher level than ...`"),
    ("if the victim's level is lower than yours: victim loses 1 level",
     "is written `if victim has a lower level than ...`"),
])
def test_a_phrasing_with_no_form_names_the_form_that_works(line: str, hint: str,
                                                           tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + f'curse x "X" {{ {line} }}\n',
                                         encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code != 0
    assert hint in " ".join(result.output.split()), result.output


@pytest.mark.parametrize(("card", "code"), [
    ('item x "X" { bonus +1; value 100; if you have no items in play: +2 }', ["E228"]),
    ('item x "X" { bonus +1; value 100; if you do not have an item in play: +2 }', ["E228"]),
    ('item x "X" { tags Steed; bonus +1; value 100; if you have no Steed in play: +2 }',
     ["E228"]),
    # another filter than the card's own, or another player: it may hold
    ('item x "X" { bonus +1; value 100; if you have no curses in play: +2 }', []),
    ('curse x "X" { if victim has no items in play: victim loses 1 level }', []),
])
def test_a_card_testing_that_its_owner_has_none_of_itself_is_refused(
        card: str, code: list[str], tmp_path: Path) -> None:
    """The item is in its owner's play whenever its line can act: the test never holds."""
    assert pack_codes(card + "\n", tmp_path) == code
