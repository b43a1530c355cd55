"""Engine bookkeeping: a card named twice is refused, and the invariant checker sees every seat.

Smallest reproducers of issue 8: ``sells chainsaw, chainsaw, chainsaw`` paid three times
for one card and left it in two places; the checker looked at attached items of the last
player only, and only after a reward.  The checker is itself tested by breaking each
invariant on each seat of a table.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.engine.game import EngineError, Game
from munchkin_dsl.engine.invariants import InvariantBroken, check

SEATS = ("A", "B", "C", "D")


@cache
def sample() -> EngineData:
    data = compile_packs(["packs/munchkin-1.6"]).data
    assert data is not None
    return data


def table() -> Game:
    return Game(sample(), list(SEATS), seed=1, debug=True, deal=False)


def test_selling_one_card_three_times_is_refused_and_changes_nothing() -> None:
    g = table()
    a = g.state.players[0]
    a.hand.append(saw := g.new_card("chainsaw"))
    with pytest.raises(EngineError, match="named twice"):
        g.sell(a, [saw, saw, saw])
    assert a.level == 1 and a.hand == [saw] and not check(g)
    assert all(saw not in pile for pile in g.state.discards.values())


def test_trading_one_item_twice_is_refused() -> None:
    g = table()
    a, b = g.state.players[:2]
    g.put_in_play(a, saw := g.new_card("chainsaw"))
    with pytest.raises(EngineError, match="named twice"):
        g.trade(a, [saw, saw], b)
    assert a.items == [saw] and b.items == [] and not check(g)


def test_discarding_one_card_twice_for_a_cost_is_refused() -> None:
    g = table()
    a = g.state.players[0]
    g.put_in_play(a, cleric := g.new_card("cleric"))
    a.hand.append(elf := g.new_card("elf"))
    g.start_combat(a, g.new_card("wannabe-vampire"))
    turning = next(ab for ab in cleric.data.abilities if ab.label == "Turning")
    with pytest.raises(EngineError, match="named twice"):
        g.use(a, cleric, turning, discards=[elf, elf])
    assert a.hand == [elf]


def test_scenario_sells_the_same_card_twice_is_a_refusal(tmp_path) -> None:
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.scenarios.runner import run_file

    scn = tmp_path / "s.scn"
    scn.write_text("scenario: double sale\nplayer A: level 1, hand chainsaw\n"
                   "expect refused: A sells chainsaw, chainsaw, chainsaw\nexpect A level 1\n",
                   encoding="utf-8")
    sink = DiagnosticSink()
    [result] = run_file(scn, sample(), sink)
    assert result.passed, result.failures


# ---------------------------------------------------------------- the checker itself
def _break_level(g: Game, seat: int) -> str:
    g.state.players[seat].level = 0
    return "below level 1"


def _break_attachment(g: Game, seat: int) -> str:
    p, other = g.state.players[seat], g.state.players[(seat + 1) % len(SEATS)]
    other.items.append(saw := g.new_card("chainsaw"))
    enhancer = g.new_card("chainsaw")
    enhancer.attached_to = saw
    p.others.append(enhancer)
    return "is attached to an item"


def _break_two_places(g: Game, seat: int) -> str:
    p = g.state.players[seat]
    card = next(iter(g.state.decks.values()))[0]
    p.hand.append(card)
    return "is in two places"


def _break_win(g: Game, seat: int) -> str:
    p = g.state.players[seat]
    p.level, p.last_gain = g.rules.win_level, "sell"
    return "not by a kill"


@pytest.mark.parametrize("breaker", [_break_level, _break_attachment, _break_two_places,
                                     _break_win])
@pytest.mark.parametrize("seat", range(len(SEATS)))
def test_checker_finds_a_broken_state_on_every_seat(breaker, seat: int) -> None:
    g = Game(sample(), list(SEATS), seed=1, debug=True, deal=True, deck_copies=1)
    assert check(g) == []
    expected = breaker(g, seat)
    problems = check(g)
    assert any(expected in p and SEATS[seat] in p for p in problems) or (
        expected == "is in two places" and any(expected in p and f"{SEATS[seat]}'s hand" in p
                                               for p in problems)), problems


def test_checker_runs_after_every_action_not_only_after_rewards() -> None:
    g = table()
    a, b = g.state.players[:2]
    b.level = 0  # broken by a bug elsewhere; the next action of anyone must notice
    with pytest.raises(InvariantBroken, match="B is below level 1"):
        g.put_in_play(a, g.new_card("chainsaw"))


def test_once_per_turn_is_free_again_next_turn(tmp_path: Path) -> None:
    """One budget for every frequency (state.frequency_budget): a once-per-turn ability was
    counted in a set never cleared, so it acted as once per game."""
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'race r "R" {\n  "Nap": outside combat, once per turn, discard 1 card: you gain 1 '
        'level\n}\n', encoding="utf-8")
    data = compile_packs([tmp_path]).data
    assert data is not None
    g = Game(data, ["A", "B"], deal=False, deck_copies=3)
    a = g.state.players[0]
    race = g.new_card("r")
    a.races.append(race)
    a.hand += [g.new_card("r") for _ in range(3)]
    nap = race.data.abilities[0]
    g.start_turn(a)
    g.use(a, race, nap)
    with pytest.raises(EngineError, match="already used"):
        g.use(a, race, nap)
    g.start_turn(g.state.players[1])
    g.start_turn(a)
    g.use(a, race, nap)
    assert a.level == 3


def test_the_engine_memos_of_card_data_are_bounded() -> None:
    """Three per-card-data memos of the engine (passive lines, limits, a bot's view) kept
    every card data alive for the life of the process: the long fuzz run of `replay`
    grew by about 6 KiB an input.  A full memo starts again."""
    from munchkin_dsl.engine import card_memo

    memo: card_memo.CardMemo[int] = card_memo.CardMemo()
    calls: list[object] = []
    kept = [object() for _ in range(card_memo.MAX_ENTRIES + 10)]
    first = kept[0]
    assert memo.get(first, lambda d: calls.append(d) or 1) == 1
    assert memo.get(first, lambda d: calls.append(d) or 2) == 1 and len(calls) == 1
    for data in kept[1:]:
        memo.get(data, lambda d: 0)
    assert len(memo) <= card_memo.MAX_ENTRIES
