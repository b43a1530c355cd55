"""Lasting state (issue 19 item 1, "Duration and state", "skip a phase", cards that wait,
"prevent", monsters that follow or are given away):
skipped turns and kicks, a help ban, counters on cards, markers on players, the durations
`until the end of the turn` / `until your next turn`, and played cards that wait for the
next won fight.

Each form is parsed, checked (accepted where it means something, refused with a reason
where it cannot), printed in en, ru and pl, and played: the packs under
tests/data/lasting-cards (one per ruleset) hold the cards, their scenarios the behaviour.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.language.parser import parse_text

CARDS = Path(__file__).resolve().parent / "data" / "lasting-cards"
RULESETS = ("munchkin-1.6", "munchkin-classic-ru", "munchkins-and-mazes", "star-munchkin",
            "munchkin-apocalypse")
HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'


def _codes(body: str, tmp_path: Path) -> list[str]:
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [d.code for d in sink.items if d.code.startswith("E")]


@pytest.mark.parametrize(("line", "part", "fields"), [
    ("victim loses their next turn", "SkipTurn", {"target": "victim"}),
    ("skip your next turn", "SkipTurn", {"target": None}),
    ("victim skips their next kick open the door", "SkipKick", {"target": "victim"}),
    ("nobody may help", "NoHelp", {}),
    ("put 3 counters on this", "AddCounter", {"count": 3}),
    ("put a marker on the player to your left", "AddMarker",
     {"count": 1, "target": "left_player"}),
    ("give the monster to the player to your left", "GiveMonster", {"target": "left_player"}),
])
def test_each_form_parses_to_its_part(line: str, part: str, fields: dict[str, object]) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'curse x "X" {{ {line} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    clause = unit.cards[0].lines[0].effects[0]
    assert type(clause).__name__ == part
    for name, want in fields.items():
        got = getattr(clause, name)
        assert (got.kind if hasattr(got, "kind") and got is not None else got) == want, name


def test_the_readers_parse_as_amounts_conditions_and_durations() -> None:
    sink = DiagnosticSink()
    unit = parse_text('item x "X" { bonus +1; value 100; +1 for each counter on this; '
                      'in combat, if you have 2 markers: +1 for each marker on you }\n'
                      'curse y "Y" { until the end of the turn: -2 to victim; '
                      'until your next turn: -1 to victim; until the end of combat: -1 '
                      'to victim }\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    first, second = unit.cards[0].lines[0], unit.cards[0].lines[1]
    assert first.effects[0].counted.what == "counters"
    assert second.when[1].predicate == "has_markers" and second.when[1].detail.count == 2
    assert second.effects[0].counted.what == "markers"
    untils = [line.when[0].timing for line in unit.cards[1].lines]
    assert untils == ["until_end_of_turn", "until_next_turn", "until_end_of_combat"]


def test_a_loss_about_to_happen_can_be_prevented() -> None:
    sink = DiagnosticSink()
    unit = parse_text('item x "X" { bonus +1; value 100; when you would lose a level, discard '
                      'this card: prevent it }\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    line = unit.cards[0].lines[0]
    assert line.when[0].timing == "would_lose_level"
    assert type(line.effects[0]).__name__ == "Prevent"
    unit = parse_text('hireling y "Y" { when you would lose an item, discard this card: prevent '
                      'the item loss }\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    assert unit.cards[0].lines[0].when[0].timing == "would_lose_item"


def test_a_monster_follows_on_its_own_line() -> None:
    sink = DiagnosticSink()
    unit = parse_text('monster x "X" { level 2; treasures 1; on escape: the monster follows '
                      'victim; bad stuff: lose 1 level }\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    clause = unit.cards[0].lines[0].effects[0]
    assert type(clause).__name__ == "FollowsYou" and clause.target.kind == "victim"


def test_while_is_a_condition_that_lasts() -> None:
    sink = DiagnosticSink()
    unit = parse_text('curse x "X" { while you are level 5 or higher: -3 to victim }\n'
                      'race y "Y" { while you have a Steed in play: +2 to you }\n',
                      "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    first = unit.cards[0].lines[0].when[0]
    assert first.lasting and first.predicate == "level_at_least"
    assert unit.cards[1].lines[0].when[0].predicate == "has_in_play"


def test_a_waiting_card_parses_to_its_event() -> None:
    sink = DiagnosticSink()
    unit = parse_text('one-shot x "X" { value 100; the next time you win a fight this turn: '
                      'gain 1 level; the next time you win a fight: draw 1 treasure }\n',
                      "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    assert [line.when[0].timing for line in unit.cards[0].lines] == [
        "next_win_this_turn", "next_win"]


@pytest.mark.parametrize(("body", "code"), [
    # only a card played from the hand waits; a card in play has `on kill:`
    ('item x "X" { bonus +1; value 100; the next time you win a fight: gain 1 level }\n',
     "E220"),
    # a waiting line fires after the fight: a strength bonus has no fight to count in
    ('one-shot x "X" { value 100; the next time you win a fight: +3 to you }\n', "E221"),
    # a counter on a card that leaves play at once can never be read
    ('one-shot x "X" { value 100; in combat: put a counter on this }\n', "E202"),
    ('curse x "X" { put a counter on this }\n', "E202"),
    # a help ban needs a fight: outside one there is nobody to ask
    ('one-shot x "X" { value 100; outside combat: nobody may help }\n', "E221"),
    # a dead player's next turn belongs to the new character
    ('item x "X" { bonus +1; value 100; on death: you lose your next turn }\n', "E221"),
    ('item x "X" { bonus +1; value 100; on death: put a marker on you }\n', "E221"),
    # a lasting effect read while in play has no moment to happen
    ('item x "X" { bonus +1; value 100; put a marker on you }\n', "E221"),
    ('race x "X" { you lose your next turn }\n', "E221"),
    ('curse x "X" { put 11 markers on victim }\n', "E205"),
    # only a monster follows; a monster given away needs a fight to leave
    ('item x "X" { bonus +1; value 100; on kill: the monster follows you }\n', "E202"),
    ('one-shot x "X" { value 100; outside combat: give the monster to the player to your '
     'left }\n', "E221"),
    ('monster x "X" { level 2; treasures 1; on death: the monster follows victim; bad stuff: '
     'lose 1 level }\n', "E220"),
    # only a loss about to happen can be prevented; only a card in play (or a one-shot
    # played from the hand as it comes) reacts to it, not a monster
    ('item x "X" { bonus +1; value 100; on kill: prevent it }\n', "E221"),
    ('monster x "X" { level 2; treasures 1; when you would lose a level: prevent it; bad '
     'stuff: lose 1 level }\n', "E220"),
    # one duration per line: `while` is one, `until` another
    ('curse x "X" { until the end of the turn, while you are level 5 or higher: -3 to '
     'victim }\n', "E212"),
])
def test_a_form_that_cannot_mean_anything_is_refused(body: str, code: str,
                                                     tmp_path: Path) -> None:
    assert code in _codes(body, tmp_path)


def test_the_same_forms_where_they_mean_something_check_clean(tmp_path: Path) -> None:
    body = ('item x "X" { bonus +1; value 100; on kill: put a counter on this; +1 for each '
            'counter on this }\n'
            'curse y "Y" { victim loses their next turn; put 2 markers on victim }\n'
            'monster z "Z" { level 4; treasures 1; bad stuff: you skip your next kick open '
            'the door }\n'
            'one-shot w "W" { value 100; in combat: nobody may help }\n'
            'one-shot v "V" { value 100; the next time you win a fight this turn: gain 1 '
            'level }\n')
    assert _codes(body, tmp_path) == []


TEXTS = {
    "en": ["Lose your next turn.", "Skip your next Kick Open the Door.",
           "In your next combat: you cannot ask for help.", "Get 2 markers.",
           "After a kill: put 1 counter on this card.", "+1 for each counter on this card.",
           "If you have at least 2 markers: +3.", "+1 for each marker on you.",
           "Until the end of the turn: -3.", "Until your next turn: -3.",
           "The next time you win a fight: draw 1 Treasure face down.",
           "While you are level 5 or higher: -3.",
           "the monster follows you and joins your next combat",
           "give the monster to the player to your left, who fights it when this combat is "
           "over",
           "When you would lose a level, discard this card: you do not lose it.",
           "When you would lose an item, discard this card: you do not lose it."],
    "ru": ["Пропускаешь следующий ход.", "Пропускаешь следующую фазу «Вышибаю Дверь».",
           "В следующем бою: ты не можешь просить о помощи.", "Получаешь 2 метки.",
           "положи 1 жетон на эту карту.", "+1 за каждый жетон на этой карте.",
           "+1 за каждую метку на тебе.", "До конца хода: -3.",
           "До твоего следующего хода: -3.",
           "В следующий раз, когда ты победишь в бою: ",
           "Пока у тебя уровень 5 или выше: -3.",
           "монстр следует за тобой и вступает в твой следующий бой",
           "отдай монстра: игрок слева от тебя сражается с ним",
           "Когда тебе предстоит потерять уровень, сбрось эту карту: ты его не теряешь.",
           "Когда тебе предстоит потерять шмотку, сбрось эту карту: ты её не теряешь."],
    "pl": ["Tracisz następną turę.", "Pomijasz następną fazę „Otwórz Drzwi”.",
           "W następnej walce: nie możesz prosić o pomoc.", "Dostajesz 2 znaczniki.",
           "połóż 1 znacznik na tej karcie.", "+1 za każdy znacznik na tej karcie.",
           "Jeśli masz co najmniej 2 znaczniki: +3.", "+1 za każdy znacznik na tobie.",
           "Do końca tury: -3.", "Do twojej następnej tury: -3.",
           "Następnym razem, gdy wygrasz walkę: ",
           "Dopóki masz poziom 5 lub wyższy: -3.",
           "potwór podąża za tobą i dołącza do twojej następnej walki",
           "oddaj potwora: gracz po twojej lewej walczy z nim",
           "Gdy masz stracić poziom, odrzuć tę kartę: nie tracisz go.",
           "Gdy masz stracić przedmiot, odrzuć tę kartę: nie tracisz go."],
}


@pytest.mark.parametrize("lang", sorted(TEXTS))
def test_card_text_in_every_language(lang: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADER + (
        'curse a "A" { victim loses their next turn }\n'
        'curse b "B" { victim skips their next kick open the door }\n'
        'curse c "C" { next combat: nobody may help }\n'
        'curse d "D" { put 2 markers on victim }\n'
        'item e "E" { bonus +1; value 300; on kill: put a counter on this; +1 for each '
        'counter on this }\n'
        'class f "F" { if you have 2 markers: +3 to you; +1 for each marker on you }\n'
        'curse g "G" { until the end of the turn: -3 to victim }\n'
        'curse h "H" { until your next turn: -3 to victim }\n'
        'one-shot i "I" { value 100; the next time you win a fight: draw 1 treasure face '
        'down }\n'
        'curse j "J" { while you are level 5 or higher: -3 to victim }\n'
        'monster k "K" { level 6; treasures 2; on escape: the monster follows victim; bad '
        'stuff: lose 1 level }\n'
        'one-shot l "L" { value 200; in combat: give the monster to the player to your left '
        '}\n'
        'item m "M" { bonus +1; value 300; when you would lose a level, discard this card: '
        'prevent it }\n'
        'hireling n "N" { when you would lose an item, discard this card: prevent it }\n'),
        encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    for words in TEXTS[lang]:
        assert words in result.output, (words, result.output)


def test_markers_agree_in_number() -> None:
    """One marker, two, five: the noun follows the number in every language."""
    from munchkin_dsl.text.cardtext import plural
    assert [plural(n, ("метку", "метки", "меток"), "ru") for n in (1, 2, 5)] == [
        "метку", "метки", "меток"]
    assert [plural(n, ("znacznik", "znaczniki", "znaczników"), "pl") for n in (1, 3, 5)] == [
        "znacznik", "znaczniki", "znaczników"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_lasting_cards_play_as_written(ruleset: str) -> None:
    pack = CARDS / ruleset
    sink = DiagnosticSink()
    check_pack(pack, sink)
    assert not [d for d in sink.items if d.code.startswith("E")], [d.message for d in sink.items]
    result = CliRunner().invoke(main, ["test", str(pack), "--format", "json"])
    doc = json.loads(result.output)
    assert doc["scenarios"] and all(s["passed"] for s in doc["scenarios"]), result.output


def test_the_trace_shows_markers_and_counters(tmp_path: Path) -> None:
    """`munchkin test` says what a lasting effect left on the table, with its total."""
    result = CliRunner().invoke(main, ["test", str(CARDS / "munchkin-1.6"), "--trace",
                                       "-k", "Trophy"])
    assert "Trophy Belt now has 1 counter(s)" in result.output
    result = CliRunner().invoke(main, ["test", str(CARDS / "munchkin-1.6"), "--trace",
                                       "-k", "Sloth"])
    assert "A now has 1 turn(s) to skip" in result.output
    assert "A loses this turn" in result.output
    result = CliRunner().invoke(main, ["test", str(CARDS / "munchkin-classic-ru"), "--trace",
                                       "-k", "Vertigo"])
    assert "Vertigo leaves A as its condition no longer holds" in result.output
    result = CliRunner().invoke(main, ["test", str(CARDS / "munchkin-1.6"), "--trace",
                                       "-k", "Lucky"])
    assert "it waits for A's next won fight" in result.output
    assert "Lucky Break (A) fires: A won a fight" in result.output
