"""Card selectors that start alike: `the card just drawn` (forms4) and `the card just
discarded` (events2) were declared on two branches; merged, `card` after `the` is a keyword
of the first, so the second's `the WORD just discarded` stopped parsing `the card just
discarded` (E002).  These pin both, with their English text."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.language.parser import parse_text
from munchkin_dsl.language.parts.cards import DrawnCard, JustDiscarded

HEAD = 'pack p { title "P"; version "1"; ruleset munchkin-1.6 }\n'


def _picks(line: str) -> list[type]:
    sink = DiagnosticSink()
    unit = parse_text(f'item x "X" {{ bonus +1; value 300; {line} }}\n', "p.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    return [type(e.card) for e in unit.cards[0].lines[0].effects]


@pytest.mark.parametrize(("line", "part"), [
    ("when another player discards a card: take the card just discarded", JustDiscarded),
    ("when another player discards a card: take the race just discarded", JustDiscarded),
    ("when you draw a door: put the card just drawn on top of its deck", DrawnCard),
])
def test_each_pick_parses_to_its_part(line: str, part: type) -> None:
    assert _picks(line) == [part]


def test_the_card_just_discarded_says_card_in_english(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEAD + 'item x "X" { bonus +1; value 300; when another player discards a card: '
        'take the card just discarded }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "take the card just discarded." in result.output
