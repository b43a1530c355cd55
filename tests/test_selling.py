"""The terms of a sale (language/parts/selling.py, engine/selling.py): a level's price and
a bonus per item sold, on every card that stays and on a curse, read where the sale is
made; the phrasings an author writes first, accepted or named by the hint."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_scenarios_pass, pack_codes

from munchkin_dsl.base.rulesets import load_ruleset
from munchkin_dsl.compiler.effects import EFFECTS_BY_KIND, Ability, CardData
from munchkin_dsl.language.registry import misphrasing_hint
from munchkin_dsl.text.cardtext import Words, ability_text

DATA = Path(__file__).resolve().parent / "data" / "selling"


def test_selling_scenarios() -> None:
    """A class, race, item (under its condition), Hireling and curse set the terms; a card
    missing, a condition false, a curse over the class: each where it must not act."""
    assert_scenarios_pass(DATA, 11)


@pytest.mark.parametrize(("lang", "ruleset", "rate", "bonus"), [
    ("en", "munchkin-1.6", "You sell items at 800 gold pieces per level.",
     "-300 gold pieces for each item you sell."),
    ("en", "star-munchkin", "You sell items at 800 credits per level.",
     "-300 credits for each item you sell."),
    ("ru", "munchkin-1.6", "Ты продаёшь шмотки по 800 голдов за уровень.",
     "-300 голдов за каждую проданную шмотку."),
    ("pl", "munchkin-1.6", "Sprzedajesz przedmioty po 800 sztuk złota za poziom.",
     "-300 sztuk złota za każdy sprzedany przedmiot."),
])
def test_terms_print_in_the_rulesets_money(lang: str, ruleset: str, rate: str,
                                           bonus: str) -> None:
    words = Words(CardData(id="c", kind="class", deck="door", names={"en": "C"}),
                  load_ruleset(ruleset), lang)
    for effect, want in ((EFFECTS_BY_KIND["sell_rate"](gold=800), rate),
                         (EFFECTS_BY_KIND["sell_bonus"](gold=-300), bonus)):
        got = ability_text(Ability(timing="continuous", effects=(effect,)), words)
        assert got == want


@pytest.mark.parametrize(("line", "form"), [
    ("items you sell are worth 200 gold more", "+200 gold for each item you sell"),
    ("each item you sell counts 300 more", "+300 gold for each item you sell"),
    ("a level costs 800 gold", "you sell items at 800 gold per level"),
])
def test_the_hint_names_the_form_that_checks(line: str, form: str, tmp_path: Path) -> None:
    """The phrasing is refused with a hint naming the form, and the form checks clean."""
    assert pack_codes(f'class c "C" {{ {line} }}\n', tmp_path) == ["E002"]
    hint = misphrasing_hint(line)
    assert hint is not None and f"`{form}`" in hint
    assert pack_codes(f'class c "C" {{ {form} }}\n', tmp_path) == []


@pytest.mark.parametrize("when", ["once per turn", "2 uses", "discard 1 card"])
def test_terms_take_no_frequency_uses_or_cost(when: str, tmp_path: Path) -> None:
    """The terms are read at each sale, never used: a frequency, uses or a cost on them
    would never be spent (E221), as on a limit."""
    assert pack_codes(f'class c "C" {{ {when}: you sell items at 800 gold per level }}\n',
                      tmp_path) == ["E221"]
    assert pack_codes(f'race r "R" {{ {when}: +200 gold for each item you sell }}\n',
                      tmp_path) == ["E221"]
