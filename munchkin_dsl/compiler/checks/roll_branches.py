"""Checks of roll-and-branch lines: `roll a die: on 1 to 2 lose 1 level, on 3 to 5
nothing, on 6 gain 1 level`.

The die is rolled once when the line fires and the branch whose faces it shows applies.
Every face from 1 to 6 must be said exactly once, so a line never does something nobody
wrote: a face said twice is E213 (which branch?), a face left out is E229 (write `on 5
to 6 nothing` for faces that do nothing), a face outside 1..6 is E205.  A branch needs
`roll a die` on its line (E229), `roll a die` needs branches (E228), and an `otherwise`
after a branch never applies, since the die always picks a branch (E228); an `on N`
before the ':' is no branch at all (E229).  An effect after a branch's first one, before
the next `on N`, is more of that branch (`on 1 +2 to you, lose 1 level`: face 1 does both;
the AST builder gives it the faces), so it counts no face again; after `on N nothing` it
contradicts the `nothing` (E229).
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.nodes import Clause, EffectLine, Roll

FACES = range(1, 7)


def _faces(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo} to {hi}"


def _check_joined_to_nothing(ctx: CheckContext, line: EffectLine) -> None:
    """`on 3 nothing, lose 1 level`: the effect would join a branch that says its faces do
    nothing, so the line says two things about them."""
    head: Clause | None = None
    for clause in line.effects:
        if not clause.joins_branch:
            head = clause
        elif head is not None and head.kind == "roll":
            ctx.sink.error("E229", f"this effect belongs to the branch `on "
                           f"{_faces(*(head.on_roll or (0, 0)))} nothing`, which says those "
                           "faces do nothing", clause.span,
                           "drop `nothing` to make it that branch's effect, or start a "
                           "branch of its own for other faces: `on 3 to 4 lose 1 level`")


def check_roll_branches(ctx: CheckContext, line: EffectLine, when: list[Clause]) -> None:
    sink = ctx.sink
    for clause in when:  # `on 6 while you are not alone: ...`: a branch before the ':'
        if clause.on_roll is not None:
            sink.error("E229", "`on N` picks one of the effects after the ':' by the die, and "
                       "this one stands before the ':', so no die picks it", clause.span,
                       "put the branches after the ':': `roll a die: on 1 to 3 lose 1 level, "
                       "on 4 to 6 gain 1 level`, or remove `on N`")
    when = [c for c in when if c.on_roll is None]
    die = next((c for c in when if isinstance(c, Roll) and c.at_least == 0), None)
    branches = [c for c in line.effects if c.on_roll is not None and not c.joins_branch]
    _check_joined_to_nothing(ctx, line)
    if die is not None and not branches:
        sink.error("E228", "`roll a die` rolls for the branches after the ':', and this "
                   "line has none, so the roll changes nothing", die.span,
                   "say what each face does: `roll a die: on 1 to 3 lose 1 level, on 4 to 6 "
                   "gain 1 level`, or split the line on a roll: `roll 4+: gain 1 level`")
        return
    if not branches:
        return
    if die is None:
        sink.error("E229", "`on N to M` reads the die of the line's `roll a die`, and this "
                   "line rolls none", branches[0].span,
                   "add the roll before the ':': `roll a die: on 1 to 2 ..., on 3 to 6 ...`")
        return
    said: dict[int, Clause] = {}
    for branch in branches:
        lo, hi = branch.on_roll or (0, 0)
        if lo > hi or lo not in FACES or hi not in FACES:
            sink.error("E205", f"`on {_faces(lo, hi)}` is no range of faces of a d6",
                       branch.span, "name faces from 1 to 6, the lower first: `on 1 to 2`")
            continue
        for face in range(lo, hi + 1):
            if face in said and said[face] is not branch:
                sink.error("E213", f"the face {face} is said by two branches, so the line "
                           "cannot tell which applies", branch.span,
                           "give each face one branch: `on 1 to 2 ...`, `on 3 to 6 ...`; for "
                           "two effects on one face write them in one branch, the second "
                           "without `on`: `on 1 +2 to you, lose 1 level, on 2 to 6 ...`")
                break
            said[face] = branch
    missing = [f for f in FACES if f not in said]
    if missing:
        sink.error("E229", "no branch says what happens on "
                   + ", ".join(str(f) for f in missing), die.span,
                   f"add a branch for them, `on {_faces(missing[0], missing[-1])} nothing` if "
                   "nothing happens then")
    for clause in line.effects:
        if clause.otherwise:
            sink.error("E228", "the die always picks a branch, so an `otherwise` on a "
                       "roll-and-branch line never applies", clause.span,
                       "make it a branch of its own (`on 1 to 2 lose 1 level`)")
