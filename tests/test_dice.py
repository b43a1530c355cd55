"""C121 Loaded Die: which die a bot changes, and to what (engine/bots.Bots.change_die).

The engine side with numbers (a holder's own roll, another player's, a `roll N+` line)
is in packs/munchkin-classic-ru/scenarios/corpus2.scn; here the bots' rule, which the
simulation relies on: only when it clearly helps, deterministically."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

from munchkin_dsl.engine.bots import Bots
from munchkin_dsl.engine.policy import DefaultPolicy


def table(*levels: int) -> tuple[Any, list[Any]]:
    players = [SimpleNamespace(name=f"P{i}", level=lv, dead=False)
               for i, lv in enumerate(levels)]
    return cast(Any, SimpleNamespace(state=SimpleNamespace(players=players))), players


@pytest.mark.parametrize(("die", "need", "face"), [(2, 5, 6), (4, 5, 6), (5, 5, None),
                                                  (3, 4, 6), (1, 7, None)])
def test_own_roll_is_changed_only_when_it_failed(die: int, need: int, face: int | None) -> None:
    game, (me, *_others) = table(3, 4)
    assert Bots().change_die(game, me, me, "run away", die, need) == face


def test_the_leaders_successful_escape_becomes_a_1() -> None:
    game, (me, leader, other) = table(3, 6, 2)
    bots = Bots()
    assert bots.change_die(game, me, leader, "run away", 5, 5) == 1
    assert bots.change_die(game, me, leader, "run away", 3, 5) is None  # fails anyway
    assert bots.change_die(game, me, other, "run away", 6, 5) is None  # not the leader
    assert bots.change_die(game, me, leader, "roll 4+", 6, 4) is None  # not a flight


def test_a_roll_without_success_is_left_alone() -> None:
    game, (me, leader) = table(3, 6)
    assert Bots().change_die(game, me, me, "looting tie", 1, None) is None
    assert Bots().change_die(game, me, leader, "Seal", 6, None) is None


def test_by_default_nobody_plays_it() -> None:
    game, (me, other) = table(3, 6)
    assert DefaultPolicy().change_die(game, me, me, "run away", 1, 5) is None
    assert DefaultPolicy().change_die(game, me, other, "run away", 6, 5) is None
