"""The effect handlers that bring cards into a hand: drawing, from a deck or the discards
(discarding is a declared part: engine/algebra_moves.py).

A family of rows of the effect table (:data:`HANDLERS`, gathered into
:data:`munchkin_dsl.engine.effects_apply.APPLY`), with the pickers it alone uses.
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.engine.effects_targets import targets
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.outcome import Behaviour, Outcome, applied
from munchkin_dsl.engine.state import Player


def _draw(eff: Any, ctx: Ctx) -> Outcome:
    hit = targets(ctx, eff.target)
    if eff.from_discards:
        return applied(_from_discards(eff, ctx, hit))
    if ctx.combat is not None and eff.deck == "treasure":
        ctx.game.defer(lambda: [ctx.game.draw(p, eff.deck, eff.count, reward=True)
                                for p in hit])
        return applied(hit)
    drew = [c for p in hit
            for c in ctx.game.draw(p, eff.deck, eff.count, reward=eff.deck == "treasure")]
    return applied(drew)  # the deck and its discards empty: nothing (`otherwise` applies)


def _draw_to_hand(eff: Any, ctx: Ctx) -> Outcome:
    """`draw treasures until you have 5 cards in hand`: each target draws the difference
    (none when the hand holds that many already: `otherwise` applies)."""
    drew = [c for p in targets(ctx, eff.target) if len(p.hand) < eff.count
            for c in ctx.game.draw(p, eff.deck, eff.count - len(p.hand),
                                   reward=eff.deck == "treasure")]
    return applied(drew)


def _from_discards(eff: Any, ctx: Ctx, hit: list[Player]) -> bool:
    """`draw N DECK from the discard pile`: the top (last discarded) cards, into the hand."""
    pile = ctx.game.state.discards.setdefault(eff.deck, [])
    took = False
    for p in hit:
        for _ in range(eff.count):
            if not pile:
                break
            card = pile.pop()
            p.hand.append(card)
            took = True
            ctx.game.note(f"{p.name} takes {card.name} from the {eff.deck} discards")
    return took


#: the rows of the effect table (:data:`munchkin_dsl.engine.effects_apply.APPLY`) this
#: module handles
HANDLERS: dict[str, Behaviour] = {
    "draw": _draw,
    "draw_to_hand": _draw_to_hand,
}
