"""Lines that ride on the fight a card was played into: `if you lose this combat`.

Reactor Overload (Star Munchkin, tests/authoring): "Play in combat: your combat strength
is doubled for this combat, but if you still lose the combat, you die" is

    in combat: double the strength of you
    if you lose this combat: you die

The one-shot is played into a fight; its `in combat` lines act at once, and its `if you
lose this combat` lines wait with it until the fight ends: they fire for the player who
played it if that player is on the losing side (engine/combat_riders.py).  *Losing the
combat* is seed 000 «COMBAT»: "If the monster's combat strength is equal to yours, or
greater, you lose the combat and must Run Away", so the lines fire when the fight is lost,
before anyone rolls to run away (a player who dies there does not run, and no Bad Stuff
reaches a dead character); a fight won, or ended with no loss, discards the card unused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart


@dataclass(frozen=True, slots=True)
class LoseThisCombat(EventPart):
    """`if you lose this combat`: a one-shot played into a fight fires the line for its
    player when that fight is lost, before the run-away rolls."""

    timing: ClassVar[str] = "lose_this_combat"
    rule: ClassVar[str] = "t_lose_this_combat"
    syntax: ClassVar[str] = '"if" "you" "still"? "lose" "this" "combat"'
    words: ClassVar[str] = "if you lose this combat"
    summary: ClassVar[str] = ("a one-shot played into a fight: the line fires for its player "
                              "if that fight is lost (fighter or helper), before anyone runs "
                              "away; a won fight discards it unused")
    example: ClassVar[str] = "if you lose this combat: you die"
    means: ClassVar[str] = "lose combat fail defeat still lose if you lose the fight penalty"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    # the fight is lost and the player side is about to run: a strength change comes too
    # late, a run-away bonus does not (data/timings.toml `phase`)
    phase: ClassVar[str] = "flight"
    refuse: ClassVar[str] = ("only a one-shot played into a fight waits for that fight's loss; "
                             "a card in play reacts to being caught with `when caught`")
    text: ClassVar[dict[str, str]] = {
        "en": "if you lose this combat",
        "ru": "если ты проиграешь этот бой",
        "pl": "jeśli przegrasz tę walkę",
    }
