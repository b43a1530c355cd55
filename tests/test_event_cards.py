"""Lines at a player's events (issue 19, the refused lines of families A, C and D):
`instead of dying` that opens a Seal (the death it replaces opens none), a loss about to
happen waited for by a one-shot played ahead (`the next time you would lose a level:
prevent it`), and the parts built with them.

tests/data/event-cards holds the cards; its scenarios prove each line acts where it
applies and not where it must not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack

CARDS = Path(__file__).resolve().parent / "data" / "event-cards"
HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'


def _codes(body: str, tmp_path: Path, ruleset: str = "munchkin-1.6") -> list[str]:
    (tmp_path / "pack.munch").write_text(HEADER.replace("munchkin-1.6", ruleset) + body,
                                         encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [d.code for d in sink.items if d.code.startswith("E")]


def test_the_event_cards_play_as_written() -> None:
    sink = DiagnosticSink()
    check_pack(CARDS, sink)
    assert not [d for d in sink.items if d.code.startswith("E")], [d.message for d in sink.items]
    result = CliRunner().invoke(main, ["test", str(CARDS), "--format", "json"])
    doc = json.loads(result.output)
    assert len(doc["scenarios"]) >= 3 and all(s["passed"] for s in doc["scenarios"]), \
        result.output


@pytest.mark.parametrize("line", [
    "the next time you would lose a level: prevent it",
    "the next time you would lose an item this turn: prevent it",
])
def test_a_loss_about_to_happen_is_waited_for(line: str, tmp_path: Path) -> None:
    assert _codes(f'one-shot o "O" {{ value 300; {line} }}\n', tmp_path) == []


def test_a_waited_loss_is_a_one_shots_only(tmp_path: Path) -> None:
    assert _codes('item i "I" { bonus +1; value 300; the next time you would lose a level: '
                  'prevent it }\n', tmp_path) == ["E220"]


def test_instead_of_dying_may_open_a_seal(tmp_path: Path) -> None:
    assert _codes('one-shot o "O" { value 300; instead of dying: go to level 1, open a seal '
                  '}\n', tmp_path, "munchkin-apocalypse") == []


def test_a_curse_on_a_kills_level_names_the_form_that_works(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEADER + 'curse c "C" { the next time victim wins a fight: -1 level }\n',
        encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    hints = " ".join(d.hint or "" for d in sink.items if d.code == "E202")
    assert "victim gains no level for it" in hints, hints


def test_no_level_for_it_acts_only_as_the_fight_is_won(tmp_path: Path) -> None:
    assert _codes('curse c "C" { the next time victim wins a fight: victim gains no level '
                  'for it }\n', tmp_path) == []
    assert _codes('curse c "C" { victim gains no level for it }\n', tmp_path) == ["E221"]


@pytest.mark.parametrize("line", [
    "if that player loses this combat: gain 1 level",
    "if the fighter wins this combat: draw 1 treasure face down",
    "if the helper loses this combat: that player loses 1 level",
    "if you still lose this combat: you die",
])
def test_a_fights_outcome_for_any_of_its_players(line: str, tmp_path: Path) -> None:
    assert _codes(f'one-shot o "O" {{ value 100; {line} }}\n', tmp_path) == []


def test_a_fights_outcome_rides_only_on_a_played_one_shot(tmp_path: Path) -> None:
    assert _codes('item i "I" { bonus +1; value 300; if that player loses this combat: gain 1 '
                  'level }\n', tmp_path) == ["E220"]


@pytest.mark.parametrize("line", [
    'curse c "C" { until victim kills a monster: victim ignores their item bonuses }',
    'curse c "C" { until you win a fight: -2 to victim }',
    'one-shot o "O" { value 100; until you kill a monster: +2 to you }',
    'item i "I" { bonus +1; value 300; until you are caught: +1 to run away }',
    'curse c "C" { until that player dies: -1 to run away }',
])
def test_a_duration_ends_at_its_players_event(line: str, tmp_path: Path) -> None:
    assert _codes(line + "\n", tmp_path) == []


def test_a_duration_at_another_players_event_is_refused(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEADER + 'curse c "C" { until fighter kills a monster: -2 to victim }\n',
        encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    found = [d for d in sink.items if d.code == "E221"]
    assert found and "until you ..." in (found[0].hint or ""), [d.message for d in sink.items]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Until you kill a monster: your items give no bonuses."),
    ("ru", "Пока ты не убьёшь монстра: твои шмотки не дают бонусов."),
    ("pl", "Dopóki nie zabijesz potwora: twoje przedmioty nie dają premii."),
])
def test_an_event_duration_in_every_language(lang: str, words: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEADER + 'curse c "C" { name ru "К"; name pl "K"; until victim kills a monster: '
        'victim ignores their item bonuses }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert words in result.output, result.output


def test_every_event_a_card_waits_for_about_another_player_has_its_duration() -> None:
    """A new `when another player ...` event gets its `until you ...` (words and text)
    here, or is named as meaningless in a duration."""
    from munchkin_dsl.language import registry
    from munchkin_dsl.language.parts import until_events, waiting
    meaningless = {"when_other_fights",  # it would end as the fight it counts in begins
                   "when_other_kicks_monster",  # (so would a kicked-open monster's fight)
                   # a won fight's duration is `until you win a fight` (until_events.WON)
                   "when_other_wins",
                   # its actor is who cursed the player it lasts on, not that player
                   "when_other_curses_you",
                   # a gain about to happen: a duration ends at one that happened
                   # (`until you gain a level`)
                   "when_other_would_gain_level",
                   # a player is looted once dead: a duration on them ends with them
                   "when_other_looted",
                   # a roll is one step of running away: `until you run away` ends there
                   "when_other_rolls_run_away"}
    for spec in registry.timings().values():
        if waiting.waitable(spec.id, spec.words, spec.carriers, spec.phase) \
                and spec.words.startswith("when another player ") and spec.id not in meaningless:
            assert spec.id in until_events.EVENTS, spec.id
