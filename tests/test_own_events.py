"""The card's own player's events (parts/own_events.py): `when you gain a level`, `when
you lose a level`, `when you discard a card`, `when you play a curse`, `when you help`,
`when you ask for help`, `when you run away`, `when you play a card`, `when you sell`,
their waiting forms,
and the `when you ...` words of the owner's fight events (`when you kill a monster` is
`on kill`, `when you escape` is `on escape`, `when you are caught` is `when caught`).

A fresh author's `when you lose a level` was refused (E230) although the engine fires the
event for every player; tests/data/own-events holds cards whose scenarios show each line
acts for its own player and not for another player's event.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.language.parts.own_events import ANY, OWN

CARDS = Path(__file__).resolve().parent / "data" / "own-events"


def test_the_own_event_cards_play_as_written() -> None:
    sink = DiagnosticSink()
    check_pack(CARDS, sink)
    assert not [d for d in sink.items if d.code.startswith("E")], [d.message for d in sink.items]
    result = CliRunner().invoke(main, ["test", str(CARDS), "--format", "json"])
    doc = json.loads(result.output)
    assert len(doc["scenarios"]) == 22 and all(s["passed"] for s in doc["scenarios"]), \
        result.output


def test_each_own_event_is_fired_with_its_other_event() -> None:
    """One call fires both: the own timing is the other's, for the actor."""
    assert OWN == {"when_other_gains_level": "when_you_gain_level",
                   "when_other_loses_level": "when_you_lose_level",
                   "when_other_discards": "when_you_discard",
                   "when_other_plays_curse": "when_you_play_curse",
                   "when_other_helps": "when_you_help",
                   "when_other_asks_help": "when_you_ask_help",
                   "when_other_runs_away": "when_you_run_away",
                   "when_other_plays_card": "when_you_play_card",
                   "when_other_sells": "when_you_sell",
                   "when_other_wins": "when_you_win",
                   "when_other_kicks_monster": "when_you_kick_monster",
                   "when_other_bad_stuff": "when_you_bad_stuff"}


def test_each_anyone_event_is_fired_with_its_other_event() -> None:
    """`when a player gains a level`: the other's timing, for every living player."""
    assert ANY == {"when_other_gains_level": "when_any_gains_level",
                   "when_other_loses_level": "when_any_loses_level",
                   "when_other_discards": "when_any_discards",
                   "when_other_kills": "when_any_kills",
                   "when_other_plays_curse": "when_any_plays_curse",
                   "when_other_sells": "when_any_sells",
                   "when_other_wins": "when_any_wins",
                   "when_other_kicks_monster": "when_any_kicks_monster",
                   "when_other_fights": "when_any_fights",
                   "when_other_bad_stuff": "when_any_bad_stuff"}


@pytest.mark.parametrize(("line", "lang", "words"), [
    ("when you lose a level: draw 1 treasure face down", "en", "whenever you lose a level"),
    ("when you lose a level: draw 1 treasure face down", "ru", "когда ты теряешь уровень"),
    ("when you gain a level: draw 1 door face down", "pl", "gdy zdobywasz poziom"),
    ("when you discard a card: draw 1 door face down", "ru", "когда ты сбрасываешь карту"),
    ("when you help: draw 1 door face down", "pl", "gdy zgadzasz się pomóc w walce"),
    ("when you ask for help: +2 to you", "ru", "когда ты просишь о помощи"),
    ("when you try to run away: draw 1 door face down", "en",
     "whenever you run away from a monster"),
    ("when you play a card: draw 1 door face down", "ru", "когда ты играешь другую карту"),
    ("when you sell: draw 1 door face down", "pl", "gdy sprzedajesz przedmioty"),
    ("when a player gains a level: draw 1 door face down", "en",
     "whenever a player goes up a level"),
    ("when any player kills a monster: draw 1 door face down", "ru",
     "когда любой игрок убивает монстра"),
    ("when a player discards a card: draw 1 door face down", "pl",
     "gdy dowolny gracz odrzuca kartę"),
])
def test_an_own_event_prints_in_each_language(line: str, lang: str, words: str,
                                              tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
        f'item i "I" {{ name ru "И"; name pl "I"; bonus +1; value 200; headgear; {line} }}\n',
        encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output.lower(), result.output


def test_a_waiting_own_event_prints_its_words(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'one-shot o "O" { no value; the next time you lose a level: draw 2 treasures face '
        'down }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path)])
    assert "the next time you lose a level" in result.output.lower(), result.output


def _checked(tmp_path: Path, line: str) -> list[tuple[str, str, str]]:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        f'item i "I" {{ bonus +1; value 200; headgear; {line} }}\n', encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [(d.code, d.message, d.hint or "") for d in sink.items if d.code.startswith("E")]


def test_a_bonus_to_the_helper_as_they_agree_is_refused_with_the_form_that_works(
        tmp_path: Path) -> None:
    """`when you help` comes as its player agrees, before they join the fight (as `when
    another player helps`): `+2 to you` there would be of nobody (E228), and the hint
    names `if you are helper: +2 to you`; a change to the monster goes into the fight."""
    [(code, message, hint)] = _checked(tmp_path, "when you help: +2 to you")
    assert code == "E228" and "before you join" in message, message
    assert "`if you are helper: +2 to you`" in hint, hint
    assert not _checked(tmp_path, "when you help: -2 to monster")
    assert not _checked(tmp_path, "when you ask for help: +2 to you")  # the asker fights


def test_any_players_fight_is_an_event_and_can_be_waited_for() -> None:
    """`when a player fights a monster` (and `the next time a player fights a monster`, the
    ninth author's Proximity Mine, 349, written from the kicked-open form before): another
    player's fight and the card's own player's, for a card in play and a waiting one-shot."""
    from conftest import assert_scenarios_pass

    assert_scenarios_pass(Path(__file__).resolve().parent / "data" / "any-player-fights", 4)


def test_another_players_loot_is_an_event() -> None:
    """`when another player loots the room` (the tenth author's Nosy Innkeeper, 383: E230,
    kept as `manual`): another player's loot fires it, the card's own does not, and a
    one-shot waits for it."""
    from conftest import assert_scenarios_pass

    assert_scenarios_pass(Path(__file__).resolve().parent / "data" / "loot-event", 3)
