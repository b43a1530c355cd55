"""Lines `check` accepted that the engine did not play, found by outside authors (issue
19 item 4, second round): an `otherwise` after an effect that found nothing, an answer to
a curse at an event where a curse is in flight, complementary conditions of one event's
lines, and a scenario's `expect refused:` of another player's kick.  Each test fails on
the code before its fix.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import PackWriter
from test_scenario_language import _pack_with

from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine import Game


# ------------------------------------------------------------ a phase is its player's own
def test_expect_refused_another_players_kick_and_loot(tmp_path: Path) -> None:
    pack = _pack_with(tmp_path, "scenario: not your turn\ndoor deck: net-troll\n"
                      "player A: level 3\nplayer B: level 3\n"
                      "expect refused: B kicks open the door\n"
                      "expect refused: B loots the room\n"
                      "A kicks open the door\nexpect strength 3 vs 10\n", siblings=())
    result = CliRunner().invoke(main, ["test", pack])
    assert result.exit_code == 0, result.output


# ------------------------------------------------------------ `otherwise` after a pick
MAZES = 'pack t { title "T"; version "1"; ruleset munchkins-and-mazes }\n'
HAND = 'hireling hand "Hired Hand" { value 200; +1 to you }\n'


def _caught(packdir: PackWriter, bad_stuff: str, hired: bool) -> tuple[int, int, bool]:
    """A (level 5, with or without a Hireling in play) is caught by a monster with
    ``bad_stuff``: (A's level, B's level, whether B, on A's left, holds the Hireling)."""
    packdir.write("pack.munch", MAZES + HAND + 'monster g "Goblin" { level 18; treasures 1; '
                  f'bad stuff: {bad_stuff} }}\n')
    result = compile_packs(["pack.munch"])
    assert result.data is not None, [str(d) for d in result.sink]
    g = Game(result.data, ["A", "B", "C"], seed=3, deal=False)
    a, b, _c = g.state.players
    a.level = b.level = 5
    if hired:
        g.put_in_play(a, g.new_card("hand"))
    g.start_combat(a, g.new_card("g"))
    g.run_away([1])
    return a.level, b.level, any(c.id == "hand" for c in b.in_play())


@pytest.mark.parametrize("bad_stuff", [
    "give a hireling victim carries to the player to your left, otherwise lose 2 levels",
    "the player to your left takes a hireling victim carries, otherwise lose 2 levels",
    "the player to your left takes an item victim carries, otherwise lose 2 levels",
    "victim discards a hireling in play, otherwise lose 2 levels",
])
def test_otherwise_after_a_pick_that_finds_nothing_hits_the_victim(
        packdir: PackWriter, bad_stuff: str) -> None:
    # before: the `otherwise` went to the player to the left (the give's recipient, the
    # take's subject), so the victim with no Hireling lost nothing
    assert _caught(packdir, bad_stuff, hired=False) == (3, 5, False)
    if "an item" in bad_stuff:  # a Hireling is no item: still nothing to take
        assert _caught(packdir, bad_stuff, hired=True) == (3, 5, False)
        return
    level, left, moved = _caught(packdir, bad_stuff, hired=True)
    assert level == 5 and left == 5 and moved == ("discards" not in bad_stuff)


def test_otherwise_in_the_third_person_keeps_the_subject(packdir: PackWriter) -> None:
    """`otherwise loses` (the third person) is the effect before it's subject, and the
    card text says so; `otherwise lose` is the line's own player (here the victim)."""
    line = "the player to your left takes a hireling victim carries, otherwise loses 2 levels"
    assert _caught(packdir, line, hired=False) == (5, 3, False)
    assert packdir.diagnostics(MAZES + HAND + 'monster g "Goblin" { level 18; treasures 1; '
                               f'bad stuff: {line} }}\n', header=None) == []
