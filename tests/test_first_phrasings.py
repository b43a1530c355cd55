"""Rules as a player prints them on a home-made card, refused with a hint that names the
form that works (data/forms.toml [[phrasing]], the parts' `misphrasings`, E221's kind
hint) or accepted as written (synonyms, grammar alternatives); each hinted form then
checks clean on the same card kind."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import HEADER, pack_codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import check_pack

#: what a card kind needs besides the line (a monster its level, an item its bonus)
STATS = {"monster": "level 4; treasures 1; bad stuff: lose 1 level; ", "item": "bonus +1; "
         "value 300; ", "one-shot": "value 200; "}


def card(kind: str, line: str, persistent: bool = False) -> str:
    return f'{kind} c "C" {{ {STATS.get(kind, "")}{"persistent; " if persistent else ""}{line} }}\n'


def hint_of(body: str, tmp_path: Path) -> tuple[list[str], str]:
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [d.code for d in sink.items], " ".join(d.hint or "" for d in sink.items)


@pytest.mark.parametrize(("kind", "line", "named", "fixed"), [
    ("class", "+2 in combat if you are alone", "in combat, if you are alone: +2 to you",
     "in combat, if you are alone: +2 to you"),
    ("monster", "+3 if fighter is level 5 or higher", "if fighter is level 5 or higher: +3",
     "if fighter is level 5 or higher: +3"),
    ("class", "if you sold items this turn: +2 in combat",
     "in combat, if you sold items this turn: +2 to you",
     "in combat, if you sold items this turn: +2 to you"),
    ("race", "+1 in combat", "in combat: +1 to you", "in combat: +1 to you"),
    ("class", "when another player gains a level, you may draw 1 door face down", "may draw",
     "when another player gains a level: may draw 1 door face down"),
    ("class", "when another player dies: draw a treasure", "draw 1 treasure",
     "when another player dies: draw 1 treasure"),
    ("class", "discard a card: -3 to monster", "discard 1 card",
     "discard 1 card: -3 to monster"),
    ("one-shot", "choose a player: that player loses 1 level", "a player of your choice",
     "a player of your choice loses 1 level"),
    ("race", "your hand limit is 7", "hand limit 7", "hand limit 7"),
    ("item", "you may carry one extra Big item", "big item limit +1", "big item limit +1"),
    ("class", "your level counts double", "double the level of you",
     "in combat: double the level of you"),
    ("class", "sell items for 800 gold per level", "", "sell items for 800 gold per level"),
    ("class", "sell any number of items for double value", "sell 5 items for double value",
     "sell 5 items for double value"),
    ("class", "at the start of each of your turns: draw 1 door face down",
     "at the start of your turn", "at the start of your turn: draw 1 door face down"),
    ("monster", "+2 per item the fighter carries", "for each item fighter carries",
     "+2 for each item fighter carries"),
    ("race", "your items count as double value when you sell them",
     "sell 5 items for double value", "sell 5 items for double value"),
])
def test_the_hint_names_a_form_that_checks(kind: str, line: str, named: str, fixed: str,
                                          tmp_path: Path) -> None:
    if named:
        codes, hint = hint_of(card(kind, line), tmp_path)
        assert "E002" in codes and f"`{named}" in hint, hint
    assert pack_codes(card(kind, fixed), tmp_path) == []


def test_two_races_on_a_door_names_persistent(tmp_path: Path) -> None:
    """The seventh set's Race Cocktail: `race limit 2` on a door is read once the door is
    `persistent`, and E221 says so (it named only races, classes and items)."""
    codes, hint = hint_of(card("door", "you may have two races"), tmp_path)
    assert codes == ["E002"] and "`race limit 2`" in hint and "persistent" in hint
    codes, hint = hint_of(card("door", "race limit 2"), tmp_path)
    assert codes == ["E221"] and "`persistent`" in hint
    assert pack_codes(card("door", "race limit 2", persistent=True), tmp_path) == []


@pytest.mark.parametrize(("kind", "line"), [
    ("item", "each time you kill a monster: draw 1 treasure"),
    ("class", "every time another player dies: draw 1 treasure"),
    ("one-shot", "for the rest of the turn: +3 to you"),
    ("one-shot", "in combat, for the rest of the combat: double the strength of you"),
    ("monster", "bad stuff: victim loses 1 level, the player on your left draws 1 treasure"),
    ("class", "when another player sells items: draw 1 treasure face down"),
])
def test_natural_phrasings_are_accepted(kind: str, line: str, tmp_path: Path) -> None:
    assert pack_codes(card(kind, line), tmp_path) == []
