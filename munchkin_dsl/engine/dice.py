"""Every die roll of the game, and the one-shots that change it right after (C121).

A die is rolled in several places (a run-away roll, a line's `roll N+`, a Bad Stuff
roll, the looting tie roll, the Apocalypse start-of-turn Seal roll); each goes through
:func:`offer`, so "right after any die roll" (`after any die roll: change the die to a
number you choose`, the Loaded Die) is one rule in one place: every living player, the
roller first then in turn order, who holds such a one-shot is asked through the Policy
(``change_die``) whether to play it and which face to set.  One card changes a roll: the
face it sets is final (no duelling dice, as the table would play it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from munchkin_dsl.engine.effects_apply import run_ability
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, Player

if TYPE_CHECKING:
    from munchkin_dsl.engine.interface import GameLike as Game  # the protocol: no cycle

TIMING = "after_any_die_roll"


def changers(player: Player) -> list[CardInst]:
    """The one-shots in ``player``'s hand that change a die just rolled."""
    return [c for c in player.hand if any(
        ab.timing == TIMING and any(e.kind == "choose_die" for e in ab.effects)
        for ab in c.data.abilities)]


def offer(game: Game, roller: Player | None, purpose: str, die: int,
          need: int | None = None) -> int:
    """The face ``die`` ends as, once the players holding a die-changing one-shot were
    asked.  ``purpose`` names the roll for the Policy and the trace ("run away", "roll
    4+", "looting tie", "seal"); ``need`` is the face the roller needs to succeed (None:
    no success, e.g. a tie roll)."""
    players = game.state.players
    start = players.index(roller) if roller in players else 0
    for k in range(len(players)):
        holder = players[(start + k) % len(players)]
        if holder.dead:
            continue
        for card in changers(holder):
            face = game.policy.change_die(game, holder, roller, purpose, die, need)
            if face is None or not 1 <= face <= 6:
                continue
            holder.hand.remove(card)
            game.discard(card)
            game.note(f"{holder.name} plays {card.name} on "
                      f"{roller.name + chr(39) + 's' if roller else 'the'} {purpose} roll")
            ctx = Ctx(game, card, holder, victim=roller, timing=TIMING, die=die, roll=die,
                      face=face)
            for ab in card.data.abilities:
                if ab.timing == TIMING:
                    run_ability(ctx, ab)
            return ctx.die if ctx.die is not None else die
    return die
