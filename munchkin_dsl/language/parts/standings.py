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
from typing import Any, ClassVar

from munchkin_dsl.language.algebra import ConditionPart, described
from munchkin_dsl.language.parts.holdings import FILTER

#: `than every other player` / `than any other player` (one meaning: each of them)
_THAN = '"than" ("every"|"any") "other" "player"'
#: `than the fighter`: the one player compared with (engine/conditions.py reads the word as
#: a condition's subject); the rule a standing's `more ... than` takes instead of `_THAN`
THAN_PLAYER = ("fighter", "helper", "victim", "you")
_THAN_ONE = "than_player"
_SUBRULES = ('than_player: "than" "you"  -> than_you\n'
             '           | "than" "the"? "fighter"  -> than_fighter\n'
             '           | "than" "the"? "helper"  -> than_helper\n'
             '           | "than" "the"? "victim"  -> than_victim')


def _than(other: str, lead: str = "", case: str = "WHO") -> str:
    """A standing's text: `than any other player`, or `than the fighter` (``c.than``: the
    first word of ``other``, or ``lead``, then the player in ``case``: `чем у бойца`)."""
    lead = lead or other.split(" ", 1)[0]
    return (f"{{% if c.than %}}{lead} {{{{ w.{case}[c.than] }}}}"
            f"{{% else %}}{other}{{% endif %}}")


def _than_field() -> Any:
    """The `than` field each standing declares (a dataclass field: its default and doc)."""
    return described("the one player compared with (`than the fighter`); none: every "
                     "other living player", None, choices=THAN_PLAYER, quiet=True)


@dataclass(frozen=True, slots=True)
class MostInPlay(ConditionPart):
    """`if victim has the most items in play`: more cards of the filter in play than every
    other living player (a tie is not the most)."""

    rule: ClassVar[str] = "cp_most_in_play"
    predicate: ClassVar[str] = "most_in_play"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = ('("has"|"have") ("the" "most" ' + FILTER + ' "in" "play" '
                             '| "more" ' + FILTER + ' "in" "play" (' + _THAN + '|'
                             + _THAN_ONE + '))')
    subrules: ClassVar[str] = _SUBRULES
    summary: ClassVar[str] = ("the player has more cards of that kind or tag in play than "
                              "every other living player (a tie: not the most); `than the "
                              "fighter`: than that one player")
    example: ClassVar[str] = "if you have the most items in play: +2 to you"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} more {{ fw(c.value, 2, t) }} in play "
              + _than("than any other player"),
        "ru": "{{ have(c, you) }} в игре больше {{ fw(c.value, 5, t) }}, "
              + _than("чем любой другой игрок"),
        "pl": "{{ have(c, you) }} w grze więcej {{ fw(c.value, 5, t) }} "
              + _than("niż każdy inny gracz"),
    }
    than: str | None = _than_field()


@dataclass(frozen=True, slots=True)
class FewestInPlay(ConditionPart):
    """`if you have the fewest items in play`: fewer than every other living player."""

    rule: ClassVar[str] = "cp_fewest_in_play"
    predicate: ClassVar[str] = "fewest_in_play"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = ('("has"|"have") ("the" "fewest" ' + FILTER + ' "in" "play" '
                             '| "fewer" ' + FILTER + ' "in" "play" (' + _THAN + '|'
                             + _THAN_ONE + '))')
    summary: ClassVar[str] = ("the player has fewer cards of that kind or tag in play than "
                              "every other living player (a tie: not the fewest); `than "
                              "the fighter`: than that one player")
    example: ClassVar[str] = "if you have the fewest items in play: +2 to you"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} fewer {{ fw(c.value, 2, t) }} in play "
              + _than("than any other player"),
        "ru": "{{ have(c, you) }} в игре меньше {{ fw(c.value, 5, t) }}, "
              + _than("чем любой другой игрок"),
        "pl": "{{ have(c, you) }} w grze mniej {{ fw(c.value, 5, t) }} "
              + _than("niż każdy inny gracz"),
    }
    than: str | None = _than_field()


@dataclass(frozen=True, slots=True)
class MostInHand(ConditionPart):
    """`if fighter has the most cards in hand`: more cards in hand than every other living
    player."""

    rule: ClassVar[str] = "cp_most_in_hand"
    predicate: ClassVar[str] = "most_in_hand"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = ('("has"|"have") ("the" "most" "cards" "in" "hand" '
                             '| "more" "cards" "in" "hand" (' + _THAN + '|' + _THAN_ONE
                             + '))')
    summary: ClassVar[str] = ("the player holds more cards in hand than every other living "
                              "player (a tie: not the most); `than the fighter`: than that one "
                              "player")
    example: ClassVar[str] = "if you have the most cards in hand: discard 1 card"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} more cards in hand " + _than("than any other player"),
        "ru": "{{ hold(c, you) }} в руке больше карт, " + _than("чем любой другой игрок"),
        "pl": "{{ have(c, you) }} na ręce więcej kart " + _than("niż każdy inny gracz"),
    }
    than: str | None = _than_field()


@dataclass(frozen=True, slots=True)
class FewestInHand(ConditionPart):
    """`if you have the fewest cards in hand`: fewer than every other living player."""

    rule: ClassVar[str] = "cp_fewest_in_hand"
    predicate: ClassVar[str] = "fewest_in_hand"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = ('("has"|"have") ("the" "fewest" "cards" "in" "hand" '
                             '| "fewer" "cards" "in" "hand" (' + _THAN + '|' + _THAN_ONE
                             + '))')
    summary: ClassVar[str] = ("the player holds fewer cards in hand than every other living "
                              "player (a tie: not the fewest); `than the fighter`: than that "
                              "one player")
    example: ClassVar[str] = "if you have the fewest cards in hand: draw 1 treasure face down"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} fewer cards in hand " + _than("than any other player"),
        "ru": "{{ hold(c, you) }} в руке меньше карт, " + _than("чем любой другой игрок"),
        "pl": "{{ have(c, you) }} na ręce mniej kart " + _than("niż każdy inny gracz"),
    }
    than: str | None = _than_field()


@dataclass(frozen=True, slots=True)
class MostWorth(ConditionPart):
    """`if you carry items worth more than any other player`: the items in play, their
    values added, against each other living player's."""

    rule: ClassVar[str] = "cp_most_worth"
    predicate: ClassVar[str] = "most_worth"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = ('("carry"|"carries") "items" "worth" "more" (' + _THAN + '|'
                             + _THAN_ONE + ')')
    summary: ClassVar[str] = ("the items the player has in play are worth more together than "
                              "every other living player's (a tie: not the most); `than "
                              "the fighter`: than that one player")
    example: ClassVar[str] = "if you carry items worth more than any other player: -2 to you"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ carry(c, you) }} items worth more " + _than("than any other player's"),
        "ru": "{{ carry(c, you) }} шмотки на большую сумму, " + _than("чем любой другой игрок"),
        "pl": "{{ carry(c, you) }} przedmioty warte więcej "
              + _than("niż przedmioty każdego innego gracza"),
    }
    than: str | None = _than_field()


@dataclass(frozen=True, slots=True)
class HigherLevel(ConditionPart):
    """`if you have a higher level than the fighter`: the player's level above that one
    player's (or every other living player's: strict, where `the highest level player`
    counts a tie)."""

    rule: ClassVar[str] = "cp_higher_level"
    predicate: ClassVar[str] = "higher_level"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = ('("has"|"have") "a" "higher" "level" (' + _THAN + '|'
                             + _THAN_ONE + ')')
    summary: ClassVar[str] = ("the player's level is above one player's (`than the fighter`) "
                              "or every other living player's (a tie: not higher)")
    example: ClassVar[str] = "in combat, if you have a higher level than the fighter: +2 to you"
    misphrasings: ClassVar[dict[str, str]] = {
        r"\byour level is (?:higher|greater) than\b": "if you have a higher level than ...",
        r"\b(?:the )?(?P<who>fighter|helper|victim)'s level is (?:higher|greater) than\b":
            "if {who} has a higher level than ...",
    }
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} a higher level " + _than("than any other player"),
        "ru": "{{ have(c, you) }} уровень выше, "
              + _than("чем у любого другого игрока", "чем у", "GEN"),
        "pl": "{{ have(c, you) }} wyższy poziom " + _than("niż każdy inny gracz"),
    }
    than: str | None = _than_field()


@dataclass(frozen=True, slots=True)
class LowerLevel(ConditionPart):
    """`if you have a lower level than the fighter`: the player's level below that one
    player's (or every other living player's)."""

    rule: ClassVar[str] = "cp_lower_level"
    predicate: ClassVar[str] = "lower_level"
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = ('("has"|"have") "a" "lower" "level" (' + _THAN + '|'
                             + _THAN_ONE + ')')
    summary: ClassVar[str] = ("the player's level is below one player's (`than the fighter`) "
                              "or every other living player's (a tie: not lower)")
    example: ClassVar[str] = "if victim has a lower level than you: victim loses 1 level"
    misphrasings: ClassVar[dict[str, str]] = {
        r"\byour level is lower than\b": "if you have a lower level than ...",
        r"\b(?:the )?(?P<who>fighter|helper|victim)'s level is lower than\b":
            "if {who} has a lower level than ...",
    }
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} a lower level " + _than("than any other player"),
        "ru": "{{ have(c, you) }} уровень ниже, "
              + _than("чем у любого другого игрока", "чем у", "GEN"),
        "pl": "{{ have(c, you) }} niższy poziom " + _than("niż każdy inny gracz"),
    }
    than: str | None = _than_field()


#: The strict standings: at most one player holds each at a time (a tie: nobody), so a test
#: that several players all hold one (`if each other player has the most items in play`)
#: never holds (compiler/checks/fight_moments.py refuses it); `than the fighter` compares
#: with one player instead, which several may all beat.
STRICT = frozenset(part.predicate for part in (MostInPlay, FewestInPlay, MostInHand,
                                               FewestInHand, MostWorth, HigherLevel,
                                               LowerLevel))
