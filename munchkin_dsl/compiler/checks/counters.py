"""Checks of the counter parts (language/parts/counters.py): a line reading the counters
of its own card.

Only the card itself holds counters, and only a card that stays in play keeps them, so
`if this ...` tests counters or what the card is (`if this card is big`; and `if attached
item is ...` what the enhanced item is, on a card attached to one: E225 elsewhere),
`if victim has 3 counters` would never hold, and both are refused on a card that leaves
play once used (all E222: the condition would never hold); `while this has ...` is
refused too (a line of a card in play is read each time it could act, so `if` says it).
"""

from __future__ import annotations

from dataclasses import replace

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.drawn import card_passes
from munchkin_dsl.compiler.checks.stats import check_range, kind_words
from munchkin_dsl.language.nodes import Card, Clause, Condition, Ref, Timing
from munchkin_dsl.language.parts.counters import STAYS, HasCounters


def check_counter_clause(ctx: CheckContext, card: Card, clause: Clause) -> None:
    """A clause before the ':' that reads counters: a condition (E222, see the module doc)
    or `when this has N counters` (N in range, E205)."""
    if isinstance(clause, Timing) and clause.count is not None:  # (`for your next N combats`)
        check_range(ctx, {"until_next_combats": "combats", "until_next_turns": "turns"}.get(
            clause.timing, "counters"),
                    clause.count, clause.span)
    elif isinstance(clause, Condition):
        _check_condition(ctx, card, clause)


def _check_condition(ctx: CheckContext, card: Card, clause: Condition) -> None:
    counters = isinstance(clause.detail, HasCounters)
    if clause.subject == "attached_item" and card.kind != "item-enhancer" and not any(
            stat.kind == "attaches" for stat in card.stats):
        ctx.sink.error("E225", f"{kind_words(card.kind)} is not attached to an item, so "
                       "`attached item` names nothing", clause.span,
                       "add `attaches to an item` to the card, or make it an item enhancer")
    elif clause.subject == "attached_item" and clause.predicate != "is":
        ctx.sink.error("E222", "an item is tested for what it is (a kind, a tag, Big): it "
                       "holds no cards and has no level", clause.span,
                       "write `if attached item is big`, `if attached item is a weapon`")
    if clause.subject != "this" and not counters:
        return
    sink = ctx.sink
    if not counters and clause.predicate == "is":  # `if this card is big`: what it is
        if not (isinstance(clause.value, Ref) and clause.value.name.casefold() == "big") \
                and card_passes(ctx, card, replace(clause, negated=False)) == clause.negated:
            sink.error("E222", f"this card is {'' if clause.negated else 'not '}"
                       f"{clause.value.name if isinstance(clause.value, Ref) else 'that'}, "
                       "so the condition never holds (a card is tested for its counters or for "
                       "what it is: its kind, a tag, Big)", clause.span,
                       "drop the condition, or test what can change (`if this card is big`, "
                       "`if this has 2 counters`, `if you ...`)")
        return
    if not counters:
        sink.error("E222", "`this` is tested for its counters or for what it is (its kind, a "
                   "tag, Big): a card has no level, race or cards of its own", clause.span,
                   "write `if this has 2 counters`, `if this card is big`, or test a player "
                   "(`if you ...`)")
    elif clause.subject != "this":
        sink.error("E222", "counters lie on cards, not on players or monsters: this "
                   "condition would never hold", clause.span,
                   "write `if this has 2 counters` (this card's), or `if victim has 2 "
                   "markers` (a player's markers)")
    elif card.kind not in STAYS:
        sink.error("E222", f"{kind_words(card.kind)} never stays in play, so it never holds "
                   "a counter", clause.span,
                   "put counters on a card that stays in play (" + ", ".join(STAYS) + ")")
    elif clause.lasting:
        sink.error("E222", "`while this has ...` needs no duration: a line of a card in play "
                   "is read each time it could act", clause.span,
                   "write `if this has 2 counters: ...`")
