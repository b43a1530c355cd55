"""Bots spend counters in a fight (issue 19 item 1, "Duration and state": counters the
engine keeps): a `remove N counters from this: +N to you` line is used by the reference
bots the way they play other fight cards, when it turns a loss into a win, and kept
otherwise (engine/bots.py ``_spend_counters``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine import Game
from munchkin_dsl.engine.bots import Bots, fight

PACK = '''pack bot-counters { title "Bot counters"; version "1"; ruleset munchkin-1.6 }
item war-horn "War Horn" {
  bonus +1; value 300
  "Blast": in combat, remove 2 counters from this: +5 to you
}
item lucky-coin "Lucky Coin" {
  bonus +1; value 300
  "Flip": in combat, remove a counter from this: roll a die: on 1 to 3 -2 to you, on 4 to 6 \
+6 to you
}
monster ogre "Ogre" { level 8; treasures 2; bad stuff: lose 1 level }
monster rat "Rat" { level 1; treasures 1; bad stuff: lose 1 level }
'''


def _game(tmp_path: Path, item: str, counters: int) -> Game:
    (tmp_path / "pack.munch").write_text(PACK, encoding="utf-8")
    data = compile_packs([str(tmp_path)]).data
    assert data is not None
    g = Game(data, ["A", "B"], seed=3, debug=True, deal=False, policy=Bots())
    a = g.state.player("A")
    a.level = 3
    card = g.new_card(item)
    g.put_in_play(a, card)
    card.counters = counters
    return g


def _fight(g: Game, monster: str) -> tuple[int, int]:
    a = g.state.player("A")
    fight(g, a, g.new_card(monster))
    [card] = a.items
    return a.level, card.counters


def test_a_bot_spends_counters_to_win_a_fight_it_would_lose(tmp_path: Path) -> None:
    # level 3 +1 against 8: the Blast's +5 makes it 9 against 8
    g = _game(tmp_path, "war-horn", 2)
    assert _fight(g, "ogre") == (4, 0)


def test_a_bot_keeps_its_counters_in_a_fight_it_wins_anyway(tmp_path: Path) -> None:
    g = _game(tmp_path, "war-horn", 2)
    assert _fight(g, "rat") == (4, 2)


@pytest.mark.parametrize("counters", [0, 1])
def test_a_bot_that_cannot_pay_does_not_use_the_line(tmp_path: Path, counters: int) -> None:
    g = _game(tmp_path, "war-horn", counters)
    level, left = _fight(g, "ogre")
    assert level <= 3 and left == counters  # lost or ran away, the counters untouched


def test_a_bot_does_not_gamble_counters_on_a_roll(tmp_path: Path) -> None:
    g = _game(tmp_path, "lucky-coin", 1)
    assert _fight(g, "ogre")[1] == 1
