"""Engine behaviour of the declared card moves (language/parts/moves.py).

`discard ...` picks its cards by what the words say (a count from the hand, a slot, the
biggest bonus, items worth a total, Big or small items...): one picker per form in
:data:`PICKERS`.  Before the ':' the same part is a cost, paid by the engine's
``_pay_costs`` (engine/core.py) from its Cost record, not here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.base.rulesets import WHOLE_SLOTS
from munchkin_dsl.engine.algebra_cards import ranked_first
from munchkin_dsl.engine.algebra_conditions import matches
from munchkin_dsl.engine.outcome import NOT_APPLIED, Outcome
from munchkin_dsl.engine.state import CardInst, Player


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
    """Each target's item worth most, among those within the line's bound (`the most
    valuable item worth 500 or more`: none worth that much, it does not apply)."""
    done = False
    bound, worth = getattr(eff, "worth_bound", None), getattr(eff, "worth", None) or 0
    for p in ctx.find(eff.target):
        items = [c for c in p.items if bound is None or (
            c.value >= worth if bound == "worth_least" else c.value <= worth)]
        if items:
            top = max(c.value for c in items)
            best = [c for c in items if c.value == top]
            pick = ctx.game.choose_item(p, best, "lose") if len(best) > 1 else best[0]
            ctx.game.lose_card(p, pick)
            done = True
    return Outcome(done)


def _discard(eff: Any, ctx: Any) -> Outcome:
    """`discard ...` after the ':': each target loses the cards the words pick (`discard
    this`: the card itself, wherever it is)."""
    if eff.what == "this":
        return Outcome(_discard_this(ctx))
    done, moved = False, 0
    for p in ctx.find(eff.target):
        picker = PICKERS.get(eff.what)  # `up to N` is a cost only (E228 after the ':')
        picked = picker(ctx, p, eff) if picker else []
        for card in picked:
            ctx.game.lose_card(p, card)
        done, moved = done or bool(picked), moved + len(picked)
    ctx.moved = moved  # a `that many` after it on the line counts these
    return Outcome(done)


def _discard_this(ctx: Any) -> bool:
    """`discard this` after the ':': the card leaves wherever it is.  A player's card in
    play goes to the discards; a monster in a fight leaves it with no kill and no treasure
    (the fight's other monsters stay; the card is discarded when the combat closes), an
    enhancer leaves its monster."""
    g, card = ctx.game, ctx.card
    if card is None:
        return False
    for m in ctx.combat.live_monsters() if ctx.combat is not None else ():
        if m.card is card:
            m.removed, m.removed_with_treasure = True, False
            g.note(f"{m.name} is discarded and leaves the fight")
            return True
        if card in m.enhancers:
            m.enhancers.remove(card)
            g.discard(card)
            g.note(f"{card.name} is discarded from {m.name}")
            return True
    holders = [p for p in (ctx.owner, *g.state.players) if p is not None]
    holder = next((p for p in holders if card in p.in_play()), None)
    if holder is None:
        return False
    g.lose_card(holder, card)
    return True


def _whole_slot(ctx: Any, slot: str | None) -> bool:
    """A curse that takes armor, headgear or footgear takes all of that kind in
    munchkins-and-mazes (seed 002 «ПРОКЛЯТИЯ»); elsewhere the victim picks one."""
    g = ctx.game
    return (slot in WHOLE_SLOTS and ctx.card is not None
            and ctx.card.kind in g.rules.curse_kinds
            and g.rules.has_line_rule("curse-takes-whole-slot"))


def _worn(ctx: Any, p: Player, eff: Any) -> list[CardInst]:
    """`discard footgear`: the piece worn there (the owner's pick), or every piece where a
    curse takes the whole slot."""
    if _whole_slot(ctx, eff.slot):
        return [c for c in p.items if c.slot_now() == eff.slot]
    worn = [c for c in p.worn_items() if c.slot_now() == eff.slot]
    return [ctx.game.choose_item(p, worn, "lose")] if worn else []


def _items_of_choice(ctx: Any, p: Player, eff: Any) -> list[CardInst]:
    """`discard 1 item of their choice` / `chosen by X`: the chooser picks one at a time;
    what they are worth is kept for a later `items worth at least that value`."""
    g = ctx.game
    picked: list[CardInst] = []
    pool = list(p.items)
    chooser = (ctx.find(eff.chooser) or [p])[0] if eff.chooser else p
    for _ in range(eff.count):
        if not pool:
            break
        pick = g.choose_item(chooser, pool, "lose" if chooser is p else "take")
        if chooser is not p:
            g.note(f"{chooser.name} picks {pick.name}")
        pool.remove(pick)
        picked.append(pick)
    ctx.last_value = sum(c.value for c in picked)
    return picked


def _choose(g: Any, p: Player, pool: list[CardInst], count: int) -> list[CardInst]:
    """``count`` cards of ``pool``, each chosen by the player who loses them."""
    pool, picked = list(pool), list[CardInst]()
    while pool and len(picked) < count:
        pick = g.choose_item(p, pool, "lose")
        pool.remove(pick)
        picked.append(pick)
    return picked


def _ranked_bonus(sign: int) -> Callable[[Any, Player, Any], list[CardInst]]:
    """`discard the item with the biggest (``sign`` 1) / smallest (-1) bonus`: the worn item
    with a bonus that ranks first (ties: the target's pick), as the card picks rank them."""
    def pick(ctx: Any, p: Player, _eff: Any) -> list[CardInst]:
        worn = [(p, c, "play") for c in p.worn_items() if c.data.bonus]
        first = [h[1] for h in ranked_first(worn, "bonus", sign)]
        return _choose(ctx.game, p, first, 1) if first else []
    return pick


def _worth_in_total(ctx: Any, p: Player, eff: Any) -> list[CardInst]:
    """Items worth at least ``worth`` together, picked one by one by their owner (the
    default policy gives the cheapest first); all of them when they are worth less."""
    value = eff.worth or 0
    pool, picked = list(p.items), list[CardInst]()
    while pool and sum(c.value for c in picked) < value:
        pick = ctx.game.choose_item(p, pool, "lose")
        pool.remove(pick)
        picked.append(pick)
    return picked


def _items_worth(ctx: Any, p: Player, _eff: Any) -> list[CardInst]:
    """The cheapest set of items (greedy, highest first) worth at least what the earlier
    discard took (``last_value``)."""
    value = ctx.last_value
    if value <= 0:
        return []
    picked, total = [], 0
    for card in sorted(p.items, key=lambda c: -c.value):
        if total >= value:
            break
        picked.append(card)
        total += card.value
    return picked if total >= value else []


def is_big(card: CardInst) -> bool:
    """A Big item (Star Munchkin: an Aggregate one), for the discard forms and item costs."""
    return bool(card.is_big() or card.data.aggregate)


#: What each form of `discard ...` takes from a player (the record's ``what``).
PICKERS: dict[str, Callable[[Any, Player, Any], list[CardInst]]] = {
    "cards": lambda _ctx, p, eff: p.hand[: eff.count],
    "hand": lambda _ctx, p, _eff: list(p.hand),
    "down_to": lambda ctx, p, eff: _choose(ctx.game, p, list(p.hand),
                                           max(0, len(p.hand) - (eff.count or 0))),
    "items_down_to": lambda ctx, p, eff: _choose(ctx.game, p, list(p.items),
                                                 max(0, len(p.items) - (eff.count or 0))),
    "worn": _worn,
    "all_worn": lambda _ctx, p, eff: [c for c in p.worn_items()
                                      if c.slot_now() == eff.slot],
    "all_big": lambda _ctx, p, _eff: [c for c in p.items if is_big(c)],
    "all_items": lambda _ctx, p, _eff: list(p.items),
    "items_of_choice": _items_of_choice,
    "items_worth_that_value": _items_worth,
    "race": lambda _ctx, p, _eff: list(p.races),
    "class": lambda _ctx, p, _eff: list(p.classes),
    "items_worth_at_least": lambda _ctx, p, eff: [c for c in p.items
                                                 if c.value >= (eff.worth or 0)],
    "small_items": lambda ctx, p, eff: _choose(ctx.game, p, [c for c in p.items
                                                             if not is_big(c)], eff.count),
    "big_items": lambda ctx, p, eff: _choose(ctx.game, p, [c for c in p.items if is_big(c)],
                                             eff.count),
    "biggest_bonus": _ranked_bonus(1),
    "smallest_bonus": _ranked_bonus(-1),
    "items_worth_total": _worth_in_total,
}


def _discard_any_drawn(_eff: Any, ctx: Any) -> Outcome:
    """`discard any of the treasures you just drew`: the owner picks how many (`A chooses
    option N`: one less each, as for `up to`) and which (the cheapest first) of the
    treasures they drew for the fight just won and still hold; ``ctx.moved`` is how many
    went, for a `that many` after it."""
    g, p = ctx.game, ctx.owner
    fight = ctx.combat
    spoils = fight.spoils.get(p.name, []) if fight is not None and p is not None else []
    held = [c for c in spoils if c in p.hand] if p is not None else []
    if not held:
        return NOT_APPLIED
    n = len(held) - g.choose_option(p, len(held))
    for card in g.policy.choose_discards(g, p, held, n, "swap"):
        p.hand.remove(card)
        g.discard(card)
        g.note(f"{p.name} discards {card.name}")
        ctx.moved += 1
    return Outcome(ctx.moved > 0)


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Any], Outcome]] = {
    "discard": _discard,
    "discard_any_drawn": _discard_any_drawn,
    "discard_in_play": _discard_in_play,
    "discard_most_valuable": _discard_most_valuable,
}
