"""`N uses` with a duration (issue 19 item 1, lasting state; the scouts' `in combat, 3
uses, until end of combat: +3 to you`): the last use no longer discards the card as it
starts (its own bonus was gone for the rest of that combat); the card counts until that
use's duration ends and goes then (engine/durations.py ``spend`` / ``_last_use_ends``).
Played by the pack tests/data/last_use: a combat line and a turn line, each failing
without the change."""

from __future__ import annotations

from pathlib import Path

from conftest import assert_scenarios_pass

CARDS = Path(__file__).resolve().parent / "data" / "last_use"


def test_the_last_use_lasts_with_its_card() -> None:
    assert_scenarios_pass(CARDS, 2)
