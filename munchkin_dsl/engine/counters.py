"""Engine side of the counter parts (language/parts/counters.py): counters spent or taken
off a card.

A cost of counters (`remove a counter from this: ...`) is paid from the card the line is
on: the line can be used only while that card holds enough (:func:`can_spend`, read by
the engine's ``can_pay``), and paying takes them off (:func:`spend`).  A cost that is not
cards needs no cards in hand, which the roll and Bad Stuff answers read through
:func:`cards_needed`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.compiler.effect_base import Cost
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.outcome import Outcome
from munchkin_dsl.engine.state import CardInst

#: the Cost kind of `remove N counters from this` before the ':' (the part's kind)
SPEND = "remove_counter"
#: the Cost kind of an item cost (engine/item_costs.py), paid from play, not the hand
ITEM_COST = "discard_items"
#: the Cost kind of `lose N levels:` (engine/item_costs.py pays it too): levels, not cards
LEVEL_COST = "lose_levels"
#: the timing of `when this has N counters` (the event part's)
ADDED = "counters_added"


def can_spend(card: CardInst, cost: Cost) -> bool:
    """The card holds the counters the cost takes (True for a cost of cards)."""
    return cost.kind != SPEND or card.counters >= cost.count


def spend(game: Any, card: CardInst, cost: Cost) -> bool:
    """Pay a cost of counters (False: it is a cost of cards, paid by the caller)."""
    if cost.kind != SPEND:
        return False
    card.counters -= cost.count
    game.note(f"{card.name}: {cost.count} counter(s) removed, {card.counters} left")
    return True


def cards_needed(cost: Cost) -> int:
    """How many cards in hand a cost needs (a cost of counters or of items: none)."""
    return 0 if cost.kind in (SPEND, ITEM_COST, LEVEL_COST) else cost.count


#: (id of the game state, card uid) whose `when this has N counters` lines run now: a
#: line that puts a counter on its own card does not set itself off again
_RUNNING: set[tuple[int, int]] = set()


def added(game: Any, owner: Any, card: CardInst) -> None:
    """Counters were put on ``card``: its `when this has N counters` lines fire (each
    reads `if this has N counters`, so it acts once the card holds that many)."""
    key = (id(game.state), card.uid)
    if key in _RUNNING:
        return
    _RUNNING.add(key)
    try:
        for ab in card.data.abilities:
            if ab.timing == ADDED and card in owner.in_play():
                game.fire(owner, card, ab, Ctx(game, card, owner, timing=ADDED))
    finally:
        _RUNNING.discard(key)


def _remove(eff: Any, ctx: Any) -> Outcome:
    card, owner = ctx.card, ctx.owner
    if card is None or owner is None or card not in owner.in_play() or not card.counters:
        return Outcome(False)
    card.counters -= min(eff.count, card.counters)
    ctx.game.note(f"{card.name} now has {card.counters} counter(s)")
    return Outcome(True)


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Any], Outcome]] = {SPEND: _remove}
