"""Selectors by a standing for every measure the standings conditions have (issue 19:
`the richest player`, `the player with the most curses`, `each player with the most Big
items`, `the other player with the fewest items`), generated per measure in
language/parts/standing_selectors.py.  The pack under tests/data/standing-selectors plays
each where it reaches someone and where it must not (ties, nobody holding one)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, assert_scenarios_pass

from munchkin_dsl.cli import main
from munchkin_dsl.language.parts.standing_selectors import GENERATED

PACK = Path(__file__).resolve().parent / "data" / "standing-selectors"


def test_the_scenarios_play_each_measure() -> None:
    assert_scenarios_pass(PACK, 8)


def test_every_in_play_kind_and_the_worth_have_each_head() -> None:
    """Generated from the declarations: each head (the, each, the other) for each measure."""
    for word in ("most_curses", "each_fewest_hirelings", "other_most_big_items",
                 "other_fewest_items", "richest", "each_poorest", "other_richest"):
        assert word in GENERATED, word
    assert "most_items" not in GENERATED  # declared by hand already (parts/selectors.py)


@pytest.mark.parametrize(("lang", "texts"), [
    ("en", ("the richest player loses 1 level", "the poorest player goes up 1 level",
            "each player with the most curses", "the other player with the fewest items",
            "the player with the most big items")),
    ("ru", ("самый богатый игрок теряет 1 уровень", "самый бедный игрок",
            "каждый игрок с наибольшим числом проклятий",
            "другой игрок с наименьшим числом шмоток")),
    ("pl", ("najbogatszy gracz", "najbiedniejszy gracz",
            "każdy gracz z największą liczbą klątw",
            "inny gracz z najmniejszą liczbą przedmiotów")),
])
def test_card_text_in_every_language(lang: str, texts: tuple[str, ...]) -> None:
    result = CliRunner().invoke(main, ["text", str(PACK), "--lang", lang])
    assert result.exit_code == 0, result.output
    for text in texts:
        assert text in result.output.lower(), text


def test_a_standing_by_a_tag_is_refused_naming_the_forms_that_work(tmp_path: Path) -> None:
    """`the player with the fewest Steeds`: a selector's filter is a card kind; the hint
    names the kinds and the condition that tests a tag on one player."""
    (tmp_path / "pack.munch").write_text(HEADER + (
        'one-shot a "A" { value 100; the player with the fewest Steeds gains 1 level }\n'),
        encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert "E002" in result.output and "the player with the most curses" in result.output
    assert "if victim has the most Steed in play" in result.output
