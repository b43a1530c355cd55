"""Conditions comparing what a player holds with every other living player's.

`if victim has the most items in play` (also `has more items in play than every other
player`), `if you have the fewest curses in play`, `if fighter has the most cards in
hand`, `if you carry items worth more than any other player`.  The comparison is strict:
on a tie nobody has the most, since "more than every other player" is what a card means
(Tax Audit in tests/authoring/held-out); the selectors of the same standings (`the player
with the most items`, parts/selectors.py) name a player instead of testing one.  They read
the whole table, so they are not `standing` (a limit's line, read with no table, refuses
them: compiler/checks/parts.check_standing).  The engine tests them in
``engine/algebra_conditions.py`` against every other living player.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import ConditionPart

#: `than every other player` / `than any other player` (one meaning: each of them)
_THAN = '"than" ("every"|"any") "other" "player"'


@dataclass(frozen=True, slots=True)
class MostInPlay(ConditionPart):
    """`if victim has the most items in play`: more cards of the filter in play than every
    other living player (a tie is not the most)."""

    rule: ClassVar[str] = "cp_most_in_play"
    predicate: ClassVar[str] = "most_in_play"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = ('("has"|"have") ("the" "most" (WORD|big_items) "in" "play" '
                             '| "more" (WORD|big_items) "in" "play" ' + _THAN + ')')
    summary: ClassVar[str] = ("the player has more cards of that kind or tag in play than "
                              "every other living player (a tie: not the most)")
    example: ClassVar[str] = "if you have the most items in play: +2 to you"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} more {{ fw(c.value, 2, t) }} in play than any other player",
        "ru": "{{ have(c, you) }} в игре больше {{ fw(c.value, 5, t) }}, чем любой другой "
              "игрок",
        "pl": "{{ have(c, you) }} w grze więcej {{ fw(c.value, 5, t) }} niż każdy inny gracz",
    }


@dataclass(frozen=True, slots=True)
class FewestInPlay(ConditionPart):
    """`if you have the fewest items in play`: fewer than every other living player."""

    rule: ClassVar[str] = "cp_fewest_in_play"
    predicate: ClassVar[str] = "fewest_in_play"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = ('("has"|"have") ("the" "fewest" (WORD|big_items) "in" "play" '
                             '| "fewer" (WORD|big_items) "in" "play" ' + _THAN + ')')
    summary: ClassVar[str] = ("the player has fewer cards of that kind or tag in play than "
                              "every other living player (a tie: not the fewest)")
    example: ClassVar[str] = "if you have the fewest items in play: +2 to you"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} fewer {{ fw(c.value, 2, t) }} in play than any other player",
        "ru": "{{ have(c, you) }} в игре меньше {{ fw(c.value, 5, t) }}, чем любой другой "
              "игрок",
        "pl": "{{ have(c, you) }} w grze mniej {{ fw(c.value, 5, t) }} niż każdy inny gracz",
    }


@dataclass(frozen=True, slots=True)
class MostInHand(ConditionPart):
    """`if fighter has the most cards in hand`: more cards in hand than every other living
    player."""

    rule: ClassVar[str] = "cp_most_in_hand"
    predicate: ClassVar[str] = "most_in_hand"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = ('("has"|"have") ("the" "most" "cards" "in" "hand" '
                             '| "more" "cards" "in" "hand" ' + _THAN + ')')
    summary: ClassVar[str] = ("the player holds more cards in hand than every other living "
                              "player (a tie: not the most)")
    example: ClassVar[str] = "if you have the most cards in hand: discard 1 card"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} more cards in hand than any other player",
        "ru": "{{ hold(c, you) }} в руке больше карт, чем любой другой игрок",
        "pl": "{{ have(c, you) }} na ręce więcej kart niż każdy inny gracz",
    }


@dataclass(frozen=True, slots=True)
class FewestInHand(ConditionPart):
    """`if you have the fewest cards in hand`: fewer than every other living player."""

    rule: ClassVar[str] = "cp_fewest_in_hand"
    predicate: ClassVar[str] = "fewest_in_hand"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = ('("has"|"have") ("the" "fewest" "cards" "in" "hand" '
                             '| "fewer" "cards" "in" "hand" ' + _THAN + ')')
    summary: ClassVar[str] = ("the player holds fewer cards in hand than every other living "
                              "player (a tie: not the fewest)")
    example: ClassVar[str] = "if you have the fewest cards in hand: draw 1 treasure face down"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} fewer cards in hand than any other player",
        "ru": "{{ hold(c, you) }} в руке меньше карт, чем любой другой игрок",
        "pl": "{{ have(c, you) }} na ręce mniej kart niż każdy inny gracz",
    }


@dataclass(frozen=True, slots=True)
class MostWorth(ConditionPart):
    """`if you carry items worth more than any other player`: the items in play, their
    values added, against each other living player's."""

    rule: ClassVar[str] = "cp_most_worth"
    predicate: ClassVar[str] = "most_worth"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = '("carry"|"carries") "items" "worth" "more" ' + _THAN
    summary: ClassVar[str] = ("the items the player has in play are worth more together than "
                              "every other living player's (a tie: not the most)")
    example: ClassVar[str] = "if you carry items worth more than any other player: -2 to you"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ carry(c, you) }} items worth more than any other player's",
        "ru": "{{ carry(c, you) }} шмотки на большую сумму, чем любой другой игрок",
        "pl": "{{ carry(c, you) }} przedmioty warte więcej niż przedmioty każdego innego "
              "gracza",
    }


#: The strict standings: at most one player holds each at a time (a tie: nobody), so a test
#: that several players all hold one (`if each other player has the most items in play`)
#: never holds (compiler/checks/fight_moments.py refuses it).
STRICT = frozenset(part.predicate for part in (MostInPlay, FewestInPlay, MostInHand,
                                               FewestInHand, MostWorth))
