"""Which effect nodes the engine ran: a trace for the grammar-driven conformance run.

Off by default and free when off: :func:`recording` swaps every entry of the engine's
effect table (:data:`munchkin_dsl.engine.effects_apply.APPLY`, the one path by which a
fired ability's effects are applied) for a wrapper that notes ``(card id, effect kind)``
before applying, and puts the table back on exit.  An effect node is named by its card
and kind: a card's line compiles to one ability whose effects each have a kind.  Effects
read from the table (a bonus while in play) are not applied through the table; their
trace is the breakdown line that names their card, except a strength operator on a
monster's own line, which notes itself when it acts (:mod:`.trace_reads`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from munchkin_dsl.engine import effects_apply
from munchkin_dsl.engine.outcome import Behaviour, Outcome
from munchkin_dsl.engine.trace_reads import OPEN, NodeId


def _traced(kind: str, apply: Behaviour, ran: list[NodeId]) -> Behaviour:
    def run(eff: Any, ctx: Any) -> Outcome:
        card = getattr(ctx, "card", None)
        ran.append((card.data.id if card is not None else "", kind))
        return apply(eff, ctx)
    return run


@contextmanager
def recording() -> Iterator[list[NodeId]]:
    """``with recording() as ran:`` -> every effect node applied inside, in order."""
    ran: list[NodeId] = []
    OPEN.append(ran)
    saved = dict(effects_apply.APPLY)
    for kind, apply in saved.items():
        effects_apply.APPLY[kind] = _traced(kind, apply, ran)
    try:
        yield ran
    finally:
        effects_apply.APPLY.update(saved)
        OPEN.remove(ran)
