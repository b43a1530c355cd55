"""Strength operators on a monster's own line (or its enhancer's), read all fight long.

`if there are 3 or more open seals: double the strength of monster` on Mega-Zombie: the
monster's *combat strength* is doubled, and seed 000 («COMBAT») defines combat strength
as "the total of Level plus all modifiers ... given by items and other cards", so the
operator works on that total: its level, its own bonuses, its enhancers, the open Seals'
bonus and every card played on it.  All bonuses first, then the operator, whenever the
breakdown is read (a bonus played after it is doubled too, and the line stops counting as
soon as its condition stops holding).  RULES.md says nothing on the order of several
operators; they apply in the order the monster's cards are read (its own lines, then its
enhancers), each on the total the one before left.

A strength operator *played* into the fight (a one-shot's `halve the strength of monster`)
is worked out from the side as it stands when played (engine/algebra_fight.py) and is kept
as a fixed change: the own-line operator leaves it out of what it doubles, so `doubled,
then halved by a one-shot` comes back to the monster's own strength, as a player expects.
A line of the whole monster side (no one monster named) counts as the monster's when it
fights alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine import trace_reads
from munchkin_dsl.engine.algebra_fight import OPERATORS
from munchkin_dsl.engine.conditions import MONSTER
from munchkin_dsl.language.parts.strength import MONSTER_OPERATORS

#: Puts a new monster-side line into the breakdown: (amount, words, card id, monster key).
AddLine = Callable[[int, str, str | None, str], None]


def own_operator_lines(lines: list[Any], passives: list[Any], live: list[Any],
                       key: Callable[[Any], str], add: AddLine) -> None:
    """Append to the breakdown, for each operator line of a monster in the fight (``live``),
    the change it makes to that monster's total (``key``: a monster's breakdown key)."""
    for pa in passives:
        found = OPERATORS.get(pa.effect.kind)
        if found is None or pa.effect.kind not in MONSTER_OPERATORS or pa.monster is None \
                or pa.monster not in live or getattr(pa.effect, "target", "monster") != "monster" \
                or getattr(pa.effect, "optional", False):  # `may` there is E228
            continue
        op, why = found
        who, alone = key(pa.monster), len(live) == 1
        total = sum(line.amount for line in lines if line.side == MONSTER
                    and not getattr(line, "operator", False)
                    and (line.who == who or (line.who is None and alone)))
        new = op(total, pa.monster.card.data.level or 0)
        if new == total:
            continue
        label = pa.card.name if pa.card is not None else pa.monster.name
        if pa.card is not None and pa.card is not pa.monster.card:
            label += f" on {pa.monster.name}"
        add(new - total, f"{label} ({why})", pa.card.id if pa.card else None, who)
        trace_reads.read(pa.card.data.id if pa.card else "", pa.effect.kind)
