"""E229: an alternative of `or` holds one effect.

`choose one: +4 to fighter and -4 to monster, or +4 to helper and -4 to monster` (the
fifth held-out set's first draft) was accepted and played as `+4 to fighter`, then a
choice of `-4 to monster` or `+4 to helper`, then `-4 to monster` again: the engine reads
the alternatives as the effect before the first `or` and each effect after one
(engine/effects_apply.py), so an effect the author joined to an alternative with `and` (or
`,`) stood outside the choice.  No line of the packs or tests writes one; until an
alternative can hold several effects, such a line is refused with the forms that work.
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.nodes import Clause


def check_alternatives(ctx: CheckContext, effects: list[Clause]) -> None:
    """E229 on an effect beside an alternative: before the first one, or after one
    without its own `or`."""
    either = [bool(getattr(c, "either", False)) for c in effects]
    if not any(either):
        return
    first = either.index(True) - 1  # the first alternative: the effect before the first `or`
    beside = [c for i, c in enumerate(effects) if not either[i] and i != first
              and not getattr(c, "otherwise", False)]
    for clause in beside[:1]:
        ctx.sink.error("E229", "an alternative of `or` is one effect: this effect stands "
                       "outside the choice and acts whichever is chosen, which the line does "
                       "not say", clause.span,
                       "give each alternative one effect (`choose one: +4 to fighter, or +4 "
                       "to helper`), put what every choice does on a line of its own, or "
                       "write the choices as lines with conditions; or keep the rule as "
                       "`manual \"...\"`")
