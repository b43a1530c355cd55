"""Events: what other players do, and the turn, as timings a card in play reacts to.

`when another player gains a level`, `when another player kills a monster`, `when a
curse is played on a player`, `at the start of your turn`.  A card its owner has in play
reacts on its own (a cost makes it the owner's choice); the engine fires the timing
where the event happens (engine/events.py), and a reaction never sets off the same
event again in the same moment (two Sore Losers do not loop).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart

_TABLE_ONLY = "only a card its owner has in play reacts to {}; a one-shot is played, not kept"


@dataclass(frozen=True, slots=True)
class OtherGainsLevel(EventPart):
    """`when another player gains a level`: any level another player goes up, kill or card."""

    timing: ClassVar[str] = "when_other_gains_level"
    rule: ClassVar[str] = "t_when_other_gains_level"
    syntax: ClassVar[str] = '"when" "another" "player" ("gains"|"goes" "up") "a" "level"'
    words: ClassVar[str] = "when another player gains a level"
    summary: ClassVar[str] = ("whenever another player goes up one or more levels, for the "
                              "cards the other players have in play")
    example: ClassVar[str] = "when another player gains a level, roll 6+: gain 1 level"
    refuse: ClassVar[str] = _TABLE_ONLY.format("another player's level")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player goes up a level",
        "ru": "когда другой игрок получает уровень",
        "pl": "gdy inny gracz zdobywa poziom",
    }


@dataclass(frozen=True, slots=True)
class OtherKills(EventPart):
    """`when another player kills a monster`: after that player's fight is won by a kill."""

    timing: ClassVar[str] = "when_other_kills"
    rule: ClassVar[str] = "t_when_other_kills"
    syntax: ClassVar[str] = '"when" "another" "player" "kills" "a" "monster"'
    words: ClassVar[str] = "when another player kills a monster"
    summary: ClassVar[str] = ("after a fight another player won by killing the monster(s), once "
                              "its rewards are given")
    example: ClassVar[str] = "when another player kills a monster: draw 1 treasure face down"
    refuse: ClassVar[str] = _TABLE_ONLY.format("another player's kill")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player kills a monster",
        "ru": "когда другой игрок убивает монстра",
        "pl": "gdy inny gracz zabija potwora",
    }


@dataclass(frozen=True, slots=True)
class CursePlayed(EventPart):
    """`when a curse is played on a player`: any curse-like card hitting anyone."""

    timing: ClassVar[str] = "curse_played"
    rule: ClassVar[str] = "t_curse_played"
    syntax: ClassVar[str] = '"when" "a" "curse" "is" "played" "on" "a"? "player"'
    words: ClassVar[str] = "when a curse is played on a player"
    summary: ClassVar[str] = ("whenever a curse, trap or disaster hits any player (you "
                              "included), before it acts")
    example: ClassVar[str] = "when a curse is played on a player: draw 1 door face down"
    refuse: ClassVar[str] = _TABLE_ONLY.format("a curse")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever a curse is played on a player",
        "ru": "когда на игрока играют проклятие",
        "pl": "gdy na gracza zostaje zagrana klątwa",
    }


@dataclass(frozen=True, slots=True)
class TurnStart(EventPart):
    """`at the start of your turn`: before its owner kicks the door open."""

    timing: ClassVar[str] = "turn_start"
    rule: ClassVar[str] = "t_turn_start"
    syntax: ClassVar[str] = '"at" "the" "start" "of" "your" "turn"'
    words: ClassVar[str] = "at the start of your turn"
    summary: ClassVar[str] = "at the start of its owner's turn, before the door is kicked open"
    example: ClassVar[str] = "at the start of your turn: draw 1 door face down"
    #: a card in play, or a one-shot its owner plays from the hand as the turn starts
    carriers: ClassVar[str | tuple[str, ...]] = (
        "race", "class", "item", "sidekick", "hireling", "door", "treasure", "one-shot")
    refuse: ClassVar[str] = ("only a card its owner has in play, or a one-shot played from "
                             "the hand as the turn starts, acts at the start of a turn")
    text: ClassVar[dict[str, str]] = {
        "en": "at the start of your turn",
        "ru": "в начале твоего хода",
        "pl": "na początku twojej tury",
    }
