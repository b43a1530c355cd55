"""Ruleset fit: card kinds and concepts the declared ruleset(s) do not have.

Codes: W401 a card kind the pack's rulesets lack, W402 an Aggregate outside a line
that has them, W403 a Big item in a line whose Big category is Aggregate, W404 a curse
line that a declared ruleset reads differently from the base rules (munchkins-and-mazes:
a curse that takes armor, headgear or footgear takes all of it).  These are warnings: the
card is legal, so the hint says how to write it unambiguously.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from munchkin_dsl import data
from munchkin_dsl.base.rulesets import Ruleset, all_rulesets
from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.stats import kind_words


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
            absent = data.kinds().get(card.kind, {}).get("absent")  # kept, how it plays
            ctx.sink.warning("W401", f"{names} has no {card.kind.replace('-', ' ')} cards, "
                             f"but this is {kind_words(card.kind)}", card.span,
                             _mix_hint(ctx, partial(_has_kind, card.kind))
                             + (f"; {absent.format(line=names)}" if absent else ""))
        for stat in card.stats:
            if stat.kind == "aggregate" and "aggregate" not in categories:
                ctx.sink.warning("W402", f"{names} has no Aggregates", stat.span,
                                 _mix_hint(ctx, lambda rs: rs.big_category == "aggregate"))
            if stat.kind == "big" and "big" not in categories:
                ctx.sink.warning("W403", f"{names} calls its big items Aggregates", stat.span,
                                 "write `aggregate`, or declare a mix with a Big-item line")
        _whole_slot_reading(ctx, card)


def _whole_slot_reading(ctx: CheckContext, card: object) -> None:
    """W404: `victim discards armor` on a curse reads "all armor" in a ruleset with the
    line rule curse-takes-whole-slot (seed 002 «ПРОКЛЯТИЯ»), "one armor" elsewhere."""
    from munchkin_dsl.base.rulesets import CURSE_KINDS, WHOLE_SLOTS
    from munchkin_dsl.language.parts.moves import Discard

    if getattr(card, "kind", None) not in CURSE_KINDS:
        return
    whole = [rs for rs in ctx.rulesets
             if any(r.id == "curse-takes-whole-slot" for r in rs.line_rules)]
    if not whole:
        return
    for line in getattr(card, "lines", ()):
        for clause in line.effects:
            if isinstance(clause, Discard) and clause.what == "worn" and \
                    clause.slot in WHOLE_SLOTS:
                rule = next(r for r in whole[0].line_rules
                            if r.id == "curse-takes-whole-slot")
                ctx.sink.warning(
                    "W404", f"in {whole[0].id} this curse takes all the victim's "
                    f"{clause.slot}, not one piece ({rule.source})", clause.span,
                    f"write `victim discards all {clause.slot}` to say so; in "
                    "rulesets without that rule the victim picks one piece")
