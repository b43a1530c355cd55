"""A card in hand played in reaction to another player's event (issue 19 item 1, the third
scout's findings): every event of another player a card in play reacts to is also a moment
a one-shot is played from its holder's hand (`when another player is caught: gain 1
level`), `when another player rolls to run away` changes that roll before it counts, and
the ruleset's curse words (`trap`, `disaster`) name the kind in every curse event.

tests/data/hand-reactions and hand-reactions-star hold the cards; their scenarios prove each
line acts where it applies (from the hand, or from the table) and not where it must not
(declined, the holder's own event, an escape for a catch).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.language import registry

DATA = Path(__file__).resolve().parent / "data"
HEADER = 'pack t { title "T"; version "1"; ruleset RULESET; languages en }\n'


def _codes(body: str, tmp_path: Path, ruleset: str = "munchkin-1.6") -> list[str]:
    (tmp_path / "pack.munch").write_text(HEADER.replace("RULESET", ruleset) + body,
                                         encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [d.code for d in sink.items if d.code.startswith("E")]


@pytest.mark.parametrize("pack", ["hand-reactions", "hand-reactions-star"])
def test_the_reaction_cards_play_as_written(pack: str) -> None:
    sink = DiagnosticSink()
    check_pack(DATA / pack, sink)
    assert not [d for d in sink.items if d.code.startswith("E")], [d.message for d in sink.items]
    result = CliRunner().invoke(main, ["test", str(DATA / pack), "--format", "json"])
    doc = json.loads(result.output)
    assert len(doc["scenarios"]) >= 4 and all(s["passed"] for s in doc["scenarios"]), \
        result.output


def test_every_other_players_event_is_answered_from_the_hand() -> None:
    """The family, not the examples: each event a card in play reacts to that names
    another player is carried by a one-shot too; its waiting form stays a one-shot's."""
    specs = registry.timings()
    others = [t for t, s in specs.items() if s.words.startswith("when another player")
              and "item" in s.carriers]
    assert len(others) >= 18, others
    for timing in others:
        assert "one-shot" in specs[timing].carriers, timing
    assert "one-shot" in specs["curse_played"].carriers


@pytest.mark.parametrize("line", [
    "when another player is caught: gain 1 level",
    "when another player sells: that player loses 1 level, gain 1 level",
    "when another player kills a monster: draw 1 treasure face down",
    "when another player dies: gain 1 level",
    "when another player plays a curse: cancel a curse",
    "when another player rolls to run away: -3 to run away",
    "when another player escapes: draw 1 door face down",
])
def test_a_one_shot_answers_another_players_event(line: str, tmp_path: Path) -> None:
    assert _codes(f'one-shot o "O" {{ value 300; {line} }}\n', tmp_path) == []


def test_a_roll_is_changed_only_while_it_is_made(tmp_path: Path) -> None:
    """A fight's strength means nothing once the roll is made (E221), and the roll itself
    is changed by `-3 to run away` there, on a card in play as on a one-shot."""
    assert _codes('one-shot o "O" { value 300; when another player rolls to run away: '
                  '+3 to monster }\n', tmp_path) == ["E221"]
    assert _codes('item i "I" { bonus +1; value 300; when another player rolls to run away, '
                  'discard 1 card: -2 to run away }\n', tmp_path) == []


def test_the_owners_own_events_stay_the_tables(tmp_path: Path) -> None:
    """What its own holder does is not answered from the hand by these events."""
    assert _codes('one-shot o "O" { value 300; when you open a seal: gain 1 level }\n',
                  tmp_path, "munchkin-apocalypse") == ["E220"]


@pytest.mark.parametrize(("ruleset", "line"), [
    ("star-munchkin", "when another player plays a trap: draw 1 door face down"),
    ("star-munchkin", "when a trap is played on a player: draw 1 door face down"),
    ("star-munchkin", "when another player plays a trap on you: draw 1 door face down"),
    ("munchkin-apocalypse", "when another player plays a disaster: draw 1 door face down"),
    ("munchkin-apocalypse", "when a disaster is played on a player: draw 1 door face down"),
])
def test_the_rulesets_curse_word_names_the_kind(ruleset: str, line: str,
                                                tmp_path: Path) -> None:
    assert _codes(f'item i "I" {{ bonus +1; value 300; {line} }}\n', tmp_path, ruleset) == []


@pytest.mark.parametrize(("ruleset", "line"), [
    ("star-munchkin", "the next time another player plays a trap: gain 1 level"),
    ("star-munchkin", "the next time a trap is played on a player this turn: gain 1 level"),
    ("munchkin-apocalypse", "the next time that player plays a disaster: gain 1 level"),
])
def test_the_curse_word_in_the_waiting_forms(ruleset: str, line: str, tmp_path: Path) -> None:
    assert _codes(f'one-shot o "O" {{ value 300; {line} }}\n', tmp_path, ruleset) == []


def test_a_reaction_played_out_of_its_moment_says_when_it_is_played(tmp_path: Path) -> None:
    pack = tmp_path / "p"
    (pack / "scenarios").mkdir(parents=True)
    (pack / "pack.munch").write_text(HEADER.replace("RULESET", "munchkin-1.6") + (
        'one-shot o "O" { value 300; when another player is caught: gain 1 level }\n'),
        encoding="utf-8")
    (pack / "scenarios" / "s.scn").write_text(
        "scenario: out of its moment\nplayer A: level 2\nplayer B: level 2, hand o\n"
        "B plays o\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(pack)])
    assert "played from the hand in reaction, at `when another player is caught`" \
        in result.output, result.output


def test_a_table_card_answering_a_kill_leaves_a_trace_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["test", str(DATA / "hand-reactions"), "--trace"])
    assert "B's Vulture Hat answers A: when another player kills a monster" in result.output
    assert "C plays Pounce" in result.output


def test_minus_three_to_that_roll_names_the_form(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER.replace("RULESET", "munchkin-1.6") + (
        'one-shot o "O" { value 300; when another player rolls to run away: -3 to that roll'
        ' }\n'), encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    hints = " ".join(d.hint or "" for d in sink.items)
    assert "is written `-3 to run away`" in hints, hints


def test_only_the_roll_changes_at_another_players_roll(tmp_path: Path) -> None:
    """Bad Stuff ignored there would act on a fight the line's player is not in (E221)."""
    assert _codes('one-shot o "O" { value 300; when another player rolls to run away: '
                  'you ignore bad stuff that takes levels }\n', tmp_path) == ["E221"]


def test_the_printed_text_says_play_when_and_the_rulesets_word() -> None:
    """A one-shot answering from the hand prints "Play when ...", a card in play
    "Whenever ..."; a Star Munchkin curse event prints its Trap."""
    base = CliRunner().invoke(main, ["text", str(DATA / "hand-reactions")]).output
    assert "Play when another player fails to run away: go up 1 level." in base, base
    assert "Whenever another player kills a monster: draw 1 Treasure face down." in base
    star = CliRunner().invoke(main, ["text", str(DATA / "hand-reactions-star")]).output
    assert "Play when another player plays a trap: cancel a trap." in star, star
    assert "Whenever a trap is played on a player" in star
    assert "The next time another player plays a trap" in star


def test_the_roll_has_a_waiting_form(tmp_path: Path) -> None:
    """Another player's run-away roll can be waited for by a one-shot laid ahead (the
    eighth set's Rigged Airlock); it was refused, with a hint naming the hand reaction."""
    (tmp_path / "pack.munch").write_text(HEADER.replace("RULESET", "munchkin-1.6") + (
        'one-shot o "O" { value 300; the next time another player rolls to run away: -3 to '
        'run away }\n'), encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    assert not [d for d in sink.items if d.code.startswith("E")], [str(d) for d in sink.items]
