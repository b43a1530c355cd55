"""Conditions on the event a line fires at (issue 19 item 1, "replacement and cards in
flight"; the end-of-round cards Decoy Helmet, Stand-In, Credit Skimmer): `if the loss
comes from bad stuff` / `... from a curse` at a loss about to happen, `if the sale buys a
level` / `if the sale is worth N or more` at another player's sale.  Checked (E221 at an
event with no such thing, E222 for a test the event cannot pass), printed in en/ru/pl and
played (the pack tests/data/happenings: each condition where it holds and where not)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.cli import main

CARDS = Path(__file__).resolve().parent / "data" / "happenings"
_LOSS = "when you would lose an item, if the loss {}, discard this card: prevent it"


@pytest.mark.parametrize("line", [
    _LOSS.format("comes from bad stuff"),
    _LOSS.format("does not come from a curse"),
    "when you would lose a level, if the loss comes from a trap: prevent it",
    "instead of losing a level, if the loss comes from bad stuff: draw 1 treasure face down",
    "when another player sells, if the sale buys a level: draw 1 treasure face down",
    "when another player sells, if the sale buys at least 2 levels: draw 1 door face down",
    "when another player sells, if the sale is worth 1000 or more: draw 1 door face down",
])
def test_accepted_where_the_event_happens(line: str, tmp_path: Path) -> None:
    assert pack_codes(f'item x "X" {{ bonus +1; value 200\n  {line} }}\n', tmp_path) == []


@pytest.mark.parametrize(("line", "code"), [
    # no loss happens on your turn: the words name nothing
    ("on your turn, if the loss comes from bad stuff: draw 1 treasure face down", "E221"),
    ("when another player sells, if the loss comes from bad stuff: draw 1 door face down",
     "E221"),
    ("when you would lose a level, if the sale buys a level: prevent it", "E221"),
    # an event has no race; a sale's test on a loss; a loss's test on a player
    (_LOSS.format("is Elf"), "E222"),
    (_LOSS.format("buys a level"), "E222"),
    ("when you would lose an item, if you come from bad stuff, discard this card: prevent it",
     "E222"),
    ("when you would lose an item, while the loss comes from bad stuff, discard this card: "
     "prevent it", "E222"),
])
def test_refused_where_it_would_never_hold(line: str, code: str, tmp_path: Path) -> None:
    assert code in pack_codes(f'item x "X" {{ bonus +1; value 200\n  {line} }}\n', tmp_path)


@pytest.mark.parametrize(("lang", "condition", "words"), [
    ("en", "the loss comes from bad stuff", "if the loss comes from Bad Stuff,"),
    ("ru", "the loss comes from bad stuff", "если потерю вызывает Непотребство,"),
    ("pl", "the loss comes from bad stuff", "jeśli stratę powoduje Marny Koniec,"),
    ("en", "the loss does not come from a curse", "if the loss does not come from a curse,"),
    ("ru", "the loss does not come from a curse", "если потерю вызывает не проклятие,"),
    ("pl", "the loss does not come from a curse", "jeśli stratę powoduje coś innego niż klątwa"),
])
def test_loss_text(lang: str, condition: str, words: str, tmp_path: Path) -> None:
    _text_has(tmp_path, lang, f"when you would lose an item, if {condition}, discard this card: "
              "prevent it", words)


@pytest.mark.parametrize(("lang", "condition", "words"), [
    ("en", "buys a level", "if the sale buys a level:"),
    ("ru", "buys a level", "если продажа приносит уровень:"),
    ("pl", "buys a level", "jeśli sprzedaż daje poziom:"),
    ("en", "buys at least 2 levels", "if the sale buys at least 2 levels:"),
    ("ru", "buys at least 2 levels", "если продажа приносит не меньше 2 уровней:"),
    ("pl", "buys at least 2 levels", "jeśli sprzedaż daje co najmniej 2 poziomy:"),
    ("ru", "does not buy a level", "если продажа не приносит уровня:"),
    ("pl", "does not buy a level", "jeśli sprzedaż nie daje poziomu:"),
    ("en", "is worth 1000 or more", "if the sale is worth 1000 gold pieces or more:"),
    ("ru", "is worth 1000 or more", "если продажа стоит не меньше 1000 голдов:"),
    ("pl", "is worth 1000 or more", "jeśli sprzedaż jest warta co najmniej 1000 sztuk złota:"),
])
def test_sale_text(lang: str, condition: str, words: str, tmp_path: Path) -> None:
    _text_has(tmp_path, lang, f"when another player sells, if the sale {condition}: draw 1 "
              "treasure face down", words)


def _text_has(tmp_path: Path, lang: str, line: str, words: str) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        f'item x "X" {{ bonus +1; value 200\n  {line} }}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_the_scenarios_play_each_condition_both_ways() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "9 passed, 0 failed" in result.output
