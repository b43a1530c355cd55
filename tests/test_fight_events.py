"""Strength changes at events that come inside a fight (issue 19, families C and I).

`when another player fights a monster`, `... asks for help`, `... helps` and `... plays a
card` come while a fight is open: a line there (on a card in play, or a one-shot waiting
with `the next time ...`) carries a strength change into that fight, and a waiting card
goes with the fight (language/parts/events.py ``fight_effects``, engine/waiting.py).
Any other effect on that fight is refused with the form that works; `+5 to you` where
the card's player is not in the fight is of nobody (E228).  `the card played` is the card
another player has just played, tested with the card filters (`if the card played is a
one-shot`).  Second held-out set card 147 (Orbital Strike) and held-out card 120
(Counter-Intelligence) are played by their sets' scenarios (tests/authoring).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.cli import main
from munchkin_dsl.language import registry

SUPPORT = ('one-shot pebble "Pebble" { value 100; in combat: +1 to you }\n'
           'curse hex "Hex" { victim loses 1 level }\n')
ORBITAL = "the next time another player fights a monster: +5 to monster"
COUNTER = ("when another player plays a card, if you are in combat, if you are not helper, "
           "if the card played is a one-shot: +2 to you")


def _one_shot(line: str) -> str:
    return f'one-shot o "O" {{ value 300; {line} }}\n' + SUPPORT


def _item(line: str) -> str:
    return f'item i "I" {{ bonus +0; value 300; {line} }}\n' + SUPPORT


def _errors(body: str, tmp_path: Path) -> list[str]:
    return [c for c in pack_codes(body, tmp_path) if c.startswith("E")]


@pytest.mark.parametrize("body", [
    _one_shot(ORBITAL), _one_shot("play outside combat; " + ORBITAL),
    _one_shot("the next time that player fights a monster: -3 to that player"),
    _one_shot("the next time another player fights a monster this turn: +5 to monster"),
    _one_shot("the next time another player helps: -2 to monster"),
    _one_shot("the next time another player asks for help: +3 to monster"),
    _one_shot("the next time another player plays a card, if the card played is a curse: "
              "+2 to you"),
    _item(COUNTER), _item("when another player fights a monster: +1 to monster"),
    _item("when you fight a monster: +1 to you"),
    _one_shot("the next time you fight a monster this turn: -3 to monster"),
    _item("when another player helps: +2 to you"),
    _item("when another player plays a card, if the card just played is not a one-shot: "
          "draw 1 door face down"),
])
def test_a_strength_change_at_an_event_inside_a_fight_is_accepted(body: str,
                                                                  tmp_path: Path) -> None:
    assert _errors(body, tmp_path) == []


@pytest.mark.parametrize(("body", "code", "hint"), [
    # the waiting card's player is not in the other player's fight
    (_one_shot("the next time another player fights a monster: +5 to you"), "E228",
     "`+5 to monster`"),
    (_item("when another player asks for help: +2 to you"), "E228", "become the helper"),
    # the helper agrees before joining the fight (a line may still take an item from them)
    (_item("when another player helps: +2 to that player"), "E228", "if you are helper"),
    # another player's fight: its strengths only
    (_item("when another player fights a monster: win ties"), "E221",
     "changes only that fight's"),
    (_one_shot("the next time another player helps: kill the monster outright"), "E221",
     "changes only that fight's"),
    (_item("when you fight a monster: win ties"), "E221", "the moment in combat"),
    # an event outside a fight: the hint names the event inside one
    (_one_shot("the next time another player gains a level: +5 to monster"), "E221",
     "the next time another player fights a monster: +5 to monster"),
    # `the card played` only where a card was played; an item is never played in a fight
    (_item("when another player gains a level, if the card played is a one-shot: gain 1 "
           "level"), "E221", "when another player plays a card"),
    (_item("when another player plays a card, if the card played is an item: +2 to you"),
     "E228", "if the card played is a one-shot"),
    (_item("when another player plays a card, if the card played is level 3 or higher: "
           "gain 1 level"), "E222", "test its kind or tag"),
])
def test_what_cannot_act_in_that_fight_is_refused(body: str, code: str, hint: str,
                                                  tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n' + body, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert f"error[{code}]" in result.output and hint in result.output, result.output


def test_the_events_declare_what_they_carry_into_the_fight() -> None:
    timings = registry.timings()
    for base in ("when_other_fights", "when_other_asks_help", "when_other_helps",
                 "when_other_plays_card", "when_you_fight"):
        assert "strength" in timings[base].fight_effects
        assert timings[f"next:{base}"].fight_effects == timings[base].fight_effects
    assert not timings["next:when_other_gains_level"].fight_effects


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Whenever another player plays a card, if you are in combat and the card played "
           "is a one-shot item: +2."),
    ("ru", "Когда другой игрок играет карту, если ты в бою и сыгранная карта — разовая "
           "шмотка: +2."),
    ("pl", "Gdy inny gracz zagrywa kartę, jeśli walczysz i zagrana karta to przedmiot "
           "jednorazowy: +2."),
])
def test_card_text_names_the_card_played(lang: str, words: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
        'item x "X" { bonus +0; value 300; name ru "Х"; name pl "X"\n  when another player '
        'plays a card, if you are in combat, if the card played is a one-shot: +2 to you }\n'
        'one-shot p "P" { value 100; name ru "П"; name pl "P"; in combat: +1 to you }\n',
        encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


SCENARIOS = """\
scenario: a waiting card fires in the other player's fight and goes with it
player A: level 2
player B: level 2, hand o
B plays o
A fights wall
expect strength 2 vs 15
A runs away rolling 6
A fights wall
expect strength 2 vs 10

scenario: the next time you fight a monster: in your own next fight only, once
player A: level 2, hand k
player B: level 2
A plays k
B fights wall
expect strength 2 vs 10
B runs away rolling 6
A fights wall
expect strength 5 vs 10
A runs away rolling 6
A fights wall
expect strength 2 vs 10

scenario: someone helping you: +2 to you
player A: level 2, items j
player B: level 3
A fights wall
B helps
expect strength 7 vs 10
"""


def test_the_engine_plays_them(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        + _one_shot(ORBITAL)
        + 'item j "J" { bonus +0; value 300; when another player helps: +2 to you }\n'
        + 'one-shot k "K" { value 300; the next time you fight a monster: +3 to you }\n'
        + 'monster wall "Wall" { level 10; treasures 1; bad stuff: lose 1 level }\n',
        encoding="utf-8")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "a.scn").write_text(SCENARIOS, encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path)])
    assert "3 passed, 0 failed" in result.output, result.output
