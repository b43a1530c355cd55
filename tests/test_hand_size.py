"""Hand-size targets (issue 19 gaps met writing custom cards): `victim discards down to 3
cards` (a form of parts/moves.Discard) and `draw treasures until you have 5 cards in hand`
(parts/decks.DrawToHand), played in tests/data/hand-size where the hand is above the target
and where it is at or below it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.cli import main

CARDS = Path(__file__).resolve().parent / "data" / "hand-size"


def test_they_play() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "5 passed, 0 failed" in result.output


@pytest.mark.parametrize("card", [
    'curse x "X" { victim discards down to 3 cards }',
    'curse x "X" { victim draws doors face down until they have 6 cards in hand }',
    'one-shot x "X" { value 100; any time: draw 2 doors, discard down to 4 cards }',
])
def test_the_forms_are_accepted(card: str, tmp_path: Path) -> None:
    assert pack_codes(card + "\n", tmp_path) == []


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Discard down to 3 cards in hand."),
    ("en", "At any time: draw Treasures until you have 5 cards in hand."),
    ("ru", "Сбрасываешь карты с руки, пока в ней не останется 3."),
    ("ru", "тянешь сокровища, пока на руке не станет 5 карт."),
    ("pl", "Odrzucasz karty z ręki, aż zostanie na niej 3."),
    ("pl", "dobierasz skarby, aż na ręce będzie 5 kart."),
])
def test_card_text(lang: str, words: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output
