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
from munchkin_dsl.engine import trace_reads
from munchkin_dsl.engine.algebra_fight import OPERATORS
from munchkin_dsl.engine.conditions import Scope, conditions_hold
from munchkin_dsl.engine.state import CardInst, Combat, GameState, Player
from munchkin_dsl.language.parts.strength import ITEM_OPERATORS

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
    return _on_item(cards, item, owner, state, combat, frozenset({"strength"}))


def item_operators(cards: list[CardInst], item: CardInst, owner: Player, state: GameState,
                   combat: Combat) -> list[tuple[CardInst, Any]]:
    """Item enhancers' operators on an item (Overclocked Motor: `double the strength of
    attached item`): read after the item's bonus and its `+N` enhancers."""
    return _on_item(cards, item, owner, state, combat, ITEM_OPERATORS)


def operated(cards: list[CardInst], item: CardInst, owner: Player, state: GameState,
             combat: Combat, total: int) -> list[tuple[int, str, str]]:
    """The breakdown lines (change, words, card id) of the operators on an item, each on the
    item's bonus with its `+N` enhancers (``total``) and the operators before it."""
    out = []
    for enh, eff in item_operators(cards, item, owner, state, combat):
        op, why = OPERATORS[eff.kind]
        new = op(total, 0, eff)
        if new != total:
            out.append((new - total, f"{enh.name} on {item.name} ({why})", enh.id))
            trace_reads.read(enh.data.id, eff.kind)
            total = new
    return out


def counted(items: list[CardInst], ignored: frozenset[str]) -> list[CardInst]:
    """The worn items whose bonuses count: not one in an ``ignored`` slot, nor a Big one
    with `big` there (`victim ignores their headgear and Big item bonuses`)."""
    return [i for i in items if i.data.slot not in ignored
            and not (i.data.big and "big" in ignored)]


def item_ignorers(pa: Any, combat: Combat) -> list[Any]:
    """Whose own items count 0: a line's holder; on a monster, whom it names in its fight."""
    named: dict[str, list[Any]] = {"fighter": [combat.fighter], "helper": [combat.helper]}
    return [pa.owner] if pa.monster is None else named.get(
        getattr(pa.effect, "target", None) or "", list(combat.players()))


def slots_ignored(passives: list[Any], player: Player, combat: Combat) -> frozenset[str]:
    """The slots (and `big`) whose items count 0 for ``player`` in this fight: `ignore Big
    item bonuses` (everyone's), `victim ignores their headgear and armor bonuses` (the
    holder's own; on a monster, whom it names: :func:`item_ignorers`)."""
    return frozenset(slot for pa in passives if pa.effect.kind == "ignore"
                     and (getattr(pa.effect, "what", None) == "slot_bonuses" or (
                         getattr(pa.effect, "what", None) == "own_slot_bonuses"
                         and any(q is player for q in item_ignorers(pa, combat))))
                     for slot in getattr(pa.effect, "slots", ()))


def _on_item(cards: list[CardInst], item: CardInst, owner: Player, state: GameState,
             combat: Combat, kinds: frozenset[str]) -> list[tuple[CardInst, Any]]:
    out = []
    for card in cards:
        if card.attached_to is not item:
            continue
        for i, ab in enumerate(card.data.abilities):
            if ab.timing != "continuous" or ab.conditions and not conditions_hold(
                    ab.conditions, Scope(owner=owner, card=card), state, combat):
                continue
            for eff in standing_effects(card, i, ab):
                if eff.kind in kinds and getattr(eff, "target", None) == "attached_item":
                    out.append((card, eff))
    return out
