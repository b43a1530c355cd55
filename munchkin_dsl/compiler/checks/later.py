"""Checks of an effect that waits for the end of its combat: `after this combat lose 1
level` (language/ast_lines.py, engine/effects_apply._run).

It waits for the end of the combat open as its line acts, so its line must act in one:
a one-shot's or a card in play's `in combat` or `this combat` line.  Elsewhere (`outside
combat`, `on your turn`, `any time`) there may be no combat to wait for: E221, with the
form that works.
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.nodes import Clause

#: the timings whose lines act while a combat is open
IN_A_COMBAT = frozenset({"in_combat", "this_combat"})


def check_later(ctx: CheckContext, clause: Clause, timing: str) -> None:
    if clause.later and timing not in IN_A_COMBAT:
        ctx.sink.error("E221", "`after this combat` waits for the end of the combat the line "
                       "acts in, and this line may act with no combat open", clause.span,
                       "write it on an `in combat` line: `in combat, roll a die: on 1 +1 to "
                       "you and after this combat lose 1 level, ...`")
