"""Issue 19 item 1 (tenth held-out set): the door's card of any kind waited for (`when the
door you kick open is a curse: cancel it`), `the next time that player ... this turn` for
every one of that player's events (the kill included), the repeating form played on another
player (`this turn, each time that player kills a monster: ...`), and the hint where a
waiting form's player is followed by words that are none of their events."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import HEADER, pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.base.rulesets import load_ruleset
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.language import registry
from munchkin_dsl.text.cardtext import card_text

CARDS = '''one-shot ambush "Ambush" { value 200
  when the door you kick open is a monster: -3 to monster
  when the door you kick open is a curse: cancel it }
one-shot sponsor "Sponsor" { value 200
  this turn, each time that player kills a monster: draw 1 treasure face down }
one-shot once "Once" { value 200
  the next time that player kills a monster this turn: draw 1 treasure face down }
curse sap "Sap" { lose 1 level }
monster rat "Rat" { level 1; treasures 1; bad stuff: lose 1 level }
item stick "Stick" { bonus +1; value 100 }
'''


@pytest.mark.parametrize("line", [
    "the next time that player kills a monster this turn: gain 1 level",
    "the next time that player gains a level this turn: gain 1 level",
    "this turn, each time that player kills a monster: gain 1 level",
    "until the end of that player's turn, whenever that player kills a monster: gain 1 level",
    "this turn, whenever that player gains a level: gain 1 level",
    "when the door you kick open is a curse: cancel it",
    "when the door you kick open this turn is a curse: put it into your hand",
    "when the door you kick open is a monster: +2 to you",
])
def test_the_forms_are_accepted_on_a_one_shot(line: str, tmp_path: Path) -> None:
    assert pack_codes(f'one-shot o "O" {{ value 200\n  {line} }}\n', tmp_path) == []


@pytest.mark.parametrize("line", [
    "this turn, each time that player kills a monster: gain 1 level",
    "when the door you kick open is a curse: cancel it",
])
def test_a_card_in_play_does_not_wait(line: str, tmp_path: Path) -> None:
    assert "E220" in pack_codes(f'item i "I" {{ bonus +1; value 200\n  {line} }}\n', tmp_path)


def test_the_repeating_form_is_one_per_event_of_another_player() -> None:
    specs = registry.timings()
    assert "each_that_this_turn:when_other_kills" in specs
    assert "each_that_this_turn:when_other_gains_level" in specs
    assert "next_that_this_turn:when_other_kills" in specs
    assert "each_that_this_turn:when_other_starts_turn" not in specs  # a later turn


def test_the_card_text_says_each_time(tmp_path: Path) -> None:
    from munchkin_dsl.compiler.api import compile_packs
    (tmp_path / "pack.munch").write_text(HEADER + CARDS, encoding="utf-8")
    sink = DiagnosticSink()
    cards = {c.id: c for c in compile_packs([tmp_path / "pack.munch"], sink).data.cards}
    rules = load_ruleset("munchkin-1.6")
    assert "this turn, each time that player kills a monster" in card_text(
        cards["sponsor"], rules, "en").body
    assert "if that door is a curse" in card_text(cards["ambush"], rules, "en").body


def test_the_hint_names_the_events_a_waiting_player_form_has(tmp_path: Path) -> None:
    body = 'curse c "C" {\n  the next time victim draws a treasure: victim loses 1 level }\n'
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    hints = " ".join(d.hint or "" for d in sink.items if d.code == "E002")
    assert "`the next time victim gains a level`" in hints
    assert "draw 1 treasure`" not in hints


def test_a_known_waiting_event_keeps_its_own_error(tmp_path: Path) -> None:
    body = ('curse c "C" {\n  the next time victim gains a level: victim draws a treasure '
            '}\n')
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    assert "waits for one of that player's events" not in " ".join(
        d.hint or "" for d in sink.items)
