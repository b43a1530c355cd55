"""W212: an `otherwise` after an effect that can apply in part.

`discard 3 cards, otherwise lose 1 level` fires its `otherwise` only when nothing was
discarded (engine/effects_apply.py: an `otherwise` tests whether the effect before it
applied): a hand of one card loses that card and no level.  Authors often mean "if you
cannot discard them all"; the language says that with two lines whose conditions are read
as the card fires (`if victim has 3 or more cards in hand: ...` / `if victim has 2 or fewer
cards in hand: ...`), so the warning names them.  A line with a roll is left alone: there
`otherwise` is the failed roll's branch.
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.nodes import Clause, Roll
from munchkin_dsl.language.parts.moves import Discard
from munchkin_dsl.language.parts.strength import DiscardDice

#: the discard forms that take a number of cards or items, so can take fewer than asked
_COUNTED = ("cards", "items_of_choice", "small_items", "big_items")


def _partial(clause: Clause) -> str | None:
    """What the effect asks for when it can apply in part (None: all or nothing)."""
    if isinstance(clause, DiscardDice):
        return "cards"
    if isinstance(clause, Discard) and clause.what in _COUNTED and (
            (clause.count or 0) > 1 or clause.per is not None or clause.counted is not None):
        return "cards" if clause.what == "cards" else "items"
    return None


def check_partial_otherwise(ctx: CheckContext, when: list[Clause], effects: list[Clause]
                            ) -> None:
    """W212 on an `otherwise` right after a discard that can take fewer than it names."""
    if any(isinstance(c, Roll) for c in when):
        return
    for before, clause in zip(effects, effects[1:], strict=False):
        what = _partial(before)
        if not clause.otherwise or what is None:
            continue
        if isinstance(before, Discard) and what == "cards" and before.per is None \
                and before.counted is None:
            n = before.count or 0
            who = before.target.kind if before.target is not None else "you"
            has = f"{who} {'have' if who == 'you' else 'has'}"
            hint = (f"to mean \"if the hand is short\", write two lines: `if {has} {n - 1} "
                    f"or fewer cards in hand: ...` and `if {has} {n} or more cards in hand: "
                    f"discard {n} cards` (each condition is read as the card fires; give the "
                    "discard its subject); or keep `otherwise` if nothing discarded is what "
                    "it means")
        else:
            hint = ("the language has no test for \"fewer than that many\" after it: keep "
                    "`otherwise` if nothing discarded is what the card means, or keep the "
                    "rule as `manual \"...\"`")
        ctx.sink.warning("W212", "`otherwise` here applies only when nothing was discarded, "
                         f"not when fewer {what} than asked were", clause.span, hint)
