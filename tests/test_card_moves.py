"""Card selectors and the effects that move the card they pick (issue 19 item 1: "card
selectors with filters ... moving any selected card between any two zones").

Each pick (`an item you carry`, `a random card from victim`, `a Sidekick in play`, `this
card`) composes with each move (take/steal, give, discard, put on top of its deck, into
play, into a hand); each form is parsed to its parts, checked (refused where the move can
change nothing, with why and what to write), printed in en, ru and pl, and played: the
packs under tests/data/card-moves hold the cards, their scenarios the behaviour.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.language.parser import parse_text

CARDS = Path(__file__).resolve().parent / "data" / "card-moves"


@pytest.mark.parametrize(("line", "effect", "pick", "owner"), [
    ("take an item the player to your left carries", "TakeCard", "carried", "left_player"),
    ("steal a random card from victim", "TakeCard", "random_in_hand", "victim"),
    ("give this card to the player to your left", "GiveCard", "this", None),
    ("victim discards a random card from victim", "DiscardCard", "random_in_hand", "victim"),
    ("put a Sidekick in play on top of its deck", "PutOnDeck", "in_play", None),
    ("put a random card from you into play", "PutIntoPlay", "random_in_hand", "you"),
    ("put an item you carry into your hand", "PutIntoHand", "carried", "you"),
    ("take an item worth 300 or less another player carries", "TakeCard", "carried",
     "another_player"),
    ("discard every curse you have in play", "DiscardCard", "every_carried", "you"),
    ("give every item worth 500 or more you carry to the player to your left", "GiveCard",
     "every_carried", "you"),
    ("put every Sidekick in play on top of its deck", "PutOnDeck", "every_in_play", None),
])
def test_each_move_takes_each_pick(line: str, effect: str, pick: str, owner: str | None
                                   ) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'item x "X" {{ bonus +1; value 100; any time: {line} }}\n', "t.munch",
                      sink)
    assert not sink.items, [d.message for d in sink.items]
    clause = unit.cards[0].lines[0].effects[0]
    assert type(clause).__name__ == effect
    assert clause.card.pick == pick
    assert (clause.card.owner.kind if clause.card.owner else None) == owner


def test_a_pick_lowers_to_three_record_fields(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + 'one-shot x "X" { value 100; outside '
                                         'combat: take an item the player to your left carries }\n',
                                         encoding="utf-8")
    out = tmp_path / "out.json"
    result = CliRunner().invoke(main, ["compile", str(tmp_path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    card = json.loads(out.read_text(encoding="utf-8"))["cards"][0]
    effect = card["abilities"][0]["effects"][0]
    assert {k: effect[k] for k in ("kind", "card", "card_what", "card_owner")} == {
        "kind": "take_card", "card": "carried", "card_what": "item",
        "card_owner": "left_player"}


@pytest.mark.parametrize(("body", "code"), [
    # the card is in play already / in a hand already
    ('one-shot x "X" { value 100; outside combat: put an item you carry into play }\n',
     "E228"),
    ('one-shot x "X" { value 100; outside combat: put a random card from victim into your '
     'hand }\n', "E228"),
    # the taker holds it already; given to its holder
    ('one-shot x "X" { value 100; outside combat: take a random card from you }\n', "E228"),
    ('class x "X" { any time: give an item victim carries to victim }\n', "E228"),
    # `this card` on a card discarded once played
    ('one-shot x "X" { value 100; any time: give this card to victim }\n', "E228"),
    ('curse x "X" { give this card to the player to your left }\n', "E228"),
    # the monster holds no cards; a monster's own line has no `you`
    ('one-shot x "X" { value 100; in combat: take a random card from monster }\n', "E228"),
    ('monster x "X" { level 2; treasures 1; take an item you carry }\n', "E228"),
    # a filter the pack does not know; a moment where the move may mean nothing
    ('one-shot x "X" { value 100; any time: take a Bloggerz in play }\n', "E101"),
    ('race x "X" { on death: give an item you carry to the player to your left }\n', "E221"),
    ('item x "X" { bonus +1; value 100; when you would lose an item: discard an item you '
     'carry }\n', "E221"),
    # no card selector here: `the winner` only where a fight was just won
    ('one-shot x "X" { value 100; any time: take an item the winner carries }\n', "E221"),
])
def test_a_move_that_cannot_change_anything_is_refused(body: str, code: str,
                                                      tmp_path: Path) -> None:
    assert code in pack_codes(body, tmp_path)


def test_the_same_moves_where_they_mean_something_check_clean(tmp_path: Path) -> None:
    body = ('one-shot a "A" { value 100; outside combat: put a random card from you into '
            'play }\n'
            'one-shot b "B" { value 100; outside combat: put an item you carry into your '
            'hand }\n'
            'class c "C" { any time: give an item you carry to another player }\n'
            'item d "D" { bonus +1; value 100; on escape: give this card to the player to '
            'your left }\n'
            'door e "E" { persistent; on kill: put this card on top of its deck }\n'
            'monster f "F" { level 2; treasures 1; bad stuff: the player to your left steals '
            'an item victim carries }\n'
            'one-shot g "G" { value 100; after a kill: take an item the winner carries }\n')
    assert [c for c in pack_codes(body, tmp_path) if c.startswith("E")] == []


TEXTS = {
    "en": ["take a random card from the hand of the player to your left",
           "take an item the player to your left carries",
           "discard an item you carry, otherwise lose 1 level",
           "give this card to the player to your left",
           "put an item you carry back on top of its deck",
           "put an item you carry into your hand",
           "put a random card from your hand into play"],
    "ru": ["забираешь случайную карту из руки игрока слева от тебя",
           "забираешь шмотку из карт в игре игрока слева от тебя",
           "сбрасываешь шмотку из своих карт в игре, иначе теряешь 1 уровень",
           "отдай эту карту игроку слева от тебя",
           "положи шмотку из своих карт в игре обратно на верх колоды",
           "берёшь в руку шмотку из своих карт в игре",
           "введи в игру случайную карту из твоей руки"],
    "pl": ["zabierasz losową kartę z ręki gracza po twojej lewej",
           "zabierasz przedmiot z kart w grze gracza po twojej lewej",
           "odrzucasz przedmiot ze swoich kart w grze, w przeciwnym razie tracisz 1 poziom",
           "daj tę kartę graczowi po twojej lewej",
           "połóż przedmiot ze swoich kart w grze z powrotem na wierzch talii",
           "bierzesz na rękę przedmiot ze swoich kart w grze",
           "wprowadź do gry losową kartę z twojej ręki"],
}


@pytest.mark.parametrize("lang", sorted(TEXTS))
def test_card_text_in_every_language(lang: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS / "munchkin-1.6"), "--lang", lang])
    assert result.exit_code == 0, result.output
    more = CliRunner().invoke(main, ["text", str(CARDS / "munchkins-and-mazes"), "--lang",
                                     lang])
    assert more.exit_code == 0, more.output
    for words in TEXTS[lang]:
        assert words in (result.output + more.output).casefold(), (words, result.output)


@pytest.mark.parametrize("ruleset", ["munchkin-1.6", "munchkins-and-mazes"])
def test_the_scenarios_play_each_move(ruleset: str) -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS / ruleset)])
    assert result.exit_code == 0, result.output
    assert " 0 failed" in result.output and "passed" in result.output


@pytest.mark.parametrize(("line", "bound"), [
    ("take an item worth 300 or less the player to your left carries",
     {"card_worth_max": 300, "card_worth_min": None}),
    ("take every item worth 500 or more the player to your left carries",
     {"card_worth_max": None, "card_worth_min": 500}),
    ("take an item the player to your left carries",
     {"card_worth_max": None, "card_worth_min": None}),
])
def test_a_value_bound_lowers_to_its_record_field(tmp_path: Path, line: str,
                                                  bound: dict[str, int | None]) -> None:
    """`worth N or less` / `or more` on any pick: the engine reads the bound from the
    record (a pick without one has neither)."""
    (tmp_path / "pack.munch").write_text(HEADER + f'one-shot x "X" {{ value 100; outside '
                                         f'combat: {line} }}\n', encoding="utf-8")
    out = tmp_path / "out.json"
    result = CliRunner().invoke(main, ["compile", str(tmp_path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    effect = json.loads(out.read_text(encoding="utf-8"))["cards"][0]["abilities"][0][
        "effects"][0]
    assert {k: effect.get(k) for k in bound} == bound


@pytest.mark.parametrize(("lang", "text"), [
    ("en", "discard every curse you have in play"),
    ("ru", "сбрасываешь все свои карты проклятий в игре"),
    ("pl", "odrzucasz wszystkie klątwy ze swoich kart w grze"),
])
def test_every_pick_prints_a_plural_in_every_language(tmp_path: Path, lang: str,
                                                      text: str) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + 'one-shot x "X" { value 100; outside '
                                         'combat: discard every curse you have in play }\n',
                                         encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert text in result.output.lower()
