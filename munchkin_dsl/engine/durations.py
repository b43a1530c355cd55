"""The engine side of the declared durations (language/parts/durations.py).

`3 uses`: each time a line with uses acts, one is spent on its card (kept in the owner's
``used_once`` with the card's uid, so a second copy of the card has its own); the trace
says how many are left, and after the last the card goes to the discards.
"""

from __future__ import annotations

from itertools import count
from typing import Any

from munchkin_dsl.compiler.effects import Ability
from munchkin_dsl.engine.state import CardInst, Player, ability_key


def spend(game: Any, owner: Player | None, card: CardInst | None, ability: Ability) -> None:
    """One use of ``ability`` on ``card`` is spent; the last one discards the card."""
    if not ability.uses or card is None or owner is None:
        return
    key = f"uses:{ability_key(card, ability)}"
    n = next(i for i in count(1) if f"{key}#{i}" not in owner.used_once)
    owner.used_once.add(f"{key}#{n}")
    game.note(f"{card.name}: use {n} of {ability.uses}")
    if n >= ability.uses and card in owner.in_play():
        game.note(f"{card.name} is used up and discarded")
        game.lose_card(owner, card)
