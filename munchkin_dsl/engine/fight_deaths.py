"""Monsters that react to a death while they are in a fight (`when a player dies`).

A monster's lines fire once when it enters the fight and are read from the table while
it is there; a death in the middle of a fight (a Bad Stuff of another monster, a card
that kills) is an event of its own, which only the monsters and enhancers of the open
fight hear.  Kept apart from game.py so the death code there only calls one function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from munchkin_dsl.engine.effects_apply import run_ability
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import Player

if TYPE_CHECKING:
    from munchkin_dsl.engine.interface import GameLike as Game  # the protocol: no cycle

TIMING = "when_any_dies"


def fire(game: Game, dead: Player) -> None:
    """Fire every `when a player dies` line of the open fight's monsters and enhancers."""
    combat = game.state.combat
    if combat is None:
        return
    for m in combat.live_monsters():
        for card in [m.card, *m.all_enhancers()]:
            for ab in card.data.abilities:
                if ab.timing == TIMING:
                    run_ability(Ctx(game, card, None, victim=dead, target=dead, monster=m,
                                    timing=TIMING), ab)
