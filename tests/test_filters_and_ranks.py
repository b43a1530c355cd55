"""Card filters that name a card by its title, ranked card picks, and `other` in the counts
of a player's cards (issue 19; the fourth held-out set's cards 210, 221 and 236).

A title in quotes stands wherever a card filter does and names every card of that title in
any of its languages, from any pack; a title no card of the pack bears is a warning (W116),
an unquoted name of several words is refused with a hint naming the quoted form.  A ranked
pick (`the cheapest item victim carries`, `the item with the smallest bonus ...`) works for
every card move, and without an owner only in a discard.  `other` leaves the card the line
is on out of a count, and is refused where the card is never one of the counted cards.
The engine behaviour is in the scenarios of tests/data/filters-and-ranks.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, assert_scenarios_pass, pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.engine.algebra_conditions import matches
from munchkin_dsl.language.parser import parse_text

PACK = Path(__file__).resolve().parent / "data" / "filters-and-ranks" / "munchkin-1.6"
CHARM = 'door charm "Lucky Charm" { name ru "Талисман"; persistent }\n'


def _check(body: str, tmp_path: Path) -> DiagnosticSink:
    (tmp_path / "pack.munch").write_text(HEADER.replace("}", "; languages en, ru }") + CHARM
                                         + body.replace('"C" {', '"C" { name ru "Ц";'),
                                         encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return sink


@pytest.mark.parametrize("line", [
    'if you have a "Lucky Charm" in play: +1 to run away',
    'if you have no "Lucky Charm" in play: +1 to run away',
    'if you have at least 2 "Lucky Charm" in play: +1 to run away',
    'if you have the most "Lucky Charm" in play: +1 to run away',
    '+1 for each "Lucky Charm" you have in play',
    '+1 for each "Lucky Charm" in play',
    'outside combat: discard a "Lucky Charm" in play',
    'outside combat: take a "Lucky Charm" the player to your left carries',
    'outside combat: discard every "Lucky Charm" in play',
    'outside combat: take the most valuable "Lucky Charm" the player to your left carries',
    'if you have a "Lucky Charm" or "Талисман" in play: +1 to run away',
    'ignore "Lucky Charm" bonuses',
    'ignore "Lucky Charm" cards',
])
def test_a_title_stands_wherever_a_card_filter_does(line: str, tmp_path: Path) -> None:
    sink = _check(f'class c "C" {{ {line} }}\n', tmp_path)
    assert not sink.items, [(d.code, d.message) for d in sink.items]


@pytest.mark.parametrize("line", [
    'when you draw a door, if the card just drawn is "Lucky Charm": gain 1 level',
    'when another player plays a card, if the card played is "Талисман": draw 1 door face '
    'down',
])
def test_a_card_in_flight_is_tested_for_its_title(line: str, tmp_path: Path) -> None:
    sink = _check(f'class c "C" {{ {line} }}\n', tmp_path)
    assert not sink.items, [(d.code, d.message) for d in sink.items]


def test_against_takes_titles(tmp_path: Path) -> None:
    sink = _check('monster m "M" { name ru "М"; level 2; treasures 1; +5 against "Lucky Charm", '
                  '"Талисман"; bad stuff: lose 1 level }\n', tmp_path)
    assert not sink.items, [(d.code, d.message) for d in sink.items]


def test_a_title_no_card_of_the_pack_bears_is_a_warning(tmp_path: Path) -> None:
    sink = _check('class c "C" { if you have a "Lucky Charn" in play: +1 to run away }\n',
                  tmp_path)
    found = [d for d in sink.items if d.code == "W116"]
    assert found and all(d.severity != "error" for d in sink.items), sink.items
    assert '"Lucky Charm"' in (found[0].hint or "")


def test_an_unquoted_title_is_refused_with_the_quoted_form(tmp_path: Path) -> None:
    sink = _check('monster m "M" { level 2; treasures 1; if any fighter has a Lucky Charm '
                  'in play: +5 to monster; bad stuff: lose 1 level }\n', tmp_path)
    hints = [d.hint or "" for d in sink.items if d.severity == "error"]
    assert any("title in quotes" in h for h in hints), hints


def test_losing_a_card_points_at_discard(tmp_path: Path) -> None:
    sink = _check('monster m "M" { level 2; treasures 1; bad stuff: lose the cheapest item }\n',
                  tmp_path)
    hints = [d.hint or "" for d in sink.items]
    assert any("victim discards the cheapest item" in h for h in hints), hints


def test_a_title_matches_the_card_in_any_language() -> None:
    class Data:
        names = {"en": "Lucky Charm", "ru": "Талисман"}
        tags: tuple[str, ...] = ()
        big = False

    class Card:
        data, kind, name = Data(), "door", "Lucky Charm"

    card = Card()
    assert matches(card, '"Талисман"')  # type: ignore[arg-type]
    assert matches(card, '"lucky charm"')  # type: ignore[arg-type]
    assert matches(card, '"Spoon" or "Lucky Charm"')  # type: ignore[arg-type]
    assert not matches(card, '"Lucky"')  # type: ignore[arg-type]


@pytest.mark.parametrize(("line", "pick", "owner"), [
    ("take the cheapest item the player to your left carries", "least_valuable",
     "left_player"),
    ("take the least valuable item victim carries", "least_valuable", "victim"),
    ("take the most expensive item victim carries", "most_valuable", "victim"),
    ("take the dearest Steed victim carries", "most_valuable", "victim"),
    ("give the item with the biggest bonus you carry to the player to your left",
     "biggest_bonus", "you"),
    ("victim discards the Steed with the smallest bonus victim carries", "smallest_bonus",
     "victim"),
    ("victim discards the cheapest item", "least_valuable", None),
])
def test_ranked_picks(line: str, pick: str, owner: str | None) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'class x "X" {{ any time: {line} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    card = unit.cards[0].lines[0].effects[0].card
    assert card.pick == pick
    assert (card.owner.kind if card.owner else None) == owner


def test_a_ranked_pick_without_an_owner_is_only_a_discard(tmp_path: Path) -> None:
    assert "E228" in pack_codes('one-shot x "X" { value 100; outside combat: take the '
                                'cheapest item }\n', tmp_path)
    assert pack_codes('monster m "M" { level 2; treasures 1; bad stuff: victim discards the '
                      'cheapest item }\n', tmp_path) == []


@pytest.mark.parametrize(("body", "refused"), [
    ('item x "X" { bonus +0; value 300; +1 for every 1000 gold of other items you carry }\n',
     False),
    ('item x "X" { bonus +0; value 300; +1 for each other item you carry }\n', False),
    ('item x "X" { big; bonus +0; value 300; +1 for each other Big item you have in play }\n',
     False),
    ('race x "X" { +1 for each other item you carry }\n', True),
    ('item x "X" { bonus +0; value 300; +1 for each other curse in play }\n', True),
    ('monster m "M" { level 2; treasures 1; +1 for every 500 gold of other items the fighter '
     'carries; bad stuff: lose 1 level }\n', True),
])
def test_other_only_where_the_card_is_one_of_those_counted(body: str, refused: bool,
                                                            tmp_path: Path) -> None:
    assert ("E229" in pack_codes(body, tmp_path)) is refused


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "+1 for every 500 gold pieces of other items you carry"),
    ("ru", "+1 за каждые 500 голдов стоимости других шмоток у тебя в игре"),
    ("en", "+1 for each other item you have in play"),
    ("ru", "+1 за каждую другую шмотку у тебя в игре"),
    ("en", "+2 for each “Талисман” you have in play"),
    ("ru", "+2 за каждую карту «Талисман» у тебя в игре"),
    ("en", "+4 against players with “Lucky Charm” in play"),
    ("en", "Discard the least valuable item you carry, otherwise lose 1 level"),
    ("en", "Bonuses from “Club” cards do not count in this fight"),
    ("ru", "Бонусы карт «Club» в этом бою не действуют"),
    ("ru", "забираешь шмотку с наименьшей ценой из карт в игре игрока слева от тебя"),
])
def test_printed_text(lang: str, text: str) -> None:
    result = CliRunner().invoke(main, ["text", str(PACK), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert text in result.output


def test_scenarios() -> None:
    assert_scenarios_pass(PACK, 15)
