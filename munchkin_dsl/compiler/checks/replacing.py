"""Checks of the `instead of EVENT` lines (language/parts/instead.py).

E220: on a card kind where a replacement that always applies would only be the event
itself (the monster's own `instead of its bad stuff`, which is its Bad Stuff), the line
needs a condition or a roll, and the card a line of the event to replace (a monster with
no `bad stuff:` has none); the reason is the event part's ``needs_condition``.
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language import algebra
from munchkin_dsl.language.nodes import Card, Clause, Condition, Roll, Timing
from munchkin_dsl.language.registry import effect_kind_of


def check_replacing(ctx: CheckContext, card: Card, timing: str, when: list[Clause]) -> None:
    """E220 for an unconditional replacement where the event part says it needs one."""
    part = next((p for p in algebra.event_parts() if p.timing == timing), None)
    if part is not None and card.kind in part.answers_own:
        _check_answers_own(ctx, card, part, when)
    why = part.needs_condition.get(card.kind) if part is not None else None
    if why is None or part is None:
        return
    clause = next((c for c in when if isinstance(c, Timing)), None)
    if not any(isinstance(c, Timing) and c.timing == getattr(part, "replaces", "")
               for line in card.lines for c in line.when):
        ctx.sink.error("E220", f"`{part.words}` on this card has nothing to replace: the "
                       "card has no line of the event itself", clause.span if clause
                       else card.span, why)
        return
    if any(isinstance(c, (Condition, Roll)) for c in when):
        return
    ctx.sink.error("E220", f"`{part.words}` with no condition on "
                   f"this card replaces every time: it would be the event itself",
                   clause.span if clause else card.span, why)


def _check_answers_own(ctx: CheckContext, card: Card, part: type[algebra.EventPart],
                       when: list[Clause]) -> None:
    """E220 for a line answering the card's own effect (a monster's `instead of dying`:
    its Bad Stuff's `die`) on a card that has no such effect: it would never fire."""
    kind, why = part.answers_own[card.kind]
    if any(effect_kind_of(c.kind) == kind for line in card.lines for c in line.effects):
        return
    clause = next((c for c in when if isinstance(c, Timing)), None)
    ctx.sink.error("E220", f"`{part.words}` on this card answers its own `{kind}`, and the "
                   "card has none, so the line would never fire",
                   clause.span if clause else card.span, why)
