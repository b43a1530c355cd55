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
from munchkin_dsl.language.parts.holdings import FILTER_WORDS, HAND_FILTERS
from munchkin_dsl.language.parts.standings import (
    FewestInHand,
    FewestInPlay,
    MostInHand,
    MostInPlay,
    MostWorth,
)


@dataclass(frozen=True, slots=True)
class StandingSelector(SelectorPart):
    """A selector naming the leaders (or the last) of a standing; no rule of its own."""

    #: the standings condition's predicate whose measure it reads
    standing: ClassVar[str] = ""
    #: that condition's filter word (`items`), None for cards in hand
    value: ClassVar[str | None] = None
    #: every tied player (`each player with ...`), not one of them
    each: ClassVar[bool] = False
    #: among the other players (`the other player with ...`): "you" left out
    other: ClassVar[bool] = False


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


# -- generated: a selector for each measure of the standings conditions ---------------------
#: a head of a generated selector: (target prefix, syntax lead, each, other, en, ru, pl), each
#: language's head in its three cases (WHO, TO, GEN)
_HEADS: tuple[tuple[str, str, bool, bool, tuple[str, ...], tuple[str, ...], tuple[str, ...]],
              ...] = (
    ("", '"the"', False, False, ("the player",) * 3, ("игрок", "игроку", "игрока"),
     ("gracz", "graczowi", "gracza")),
    ("each_", '"each"', True, False, ("each player",) * 3,
     ("каждый игрок", "каждому игроку", "каждого игрока"),
     ("każdy gracz", "każdemu graczowi", "każdego gracza")),
    ("other_", '"the" "other"', False, True, ("the other player",) * 3,
     ("другой игрок", "другому игроку", "другого игрока"),
     ("inny gracz", "innemu graczowi", "innego gracza")),
)
#: most (sign 1) / fewest (-1): the words of the standing, by language
_RANK = {1: ("most", "наибольшим", "największą"), -1: ("fewest", "наименьшим", "najmniejszą")}
#: how each head's tie is read, for the docs
_TIES = {"": "ties: one the card's player chooses", "each_": "ties: every one of them",
         "other_": "you left out; ties: one the card's player chooses"}
#: the forms the hand-written classes above (and parts/selectors.py) already declare
_DECLARED = {"most_items", "fewest_items", "each_most_items", "each_fewest_items",
             "other_most_items"}


#: a standing by a tag (`the player with the fewest Steeds`) has no selector: the filter of a
#: selector is a card kind; a tag is tested on one player by the condition (parts/standings.py).
#: Declared once (on `the player with the most curses`), read by registry.misphrasing_hint.
_TAG_HINT = {
    r"\b(?:the|each) (?:other )?player with the (?:most|fewest) (?!(?:items?|cards?|curses|"
    r"traps|disasters|sidekicks|hirelings|races|classes|big items|small items|headgear|"
    r"armor|footgear|gold|credits)\b)\w+":
        "the player with the most curses (a card kind: curses, traps, Hirelings, Sidekicks, "
        "races, classes, Big items, items; for a tag the pack declares, a condition on one "
        "player: if victim has the most Steed in play: victim loses 1 level)",
    # the selector counts the cards in play without saying so
    r"\b(?P<who>(?:the|each) (?:other )?player with the (?:most|fewest) [a-z ]+?) in play\b":
        "{who}",
}


def _spelled(plural: str) -> str:
    """`Traps` as the grammar reads it: lower or capital first letter, `Big items` with
    either count word (as big_items)."""
    if plural in ("Big items", "small items"):  # (`small items`: as small_items)
        word = plural.split()[0].lower()
        return f'("{word}"|"{word.capitalize()}") _items'
    return f'("{plural.lower()}"|"{plural.capitalize()}")'


def _make(name: str, ns: dict[str, object]) -> type[StandingSelector]:
    """A generated selector class, bound in this module (so it imports and pickles as a
    written one does)."""
    made = type(name, (StandingSelector,), ns)
    cls: type[StandingSelector] = dataclass(frozen=True, slots=True)(made)
    globals()[name] = cls
    return cls


def _filtered() -> list[type[StandingSelector]]:
    """`the player with the most curses (in play)`, `each player with the fewest Hirelings`,
    `the other player with the most Big items`: the kind filters of the in-play standings
    (parts/holdings.FILTER_WORDS), each head, most and fewest."""
    made = []
    for value, words in FILTER_WORDS.items():
        if value in ("card", "go_up_a_level") or value in HAND_FILTERS:  # `the most cards`
            continue  # reads as a hand (`... cards in hand` says it); a Go Up a Level card
            # is never in play; `items that take hands` is no word a selector takes
        plural, ru, pl = words["en"][1], words["ru"][1], words["pl"][2]
        for sign, (en_rank, ru_rank, pl_rank) in _RANK.items():
            predicate = (MostInPlay if sign > 0 else FewestInPlay).predicate
            for prefix, lead, each, other, en_h, ru_h, pl_h in _HEADS:
                target = f"{prefix}{en_rank}_{plural.lower().replace(' ', '_')}"
                if target in _DECLARED:
                    continue
                en_t = f"with the {en_rank} {plural}"
                ru_t, pl_t = f"с {ru_rank} числом {ru}", f"z {pl_rank} liczbą {pl}"
                made.append(_make(f"Standing_{target}", {
                    "misphrasings": _TAG_HINT if target == "most_curses" else {},
                    "rule": f"sel_standing_{target}", "target": target,
                    "standing": predicate, "value": value, "each": each, "other": other,
                    # no `in play` after it: `in` may follow a target (`... in their next
                    # combat`), and strict LALR refuses the choice (test_grammar); the
                    # words mean the cards in play, and `in play` written gets a hint
                    "syntax": f'{lead} "player" "with" "the" "{en_rank}" {_spelled(plural)}',
                    "summary": (f"{en_h[0]} with the {en_rank} {plural} in play "
                                f"({_TIES[prefix]}; the most with nobody holding one: "
                                "nobody)"),
                    "reaches": f"{en_h[0]} with the {en_rank} {plural} in play "
                               f"({_TIES[prefix]})",
                    "example": f"on reveal: {en_h[0]} {en_t} loses 1 level",
                    "means": f"{en_rank} {plural.lower()} player standing {prefix.strip('_')}",
                    "text": {"en": f"{en_h[0]} {en_t}", "ru": f"{ru_h[0]} {ru_t}",
                             "pl": f"{pl_h[0]} {pl_t}"},
                    "cases": {"ru": {"TO": f"{ru_h[1]} {ru_t}", "GEN": f"{ru_h[2]} {ru_t}"},
                              "pl": {"TO": f"{pl_h[1]} {pl_t}", "GEN": f"{pl_h[2]} {pl_t}"}},
                }))
    return made


#: the value of the items carried: `the richest player` (most_worth) / `the poorest player`
#: (least_worth): the adjective, the rank word, ru and pl (the, each, other) x (WHO, TO, GEN)
_WORTH = (
    ("richest", MostWorth.predicate, "most",
     (("самый богатый игрок", "самому богатому игроку", "самого богатого игрока"),
      ("каждый из самых богатых игроков", "каждому из самых богатых игроков",
       "каждого из самых богатых игроков"),
      ("другой самый богатый игрок", "другому самому богатому игроку",
       "другого самого богатого игрока")),
     (("najbogatszy gracz", "najbogatszemu graczowi", "najbogatszego gracza"),
      ("każdy z najbogatszych graczy", "każdemu z najbogatszych graczy",
       "każdego z najbogatszych graczy"),
      ("inny najbogatszy gracz", "innemu najbogatszemu graczowi",
       "innego najbogatszego gracza"))),
    ("poorest", "least_worth", "least",
     (("самый бедный игрок", "самому бедному игроку", "самого бедного игрока"),
      ("каждый из самых бедных игроков", "каждому из самых бедных игроков",
       "каждого из самых бедных игроков"),
      ("другой самый бедный игрок", "другому самому бедному игроку",
       "другого самого бедного игрока")),
     (("najbiedniejszy gracz", "najbiedniejszemu graczowi", "najbiedniejszego gracza"),
      ("każdy z najbiedniejszych graczy", "każdemu z najbiedniejszych graczy",
       "każdego z najbiedniejszych graczy"),
      ("inny najbiedniejszy gracz", "innemu najbiedniejszemu graczowi",
       "innego najbiedniejszego gracza"))),
)
#: the English head of each form (`each of the richest players` reads as English)
_WORTH_EN = {"": "the {a} player", "each_": "each of the {a} players",
             "other_": "the other {a} player"}


def _worth() -> list[type[StandingSelector]]:
    """`the richest player` / `the player who carries the most gold` / `the player with
    items worth the most`, `the poorest player` (`the least gold`): the value of the items a
    player carries, added (the measure of `if you carry items worth more than any other
    player`), each head."""
    made = []
    for adjective, predicate, rank, ru_forms, pl_forms in _WORTH:
        # one class per phrasing (the same target word): each reads as plain words in the
        # reference and in the parser's nearest-selector hints
        tails = (f'"{adjective}" "player"', f'"player" "with" "the" "{rank}" _money',
                 f'"player" "who" ("carries"|"carry") "the" "{rank}" _money',
                 f'"player" "with" "items" "worth" "the" "{rank}"')
        for (prefix, lead, each, other, *_), ru, pl in zip(_HEADS, ru_forms, pl_forms,
                                                            strict=True):
            target = f"{prefix}{adjective}"
            en = _WORTH_EN[prefix].format(a=adjective)
            for k, tail in enumerate(tails):
                syntax = (f'"each" "of" "the" "{adjective}" "players"' if each and k == 0
                          else f"{lead} {tail}")
                made.append(_make(f"Standing_{target}{'_' * bool(k)}{k or ''}", {
                    "rule": f"sel_standing_{target}{'_' * bool(k)}{k or ''}",
                    "target": target, "standing": predicate,
                    "each": each, "other": other, "syntax": syntax,
                    "summary": (f"{en}: the items in play worth the {rank} together "
                                f"({_TIES[prefix]}; the most with nobody carrying any: "
                                "nobody)"),
                    "reaches": f"{en}, by the value of the items carried ({_TIES[prefix]})",
                    "example": f"on reveal: {en} loses 1 level",
                    "means": f"{adjective} {rank} gold worth value items player "
                             f"{prefix.strip('_')}",
                    "text": {"en": en, "ru": ru[0], "pl": pl[0]},
                    "cases": {"ru": {"TO": ru[1], "GEN": ru[2]},
                              "pl": {"TO": pl[1], "GEN": pl[2]}},
                }))
    return made


#: the generated selectors, by their TARGETS word
GENERATED: dict[str, type[StandingSelector]] = {p.target: p for p in (*_filtered(), *_worth())}
