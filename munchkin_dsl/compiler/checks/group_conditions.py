"""W213: a condition on every player before an effect on every player; E231: a group
narrowed by a trait (`each Elf`, `each player who is an Elf`) on an effect that cannot
narrow it (its record has no ``target_is``: it would reach every player).

`if each player is an Elf: each player loses 1 level` reads "if *all* the players are
Elves, all of them lose a level" (the condition is read once, over the table), which is
surely not what the author meant: "each player who is an Elf loses a level".  The group
form says that: `each player who is an Elf loses 1 level` (`each Elf`).
"""

from __future__ import annotations

from dataclasses import fields

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.nodes import Clause, Condition, Target

#: the condition subjects that quantify over the table, and the targets that reach a group
_EVERY = frozenset({"each_player", "every_other_player"})
_GROUPS = frozenset({"each_player", "every_other_player", "each"})


def check_group_conditions(ctx: CheckContext, conditions: list[Condition],
                           effects: list[Clause]) -> None:
    every = [c for c in conditions if c.subject in _EVERY and not c.negated]
    if not every:
        return
    targets = [getattr(e, "target", None) for e in effects]
    if not any(isinstance(t, Target) and t.kind in _GROUPS for t in targets):
        return
    cond = every[0]
    trait = cond.predicate == "is"
    ctx.sink.warning("W213", "the condition is read once over the whole table (it holds only "
                     "if every player passes it), then the effect reaches every player",
                     cond.span,
                     "to reach only the players who pass it, write the group: `each player "
                     "who is an Elf loses 1 level`" if trait else "to reach only the players "
                     "who pass it, name them: `each player who is an Elf ...` (a race, class "
                     "or sex), `each player with the most items ...` (a standing); if every "
                     "player must pass it first, keep the line")


def check_narrowed_groups(ctx: CheckContext, effects: list[Clause]) -> None:
    """E231: `each Elf loses 1 level` reaches only the Elves where the effect's record
    keeps the trait (``target_is``); elsewhere it would reach every player."""
    for clause in effects:
        target = getattr(clause, "target", None)
        if isinstance(target, Target) and target.kind == "each" and "target_is" not in {
                f.name for f in fields(clause)}:
            ctx.sink.error("E231", "this effect cannot be narrowed to the players of a race, "
                           "class or sex: it would reach every player", target.span,
                           "use it on `each player` (every one), on one player (`victim`, "
                           "`the player to your left`), or with an effect that takes the "
                           "group (`each Elf loses 1 level`, `+2 to each Elf`)")
