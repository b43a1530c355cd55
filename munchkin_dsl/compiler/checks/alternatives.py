"""E229: a line of alternatives (`A, or B`) that cannot be played as written.

An alternative is every effect from its `or` to the next one (the first: the effects
before the first `or`), so `choose one: +4 to fighter and -4 to monster, or +4 to helper
and -4 to monster` (the fifth held-out set's first draft) offers two groups of two
(compiler/effect_base.py `alternatives`, read by the engine).  An alternative may lead
with a timing that has a window (`..., or outside combat, draw 2 treasures`): it is
offered only there (language/ast_lines.py `join_choices`).  Refused here:

- alternatives on a line of `roll a die` branches: a face picks a branch and a branch
  holds its effects, so an `or` there would have to split a branch, which the engine does
  not read;
- an alternative whose window never opens at the line's timing (`in combat, choose one:
  ..., or outside combat, ...`): it would be printed and never offered.
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language import registry
from munchkin_dsl.language.nodes import Clause

#: a window (data/timings.toml `window`) -> the timing phases at which it never opens
_NEVER_OPEN = {"combat": ("none",), "no_combat": ("fight", "flight", "caught", "failed",
                                                  "instead")}


def check_alternatives(ctx: CheckContext, timing: str, effects: list[Clause]) -> None:
    """E229 on an `or` among roll branches, or an alternative never offered."""
    if not any(c.either for c in effects):
        return
    branch = next((c for c in effects if c.on_roll is not None), None)
    if branch is not None:
        ctx.sink.error("E229", "alternatives of `or` cannot share a line with the branches "
                       "of `roll a die`: a face picks one branch, not one alternative",
                       branch.span,
                       "write the choice on a line of its own, or give each face one "
                       "branch (`on 1 to 3 lose 1 level, on 4 to 6 draw 1 treasure`); or "
                       "keep the rule as `manual \"...\"`")
        return
    timings = registry.timings()
    phase = timings[timing].phase if timing in timings else "any"
    for clause in effects:
        spec = timings.get(clause.offered or "")
        if spec is None or spec.window is None:
            continue
        if phase in _NEVER_OPEN.get(spec.window, ()):
            ctx.sink.error("E229", f"this alternative is offered only "
                           f"{spec.words}, which never comes while the line acts "
                           f"({timings[timing].words})", clause.span,
                           "drop the alternative, or give the line a timing at which "
                           "both can be chosen (`any time, choose one: ...`); or keep the "
                           "rule as `manual \"...\"`")
