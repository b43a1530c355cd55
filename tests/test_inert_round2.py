"""Lines `check` accepted that the engine did not play, found by outside authors (issue
19 item 4, second round): an `otherwise` after an effect that found nothing, an answer to
a curse at an event where a curse is in flight, complementary conditions of one event's
lines, and a scenario's `expect refused:` of another player's kick.  Each test fails on
the code before its fix.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from test_scenario_language import _pack_with

from munchkin_dsl.cli import main


# ------------------------------------------------------------ a phase is its player's own
def test_expect_refused_another_players_kick_and_loot(tmp_path: Path) -> None:
    pack = _pack_with(tmp_path, "scenario: not your turn\ndoor deck: net-troll\n"
                      "player A: level 3\nplayer B: level 3\n"
                      "expect refused: B kicks open the door\n"
                      "expect refused: B loots the room\n"
                      "A kicks open the door\nexpect strength 3 vs 10\n", siblings=())
    result = CliRunner().invoke(main, ["test", pack])
    assert result.exit_code == 0, result.output
