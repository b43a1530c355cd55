"""The algebra's declarations: found by the scan, bound to the grammar, checked, played.

The parts' own behaviour is proven elsewhere (the conformance suite for effects and
events, tests/authoring for the forty cards); these tests pin the machinery and the
refusals that say why a combination means nothing.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.language import algebra, registry
from munchkin_dsl.language.parser import parse_text


def test_every_category_has_declared_parts_with_unique_rules() -> None:
    parts = algebra.declared()
    assert {p.category for p in parts} == {"effect", "condition", "event", "duration",
                                           "selector", "control", "amount", "card",
                                           "count"}
    assert len({p.rule for p in parts}) == len(parts)
    for part in parts:
        assert part.summary and part.example and part.syntax, part
        assert set(part.text) == {"en", "ru", "pl"}, part


def test_effect_and_event_parts_are_in_the_registry() -> None:
    for part in algebra.effect_parts():
        spec = registry.effects()[part.kind]
        assert spec.phrase == part.rule and spec.summary == part.summary
    for event in algebra.event_parts():
        assert registry.timings()[event.timing].phrase == event.rule


def test_a_part_is_built_from_its_children_by_type() -> None:
    sink = DiagnosticSink()
    unit = parse_text('one-shot x "X" { value 100; in combat: +2 dice to monster }\n',
                      "t.munch", sink)
    clause = unit.cards[0].lines[0].effects[0]
    assert type(clause).__name__ == "DiceStrength"
    assert clause.dice == 2 and clause.target is not None and clause.target.kind == "monster"
    assert clause.span.line == 1


@pytest.mark.parametrize(("body", "code"), [
    ('one-shot x "X" { value 100; in combat, 2 uses: +2 to you }\n', "E221"),
    ('curse x "X" { when another player gains a level, 2 uses: victim loses 1 level }\n',
     "E221"),  # a curse that does not stay counts no uses (`persistent` makes it stay)
    ('race x "X" { in combat, if you win by 3 or more: +2 to you }\n', "E221"),
    ('race x "X" { if fighter has a curse in play: hand limit 6 }\n', "E221"),
    ('race x "X" { if you have a Bloggerz in play: +1 to run away }\n', "E101"),
    ('monster x "X" { level 2; treasures 1; if monster has a curse in play: +2 }\n', "E222"),
    ('one-shot x "X" { value 100; in combat: +0 dice to monster }\n', "E205"),
    ('item x "X" { bonus +1; value 200; when caught, if fighter takes levels: you ignore bad '
     'stuff that takes levels }\n', "E222"),
])
def test_a_combination_that_means_nothing_is_refused(body: str, code: str,
                                                      tmp_path: Path) -> None:
    assert code in pack_codes(body, tmp_path)


def test_the_same_forms_where_they_mean_something_check_clean(tmp_path: Path) -> None:
    body = ('item x "X" { bonus +1; value 200; in combat, once per combat, 3 uses: +2 to you }\n'
            'race y "Y" { if you have a curse in play: hand limit 6 }\n'
            'item z "Z" { bonus +1; value 200; on kill, if you win by 3 or more: gain 1 level }\n'
            'curse w "W" { persistent; when another player gains a level, 2 uses: victim loses 1 '
            'level }\n')
    assert pack_codes(body, tmp_path) == []


SCENARIOS = '''scenario: until end of next combat - lasts one combat, then leaves
player A: level 5
player B: level 3, hand shrink
B plays shrink on A
A fights rat
expect strength 2 vs 1
resolve
next turn
next turn
A fights rat
expect strength 6 vs 1

scenario: until the end of your next turn - lasts through it
player A: level 5
player B: level 3, hand fever
turn: B
B plays fever on A
next turn
A fights rat
expect strength 2 vs 1
resolve
next turn
A fights rat
expect strength 6 vs 1
'''


def test_lasting_curses_end_when_they_say(tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "pack.munch").write_text(
        HEADER + 'curse shrink "Shrink" { until end of next combat: -3 to victim }\n'
        'curse fever "Fever" { until the end of your next turn: -3 to victim }\n'
        'monster rat "Rat" { level 1; treasures 1; bad stuff: lose 1 level }\n',
        encoding="utf-8")
    (tmp_path / "scenarios" / "t.scn").write_text(SCENARIOS, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path), "--format", "json"])
    doc = json.loads(result.output)
    assert [s["passed"] for s in doc["scenarios"]] == [True, True], result.output
