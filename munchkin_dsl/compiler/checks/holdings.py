"""Checks of the conditions on what a player holds (language/parts/holdings.py) against the
card they stand on.

`if you have no items in play` (or `if you do not have an item in play`) on an item: while
the card is in its owner's play, the owner has one, so the line never acts (E228); the
same for a race, class, Sidekick or Hireling and any filter the card itself passes (its
kind, a tag, `card`).  The card's own test is the one the drawn-card checks use
(:func:`~munchkin_dsl.compiler.checks.drawn.card_passes`).
"""

from __future__ import annotations

from dataclasses import replace

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.drawn import card_passes
from munchkin_dsl.compiler.checks.stats import kind_words
from munchkin_dsl.language.nodes import Card, Clause, Condition
from munchkin_dsl.language.parts.counters import STAYS
from munchkin_dsl.language.parts.holdings import HasInPlay, HasNone


def check_own_holding(ctx: CheckContext, card: Card, clause: Clause) -> None:
    """E228: a line of a card that stays in play testing that its owner has none of what
    the card itself is."""
    if not isinstance(clause, Condition) or clause.subject != "you" or card.kind not in STAYS:
        return
    none = isinstance(clause.detail, HasNone) != clause.negated or (
        isinstance(clause.detail, HasInPlay) and clause.negated)
    if not none or not card_passes(ctx, card, replace(clause, negated=False)):
        return
    ctx.sink.error("E228", f"this card is {kind_words(card.kind)} in its owner's play, so its "
                   "owner always has one while the line can act: the condition never holds",
                   clause.span, "test another card (`if you have no Steed in play`), another "
                   "player (`if victim has no items in play`), or count the others: `if you "
                   "have at least 2 items in play`")
