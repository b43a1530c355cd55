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


@dataclass(frozen=True, slots=True)
class CombatStarts(EventPart):
    """`when this combat starts` on a monster: once, as the monster comes into a fight,
    however it came (kicked open, fought from a hand, played in as a Wandering Monster, a
    second monster joining), before anyone plays into it; its lines act for the fighter
    (`you`) and a strength change lasts the fight (`+1 for each point of a die`, rolled
    once, by the fighter).  `on reveal` fires only for a monster kicked open."""

    timing: ClassVar[str] = "combat_starts"
    carriers: ClassVar[str | tuple[str, ...]] = ("monster",)
    phase: ClassVar[str] = "fight"
    rule: ClassVar[str] = "t_combat_starts"
    #: (no bare `fight` right after `when` / `when the`: it would be lexed as the head of
    #: `fighter` in `when the fighter plays a card`, which E230 answers)
    syntax: ClassVar[str] = (
        '"when" ("this" | "the") "combat" ("starts" | "begins") '
        '| "when" "this" "fight" ("starts" | "begins") '
        '| "as" ("this" | "the") ("combat" | "fight") ("starts" | "begins") '
        '| "at" "the" ("start" | "beginning") "of" ("this" | "the" | "its") ("combat" | "fight") '
        '| "when" ("it" | "this" "monster") ("enters" | "joins") ("this" | "the" | "a") '
        '("combat" | "fight")')
    words: ClassVar[str] = "when this combat starts"
    misphrasings: ClassVar[dict[str, str]] = {  # the phrasings authors wrote for it
        r"\b(?:when|as) (?:this monster|it) (?:is (?:encountered|met|fought)|appears|arrives|"
        r"comes into (?:the |a |this )?(?:combat|fight))\b": "when this combat starts",
        r"\broll (?:a|1) die: on (?P<n>[1-6])\+": "roll {n}+: EFFECT",
    }
    summary: ClassVar[str] = ("on a monster, once as it comes into a fight, however it came "
                              "(kicked open, from a hand, joining a fight), for the fighter "
                              "(`you`); a strength change lasts the fight")
    example: ClassVar[str] = "when this combat starts: +1 for each point of a die"
    means: ClassVar[str] = ("combat starts begins start beginning enters joins fight monster "
                            "arrives roll die wandering")
    refuse: ClassVar[str] = ("only a monster's line fires as its fight begins; a card in play "
                             "answers its owner's fight with `when you fight a monster`")
    text: ClassVar[dict[str, str]] = {
        "en": "when this combat starts",
        "ru": "в начале этого боя",
        "pl": "na początku tej walki",
    }
