"""`when this combat starts` on a monster: its lines fire once as it comes into a fight,
however it came in (kicked open, fought from a hand, played in as a Wandering Monster, a
second monster joining), for the fighter; `on reveal` fires only for a door kicked open
(issue 19 item 1, family 3: the fifth held-out set's Bear on a Unicycle)."""

from __future__ import annotations

from pathlib import Path

import grammar_lines as gl
import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.cli import main

BEAR = "when this combat starts: +1 for each point of a die"


def _monster(line: str, mid: str = "n") -> str:
    return f'monster {mid} "N" {{ level 4; treasures 1; {line}; bad stuff: lose 1 level }}\n'


@pytest.mark.parametrize("line", [
    BEAR,
    "when the combat begins, roll 5+: +3",
    "as the fight begins, roll a die: on 1 to 3 -2, on 4 to 6 +4",
    "at the start of this combat: -2 to fighter",
    "when it joins the fight: draw 1 treasure",
])
def test_a_monster_answers_its_combat_starting(line: str, tmp_path: Path) -> None:
    assert [c for c in pack_codes(_monster(line), tmp_path) if c.startswith("E")] == []


@pytest.mark.parametrize("card", [
    'one-shot o "O" { value 100; when this combat starts: +2 to you }\n',
    'item i "I" { bonus +1; value 100; when the combat begins: +2 }\n',
])
def test_only_a_monster_answers_its_combat_starting(card: str, tmp_path: Path) -> None:
    assert "E220" in pack_codes(card, tmp_path)


def test_a_die_on_a_monster_names_the_form_that_rolls_it(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n' + _monster("+1 die"),
        encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(tmp_path)]).output
    assert "E202" in out and BEAR in out


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "When this combat starts: +1 for each point rolled on a die."),
    ("ru", "В начале этого боя: +1 за каждое очко, выпавшее на кубике."),
    ("pl", "Na początku tej walki: +1 za każde oczko wyrzucone kością."),
])
def test_card_text_says_the_combat_starting(lang: str, words: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
        'monster n "N" { level 4; treasures 1; name ru "Н"; name pl "N"; ' + BEAR
        + '; bad stuff: lose 1 level }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert words in result.output, result.output


@pytest.mark.parametrize("line", [
    BEAR,
    "when this combat starts, roll 5+: +3",
    "when this combat starts: fighter discards 1 card",
])
def test_the_probe_proves_a_combat_starting(line: str) -> None:
    assert gl.explain("monster", "munchkin-1.6", line)[-1] == "proof: proven"


@pytest.mark.parametrize(("line", "form"), [
    ("when this monster is encountered: +2", "when this combat starts"),
    ("when it comes into the fight: +2", "when this combat starts"),
    ("when this combat starts, roll a die: on 5+ +5", "roll 5+: EFFECT"),
])
def test_an_authors_phrasing_is_told_the_form(line: str, form: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n' + _monster(line),
        encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(tmp_path)]).output
    assert "E002" in out and f"is written `{form}`" in out, out
