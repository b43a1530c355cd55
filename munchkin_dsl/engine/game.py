"""The engine: every action a player can take, and the turn loop bots play.

:class:`Game` owns a :class:`GameState` and changes it only through its methods, so
the invariants (:mod:`munchkin_dsl.engine.invariants`) can be checked after every action
in debug mode.  Decisions (which item to lose, whether to use a "may" effect, whom to
loot) are asked of a *policy* object: the simulator passes bots, a scenario passes the
author's scripted choices.  All randomness comes from ``random.Random(seed)``, so the
same seed plays the same game.

The actions live by concern in layers, each a module, each layer built on the one below
and calling only itself and the layers below it (so the type checker sees every call):

========================  ==========================================================
:mod:`.core`              state and setup, the log, decks, firing abilities, costs
:mod:`.seals`             death, looting the body, the Seals
:mod:`.victory`           levels, the win check, the end of the game
:mod:`.inventory`         items, slots, Big items, equip, trade, sell, losing cards
:mod:`.fight`             combat: meeting monsters, help, winning, running away
:mod:`.play`              the per-kind play table, curses, abilities used by choice
:mod:`.turn`              the phases of a turn
========================  ==========================================================

:class:`Game` is the top of the stack and the one class the rest of the tool uses; this
module keeps exporting every name it has always exported.
"""

from __future__ import annotations

from munchkin_dsl.engine.core import PASSIVE_KINDS, EngineError, action, describe_action
from munchkin_dsl.engine.play import (
    PLAY_ROUTES,
    PLAY_TIMINGS_COMBAT,
    PLAY_TIMINGS_OUTSIDE,
    PlayArgs,
    fx_replace_optional,
)
from munchkin_dsl.engine.policy import DefaultPolicy, Policy
from munchkin_dsl.engine.turn import TurnFlow

__all__ = ["PASSIVE_KINDS", "PLAY_ROUTES", "PLAY_TIMINGS_COMBAT", "PLAY_TIMINGS_OUTSIDE",
           "DefaultPolicy", "EngineError", "Game", "PlayArgs", "Policy", "action",
           "describe_action", "fx_replace_optional"]


class Game(TurnFlow):
    """One game: state, rules, a policy for decisions, and the actions."""
