"""An item enhancer answering the loss of its item (issue 19 item 1, 316 Duct Tape):
`when attached item would be lost` and its phrasings parse to one event, only an item
enhancer carries it, `this card` is its own card there (E228 elsewhere, with a message
that says the enhancer stays attached, not that it is discarded once played).  The
scenarios of held-out-6 (munchkin-apocalypse, Duct Tape) play it: the item lost to Bad
Stuff, sold, and another item lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.language.parser import parse_text
from munchkin_dsl.language.parts.replacement import AttachedItemLost

HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
TAPE = 'item enhancer t "T" {{ value 100; +1 to attached item; {line} }}\n'


def _diags(body: str, tmp_path: Path) -> list[tuple[str, str]]:
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [(d.code, d.message) for d in sink.items if d.code.startswith("E")]


@pytest.mark.parametrize("words", [
    "when attached item would be lost", "when attached item would be discarded",
    "when the attached item is lost", "when attached item would be discarded or lost",
    "when attached item would be lost or discarded",
])
def test_the_phrasings_parse_to_one_event(words: str) -> None:
    sink = DiagnosticSink()
    unit = parse_text(TAPE.format(line=f"{words}: put this card into your hand"), "t.munch",
                      sink)
    assert not sink.items, [d.message for d in sink.items]
    assert unit.cards[0].lines[1].when[0].timing == AttachedItemLost.timing


def test_the_enhancer_returns_to_the_hand_clean(tmp_path: Path) -> None:
    assert _diags(TAPE.format(line="when attached item would be lost: put this card into "
                                   "your hand"), tmp_path) == []


def test_another_kind_is_refused(tmp_path: Path) -> None:
    codes = [c for c, _m in _diags('item i "I" { bonus +1; value 100; when attached item '
                                   'would be lost: draw 1 door face down }\n', tmp_path)]
    assert codes == ["E220"]


def test_this_card_elsewhere_says_the_enhancer_stays_attached(tmp_path: Path) -> None:
    found = _diags(TAPE.format(line="when you would lose an item: put this card into your "
                                    "hand"), tmp_path)
    messages = " ".join(m for _c, m in found)
    assert "E220" in [c for c, _m in found]  # the event is not the enhancer's
    assert "discarded once played" not in messages


def test_this_card_at_another_enhancer_moment_names_the_form(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + TAPE.format(
        line="when another player dies: you put this card into your hand"), encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    e228 = [d for d in sink.items if d.code == "E228"]
    assert e228 and "stays attached" in e228[0].message
    assert "when attached item would be lost" in (e228[0].hint or "")
