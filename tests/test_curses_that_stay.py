"""Curse-like cards that stay on their victim (issue 19 item 1, the tenth held-out set):
a labelled `any time` line is an ability the victim may use while the card stays (not a
line that acts as it lands), `N uses` counts on a `persistent` curse-like card, and a
curse-like card waits on its victim for an event of the whole table (`the next time a
player kills a monster`), acts once on the victim and goes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER

from munchkin_dsl.cli import main
from munchkin_dsl.language import registry

CARDS = '''curse grudge "Grudge" {
  the next time a player kills a monster: victim loses 1 level
}
curse chill "Chill" {
  persistent
  "Shrug Off": any time, if victim is level 3 or higher: victim loses 1 level, discard this card
  -1 to victim
}
monster rat "Rat" { level 1; treasures 1; bad stuff: lose 1 level }
'''

SCENARIOS = '''scenario: waiting for anyone's kill: it stays until one, strikes its victim, goes
player A: level 5
player B: level 3, hand grudge
B plays grudge on A
expect A has grudge
expect A level 5
B fights rat
resolve
expect A level 4
expect B level 4
expect A has no grudge
B fights rat
resolve
expect A level 4

scenario: the victim's own ability on the curse waits for the victim, then frees them
player A: level 5
player B: level 3, hand chill
B plays chill on A
expect A level 5
expect A has chill
A uses Shrug Off
expect A level 4
expect A has no chill

scenario: without what its condition asks, the ability does nothing and the curse stays
player A: level 2
player B: level 3, hand chill
B plays chill on A
A uses Shrug Off
expect A level 2
expect A has chill
'''


def test_curses_that_stay_in_the_engine(tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "pack.munch").write_text(HEADER + CARDS, encoding="utf-8")
    (tmp_path / "scenarios" / "t.scn").write_text(SCENARIOS, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path), "--format", "json"])
    doc = json.loads(result.output)
    assert [s["passed"] for s in doc["scenarios"]] == [True] * 3, result.output


@pytest.mark.parametrize("kind", ["curse", "trap", "disaster"])
def test_every_table_wide_event_waits_on_a_curse_like_card(kind: str) -> None:
    """The family, not one event: each `when a player ...` event and the Seals' have the
    waiting form on the three curse-like kinds; the victim's own and another player's
    events keep theirs (`the next time victim ...`)."""
    specs = registry.timings()
    table = [t for t in specs if t.startswith("next:when_any_") or t in (
        "next:when_seal_opens", "next:when_seal_closes")]
    assert len(table) >= 8
    assert all(kind in specs[t].carriers for t in table), table
    assert kind not in specs["next:when_you_gain_level"].carriers
    assert kind not in specs["next:when_other_gains_level"].carriers


def test_a_curse_that_reacts_to_a_table_event_is_told_the_waiting_form(tmp_path: Path
                                                                      ) -> None:
    """E220 names `the next time ...` (a `persistent` curse is not a card in play for
    these events)."""
    why = registry.refusal("curse", "when_seal_opens")
    assert why is not None and "the next time a seal opens" in why
    (tmp_path / "pack.munch").write_text(
        HEADER.replace("munchkin-1.6", "munchkin-apocalypse")
        + 'disaster c "C" { persistent; when a seal opens: victim loses 1 level }\n',
        encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert "E220" in result.output and "the next time a seal opens:" in result.output, \
        result.output
