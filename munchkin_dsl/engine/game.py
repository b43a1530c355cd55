"""The engine: every action a player can take, and the turn loop bots play.

:class:`Game` owns a :class:`GameState` and changes it only through its actions, so
the invariants (:mod:`munchkin_dsl.engine.invariants`) can be checked after every action
in debug mode.  Decisions (which item to lose, whether to use a "may" effect, whom to
loot) are asked of a *policy* object: the simulator passes bots, a scenario passes the
author's scripted choices.  All randomness comes from ``random.Random(seed)``, so the
same seed plays the same game.

A game is a core and six parts, composed here (no class inherits another's actions):

========================  ==========================================================
:mod:`.core`              the core: the state and its setup, the log, decks, choices,
                          firing abilities, costs; and :class:`~.core.Part`, the base
                          of every part (it reads the core's state and services)
:mod:`.seals`             death, looting the body, the Seals
:mod:`.victory`           levels, the win check, the end of the game
:mod:`.inventory`         items, slots, Big items, equip, trade, sell, losing cards
:mod:`.fight`             combat: meeting monsters, help, winning, running away
:mod:`.play`              the per-kind play table, curses, abilities used by choice
:mod:`.turn`              the phases of a turn
========================  ==========================================================

Each part is built with the core and the parts whose actions it needs (its ``__init__``
names them: levels close a Seal, items buy levels, a fight gives levels, a card played
starts a fight or wears an item, a turn does all of these), so who calls whom is an
acyclic graph written in one place, :meth:`Game.__init__`.  The helpers a part calls
(the effect table, dice, policies, invariants...) are typed against the small protocol
:class:`~.interface.GameLike` in :mod:`.interface`, below all of them, so the engine's
import graph has no cycle.  :class:`Game` holds the core and the parts and shows the
core's state and services and the parts' actions under their old names: the one class
the rest of the tool uses; this module keeps exporting every name it has always exported.
The core knows its game only by a weak reference, so a finished game is freed at once.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from typing import Any

from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.engine.core import (
    PASSIVE_KINDS,
    GameCore,
    OfCore,
    action,
    describe_action,
)
from munchkin_dsl.engine.fight import CombatFlow
from munchkin_dsl.engine.interface import EngineError, GameLike
from munchkin_dsl.engine.inventory import Inventory
from munchkin_dsl.engine.play import (
    PLAY_ROUTES,
    PLAY_TIMINGS_COMBAT,
    PLAY_TIMINGS_OUTSIDE,
    CardPlay,
    PlayArgs,
    fx_replace_optional,
)
from munchkin_dsl.engine.policy import DefaultPolicy, Policy
from munchkin_dsl.engine.seals import DeathAndSeals
from munchkin_dsl.engine.state import Combat
from munchkin_dsl.engine.turn import TurnFlow
from munchkin_dsl.engine.victory import Victory

__all__ = ["PASSIVE_KINDS", "PLAY_ROUTES", "PLAY_TIMINGS_COMBAT", "PLAY_TIMINGS_OUTSIDE",
           "DefaultPolicy", "EngineError", "Game", "GameLike", "PlayArgs", "Policy", "action",
           "describe_action", "fx_replace_optional"]


class Game:
    """One game: the core (state, rules, a policy for decisions) and its parts' actions."""

    def __init__(self, data: EngineData | Sequence[CardData], players: Iterable[str] | int = 4,  # noqa: PLR0913, PLR0915 (the set-up options as GameCore's; the body is the typed facade, one binding per action)
                 seed: int | str | tuple[int, ...] = 0, ruleset: str | None = None,
                 policy: Policy | None = None, debug: bool = False, *, deck_copies: int = 0,
                 deal: bool = True, optional_rules: Sequence[str] = ()) -> None:
        self.core = core = GameCore(data, players, seed=seed, ruleset=ruleset, policy=policy,
                                    debug=debug, deck_copies=deck_copies, deal=deal,
                                    optional_rules=optional_rules)
        core.game_ref = weakref.ref(self)
        self.state = core.state
        self.rules = core.rules
        self.by_id = core.by_id
        self.manual_played = core.manual_played
        # the core's services, which helpers and scenarios call on the game
        self.new_card = core.new_card
        self.note = core.note
        self.event = core.event
        self.defer = core.defer
        self.deal = core.deal
        self.living = core.living
        self.draw = core.draw
        self.discard = core.discard
        self.fire = core.fire
        self.fire_table = core.fire_table
        self.victim_did = core.victim_did
        self.roll_die = core.roll_die
        self.choose_item = core.choose_item
        self.choose_other = core.choose_other
        self.decide_optional = core.decide_optional
        self.choose_option = core.choose_option
        self.can_pay = core.can_pay
        self._pay_costs = core._pay_costs
        self.seals = seals = DeathAndSeals(core)
        self.victory = victory = Victory(core, seals)
        self.inventory = inventory = Inventory(core, victory)
        self.fight = fight = CombatFlow(core, victory)
        self.card_play = play = CardPlay(core, fight, inventory)
        self.turn = turn = TurnFlow(core, fight, play, seals)
        # the actions, under the names the rest of the tool has always called
        self.kill = seals.kill
        self.open_seal = seals.open_seal
        self.close_seal = seals.close_seal
        self.gain_levels = victory.gain_levels
        self.lose_levels = victory.lose_levels
        self.check_win = victory.check_win
        self.end_game = victory.end_game
        self.lose_card = inventory.lose_card
        self.can_use = inventory.can_use
        self.attached = inventory.attached
        self.attached_ignores = inventory.attached_ignores
        self.chains = inventory.chains
        self._extra_slots = inventory._extra_slots
        self.equip = inventory.equip
        self.put_in_play = inventory.put_in_play
        self.trade = inventory.trade
        self.equip_item = inventory.equip_item
        self.unequip_item = inventory.unequip_item
        self.sell = inventory.sell
        self.discard_trait = inventory.discard_trait
        self.start_combat = fight.start_combat
        self.add_monster = fight.add_monster
        self.leave_help = fight.leave_help
        self.horde_tag = fight.horde_tag
        self.breakdown = fight.breakdown
        self.help = fight.help
        self.resolve = fight.resolve
        self.treasure_total = fight.treasure_total
        self._close_combat = fight._close_combat
        self.end_combat_without_outcome = fight.end_combat_without_outcome
        self.run_away = fight.run_away
        self.play = play.play
        self.curse = play.curse
        self.use = play.use
        self.loot_room = turn.loot_room
        self.kick_open_door = turn.kick_open_door
        self.reveal = turn.reveal
        self.listen_at_the_door = turn.listen_at_the_door
        self.charity = turn.charity
        self.end_turn = turn.end_turn
        self.start_turn = turn.start_turn
        self.play_turn = turn.play_turn

    # what the core holds and the tool reads or sets on the game (a scenario swaps the
    # policy and forces die rolls; the simulator records actions and counts cards)
    policy: OfCore[Policy] = OfCore()
    debug: OfCore[bool] = OfCore()
    card_total: OfCore[int | None] = OfCore()
    actions: OfCore[list[str] | None] = OfCore()
    forced_rolls: OfCore[list[int]] = OfCore()
    last_outcome: OfCore[str | None] = OfCore()
    last_combat: OfCore[Any] = OfCore()
    last_kills: OfCore[int] = OfCore()
    replaced_draw: OfCore[bool] = OfCore()
    seal_roll: OfCore[int | None] = OfCore()

    @property
    def combat(self) -> Combat | None:
        """The open combat, or None."""
        return self.state.combat

    @property
    def game(self) -> GameLike:
        """This game, as the helpers see it (the type checker proves here that a
        :class:`Game` is a :class:`~.interface.GameLike`)."""
        return self
