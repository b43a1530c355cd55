"""What an item is now: Big or not, the hands it takes, after the cards that change it.

An item enhancer's `attached item is no longer big` (language/parts/item_traits.py) and an
item's own `this card takes one hand` change the printed `big` and `slot` stats.  The
inventory works the changes out for a player's items each time it arranges them
(:func:`refresh`, from ``Inventory.equip``) and keeps them on the card (``traits``); every
carrying rule reads an item through ``CardInst.is_big`` and ``CardInst.slot_now``, so the
one-Big-item rule, a Dwarf's, the hands, `discard all Big items` and the `Big items` filter
agree.

An enhancer's standing `choose one: +2 to attached item, or attached item is no longer
big` is chosen once, as it is attached (:func:`choose_as_attached`); the readers of an
attached card's lines take the chosen alternative only (:func:`standing_effects`).
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.compiler.effect_base import alternatives
from munchkin_dsl.compiler.effects import Ability, Effect
from munchkin_dsl.engine.conditions import Scope, conditions_hold
from munchkin_dsl.engine.state import CardInst, Combat, GameState, Player

KIND = "item_trait"


def choose_as_attached(game: Any, player: Player, card: CardInst) -> None:
    """The card's standing `choose one` lines, chosen by its player as it is attached."""
    card.chosen.clear()
    for i, ab in enumerate(card.data.abilities):
        if ab.timing == "continuous" and ab.choose_one:
            options = alternatives(ab.effects)
            pick = game.choose_option(player, len(options))
            card.chosen[i] = pick if 0 <= pick < len(options) else 0
            game.note(f"{player.name} chooses option {card.chosen[i] + 1} of {len(options)} "
                      f"for {card.name}")


def standing_effects(card: CardInst, index: int, ability: Ability) -> tuple[Effect, ...]:
    """The effects a standing line of a card in play gives: on a `choose one` line the
    alternative chosen as it came into play (none chosen yet: the first)."""
    if not ability.choose_one:
        return ability.effects
    options = alternatives(ability.effects)
    return options[min(card.chosen.get(index, 0), len(options) - 1)]


def _changes(player: Player, item: CardInst) -> list[str]:
    """The traits the cards attached to ``item`` and its own lines give it, in order."""
    out: list[str] = []
    for card in [*(c for c in player.in_play() if c.attached_to is item), item]:
        own = card is item
        for i, ab in enumerate(card.data.abilities):
            if ab.timing != "continuous":  # (no condition or duration: the checker's E221)
                continue
            out += [str(getattr(e, "trait", "")) for e in standing_effects(card, i, ab)
                    if e.kind == KIND and (getattr(e, "which", "") == "self") == own]
    return out


def refresh(player: Player) -> None:
    """Work out again what each item of ``player`` is now (before it is arranged)."""
    for item in player.items:
        traits: dict[str, Any] = {}
        for trait in _changes(player, item):
            if trait in ("big", "not_big"):
                traits["big"] = trait == "big"
            else:
                traits["slot"] = None if trait == "no_hands" else trait
        item.traits = traits


def enhancements(cards: list[CardInst], item: CardInst, owner: Player, state: GameState,
                 combat: Combat) -> list[tuple[CardInst, Any]]:
    """Item enhancers on an item: (card, its `+N to attached item` record), on the lines
    whose conditions hold (`if attached item is big: +1 to attached item`)."""
    out = []
    for card in cards:
        if card.attached_to is not item:
            continue
        for i, ab in enumerate(card.data.abilities):
            if ab.timing != "continuous" or ab.conditions and not conditions_hold(
                    ab.conditions, Scope(owner=owner, card=card), state, combat):
                continue
            for eff in standing_effects(card, i, ab):
                if eff.kind == "strength" and getattr(eff, "target", None) == "attached_item":
                    out.append((card, eff))
    return out
