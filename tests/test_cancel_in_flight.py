"""Cards in flight, issue 19 item 1 "Effect" (replace, prevent, redirect): a card another
player is playing cancelled before it acts, and where it goes; a chosen player shielded
from curses for a duration; a curse nobody played that `the curse hits its player
instead` cannot send back.

`cancel the card played` (`cancel it`, `put it into your hand`, `it returns to its
player's hand`, `put it on the bottom of its deck`: parts/curse_answers.CancelPlayed) at
`when another player plays a card`, before the card acts (engine/cancel_played.py), or at
a curse's own events; `ignore curses` (`curses have no effect on X`, `X is immune to
curses`) on a card in play or kept for a duration on the player a one-shot names
(engine/immunities.curse_shield).  The eighth held-out set's Spellcatcher Buckler (364),
Grandmother's Soup (370) and Counterspell Scroll (375) are written with them; the
scenarios of tests/data/cancel-in-flight play each where it applies and where it must not.
"""

from __future__ import annotations

from pathlib import Path

import grammar_lines as gl
import pytest
from click.testing import CliRunner
from conftest import assert_scenarios_pass, pack_codes

from munchkin_dsl.cli import main
from munchkin_dsl.engine.outcome import Outcome

CARDS = Path(__file__).resolve().parent / "data" / "cancel-in-flight"
SUPPORT = ('monster enhancer ancient "Ancient" { +10 to monster }\n'
           'curse hex "Hex" { lose 1 level }\n')


def test_the_cards_in_flight_play_as_written() -> None:
    assert_scenarios_pass(CARDS, 21)


def _codes(line: str, tmp_path: Path, kind: str = "item") -> list[str]:
    stats = "bonus +1; value 200" if kind == "item" else "value 200"
    body = f'{kind} x "X" {{ {stats}\n  {line} }}\n' + SUPPORT
    return [c for c in pack_codes(body, tmp_path) if c[0] in "EW"]


@pytest.mark.parametrize("line", [
    "when another player plays a card, if the card played is a monster enhancer, discard "
    "this card: cancel it, put it into your hand",
    "when another player plays a card, if the card played is a monster-enhancer, discard "
    "this card: take it into your hand",
    "when another player plays a card, if the card played is a curse, discard this card: "
    "cancel the card played, it returns to its player's hand",
    "when another player plays a card, discard this card: put the card played on the bottom "
    "of its deck",
    "when another player plays a curse, discard this card: cancel that curse, take it into "
    "your hand",
    "when another player plays a curse on you, discard this card: cancel a curse, return it "
    "to its player's hand",
    "ignore curses",
    "you are immune to curses",
])
def test_accepted(line: str, tmp_path: Path) -> None:
    assert _codes(line, tmp_path) == []


@pytest.mark.parametrize(("line", "kind", "code"), [
    # only a card being played can be cancelled
    ("any time: cancel the card played", "one-shot", "E221"),
    ("when another player gains a level, discard this card: cancel it", "item", "E221"),
    # a one-shot laid ahead hears the card once it has acted
    ("the next time another player plays a card: cancel it", "one-shot", "E221"),
    # a shield played once lasts no time; a card in play shields its holder only
    ("a player of your choice ignores curses", "one-shot", "E221"),
    ("curses have no effect on the player to your left", "item", "E228"),
])
def test_refused(line: str, kind: str, code: str, tmp_path: Path) -> None:
    assert code in _codes(line, tmp_path, kind)


@pytest.mark.parametrize(("line", "names"), [
    # the eighth author's attempts (375, and a kind in the words of the line)
    ("when another player plays a curse: put the card played into the hand of that player",
     "it returns to its player's hand"),
    ("when another player plays a card: cancel a one-shot played by another player",
     "if the card played is a one-shot: cancel the card played"),
    ("when another player plays a card: cancel a monster enhancer played on your monster",
     "if the card played is a monster enhancer: cancel the card played"),
    ("the next curse played on you has no effect",
     "the next time you are targeted by a curse: cancel a curse"),
])
def test_misphrasings_name_the_form(line: str, names: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        f'one-shot x "X" {{ value 200\n  {line} }}\n', encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(tmp_path)]).output
    assert names in out, out


@pytest.mark.parametrize(("kind", "line"), [
    ("item", "when another player plays a card, discard this card: cancel it"),
    ("item", "when another player plays a card, discard this card: put it into your hand"),
    ("one-shot", "when another player plays a card: cancel the card played, it returns to its "
                 "player's hand"),
    ("one-shot", "until the end of the turn: a player of your choice ignores curses"),
    ("item", "ignore curses"),
])
def test_the_probe_proves_it(kind: str, line: str) -> None:
    assert gl.explain(kind, "munchkin-1.6", line)[-1] == "proof: proven"


def test_a_later_destination_wins() -> None:
    """`cancel it, put it into your hand`: the line's outcome carries the last place named
    (engine/outcome.Outcome.then)."""
    first = Outcome(True, cancel=True)
    later = Outcome(True, cancel=True, cancel_to="your_hand")
    assert first.then(later).cancel_to == "your_hand"
    assert later.then(Outcome(True)).cancel_to == "your_hand"


def test_the_probe_plays_a_one_shot_into_a_fight_for_a_one_shot_test() -> None:
    """`if the card played is a one-shot` out of a fight: no card of the probe's outside
    list is one, so another player's one-shot is played into a fight (conformance
    _other_plays_card); the cancel is seen."""
    line = "when another player plays a card, if the card played is a one-shot: cancel it"
    assert gl.explain("one-shot", "munchkin-1.6", line)[-1] == "proof: proven"
