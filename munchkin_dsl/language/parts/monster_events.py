"""A monster's own outcome events besides its kill: `when defeated without a kill`.

A monster's fight ends for it in one of four ways, each an event of its own that its lines
may answer: killed (`on kill`, data/timings.toml), escaped from (`on escape`), catching
someone (`bad stuff`), and defeated without a kill (a Cleric's charm, a card's `defeat the
monster without a kill`: declared here).  Its lines act for the player who fought it
(`you`, the fighter), once the fight is won and its treasures are drawn
(engine/monster_outcomes.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart


@dataclass(frozen=True, slots=True)
class DefeatedWithoutKill(EventPart):
    """`when defeated without a kill` on a monster: the fight it left without being killed
    (`defeat the monster without a kill`) is won; its lines act for the fighter."""

    timing: ClassVar[str] = "when_defeated"
    carriers: ClassVar[str | tuple[str, ...]] = ("monster",)
    rule: ClassVar[str] = "t_when_defeated"
    syntax: ClassVar[str] = ('("when" | "if") ("defeated" | "beaten") "without" ("a" | '
                             '"being")? ("kill" | "killed")')
    words: ClassVar[str] = "when defeated without a kill"
    summary: ClassVar[str] = ("on a monster defeated without being killed (`defeat the monster "
                              "without a kill`), once the fight is won and its treasures "
                              "drawn, for the fighter (`you`)")
    example: ClassVar[str] = "when defeated without a kill: draw 1 door face down"
    means: ClassVar[str] = "defeated beaten charmed tamed without kill monster outcome"
    refuse: ClassVar[str] = ("only a monster is defeated without a kill; a card in play "
                             "answers its owner's won fight with `the next time you win a "
                             "fight` or `on kill`")
    text: ClassVar[dict[str, str]] = {
        "en": "if you defeat it without killing it",
        "ru": "если ты победил его, не убив",
        "pl": "jeśli pokonasz go bez zabijania",
    }
