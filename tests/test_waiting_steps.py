"""Cards that wait for a player's own steps (issue 19, wave 6): another player's run-away
roll (`the next time that player rolls to run away: the roll fails`, the eighth set's
Rigged Airlock), its player's own roll, capture and death (`the next time you are caught`,
Dead Man's Switch), the end or start of a victim's next turn on a curse-like card
(`at the end of the victim's next turn`, the seventh set's Countdown), and a monster with
no Bad Stuff (`bad stuff: nothing`, Mutated Shark).  The engine's side is played by the
scenarios of tests/data/waiting-steps."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import HEADER, assert_scenarios_pass, pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.base.rulesets import load_ruleset
from munchkin_dsl.compiler.api import check_pack, compile_packs
from munchkin_dsl.text.cardtext import card_text

DATA = Path(__file__).resolve().parent / "data" / "waiting-steps"


def test_the_scenarios_play_where_each_applies_and_where_it_must_not() -> None:
    assert_scenarios_pass(DATA, 13)


@pytest.mark.parametrize(("line", "kind"), [
    ("the next time that player rolls to run away: the roll fails", "one-shot"),
    ("the next time that player rolls to run away this turn: -2 to run away", "one-shot"),
    ("the next time another player rolls to run away: +2 to run away", "one-shot"),
    ("the next time you roll to run away: +3 to run away", "one-shot"),
    ("the next time you are caught: you ignore bad stuff, every other player loses 1 level",
     "one-shot"),
    ("the next time you get caught: gain 1 level", "one-shot"),
    ("the next time you fail to run away: gain 1 level", "one-shot"),
    ("the next time you die: every other player loses 1 level", "one-shot"),
    ("the next time you are killed this turn: gain 1 level", "one-shot"),
    ("at the end of your next turn: gain 1 level", "one-shot"),
    ("at the end of your next turn: victim loses 1 level", "curse"),
    ("at the end of the victim's next turn: victim loses 1 level", "curse"),
    ("at the end of their next turn: victim loses 1 level", "curse"),
    ("at the start of your next turn: victim loses 1 level", "curse"),
    ("at the start of the victim's next turn: victim loses 1 level", "curse"),
    ("the next time victim rolls to run away: the roll fails", "curse"),
    ("the next time the victim rolls to run away: -2 to run away", "curse"),
    ("when another player rolls to run away: the roll fails", "one-shot"),
])
def test_the_family_checks_clean(line: str, kind: str, tmp_path: Path) -> None:
    assert pack_codes(f'{kind} c "C" {{ value 200\n  {line} }}\n'.replace(
        "value 200\n", "" if kind == "curse" else "value 200\n"), tmp_path) == []


@pytest.mark.parametrize(("line", "kind", "code", "hint"), [
    # its own roll failing is nobody's wish: the curse's and another player's forms
    ("the next time you roll to run away: the roll fails", "one-shot", "E221",
     "the next time that player rolls to run away: the roll fails"),
    # `a player` names no event: the forms that exist
    ("the next time a player rolls to run away: -2 to run away", "one-shot", "E002",
     "the next time another player rolls to run away"),
    # a card kept in play reacts every time
    ("the next time you are caught: gain 1 level", "item", "E220", "when caught"),
    # a monster's end of turn
    ("at the end of your next turn: gain 1 level", "monster", "E220",
     "a curse, trap or disaster on its victim"),
])
def test_refused_with_the_form_that_works(line: str, kind: str, code: str, hint: str,
                                          tmp_path: Path) -> None:
    stats = {"item": "bonus +1; value 200", "monster": "level 2; treasures 1",
             "one-shot": "value 200"}[kind]
    (tmp_path / "pack.munch").write_text(
        HEADER + f'{kind} c "C" {{ {stats}\n  {line} }}\n', encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    found = [d for d in sink.items if d.code == code]
    assert found, [str(d) for d in sink.items]
    assert hint in (found[0].hint or ""), found[0].hint


def test_a_monster_with_no_bad_stuff_prints_none(tmp_path: Path) -> None:
    """`bad stuff: nothing` (or `none`) prints "Bad Stuff: none" in every language, with
    no W701 (which stays for a monster with no line at all)."""
    body = ('monster eel "Eel" { level 2; treasures 1\n  bad stuff: nothing }\n'
            'monster ray "Ray" { level 2; treasures 1\n  bad stuff: none }\n')
    assert pack_codes(body, tmp_path) == []
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    cards = {c.id: c for c in compile_packs([tmp_path / "pack.munch"], sink).data.cards}
    rs = load_ruleset("munchkin-1.6")
    for card in ("eel", "ray"):
        assert [card_text(cards[card], rs, lang).bad_stuff for lang in ("en", "ru", "pl")] \
            == ["None.", "нет.", "brak."]  # after the box's "Bad Stuff:"
    assert "W701" in pack_codes('monster eel "Eel" { level 2; treasures 1 }\n', tmp_path)


@pytest.mark.parametrize("body", [
    "bad stuff: nothing, lose 1 level",  # nothing, and a level
    "bad stuff, if you are Elf: nothing",  # nothing for some: a Bad Stuff for the others
    "bad stuff: nothing\n  bad stuff: lose 1 level",  # a second Bad Stuff line
])
def test_nothing_beside_a_bad_stuff_is_refused(body: str, tmp_path: Path) -> None:
    assert "E221" in pack_codes(f'monster eel "Eel" {{ level 2; treasures 1\n  {body} }}\n',
                                tmp_path)


def test_nothing_elsewhere_is_refused_and_a_roll_branch_keeps_it(tmp_path: Path) -> None:
    """`nothing` is a monster's Bad Stuff only; in a roll branch it is still no effect."""
    assert "E221" in pack_codes('monster eel "Eel" { level 2; treasures 1\n  on kill: nothing\n'
                                '  bad stuff: lose 1 level }\n', tmp_path)
    assert pack_codes('monster eel "Eel" { level 2; treasures 1\n  on kill, roll a die: on 1 '
                      'to 3 nothing, on 4 to 6 gain 1 level\n  bad stuff: lose 1 level }\n',
                      tmp_path) == []
