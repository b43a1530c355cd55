"""An item's Big and hands changed by a card (language/parts/item_traits.py): the checker's
refusals and what the carrying rules read (engine/item_traits.py)."""

from __future__ import annotations

from conftest import HEADER, PackWriter, pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.scenarios.runner import run_file

ITEMS = ('item sword "Sword" { one hand; bonus +2; value 200 }\n'
         'item axe "Axe" { one hand; bonus +3; value 200 }\n'
         'item pike "Pike" { two hands; bonus +1; value 200 }\n'
         'item chest "Chest" { big; bonus +1; value 200 }\n'
         'monster rat "Rat" { level 1; treasures 1; bad stuff: lose 1 level }\n')


def _run(packdir: PackWriter, cards: str, scenario: str) -> list:
    packdir.write("pack.munch", HEADER + ITEMS + cards)
    result = compile_packs(["pack.munch"])
    assert result.data is not None
    return run_file(packdir.write("s.scn", scenario), result.data, DiagnosticSink())


def test_an_item_taking_no_hands_is_worn_beside_two_hands(packdir: PackWriter) -> None:
    """`attached item takes no hands`: the Pike no longer needs the hands the Sword and Axe
    fill, so all three are worn (3+2+1 over level 1); without the Fix it stays carried."""
    cards = 'item enhancer sling "Sling" { value 100; attached item takes no hands }\n'
    (ok,) = _run(packdir, cards, "scenario: sling\nplayer A: level 1, wears axe sword pike, "
                 "hand sling\nexpect A carries pike\nA plays sling with pike\n"
                 "expect A wears pike\nexpect A wears axe\nA fights rat\nexpect strength 7 vs 1\n")
    assert ok.passed, ok.failures


def test_an_item_that_becomes_big_is_shed_beside_another(packdir: PackWriter) -> None:
    """`attached item becomes big`: a second Big item is one too many, and one goes (the
    player picks: the Chest, the weaker)."""
    cards = 'item enhancer lead "Lead" { value 100; attached item becomes big }\n'
    (ok,) = _run(packdir, cards, "scenario: lead\nplayer A: level 1, wears chest sword, "
                 "hand lead\nA plays lead with sword\nexpect A has no chest\nexpect A has sword\n")
    assert ok.passed, ok.failures


def test_the_item_a_change_names_must_be_the_cards(tmp_path) -> None:  # noqa: ANN001
    """An enhancer names `attached item`, an item `this card`; anything else is E223, and a
    change to what the item already is E228."""
    assert "E223" in pack_codes('item enhancer x "X" { value 100; this card is not big }\n',
                                tmp_path)
    assert "E223" in pack_codes('item x "X" { bonus +1; value 100; attached item is not big '
                                '}\n', tmp_path)
    assert "E228" in pack_codes('item x "X" { big; bonus +1; value 100; this card is big }\n',
                                tmp_path)
    assert "E226" in pack_codes('item x "X" { bonus +1; value 100; choose one: +1 to you, '
                                'or +2 to you }\n', tmp_path)  # chosen only as attached
    assert [c for c in pack_codes('item enhancer x "X" { value 100; choose one: +2 to '
                                  'attached item, or attached item is no longer big }\n',
                                  tmp_path) if c.startswith("E")] == []


def test_a_change_under_a_condition_or_a_duration_is_refused(tmp_path) -> None:  # noqa: ANN001
    """Worked out as the items are arranged, the change would not follow a condition or a
    duration as it ends: E221, the hint giving the change alone."""
    for when in ("if you are level 3 or higher: ", "until the end of the turn: "):
        assert "E221" in pack_codes(f'item x "X" {{ two hands; bonus +1; value 100; {when}'
                                    'this card takes no hands }\n', tmp_path)
