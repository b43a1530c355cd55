"""Ruleset fit: card kinds and concepts the declared ruleset(s) do not have.

Codes: W401 a card kind the pack's rulesets lack, W402 an Aggregate outside a line
that has them, W403 a Big item in a line whose Big category is Aggregate.  These are
warnings: the card is legal in a mix, so the hint suggests declaring one.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from munchkin_dsl.checks import CheckContext
from munchkin_dsl.checks.stats import kind_words
from munchkin_dsl.rulesets import Ruleset, all_rulesets


def _has_kind(kind: str, rs: Ruleset) -> bool:
    return kind in rs.card_kinds


def _mix_hint(ctx: CheckContext, has: Callable[[Ruleset], bool]) -> str:
    lines = [rs.id for rs in all_rulesets() if has(rs)]
    declared = ", ".join(rs.id for rs in ctx.rulesets)
    if not lines:
        return "no supported ruleset has it"
    return (f"{' and '.join(lines)} {'has' if len(lines) == 1 else 'have'} it; to mix, declare "
            f"`ruleset {declared}, {lines[0]}` in the pack header")


def check_ruleset_fit(ctx: CheckContext) -> None:
    if not ctx.rulesets:
        return
    names = ", ".join(rs.id for rs in ctx.rulesets)
    kinds = set().union(*(rs.card_kinds for rs in ctx.rulesets))
    categories = {rs.big_category for rs in ctx.rulesets}
    for card in ctx.cards:
        if card.kind not in kinds:
            ctx.sink.warning("W401", f"{names} has no {card.kind.replace('-', ' ')} cards, "
                             f"but this is {kind_words(card.kind)}", card.span,
                             _mix_hint(ctx, partial(_has_kind, card.kind)))
        for stat in card.stats:
            if stat.kind == "aggregate" and "aggregate" not in categories:
                ctx.sink.warning("W402", f"{names} has no Aggregates", stat.span,
                                 _mix_hint(ctx, lambda rs: rs.big_category == "aggregate"))
            if stat.kind == "big" and "big" not in categories:
                ctx.sink.warning("W403", f"{names} calls its big items Aggregates", stat.span,
                                 "write `aggregate`, or declare a mix with a Big-item line")
