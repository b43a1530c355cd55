"""Engine behaviour of the declared card moves (language/parts/moves.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine.algebra_conditions import matches
from munchkin_dsl.engine.outcome import Outcome


def _discard_in_play(eff: Any, ctx: Any) -> Outcome:
    done = False
    for p in ctx.find(eff.target):
        cards = [c for c in p.in_play() if matches(c, eff.what)]
        if cards:
            pick = ctx.game.choose_item(p, cards, "lose") if len(cards) > 1 else cards[0]
            ctx.game.lose_card(p, pick)
            done = True
    return Outcome(done)


def _discard_most_valuable(eff: Any, ctx: Any) -> Outcome:
    done = False
    for p in ctx.find(eff.target):
        if p.items:
            top = max(c.value for c in p.items)
            best = [c for c in p.items if c.value == top]
            pick = ctx.game.choose_item(p, best, "lose") if len(best) > 1 else best[0]
            ctx.game.lose_card(p, pick)
            done = True
    return Outcome(done)


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Any], Outcome]] = {
    "discard_in_play": _discard_in_play,
    "discard_most_valuable": _discard_most_valuable,
}
