"""Cards that wait: a card played now whose line fires at a later event.

`the next time you win a fight: draw 1 treasure face down` (a one-shot played at any
time, kept face up in front of its player until the fight is won, then discarded), and
`the next time you win a fight this turn: ...`, which is discarded unused when the turn
ends.  The engine keeps the waiting card beside its player's other cards and fires it
where a fight is won (engine/waiting.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart

_REFUSE = ("only a card played from the hand waits for a later event (a one-shot); a card "
           "in play reacts to every kill with `on kill:`")


@dataclass(frozen=True, slots=True)
class NextWin(EventPart):
    """`the next time you win a fight`: played at any time, it waits for its player's next
    won fight (as the fighter or the helper), fires once the rewards are given, and goes."""

    timing: ClassVar[str] = "next_win"
    rule: ClassVar[str] = "t_next_win"
    syntax: ClassVar[str] = '"the" "next" "time" "you" "win" "a" "fight"'
    words: ClassVar[str] = "the next time you win a fight"
    summary: ClassVar[str] = ("a played card waits face up until its player next wins a fight "
                              "(fighter or helper), then its line fires and it is discarded")
    example: ClassVar[str] = "the next time you win a fight: draw 1 treasure face down"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    refuse: ClassVar[str] = _REFUSE
    text: ClassVar[dict[str, str]] = {
        "en": "the next time you win a fight",
        "ru": "в следующий раз, когда ты победишь в бою",
        "pl": "następnym razem, gdy wygrasz walkę",
    }


@dataclass(frozen=True, slots=True)
class NextWinThisTurn(EventPart):
    """`the next time you win a fight this turn`: as `the next time you win a fight`, but
    discarded unused when the turn ends."""

    timing: ClassVar[str] = "next_win_this_turn"
    rule: ClassVar[str] = "t_next_win_this_turn"
    syntax: ClassVar[str] = '"the" "next" "time" "you" "win" "a" "fight" "this" "turn"'
    words: ClassVar[str] = "the next time you win a fight this turn"
    summary: ClassVar[str] = ("a played card waits face up until its player next wins a fight "
                              "this turn, then its line fires; unused, it is discarded when "
                              "the turn ends")
    example: ClassVar[str] = "the next time you win a fight this turn: gain 1 level"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    refuse: ClassVar[str] = _REFUSE
    text: ClassVar[dict[str, str]] = {
        "en": "the next time you win a fight this turn",
        "ru": "в следующий раз, когда ты победишь в бою в этот ход",
        "pl": "następnym razem, gdy wygrasz walkę w tej turze",
    }


@dataclass(frozen=True, slots=True)
class NextKillOfThatPlayer(EventPart):
    """`the next time that player kills a monster`: a one-shot played on another player
    waits face up in front of the one who played it until that player next wins a fight
    by a kill, fires for its player (`you`; `that player` is the killer) and goes."""

    timing: ClassVar[str] = "next_kill_of_that_player"
    rule: ClassVar[str] = "t_next_kill_of_that_player"
    syntax: ClassVar[str] = '"the" "next" "time" "that" "player" "kills" "a" "monster"'
    words: ClassVar[str] = "the next time that player kills a monster"
    summary: ClassVar[str] = ("a one-shot played on another player waits face up until that "
                              "player next kills a monster (as the fighter), then its line "
                              "fires for the one who played it and it is discarded")
    example: ClassVar[str] = ("the next time that player kills a monster: draw 1 treasure "
                              "face down")
    means: ClassVar[str] = "track watch next time other player kills beacon bounty later"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    refuse: ClassVar[str] = ("only a one-shot played on another player waits for that "
                             "player's kill; a card in play reacts to every kill with `when "
                             "another player kills a monster`")
    text: ClassVar[dict[str, str]] = {
        "en": "play on another player; the next time that player kills a monster",
        "ru": "сыграй на другого игрока; в следующий раз, когда этот игрок убьёт монстра",
        "pl": "zagraj na innego gracza; następnym razem, gdy ten gracz zabije potwora",
    }


@dataclass(frozen=True, slots=True)
class NextDoorMonster(EventPart):
    """`when the door you kick open this turn is a monster`: played on its player's turn
    before the door is kicked open, it waits face up; if the door is a monster, its line
    fires as that fight starts (a bonus lasts for that fight) and it goes with the fight;
    any other door card, or no kick this turn, and it is discarded unused."""

    timing: ClassVar[str] = "next_door_monster"
    rule: ClassVar[str] = "t_next_door_monster"
    syntax: ClassVar[str] = ('"when" "the" "door" "you" "kick" "open" "this" "turn" "is" "a" '
                             '"monster"')
    words: ClassVar[str] = "when the door you kick open this turn is a monster"
    summary: ClassVar[str] = ("played on its player's turn before the door is kicked open, it "
                              "waits; if the door is a monster its line fires as that fight "
                              "starts and lasts for it, otherwise it is discarded unused")
    example: ClassVar[str] = "when the door you kick open this turn is a monster: +3 to you"
    means: ClassVar[str] = "ambush warning before kick door monster behind prepared ready"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    phase: ClassVar[str] = "fight"
    refuse: ClassVar[str] = ("only a one-shot played before its player kicks open the door "
                             "waits for that door; a card in play reacts to every fight with "
                             "`in combat`")
    text: ClassVar[dict[str, str]] = {
        "en": "play on your turn before you kick open the door; if that door is a monster, "
              "in that combat",
        "ru": "сыграй в свой ход, пока не вышиб дверь; если за ней монстр, в этом бою",
        "pl": "zagraj w swojej turze, zanim wyważysz drzwi; jeśli to potwór, w tej walce",
    }


@dataclass(frozen=True, slots=True)
class NextWinOfVictim(EventPart):
    """`the next time victim wins a fight`: a curse that stays on its victim until the
    victim next wins a fight (as the fighter or the helper); its line fires as that fight
    is won, before its treasures are drawn, and the curse goes."""

    timing: ClassVar[str] = "next_win_of_victim"
    rule: ClassVar[str] = "t_next_win_of_victim"
    syntax: ClassVar[str] = ('"the" "next" "time" "the"? "victim" "wins" "a" ("fight" | '
                             '"combat")')
    words: ClassVar[str] = "the next time victim wins a fight"
    summary: ClassVar[str] = ("a curse stays on its victim until the victim next wins a fight "
                              "(fighter or helper); its line fires as that fight is won, "
                              "before the treasures are drawn, and the curse goes")
    example: ClassVar[str] = "the next time victim wins a fight: victim draws no treasures for it"
    means: ClassVar[str] = "next win victim later curse waits jinx spoil reward"
    carriers: ClassVar[str | tuple[str, ...]] = "curse-like"
    phase: ClassVar[str] = "none"
    refuse: ClassVar[str] = ("only a curse waits on its victim for their next won fight; a "
                             "one-shot waits with `the next time you win a fight`")
    text: ClassVar[dict[str, str]] = {
        "en": "the next time you win a combat",
        "ru": "в следующий раз, когда ты победишь в бою",
        "pl": "następnym razem, gdy wygrasz walkę",
    }
