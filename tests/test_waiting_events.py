"""Waiting and reacting compose with every event (issue 19 item 1): `the next time EVENT`
(and `... this turn`, `the next time that player ...`, `at the start of your next turn`)
on a one-shot for each event a card in play reacts to, and one-shots in the hand answer
their player's draws.  The forms are derived from the events (language/parts/waiting.py),
so an event nobody wrote a waiting class for waits too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.base.rulesets import load_ruleset
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine import bots
from munchkin_dsl.language import registry
from munchkin_dsl.language.parts.waiting import split
from munchkin_dsl.text.cardtext import card_text

CARDS = '''one-shot omen "Omen" { value 200
  the next time another player gains a level: draw 1 door face down }
one-shot dawn "Dawn" { value 200
  at the start of your next turn: gain 1 level }
one-shot mark "Mark" { value 200
  the next time that player starts a turn: that player loses 1 level }
one-shot brief "Brief" { value 200
  the next time another player loses a level this turn: gain 1 level }
one-shot well "Well" { value 200
  when you draw a door: discard the card just drawn, draw 1 door face down }
one-shot charm "Charm" { value 200
  the next time you are targeted by a curse: cancel a curse }
curse sap "Sap" { lose 1 level }
monster rat "Rat" { level 1; treasures 1; bad stuff: lose 1 level }
'''


def _compiled(tmp_path: Path):  # noqa: ANN202 - the compile result
    (tmp_path / "pack.munch").write_text(HEADER + CARDS, encoding="utf-8")
    sink = DiagnosticSink()
    result = compile_packs([tmp_path / "pack.munch"], sink)
    assert [d for d in sink.items if d.severity.name == "ERROR"] == []
    return {c.id: c for c in result.data.cards}


def test_every_event_a_card_in_play_reacts_to_can_be_waited_for() -> None:
    """The forms come from the events: each `when another player ...` event has its
    `the next time`, `... this turn` and `the next time that player ...` forms."""
    specs = registry.timings()
    # (another player's roll has its forms too: `the next time that player rolls to run
    # away: the roll fails`, the eighth set's Rigged Airlock)
    others = [t for t in specs if t.startswith("when_other_") and t != "when_other_kills"]
    assert others
    for base in others:
        for form in ("next", "next_this_turn", "next_that"):
            if (form, base) != ("next_this_turn", "when_other_starts_turn") and (  # a later
                    form, base) != ("next_that", "when_other_looted"):  # turn; a dead player
                assert f"{form}:{base}" in specs, (form, base)
    assert {split(t) for t in specs if t.endswith(":turn_start")} == {("next", "turn_start")}
    # (the victim's form waits on a curse-like card, wave 4; every other form on a one-shot)
    # (the start of the victim's next turn on a curse-like card too: wave 6)
    # (and an event of the whole table on a curse-like card: `the next time a seal opens`)
    assert all(specs[t].carriers == ({"curse", "trap", "disaster"} if t.startswith(
        "next_victim:") else {"one-shot", "curse", "trap", "disaster"}
        if t == "next:turn_start" or t.startswith(("next:when_any_", "next:when_seal_"))
        else {"one-shot"}) for t in specs if split(t))
    assert "next_victim:when_other_gains_level" in specs


@pytest.mark.parametrize(("card", "lang", "words"), [
    ("omen", "en", "The next time another player goes up a level: draw 1 Door face down."),
    ("omen", "ru", "В следующий раз, когда другой игрок получает уровень:"),
    ("omen", "pl", "Następnym razem, gdy inny gracz zdobywa poziom:"),
    ("dawn", "en", "At the start of your next turn: go up 1 level."),
    ("dawn", "ru", "В начале твоего следующего хода:"),
    ("dawn", "pl", "Na początku twojej następnej tury:"),
    ("mark", "en", "Play on another player; the next time that player's turn starts:"),
    ("mark", "ru", "в следующий раз, когда начинается ход этого игрока:"),
    ("mark", "pl", "następnym razem, gdy zaczyna się tura tego gracza:"),
    ("brief", "en", "The next time another player loses a level this turn:"),
    ("brief", "ru", "когда другой игрок теряет уровень в этот ход:"),
    ("brief", "pl", "gdy inny gracz traci poziom w tej turze:"),
])
def test_the_card_text_says_the_waiting_form(card: str, lang: str, words: str,
                                             tmp_path: Path) -> None:
    cards = _compiled(tmp_path)
    assert words in card_text(cards[card], load_ruleset("munchkin-1.6"), lang).body


@pytest.mark.parametrize("line", [
    "the next time a seal opens: gain 1 level",
    "the next time another player gains a level this turn: gain 1 level",
    "at the start of your next turn: gain 1 level",
])
def test_a_card_in_play_does_not_wait_it_reacts(line: str, tmp_path: Path) -> None:
    """E220 on a card kept in play: it reacts every time with the event's own words."""
    assert "E220" in pack_codes(f'item i "I" {{ bonus +1; value 200\n  {line} }}\n', tmp_path)


def test_this_turn_after_a_turn_start_means_nothing(tmp_path: Path) -> None:
    body = ('one-shot o "O" { value 200\n  the next time another player starts a turn this '
            'turn: gain 1 level }\n')
    assert pack_codes(body, tmp_path)  # not a form of the language


SCENARIOS = '''scenario: a waiting one-shot fires once, for its event only
player A: level 3, hand omen
player B: level 3, hand charm
door deck: sap, sap, sap
A plays omen
expect A has omen
expect A hand 0
A fights rat
resolve
expect A hand 1                # the Rat's treasure: A's own level does not fire it
expect A has omen
B plays charm
next turn
B fights rat
resolve
expect A hand 2                # B went up a level: a door for A
expect A has no omen

scenario: played on B, it waits for B's turn, not C's
player A: level 5, hand mark
player B: level 5
player C: level 5
turn: B
A plays mark on B
next turn
expect B level 5
next turn
next turn
expect B level 4
expect A has no mark

scenario: this turn: unused, it goes at the turn's end
player A: level 5, hand brief
player B: level 5
A plays brief
next turn
expect A has no brief
expect A level 5

scenario: from the hand, right after the draw
door deck: sap, rat
player A: level 5, hand well
A loots the room
expect A has no sap
expect A has rat
expect A has no well

scenario: the next curse is cancelled, the one after lands
player A: level 5, hand charm
player B: level 5, hand sap sap
A plays charm
B plays sap on A
expect A level 5
B plays sap on A
expect A level 4
'''


def test_waiting_and_reacting_in_the_engine(tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "pack.munch").write_text(HEADER + CARDS, encoding="utf-8")
    (tmp_path / "scenarios" / "t.scn").write_text(SCENARIOS, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path), "--format", "json"])
    doc = json.loads(result.output)
    assert [s["passed"] for s in doc["scenarios"]] == [True] * 5, result.output


def test_bots_play_waiting_one_shots_ahead(tmp_path: Path) -> None:
    """At setup a bot puts its waiting one-shots face up (one that waits for another
    player's doing goes on the leader)."""
    from munchkin_dsl.engine import Game

    cards = _compiled(tmp_path)
    game = Game(list(cards.values()), ["A", "B", "C"], seed=1, deal=False)
    a, b, c = game.state.players
    b.level = 4
    for p in (a, b, c):
        p.hand.clear()
    omen, mark = game.new_card("omen"), game.new_card("mark")
    a.hand.extend([omen, mark])
    bots.setup(game, a)
    assert omen in a.others and mark in a.others and a.hand == []
    game.gain_levels(b, 1, "card")  # B goes up: the Omen fires and goes
    assert omen not in a.others and len(a.hand) == 1
