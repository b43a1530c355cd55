"""What the engine's helpers see of a game: the :class:`GameLike` protocol, the
:class:`Policy` that decides for the players, an ability's context :class:`Ctx`, and
:class:`EngineError`.

Why a module of its own, below everything that uses it: the effect table, the dice, the
invariants, the policies and the other helpers are called *by* the game's parts and call
back *into* the game (an effect kills a player, a die asks the policy).  Typed against the
concrete :class:`munchkin_dsl.engine.game.Game`, each of them imported the top of the
engine and the engine was one import cycle.  Typed against this protocol they import only
what lies below them, and the type checker still sees every call: ``Game`` satisfies
``GameLike`` (the type checker proves it where the game hands itself to a helper).
The three live together because they refer to each other (a policy decides for a ``Ctx``
of a ``GameLike`` whose ``policy`` it is).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.engine.rules import Rules
from munchkin_dsl.engine.state import CardInst, GameState, MonsterInst, Player
from munchkin_dsl.language.parts.won_fights import WIN_EVENTS


class EngineError(Exception):
    """An action the rules do not allow (a scenario reports it as a failure)."""


class GameLike(Protocol):
    """The part of a game the helpers use: its state and rules, the shared services (the
    log, the decks, choices and dice) and the actions an effect can cause."""

    state: GameState
    rules: Rules
    policy: Policy
    last_kills: int
    #: the fight just resolved (`after a kill` reads its fighter and helper)
    last_combat: Any
    replaced_draw: bool

    def note(self, text: str) -> None: ...

    def defer(self, fn: Callable[[], Any]) -> None: ...

    def discard(self, card: CardInst) -> None: ...

    def draw(self, player: Player, deck: str, n: int = 1, reward: bool = True,
             face_up: bool = False) -> list[CardInst]: ...

    def roll_die(self, player: Player | None, purpose: str = "die",
                 need: int | None = None) -> int: ...

    def choose_item(self, player: Player, items: list[CardInst], why: str) -> CardInst: ...

    def choose_other(self, owner: Player | None) -> Player: ...

    def decide_optional(self, ctx: Ctx, eff: fx.Effect) -> bool: ...

    def choose_option(self, player: Player | None, count: int) -> int: ...

    def can_pay(self, player: Player, ab: fx.Ability, card: CardInst) -> bool: ...

    def _pay_costs(self, player: Player, ab: fx.Ability, card: CardInst,
                   chosen: list[CardInst] | None) -> int | None: ...

    def add_monster(self, card: CardInst) -> MonsterInst: ...

    def attached_ignores(self, player: Player, item: CardInst, what: str) -> bool: ...

    def chains(self, player: Player) -> list[list[CardInst]]: ...

    def _extra_slots(self, player: Player) -> tuple[list[int], list[int], bool]: ...

    def equip(self, player: Player, first: CardInst | None = None) -> None: ...

    def put_in_play(self, player: Player, card: CardInst) -> None: ...

    def lose_card(self, player: Player, card: CardInst) -> None: ...

    def kill(self, player: Player, monster: MonsterInst | None = None) -> None: ...

    def open_seal(self, by: Player | None) -> bool: ...

    def close_seal(self) -> bool: ...

    def gain_levels(self, player: Player, n: int, reason: str, cap: int | None = None,
                    override: bool = False) -> int: ...

    def lose_levels(self, player: Player, n: int, source: CardInst | None = None) -> int: ...

    def end_game(self, criteria: Sequence[str]) -> None: ...


class Policy(Protocol):
    """Who decides: bots in a simulation, the author's script in a scenario."""

    def choose_item(self, game: GameLike, player: Player, items: list[CardInst],
                    why: str) -> CardInst: ...

    def choose_other(self, game: GameLike, owner: Player | None) -> Player: ...

    def decide_optional(self, game: GameLike, ctx: Ctx, eff: fx.Effect) -> bool: ...

    def choose_option(self, game: GameLike, player: Player | None, count: int) -> int: ...

    def loot_pick(self, game: GameLike, player: Player, cards: list[CardInst]) -> CardInst: ...

    def helper_escapes_too(self, game: GameLike, owner: Player, helper: Player) -> bool: ...

    def use_line(self, game: GameLike, player: Player, card: CardInst,
                 ab: fx.Ability) -> bool: ...

    def choose_discards(self, game: GameLike, player: Player, pool: list[CardInst],
                        count: int, why: str) -> list[CardInst]: ...

    def change_die(self, game: GameLike, holder: Player, roller: Player | None, purpose: str,
                   die: int, need: int | None) -> int | None: ...


#: Moments that come once a fight is closed, whose counts still read that fight (`when
#: another player runs away: ... for each level fighter has`: the fighter who ran; before,
#: no fight was read there and such counts were 0).  Only the counts: an effect there acts
#: outside any fight (a small item may be taken from the one who fought).
AFTER_A_FIGHT = frozenset({"after_kill", "when_other_kills", "next_kill_of_that_player",
                           "when_other_runs_away",
                           "when_other_escapes", "when_other_caught",
                           "when_other_bad_stuff", *WIN_EVENTS})


#: a card played from the hand right after a fight (`after a kill`, `after a win`): its
#: conditions read that fight (`if you are alone`)
AFTER_A_WIN = frozenset({"after_kill", "after_win"})


@dataclass
class Ctx:
    """Who an ability's words mean, and the choices already made for it."""

    game: GameLike
    card: CardInst | None
    owner: Player | None
    victim: Player | None = None
    target: Player | None = None
    monster: MonsterInst | None = None
    side: str | None = None  # either_side: "player" or "monster"
    count: int = 1  # cards discarded for a per-card effect
    timing: str = ""
    roll: int | None = None  # a run-away roll being modified
    rolled: int | None = None  # the die of the ability's own `roll N+`
    die: int | None = None  # the die of the run-away roll being modified
    face: int | None = None  # `change the die to a number you choose`: the face chosen
    last_value: int = 0
    extra_card: CardInst | None = None  # the monster a Wandering Monster brings in
    label: str | None = None  # the ability's printed name, for traces
    drawn: CardInst | None = None  # `the card just drawn`: the card the line's draw drew
    actor: Player | None = None  # `that player`: whom the event is about (engine/events.py)
    just: CardInst | None = None  # the card the event is about (the card just discarded)
    moved: int = 0  # `that many`: the cards the line's effect before it moved
    until: str | None = None  # the line's duration: what it leaves is taken back then
    notes: list[str] = field(default_factory=list)

    @property
    def combat(self) -> Any:  # `after a kill`, a monster's own `on kill`: the fight just won
        won = self.timing in AFTER_A_WIN or (  # (its fighter, helper)
            self.timing in ("on_kill", "when_defeated") and self.card is not None
            and self.card.kind == "monster")
        last = self.game.last_combat if won else None
        return self.game.state.combat or last

    @property
    def counted_fight(self) -> Any:
        """The fight a count of the line reads: the open one, or the one just closed at a
        moment of AFTER_A_FIGHT."""
        last = self.game.last_combat if self.timing in AFTER_A_FIGHT else None
        return self.game.state.combat or last
