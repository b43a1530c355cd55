"""Roll-and-branch (issue 19 item 1: "roll-and-branch anywhere a rule can stand"):
`roll a die: on 1 to 2 lose 1 level, on 3 to 5 nothing, on 6 gain 1 level`.

The die is rolled once and the branch whose faces it shows applies; every face must be
said exactly once.  Parsed to the effects with their faces, refused with a reason when a
face is said twice or not at all, printed in en/ru/pl, played in the engine (the pack
tests/data/roll-branches) and proven by the grammar sweep's probe on several card kinds.
"""

from __future__ import annotations

from pathlib import Path

import grammar_lines as gl
import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.language.parser import parse_text

CARDS = Path(__file__).resolve().parent / "data" / "roll-branches"
WHEEL = "roll a die: on 1 to 2 lose 1 level, on 3 to 5 nothing, on 6 gain 1 level"


def test_each_branch_carries_its_faces() -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'curse x "X" {{ {WHEEL} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    line = unit.cards[0].lines[0]
    assert line.when[0].kind == "roll" and line.when[0].at_least == 0
    assert [(c.kind, c.on_roll) for c in line.effects] == [
        ("lose_levels", (1, 2)), ("roll", (3, 5)), ("gain_levels", (6, 6))]


@pytest.mark.parametrize(("line", "code"), [
    ("roll a die: on 1 to 3 lose 1 level, on 3 to 6 gain 1 level", "E213"),  # 3 twice
    ("roll a die: on 1 to 2 lose 1 level, on 6 gain 1 level", "E229"),  # 3 to 5 missing
    ("roll a die: on 0 to 2 lose 1 level, on 3 to 6 gain 1 level", "E205"),
    ("roll a die: on 4 to 2 lose 1 level, on 1 to 6 gain 1 level", "E205"),
    ("on 1 to 3 lose 1 level, on 4 to 6 gain 1 level", "E229"),  # no `roll a die`
    ("roll a die: lose 1 level", "E228"),  # a roll for no branch
    ("roll a die: on 1 to 3 lose 1 level, on 4 to 6 nothing, otherwise gain 1 level",
     "E228"),
    ("roll a die: on 1 to 3 nothing, lose 1 level, on 4 to 6 gain 1 level", "E229"),
])
def test_a_branch_set_that_is_not_every_face_once_is_refused(line: str, code: str,
                                                            tmp_path: Path) -> None:
    assert code in pack_codes(f'curse x "X" {{ {line} }}\n', tmp_path)


@pytest.mark.parametrize("line", [
    "in combat, remove a counter from this: roll a die: on 1 to 3 -2 to you, on 4 to 6 +4 to you",
    "any time, discard 1 card: roll 4+: gain 1 level",
    "any time, if you are Elf: roll a die: on 1 to 3 nothing, on 4 to 6 gain 1 level",
])
def test_a_roll_after_a_cost_or_condition_stands_between_two_colons(line: str) -> None:
    """`COST: roll a die: BRANCHES`, as card text says it, is the line with the roll
    joined to the clauses before the first ':' (the same line as `COST, roll a die: ...`)."""
    sink = DiagnosticSink()
    two = parse_text(f'item x "X" {{ bonus +1; value 100; {line} }}\n', "t.munch", sink)
    joined = line.replace(": roll", ", roll", 1)
    one = parse_text(f'item x "X" {{ bonus +1; value 100; {joined} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    a, b = two.cards[0].lines[0], one.cards[0].lines[0]
    assert a.when[-1].kind == "roll" and [c.kind for c in a.when] == [c.kind for c in b.when]
    assert [(c.kind, c.on_roll) for c in a.effects] == [(c.kind, c.on_roll) for c in b.effects]


@pytest.mark.parametrize(("line", "words"), [
    # an effect between the two ':' is not a roll
    ("any time, discard 1 card: gain 1 level: roll 4+", "only a roll may stand"),
    # a third ':' after the roll
    ("any time, discard 1 card: roll 4+: gain 1 level: lose 1 level", "a rule has one ':'"),
])
def test_other_clauses_between_two_colons_keep_the_hint(line: str, words: str) -> None:
    sink = DiagnosticSink()
    parse_text(f'item x "X" {{ bonus +1; value 100; {line} }}\n', "t.munch", sink)
    [diag] = [d for d in sink.items if d.code == "E002"]
    assert words in (diag.hint or ""), diag.hint


def test_a_monster_line_read_as_it_enters_has_no_moment_to_roll(tmp_path: Path) -> None:
    body = ('monster x "X" { level 2; treasures 1; roll a die: on 1 to 3 +2, on 4 to 6 '
            'nothing; bad stuff: lose 1 level }\n')
    assert "E226" in pack_codes(body, tmp_path)


def test_branches_compose_with_any_effect_and_moment(tmp_path: Path) -> None:
    body = (f'curse a "A" {{ {WHEEL} }}\n'
            'one-shot b "B" { value 100; in combat, roll a die: on 1 +3 to monster, on 2 to '
            '6 +4 to you }\n'
            'monster c "C" { level 3; treasures 1; bad stuff, roll a die: on 1 to 3 lose 1 '
            'level, on 4 to 6 discard footgear }\n'
            'item d "D" { bonus +1; value 200; on kill, roll a die: on 1 to 5 nothing, on 6 '
            'take a random card from the player to your left }\n')
    assert [c for c in pack_codes(body, tmp_path) if c.startswith("E")] == []


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Roll a die: on a 1–2 lose 1 level, on a 6 go up 1 level."),
    ("ru", "Брось кубик: при 1–2 теряешь 1 уровень, при 6 получаешь 1 уровень."),
    ("pl", "Rzuć kostką: przy 1–2 tracisz 1 poziom, przy 6 zyskujesz 1 poziom."),
])
def test_card_text_names_the_faces(lang: str, words: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
        f'curse x "X" {{ {WHEEL} }}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_the_scenarios_play_each_face() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "13 passed, 0 failed" in result.output


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "In combat, remove 1 counter from this card, roll a die: on a 1–3 -2, on a 4–6 +4."),
    ("ru", "В бою, сними 1 жетон с этой карты, брось кубик: при 1–3 -2, при 4–6 +4."),
    ("pl", "rzuć kostką: przy 1–3 -2, przy 4–6 +4."),
])
def test_a_roll_after_a_cost_prints_the_cost_then_the_roll(lang: str, words: str,
                                                          tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
        'item x "X" { bonus +1; value 100; name ru "Х"; name pl "X"; on kill: put a counter '
        'on this; in combat, remove a counter from this: roll a die: on 1 to 3 -2 to you, on '
        '4 to 6 +4 to you }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


@pytest.mark.parametrize(("kind", "line"), [
    ("curse", WHEEL),
    ("one-shot", "in combat, roll a die: on 1 to 3 +3 to monster, on 4 to 6 +3 to you"),
    ("monster", "bad stuff, roll a die: on 1 to 3 lose 2 levels, on 4 to 6 nothing"),
    ("item", "any time, roll a die: on 1 to 3 nothing, on 4 to 6 take a random card from "
             "the player to your left"),
    ("item", "any time, discard 1 card: roll a die: on 1 to 3 lose 1 level, on 4 to 6 gain 1 "
             "level"),
    ("one-shot", "in combat, discard 1 card: roll 4+: +3 to you"),
])
def test_the_probe_proves_a_branch_line(kind: str, line: str) -> None:
    assert gl.explain(kind, "munchkin-1.6", line)[-1] == "proof: proven"


FACE_ONE_TWICE = ("in combat, roll a die: on 1 +2 to you, lose 1 level, on 2 +2 to you, on 3 +3 "
                  "to you, on 4 +4 to you, on 5 +5 to you, on 6 +6 to you")


def test_an_effect_after_a_branch_is_more_of_that_branch(tmp_path: Path) -> None:
    """`on 1 +2 to you, lose 1 level`: face 1 does both, as card text reads; before, the
    `lose 1 level` had no faces and acted on every roll."""
    sink = DiagnosticSink()
    unit = parse_text(f'one-shot x "X" {{ value 100; {FACE_ONE_TWICE} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    assert [(c.kind, c.on_roll) for c in unit.cards[0].lines[0].effects][:3] == [
        ("strength", (1, 1)), ("lose_levels", (1, 1)), ("strength", (2, 2))]
    assert [c for c in pack_codes(f'one-shot x "X" {{ value 100; {FACE_ONE_TWICE} }}\n',
                                  tmp_path) if c.startswith("E")] == []


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "roll a die: on a 1 +2 and lose 1 level, on a 2 +2,"),
    ("ru", "при 1 +2 и теряешь 1 уровень, при 2 +2,"),
    ("pl", "przy 1 +2 i tracisz 1 poziom, przy 2 +2,"),
])
def test_a_branch_of_two_effects_prints_its_faces_once(lang: str, words: str,
                                                       tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
        f'one-shot x "X" {{ value 100; name ru "Х"; name pl "X"; {FACE_ONE_TWICE} }}\n',
        encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_a_face_said_twice_says_how_to_give_it_two_effects(tmp_path: Path) -> None:
    body = ('one-shot x "X" { value 100; in combat, roll a die: on 1 +2 to you, on 1 lose 1 '
            'level, on 2 to 6 +2 to you }\n')
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n' + body, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code != 0 and "E213" in result.output, result.output
    assert "the second without `on`" in result.output, result.output


WAITING_BRANCH = ("in combat, roll a die: on 1 +1 to you and after this combat lose 1 level, "
                  "on 2 to 6 +2 to you")


def test_and_joins_a_branch_and_after_this_combat_makes_it_wait(tmp_path: Path) -> None:
    """`on 1 +1 to you and after this combat lose 1 level` (card 207): `and` joins the
    second effect to the branch as `,` does, and `after this combat` marks it to wait for
    the end of the combat (engine/effects_apply._run defers it)."""
    sink = DiagnosticSink()
    unit = parse_text(f'one-shot x "X" {{ value 100; {WAITING_BRANCH} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    assert [(c.kind, c.on_roll, c.later) for c in unit.cards[0].lines[0].effects] == [
        ("strength", (1, 1), None), ("lose_levels", (1, 1), "combat_end"),
        ("strength", (2, 6), None)]
    assert [c for c in pack_codes(f'one-shot x "X" {{ value 100; {WAITING_BRANCH} }}\n',
                                  tmp_path) if c.startswith("E")] == []


def test_after_this_combat_needs_a_combat(tmp_path: Path) -> None:
    """With no combat to wait for (`outside combat`), the effect would act at once: E221."""
    assert "E221" in pack_codes('one-shot x "X" { value 100; outside combat: after this '
                                'combat lose 1 level }\n', tmp_path)
