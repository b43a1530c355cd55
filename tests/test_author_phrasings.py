"""Phrasings outside authors write first (found by probing natural card text, issue 19
item 4): each is either the same rule as the documented form, so it compiles to the same
engine data, or a refusal whose hint names the form that works (never `did you mean
'as'?` for `loses a level`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import assert_scenarios_pass

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack, compile_packs
from munchkin_dsl.compiler.engine_data import dumps

HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
STAR = HEADER.replace("munchkin-1.6", "star-munchkin")
APOCALYPSE = HEADER.replace("munchkin-1.6", "munchkin-apocalypse")


def _abilities(body: str, tmp_path: Path, header: str = HEADER) -> object:
    (tmp_path / "pack.munch").write_text(header + body, encoding="utf-8")
    result = compile_packs([tmp_path])
    assert result.data is not None, [d.message for d in result.sink]
    # the same rule: the same card data, wherever on the line the author's words put them
    card = json.loads(dumps(result.data))["cards"][0]
    return _without_sources(card)


def _without_sources(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_sources(v) for k, v in value.items() if k not in ("source", "id",
                                                                           "name", "names")}
    if isinstance(value, list):
        return [_without_sources(v) for v in value]
    return value


@pytest.mark.parametrize(("said", "documented"), [
    ("victim discards their hand", "victim discards whole hand"),
    ("victim discards all cards in hand", "victim discards whole hand"),
    ("victim discards all cards in their hand", "victim discards whole hand"),
    ("victim discards their footgear", "victim discards footgear"),
    ("victim discards your headgear, otherwise loses 1 level",
     "victim discards headgear, otherwise loses 1 level"),
    ("victim discards their race", "victim discards race"),
    ("every player discards 1 card", "each player discards 1 card"),
    ("victim loses 1 level, then discards 1 card", "victim loses 1 level, discards 1 card"),
    ("victim discards their class, otherwise loses 1 level",
     "victim discards class, otherwise loses 1 level"),
])
def test_a_natural_phrasing_is_the_documented_rule(said: str, documented: str,
                                                   tmp_path: Path) -> None:
    assert _abilities(f'curse c "C" {{ {said} }}\n', tmp_path) == \
        _abilities(f'curse c "C" {{ {documented} }}\n', tmp_path)


@pytest.mark.parametrize(("line", "form"), [
    ('curse c "C" { victim loses a level }', "lose 1 level"),
    ('curse c "C" { victim loses their headgear }', "discard headgear"),
    ('one-shot o "O" { no value; any time: go up a level }', "gain 1 level"),
    ('monster m "M" { level 12; treasures 3; will not pursue level 3 or lower; bad stuff: '
     'lose 1 level }', "if fighter is level 3 or lower: will not pursue"),
    ('monster m "M" { level 12; treasures 3; won\'t pursue anyone of level 3 or lower; bad '
     'stuff: lose 1 level }', "if fighter is level 3 or lower: will not pursue"),
    ('one-shot o "O" { no value; any time: steal a random card from the hand of a player of '
     'your choice }', "take 1 card at random from TARGET"),
    ('one-shot o "O" { no value; in combat: roll a die, add the result to your strength }',
     "+1 die to you"),
    ('monster m "M" { level 6; treasures 2; bad stuff: roll a die and lose that many levels }',
     "lose 1 level for each point of a die"),
    ('one-shot o "O" { no value; in combat: choose one: +3 to you, or -3 to monster }',
     "in combat, choose one: A, or B"),
    ('class k "K" {\n  on your turn: choose one: gain 1 level, or draw 1 door face down\n}',
     "on your turn, choose one: A, or B"),
    ('curse c "C" { victim discards their sidekick }', "discard a sidekick in play"),
    ('curse c "C" { the richest player discards the most valuable item they carry }',
     "the most valuable item"),
    ('class k "K" { your hand limit is increased by 2 }', "hand limit +2"),
    ('monster m "M" { level 3; treasures 1; halflings can\'t run away from it; bad stuff: lose '
     '1 level }', "if fighter is halfling: no escape"),
    ('monster m "M" { level 3; treasures 1; you cannot run away from it; bad stuff: lose 1 '
     'level }', "no escape"),
    ('item i "I" { bonus +2; value 300; one hand; when a seal opens: +1 to you until the end '
     'of the turn }', "until the end of the turn: EFFECT"),
    ('monster m "M" { level 5; treasures 2; when this monster is defeated, every other player '
     'draws 1 door face down; bad stuff: lose 2 levels }', "on kill"),
    ('one-shot o "O" { no value; when you would die: go to level 1 }', "instead of dying"),
    # (`the next time you kill a monster` is a form now: tests/test_won_fights.py)
    ('one-shot o "O" { no value; the next time you defeat a monster: draw 1 treasure face '
     'down }', "the next time you win a fight"),
    ('class k "K" { when another player sells, if the sale buys 2 levels: draw 1 treasure '
     'face down }', "buys at least 2 levels"),
    ('item i "I" { bonus +1; value 200; headgear; once per game: escape automatically }',
     "you escape every monster"),
    ('class k "K" { you may hold 2 more cards in your hand }', "hand limit +2"),
    ('one-shot o "O" { no value; in combat, choose one: -4 to monster, or -2 to run away to '
     'fighter }', "when another player rolls to run away: -2 to run away"),
    ('sidekick s "S" { +2 to you; when you would lose a level: instead discard this card }',
     "instead of losing a level:"),
    ('monster m "M" { level 12; treasures 3; when revealed: every player discards 1 card; bad '
     'stuff: lose 2 levels }', "on reveal"),
    ('monster m "M" { level 4; treasures 1; +3 against a player who has a curse; bad stuff: '
     'lose 1 level }', "if fighter has a curse: +3"),
    ('one-shot o "O" { no value; any time: gain 1 level or draw 2 treasures face down }',
     "A, or B"),
    ('one-shot o "O" { no value; any time: steal 1 item from a player of your choice }',
     "take 1 item from a player of your choice"),
    ('item i "I" { bonus +1; value 300; headgear; comes with 3 charges; in combat: +2 to you }',
     "3 uses"),
    ('curse c "C" { for the rest of the game: -1 to victim }', "persistent"),
    # (`discard every item you carry`, the discarder's own, is a form now: tests/data/hand-picks)
    ('curse c "C" { victim discards every item victim carries }',
     "discard all items victim carries"),
    # (`bad stuff: nothing` itself is the form now, wave 6: the Mutated Shark)
    ('monster m "M" { level 2; treasures 1; bad stuff: no bad stuff }', "bad stuff: nothing"),
])
def test_a_misphrasing_gets_the_form_that_works(line: str, form: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + line + "\n", encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    errors = [d for d in sink.items if d.code.startswith("E")]
    assert errors and f"is written `{form}`" in (errors[0].hint or ""), \
        [(d.code, d.message, d.hint) for d in errors]


@pytest.mark.parametrize("line", [
    "when another player loses a level: gain 1 level",
    "when you gain a level: draw 1 door face down",
])
def test_an_event_saying_a_level_is_no_misphrasing(line: str, tmp_path: Path) -> None:
    """The hint is for effects: an event that says `a level` is written so (a line that
    fails elsewhere is not told to write `lose 1 level`)."""
    (tmp_path / "pack.munch").write_text(
        HEADER + f'class k "K" {{ {line}; zork }}\n', encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    assert all("is written" not in (d.hint or "") for d in sink.items), \
        [(d.code, d.hint) for d in sink.items]


def test_more_than_a_number_is_at_least_the_next(tmp_path: Path) -> None:
    """`more than 3 items` was told that `more than` compares players; it is `at least 4`."""
    (tmp_path / "pack.munch").write_text(
        HEADER + 'monster n "N" { level 4; treasures 1; if the fighter has more than 3 items: '
        '+5; bad stuff: lose 1 level }\n', encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    (diag,) = [d for d in sink.items if d.code.startswith("E")]
    assert "`more than 3` is `at least 4`" in (diag.hint or ""), diag.hint
    assert "compares a player" not in (diag.hint or "")


def test_instead_of_your_run_away_roll(tmp_path: Path) -> None:
    body = ('sidekick s "S" {{ {} run away roll, discard this card: you escape every '
            'monster }}\n')
    assert _abilities(body.format("instead of your"), tmp_path, STAR) == \
        _abilities(body.format("instead of"), tmp_path, STAR)


def test_close_a_seal(tmp_path: Path) -> None:
    body = 'one-shot o "O" {{ value 200; any time: close {} seal }}\n'
    assert _abilities(body.format("a"), tmp_path, APOCALYPSE) == \
        _abilities(body.format("the"), tmp_path, APOCALYPSE)


def test_whenever_is_when(tmp_path: Path) -> None:
    """`whenever` is read as `when` (padded, so columns stay), outside quotes only."""
    body = ('item i "Whenever Hat" {{ bonus +1; value 200; headgear; manual "whenever it '
            'rains"; {} another player gains a level: draw 1 treasure face down }}\n')
    assert _abilities(body.format("whenever"), tmp_path) == \
        _abilities(body.format("when"), tmp_path)
    (tmp_path / "pack.munch").write_text(HEADER + body.format("whenever").replace(
        "draw 1 treasure", "drow 1 treasure"), encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    (error,) = [d for d in sink.items if d.code.startswith("E")]
    line = (HEADER + body.format("whenever")).splitlines()[1]
    assert error.span.column == line.index("draw") + 1  # the column the author wrote


def test_a_die_read_as_that_many_names_the_die_forms(tmp_path: Path) -> None:
    """`roll a die and discard that many cards` reads as two effects joined by `and`: the
    `that many` error names the forms that take a die's number."""
    (tmp_path / "pack.munch").write_text(
        HEADER + 'curse c "C" { roll a die and discard that many cards }\n', encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    hints = " ".join(d.hint or "" for d in sink.items if d.code == "E229")
    assert "`discard as many cards as a die shows`" in hints, hints


@pytest.mark.parametrize(("said", "documented"), [
    ('monster m "M" { level 4; treasures 1; +5 against Wizards; bad stuff: lose 1 level }',
     'monster m "M" { level 4; treasures 1; +5 against Wizard; bad stuff: lose 1 level }'),
    ('monster m "M" { level 4; treasures 1; +3 against females; bad stuff: lose 1 level }',
     'monster m "M" { level 4; treasures 1; +3 against female; bad stuff: lose 1 level }'),
    ('item i "I" { bonus +1; value 200; footgear; usable by Halflings only }',
     'item i "I" { bonus +1; value 200; footgear; usable by Halfling only }'),
])
def test_a_plural_names_the_race_class_or_sex(said: str, documented: str,
                                              tmp_path: Path) -> None:
    """`+5 against Wizards`: card text names races, classes and sexes in the plural; the
    engine data holds the canonical name, the same as the singular's."""
    assert _abilities(said + "\n", tmp_path) == _abilities(documented + "\n", tmp_path)


def test_a_filter_may_name_the_deck() -> None:
    """`if the card just discarded is a treasure` (a scout's Pickpocket): `treasure` and
    `door` name a card's deck, any kind of it; `treasure` was E101 'no card kind'."""
    pack = Path(__file__).resolve().parent / "data" / "deck-filters"
    assert_scenarios_pass(pack, 2)


def test_double_the_level_of_monster() -> None:
    """A scout's Double Dare ("double the monster's level") was written `double the strength
    of monster`, doubling its bonuses too: the level operator doubles the level alone."""
    pack = Path(__file__).resolve().parent / "data" / "double-level"
    assert_scenarios_pass(pack, 1)
    text = CliRunner().invoke(main, ["text", str(pack), "--lang", "ru"]).output
    assert "уровень монстра в этом бою удваивается" in text, text


@pytest.mark.parametrize("line", [
    # the count after the target, as authors write it (before it, as the docs do)
    'one-shot o "O" { no value; in combat: +1 to you for each curse in play }',
    'one-shot o "O" { no value; in combat: +2 to monster for every 2 items the fighter has '
    'in play up to +6 }',
    'one-shot o "O" { no value; in combat: +1 to run away for each curse in play }',
    # `in play` left out of a holding condition
    'one-shot o "O" { no value; in combat, if you have a hireling: +5 to you }',
    'class k "K" { if you have no sidekick: +1 to run away }',
    # the discarder's choice said
    'one-shot o "O" { no value; any time: each player discards 1 card of their choice }',
    # `the` before a player or the monster
    'one-shot o "O" { no value; in combat, if the fighter is level 4 or lower: +3 to the '
    'fighter }',
    'curse c "C" { if the victim has a curse in play: the victim loses 1 level }',
    'monster m "M" { level 4; treasures 1; if the monster is Undead: +2; bad stuff: lose 1 '
    'level }',
    # a count of a player's cards without `in play`, and curses `on` a player
    'one-shot o "O" { no value; in combat: +1 to you for each curse you have }',
    'monster m "M" { level 6; treasures 2; +2 for each curse on the fighter; bad stuff: lose 1 '
    'level }',
])
def test_a_natural_phrasing_is_accepted(line: str, tmp_path: Path) -> None:
    """Phrasings authors write first (probed from natural card text) check clean."""
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6, star-munchkin }\n' + line
        + "\n", encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path / "pack.munch", sink)
    assert [d.code for d in sink.items if d.severity == "error"] == [], line
