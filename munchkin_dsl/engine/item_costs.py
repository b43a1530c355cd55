"""Engine side of the costs paid from play, not the hand: items (`discard 1 item: ...`,
`discard 1 big item: ...`, `discard your headgear: ...` before the ':'; language/parts/
moves.py, Cost kind ``discard_items``; `discard items worth at least 500 in total: ...`
by the gold they are worth) and levels (`lose 1 level: ...`, parts/levels.py).

The items are the owner's in play, of the pick the cost names (any, small, Big, the one
worn in a slot): the line can be used only while the owner has enough of them
(:func:`can_pay`, read by the engine's ``can_pay``; for levels, more than the cost takes),
and paying asks the owner which ones go (:func:`pick`).  Which items a pick admits is the
discard effect's own test (engine/algebra_moves.py), so a cost and the same words after
the ':' take the same items.
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.compiler.effect_base import Cost
from munchkin_dsl.engine import counters
from munchkin_dsl.engine.algebra_moves import is_big
from munchkin_dsl.engine.state import CardInst, Player

#: the Cost kind of an item cost (the discard part's ``cost_kinds``)
ITEMS = counters.ITEM_COST

#: pick -> whether an item of the owner's may pay it (worn: the slot is the cost's)
_ADMITS: dict[str, Any] = {
    "items_of_choice": lambda _card, _cost: True,
    "small_items": lambda card, _cost: not is_big(card),
    "big_items": lambda card, _cost: is_big(card),
    "worn": lambda card, cost: card.worn and card.slot_now() == cost.slot,
    "items_worth_total": lambda _card, _cost: True,
}

#: the pick of a cost by value (`discard items worth at least 500 in total:`): paid by
#: the gold the items are worth together, not by their number
_BY_VALUE = "items_worth_total"


def pool(player: Player, cost: Cost, card: CardInst | None = None) -> list[CardInst]:
    """The owner's items that may pay ``cost`` (never the card whose line it is)."""
    admits = _ADMITS[cost.pick or "items_of_choice"]
    return [c for c in player.items if c is not card and admits(c, cost)]


def can_pay(player: Player, cost: Cost, card: CardInst | None = None) -> bool:
    """The owner has the items (or, for `lose N levels:`, more than the levels) the cost
    takes (True for a cost of neither)."""
    if cost.kind == counters.LEVEL_COST:  # a cost never takes a player to level 0
        return player.level > cost.count
    if cost.kind != ITEMS:
        return True
    if cost.pick == _BY_VALUE:
        return sum(c.value for c in pool(player, cost, card)) >= (cost.worth or 0)
    return len(pool(player, cost, card)) >= max(1, cost.count)


def pay_levels(game: Any, player: Player, cost: Cost) -> bool:
    """Pay `lose N levels:` (False: a cost that is not levels).  A level paid is spent,
    not lost to an effect, so no `instead of losing a level` answers it."""
    if cost.kind != counters.LEVEL_COST:
        return False
    player.level -= cost.count
    game.note(f"{player.name} pays {cost.count} level(s), down to {player.level}")
    return True


def _offered(left: list[CardInst], picked: list[CardInst], cost: Cost) -> list[CardInst]:
    """The items offered for the next pick: by value, those that alone complete the sum when
    any does (nobody pays 1000 gold for a 500 toll by handing the cheapest first), else all."""
    if cost.pick != _BY_VALUE:
        return left
    rest = (cost.worth or 0) - sum(c.value for c in picked)
    return [c for c in left if c.value >= rest] or left


def pick(game: Any, player: Player, card: CardInst | None, cost: Cost) -> list[CardInst]:
    """The items the owner picks to pay an item cost (the engine's ``_pay_costs`` discards
    them as it discards cards paid: a cost is paid, not lost, so no `instead of losing an
    item` answers it)."""
    left, picked = pool(player, cost, card), list[CardInst]()

    def short() -> bool:  # by value: until the gold is reached; else: until the count is
        if cost.pick == _BY_VALUE:
            return sum(c.value for c in picked) < (cost.worth or 0)
        return len(picked) < max(1, cost.count)

    while left and short():
        item = game.choose_item(player, _offered(left, picked, cost), "lose")
        left.remove(item)
        picked.append(item)
    return picked
