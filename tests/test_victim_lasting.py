"""What stays on a victim and reacts to the victim's events (the scouts' curse-like cards and
lasting Bad Stuff, issue 19 wave 4): each test fails on the code before its fix.

1. a monster's Bad Stuff with a duration (`bad stuff, until the end of your next turn: -1
   to run away`) is kept on its victim and read at the victim's later run-away rolls and
   fights, and only theirs (a Bad Stuff's `+3 to monster` is not every fight's);
2. a Bad Stuff's duration may end at an event of its victim (`bad stuff, until victim
   kills a monster: -1 to run away`), and the hint of a duration that ends too soon names
   the ones that are kept;
"""

from __future__ import annotations

from conftest import PackWriter, codes
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


# ---------------------------------------------------------------- 2. until the victim's event
GRUB = ('monster grub "Grub" { level 4; treasures 1; bad stuff, until victim kills a monster: '
        '-1 to run away }\n')


def test_a_bad_stuff_until_the_victims_kill_is_accepted(packdir: PackWriter) -> None:
    """Before: E221 "its `until` is not carried past it", though the engine keeps a line
    until its player's event as it keeps one until their next turn."""
    assert codes(packdir.diagnostics(GRUB)) == []


def test_a_bad_stuff_until_the_victims_kill_lasts_until_it(packdir: PackWriter) -> None:
    g = game(packdir, GRUB)
    a, _b, _c = players(g)
    _lose_to(g, a, "grub")
    for _ in range(6):
        _next_turn(g)  # two rounds: no kill yet
    assert _roll_against_brute(g, a, 5) == "caught"
    g.start_combat(a, g.new_card("weakling"))
    g.resolve()  # A kills: the penalty ends
    assert not a.lasting
    assert any("Grub no longer counts for A: A kills a monster" in x for x in g.state.log)
    assert _roll_against_brute(g, a, 5) == "escaped"


def test_a_bad_stuff_until_the_end_of_the_turn_is_told_the_durations_that_last(
        packdir: PackWriter) -> None:
    diags = packdir.diagnostics('monster m "M" { level 4; treasures 1\n  bad stuff, until '
                                'the end of the turn: -1 to run away }\n')
    assert codes(diags) == ["E221"]
    hint = diags[0].hint or ""
    assert "`bad stuff, until the end of your next turn: ...`" in hint, hint
    assert "`bad stuff, until victim kills a monster: ...`" in hint, hint
    assert "not carried past it" not in hint


def test_all_die_rolls_on_a_monster_names_the_run_away_penalty(packdir: PackWriter) -> None:
    """Before: E202 with "every kind but ... monster ... can carry it" only: the lasting
    run-away penalty that says it on a monster was not named."""
    diags = packdir.diagnostics('monster m "M" { level 4; treasures 1\n  bad stuff, until '
                                'the end of your next turn: -1 to all die rolls }\n')
    assert codes(diags) == ["E202"]
    assert "`bad stuff, until the end of your next turn: -1 to run away`" in (
        diags[0].hint or "")
