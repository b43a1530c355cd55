"""Bot policies: how a seat plays, as a few numbers the bots (engine/bots.py) read.

Players differ in what they risk, not in what the rules allow, so a policy is data: how
much spare strength a bot wants before it looks for trouble, how many treasures it offers
a helper, how often it boosts a monster against a rival and whether it curses the leader,
whether it sells worn items for a level.  ``simulate --policy`` names one per seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Persona:
    name: str
    #: looks for trouble (a monster from the hand) only when strength exceeds its level by
    #: at least this much
    trouble_margin: int
    #: treasures offered to a helper: the bargain (the helper accepts when it is offered
    #: its price, ``helper_wants``)
    offer: int
    #: the chance of boosting a monster a rival fights when that rival is not the leader
    interfere: float
    #: plays curses from the hand on the leader (the highest level rival) on its own turn
    curse_leader: bool
    #: sells worn items of the least bonus for the last levels before the winning one
    sell_worn: bool
    #: a helper joins when offered at least this many treasures, or every treasure the
    #: monster gives when it gives fewer
    helper_wants: int
    #: a helper refuses a fighter who leads the table (a level above every other player)
    #: from this share of the winning level on: helping the leader then helps them win
    spurns_leader_from: float = 0.5


PERSONAS: dict[str, Persona] = {
    "cautious": Persona("cautious", trouble_margin=6, offer=2, interfere=0.30,
                        curse_leader=True, sell_worn=False, helper_wants=2),
    "aggressive": Persona("aggressive", trouble_margin=3, offer=1, interfere=0.60,
                          curse_leader=True, sell_worn=True, helper_wants=2),
}
DEFAULT = ("cautious", "aggressive")


class UnknownPolicy(LookupError):
    """A ``--policy`` name no persona has."""


def seat_personas(names: Sequence[str], players: int) -> tuple[Persona, ...]:
    """One persona per seat: ``names`` cycled (cautious and aggressive alternate by
    default)."""
    names = tuple(names) or DEFAULT
    for n in names:
        if n not in PERSONAS:
            raise UnknownPolicy(f"unknown policy {n!r}; known: {', '.join(PERSONAS)}")
    return tuple(PERSONAS[names[i % len(names)]] for i in range(players))
