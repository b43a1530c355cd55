"""The counts of an amount are declared parts (issue 19 item 2): each count (`for each item
you have in play`, `open seals`...) is one class of language/parts/counts.py (or
counts_fight.py), bound to its grammar ways, its engine reading (engine/counts.py
``@reads``), its card text and its docs row; and the count added as the demonstration,
`for each KIND-or-TAG in play` (every player's cards at the table), is parsed, checked,
printed and played (tests/data/table-counts)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.effect_words import COUNTED
from munchkin_dsl.engine.counts import READINGS
from munchkin_dsl.language import reference
from munchkin_dsl.language.count_part import CountPart, count_builders, count_parts, per_parts
from munchkin_dsl.language.parser import compiled_parser, parse_text
from munchkin_dsl.language.parts.counts import TableCards

CARDS = Path(__file__).resolve().parent / "data" / "table-counts"


def test_every_count_is_read_by_the_engine_and_described_once() -> None:
    words = [p.count for p in count_parts()]
    assert len(words) == len(set(words)) >= 16
    assert set(READINGS) == set(words)  # one reading bound to each part, no other
    assert list(COUNTED) == words  # the schema's for_each choices are the parts'
    for part in count_parts():
        assert part.ways and part.meaning and part.forms, part
        assert set(part.text) == set(part.noun) == {"en", "ru", "pl"}, part


def test_each_per_form_is_a_grammar_alternative_declared_by_its_count() -> None:
    """`per card` and `per open seal` are counts too (issue 19 item 2): the grammar's `per`
    alternatives are written from the parts, each with its text in every language; `per
    open seal` is the open Seals count's other way (one reading), `per card` the cards
    paid for the cost."""
    per = {r.alias for r in compiled_parser().lark.rules if r.origin.name == "per"}
    assert {a for a in per if a not in ("per_each", "per_every")} == {
        f"per_{w}" for w in per_parts()} == {"per_card", "per_open_seal"}
    assert all(set(p.per_text) == {"en", "ru", "pl"} for p in per_parts().values())
    assert per_parts()["open_seal"] in count_parts() and per_parts()["card"].paid
    assert per_parts()["card"] not in count_parts()  # never a `for each` (no for_each word)


def test_each_way_of_writing_a_count_is_a_grammar_alternative_built_into_its_part() -> None:
    aliases = {r.alias for r in compiled_parser().lark.rules if r.origin.name == "counted"}
    assert aliases == set(count_builders())
    rows = [r.form for r in reference.tables()["count"].rows]
    assert rows == [f for p in count_parts() for f, _d, _e in p.forms]


@pytest.mark.parametrize(("line", "part", "tag"), [
    ("in combat: +1 for each curse in play to you", TableCards, "curse"),
    ("in combat: +1 for every 2 Sidekicks in play to you", TableCards, "Sidekicks"),
    ("in combat: +1 for each Big item in play to you", TableCards, "big"),
])
def test_a_table_count_is_parsed_into_its_part(line: str, part: type[CountPart],
                                               tag: str) -> None:
    sink = DiagnosticSink()
    unit = parse_text(f'one-shot x "X" {{ {line} }}\n', "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    counted = unit.cards[0].lines[0].effects[0].counted
    assert type(counted) is part and counted.tag is not None and counted.tag.name == tag


def test_a_table_count_compiles_to_its_record_word() -> None:
    result = compile_packs([str(CARDS)])
    assert result.data is not None
    spite = next(c for c in result.data.cards if c.id == "spite").abilities[0].effects[0]
    assert (spite.per, spite.for_each, spite.for_each_tag) == ("each", "table_cards", "curse")
    hush = next(c for c in result.data.cards if c.id == "hush").abilities[0].conditions[0]
    assert hush.counts is not None and hush.counts.for_each == "table_cards"


def test_a_table_count_of_nothing_the_pack_knows_is_refused(tmp_path: Path) -> None:
    assert "E101" in pack_codes('one-shot x "X" { value 100; in combat: +1 for each Bloggerz '
                                "in play to you }\n", tmp_path)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "In combat: +2 for each curse in play."),
    ("en", "if there are at least 2 curses in play: -4 to the monster"),
    ("ru", "В бою: +2 за каждую карту «Проклятие» в игре."),
    ("ru", "если число карт «Проклятие» в игре не меньше 2"),
    ("pl", "W walce: +2 za każdą kartę „Klątwa” w grze."),
    ("pl", "jeśli liczba kart „Klątwa” w grze wynosi co najmniej 2"),
])
def test_card_text(lang: str, words: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_the_scenarios_count_every_players_cards() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "4 passed, 0 failed" in result.output


def test_hover_shows_a_counts_row_from_its_class() -> None:
    """The language server reads the counts table the docs print (the classes' rows)."""
    from munchkin_dsl.lsp import vocabulary

    text = vocabulary.reference(["points", "you", "won", "by"])
    assert text is not None and "**Amounts: counts**" in text
    assert "the margin of the fight just won" in text


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "+1 for each Trap you have in play."),
    ("ru", "+1 за каждую карту «Ловушка» у тебя в игре."),
    ("pl", "+1 za każdą twoją kartę „Pułapka” w grze."),
])
def test_a_count_of_a_curse_like_kind_prints_the_kind(tmp_path: Path, lang: str,
                                                      words: str) -> None:
    """`trap` / `disaster` became card filters this round: a count of one names the kind
    in every language (the ru and pl tables had no entry, so «trap» was printed raw)."""
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1.0"; ruleset star-munchkin; languages en }\n'
        'item d "D" { value 300; bonus +1\n  +1 for each trap you have in play }\n',
        encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


@pytest.mark.parametrize(("ruleset", "lang", "words"), [
    ("munchkin-1.6", "en", "+1 for every 2 other small items you have in play."),
    ("munchkin-1.6", "en",
     "+1 for each item worth 500 gold pieces or more the fighter has in play."),
    ("munchkin-1.6", "en", "+1 for each headgear item you have in play."),
    ("star-munchkin", "en",
     "+1 for each Aggregate item worth 500 credits or more you have in play."),
    ("munchkin-1.6", "ru", "+1 за каждые 2 другие маленькие шмотки у тебя в игре."),
    ("munchkin-1.6", "ru", "+1 за каждую шмотку стоимостью от 500 голдов у бойца в игре."),
    ("munchkin-1.6", "pl", "+1 za każde 2 twoje inne małe przedmioty w grze."),
    ("munchkin-1.6", "pl", "+1 za każdy twój nagłowny przedmiot w grze."),
])
def test_an_item_count_by_size_slot_and_value_prints_them(tmp_path: Path, ruleset: str,
                                                           lang: str, words: str) -> None:
    """An item count narrowed by a size (`small`, `Big`: the ruleset's word), a slot and a
    least value (issue 19 item 1: the Bag of Many Pockets, the Toll Bridge Ogre) says each
    in every language; before, `small` was E101 and `worth 500 or more` E002."""
    assert words in _text(tmp_path, ruleset, lang,
                          'item d "D" { value 300; bonus +1\n'
                          '  +1 for every 2 other small items you carry\n'
                          '  +1 for each headgear item you carry\n'
                          '  +1 for each Big item worth 500 or more you carry }\n'
                          'monster m "M" { level 8; treasures 2\n'
                          '  +1 for each item worth 500 gold or more the fighter carries\n'
                          '  bad stuff: lose 1 level }\n')


def _text(tmp_path: Path, ruleset: str, lang: str, cards: str) -> str:
    """The `munchkin text` output of a one-file pack of ``cards`` under ``ruleset``."""
    (tmp_path / "pack.munch").write_text(
        f'pack t {{ title "T"; version "1.0"; ruleset {ruleset}; languages en }}\n' + cards,
        encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "+1 for each other player who is an Elf."),
    ("en", "+1 for every 2 players who are Dwarves."),
    ("ru", "+1 за каждого другого игрока со свойством «Эльф»."),
    ("pl", "+1 za każdego innego gracza z cechą „Elf”."),
])
def test_a_count_of_players_by_what_they_are_prints_it(tmp_path: Path, lang: str,
                                                       words: str) -> None:
    """`for each other player who is an Elf` (issue 19 item 1: Skull Kettle-Drum) is a count
    of its own, not E002; `other` leaves out the owner, so a treasure may say it (no E229)."""
    assert words in _text(tmp_path, "munchkin-1.6", lang,
                          'item d "D" { value 300; bonus +1\n'
                          '  +1 for each other player who is an Elf\n'
                          '  +1 for every 2 players who are Dwarves }\n')
