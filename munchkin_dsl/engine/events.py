"""Where the declared events (language/parts/events.py) are fired.

One function for every event a card in play reacts to: the engine calls :func:`react`
where the event happens, naming who did it.  A reaction never sets off the same event in
the same moment (two `when another player gains a level: gain 1 level` cards would
otherwise feed each other forever): while an event's reactions run, it is not fired
again for that game.
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.engine.state import Player

#: (id of the game state, timing) of the events whose reactions are running now.
_RUNNING: set[tuple[int, str]] = set()


def react(game: Any, actor: Player, timing: str, others: bool = True,
          everyone: bool = False) -> None:
    """Fire ``timing`` on the cards in play of the living players other than ``actor``
    (``others``), of ``actor`` alone (``others=False``), or of every player
    (``everyone``), in seat order."""
    key = (id(game.state), timing)
    if key in _RUNNING:
        return
    _RUNNING.add(key)
    try:
        for p in list(game.state.players):
            if p.dead:
                continue
            if everyone or (p is not actor if others else p is actor):
                game.fire_table(p, timing)
    finally:
        _RUNNING.discard(key)
