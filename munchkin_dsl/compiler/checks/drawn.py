"""Checks of `the card just drawn` (a card selector and a condition subject,
language/parts/cards.py ``DrawnCard``, language/parts/drawn.py).

It names the card the line's draw event drew, so only a line that fires on a draw (`when
you draw a treasure`, `... a door`, `... a card`) has one: anywhere else the words name
no card and are refused (E221) with the draw events to write instead.  As a condition
subject it is a card, tested for its kind or tag (`if the card just drawn is an item`,
E101 for a name no card kind or tag of the pack has); a level, a race or a holding
would never hold for a card (E222).
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.parts import check_filter
from munchkin_dsl.language.algebra import CardPart
from munchkin_dsl.language.nodes import Clause, Condition, Ref
from munchkin_dsl.language.parts.drawn import TIMINGS, drawn_filter

#: the kinds a drawn card may be tested for that no player puts into play (a monster is
#: fought, a curse played on someone)
NEVER_IN_PLAY = {"monster": "a monster", "curse": "a curse"}

_WHERE = ("write the line on a draw event: `when you draw a treasure`, `when you draw a "
          "door` or `when you draw a card`, or keep the rule as `manual \"...\"`")


def check_drawn(ctx: CheckContext, timing: str, when: list[Clause],
                effects: list[Clause]) -> None:
    draws = timing in TIMINGS.values()
    for clause in when:
        if isinstance(clause, Condition) and clause.subject == "drawn":
            if not draws:
                _no_draw(ctx, clause)
            else:
                _check_test(ctx, clause)
    kinds = {drawn_filter(ctx.scope, c.value) or "" for c in when if isinstance(c, Condition)
             and c.subject == "drawn" and not c.negated and isinstance(c.value, Ref)}
    for clause in effects:
        pick = getattr(clause, "card", None)
        if not (isinstance(pick, CardPart) and pick.pick == "drawn"):
            continue
        if not draws:
            _no_draw(ctx, pick)
        elif getattr(clause, "kind", "") == "put_into_play" and kinds & NEVER_IN_PLAY.keys():
            kind = sorted(kinds & NEVER_IN_PLAY.keys())[0]
            ctx.sink.error("E228", f"{NEVER_IN_PLAY[kind]} never goes into play from the "
                           "hand, so this move changes nothing", clause.span,
                           "move it elsewhere: `discard the card just drawn`, `put the card "
                           "just drawn on top of its deck`, `give the card just drawn to ...`")


def _no_draw(ctx: CheckContext, clause: Clause) -> None:
    ctx.sink.error("E221", "`the card just drawn` names the card a draw event drew, and this "
                   "line fires on no draw, so it names no card", clause.span, _WHERE)


def _check_test(ctx: CheckContext, clause: Condition) -> None:
    if clause.lasting:
        ctx.sink.error("E222", "`while the card just drawn ...` lasts no longer than the draw: "
                       "the line acts once, as the card is drawn", clause.span,
                       "write `if the card just drawn is an item: ...`")
    elif clause.predicate != "is" or clause.detail is not None:
        ctx.sink.error("E222", "the card just drawn is a card: it has no level, helper or "
                       "cards of its own, so this test would never hold", clause.span,
                       "test its kind or tag: `if the card just drawn is an item`, `... is a "
                       "curse`, `... is a Weapon`")
    elif isinstance(clause.value, Ref) and drawn_filter(ctx.scope, clause.value) is None:
        check_filter(ctx, clause.value)  # E101, with the card kinds and tags to name
