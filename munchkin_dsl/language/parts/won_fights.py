"""Won fights as events: a fight is won by a kill or without one.

A fight is won whenever the player side beats every monster: by killing it, or by
defeating it without a kill (a Cleric's charm, a monster discarded by a card with its
treasures: `defeat the monster without a kill`).  `on kill` and `when another player
kills a monster` hear only the first; a card that rewards winning (Skald: "whenever
another player wins a combat in which you helped"; a one-shot "play after you win a
combat") hears both.  The events here are fired once the fight's treasures are drawn
(engine/monster_outcomes.py): `when another player wins a fight` (its fighter's win, for
the other players' cards, the helper's among them), `when you win a fight` (for the
fighter's and the helper's own cards), `when a player wins a fight` (anyone's), and `when
a fight you helped in is won` (the helper's cards alone).  `after a win` is the one-shot
played from the hand right after such a fight, as `after a kill` is after a kill.  Their
lines read the fight just won (`if you are alone`, `if you win by 5 or more`,
engine/interface.Ctx); `the next time that player wins a fight` waits for them
(parts/waiting.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart
from munchkin_dsl.language.parts.events import IN_PLAY_OR_HAND, REACTION, OtherPlayerEvent

_FIGHT = '("fight" | "combat")'


@dataclass(frozen=True, slots=True)
class OtherWins(OtherPlayerEvent):
    """`when another player wins a fight`: another player's fight, as its fighter, is won
    by a kill or without one, once its treasures are drawn."""

    timing: ClassVar[str] = "when_other_wins"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_wins"
    syntax: ClassVar[str] = f'"when" "another" "player" "wins" "a" {_FIGHT}'
    words: ClassVar[str] = "when another player wins a fight"
    summary: ClassVar[str] = ("after another player, fighting, wins a fight by a kill or "
                              "without one (a monster defeated or discarded), once its "
                              "treasures are drawn; the helper's cards hear it too")
    example: ClassVar[str] = "when another player wins a fight: draw 1 door face down"
    means: ClassVar[str] = "win won victory beat defeat fight combat other opponent"
    refuse: ClassVar[str] = IN_PLAY_OR_HAND.format("another player's won fight")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player wins a combat",
        "ru": "когда другой игрок побеждает в бою",
        "pl": "gdy inny gracz wygrywa walkę",
    }


@dataclass(frozen=True, slots=True)
class HelpedWin(EventPart):
    """`when a fight you helped in is won`: the fight its owner helped in is won (by a
    kill or without one), once its treasures, the helper's share among them, are drawn;
    for the helper's cards alone."""

    timing: ClassVar[str] = "when_you_helped_win"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_you_helped_win"
    syntax: ClassVar[str] = (f'"when" "a" {_FIGHT} "you" "helped" "in"? "is" "won" '
                             f'| "when" "you" "help" "win" "a" {_FIGHT}')
    words: ClassVar[str] = "when a fight you helped in is won"
    summary: ClassVar[str] = ("after a fight its owner helped in is won, by a kill or without "
                              "one, once the treasures are shared and drawn; for the helper's "
                              "cards (the fighter's own win is `when you win a fight`)")
    example: ClassVar[str] = "when a fight you helped in is won: draw 1 treasure face down"
    means: ClassVar[str] = "helped help win won fight combat helper share reward"
    refuse: ClassVar[str] = IN_PLAY_OR_HAND.format("a won fight its owner helped in")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever a combat you helped in is won",
        "ru": "когда побеждают в бою, в котором ты помогаешь",
        "pl": "gdy walka, w której pomagasz, zostaje wygrana",
    }


@dataclass(frozen=True, slots=True)
class AfterWin(EventPart):
    """`after a win`: a card played from the hand right after a won fight, by a kill or
    without one (until the next combat or turn), as `after a kill` is after a kill."""

    timing: ClassVar[str] = "after_win"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot", "treasure", "door")
    rule: ClassVar[str] = "t_after_win"
    syntax: ClassVar[str] = f'"after" "a" ("win" | "won" {_FIGHT})'
    words: ClassVar[str] = "after a win"
    summary: ClassVar[str] = ("a card played from the hand right after a won fight, by a kill "
                              "or without one (until the next combat or turn)")
    example: ClassVar[str] = "after a win, if you are alone: draw 1 treasure face down"
    means: ClassVar[str] = "after win won fight victory right after combat play afterwards"
    refuse: ClassVar[str] = ("only a card played from the hand waits for a won fight; a card "
                             "in play answers its owner's win with `when you win a fight`")
    text: ClassVar[dict[str, str]] = {
        "en": "right after a combat that was won",
        "ru": "сразу после выигранного боя",
        "pl": "zaraz po wygranej walce",
    }


#: the events of a won fight: their lines read the fight just won (its fighter, helper,
#: margin: engine/interface.Ctx) and `the winner` names its fighter
WIN_EVENTS = frozenset({"when_other_wins", "when_you_win", "when_any_wins",
                        "when_you_helped_win", "after_win"})
#: the outcomes of a won fight (engine/fight.py ``Combat.outcome``)
WON_OUTCOMES = frozenset({"win", "defeated_without_kill"})
