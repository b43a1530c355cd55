"""Skipping a phase other than the whole turn or the kick (issue 19 item 1, "skip a phase
or an action"): `victim skips their next look for trouble`, `skip your next loot the
room`, `skip your next charity`.  Parsed, refused where they mean nothing, printed in
en/ru/pl, played (the pack tests/data/phase-skips) and counted by the bots (no look for
trouble while banned)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.engine import phase_skips
from munchkin_dsl.engine.state import GameState, Player
from munchkin_dsl.language.parser import parse_text

CARDS = Path(__file__).resolve().parent / "data" / "phase-skips"


@pytest.mark.parametrize(("line", "part"), [
    ("victim skips their next look for trouble", "SkipTrouble"),
    ("skip your next loot the room", "SkipLoot"),
    ("fighter skips the next loot room", "SkipLoot"),
    ("skip your next charity", "SkipCharity"),
    ("victim skips their next charity phase", "SkipCharity"),
    ("victim skips their next kick open the door phase", "SkipKick"),
    ("victim skips their next open the door", "SkipKick"),  # Apocalypse's «Otwórz Drzwi»
])
def test_each_skip_parses_to_its_part(line: str, part: str) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'curse x "X" {{ {line} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    assert type(unit.cards[0].lines[0].effects[0]).__name__ == part


@pytest.mark.parametrize(("body", "code"), [
    ('race x "X" { on death: skip your next loot the room }\n', "E221"),
    # a monster's own line has no `you`
    ('monster x "X" { level 2; treasures 1; you skip your next look for trouble }\n',
     "E228"),
])
def test_a_skip_that_cannot_mean_anything_is_refused(body: str, code: str,
                                                     tmp_path: Path) -> None:
    assert code in pack_codes(body, tmp_path)


def test_the_ban_lasts_one_turn_of_the_player() -> None:
    class Game:
        notes: list[str] = []

        def note(self, text: str) -> None:
            self.notes.append(text)

    game, p = Game(), Player("A", 0)
    state = GameState([p], {}, {}, random.Random(0))  # (no card bans looking for trouble)
    p.markers["skip_trouble"] = 1
    assert not phase_skips.no_trouble(state, p)  # a marker until the turn begins
    phase_skips.turn_begins(game, p)
    assert phase_skips.no_trouble(state, p) and "skip_trouble" not in p.markers
    phase_skips.turn_ends(game, p)
    assert not phase_skips.no_trouble(state, p) and not p.markers


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Skip your next Look for Trouble."),
    ("ru", "Пропускаешь следующую фазу «Ищем Неприятности»."),  # the ruleset's words
    ("ru", "Пропускаешь следующую фазу «Благотворительность» (все карты остаются на руке)."),
    ("en", "Skip your next Charity (keeping every card in hand)."),
])
def test_card_text(lang: str, words: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_the_scenarios_play_each_skip() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "5 passed, 0 failed" in result.output


def test_a_skipped_charity_lets_the_hand_stay_over_the_limit_that_turn() -> None:
    """The skip is spent by the next charity, which keeps the hand (``kept_hand``); the
    hand-limit invariant reads it, and the leave goes as the turn ends."""
    from munchkin_dsl.engine.invariants import hand_problems

    class Rules:
        @staticmethod
        def hand_limit(_p: Player) -> int:
            return 5

    class Game:
        notes: list[str] = []
        rules = Rules()

        class state:  # noqa: N801 - a stand-in for the game state
            over = False

        def note(self, text: str) -> None:
            self.notes.append(text)

    game, p = Game(), Player("A", 0)
    p.hand = [object()] * 7  # type: ignore[list-item]
    assert hand_problems(game, p)  # type: ignore[arg-type]
    p.markers["skip_charity"] = 1
    assert phase_skips.skips_charity(game, p) and "skip_charity" not in p.markers
    assert not hand_problems(game, p)  # type: ignore[arg-type]
    assert not phase_skips.skips_charity(game, p)  # spent: the next charity happens
    phase_skips.turn_ends(game, p)
    assert hand_problems(game, p) and not p.markers  # type: ignore[arg-type]


@pytest.mark.parametrize(("line", "form"), [
    ("skip your charity phase this turn", "skip your next charity"),
    ("victim skips charity", "skip your next charity"),
    ("skip your look for trouble", "skip your next look for trouble"),
    ("victim skips their next kick open the airlock", "skip your next kick open the door"),
])
def test_a_natural_attempt_is_told_the_form_that_works(line: str, form: str,
                                                       tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset star-munchkin }\n'
        f'one-shot o "O" {{ value 100; {line} }}\n', encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(tmp_path)]).output
    assert "E002" in out and f"is written `{form}`" in out, out
