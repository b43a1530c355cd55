"""Conditions on what a player did earlier this turn (issue 19 item 1, "what happened this
turn"; the scouts' `if you helped in a fight this turn`): `if SUBJECT HAPPENED this turn`
over every happening the engine notes (language/parts/turn_facts.py) and every player
subject.  Checked (a monster does nothing a turn keeps: E222; a Seal where the pack has
none: E224), printed in en/ru/pl with agreement, and played (the pack
tests/data/turn_facts: each condition where it holds and where it does not, and a help of
the last turn that no longer counts)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import assert_scenarios_pass, pack_codes

from munchkin_dsl.cli import main
from munchkin_dsl.language.parts.turn_facts import FACTS

CARDS = Path(__file__).resolve().parent / "data" / "turn_facts"


@pytest.mark.parametrize("line", [
    "any time, if you helped this turn: gain 1 level",
    "any time, if you helped in a fight this turn: gain 1 level",
    "any time, if you did not kill a monster this turn: gain 1 level",
    "any time, if another player sold items this turn: draw 1 treasure face down",
    "any time, if any player was caught this turn: draw 1 door face down",
    "any time, if each other player fought a monster this turn: gain 1 level",
    "any time, if no player won a fight this turn: gain 1 level",
    "in combat, if fighter ran away this turn: +2 to you",
    "in combat, if helper gained a level this turn: +2 to monster",
    "any time, if you got cursed this turn: draw 1 treasure face down",
])
def test_accepted_for_every_player_subject(line: str, tmp_path: Path) -> None:
    assert pack_codes(f'one-shot x "X" {{ value 200\n  {line} }}\n', tmp_path) == []


@pytest.mark.parametrize(("line", "code"), [
    ("in combat, if monster was cursed this turn: +2 to monster", "E222"),
    ("any time, if you opened a seal this turn: gain 1 level", "E224"),  # no Seals in 1.6
])
def test_refused_where_it_would_never_hold(line: str, code: str, tmp_path: Path) -> None:
    assert code in pack_codes(f'one-shot x "X" {{ value 200\n  {line} }}\n', tmp_path)


def test_every_happening_is_a_condition(tmp_path: Path) -> None:
    """Each happening of the table reads in both forms, the past and `did not` + plain
    (a Seal's under a ruleset that has Seals)."""
    header = 'pack t { title "T"; version "1"; ruleset munchkin-apocalypse }\n'
    lines = []
    for fact in FACTS.values():
        past = fact.en_past.replace("a Seal", "a seal")
        plain = fact.en_plain.replace("a Seal", "a seal")
        lines += [f"any time, if you {past} this turn: gain 1 level",
                  f"any time, if victim did not {plain} this turn: gain 1 level"]
    body = "".join(f'one-shot c{i} "C{i}" {{ value 200\n  {ln} }}\n' for i, ln in enumerate(lines))
    (tmp_path / "pack.munch").write_text(header + body, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(("lang", "condition", "words"), [
    ("en", "you helped this turn", "if you helped in a fight this turn:"),
    ("ru", "you helped this turn", "если ты помогал в бою в этот ход:"),
    ("pl", "you helped this turn", "jeśli w tej turze pomagałeś w walce:"),
    ("en", "you were caught this turn", "if you were caught this turn:"),
    ("en", "fighter was caught this turn", "if the fighter was caught this turn:"),
    ("en", "you did not kill a monster this turn", "if you did not kill a monster this turn:"),
    ("ru", "you did not kill a monster this turn", "если ты не убил монстра в этот ход:"),
    ("pl", "you did not kill a monster this turn", "jeśli w tej turze nie zabiłeś potwora:"),
    ("ru", "victim was cursed this turn", "если жертва была проклята в этот ход:"),
    ("pl", "victim was cursed this turn", "jeśli ofiara w tej turze została przeklęta:"),
    ("ru", "another player sold this turn", "если другой игрок продал шмотки в этот ход:"),
    ("pl", "another player sold this turn", "jeśli inny gracz w tej turze sprzedawał "
                                            "przedmioty:"),
])
def test_text(lang: str, condition: str, words: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        f'one-shot x "X" {{ value 200\n  any time, if {condition}: gain 1 level }}\n',
        encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_the_scenarios_play_each_condition_both_ways() -> None:
    assert_scenarios_pass(CARDS, 12)
