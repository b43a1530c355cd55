"""Another player's Loot the Room, as an event: `when another player loots the room`.

The tenth outside author's Nosy Innkeeper ("whenever another player loots the room, you
may draw a Door too") had no event for it (E230, kept as `manual`).  It comes once the
player has drawn their loot (engine/turn.loot_room), for the cards the other players have
in play and a one-shot from the hand; a loot replaced (`instead of looting the room`) or
skipped is no loot.  `that player` is the one who looted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.parts.events import OtherPlayerEvent


@dataclass(frozen=True, slots=True)
class OtherLoots(OtherPlayerEvent):
    """`when another player loots the room`: another player has drawn their loot of the
    room (their door face down, or what a card draws instead)."""

    timing: ClassVar[str] = "when_other_loots"
    rule: ClassVar[str] = "t_when_other_loots"
    syntax: ClassVar[str] = '"when" "another" "player" "loots" "the" "room"'
    words: ClassVar[str] = "when another player loots the room"
    summary: ClassVar[str] = ("after another player loots the room (draws the face-down card "
                              "of the phase)")
    example: ClassVar[str] = "when another player loots the room: draw 1 door face down"
    means: ClassVar[str] = "loot room phase search draw door other opponent"
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player loots the room",
        "ru": "когда другой игрок чистит нычки",
        "pl": "gdy inny gracz przeszukuje pokój",
    }
