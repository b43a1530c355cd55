"""The events of a Seal opened by one player or another (munchkin-apocalypse): who opened it,
and a Seal closing.

`when a seal opens` (parts/events.py) answers every Seal; these two tell the owner's own
Seal from another player's, as an author writing "whenever another player opens a Seal"
means (the third held-out set, card 198).  Kept apart from events.py for its size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart
from munchkin_dsl.language.parts.events import IN_PLAY, REACTION, TABLE_ONLY, OtherPlayerEvent


@dataclass(frozen=True, slots=True)
class OtherOpensSeal(OtherPlayerEvent):
    """`when another player opens a seal`: a Seal another player opened (their Bad Stuff,
    a card they played); a Seal its owner opens, or one nobody opened, does not count
    (`when a seal opens` answers every one).  `that player` is who opened it."""

    timing: ClassVar[str] = "when_other_opens_seal"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_opens_seal"
    syntax: ClassVar[str] = '"when" "another" "player" "opens" "a" "seal"'
    words: ClassVar[str] = "when another player opens a seal"
    summary: ClassVar[str] = ("whenever another player opens a Seal, once it is open (`that "
                              "player`: who opened it)")
    example: ClassVar[str] = "when another player opens a seal: draw 1 treasure face down"
    means: ClassVar[str] = "seal open opened apocalypse other"
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player opens a Seal",
        "ru": "когда другой игрок открывает Печать",
        "pl": "gdy inny gracz otwiera Pieczęć",
    }


@dataclass(frozen=True, slots=True)
class YouOpenSeal(EventPart):
    """`when you open a seal`: a Seal its owner opened (their Bad Stuff, a card they
    played), once it is open; a Seal another player opens does not count."""

    timing: ClassVar[str] = "when_you_open_seal"
    carriers: ClassVar[str | tuple[str, ...]] = IN_PLAY
    rule: ClassVar[str] = "t_when_you_open_seal"
    syntax: ClassVar[str] = '"when" "you" "open" "a" "seal"'
    words: ClassVar[str] = "when you open a seal"
    summary: ClassVar[str] = "whenever its owner opens a Seal, once it is open"
    example: ClassVar[str] = "when you open a seal: gain 1 level"
    means: ClassVar[str] = "seal open opened apocalypse own"
    refuse: ClassVar[str] = TABLE_ONLY.format("its owner opening a Seal")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever you open a Seal",
        "ru": "когда ты открываешь Печать",
        "pl": "gdy otwierasz Pieczęć",
    }


@dataclass(frozen=True, slots=True)
class SealCloses(EventPart):
    """`when a seal closes`: any open Seal is closed (three levels in a turn, a card)."""

    timing: ClassVar[str] = "when_seal_closes"
    carriers: ClassVar[str | tuple[str, ...]] = IN_PLAY
    rule: ClassVar[str] = "t_when_seal_closes"
    syntax: ClassVar[str] = '"when" "a" "seal" "closes"'
    words: ClassVar[str] = "when a seal closes"
    summary: ClassVar[str] = "whenever an open Seal is closed, for the cards players have in play"
    example: ClassVar[str] = "when a seal closes: gain 1 level"
    means: ClassVar[str] = "seal close closed shut apocalypse"
    refuse: ClassVar[str] = ("only cards a player has in play react to a Seal closing; a "
                             "Seal's own line while it is open is `while open`")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever a Seal closes",
        "ru": "когда закрывается Печать",
        "pl": "gdy zamyka się Pieczęć",
    }
