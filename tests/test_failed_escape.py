"""Two moves the scouts were refused with a misleading message (issue 19 item 1): an
escape after a failed run-away roll (`after failed run away roll, discard this card: you
escape every monster` was E221 "there is no fight", though after a failed roll the player
is still in it), and the card just discarded put into play (`put the card just discarded
into play` was E228 "it goes to a hand", though `take the top item card from the treasure
discard pile into play` is accepted).  Played by the pack tests/data/failed_escape."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_scenarios_pass, pack_codes

CARDS = Path(__file__).resolve().parent / "data" / "failed_escape"


@pytest.mark.parametrize("line", [
    "after failed run away roll, discard this card: you escape every monster",
    "after failed run away roll, roll 4+: you escape every monster",
    "when another player discards a card, if the card just discarded is an item: put the "
    "card just discarded into play",
])
def test_accepted(line: str, tmp_path: Path) -> None:
    assert pack_codes(f'item x "X" {{ bonus +1; value 200\n  {line} }}\n'
                      'item y "Y" { bonus +1; value 200 }\n', tmp_path) == []


def test_a_discarded_card_that_never_goes_into_play_is_refused(tmp_path: Path) -> None:
    codes = pack_codes('item x "X" { bonus +1; value 200\n  when another player discards a '
                       'card, if the card just discarded is a monster: put the card just '
                       'discarded into play }\n'
                       'monster m "M" { level 2; treasures 1; bad stuff: lose 1 level }\n',
                       tmp_path)
    assert "E228" in codes


def test_the_scenarios_play_each_card() -> None:
    assert_scenarios_pass(CARDS, 5)
