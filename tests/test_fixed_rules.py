"""Fixed rules R1-R4 per ruleset: each break has its code, an explicit override passes,
and the rulesets that allow no override (star-munchkin) or any card to override
(star-munchkin's rules 2 and 3) are honoured.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import compile_packs

HEADERS = {
    "munchkin-1.6": 'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n',
    "star-munchkin": 'pack t { title "T"; version "1"; ruleset star-munchkin }\n',
    "munchkin-apocalypse": 'pack t { title "T"; version "1"; ruleset munchkin-apocalypse }\n',
}

#: rule -> (card breaking it, the code, the same card with an explicit override)
BREAKS = {
    "1": ('door c "C" { any player goes to level 0 }', "R101",
          'door c "C" { overrides rule 1 "a sample"; any player goes to level 0 }'),
    "2": ('monster m "M" { level 4; treasures 1; on escape: gain 1 level'
          '; bad stuff: lose 1 level }', "R201",
          'monster m "M" { level 4; treasures 1; overrides rule 2 "x"; on escape: gain 1 level'
          '; bad stuff: lose 1 level }'),
    "3": ('monster m "M" { level 2; treasures 1; fighter draws 1 treasure'
          '; bad stuff: lose 1 level }', "R301",
          'monster m "M" { level 2; treasures 1; overrides rule 3 "x"; '
          'fighter draws 1 treasure; bad stuff: lose 1 level }'),
    "4": ('door d "D" { on reveal: you go to level 10 }', "R401",
          'door d "D" { overrides rule 4 "may give the winning level"; '
          'on reveal: you go to level 10 }'),
}


def _compile(tmp_path: Path, ruleset: str, card: str):
    (tmp_path / "pack.munch").write_text(HEADERS[ruleset] + card + "\n", encoding="utf-8")
    sink = DiagnosticSink()
    result = compile_packs([tmp_path / "pack.munch"], sink)
    return result, [(d.code, d.severity.value) for d in sink.items]


@pytest.mark.parametrize("rule", sorted(BREAKS))
@pytest.mark.parametrize("ruleset", ["munchkin-1.6", "munchkin-apocalypse"])
def test_break_is_an_error_and_override_passes(tmp_path: Path, rule: str, ruleset: str) -> None:
    bad, code, overridden = BREAKS[rule]
    result, found = _compile(tmp_path, ruleset, bad)
    assert (code, "error") in found
    assert result.data is None
    result, found = _compile(tmp_path, ruleset, overridden)
    assert found == [] and result.data is not None


def test_messages_quote_the_rule_and_its_source(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(HEADERS["munchkin-1.6"] + BREAKS["2"][0] + "\n",
                                         encoding="utf-8")
    sink = DiagnosticSink()
    compile_packs([tmp_path / "pack.munch"], sink)
    (diag,) = sink.items
    assert "“You go up a level after combat only if you kill a monster.”" in diag.message
    assert "seeds/000_2feb673ef6db30b2.txt" in diag.message
    assert diag.hint is not None and '`overrides rule 2 "why"`' in diag.hint


def test_star_munchkin_allows_no_override_of_rule_4(tmp_path: Path) -> None:
    result, found = _compile(tmp_path, "star-munchkin", BREAKS["4"][2])
    assert ("R411", "error") in found and ("R401", "error") in found
    assert result.data is None


def test_star_munchkin_lets_any_card_break_rule_2_with_a_warning(tmp_path: Path) -> None:
    result, found = _compile(tmp_path, "star-munchkin", BREAKS["2"][0])
    assert found == [("R201", "warning")]
    assert result.data is not None


def test_star_munchkin_zero_strength_is_only_a_star_rule(tmp_path: Path) -> None:
    card = 'monster m "M" { level 2; treasures 1; -5 against Feline; bad stuff: lose 1 level }'
    _, found = _compile(tmp_path, "star-munchkin", card)
    assert ("R102", "error") in found
    _, found = _compile(tmp_path, "munchkin-1.6", card.replace("Feline", "Elf"))
    assert found == []


def _gain_to(tmp_path: Path, card: str, level: int, optional: tuple[str, ...] = ()) -> int:
    """The level a player of ``level`` reaches by playing the card's first ability."""
    from munchkin_dsl.engine import Game

    result, found = _compile(tmp_path, "munchkin-1.6", card)
    assert result.data is not None, found
    g = Game(result.data, ["A", "B"], seed=1, deal=False, optional_rules=optional)
    a = g.state.player("A")
    a.level = level
    g.state.current = 0
    card_inst = g.new_card(result.data.cards[0].id)
    a.hand.append(card_inst)
    g.play(a, card_inst)
    return a.level


def test_the_engine_decides_the_winning_level_cap(tmp_path: Path) -> None:
    go_up = 'treasure g "Go Up" { any time: gain 1 level }'
    assert _gain_to(tmp_path, go_up, 8) == 9
    assert _gain_to(tmp_path, go_up, 9) == 9  # fixed rule 4: not the winning level
    # the Epic rule plays to 20, so a level-12 player still goes up
    assert _gain_to(tmp_path, go_up, 12, ("epic",)) == 13
    assert _gain_to(tmp_path, go_up, 19, ("epic",)) == 19
    divine = 'treasure d "Divine" { overrides rule 4 "may give the winning level"; gain 1 level }'
    assert _gain_to(tmp_path, divine, 9) == 10


def test_override_of_an_unbroken_rule_is_a_warning(tmp_path: Path) -> None:
    result, found = _compile(tmp_path, "munchkin-1.6",
                             'door d "D" { overrides rule 3 "x"; on reveal: draw 1 door }')
    assert found == [("W410", "warning")]
    assert result.data is not None


@pytest.mark.parametrize(("card", "breaks"), [
    ('class c "C" { in combat: you gain 1 level }', False),  # a level card: no reward
    ('treasure t "T" { any time: any player gains 1 level }', False),
    ('monster m "M" { level 2; treasures 1; in combat: fighter gains 1 level'
     '; bad stuff: lose 1 level }', True),
    ('class c "C" { in combat: you draw 1 treasure }', True),  # treasure is the fight's
])
def test_r3_is_about_what_the_fight_gives_not_level_cards(tmp_path: Path, card: str,
                                                          breaks: bool) -> None:
    """Issue 12: a level card changes the fight at once (seed 002 «КОГДА ЧТО МОЖНО», "даже
    в бою"); R301 is for treasure and a monster's own levels granted mid-fight."""
    _result, found = _compile(tmp_path, "munchkin-1.6", card)
    assert (("R301", "error") in found) == breaks, found
