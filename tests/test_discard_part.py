"""`discard ...` as one part class, an effect after the ':' and a cost before it (issue 19
item 2; language/parts/moves.py).

The forms whose values share a type are told apart (`victim discards 1 item chosen by X`:
the one who discards and the one who picks), each cards-only form lowers to its Cost kind
and any other form is refused as a cost, and its numbers are checked once, the hand's
minimum too.  Engine data, card text and games are pinned by tests/golden and the packs'
scenarios (Curse! Income Tax reads what the first discard took).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import check_pack, lower_pack
from munchkin_dsl.language.parser import parse_text
from munchkin_dsl.language.parts.moves import Discard

HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'


def _effect(line: str) -> Any:
    sink = DiagnosticSink()
    unit = parse_text(f'curse c "C" {{ {line} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    return unit.cards[0].lines[0].effects[0]


@pytest.mark.parametrize(("line", "fields"), [
    ("discard 1 item chosen by the player to your left",
     {"target": None, "what": "items_of_choice", "count": 1, "chooser": "left_player"}),
    ("victim discards 2 items chosen by the player to your right",
     {"target": "victim", "what": "items_of_choice", "count": 2, "chooser": "right_player"}),
    ("victim discards 1 item of their choice",
     {"target": "victim", "what": "items_of_choice", "count": 1, "chooser": None}),
    ("discard items worth at least 1000 in total",
     {"what": "items_worth_total", "worth": 1000, "count": None}),
    ("victim discards every item worth 400 or more",
     {"target": "victim", "what": "items_worth_at_least", "worth": 400, "count": None}),
    ("victim discards all footgear", {"what": "all_worn", "slot": "footgear"}),
    ("discard race", {"what": "race", "count": None}),
])
def test_each_form_fills_its_own_fields(line: str, fields: dict[str, Any]) -> None:
    """A selector inside the form is the chooser, the one before the verb who discards; a
    gold value is `worth`, never `count`."""
    clause = _effect(line)
    assert isinstance(clause, Discard)
    values = {k: getattr(clause, k) for k in fields}
    assert {k: getattr(v, "kind", v) for k, v in values.items()} == fields  # a Target: its word


def _pack(body: str, tmp_path: Path) -> tuple[DiagnosticSink, Any]:
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    return sink, check_pack(tmp_path, sink)


@pytest.mark.parametrize(("cost", "kind", "count"), [
    ("discard 2 cards", "discard_cards", 2),
    ("discard up to 3 cards", "discard_up_to", 3),
    ("discard whole hand", "discard_hand", 0),
    ("discard whole hand of at least 3 cards", "discard_hand", 3),
    ("discard this card", "discard_this", 0),
])
def test_a_cards_form_before_the_colon_is_its_cost(cost: str, kind: str, count: int,
                                                   tmp_path: Path) -> None:
    sink, checked = _pack(f'class k "K" {{ in combat, {cost}: +1 to you }}\n', tmp_path)
    assert not sink.has_errors, [d.message for d in sink.items]
    (ability,) = lower_pack(checked)[0].abilities
    assert [(c.kind, c.count) for c in ability.costs] == [(kind, count)]


@pytest.mark.parametrize(("body", "code", "words"), [
    ('class k "K" { in combat, discard all armor: +3 to you }\n', "E216",
     "a cost is cards from the hand, this card, or items the owner picks"),
    ('class k "K" { in combat, victim discards 1 card: +2 to you }\n', "E215",
     "a cost is paid by the card's owner"),
    # the hand's minimum is a number of cards like any other (it was never checked)
    ('class k "K" { in combat, discard whole hand of at least 0 cards: +1 to you }\n', "E205",
     "0 is out of range"),
])
def test_a_cost_that_cannot_be_paid_so_is_refused(body: str, code: str, words: str,
                                                  tmp_path: Path) -> None:
    sink, _ = _pack(body, tmp_path)
    found = [(d.code, d.message) for d in sink.items if d.code.startswith("E")]
    assert any(c == code and words in m for c, m in found), found


def test_a_count_out_of_range_is_reported_once(tmp_path: Path) -> None:
    """The range was checked by the registry's numbers and again by hand: two E205."""
    sink, _ = _pack('curse c "C" { victim discards 99 cards }\n', tmp_path)
    assert [d.code for d in sink.items if d.code.startswith("E")] == ["E205"]
