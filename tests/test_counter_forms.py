"""Counters read and spent by their own card (issue 19 item 1, "Duration and state"):
`if this has 2 counters`, `remove a counter from this: ...`, `when this has 3 counters: ...`
(language/parts/counters.py).

Each form is parsed to its part, checked (accepted on a card that stays in play, refused
with a reason where it could never hold), printed in en, ru and pl, and played: the pack
tests/data/counter-cards holds the cards, its scenarios the behaviour.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack, lower_pack
from munchkin_dsl.language.parser import parse_text
from munchkin_dsl.language.parts.counters import HasCounters, RemoveCounters

CARDS = Path(__file__).resolve().parent / "data" / "counter-cards"
HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'


def _diagnostics(body: str, tmp_path: Path) -> list[tuple[str, str]]:
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [(d.code, d.message) for d in sink.items if d.code.startswith("E")]


@pytest.mark.parametrize(("line", "count", "negated"), [
    ("if this has 3 counters", 3, False),
    ("if this card has at least 2 counters", 2, False),
    ("if this has a counter", 1, False),
    ("if this does not have 2 counters", 2, True),
])
def test_the_condition_parses_to_its_part(line: str, count: int, negated: bool) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'item x "X" {{ bonus +1; value 100; {line}: +1 to you }}\n', "t.munch",
                      sink)
    assert not sink.items, [d.message for d in sink.items]
    cond = unit.cards[0].lines[0].when[0]
    assert cond.subject == "this" and cond.predicate == "has_counters"
    assert isinstance(cond.detail, HasCounters) and cond.detail.count == count
    assert cond.negated is negated


@pytest.mark.parametrize(("body", "words"), [
    # counters are the card's own: a player is never tested for them
    ('item x "X" { bonus +1; value 100; if victim has 2 counters: +1 to you }\n', "lie on cards"),
    # `this` has counters and is what it is (a kind, a tag, Big), no level or race
    ('item x "X" { bonus +1; value 100; if this is Elf: +1 to you }\n', "counters or for what"),
    ('item x "X" { bonus +1; value 100; if this has 2 markers: +1 to you }\n',
     "counters or for what"),
    # a card that leaves play once used never holds a counter
    ('one-shot x "X" { value 100; in combat, if this has 2 counters: +2 to either side }\n',
     "never stays in play"),
    ('curse x "X" { if this has a counter: lose 1 level }\n', "never stays in play"),
    # `while` is the curses' lasting condition; a card in play reads `if` each time
    ('item x "X" { bonus +1; value 100; while this has 2 counters: +1 to you }\n',
     "needs no duration"),
])
def test_a_counter_test_that_could_never_hold_is_refused(body: str, words: str,
                                                        tmp_path: Path) -> None:
    found = _diagnostics(body, tmp_path)
    assert any(code == "E222" and words in message for code, message in found), found


def test_the_condition_checks_clean_on_every_card_that_stays(tmp_path: Path) -> None:
    body = "".join(
        f'{kind} k{i} "K{i}" {{ {extra}on kill: put a counter on this; '
        f'in combat, if this has 2 counters: +2 to you }}\n'
        for i, (kind, extra) in enumerate((("item", "bonus +1; value 100; "), ("race", ""),
                                           ("class", ""), ("hireling", ""),
                                           ("sidekick", ""))))
    assert _diagnostics(body, tmp_path) == []


@pytest.mark.parametrize(("lang", "want"), [
    ("en", ["If this card has at least 2 counters: +3.",
            "If this card has fewer than 5 counters: +1."]),
    ("ru", ["Если эта карта имеет не меньше 2 жетонов: +3.",
            "Если эта карта имеет меньше 5 жетонов: +1."]),
    ("pl", ["Jeśli ta karta ma co najmniej 2 znaczniki: +3.",
            "Jeśli ta karta ma mniej niż 5 znaczników: +1."]),
])
def test_card_text_in_every_language(lang: str, want: list[str], tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEADER + 'item e "E" { name ru "Е"; name pl "E"; bonus +1; value 300; on kill: put a '
        'counter on this; if this has 2 counters: +3 to you; if this does not have 5 counters: '
        '+1 to you }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    for words in want:
        assert words in result.output, (words, result.output)


def test_the_counter_cards_play_as_written() -> None:
    sink = DiagnosticSink()
    check_pack(CARDS, sink)
    assert not [d for d in sink.items if d.code.startswith("E")], [d.message for d in sink.items]
    result = CliRunner().invoke(main, ["test", str(CARDS), "--format", "json"])
    doc = json.loads(result.output)
    assert doc["scenarios"] and all(s["passed"] for s in doc["scenarios"]), result.output


@pytest.mark.parametrize(("line", "count"), [
    ("in combat, remove a counter from this: +3 to you", 1),
    ("in combat, remove 2 counters from this card: +5 to you", 2),
])
def test_the_cost_parses_before_the_colon(line: str, count: int) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'race x "X" {{ {line} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    cost = unit.cards[0].lines[0].when[1]
    assert isinstance(cost, RemoveCounters) and cost.count == count


def _abilities(card: str, tmp_path: Path) -> tuple[Any, ...]:
    """The lowered abilities of one card, which must check clean."""
    (tmp_path / "pack.munch").write_text(HEADER + card, encoding="utf-8")
    sink = DiagnosticSink()
    checked = check_pack(tmp_path, sink)
    assert not sink.has_errors, [d.message for d in sink.items]
    return lower_pack(checked)[0].abilities


def test_the_cost_lowers_to_a_cost_of_counters(tmp_path: Path) -> None:
    first, second = _abilities(
        'race x "X" { name ru "Х"; name pl "X"; in combat, remove 2 counters from this: +5 to '
        'you; on kill: remove a counter from this }\n', tmp_path)
    assert [(c.kind, c.count) for c in first.costs] == [("remove_counter", 2)]
    assert not second.costs and second.effects[0].kind == "remove_counter"


@pytest.mark.parametrize(("body", "code", "words"), [
    # counters lie on a card that stays in play
    ('one-shot x "X" { value 100; in combat, remove a counter from this: +2 to you }\n',
     "E202", "cannot carry"),
    # a line read while in play is never used, so its cost is never paid
    ('race x "X" { remove a counter from this: +5 to you }\n', "E221", "while in play"),
    ('race x "X" { on death, remove a counter from this: draw 1 door }\n', "E221",
     "takes counters off this card; before the ':' a cost"),
    ('race x "X" { in combat, remove 11 counters from this: +5 to you }\n', "E205",
     "out of range"),
    # `when this has N counters` fires only on a card that stays in play
    ('one-shot x "X" { value 100; when this has 3 counters: gain 1 level }\n', "E220",
     "never fires `when this has 3 counters` on a one shot"),
    ('curse x "X" { when this has 2 counters: lose 1 level }\n', "E220", "on a curse"),
    ('race x "X" { when this has 11 counters: gain 1 level }\n', "E205", "out of range"),
])
def test_a_cost_or_trigger_that_could_never_act_is_refused(body: str, code: str, words: str,
                                                          tmp_path: Path) -> None:
    found = _diagnostics(body, tmp_path)
    assert any(c == code and words in message for c, message in found), found


def test_only_this_card_pays_counters() -> None:
    sink = DiagnosticSink()
    parse_text('race x "X" { in combat, remove a counter from victim: +5 to you }\n',
               "t.munch", sink)
    assert [d.code for d in sink.items] == ["E002"]


@pytest.mark.parametrize(("lang", "want"), [
    ("en", "In combat, remove 2 counters from this card: +5."),
    ("ru", "В бою, сними 2 жетона с этой карты: +5."),
    ("pl", "W walce, zdejmij 2 znaczniki z tej karty: +5."),
])
def test_the_cost_prints_in_every_language(lang: str, want: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEADER + 'race e "E" { name ru "Е"; name pl "E"; in combat, remove 2 counters from '
        'this: +5 to you }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert want in result.output, result.output


def test_the_trigger_lowers_to_its_event_and_its_count(tmp_path: Path) -> None:
    (ability,) = _abilities(
        'item x "X" { name ru "Х"; name pl "X"; bonus +1; value 100; when this has 3 counters: '
        'discard this, gain 1 level }\n', tmp_path)
    assert ability.timing == "counters_added"
    assert [(c.subject, c.predicate, c.count) for c in ability.conditions] == [
        ("this", "has_counters", 3)]



@pytest.mark.parametrize(("lang", "want"), [
    ("en", "Whenever counters are put on this card, if this card has at least 3 counters: "
           "discard this card, go up 1 level."),
    ("ru", "Когда на эту карту кладут жетоны, если эта карта имеет не меньше 3 жетонов: "
           "сбрасываешь эту карту, получаешь 1 уровень."),
    ("pl", "Gdy na tę kartę kładzie się znaczniki, jeśli ta karta ma co najmniej 3 znaczniki: "
           "odrzucasz tę kartę, zyskujesz 1 poziom."),
])
def test_the_trigger_prints_in_every_language(lang: str, want: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEADER + 'item e "E" { name ru "Е"; name pl "E"; bonus +1; value 300; when this has 3 '
        'counters: discard this, gain 1 level }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert want in result.output, result.output
