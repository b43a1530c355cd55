"""Amount operators (issue 19 item 1, "Amount ... `twice`, `half rounded down/up`"): a
counted number doubled or halved where an amount stands (`gain 1 level for each curse you
have in play twice`, `lose 1 level for each item you have in play halved rounded up`).
Parsed to its amount part, refused on a fixed number (E229), printed in en/ru/pl and
played (the pack tests/data/amount-operators)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.language.parser import parse_text

CARDS = Path(__file__).resolve().parent / "data" / "amount-operators"


@pytest.mark.parametrize(("line", "part"), [
    ("gain 1 level for each curse you have in play twice", "Twice"),
    ("lose 1 level for each item you have in play halved", "Halved"),
    ("lose 1 level for each item you have in play halved rounded down", "Halved"),
    ("lose 1 level for each item you have in play halved rounded up up to 2", "HalvedUp"),
    ("draw 1 treasure face down for each other player twice", "Twice"),
])
def test_each_operator_is_an_amount_part(line: str, part: str) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'curse x "X" {{ {line} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    amounts = unit.cards[0].lines[0].effects[0].amounts
    assert type(amounts[0]).__name__ == part


@pytest.mark.parametrize("line", ["lose 2 levels twice", "draw 3 treasures halved rounded up"])
def test_an_operator_on_a_fixed_number_is_refused(line: str, tmp_path: Path) -> None:
    assert "E229" in pack_codes(f'curse x "X" {{ {line} }}\n', tmp_path)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Lose 1 level for each item you have in play, halved (rounded up)."),
    ("ru", "за каждую шмотку у тебя в игре, всего вдвое меньше (с округлением вверх)."),
    ("pl", "za każdy twój przedmiot w grze, razem o połowę mniej (w górę)."),
])
def test_card_text(lang: str, words: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
        'curse x "X" { lose 1 level for each item you have in play halved rounded up }\n',
        encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_the_scenarios_work_each_number_out() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "3 passed, 0 failed" in result.output
