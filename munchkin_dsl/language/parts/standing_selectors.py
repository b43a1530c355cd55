"""Selectors by a standing: `the player with the most cards in hand`, `the player with the
fewest items`, `each player with the fewest cards in hand`.

Each names the players a standings condition (parts/standings.py) tests: ``standing`` is
that condition's predicate and ``value`` its filter word, so one declaration of what is
measured serves both (engine/algebra_conditions.STANDINGS measures it; the condition wants
a player strictly ahead, the selector takes the tied players).  Without `each` a tie is the
card's player's pick, as for `the player with the most items`; with `each` every tied
player is reached.  `the most ...` with nobody holding one reaches nobody (an `otherwise`
applies); `the fewest ...` always reaches someone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import SelectorPart
from munchkin_dsl.language.parts.standings import FewestInHand, FewestInPlay, MostInHand


@dataclass(frozen=True, slots=True)
class StandingSelector(SelectorPart):
    """A selector naming the leaders (or the last) of a standing; no rule of its own."""

    #: the standings condition's predicate whose measure it reads
    standing: ClassVar[str] = ""
    #: that condition's filter word (`items`), None for cards in hand
    value: ClassVar[str | None] = None
    #: every tied player (`each player with ...`), not one of them
    each: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class MostInHandPlayer(StandingSelector):
    """`the player with the most cards in hand` (ties: the card's player picks one)."""

    rule: ClassVar[str] = "sel_most_in_hand"
    target: ClassVar[str] = "most_in_hand"
    standing: ClassVar[str] = MostInHand.predicate
    syntax: ClassVar[str] = '"the" "player" "with" "the" "most" "cards" "in" "hand"'
    summary: ClassVar[str] = ("the living player with the most cards in hand (ties: the card's "
                              "player chooses one; nobody holds a card: nobody)")
    reaches: ClassVar[str] = ("the living player with the most cards in hand (ties: one the "
                              "card's player chooses)")
    example: ClassVar[str] = "on reveal: the player with the most cards in hand discards 2 cards"
    means: ClassVar[str] = "largest biggest hand most cards player"
    text: ClassVar[dict[str, str]] = {
        "en": "the player with the most cards in hand",
        "ru": "игрок с наибольшим числом карт в руке",
        "pl": "gracz z największą liczbą kart na ręce",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "игроку с наибольшим числом карт в руке",
               "GEN": "игрока с наибольшим числом карт в руке"},
        "pl": {"TO": "graczowi z największą liczbą kart na ręce",
               "GEN": "gracza z największą liczbą kart na ręce"},
    }


@dataclass(frozen=True, slots=True)
class FewestInHandPlayer(StandingSelector):
    """`the player with the fewest cards in hand` (ties: the card's player picks one)."""

    rule: ClassVar[str] = "sel_fewest_in_hand"
    target: ClassVar[str] = "fewest_in_hand"
    standing: ClassVar[str] = FewestInHand.predicate
    syntax: ClassVar[str] = '"the" "player" "with" "the" "fewest" "cards" "in" "hand"'
    summary: ClassVar[str] = ("the living player with the fewest cards in hand (ties: the "
                              "card's player chooses one)")
    reaches: ClassVar[str] = ("the living player with the fewest cards in hand (ties: one the "
                              "card's player chooses)")
    example: ClassVar[str] = ("on reveal: the player with the fewest cards in hand draws 1 "
                              "treasure face down")
    means: ClassVar[str] = "smallest hand fewest least cards player"
    text: ClassVar[dict[str, str]] = {
        "en": "the player with the fewest cards in hand",
        "ru": "игрок с наименьшим числом карт в руке",
        "pl": "gracz z najmniejszą liczbą kart na ręce",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "игроку с наименьшим числом карт в руке",
               "GEN": "игрока с наименьшим числом карт в руке"},
        "pl": {"TO": "graczowi z najmniejszą liczbą kart na ręce",
               "GEN": "gracza z najmniejszą liczbą kart na ręce"},
    }


@dataclass(frozen=True, slots=True)
class FewestItemsPlayer(StandingSelector):
    """`the player with the fewest items` (in play; ties: the card's player picks one)."""

    rule: ClassVar[str] = "sel_fewest_items"
    target: ClassVar[str] = "fewest_items"
    standing: ClassVar[str] = FewestInPlay.predicate
    value: ClassVar[str | None] = "item"
    syntax: ClassVar[str] = '"the" "player" "with" "the" "fewest" "items"'
    summary: ClassVar[str] = ("the living player with the fewest items in play (ties: the "
                              "card's player chooses one)")
    reaches: ClassVar[str] = ("the living player with the fewest items in play (ties: one the "
                              "card's player chooses)")
    example: ClassVar[str] = "on reveal: the player with the fewest items gains 1 level"
    means: ClassVar[str] = "poorest fewest least items player"
    text: ClassVar[dict[str, str]] = {
        "en": "the player with the fewest items",
        "ru": "игрок с наименьшим числом шмоток",
        "pl": "gracz z najmniejszą liczbą przedmiotów",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "игроку с наименьшим числом шмоток",
               "GEN": "игрока с наименьшим числом шмоток"},
        "pl": {"TO": "graczowi z najmniejszą liczbą przedmiotów",
               "GEN": "gracza z najmniejszą liczbą przedmiotów"},
    }


@dataclass(frozen=True, slots=True)
class EachMostInHand(StandingSelector):
    """`each player with the most cards in hand`: every player tied for the most."""

    rule: ClassVar[str] = "sel_each_most_in_hand"
    target: ClassVar[str] = "each_most_in_hand"
    standing: ClassVar[str] = MostInHand.predicate
    each: ClassVar[bool] = True
    syntax: ClassVar[str] = '"each" "player" "with" "the" "most" "cards" "in" "hand"'
    summary: ClassVar[str] = "every living player tied for the most cards in hand"
    reaches: ClassVar[str] = "every living player tied for the most cards in hand"
    example: ClassVar[str] = ("on reveal: each player with the most cards in hand discards 1 "
                              "card")
    means: ClassVar[str] = "each every all tied largest hand most cards players"
    text: ClassVar[dict[str, str]] = {
        "en": "each player with the most cards in hand",
        "ru": "каждый игрок с наибольшим числом карт в руке",
        "pl": "każdy gracz z największą liczbą kart na ręce",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "каждому игроку с наибольшим числом карт в руке",
               "GEN": "каждого игрока с наибольшим числом карт в руке"},
        "pl": {"TO": "każdemu graczowi z największą liczbą kart na ręce",
               "GEN": "każdego gracza z największą liczbą kart na ręce"},
    }


@dataclass(frozen=True, slots=True)
class EachFewestInHand(StandingSelector):
    """`each player with the fewest cards in hand`: every player tied for the fewest."""

    rule: ClassVar[str] = "sel_each_fewest_in_hand"
    target: ClassVar[str] = "each_fewest_in_hand"
    standing: ClassVar[str] = FewestInHand.predicate
    each: ClassVar[bool] = True
    syntax: ClassVar[str] = '"each" "player" "with" "the" "fewest" "cards" "in" "hand"'
    summary: ClassVar[str] = "every living player tied for the fewest cards in hand"
    reaches: ClassVar[str] = "every living player tied for the fewest cards in hand"
    example: ClassVar[str] = ("on reveal: each player with the fewest cards in hand draws 1 "
                              "door face down")
    means: ClassVar[str] = "each every all tied smallest hand fewest cards players"
    text: ClassVar[dict[str, str]] = {
        "en": "each player with the fewest cards in hand",
        "ru": "каждый игрок с наименьшим числом карт в руке",
        "pl": "każdy gracz z najmniejszą liczbą kart na ręce",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "каждому игроку с наименьшим числом карт в руке",
               "GEN": "каждого игрока с наименьшим числом карт в руке"},
        "pl": {"TO": "każdemu graczowi z najmniejszą liczbą kart na ręce",
               "GEN": "każdego gracza z najmniejszą liczbą kart na ręce"},
    }


@dataclass(frozen=True, slots=True)
class EachFewestItems(StandingSelector):
    """`each player with the fewest items`: every player tied for the fewest in play."""

    rule: ClassVar[str] = "sel_each_fewest_items"
    target: ClassVar[str] = "each_fewest_items"
    standing: ClassVar[str] = FewestInPlay.predicate
    value: ClassVar[str | None] = "item"
    each: ClassVar[bool] = True
    syntax: ClassVar[str] = '"each" "player" "with" "the" "fewest" "items"'
    summary: ClassVar[str] = "every living player tied for the fewest items in play"
    reaches: ClassVar[str] = "every living player tied for the fewest items in play"
    example: ClassVar[str] = "on reveal: each player with the fewest items gains 1 level"
    means: ClassVar[str] = "each every all tied poorest fewest items players"
    text: ClassVar[dict[str, str]] = {
        "en": "each player with the fewest items",
        "ru": "каждый игрок с наименьшим числом шмоток",
        "pl": "każdy gracz z najmniejszą liczbą przedmiotów",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "каждому игроку с наименьшим числом шмоток",
               "GEN": "каждого игрока с наименьшим числом шмоток"},
        "pl": {"TO": "każdemu graczowi z najmniejszą liczbą przedmiotów",
               "GEN": "każdego gracza z najmniejszą liczbą przedmiotów"},
    }
