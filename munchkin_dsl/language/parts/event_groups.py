"""The groups of events read by more than one stage, worked out from the event
declarations (parts/events.py and data/timings.toml): the events a one-shot answers from
the hand, and those a curse kept on its victim reacts to."""

from __future__ import annotations

from functools import cache

from munchkin_dsl import data
from munchkin_dsl.language.algebra import event_parts
from munchkin_dsl.language.parts.events import (
    IN_PLAY,
    REACTION,
    TABLE_REACTION,
    VICTIM_EVENTS,
)


@cache
def answered_from_hand() -> frozenset[str]:
    """The events of another player a one-shot answers from the hand as a card in play
    does: those declared with the carriers REACTION or TABLE_REACTION, here or in
    data/timings.toml (by the group's name: other timings share its kinds by chance)."""
    named = (REACTION, TABLE_REACTION)
    return frozenset({part.timing for part in event_parts() if part.carriers in named}
                     | {tid for tid, entry in data.load("timings")["timing"].items()
                        if entry["carriers"] in named})


@cache
def stays_on_victim() -> frozenset[str]:
    """The events a curse kept on its victim reacts to: those of every event part carried
    ``IN_PLAY`` (a card in play and a curse on its victim), wherever it is declared."""
    return frozenset(part.timing for part in event_parts()
                     if part.carriers in (IN_PLAY, REACTION)) | VICTIM_EVENTS
