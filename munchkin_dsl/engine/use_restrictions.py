"""Whether a player may use a card: its `usable by X only` / `not usable by X`.

One test read by every line of the card (RULES.md: an item you cannot use gives you
nothing): the worn bonus (``Inventory.equip`` wears only what may be used), and every line
the engine runs (``effects_apply.run_ability`` runs none of a card its owner may not use:
triggered lines, used lines, effects at an event).  A card attached to the item may lift
the restriction (`ignore use restrictions of attached item`: Cheat!), and a race or class
with none of its drawbacks (Super Munchkin, Half-Breed) lets its forbidden items be used.
"""

from __future__ import annotations

from munchkin_dsl.engine import item_traits
from munchkin_dsl.engine.rules import Rules
from munchkin_dsl.engine.state import CardInst, Player


def attached_ignores(player: Player, item: CardInst, what: str) -> bool:
    """Whether a card attached to ``item`` (kept in ``others``) says `ignore WHAT`."""
    return any(c.attached_to is item and e.kind == "ignore"
               and getattr(e, "what", None) == what
               and getattr(e, "target", None) == "attached_item"
               for c in player.others for i, ab in enumerate(c.data.abilities)
               for e in item_traits.standing_effects(c, i, ab))


def usable(rules: Rules, player: Player, card: CardInst,
           traits: set[str] | None = None) -> bool:
    """Whether ``player`` (with ``traits``, default their races and classes) may use
    ``card``: True for a card without a use restriction."""
    data = card.data
    if not data.usable_by and not data.not_usable_by:
        return True
    if attached_ignores(player, card, "use_restrictions"):
        return True
    traits = player.traits() if traits is None else traits
    if data.usable_by and traits.isdisjoint(data.usable_by):
        return False
    forbidding = traits & set(data.not_usable_by)
    return all(rules.no_drawbacks(player, t) for t in forbidding)

