"""Conditions comparing a player with every other living player, and a curse sent on to
any selected player (issue 19 item 1: "conditions ... counts, gold value carried, hand
size"; "prevent or redirect").

`has the most / fewest KIND in play` (also `more / fewer KIND in play than every other
player`), `the most / fewest cards in hand`, `carries items worth more than any other
player` (strict: a tie is not the most), and `the curse goes to TARGET instead` at `when
targeted by curse`, from a card in play or a one-shot played from the hand.  The pack under
tests/data/standings plays each where it applies and where it must not.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER

from munchkin_dsl.cli import main

PACK = Path(__file__).resolve().parent / "data" / "standings"


def test_the_scenarios_play_each_comparison_and_the_redirect() -> None:
    result = CliRunner().invoke(main, ["test", str(PACK)])
    assert result.exit_code == 0, result.output
    assert "11 passed, 0 failed" in result.output


@pytest.mark.parametrize(("lang", "texts"), [
    ("en", ("if the victim has more items in play than any other player",
            "the curse goes to a player of your choice instead",
            "if you carry items worth more than any other player's")),
    ("ru", ("больше шмоток, чем любой другой игрок",
            "вместо тебя проклятие достаётся игроку на твой выбор")),
    ("pl", ("więcej przedmiotów niż każdy inny gracz",
            "zamiast ciebie klątwa trafia do wybranego przez ciebie gracza")),
])
def test_card_text_in_every_language(lang: str, texts: tuple[str, ...]) -> None:
    result = CliRunner().invoke(main, ["text", str(PACK), "--lang", lang])
    assert result.exit_code == 0, result.output
    for text in texts:
        assert text in result.output.lower(), text


def test_a_limit_line_refuses_a_comparison(tmp_path: Path) -> None:
    """A limit is read with no table at hand, so a comparison with the others is E221."""
    (tmp_path / "pack.munch").write_text(HEADER + 'item x "X" { bonus +0; value 100; if you '
                                         'have the most items in play: hand limit +1 }\n',
                                         encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert "E221" in result.output


def test_a_curse_sent_to_its_own_victim_is_refused(tmp_path: Path) -> None:
    """`the curse goes to you instead` names the player it is played on: E228, with the
    forms that send it elsewhere."""
    (tmp_path / "pack.munch").write_text(HEADER + (
        'one-shot m "M" { value 100; when targeted by curse: the curse goes to you instead }\n'
        ), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert "E228" in result.output and "the player to your left" in result.output
