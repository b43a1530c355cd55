"""Checks of a line's amount: counts and caps that can never change the number.

Split from inert.py (the checks of lines accepted but inert) because the amount's checks
grew with counts after every numeric effect; each E229 here is a number the engine would
work out as always the same, so the line would print one thing and do another.
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.algebra import AmountPart
from munchkin_dsl.language.count_part import CountPart, per_count
from munchkin_dsl.language.nodes import Clause
from munchkin_dsl.language.parts.modifiers import RunAway, Strength


def check_amount(ctx: CheckContext, clause: Clause) -> None:
    """E229: `per open seal` where no ruleset of the pack has Seals (always 0), `up to`
    of the other sign than the amount (`+3 for each item up to -1`: never reached), a cap
    on a number nothing multiplies (`draw 2 treasures up to 1`: write the number)."""
    caps = [p for p in getattr(clause, "amounts", ()) if isinstance(p, AmountPart)
            and p.position == "post"]
    counted = getattr(clause, "counted", None)
    if not isinstance(clause, Strength | RunAway) and isinstance(counted, CountPart) \
            and counted.grows_in_fight:
        # cards discarded or played into a fight are counted as they come by a bonus read
        # all fight; an effect done once reads the count at one moment (the long sweep:
        # `the lowest level player loses 2 levels for each card played into this combat`)
        ctx.sink.error("E229", "cards come into a combat one by one and only a bonus of "
                       "the fight counts them as they come; this effect is done once when "
                       "it applies, so the count is 0", counted.span, "count them with a "
                       "bonus: `+1 for each card discarded into this combat`, `+2 for each "
                       "card played into this combat`; or count something else")
    forms = getattr(clause, "counted_forms", None)  # `discard whole hand for each ...`
    variant = getattr(clause, getattr(clause, "variant_field", None) or "", None)
    if forms is not None and (caps or getattr(clause, "per", None)) and variant not in forms:
        ctx.sink.error("E229", "a count multiplies a number of cards or items, and this form "
                       "has none", (caps[0].span if caps else clause.span),
                       "count a number: `victim discards 1 card for every 2 items you have in "
                       "play`, `discard 1 item of their choice for each curse you have in "
                       "play`; or drop the count")
        return
    if caps and getattr(clause, "per", None) is None:
        said = "a cap holds" if caps[0].rule.startswith("amt_at") else (
            f"`{caps[0].syntax.split()[0].strip(chr(34))}` acts on")  # `twice`, `halved`
        ctx.sink.error("E229", f"{said} a number that is worked out, and this one is "
                       "fixed", caps[0].span, "count something (`gain 1 level for each "
                       "curse you have in play up to 2`), or write the number you mean")
    seals = any(c is not None and c.needs_deck == "seal" for c in (  # `per open seal`, `for
        per_count(clause), counted if isinstance(counted, CountPart) else None))  # each ...`
    if seals and ctx.rulesets and not any("seal" in rs.decks for rs in ctx.rulesets):
        ctx.sink.error("E229", "`per open seal` counts Seals, and no ruleset of the pack has "
                       "them, so the amount is always 0", clause.span,
                       "add a ruleset with Seals (munchkin-apocalypse) to the pack header, or "
                       "count something else: `for each item you have in play`")
    if not isinstance(clause, Strength | RunAway):
        return
    if clause.up_to is not None and clause.per is None:  # `-1 up to +2`: nothing counted
        ctx.sink.error("E229", f"`up to {clause.up_to:+d}` caps a counted bonus, and this one "
                       f"counts nothing, so the cap changes nothing", clause.span,
                       "count something (`+1 for each item you have in play up to +3`), or "
                       "drop the `up to`")
    elif clause.up_to is not None and clause.amount * clause.up_to < 0:
        cap = abs(clause.up_to) if clause.amount > 0 else -abs(clause.up_to)
        ctx.sink.error("E229", f"`up to {clause.up_to:+d}` caps an amount of the other sign "
                       f"({clause.amount:+d} each)", clause.span,
                       f"give the cap the amount's sign: `up to {cap:+d}`")
