"""Immunities read from a player's table outside the strength arithmetic.

`ignore curses from the door` (Sandals of Protection) acts when a door card comes up
face up, not in a fight, so it is looked up here rather than among a combat's passive
effects; the strength-side immunity (`ignore fire bonuses`) is in
:mod:`munchkin_dsl.engine.combat`, where the breakdown is made.
"""

from __future__ import annotations

from munchkin_dsl.effects import Ignore
from munchkin_dsl.engine import combat as cb
from munchkin_dsl.engine.state import CardInst, GameState, Player


def door_curse_shield(state: GameState, player: Player) -> CardInst | None:
    """The card in play that makes ``player`` ignore a curse drawn face up from the door
    deck (None: the curse lands).  A carried item does nothing, like every item bonus."""
    for card in player.in_play():
        if card.kind == "item" and not card.worn:
            continue
        for ab in card.data.abilities:
            if ab.timing != "continuous" or not cb.conditions_hold(
                    ab.conditions, cb.Scope(owner=player, victim=player), state,
                    state.combat):
                continue
            if any(isinstance(e, Ignore) and e.what == "door_curses" and e.target == "you"
                   for e in ab.effects):
                return card
    return None
