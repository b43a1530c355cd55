"""Cards in play that replace their owner's face-up draw (`instead of drawing face up`).

Resurrection (CORPUS-2.md C114): instead of kicking open the door, discard a card and
take the top card of the door discard pile.  The line is a "may": the Policy is asked
(`use_line`; a bot looks at the card the line would take, `offered`) and the door phase
then draws nothing.  Asking matters: a player who always used it would never meet a
monster again (bot games of the classic-ru pack stalled at the turn cap that way).  Kept
apart from game.py so kicking open the door asks one question.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.engine.effects_apply import run_ability
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, Player

if TYPE_CHECKING:
    from munchkin_dsl.engine.interface import GameLike as Game  # the protocol: no cycle

TIMING = "instead_of_face_up"


def offered(game: Game, ab: fx.Ability) -> CardInst | None:
    """The card ``ab`` would take from a discard pile if used now (before its cost is
    paid: the cost's cards go under it), or None."""
    for eff in ab.effects:
        if eff.kind == "take_from_discards":
            found: Any = eff  # a record generated from its part class
            deck, card_kind = found.deck, found.card_kind
            pile = game.state.discards.get(deck, [])
            return next((c for c in reversed(pile)
                         if card_kind is None or c.kind == card_kind), None)
    return None


def replaced(game: Game, player: Player) -> bool:
    """Fire the first `instead of drawing face up` line of ``player``'s cards in play that
    can be paid for and that the player chooses to use; True when one fired (the face-up
    draw does not happen)."""
    for card in list(player.in_play()):
        for ab in card.data.abilities:
            if ab.timing != TIMING or not game.can_pay(player, ab, card):
                continue
            if not game.policy.use_line(game, player, card, ab):
                continue
            ctx = Ctx(game, card, player, victim=player, timing=TIMING)
            piles = game.state.discards
            before = {deck: len(pile) for deck, pile in piles.items()}
            paid = game._pay_costs(player, ab, card, None) if ab.costs else 1
            if paid is None:
                continue
            # the cost's cards go under what the line takes: the top discard is the one
            # that was there before ("discard a card and take the top card")
            fresh = {deck: pile[before.get(deck, 0):] for deck, pile in piles.items()}
            for deck in fresh:
                del piles[deck][before.get(deck, 0):]
            ctx.count = paid
            fired = run_ability(ctx, dataclasses.replace(ab, costs=())).applied
            for deck, cards in fresh.items():
                piles[deck].extend(cards)
            if fired:
                game.note(f"{player.name} uses {ab.label or card.name} instead of kicking "
                          "open the door")
                game.replaced_draw = True
                return True
    return False
