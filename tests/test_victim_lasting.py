"""What stays on a victim and reacts to the victim's events (the scouts' curse-like cards and
lasting Bad Stuff, issue 19 wave 4): each test fails on the code before its fix.

1. a monster's Bad Stuff with a duration (`bad stuff, until the end of your next turn: -1
   to run away`) is kept on its victim and read at the victim's later run-away rolls and
   fights, and only theirs (a Bad Stuff's `+3 to monster` is not every fight's);
"""

from __future__ import annotations

from conftest import PackWriter
from test_inert_lines import game, players

from munchkin_dsl.engine import Game
from munchkin_dsl.engine.state import Player


def _lose_to(g: Game, player: Player, monster: str) -> None:
    """``player`` fights ``monster`` and is caught (rolls 1): its Bad Stuff hits them."""
    g.start_combat(player, g.new_card(monster))
    g.run_away([1])


def _next_turn(g: Game) -> None:
    st = g.state
    g.start_turn(st.players[(st.current + 1) % len(st.players)])


def _roll_against_brute(g: Game, player: Player, roll: int) -> str:
    g.start_combat(player, g.new_card("brute"))
    return next(iter(g.run_away([roll]).values()))


LEECH = ('monster leech "Leech" { level 4; treasures 1; bad stuff, until the end of your '
         'next turn: -1 to run away }\n')


def test_a_bad_stuff_run_away_penalty_counts_at_the_victims_next_turn(
        packdir: PackWriter) -> None:
    """Before: "Leech counts for A until the end of their next turn", then A's roll of 5
    escaped in A's next turn (the kept `-1 to run away` is the fleeing side's on a monster,
    which no later roll read)."""
    g = game(packdir, LEECH)
    a, _b, _c = players(g)
    _lose_to(g, a, "leech")
    for _ in range(3):
        _next_turn(g)  # B's, C's, A's
    assert g.state.players[g.state.current] is a
    assert _roll_against_brute(g, a, 5) == "caught"  # 5 - 1 = 4: not enough


def test_a_bad_stuff_run_away_penalty_is_the_victims_only(packdir: PackWriter) -> None:
    g = game(packdir, LEECH)
    a, b, _c = players(g)
    _lose_to(g, a, "leech")
    _next_turn(g)
    assert _roll_against_brute(g, b, 5) == "escaped"


def test_a_bad_stuff_run_away_penalty_ends_with_the_victims_next_turn(
        packdir: PackWriter) -> None:
    g = game(packdir, LEECH)
    a, _b, _c = players(g)
    _lose_to(g, a, "leech")
    for _ in range(4):
        _next_turn(g)  # B's, C's, A's (its end ends it), B's
    assert not a.lasting
    assert _roll_against_brute(g, a, 5) == "escaped"


def test_a_bad_stuff_bonus_to_the_monster_counts_in_the_victims_fights_only(
        packdir: PackWriter) -> None:
    """Before: `bad stuff, until the end of your next turn: +3 to monster` kept on A made
    every monster at the table 3 stronger, B's too."""
    g = game(packdir, 'monster grip "Grip" { level 4; treasures 1; bad stuff, until the end '
                      'of your next turn: +3 to monster }\n')
    a, b, _c = players(g)
    _lose_to(g, a, "grip")
    _next_turn(g)
    g.start_combat(b, g.new_card("weakling"))
    assert g.breakdown().monster == 1
    g.run_away([6])
    _next_turn(g)
    _next_turn(g)
    g.start_combat(a, g.new_card("weakling"))
    assert g.breakdown().monster == 1 + 3
