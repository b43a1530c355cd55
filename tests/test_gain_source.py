"""Where a level gain comes from (issue 19 item 1): `if the gain comes from selling`,
`... from a kill`, `... from a card` (`the level` is the same subject), read at the
events of a gain (about to happen or just made), refused with the events to write
elsewhere, and printed in en, ru and pl.  The scenarios of tests/data/instead-cards
(Miser's Purse, Gossip's Ear) and of held-out-6 (Curse! Debt Collector) play them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack

HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'


def _codes(body: str, tmp_path: Path) -> list[str]:
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [d.code for d in sink.items if d.code.startswith("E")]


@pytest.mark.parametrize("line", [
    "when you would gain a level, if the gain comes from selling, discard this card: "
    "prevent it",
    "when you would gain a level, if the level comes from a sale: draw 1 treasure face down",
    "instead of gaining a level, if the gain comes from a kill: draw 2 treasures face down",
    "when another player gains a level, if the level comes from a card: draw 1 door face "
    "down",
    "when you gain a level, if the gain does not come from a kill: draw 1 door face down",
    "when another player would gain a level, if the gain comes from selling: prevent it",
])
def test_a_gain_source_is_read_at_every_gain_event(line: str, tmp_path: Path) -> None:
    assert _codes(f'item i "I" {{ bonus +1; value 100; {line} }}\n', tmp_path) == []


@pytest.mark.parametrize(("line", "code"), [
    # no gain happens at a kill of one's own or at a loss: `the gain` names nothing there
    ("on kill, if the gain comes from a kill: draw 1 treasure face down", "E221"),
    ("when you would lose a level, if the gain comes from selling: prevent it", "E221"),
    # a loss's test of a gain, a gain's test of a loss: another event, never true
    ("when you would lose a level, if the loss comes from a kill: prevent it", "E222"),
    ("when you would gain a level, if the gain comes from bad stuff: prevent it", "E222"),
    ("when another player sells, if the sale comes from a card: draw 1 door face down",
     "E222"),
])
def test_a_gain_source_elsewhere_is_refused(line: str, code: str, tmp_path: Path) -> None:
    assert code in _codes(f'item i "I" {{ bonus +1; value 100; {line} }}\n', tmp_path)


def test_the_source_prints_in_every_language(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + (
        'curse d "D" { instead of gaining a level, if the level comes from selling: victim '
        'discards this card }\n'), encoding="utf-8")
    out = {lang: CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang]).output
           for lang in ("en", "ru", "pl")}
    assert "if the level comes from selling" in out["en"]
    assert "если уровень приносит продажа шмоток" in out["ru"]
    assert "jeśli poziom daje sprzedaż przedmiotów" in out["pl"]
