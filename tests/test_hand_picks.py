"""Cards picked in a hand by kind or tag, and one card's worth (issue 19, the seventh
author's Time Bomb, 336, and Credit Crunch, 347), on cards nobody wrote for them
(tests/data/hand-picks):

* `a one-shot from your hand`, `every curse in their hand`, `a Steed worth 300 or more from
  their hand`, `a door card from your hand`: a card of the hand of the player the effect
  reaches (the card's owner for `give` and `put ... into play`); none there: the effect
  does not apply, so `otherwise` or the next `, or` alternative does;
* `a one-shot` is a kind of every card pick (a one-shot is carried in play as an item is);
  `a monster victim carries` names no card, and the hint says to pick it from a hand;
* `if victim has an item worth 500 or more`: one card's worth, not the total;
* `discard every item you carry` (the seventh author's Bunker Key, E002): every item of
  the discarder, as `all items you carry`;
* `the most valuable item worth 500 or more`, `the cheapest item worth 300 or more X
  carries`: the rank among the cards of that worth only.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import PackWriter

from munchkin_dsl.cli import main

CARDS = Path(__file__).resolve().parent / "data" / "hand-picks"


def test_the_scenarios_play_each_pick_where_it_applies_and_where_it_must_not() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "15 passed, 0 failed, 0 not modelled" in result.output


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Discard a one-shot from your hand, otherwise lose 1 level."),
    ("en", "Discard every curse from your hand."),
    ("en", "give a Door card from your hand to the player to your left"),
    ("en", "If the victim has an item worth 500 gold pieces or more in play: lose 1 level."),
    ("en", "Discard your most valuable item worth 500 gold pieces or more, otherwise"),
    ("en", "take the least valuable item worth 300 gold pieces or more the player to your "
           "left carries"),
    ("ru", "Сбрасываешь разовую шмотку из своей руки, иначе теряешь 1 уровень."),
    ("ru", "шмотку с наименьшей ценой, от 300 голдов из карт в игре игрока слева от тебя"),
    ("pl", "Odrzucasz przedmiot jednorazowy ze swojej ręki"),
    ("pl", "ma w grze przedmiot o wartości co najmniej 500 sztuk złota"),
    ("en", "Discard every item you carry."),
    ("ru", "Сбрасываешь все свои шмотки в игре."),
])
def test_card_text(lang: str, words: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


@pytest.mark.parametrize(("line", "code", "hint"), [
    ("victim discards a one-shot, or loses 1 level", "E002",
     "`discards a one-shot from your hand` or, for a card in play, `discards a one-shot "
     "you carry`"),
    ("victim discards a monster victim carries", "E101",
     "pick it from a hand: `a monster from your hand`"),
    ("victim discards every item victim carries", "E002",
     "`discard all items victim carries`"),
])
def test_a_pick_with_no_place_names_the_forms(packdir: PackWriter, line: str, code: str,
                                              hint: str) -> None:
    diags = packdir.diagnostics(f'curse c "C" {{ {line} }}\n')
    assert [d.code for d in diags] == [code], [str(d) for d in diags]
    assert hint in (diags[0].hint or ""), diags[0].hint


def test_a_card_of_your_own_hand_is_not_taken(packdir: PackWriter) -> None:
    """`take a one-shot from your hand`: the taker holds it already (E228)."""
    diags = packdir.diagnostics('one-shot o "O" { value 100; any time: take a one-shot from '
                                'your hand }\n')
    assert [d.code for d in diags] == ["E228"], [str(d) for d in diags]


def test_a_one_shot_in_play_is_a_kind_of_the_picks(packdir: PackWriter) -> None:
    """`victim discards a one-shot victim carries` was E101 "'one-shot' is no card kind"."""
    assert packdir.diagnostics('curse c "C" { victim discards a one-shot victim carries }\n'
                               ) == []
