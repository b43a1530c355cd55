"""A level gain about to happen, as a replaceable event (issue 19 item 1, "replacement";
the scouts' `instead of gaining a level`, E002 before): `when you would gain a level`,
`when another player would gain a level` (and its waiting form `the next time another
player would gain a level: prevent it, gain 1 level`), where `prevent it` stops the gain,
and `instead of gaining a level: ...` (a card in play, a curse on its victim).  Checked,
printed in en/ru/pl and played (the pack tests/data/level_gains: a kill's level taken by
a waiting one-shot, a charm that turns a level into treasures, an idol that stops another
player's level and not its owner's, a curse that replaces one gain and leaves)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import assert_scenarios_pass, pack_codes

from munchkin_dsl.cli import main

CARDS = Path(__file__).resolve().parent / "data" / "level_gains"


@pytest.mark.parametrize(("kind", "line"), [
    ("item", "when you would gain a level, discard this card: prevent it, draw 2 treasures "
             "face down"),
    ("item", "when another player would gain a level, discard this card: prevent it"),
    ("item", "when another player would go up a level, roll 5+: prevent it"),
    ("one-shot", "the next time another player would gain a level: prevent it, gain 1 level"),
    ("one-shot", "the next time you would gain a level: prevent it, draw 1 door face down"),
    ("item", "instead of gaining a level, discard this card: draw 2 treasures face down"),
    ("curse", "instead of gaining a level: draw 1 door face down"),
])
def test_accepted(kind: str, line: str, tmp_path: Path) -> None:
    body = f'{kind} x "X" {{ value 200\n  {line} }}\n' if kind != "item" else \
        f'item x "X" {{ bonus +1; value 200\n  {line} }}\n'
    if kind == "curse":
        body = f'curse x "X" {{\n  {line} }}\n'
    assert pack_codes(body, tmp_path) == []


@pytest.mark.parametrize(("line", "code"), [
    # a gain already over cannot be prevented
    ("when another player gains a level: prevent it", "E221"),
    # a gain in place of a gain replaces nothing
    ("instead of gaining a level: gain 1 level", "E221"),
])
def test_refused(line: str, code: str, tmp_path: Path) -> None:
    assert code in pack_codes(f'item x "X" {{ bonus +1; value 200\n  {line} }}\n', tmp_path)


def test_prevent_names_the_gain_events(tmp_path: Path) -> None:
    """`prevent it` where nothing is about to happen: the hint names the gain events too."""
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'item x "X" { bonus +1; value 200\n  on kill: prevent it }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code != 0
    assert "when you would gain a level" in result.output, result.output


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "The next time another player would gain a level: they do not gain it, go up 1 "
           "level."),
    ("ru", "В следующий раз, когда другому игроку предстоит получить уровень: он его не "
           "получает, получаешь 1 уровень."),
    ("pl", "Następnym razem, gdy inny gracz ma zdobyć poziom: nie zdobywa go, zyskujesz 1 "
           "poziom."),
    ("en", "When you would gain a level, discard this card: you do not gain it, draw 2 "
           "Treasures face down."),
    ("ru", "Когда тебе предстоит получить уровень, сбрось эту карту: ты его не получаешь"),
    ("pl", "Gdy masz zdobyć poziom, odrzuć tę kartę: nie zdobywasz go"),
    ("en", "Instead of gaining a level: draw 1 Door face down."),
    ("ru", "Вместо получения уровня: тянешь 1 дверь втёмную."),
    ("pl", "Zamiast zdobyć poziom:"),
])
def test_text(lang: str, words: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_the_scenarios_play_each_card() -> None:
    assert_scenarios_pass(CARDS, 5)
