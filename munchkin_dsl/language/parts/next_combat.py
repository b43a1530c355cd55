"""A strength change kept on players for their own next combat.

`-2 to every other player in their next combat` (Emergency Broadcast, card 199 of
tests/authoring/cards.md): played at any moment, the change waits on each player it
reaches and counts in the first fight that player is in after it (as the fighter or the
helper), then goes; a fight open when it is played is not their next one.  It is kept as
`until end of next combat: N to you` is on the card's own player (engine/durations.py),
once per player reached, so it works inside `choose one` and beside any other effect.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart
from munchkin_dsl.language.nodes import Target

#: the card kinds a player plays or uses (a monster's line has `bad stuff, until ...`)
_PLAYED = ("class", "door", "hireling", "item", "one-shot", "race", "sidekick", "treasure")


@dataclass(frozen=True, slots=True)
class NextCombatStrength(EffectPart):
    """`-2 to every other player in their next combat`: kept on each player reached until
    the end of their own next combat."""

    kind: ClassVar[str] = "next_combat_strength"
    rule: ClassVar[str] = "next_combat_strength"
    syntax: ClassVar[str] = ('SIGNED "to" target "in" ("their"|"your"|"his"|"her") "next" '
                             '"combat"')
    summary: ClassVar[str] = ("a combat strength change kept on each player reached for their "
                              "own next combat (a fight open as it is played is not it)")
    example: ClassVar[str] = "-2 to every other player in their next combat"
    means: ClassVar[str] = "next combat later fight lasting penalty bonus other players"
    carriers: ClassVar[tuple[str, ...]] = _PLAYED
    player_target: ClassVar[bool] = True
    observe: ClassVar[str] = "lasting"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ t.signed(e.amount) }} to {{ w.WHO[e.target] }} in "
              "{{ w.poss(e, a, t) }} next combat",
        "ru": "{{ t.signed(e.amount) }} {{ w.to(e, t) }} в следующем бою",
        "pl": "{{ t.signed(e.amount) }} {{ w.to(e, t) }} w następnej walce",
    }
    amount: int = 0
    target: Target | None = None
