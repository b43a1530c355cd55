"""Star Munchkin's Big is `aggregate` (its ruleset's ``big_category``): an author writes
`victim discards 1 aggregate item` there, and the card filter `aggregate items` was refused
(E002 "expected 'big'").  The word is the same filter as `Big items` in every form that
takes it (a discard, all of them, a count), and a Big filter counts an Aggregate item:
tests/data/big-word holds the cards and scenarios that fail without each.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack

CARDS = Path(__file__).resolve().parent / "data" / "big-word"


def test_the_aggregate_word_cards_play_as_written() -> None:
    sink = DiagnosticSink()
    check_pack(CARDS, sink)
    assert not sink.items, [d.message for d in sink.items]
    result = CliRunner().invoke(main, ["test", str(CARDS), "--format", "json"])
    doc = json.loads(result.output)
    assert len(doc["scenarios"]) == 3 and all(s["passed"] for s in doc["scenarios"]), \
        result.output


def test_the_discard_prints_the_rulesets_word() -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "Discard 1 Aggregate item of your choice." in result.output, result.output
    assert "Discard all Aggregate items." in result.output, result.output
