"""A ban on helping others: `you cannot help` on a curse (Sloth).

`until the end of your next turn: you cannot help`: the victim may not help anyone in a
fight while the curse stays on them; its duration (`until ...`, §6.2) says how long, and
with none the curse stays until something removes it (`cancel a curse`), as the ban is
all it does.  The other side of `nobody may help` (nobody may help the fighter).  The
engine reads it where a help is offered (engine/help_bans.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart
from munchkin_dsl.language.parts.bans import BAN_CARRIERS, BAN_ONLY_AT, BAN_TIMINGS


@dataclass(frozen=True, slots=True)
class CannotHelp(EffectPart):
    """`you cannot help`: the curse's victim may not help in anyone's fight while the curse
    stays on them."""

    kind: ClassVar[str] = "cannot_help"
    rule: ClassVar[str] = "cannot_help"
    syntax: ClassVar[str] = ('("you" | "victim") ("cannot" | "can" "not" | "may" "not") "help" '
                             '("anyone" | "others" | "other" "players")?')
    summary: ClassVar[str] = ("the victim may not help anyone while the curse stays on them "
                              "(for its until duration, or until it is removed); on a "
                              "card in play, its owner while it is in play")
    example: ClassVar[str] = "victim may not help"
    means: ClassVar[str] = "help ban forbid helping assist sloth lazy"
    carriers: ClassVar[str | tuple[str, ...]] = BAN_CARRIERS
    only_at: ClassVar[tuple[str, ...]] = BAN_TIMINGS
    only_at_refuse: ClassVar[str] = BAN_ONLY_AT
    held: ClassVar[bool] = True
    kept_on: ClassVar[tuple[str, ...]] = ("curse", "trap", "disaster")
    observe: ClassVar[str] = "helping"
    text: ClassVar[dict[str, str]] = {
        "en": "you cannot help anyone",
        "ru": "ты не можешь никому помогать",
        "pl": "nie możesz nikomu pomagać",
    }
