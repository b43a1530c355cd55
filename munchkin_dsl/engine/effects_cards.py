"""The effect handlers that move cards out of a hand or off the table: drawing (from a deck
or the discards), and discarding by what the words pick (a whole slot, the biggest bonus,
items worth a total, Big or small items...).

A family of rows of the effect table (:data:`HANDLERS`, gathered into
:data:`munchkin_dsl.engine.effects_apply.APPLY`), with the pickers it alone uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.base.rulesets import WHOLE_SLOTS
from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.engine.effects_targets import targets
from munchkin_dsl.engine.interface import Ctx, GameLike
from munchkin_dsl.engine.outcome import Behaviour, Outcome, applied, legacy
from munchkin_dsl.engine.state import CardInst, Player


def _draw(eff: Any, ctx: Ctx) -> Outcome:
    hit = targets(ctx, eff.target)
    if eff.from_discards:
        return applied(_from_discards(eff, ctx, hit))
    if ctx.combat is not None and eff.deck == "treasure":
        ctx.game.defer(lambda: [ctx.game.draw(p, eff.deck, eff.count, reward=True)
                                for p in hit])
        return applied(hit)
    for p in hit:
        ctx.game.draw(p, eff.deck, eff.count, reward=eff.deck == "treasure")
    return applied(hit)


def _whole_slot(ctx: Ctx, slot: str | None) -> bool:
    """A curse that takes armor, headgear or footgear takes all of that kind in
    munchkins-and-mazes (seed 002 «ПРОКЛЯТИЯ»); elsewhere the victim picks one."""
    g = ctx.game
    return (slot in WHOLE_SLOTS and ctx.card is not None
            and ctx.card.kind in g.rules.curse_kinds
            and g.rules.has_line_rule("curse-takes-whole-slot"))


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


def _discard_this(ctx: Ctx) -> bool:
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


def _discard(eff: fx.Discard, ctx: Ctx) -> bool:
    if eff.what == "this":
        return _discard_this(ctx)
    return _discard_picked(eff, ctx)


def _discard_picked(eff: fx.Discard, ctx: Ctx) -> bool:
    """Each target loses the cards the words pick (a slot, a count, a value...)."""
    g = ctx.game
    done = False
    for p in targets(ctx, eff.target):
        if eff.what == "cards":
            picked = p.hand[: eff.count]
        elif eff.what == "hand":
            picked = list(p.hand)
        elif eff.what == "worn" and _whole_slot(ctx, eff.slot):
            picked = [c for c in p.items if _slot_word(c) == eff.slot]
        elif eff.what == "worn":
            worn = [c for c in p.worn_items() if _slot_word(c) == eff.slot]
            picked = [g.choose_item(p, worn, "lose")] if worn else []
        elif eff.what == "all_worn":
            picked = [c for c in p.worn_items() if _slot_word(c) == eff.slot]
        elif eff.what == "all_big":
            picked = [c for c in p.items if c.data.big or c.data.aggregate]
        elif eff.what == "items_of_choice":
            picked = []
            pool = list(p.items)
            chooser = (targets(ctx, eff.chooser) or [p])[0] if eff.chooser else p
            for _ in range(eff.count):
                if not pool:
                    break
                pick = g.choose_item(chooser, pool, "lose" if chooser is p else "take")
                if chooser is not p:
                    g.note(f"{chooser.name} picks {pick.name}")
                pool.remove(pick)
                picked.append(pick)
            ctx.last_value = sum(c.value for c in picked)
        elif eff.what == "items_worth_that_value":
            picked = _items_worth(p, ctx.last_value)
        elif eff.what in PICKED_BY_PROPERTY:
            picked = PICKED_BY_PROPERTY[eff.what](g, p, eff)
        else:
            picked = []
        for card in picked:
            g.lose_card(p, card)
        done = done or bool(picked)
    return done


def _choose(g: GameLike, p: Player, pool: list[CardInst], count: int) -> list[CardInst]:
    """``count`` cards of ``pool``, each chosen by the player who loses them."""
    pool, picked = list(pool), list[CardInst]()
    while pool and len(picked) < count:
        pick = g.choose_item(p, pool, "lose")
        pool.remove(pick)
        picked.append(pick)
    return picked


def _biggest_bonus(g: GameLike, p: Player, _eff: fx.Discard) -> list[CardInst]:
    worn = [c for c in p.worn_items() if c.data.bonus]
    if not worn:
        return []
    top = max(c.data.bonus or 0 for c in worn)
    return _choose(g, p, [c for c in worn if c.data.bonus == top], 1)  # ties: their choice


def _worth_in_total(g: GameLike, p: Player, value: int) -> list[CardInst]:
    """Items worth at least ``value`` together, picked one by one by their owner (the
    default policy gives the cheapest first); all of them when they are worth less."""
    pool, picked = list(p.items), list[CardInst]()
    while pool and sum(c.value for c in picked) < value:
        pick = g.choose_item(p, pool, "lose")
        pool.remove(pick)
        picked.append(pick)
    return picked


def _is_big(card: CardInst) -> bool:
    return bool(card.data.big or card.data.aggregate)


#: Discards that pick items (or race/class cards) by a property, not by slot.
PICKED_BY_PROPERTY: dict[str, Callable[[GameLike, Player, fx.Discard], list[CardInst]]] = {
    "race": lambda _g, p, _eff: list(p.races),
    "class": lambda _g, p, _eff: list(p.classes),
    "items_worth_at_least": lambda _g, p, eff: [c for c in p.items
                                               if c.value >= (eff.worth or 0)],
    "small_items": lambda g, p, eff: _choose(g, p, [c for c in p.items if not _is_big(c)],
                                             eff.count),
    "big_items": lambda g, p, eff: _choose(g, p, [c for c in p.items if _is_big(c)],
                                           eff.count),
    "biggest_bonus": _biggest_bonus,
    "items_worth_total": lambda g, p, eff: _worth_in_total(g, p, eff.worth or 0),
}


def _slot_word(card: CardInst) -> str | None:
    return card.data.slot


def _items_worth(p: Player, value: int) -> list[CardInst]:
    """The cheapest set of items (greedy, highest first) worth at least ``value``."""
    if value <= 0:
        return []
    picked, total = [], 0
    for card in sorted(p.items, key=lambda c: -c.value):
        if total >= value:
            break
        picked.append(card)
        total += card.value
    return picked if total >= value else []


#: the rows of the effect table (:data:`munchkin_dsl.engine.effects_apply.APPLY`) this
#: module handles
HANDLERS: dict[str, Behaviour] = {
    "draw": _draw,
    "discard": legacy(_discard),  # until its part class brings its own behaviour
}
