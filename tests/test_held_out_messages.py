"""The misleading messages met by the held-out set's author (tests/authoring/cards.md,
"Misleading diagnostics met while writing the held-out set"): each line that stays refused
gets a message true to the moment it names and a hint with the form that exists; a `may`
prints on its own effect alone; a scenario player cannot start at the winning level."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, PackWriter

from munchkin_dsl.cli import main


def _one(packdir: PackWriter, body: str, code: str) -> tuple[str, str]:
    """(message, hint) of the one diagnostic of ``body``, which must have ``code``."""
    diags = [d for d in packdir.diagnostics(body) if d.code != "W601"]
    assert [d.code for d in diags] == [code], [str(d) for d in diags]
    return diags[0].message, diags[0].hint or ""


@pytest.mark.parametrize("event", ["when another player helps",
                                   "when another player plays a card"])
def test_an_event_in_a_fight_changes_that_fight(packdir: PackWriter, event: str) -> None:
    """An event that comes in an open fight carries a strength change into it (it was
    refused, E221, with a hint to write a passive line instead)."""
    for lasting in ("", ", until end of combat"):
        assert packdir.diagnostics(f'item k "K" {{ bonus +0; value 100\n  {event}, if you '
                                   f'are in combat{lasting}: +2 to you }}\n') == []


def test_the_suggested_helper_bonus_is_accepted(packdir: PackWriter) -> None:
    assert packdir.diagnostics('item k "K" { bonus +0; value 100\n  if you are in combat, if '
                               'any fighter is helper, if you are not helper: +2 to you }\n') \
        == []


def test_turning_the_monster_says_the_moment_not_only_caught(packdir: PackWriter) -> None:
    _msg, hint = _one(packdir, 'one-shot s "S" { value 300\n  instead of its bad stuff: the '
                      'monster turns on a player of your choice }\n', "E221")
    assert "only at the moment it catches" in hint and "only a caught player" not in hint
    _msg, hint = _one(packdir, 'item s "S" { bonus +0; value 300\n  on kill: the monster '
                      'turns on a player of your choice }\n', "E221")
    assert "use `when caught`" in hint  # a kind that can carry `when caught` is sent there


def test_a_lasting_penalty_from_a_monster_names_the_duration(packdir: PackWriter) -> None:
    # (`until the end of your next turn` reaches the victim's later fights and is accepted
    # now; the end of this turn is not carried past the monster's own fight)
    _msg, hint = _one(packdir, 'monster l "L" { level 6; treasures 2\n  on escape, until the '
                      'end of the turn: -2 to victim\n  bad stuff: lose 1 level }\n',
                      "E221")
    assert hint.startswith("a monster's line acts only in the monster's own fight")
    assert "this `until` ends before its victim fights again" in hint
    # the durations that are kept on the victim are named (an event's too: wave 4)
    assert "`on escape, until the end of your next turn: ...`" in hint
    assert "`on escape, until victim kills a monster: ...`" in hint


def test_a_test_inside_a_card_selector_lists_card_selectors(packdir: PackWriter) -> None:
    # (`an item worth 300 or less` is a card selector's value bound now: a test by bonus
    # is not)
    msg, hint = _one(packdir, 'one-shot s "S" { value 300\n  outside combat: take an item '
                     'with bonus 2 or more another player carries }\n', "E230")
    assert "card selector" in msg and "takes no other test" in hint
    listed = hint.split("the card selectors are ")[1].split(" (docs/")[0]
    assert listed.count("`") == 10  # a hint names at most five alternatives
    assert '`a/an NAME/Big item(s)/"TITLE" [CARD_WORTH] TARGET carry/carries`' in hint
    assert "nearest effects" not in hint


def test_every_card_names_card_selectors_not_players(packdir: PackWriter) -> None:
    # (`discard every curse in play` is a card group now; a card's owner written after it
    # with `of` is not a form)
    msg, hint = _one(packdir, 'one-shot s "S" { value 300\n  outside combat: discard every '
                     'curse of the player to your left }\n', "E230")
    assert "card selector" in msg and "`curse of ...`" in hint
    assert '`every/all NAME/"TITLE" [card/cards] [CARD_WORTH] from/in your/their ' \
        'hand`' in hint
    assert "every other player" not in hint and "nearest effects" not in hint


def test_a_roll_with_no_high_effect_says_so(packdir: PackWriter) -> None:
    _msg, hint = _one(packdir, 'item o "O" { bonus +3; value 400; one hand\n  on kill, '
                      'roll 2+: , otherwise discard this card }\n', "E002")
    assert hint.startswith("`roll 2+:` needs an effect for the high result")
    assert "`roll a die: on 1 EFFECT, on 2 to 6 nothing`" in hint
    assert packdir.diagnostics('item o "O" { bonus +3; value 400; one hand\n  on kill, roll a '
                               'die: on 1 discard this card, on 2 to 6 nothing }\n') == []


def test_the_fighters_hand_points_to_your_hand(packdir: PackWriter) -> None:
    _msg, hint = _one(packdir, 'monster g "G" { level 4; treasures 1\n  +1 for each card in '
                      "the fighter's hand\n  bad stuff: lose 1 level }\n", "E002")
    assert "`for each card in your hand`" in hint and "fighter's hand" in hint


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "you may discard the card just drawn; draw 1 Door face down, discard this card."),
    ("ru", "можешь сбросить только что взятую карту; тянешь 1 дверь втёмную"),
    ("pl", "możesz odrzucić właśnie dobraną kartę; dobierasz 1 kartę z talii Drzwi"),
])
def test_may_is_printed_on_its_own_effect_alone(lang: str, words: str,
                                                 packdir: PackWriter) -> None:
    header = HEADER.replace("ruleset munchkin-1.6", "ruleset munchkin-1.6; languages en, ru, pl")
    packdir.write("pack.munch", header + 'treasure w "W" { value 200; persistent\n  name ru '
                  '"W"\n  name pl "W"\n  when you draw a door: may discard the card just '
                  "drawn, draw 1 door face down, discard this card }\n")
    result = CliRunner().invoke(main, ["text", str(packdir.root), "--lang", lang])
    assert result.exit_code == 0 and words in result.output, result.output


def test_may_before_otherwise_keeps_its_comma(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + 'item w "W" { bonus +0; value 200\n  on kill: may '
                  "discard 1 card, otherwise lose 1 level }\n")
    result = CliRunner().invoke(main, ["text", str(packdir.root)])
    assert ";" not in result.output.split("After a kill:")[1].splitlines()[0], result.output


def test_a_player_cannot_start_at_the_winning_level(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + 'monster o "Ogre" { level 12; treasures 3; '
                                         "bad stuff: lose 1 level }\n", encoding="utf-8")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "a.scn").write_text(
        "scenario: ten\nplayer A: level 10, female\nA fights o\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path)])
    assert result.exit_code == 1
    assert "internal error" not in result.output and "InvariantBroken" not in result.output
    assert "a.scn:2:17: error[S011]: a player cannot start at the winning level (10)" \
        in result.output, result.output
    assert "start the player at level 9" in result.output


def test_a_strength_change_waits_for_a_fight_event(packdir: PackWriter) -> None:
    """Second held-out set, card 147: `the next time another player fights a monster: +5
    to monster` acts in that fight (it was E221); a waiting event outside a fight still
    refuses a strength change, with a hint naming the event that comes in one; `+5 to
    you` there is of nobody (the card's player is not in that fight)."""
    assert packdir.diagnostics('one-shot o "O" { value 300\n  the next time another player '
                               "fights a monster: +5 to monster }\n") == []
    _msg, hint = _one(packdir, 'one-shot o "O" { value 300\n  the next time another player '
                      "gains a level: +5 to monster }\n", "E221")
    assert hint.startswith("a one-shot that waits acts once its event has come")
    assert "`the next time another player fights a monster: +5 to monster`" in hint
    _msg, hint = _one(packdir, 'one-shot o "O" { value 300\n  the next time another player '
                      "fights a monster: +5 to you }\n", "E228")
    assert "`+5 to monster`" in hint
