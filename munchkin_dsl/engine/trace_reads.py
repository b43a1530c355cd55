"""The effect nodes read from the table that a trace counts as run (engine/trace.py).

A strength operator is applied once where it is played, through the engine's effect
table, which :mod:`.trace` watches; on a monster's own line it is read from the table
instead (engine/monster_operators.py), so it says here when it acts.  A leaf module: the
combat arithmetic that reads it sits below the effect table that :mod:`.trace` imports.
"""

from __future__ import annotations

#: (card id, effect kind): an effect node, as engine/trace.py names it
NodeId = tuple[str, str]

#: the recordings open now (none: tracing is off, and :func:`read` does nothing)
OPEN: list[list[NodeId]] = []


def read(card_id: str, kind: str) -> None:
    """An effect node read from the table acted (it changed a strength now)."""
    for ran in OPEN:
        ran.append((card_id, kind))
