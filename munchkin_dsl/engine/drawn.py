"""Engine side of the draw events (language/parts/drawn.py): a card in play reacts to
each card its owner draws, and names it `the card just drawn`.

The engine's draw calls :func:`react` once the cards are in the hand; each card drawn
fires the owner's `when you draw a ...` lines with that card as the line's own draw
marker (``Ctx.drawn``, read by the card selector and the `if the card just drawn is ...`
test), so a line fired for the second of two treasures never sees the first.  A treasure
won in a fight is drawn when the fight ends (fixed rule 3), and the line fires then, with
the card it drew.  A draw made while the reactions run does not fire them again (a `when
you draw a treasure: draw 1 treasure` card draws one more, not the deck).
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.engine import instead
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, Player
from munchkin_dsl.language.parts.drawn import TIMINGS

#: ids of the game states whose draw reactions are running now
_RUNNING: set[int] = set()


def react(game: Any, player: Player, deck: str, cards: list[CardInst]) -> None:
    """``player`` drew ``cards`` from ``deck`` into the hand: fire the player's draw lines,
    once per card still in the hand, the deck's event before `when you draw a card`."""
    key = id(game.state)
    if key in _RUNNING or player.dead:
        return
    _RUNNING.add(key)
    try:
        for card in cards:
            for timing in (TIMINGS.get(deck), TIMINGS[""]):
                if timing is not None and card in player.hand:
                    game.fire_table(player, timing, drawn=card)
                if timing is not None and card in player.hand:  # a one-shot played from
                    _from_hand(game, player, timing, card)  # the hand right after the draw
    finally:
        _RUNNING.discard(key)


def _from_hand(game: Any, player: Player, timing: str, drawn: CardInst) -> None:
    """A one-shot of ``player``'s hand played right after the draw of ``drawn`` (`when you
    draw a door: discard the card just drawn, ...`)."""
    instead.played_from_hand(game, player, timing,
                             lambda card: Ctx(game.game, card, player, timing=timing, drawn=drawn))
