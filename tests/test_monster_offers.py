"""What a monster offers its fighter for a price, items as costs, and a monster's death
Bad Stuff replaced (issue 19 item 1; fifth and sixth held-out sets: Undying Warlock, Slow
Ooze, Irradiated Horde).

A monster's `may kill the monster outright` (with a cost, a condition) is an offer its
fighter takes; `instead of run away roll` on a monster is a paid escape its fighter takes
in place of the roll; `discard N items`, `N big items`, `N small items`, `your headgear`
are costs as cards are; a monster's `instead of dying` answers the death its own Bad
Stuff deals, after the victim's own cards.  tests/data/offer-cards plays them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import check_pack

CARDS = Path(__file__).resolve().parent / "data" / "offer-cards"
HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'


def _diagnostics(body: str, tmp_path: Path) -> list[tuple[str, str]]:
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [(d.code, d.hint or "") for d in sink.items if d.code.startswith("E")]


@pytest.mark.parametrize("body", [
    'monster m "M" { level 9; treasures 2; if fighter is Cleric, discard 2 cards: may kill '
    'the monster outright; bad stuff: die }\n',
    'monster m "M" { level 9; treasures 2; discard 1 big item: may kill the monster outright; '
    'bad stuff: die }\n',
    'monster m "M" { level 5; treasures 1; instead of run away roll, discard 1 item: escape '
    'every monster; bad stuff: lose 1 level }\n',
    'monster m "M" { level 10; treasures 3; instead of dying: lose 2 levels; bad stuff: die }\n',
    'item i "I" { bonus +1; value 100; in combat, discard your footgear: +3 to you }\n',
    'item i "I" { bonus +1; value 100; in combat, discard 2 items: +3 to you }\n',
    'item i "I" { bonus +1; value 100; in combat, discard 1 small item: +3 to you }\n',
    'class c "C" { in combat, discard 1 big item: kill the monster outright }\n',
    'monster m "M" { level 16; treasures 2; lose 1 level: may kill the monster outright; '
    'bad stuff: lose 2 levels }\n',
    'item i "I" { bonus +1; value 100; in combat, lose 2 levels: +5 to you }\n',
])
def test_the_offers_and_costs_check_clean(body: str, tmp_path: Path) -> None:
    assert _diagnostics(body, tmp_path) == []


@pytest.mark.parametrize(("body", "code", "hint"), [
    # a monster does not kill itself on its own: the kill is an offer
    ('monster m "M" { level 9; treasures 2; if fighter is Cleric: kill the monster outright; '
     'bad stuff: die }\n', "E202", "may kill the monster outright"),
    # items another player picks are no cost of the owner's
    ('item i "I" { bonus +1; value 100; in combat, discard 1 item chosen by the player to your '
     'left: +3 to you }\n', "E216", "`discard N items`"),
    # a monster's `instead of dying` with no death of its own to answer
    ('monster m "M" { level 9; treasures 2; instead of dying: lose 2 levels; bad stuff: lose '
     '1 level }\n', "E220", "`bad stuff: die`"),
    # a level cost is a fixed number of the owner's levels
    ('item i "I" { bonus +1; value 100; in combat, lose half your levels: +5 to you }\n',
     "E216", "`lose N levels: ...`"),
    # the offer as card text says it: the price first, then the kill or the escape
    ('monster m "M" { level 9; treasures 2; the fighter may discard 2 items to kill it; bad '
     'stuff: die }\n', "E002", "`discard 2 items: may kill the monster outright`"),
    ('monster m "M" { level 5; treasures 1; you may discard an item to escape; bad stuff: '
     'lose 1 level }\n', "E002",
     "`instead of run away roll, discard 1 item: escape every monster`"),
])
def test_what_cannot_mean_anything_is_refused_with_the_form_that_works(
        body: str, code: str, hint: str, tmp_path: Path) -> None:
    found = _diagnostics(body, tmp_path)
    assert any(c == code and hint in h for c, h in found), found


TEXTS = {
    "en": ["If the fighter is a Cleric, discard 2 cards: you may kill the monster outright.",
           "Instead of rolling to Run Away, discard 1 item: the fighter escapes every monster",
           "Instead of dying: the victim loses 2 levels.",
           "In combat, discard your headgear: +4.",
           "In combat, discard 1 small item: +3.",
           "Lose 1 level: you may kill the monster outright."],
    "ru": ["сбрось 2 карты: монстра можно сразу убить", "сбрось 1 шмотку",
           "Вместо того чтобы умереть: жертва теряет 2 уровня.", "сбрось надетый головняк",
           "сбрось 1 маленькую шмотку", "Потеряй 1 уровень: монстра можно сразу убить."],
    "pl": ["odrzuć 2 karty: potwora można od razu zabić", "odrzuć 1 przedmiot",
           "Zamiast zginąć: ofiara traci 2 poziomy.", "odrzuć noszone nakrycie głowy",
           "odrzuć 1 mały przedmiot", "Strać 1 poziom: potwora można od razu zabić."],
}


@pytest.mark.parametrize("lang", sorted(TEXTS))
def test_card_text_in_every_language(lang: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert result.exit_code == 0, result.output
    for words in TEXTS[lang]:
        assert words in result.output, (words, result.output)


def test_the_offer_cards_play_as_written() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS), "--format", "json"])
    doc = json.loads(result.output)
    assert len(doc["scenarios"]) >= 16 and all(s["passed"] for s in doc["scenarios"]), \
        result.output


def test_the_victims_card_answers_the_dying_before_the_monster() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS), "--trace", "-k", "answers the dying"])
    assert "Ankh replaces the death for A" in result.output, result.output
    assert "Horde replaces" not in result.output
