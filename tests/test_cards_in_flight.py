"""Cards in flight after a kill (issue 19 item 1, "the treasures you just drew"; the
end-of-round card Appraiser's Loupe): `discard any of the treasures you just drew` (only
`after a kill`, E221 elsewhere) and the amount `that many` (the cards the effect before
it on the line moved; E229 with no such effect before it).  Printed in en/ru/pl; played
by the Loupe's scenarios in tests/authoring/end/munchkins-and-mazes (one treasure swapped,
and one of two kept).

The card an event carries, tested by the line at that event (language/parts/in_flight.py):
the door another player kicks open (`if the card just drawn is a monster`), the card
another player discards (`if the card just discarded is a race`), the card another player
plays (`if the card played is a one-shot`).  One declaration says which events carry which
card; the checker refuses the words at any other event (E221, naming the events that
carry it), the engine reads the card the event carried, the text prints the subject in
en/ru/pl, the scenarios of tests/data/cards-in-flight play each test both ways and the
grammar sweep's probe proves the lines."""

from __future__ import annotations

from pathlib import Path

import grammar_lines as gl
import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.language.parser import parse_text
from munchkin_dsl.language.parts import in_flight

LOUPE = ("after a kill: discard any of the treasures you just drew, draw that many treasures "
         "face down")


@pytest.mark.parametrize(("line", "codes"), [
    (LOUPE, []),
    ("after a kill: discard any of the treasures you just drew", []),
    ("any time: draw that many treasures face down", ["E229"]),
    ("after a kill: draw that many treasures face down, discard any of the treasures you "
     "just drew", ["E229"]),
    ("on your turn: discard any of the treasures you just drew", ["E221"]),
])
def test_checked(line: str, codes: list[str], tmp_path: Path) -> None:
    assert pack_codes(f'one-shot x "X" {{ value 200\n  {line} }}\n', tmp_path) == codes


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "discard any of the Treasures you just drew, draw that many Treasures face down."),
    ("ru", "сбрасываешь любые из только что взятых сокровищ, тянешь столько же сокровищ "
           "втёмную."),
    ("pl", "odrzucasz dowolne z właśnie dobranych skarbów, dobierasz tyle samo skarbów w "
           "ciemno."),
])
def test_text(lang: str, words: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        f'one-shot x "X" {{ value 200\n  {LOUPE} }}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


CARDS = Path(__file__).resolve().parent / "data" / "cards-in-flight"
RADAR = ("when another player kicks open the door, if the card just drawn is a monster: "
         "gain 1 level")
SACK = ("when another player discards a card, if the card just discarded is a race: "
        "draw 1 treasure face down")

#: cards a test may name: a test must hold for some card of the pack
DECK = ('curse c "C" { lose 1 level }\n'
        'monster m "M" { level 1; treasures 1; bad stuff: lose 1 level }\n'
        'race r "R" { +1 to you }\n'
        'one-shot o "O" { value 100; in combat: +1 to you }\n')


def _item(line: str) -> str:
    return f'item x "X" {{ bonus +1; value 300; {line} }}\n' + DECK


def test_the_discarded_card_parses_to_its_subject() -> None:
    sink = DiagnosticSink()
    unit = parse_text(_item(SACK), "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    line = unit.cards[0].lines[0]
    assert line.when[0].timing == "when_other_discards"
    cond = line.when[1]
    assert (cond.subject, cond.predicate, cond.value.name) == ("discarded", "is", "race")


def test_each_event_carries_the_card_it_is_about() -> None:
    assert in_flight.carried_at("when_other_kicks_door") == {"drawn"}
    assert in_flight.carried_at("when_you_kick_door") == {"drawn"}
    assert in_flight.carried_at("when_other_discards") == {"discarded"}
    assert in_flight.carried_at("when_other_plays_card") == {"played"}
    assert in_flight.carried_at("draws_door") == {"drawn"}
    assert in_flight.carried_at("when_other_kills") == {"spoils"}  # its treasures drawn


@pytest.mark.parametrize("line", [
    RADAR, SACK,
    "when another player discards a card, if the card discarded is not a race: gain 1 level",
    "when another player discards a card, if the card just discarded is a monster: gain 1 "
    "level",
    "when another player kicks open the door, if the card just drawn is a curse: draw 1 "
    "door face down",
])
def test_the_forms_check_clean(line: str, tmp_path: Path) -> None:
    assert [c for c in pack_codes(_item(line), tmp_path) if c.startswith("E")] == []


@pytest.mark.parametrize(("body", "code"), [
    # the event carries no such card
    (_item("when another player kills a monster, if the card just discarded is a race: "
           "gain 1 level"), "E221"),
    (_item("when another player discards a card, if the card played is a race: gain 1 "
           "level"), "E221"),
    (_item("when another player gains a level, if the card just drawn is a monster: gain 1 "
           "level"), "E221"),
    # a door kicked open is never an item (those are treasures)
    (_item("when another player kicks open the door, if the card just drawn is an item: "
           "gain 1 level"), "E222"),
    # a card has no level; `while` lasts no longer than the event
    (_item("when another player discards a card, if the card just discarded is level 3 or "
           "higher: gain 1 level"), "E222"),
    (_item("when another player discards a card, while the card just discarded is a race: "
           "gain 1 level"), "E222"),
    # a name no card kind or tag of the pack has
    (_item("when another player discards a card, if the card just discarded is a Bloggerz: "
           "gain 1 level"), "E101"),
    # no card of the pack carries the tag
    (_item("when another player discards a card, if the card just discarded is Undead: gain "
           "1 level"), "E222"),
])
def test_a_test_where_the_event_carries_no_such_card_is_refused(body: str, code: str,
                                                                tmp_path: Path) -> None:
    assert code in pack_codes(body, tmp_path)


def test_the_refusal_names_the_events_that_carry_the_card(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n' + _item(
            "when another player kills a monster, if the card just discarded is a race: "
            "gain 1 level"), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1
    assert "E221" in result.output
    assert "when another player discards a card" in result.output


def test_a_kicked_door_is_named_where_the_draw_events_are_listed(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n' + _item(
            "when another player gains a level, if the card just drawn is a monster: gain 1 "
            "level"), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert "when another player kicks open the door" in result.output


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Whenever another player discards a card, if the card just discarded is a race "
           "card: draw 1 Treasure face down."),
    ("ru", "Когда другой игрок сбрасывает карту, если только что сброшенная карта — карта "
           "расы: тянешь 1 сокровище втёмную."),
    ("pl", "Gdy inny gracz odrzuca kartę, jeśli właśnie odrzucona karta to karta rasy: "),
])
def test_card_text_names_the_card_in_flight(lang: str, words: str, tmp_path: Path) -> None:
    assert words in _text(lang, 'item x "X" { bonus +1; value 300; name ru "Х"; name pl "X"; '
                          + SACK + ' }\nrace r "R" { name ru "Р"; name pl "R"; +1 to you }\n',
                          tmp_path)


def _text(lang: str, cards: str, tmp_path: Path) -> str:
    """The card text of ``cards`` in ``lang``."""
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
        + cards, encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    return result.output


def test_the_scenarios_play_each_test_both_ways() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "11 passed, 0 failed" in result.output


@pytest.mark.parametrize(("kind", "line"), [
    ("item", RADAR),
    ("item", "when another player discards a card, if the card just discarded is a monster: "
             "gain 1 level"),
    ("race", "when another player discards a card, if the card just discarded is not an item: "
             "gain 1 level"),
])
def test_the_probe_proves_a_line_in_flight(kind: str, line: str) -> None:
    assert gl.explain(kind, "munchkin-1.6", line)[-1] == "proof: proven"


def _check_output(body: str, tmp_path: Path) -> str:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n' + body, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1, result.output
    return result.output


@pytest.mark.parametrize("line", [
    "when another player plays a card, discard this card: cancel it",
    "when another player plays a card, discard this card: cancel the card played",
])
def test_cancelling_a_card_played_is_accepted(line: str, tmp_path: Path) -> None:
    """A card another player plays is answered before it acts (engine/cancel_played.py):
    `cancel it` is a line of its own now (it was refused when the event came only once the
    card had acted; tests/test_cancel_in_flight.py plays it)."""
    assert [c for c in pack_codes(_item(line), tmp_path) if c.startswith("E")] == []


def test_cancelling_this_says_what_is_cancelled(tmp_path: Path) -> None:
    out = _check_output(_item("when another player plays a card, discard this card: cancel "
                              "this"), tmp_path)
    assert "E002" in out
    assert "cancel the card played" in out and "cancel a curse" in out


@pytest.mark.parametrize("line", [
    "when fighter plays a card: +2",
    "when a card is played into this combat: +2",
    "when the fighter plays a one-shot: +2",
])
def test_a_monster_line_at_a_card_played_names_what_a_monster_reads(
        line: str, tmp_path: Path) -> None:
    out = _check_output(
        f'monster n "N" {{ level 4; treasures 1; {line}; bad stuff: lose 1 level }}\n', tmp_path)
    assert "E230" in out
    assert "if any fighter is using fire: +3" in out
    assert "+2 for each card played into this combat" in out
    assert "when another player plays a card, if the card played is a one-shot" in out
    assert "one-shot played into this combat by a player other than the fighter" in out
    # the forms the hint names are accepted on a monster
    for works in ("if any fighter is using fire: +3", "+2 for each card played into this combat",
                  "+1 for each card discarded into this combat"):
        body = (f'monster n "N" {{ level 4; treasures 1; {works}; bad stuff: lose 1 level }}\n'
                'one-shot o "O" { value 100; tags fire; in combat: +1 to you }\n')
        assert [c for c in pack_codes(body, tmp_path) if c.startswith("E")] == []


EATER = "+2 for each card played into this combat"


def _monster(line: str) -> str:
    return (f'monster n "N" {{ level 4; treasures 1; {line}; bad stuff: lose 1 level }}\n'
            'one-shot o "O" { value 100; in combat: +3 to you }\n')


def test_a_monster_counts_the_cards_played_into_its_fight(tmp_path: Path) -> None:
    """`+2 for each card played into this combat`: a monster's answer to the cards played
    into its fight (the Spell Eater scenarios play it with a card and without)."""
    assert [c for c in pack_codes(_monster(EATER), tmp_path) if c.startswith("E")] == []
    # a test of the count reads 0 outside a bonus that counts the cards as they come
    assert "E229" in pack_codes(
        'one-shot x "X" { value 100; in combat, if there are at least 2 cards played into '
        'this combat: +2 to you }\n', tmp_path)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "+2 for each card played into this combat."),
    ("ru", "+2 за каждую карту, сыгранную в этот бой."),
    ("pl", "+2 za każdą kartę zagraną do tej walki."),
])
def test_card_text_names_the_cards_played_into_the_fight(lang: str, words: str,
                                                         tmp_path: Path) -> None:
    assert words in _text(lang, 'monster n "N" { level 4; treasures 1; name ru "Н"; name pl '
                          '"N"; ' + EATER + '; bad stuff: lose 1 level }\n', tmp_path)


@pytest.mark.parametrize(("kind", "line"), [
    ("monster", EATER),
    ("one-shot", "in combat: +1 for each card played into this combat to you"),
])
def test_the_probe_proves_the_cards_played_count(kind: str, line: str) -> None:
    assert gl.explain(kind, "munchkin-1.6", line)[-1] == "proof: proven"


SENSE = ("when you kick open the door, if the card just drawn is a curse: draw 1 treasure "
         "face down")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "Whenever you kick open the door, if the card just drawn is a curse: draw 1 "
           "Treasure face down."),
    ("ru", "Когда ты вышибаешь дверь, если только что взятая карта — проклятие: тянешь 1 "
           "сокровище втёмную."),
    ("pl", "Gdy wyważasz drzwi, jeśli właśnie dobrana karta to klątwa: dobierasz 1 skarb w "
           "ciemno."),
])
def test_card_text_names_your_kick(lang: str, words: str, tmp_path: Path) -> None:
    assert words in _text(lang, 'item x "X" { bonus +1; value 300; name ru "Х"; name pl "X"; '
                          + SENSE + ' }\ncurse c "C" { name ru "К"; name pl "K"; lose 1 level '
                          '}\n', tmp_path)


@pytest.mark.parametrize(("kind", "line"), [
    ("item", "when you kick open the door: gain 1 level"),
    ("one-shot", "the next time you kick open the door: draw 1 treasure face down"),
])
def test_the_probe_proves_your_kick(kind: str, line: str) -> None:
    assert gl.explain(kind, "munchkin-1.6", line)[-1] == "proof: proven"


def test_your_kick_is_refused_on_a_card_that_is_not_in_play(tmp_path: Path) -> None:
    """A monster is never in play when a door is kicked open (E220); a curse reacts to its
    victim's kick only when it stays on them (E227: `persistent`, since the victim events
    of wave 4)."""
    assert "E220" in pack_codes('monster k "K" { level 1; treasures 1; when you kick open '
                                'the door: +1; bad stuff: lose 1 level }\n', tmp_path)
    assert "E227" in pack_codes('curse k "K" { when you kick open the door: gain 1 level }\n',
                                tmp_path)


#: a count of the cards played into the fight of a kind, by whom (issue 19, the sixth
#: held-out set's Grudging Ghoul and Rat King)
GHOUL = "+2 for each one-shot played into this combat by a player other than the fighter"


@pytest.mark.parametrize("line", [
    GHOUL,
    "+1 for each card played into this combat by another player",
    "+1 for each one-shot played into this combat by the fighter",
    "+1 for every 2 curses played into this combat by the helper",
])
def test_a_count_of_cards_played_names_their_kind_and_player(line: str,
                                                             tmp_path: Path) -> None:
    assert [c for c in pack_codes(_monster(line), tmp_path) if c.startswith("E")] == []


def test_a_count_of_cards_played_refuses_an_unknown_kind(tmp_path: Path) -> None:
    """`one-shot` is a kind only this count reads (one-shots are never in play)."""
    assert "E101" in pack_codes(_monster("+1 for each potion played into this combat"),
                                tmp_path)
    assert "E101" in pack_codes(
        'item i "I" { bonus +1; value 200; +1 for each one-shot you have in play }\n', tmp_path)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "+2 for each one-shot played into this combat by players other than the fighter."),
    ("ru", "+2 за каждую карту «Разовая шмотка», сыгранную в этот бой не бойцом."),
    ("pl", "+2 za każdą kartę „Przedmiot jednorazowy” zagraną do tej walki przez kogoś "
           "innego niż walczący."),
])
def test_card_text_names_who_played_the_cards_counted(lang: str, words: str,
                                                     tmp_path: Path) -> None:
    assert words in _text(lang, 'monster n "N" { level 4; treasures 1; name ru "Н"; name pl '
                          '"N"; ' + GHOUL + '; bad stuff: lose 1 level }\n', tmp_path)


@pytest.mark.parametrize(("kind", "line"), [
    ("monster", GHOUL),
    ("monster", "+1 for each card played into this combat by the helper"),
    ("item", "+1 for each one-shot played into this combat by you"),
])
def test_the_probe_proves_the_counts_of_cards_played_by_whom(kind: str, line: str) -> None:
    assert gl.explain(kind, "munchkin-1.6", line)[-1] == "proof: proven"
