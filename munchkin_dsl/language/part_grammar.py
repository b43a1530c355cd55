"""The grammar text the declared parts add: their rules, and their alternatives in the
places of the hand-written grammar (`timing`, `clause`, `cost`, `condition_part`).

Kept apart from :mod:`munchkin_dsl.language.algebra` (the parts themselves) because only
the parser reads it, once, when it builds its tables."""

from __future__ import annotations

from munchkin_dsl.language import algebra


def grammar_rules() -> str:
    """The rules the parts declare, in Lark syntax, for the end of the grammar; a selector
    joins the alternatives of ``target`` (`%extend`), aliased by its rule."""
    rules = [f"%extend target: {c.syntax} -> {c.rule}" if issubclass(c, algebra.SelectorPart)
             else f"{c.rule}: {c.syntax}" + (f"\n{c.subrules}" if c.subrules else "")
             for c in algebra.declared() if c.category != "count"]  # counts: `counted` (count_part)
    for where in ("pre", "post"):  # the amount parts' places in the numeric phrases
        alts = [c.rule for c in algebra.amount_parts() if c.position == where]
        rules.append(f"?amount_{where}: " + " | ".join(alts))
    picks = algebra.card_parts()  # the card selectors, where a card-moving effect takes one
    rules.append("?card_pick: " + " | ".join(c.rule for c in picks))
    rules.append("?card_to_discard: " + " | ".join(c.rule for c in picks if c.discard_form))
    return "\n".join(rules)


def event_alternatives() -> str:
    """The event parts' rules as alternatives of `timing`."""
    return "".join(f"\n      | {c.rule}" for c in algebra.event_parts())


def duration_alternatives() -> str:
    """The duration parts' rules as alternatives of `clause`."""
    return "".join(f"\n       | {c.rule}" for c in algebra.duration_parts())


def cost_alternatives() -> str:
    """The cost parts' rules as alternatives of `cost` (`discard 2 cards:`)."""
    return " | ".join(c.rule for c in algebra.cost_parts())


def predicate_alternatives() -> str:
    """The condition parts' rules as alternatives of `condition_part`."""
    return "\n       | ".join(c.rule for c in algebra.condition_parts())
