"""Checks of an item's changed Big or hands (language/parts/item_traits.py).

The change names an item: `attached item` on an item enhancer (the item it is attached
to), `this card` on an item (itself).  Any other subject (`you are no longer big`) names no
item, and the other pairing names an item the card does not have: both are E223, with the
form that fits the card.  A change to what the item already is (`this card is big` on a
Big item) changes nothing: E228.  The change is worked out as the items are arranged,
so a condition or a duration on it would not be followed as it ends: E221.
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.nodes import Card, Clause, Condition, Timing
from munchkin_dsl.language.parts.item_traits import ItemTrait

#: card kind -> the item the change names there, as the author writes it
NAMES = {"item-enhancer": ("attached", "attached item"), "item": ("self", "this card")}
#: the stat an item prints for each trait, and the trait's value of it
_PRINTED = {"big": ("big", True), "not_big": ("big", False)}
_HANDS = {"one_hand": "one_hand", "two_hands": "two_hands"}


def check_item_trait(ctx: CheckContext, card: Card, clause: Clause, when: list[Clause]
                     ) -> None:
    if not isinstance(clause, ItemTrait):
        return
    bound = next((c for c in when if isinstance(c, Condition) or (
        isinstance(c, Timing) and c.is_until)), None)  # (`while in play` is the standing)
    if bound is not None:
        ctx.sink.error("E221", "an item's Big or hands is worked out as its player's items "
                       "are arranged (a card attached, played or lost), so a condition or a "
                       "duration on the change would not be followed as it ends", bound.span,
                       "write the change alone: it lasts while the card saying it is attached "
                       "(`attached item is no longer big`) or in play (`this card is not big`)")
        return
    target = clause.target
    which = "attached" if target is not None and target.kind == "attached_item" else (
        None if target is not None else clause.which)
    want = NAMES.get(card.kind)
    if want is None:
        return  # E202 says the kind carries no item change
    if which != want[0]:
        ctx.sink.error("E223", "an item's Big or hands is changed on the item it names, and "
                       f"on {card.kind.replace('-', ' ')} that item is `{want[1]}`",
                       clause.span, f"write `{want[1]} is no longer big` (or `takes one "
                       "hand`...)")
        return
    if which != "self":
        return
    stats = {s.kind: s.args for s in card.stats}
    printed = _PRINTED.get(clause.trait)
    same = (printed is not None and ("big" in stats) == printed[1]) or (
        clause.trait in _HANDS and stats.get("slot") == (_HANDS[clause.trait],)) or (
        clause.trait == "no_hands" and stats.get("slot", ("",))[0] not in _HANDS.values())
    if same:
        ctx.sink.error("E228", "the item already is what this line makes it, so the line "
                       "changes nothing", clause.span,
                       "change what the item is not: `this card is not big` on a Big item, "
                       "`this card takes one hand` on one that takes none")
