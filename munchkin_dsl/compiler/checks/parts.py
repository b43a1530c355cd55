"""Checks of the declared condition parts (`if you have a Sidekick in play`).

A part's card filter must name a card kind or a tag, race or class the pack knows
(E101), and only players hold cards (E222 on the monster: the test would never hold).
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.nodes import Condition, Ref
from munchkin_dsl.language.parts.holdings import FILTER_WORDS, filter_name


def check_part_condition(ctx: CheckContext, clause: Condition) -> None:
    if clause.subject == "monster":
        ctx.sink.error("E222", "a monster holds no cards, hand or gold: this condition would "
                       "never hold", clause.span,
                       "test a player (`if fighter has ...`, `if you have ...`), or keep the "
                       'rule as `manual "..."` for players to apply by hand')
    value = clause.value
    if isinstance(value, Ref) and filter_name(ctx.scope, value) is None:
        kinds = ", ".join(f"`{k}`" for k in list(FILTER_WORDS)[:4])
        ctx.sink.error("E101", f"'{value.name}' is no card kind, tag, race or class of the "
                       "pack", value.span,
                       f"name a card kind ({kinds}, `sidekick`...) or a tag declared with "
                       f"`tags {value.name}` on a card, or keep the rule as `manual \"...\"`")
