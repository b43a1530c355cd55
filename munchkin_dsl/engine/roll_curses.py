"""Curses that wait for their victim's next run-away roll (`next run away roll: ...`).

Such a curse is not bound to a combat, as `next combat` is: it stays on the victim through
any number of fights until the victim rolls to run away, acts on that one roll (its
`to run away` modifiers are read with the roll's other bonuses; `the roll fails` spoils
it whatever the die shows; any other effect happens as the die is rolled) and is then
discarded.  Kept apart from game.py so the roll code there only asks one question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from munchkin_dsl.engine.effects_apply import run_ability
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import Player

if TYPE_CHECKING:
    from munchkin_dsl.engine.interface import GameLike as Game  # the protocol: no cycle

TIMING = "next_run_away_roll"


def at_next_roll(game: Game, player: Player, roll: int) -> bool:
    """Fire and discard every curse on ``player`` waiting for this roll; True when one of
    them makes the roll fail."""
    fails = False
    for curse in [c for c in player.curses
                  if any(ab.timing == TIMING for ab in c.data.abilities)]:
        for ab in curse.data.abilities:
            if ab.timing != TIMING:
                continue
            ctx = Ctx(game, curse, None, victim=player, target=player, roll=roll,
                      timing=TIMING)
            fails = run_ability(ctx, ab).fail_roll or fails
        if curse in player.curses:  # a line of its own (`cancel a curse`) may have lifted it
            player.curses.remove(curse)
            game.discard(curse)
            game.note(f"{curse.name} on {player.name} is spent on the roll")
    return fails
