"""The amount of a numeric effect, worked out when it applies (language/parts/amounts.py).

`gain 1 level for each curse you have in play, up to 3`, `draw up to 3 treasures`: the
effect record holds the number and its forms (:class:`~munchkin_dsl.compiler.effects.Amounts`);
here the number is multiplied by what it counts, held to its caps and, for `up to`, picked
by the player it reaches.  :func:`wrap` puts this in front of the handlers of the numeric
effects, so each handler still sees a plain number; a number that comes out as 0 does
nothing, and the effect counts as not applied (an `otherwise` after it applies).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from munchkin_dsl.engine.effects_targets import count_now, per_multiplier, targets
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.outcome import NOT_APPLIED, Behaviour, Outcome

#: Effect kind -> the field that holds its number.
NUMBER_FIELD = {"gain_levels": "amount", "lose_levels": "amount", "draw": "count",
                "dice_strength": "dice", "treasure_count": "amount", "kill_levels": "amount",
                "discard": "count", "steal_level": "amount", "take": "count",
                "add_marker": "count", "add_counter": "count"}
#: Kinds whose number is worked out later than the line: a monster's treasure count is
#: read when the monster is beaten (:func:`treasure`), so `for every 4 points you won by`
#: reads the fight being won, not the moment the card was played.
LATE = frozenset({"treasure_count", "kill_levels"})


def worked_out(eff: Any, ctx: Ctx) -> int:
    """The effect's number for this moment: times its count, within its caps, picked."""
    # `that many`: the cards the effect before it on the line moved
    n = ctx.moved if eff.that_many else int(getattr(eff, NUMBER_FIELD[eff.kind]))
    if eff.per == "each":  # on a curse-like card "you" is its victim (as for the seats)
        curse = ctx.card is not None and ctx.card.kind in ctx.game.rules.curse_kinds
        you = (ctx.victim if curse else None) or ctx.owner
        n *= count_now(eff, ctx, you)
    elif eff.per is not None:
        n *= per_multiplier(eff, ctx.game.state, ctx.count)
    n = operated(eff, n)
    sign = -1 if int(getattr(eff, NUMBER_FIELD[eff.kind])) < 0 else 1  # `-1 die for each ...`
    if eff.at_most is not None:  # the caps hold the number's size, whatever its sign
        n = sign * min(sign * n, eff.at_most)
    if eff.at_least is not None:
        n = sign * max(sign * n, eff.at_least)
    if eff.chosen and n > 1:
        hit = targets(ctx, eff.target)
        chooser = hit[0] if hit else ctx.owner
        n -= ctx.game.choose_option(chooser, n)  # option 1: all of it, option 2: one less...
        ctx.game.note(f"{chooser.name if chooser else 'the player'} picks {n}")
    return n


def operated(eff: Any, n: int) -> int:
    """`twice`, `halved [rounded up]` (language/parts/amount_operators.py) on the count."""
    if eff.twice:
        n *= 2
    if eff.halved:
        n //= 2
    if eff.halved_up:
        n = (n + 1) // 2
    return n


def treasure(eff: Any, ctx: Ctx) -> int:
    """A `+N treasure` or `+N level` (for the kill) line's number when the monster is
    beaten: its count read now."""
    return worked_out(eff, ctx) if _has_form(eff) else int(eff.amount)


def _has_form(eff: Any) -> bool:
    return bool(eff.per or eff.chosen or eff.at_most is not None or eff.at_least is not None
                or eff.twice or eff.halved or eff.halved_up or eff.that_many)


def wrap(handlers: dict[str, Behaviour]) -> dict[str, Behaviour]:
    """The behaviours of the numeric effects, each taking a plain number worked out first."""
    def wrapped(handler: Behaviour) -> Behaviour:
        def apply(eff: Any, ctx: Ctx) -> Outcome:
            if not _has_form(eff):
                return handler(eff, ctx)
            n = worked_out(eff, ctx)
            if n == 0:  # `-1 die for each ...` is a negative number of dice
                ctx.game.note(f"{eff.kind}: the amount comes out as 0")
                return NOT_APPLIED
            return handler(dataclasses.replace(eff, **{NUMBER_FIELD[eff.kind]: n}, per=None,
                                               at_most=None, at_least=None, chosen=False,
                                               twice=None, halved=None, halved_up=None,
                                               that_many=False), ctx)
        return apply
    return {kind: wrapped(handlers[kind]) for kind in NUMBER_FIELD if kind not in LATE}
