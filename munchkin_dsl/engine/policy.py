"""Who decides: the :class:`Policy` a game asks for every choice a player makes, and the
deterministic :class:`DefaultPolicy`.

Apart from the actions because it is the one interface a decider implements (the bots of a
simulation, the author's script in a scenario): every choice (which card to lose, whom to
target, what to discard, whom to loot) goes through it, never a rule of thumb inside an
action.  The :class:`Policy` protocol itself is declared in :mod:`.interface`, beside the
game it is handed (this module re-exports it).
"""

from __future__ import annotations

from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.engine.interface import Ctx, Policy
from munchkin_dsl.engine.interface import GameLike as Game  # the protocol: policies sit below
from munchkin_dsl.engine.state import CardInst, Player

__all__ = ["DefaultPolicy", "Policy"]


class DefaultPolicy:
    """Deterministic choices: the cheapest item to lose, the leader as a target, 'yes'."""

    def helper_escapes_too(self, _game: Game, _owner: Player, _helper: Player) -> bool:
        """A Sidekick's owner escapes every monster: does the helper escape too, or roll?
        (seed 003 «Напарники»).  By default the owner takes the helper along."""
        return True

    def use_line(self, _game: Game, _player: Player, _card: CardInst, _ab: fx.Ability) -> bool:
        """A line its owner may use or not, asked as the engine's flow reaches it: every line
        with a cost (paying is always a choice: Paranoid Gnome's "you may discard a card",
        CORPUS-2.md C133) and every `instead of drawing face up` line (Resurrection, C114,
        asked rather than kicking open the door).  By default: yes, when it can be paid."""
        return True

    def choose_item(self, _game: Game, _player: Player, items: list[CardInst],
                    why: str) -> CardInst:
        """``why``: "lose" (the weakest goes), "take" (a thief takes the most valuable),
        "cancel" (the latest curse is lifted), "attach" (the item an enhancer suits best),
        "top" (the card put back on top of a deck next)."""
        if why == "take":
            return max(items, key=lambda c: c.value)
        if why == "cancel":
            return items[-1]
        if why == "top":  # arranging a deck: the weakest card to come next
            return min(items, key=lambda c: (c.data.level or 0, c.data.bonus or 0, c.uid))
        if why == "attach":
            return max(items, key=lambda c: (c.data.accepts_enhancers, c.worn,
                                             c.data.bonus or 0, -c.uid))
        return min(items, key=lambda c: (c.data.bonus or 0, c.value, c.uid))

    def choose_discards(self, _game: Game, _player: Player, pool: list[CardInst], count: int,
                        _why: str) -> list[CardInst]:
        """The cards a player gives up (a cost, charity's excess): the cheapest first."""
        return sorted(pool, key=lambda c: (c.value, c.uid))[:count]

    def choose_other(self, game: Game, owner: Player | None) -> Player:
        others = [p for p in game.state.players if p is not owner and not p.dead]
        others = others or [p for p in game.state.players if p is not owner]
        # the leader; among equals the next in turn order after the owner, so no seat is
        # everybody's target (ties by lowest seat made seat 1 the target of every Steal a
        # Level at level 1: it won 21 % of 4-player munchkin-1.6 bot games, the others 26 %)
        n = len(game.state.players)
        start = owner.seat if owner is not None else -1
        return max(others, key=lambda p: (p.level, -((p.seat - start) % n)))

    def decide_optional(self, _game: Game, _ctx: Ctx, _eff: fx.Effect) -> bool:
        return True

    def choose_option(self, _game: Game, _player: Player | None, _count: int) -> int:
        """`A, or B`: the first alternative (the engine falls back to the next one when
        the chosen one cannot apply)."""
        return 0

    def loot_pick(self, _game: Game, _player: Player, cards: list[CardInst]) -> CardInst:
        return max(cards, key=lambda c: (c.data.bonus or 0, c.value, -c.uid))

    def change_die(self, _game: Game, _holder: Player, _roller: Player | None, _purpose: str,
                   _die: int, _need: int | None) -> int | None:
        """``holder`` has a one-shot that changes a die just rolled (C121 Loaded Die):
        the face to set, or None to keep the card.  ``need`` is the face ``roller``
        needs to succeed (None: the roll has no success).  By default nobody plays it
        unless asked (bots and scripts decide)."""
        return None
