"""Conditions whose subject is a card (issue 19 item 1, conditions on cards; the scouts'
Duct Tape, `if attached item is big: +1 to attached item`, E230 before): `attached item`
(an item enhancer's item), `this card` and the cards in flight take the same card tests
(a kind, a tag, Big: language/parts/in_flight.py CARD_SUBJECTS).  Checked (an attached
item where nothing is attached: E225; an item tested for a level: E222), printed in
en/ru/pl, and played (the pack tests/data/card_subjects: an enhancer's bonus on a Big item
and not on a small one, and the reverse; an item that tests itself)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import assert_scenarios_pass, pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack

CARDS = Path(__file__).resolve().parent / "data" / "card_subjects"
APOC = 'pack t { title "T"; version "1"; ruleset munchkin-apocalypse }\n'


def _codes(body: str, tmp_path: Path) -> list[str]:
    """The codes `check` gives a one-file pack under munchkin-apocalypse (it has item
    enhancers)."""
    (tmp_path / "pack.munch").write_text(APOC + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [d.code for d in sink.items]


@pytest.mark.parametrize("body", [
    'item enhancer x "X" { value 100\n  if attached item is big: +1 to attached item }\n',
    'item enhancer x "X" { value 100\n  if attached item is not big: +2 to attached item }\n',
    'item x "X" { bonus +1; value 200; big\n  in combat, if this card is big: +1 to you }\n'
    'item y "Y" { bonus +1; value 200 }\n',
    'item x "X" { bonus +1; value 200\n  in combat, if this card is an item: +1 to you }\n',
])
def test_accepted(body: str, tmp_path: Path) -> None:
    assert _codes(body, tmp_path) == []


@pytest.mark.parametrize(("body", "code"), [
    # nothing is attached to an item
    ('item x "X" { bonus +1; value 200\n  if attached item is big: +1 to you }\n', "E225"),
    # an item has no level
    ('item enhancer x "X" { value 100\n  if attached item is level 3 or higher: +1 to '
     'attached item }\n', "E222"),
    # the card's own kind and tags never change: a test it fails never holds
    ('item x "X" { bonus +1; value 200\n  in combat, if this card is a one-shot: +1 to you }\n',
     "E222"),
    # a card has no cards in hand
    ('item x "X" { bonus +1; value 200\n  if this card has at least 2 cards in hand: '
     '+1 to you }\n', "E222"),
])
def test_refused(body: str, code: str, tmp_path: Path) -> None:
    assert code in _codes(body, tmp_path)


def test_the_card_just_drawn_can_be_tested_for_big(tmp_path: Path) -> None:
    """`is big` reads the card's `big` statement, as the engine does (the checker looked at
    kinds and tags only, and said no card of the pack passed)."""
    assert pack_codes('item x "X" { bonus +1; value 200\n  when you draw a treasure, if the '
                      'card just drawn is big: gain 1 level }\n'
                      'item y "Y" { bonus +1; value 200; big }\n', tmp_path) == []


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "If the attached item is Big: +2 to the attached item."),
    ("en", "In combat, if this card is Big: +1."),
    ("ru", "Если прикреплённая шмотка — большая: +2 прикреплённой шмотке."),
    ("ru", "Если прикреплённая шмотка — не большая:"),
    ("pl", "Jeśli dołączony przedmiot to „Duża Rzecz”: +2 dołączonemu przedmiotowi."),
    ("pl", "W walce, jeśli ta karta to „Duża Rzecz”: +1."),
])
def test_text(lang: str, words: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_the_scenarios_play_each_card() -> None:
    assert_scenarios_pass(CARDS, 5)
