"""Every numeric effect's number takes the amount forms (issue 19, family E: "counts after
any numeric effect"; second held-out set, card 143 Dragon's Hoard Tax).

`victim discards 1 card for every 2 items you have in play`, `discard 1 item of their
choice for each ...`, `steal 1 level from X for every 2 ...`, `take 1 card at random from
X for each ...`, `put a marker on X for each ...`: one amount part (the grammar's `per` and
``amount_post``), worked out in one place (engine/amounts.py).  Parsed, refused where the
form has no number or is a cost, printed in en/ru/pl with agreement, and played
(tests/data/effect-amounts)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs

CARDS = Path(__file__).resolve().parent / "data" / "effect-amounts"


def test_the_counted_numbers_compile_to_their_count() -> None:
    result = compile_packs([str(CARDS)])
    assert result.data is not None
    by_id = {c.id: c.abilities[0].effects[0] for c in result.data.cards if c.abilities}
    tax = by_id["hoard-tax"]
    assert (tax.kind, tax.count, tax.per, tax.for_each, tax.for_every) == (
        "discard", 1, "each", "items", 2)
    assert (by_id["item-tithe"].what, by_id["item-tithe"].at_most) == ("items_of_choice", 2)
    assert (by_id["level-leech"].kind, by_id["level-leech"].for_every) == ("steal_level", 2)
    assert (by_id["pickpockets"].kind, by_id["pickpockets"].at_least) == ("take", 1)
    assert (by_id["branding"].kind, by_id["branding"].for_each) == ("add_marker", "items")
    assert by_id["toll"].kind == "discard"  # its draw: `that many`, the cards discarded
    toll = next(c for c in result.data.cards if c.id == "toll").abilities[0].effects[1]
    assert (toll.kind, toll.that_many) == ("draw", True)


def test_the_counted_numbers_play() -> None:
    """Each scenario fails if the count did nothing (the number alone would be 1)."""
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "11 passed, 0 failed" in result.output


@pytest.mark.parametrize(("line", "code"), [
    # a form with no number: nothing for the count to multiply
    ("victim discards whole hand for each item you have in play", "E229"),
    ("victim discards race for every 2 items you have in play", "E229"),
    # a cap on a number nothing counts
    ("victim discards 2 cards up to 1", "E229"),
])
def test_a_count_with_no_number_to_multiply_is_refused(line: str, code: str,
                                                       tmp_path: Path) -> None:
    assert code in pack_codes(f'curse x "X" {{ {line} }}\n', tmp_path)


def test_a_counted_cost_is_refused_with_the_form_that_works(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'one-shot x "X" { value 100; any time, discard 1 card for each item you have in play: '
        'gain 1 level }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code != 0
    assert "E216" in result.output and "put the counted discard after the ':'" in result.output


@pytest.mark.parametrize(("lang", "want"), [
    ("en", "Discard 1 card for every 2 items you have in play."),
    ("ru", "Сбрасываешь 1 карту за каждые 2 шмотки у тебя в игре."),
    ("pl", "Odrzucasz 1 kartę za każde 2 twoje przedmioty w grze."),
])
def test_the_count_is_printed_with_agreement(lang: str, want: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert want in result.output


def test_a_count_after_a_phrase_with_no_number_names_the_phrases_that_take_one(
        tmp_path: Path) -> None:
    """The E002 hint is written from the declared parts, so it names the new ones."""
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'one-shot x "X" { value 100; any time: victim changes sex for each item you have in '
        'play }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code != 0
    assert "`discard 1 card`" in result.output and "`steal 1 level" in result.output


@pytest.mark.parametrize("line", [
    "victim loses as many levels as a die shows",
    "victim draws as many treasures as 2 dice show",
])
def test_a_rolled_number_written_as_many_as_a_die_names_the_count(line: str,
                                                                  tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        f'curse x "X" {{ {line} }}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code != 0
    assert "for each point of" in result.output
    dice = "2 dice" if "2 dice" in line else "a die"
    word = "level" if "levels" in line else "treasure"
    assert f"`1 {word} for each point of {dice}`" in " ".join(result.output.split())


def test_the_count_it_names_is_accepted(tmp_path: Path) -> None:
    assert pack_codes('curse x "X" { victim loses 1 level for each point of a die; victim '
                      'draws 1 treasure for each point of 2 dice }\n', tmp_path) == []
