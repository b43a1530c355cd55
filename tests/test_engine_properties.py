"""Property test: bot games from random seeds never break an invariant."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.engine.simulate import play_one

PACKS = ("munchkin-1.6", "munchkin-classic-ru", "munchkins-and-mazes", "star-munchkin",
         "munchkin-apocalypse")


@cache
def cards(name: str) -> tuple[tuple[CardData, ...], str]:
    data = compile_packs([f"packs/{name}"]).data
    assert data is not None
    return data.cards, data.packs[0].rulesets[0]


@settings(max_examples=50, deadline=None)
@given(pack=st.sampled_from(PACKS), seed=st.integers(0, 2**31), players=st.integers(3, 6))
def test_random_games_keep_every_invariant(pack: str, seed: int, players: int) -> None:
    deck, ruleset = cards(pack)
    # debug=True checks level >= 1, level 10 only by a kill, no reward during a combat
    # and no card in two places after every action; a break raises AssertionError.
    result = play_one(deck, ruleset, players, (seed, 0), debug=True)
    assert result["turns"] >= 1
