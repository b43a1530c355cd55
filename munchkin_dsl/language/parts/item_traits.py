"""What an item is, changed by a card: Big or not Big, how many hands it takes.

`attached item is no longer big` (Baling Wire Fix, card 239 of tests/authoring/cards.md),
`attached item takes one hand`, `this card is not big` on an item: a standing change of
an item's printed `big` stat or its hands (`one hand`, `two hands`, none), kept while the
card that says it is attached (an item enhancer) or in play (the item itself).  The
engine works the changes out as a player's items are arranged (engine/item_traits.py) and
reads an item's Big and slot through ``CardInst.is_big`` / ``slot_now``, so
every carrying rule (one Big item unless a Dwarf, the hands, shedding Big items, `discard
all Big items`, the `Big items` filter) sees the changed item.  An enhancer's `choose
one: +2 to attached item, or attached item is no longer big` is chosen once, as it is
attached, and the chosen alternative stands (engine/item_traits.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described
from munchkin_dsl.language.nodes import Target

#: the enhancer's item is "the item it is attached to", not "the attached item": after
#: `+2 to attached item, or` the card text drops a subject the alternative before names
_EN = ('{{ "this item" if e.which == "self" else "the item it is attached to" }} '
       '{% if e.trait == "not_big" %}is {{ "not" if e.which == "self" else "no longer" }} Big'
       '{% elif e.trait == "big" %}is Big{% elif e.trait == "one_hand" %}takes one hand'
       '{% elif e.trait == "two_hands" %}takes two hands{% else %}takes no hands{% endif %}')
_RU = ('{{ "эта шмотка" if e.which == "self" else "шмотка, к которой она прикреплена," }} '
       '{% if e.trait == "not_big" %}{{ "не" if e.which == "self" else "больше не" }} '
       'Большая{% elif e.trait == "big" %}Большая{% elif e.trait == "one_hand" %}занимает '
       'одну руку{% elif e.trait == "two_hands" %}занимает две руки{% else %}не занимает рук'
       '{% endif %}')
_PL = ('{{ "ten przedmiot" if e.which == "self" else "przedmiot, do którego jest '
       'dołączony," }} '
       '{% if e.trait == "not_big" %}{{ "nie jest" if e.which == "self" else "przestaje '
       'być" }} Dużą Rzeczą{% elif e.trait == "big" %}jest Dużą Rzeczą{% elif e.trait == '
       '"one_hand" %}zajmuje jedną rękę{% elif e.trait == "two_hands" %}zajmuje dwie ręce'
       '{% else %}nie zajmuje rąk{% endif %}')


@dataclass(frozen=True, slots=True)
class ItemTrait(EffectPart):
    """`attached item is no longer big`, `this card takes one hand`: an item's Big or its
    hands, changed while the card saying it is attached or in play."""

    kind: ClassVar[str] = "item_trait"
    rule: ClassVar[str] = "item_trait"
    syntax: ClassVar[str] = '(target | trait_self) trait_change'
    subrules: ClassVar[str] = (
        'trait_self: "this" ("card" | "item")  -> which_self\n'
        'trait_change: ("is" "no" "longer" | "is" "not" | "stops" "being") ("big" | "Big")'
        '  -> trait_not_big\n'
        '            | ("is" | "becomes") ("big" | "Big")  -> trait_big\n'
        '            | ("takes" | "needs") "one" "hand"  -> trait_one_hand\n'
        '            | ("takes" | "needs") "two" "hands"  -> trait_two_hands\n'
        '            | ("takes" | "needs") "no" "hands"  -> trait_no_hands')
    summary: ClassVar[str] = ("an item is Big or not, or takes one, two or no hands, while the "
                              "card saying it is attached to it (or, `this card`, in play)")
    example: ClassVar[str] = "attached item is no longer big"
    means: ClassVar[str] = ("big small no longer big hands one-handed two-handed item change "
                            "attribute slot")
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`attached item is no longer big` / `is not big` / `becomes big`',
         "an item enhancer's item is not Big (or is) while the enhancer stays attached: the "
         'one-Big-item rule, a Dwarf\'s, `discard all Big items` and the `Big items` filter '
         'read it', 'attached item is no longer big'),
        ('`attached item takes one hand` / `two hands` / `no hands`',
         "the enhancer's item takes that many hands while it is attached",
         'attached item takes no hands'),
        ('`this card is not big` / `takes one hand`...',
         'on an item: the item itself, while it is in play (a condition or a duration on the '
         'change is E221: it is worked out as the items are arranged)',
         'this card takes one hand'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = ("item-enhancer", "item")
    needs: ClassVar[str | None] = "table"
    passive: ClassVar[bool] = True
    observe: ClassVar[str] = "worn"
    kind_refuse: ClassVar[dict[str, str]] = {
        k: ("an item's Big or hands is changed by an item enhancer attached to it (`attached "
            "item is no longer big`) or by the item itself (`this card takes one hand`)")
        for k in ("one-shot", "race", "class", "curse", "monster")}
    text: ClassVar[dict[str, str]] = {"en": _EN, "ru": _RU, "pl": _PL}
    target: Target | None = None
    which: str = described("attached (the item the enhancer is attached to) or self (the item "
                           "saying it)", "attached", choices=("attached", "self"))
    trait: str = described("not_big, big, one_hand, two_hands or no_hands: what the item is "
                           "now", "not_big",
                           choices=("not_big", "big", "one_hand", "two_hands", "no_hands"))
