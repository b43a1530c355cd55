"""Selectors: who an effect reaches, written wherever a target stands.

`a player of your choice gains 1 level`, `+2 to the player with the most items`, `on
kill: the winner draws 1 treasure face down`.  Each joins the grammar's ``target``, so it
is a subject (`the winner loses 1 level`), a `to ...` of a modifier and a `from ...` of a
take or a steal alike; the players it names are found in
``munchkin_dsl/engine/algebra_selectors.py`` (or, for a spelling of a hand-written
selector such as `the player with the highest level`, where that one is).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import SelectorPart
from munchkin_dsl.language.parts.riders import TIMINGS as RIDERS

#: Where a fight has just been won (the kill's timings): `the winner` names someone.
WON = frozenset({"on_kill", "after_kill", "when_other_kills", "when_any_kills",
                 "when_other_wins", "when_you_win", "when_any_wins", "when_you_helped_win",
                 "after_win"})  # (parts/won_fights.py: a fight won, by a kill or not)


@dataclass(frozen=True, slots=True)
class ChosenPlayer(SelectorPart):
    """`a player of your choice`: one living player, yourself included, picked by the
    card's owner when the line applies."""

    rule: ClassVar[str] = "sel_chosen_player"
    target: ClassVar[str] = "chosen_player"
    syntax: ClassVar[str] = '"a" "player" "of" "your" "choice"'
    summary: ClassVar[str] = ("one living player (you too) the card's owner picks when the "
                              "line applies (in a scenario `A chooses option 2`: the second "
                              "after A in seat order)")
    reaches: ClassVar[str] = ("one living player, the owner included, picked by the owner when "
                              "it applies (the others in seat order after the owner, then the "
                              "owner)")
    example: ClassVar[str] = "any time: a player of your choice gains 1 level"
    means: ClassVar[str] = "choose pick any player target select whom you want"
    chooser: ClassVar[bool] = True
    text: ClassVar[dict[str, str]] = {
        "en": "a player of your choice",
        "ru": "игрок на твой выбор",
        "pl": "wybrany przez ciebie gracz",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "игроку на твой выбор", "GEN": "игрока на твой выбор"},
        "pl": {"TO": "wybranemu przez ciebie graczowi", "GEN": "wybranego przez ciebie gracza"},
    }


@dataclass(frozen=True, slots=True)
class MostItems(SelectorPart):
    """`the player with the most items`: the living player(s) with the most items in play
    (ties: the card's player chooses one of them; `each player with the most items`: every one);
    nobody with an item: nobody, so an `otherwise` applies."""

    rule: ClassVar[str] = "sel_most_items"
    target: ClassVar[str] = "most_items"
    syntax: ClassVar[str] = '"the" "player" "with" "the" "most" "items"'
    summary: ClassVar[str] = ("the living player with the most items in play (ties: the "
                              "card's player chooses one; a line read in a fight: each tied "
                              "player in it; nobody has an item: nobody)")
    reaches: ClassVar[str] = ("the living player with the most items in play (ties: one the "
                              "card's player chooses; none when nobody has an item)")
    example: ClassVar[str] = "on reveal: the player with the most items loses 1 level"
    means: ClassVar[str] = "richest most items wealthiest player who carries most"
    text: ClassVar[dict[str, str]] = {
        "en": "the player with the most items",
        "ru": "игрок с наибольшим числом шмоток",
        "pl": "gracz z największą liczbą przedmiotów",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "игроку с наибольшим числом шмоток",
               "GEN": "игрока с наибольшим числом шмоток"},
        "pl": {"TO": "graczowi z największą liczbą przedmiotów",
               "GEN": "gracza z największą liczbą przedmiotów"},
    }


@dataclass(frozen=True, slots=True)
class Winner(SelectorPart):
    """`the winner`: the main fighter of the fight just won (at a kill's timings only)."""

    rule: ClassVar[str] = "sel_winner"
    target: ClassVar[str] = "winner"
    syntax: ClassVar[str] = '"the" "winner" ("of" "the" "fight")?'
    summary: ClassVar[str] = ("the main fighter of the fight just won; only where a fight has "
                              "just been won (`on kill`, `after a kill`, `when another player "
                              "kills a monster`)")
    reaches: ClassVar[str] = "the main fighter of the fight just won"
    example: ClassVar[str] = "when another player kills a monster: the winner loses 1 level"
    means: ClassVar[str] = "winner victor who won the fight killer"
    timings: ClassVar[frozenset[str] | None] = WON
    refuse: ClassVar[str] = ("`the winner` is the player who just won a fight, and at this "
                             "moment no fight has just been won")
    text: ClassVar[dict[str, str]] = {
        "en": "the winner of the fight",
        "ru": "победитель боя",
        "pl": "zwycięzca walki",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "победителю боя", "GEN": "победителя боя"},
        "pl": {"TO": "zwycięzcy walki", "GEN": "zwycięzcy walki"},
    }


@dataclass(frozen=True, slots=True)
class HighestLevel(SelectorPart):
    """`the player with the highest level`: the same players as `the highest level player`."""

    rule: ClassVar[str] = "sel_highest_level"
    target: ClassVar[str] = "highest_level"
    syntax: ClassVar[str] = '"the" "player" "with" "the" "highest" "level"'
    summary: ClassVar[str] = ("the player of the highest level (ties: the card's player "
                              "chooses one; a line read in a fight: each tied player in it)")
    reaches: ClassVar[str] = "the player of the highest level (ties: one the card's player chooses)"
    example: ClassVar[str] = "on reveal: the player with the highest level loses 1 level"
    means: ClassVar[str] = "top leader highest level strongest player"
    text: ClassVar[dict[str, str]] = {
        "en": "the highest-level player",
        "ru": "игрок с наивысшим уровнем",
        "pl": "gracz z najwyższym poziomem",
    }


@dataclass(frozen=True, slots=True)
class LowestLevel(SelectorPart):
    """`the player with the lowest level`: the same players as `the lowest level player`."""

    rule: ClassVar[str] = "sel_lowest_level"
    target: ClassVar[str] = "lowest_level"
    syntax: ClassVar[str] = '"the" "player" "with" "the" "lowest" "level"'
    summary: ClassVar[str] = ("the player of the lowest level (ties: the card's player "
                              "chooses one; a line read in a fight: each tied player in it)")
    reaches: ClassVar[str] = "the player of the lowest level (ties: one the card's player chooses)"
    example: ClassVar[str] = "on reveal: the player with the lowest level gains 1 level"
    means: ClassVar[str] = "last weakest lowest level player behind"
    text: ClassVar[dict[str, str]] = {
        "en": "the lowest-level player",
        "ru": "игрок с самым низким уровнем",
        "pl": "gracz z najniższym poziomem",
    }


@dataclass(frozen=True, slots=True)
class EachMostItems(SelectorPart):
    """`each player with the most items`: every living player tied for the most items (the
    superlatives without `each` reach one of them, the card's player's choice)."""

    rule: ClassVar[str] = "sel_each_most_items"
    target: ClassVar[str] = "each_most_items"
    syntax: ClassVar[str] = '"each" "player" "with" "the" "most" "items"'
    summary: ClassVar[str] = "every living player tied for the most items in play"
    reaches: ClassVar[str] = "every living player tied for the most items in play"
    example: ClassVar[str] = "on reveal: each player with the most items loses 1 level"
    means: ClassVar[str] = "each every all richest tied most items players"
    text: ClassVar[dict[str, str]] = {
        "en": "each player with the most items",
        "ru": "каждый игрок с наибольшим числом шмоток",
        "pl": "każdy gracz z największą liczbą przedmiotów",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "каждому игроку с наибольшим числом шмоток",
               "GEN": "каждого игрока с наибольшим числом шмоток"},
        "pl": {"TO": "każdemu graczowi z największą liczbą przedmiotów",
               "GEN": "każdego gracza z największą liczbą przedmiotów"},
    }


@dataclass(frozen=True, slots=True)
class EachHighestLevel(SelectorPart):
    """`each player with the highest level`: every player tied for the highest level."""

    rule: ClassVar[str] = "sel_each_highest_level"
    target: ClassVar[str] = "each_highest_level"
    syntax: ClassVar[str] = '"each" "player" "with" "the" "highest" "level"'
    summary: ClassVar[str] = "every player tied for the highest level"
    reaches: ClassVar[str] = "every player tied for the highest level"
    example: ClassVar[str] = "on reveal: each player with the highest level loses 1 level"
    means: ClassVar[str] = "each every all leaders tied highest level players"
    text: ClassVar[dict[str, str]] = {
        "en": "each highest-level player",
        "ru": "каждый игрок с наивысшим уровнем",
        "pl": "każdy gracz z najwyższym poziomem",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "каждому игроку с наивысшим уровнем",
               "GEN": "каждого игрока с наивысшим уровнем"},
        "pl": {"TO": "każdemu graczowi z najwyższym poziomem",
               "GEN": "każdego gracza z najwyższym poziomem"},
    }


@dataclass(frozen=True, slots=True)
class EachLowestLevel(SelectorPart):
    """`each player with the lowest level`: every player tied for the lowest level."""

    rule: ClassVar[str] = "sel_each_lowest_level"
    target: ClassVar[str] = "each_lowest_level"
    syntax: ClassVar[str] = '"each" "player" "with" "the" "lowest" "level"'
    summary: ClassVar[str] = "every player tied for the lowest level"
    reaches: ClassVar[str] = "every player tied for the lowest level"
    example: ClassVar[str] = "on reveal: each player with the lowest level gains 1 level"
    means: ClassVar[str] = "each every all last tied lowest level players"
    text: ClassVar[dict[str, str]] = {
        "en": "each lowest-level player",
        "ru": "каждый игрок с самым низким уровнем",
        "pl": "każdy gracz z najniższym poziomem",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "каждому игроку с самым низким уровнем",
               "GEN": "каждого игрока с самым низким уровнем"},
        "pl": {"TO": "każdemu graczowi z najniższym poziomem",
               "GEN": "każdego gracza z najniższym poziomem"},
    }


#: The events that name the player they are about (engine/events.react's ``actor``):
#: `that player` reaches them there.
ABOUT_A_PLAYER = frozenset({
    "when_other_gains_level", "when_other_kills", "curse_played", "when_targeted",
    "when_other_dies", "when_other_sells", "when_other_discards", "when_other_runs_away",
    "when_other_looted",
    "when_other_escapes", "when_other_caught", "when_other_asks_help", "when_other_bad_stuff",
    "when_other_kicks_door", "when_other_loses_level", "when_other_plays_curse",
    "next_kill_of_that_player", "when_other_fights", "when_other_plays_card",
    "when_other_helps", "when_other_starts_turn", "when_other_curses_you",
    "when_other_opens_seal", "when_other_rolls_run_away", "when_you_gain_level",
    "when_you_lose_level", "when_you_discard",
    "when_you_play_curse", "when_you_help", "when_you_ask_help", "when_you_run_away",
    "when_you_play_card", "when_you_sell",  # parts/own_events.py: the card's own player
    "when_any_gains_level", "when_any_loses_level", "when_any_discards", "when_any_kills",
    "when_any_plays_curse", "when_any_sells",  # ... and anyone (who did it)
    "when_other_wins", "when_you_win", "when_any_wins",  # parts/won_fights.py: who won
    *RIDERS})  # `if that player loses this combat: that player ...`: whom it is about


@dataclass(frozen=True, slots=True)
class ThatPlayer(SelectorPart):
    """`that player`: the player the event is about (who discarded, ran away, played the
    curse, killed the monster, went up a level...), at the events that name one."""

    rule: ClassVar[str] = "sel_that_player"
    target: ClassVar[str] = "that_player"
    syntax: ClassVar[str] = '"that" "player"'
    summary: ClassVar[str] = ("the player the event is about: who discarded, ran away, asked "
                              "for help, kicked the door, lost or gained a level, killed, "
                              "sold, died; at `when a curse is played on a player` the "
                              "victim, at `when targeted by ...` the curse's player")
    reaches: ClassVar[str] = "the player the line's event is about"
    example: ClassVar[str] = "when another player runs away: that player loses 1 level"
    means: ClassVar[str] = "that player them the one who did it its player the curser"
    timings: ClassVar[frozenset[str] | None] = ABOUT_A_PLAYER
    refuse: ClassVar[str] = ("`that player` is the player an event is about, and this timing "
                             "names no player")
    instead: ClassVar[str] = ("write it on an event about another player (`when another "
                              "player runs away:`, `when targeted by curse:`), or name the "
                              "player another way: `victim`, `the winner`, `a player of your "
                              "choice`")
    text: ClassVar[dict[str, str]] = {
        "en": "that player",
        "ru": "этот игрок",
        "pl": "ten gracz",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "этому игроку", "GEN": "этого игрока"},
        "pl": {"TO": "temu graczowi", "GEN": "tego gracza"},
    }


#: the card kinds a player plays on a victim (and that then stay on them or act at once)
_CURSE_LIKE = frozenset({"curse", "trap", "disaster"})
#: the events about a curse in flight: whoever played it is known there
CURSE_IN_FLIGHT = frozenset({"curse_played", "when_targeted"})
_PLAYED_INSTEAD = ("write it on a curse, trap or disaster (the player who played it on its "
                   "victim), on a monster (the player who played it into a fight, as a "
                   "Wandering Monster does), or at `when a curse is played on a player:` / "
                   "`when targeted by curse:` (`the player who played the curse`); a card of "
                   "your own is `you`")


@dataclass(frozen=True, slots=True)
class CardPlayer(SelectorPart):
    """`the player who played this card`: on a curse-like card, the player who played it on
    its victim (also while it stays on them, when `you` and `victim` are the victim); on a
    monster, the player who played it into a fight (nobody for one kicked open)."""

    rule: ClassVar[str] = "sel_card_player"
    target: ClassVar[str] = "card_player"
    syntax: ClassVar[str] = '"the" "player" "who" "played" ("this" "card"? | "it")'
    summary: ClassVar[str] = ("the player who played this card: a curse's on its victim, a "
                              "monster's into a fight (nobody for a card kicked open from the "
                              "deck)")
    reaches: ClassVar[str] = "the player who played the card (a curse on its victim, a monster)"
    example: ClassVar[str] = ("persistent; at the start of your turn: the player who played this "
                              "card gains 1 level")
    means: ClassVar[str] = "who played cursed me curser its player the one who played owner"
    timings: ClassVar[frozenset[str] | None] = frozenset()
    kinds: ClassVar[frozenset[str] | None] = _CURSE_LIKE | {"monster"}
    #: how authors name the player of a card (the scouts' `the curse's player`)
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:the )?(?:curse|trap|disaster|card|monster)['’]s (?:player|owner|caster)\b":
            "the player who played this card",
        r"\b(?:the )?(?:player|one) who (?:cursed|trapped) (?:you|the victim|victim)\b":
            "the player who played this card",
    }
    refuse: ClassVar[str] = ("`the player who played this card` names the player who played a "
                             "curse on its victim or a monster into a fight; a card of this "
                             "kind is its own player's")
    instead: ClassVar[str] = _PLAYED_INSTEAD
    text: ClassVar[dict[str, str]] = {
        "en": "the player who played this card",
        "ru": "сыгравший эту карту игрок",
        "pl": "gracz zagrywający tę kartę",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "сыгравшему эту карту игроку", "GEN": "сыгравшего эту карту игрока"},
        "pl": {"TO": "graczowi zagrywającemu tę kartę",
               "GEN": "gracza zagrywającego tę kartę"},
    }


@dataclass(frozen=True, slots=True)
class CursePlayer(SelectorPart):
    """`the player who played the curse`: at `when a curse is played on a player` and `when
    targeted by curse` the player who played the curse coming in (`that player` there is
    its victim, or the curse's player only at `when targeted by`); on a curse-like card,
    its own player, as `the player who played this card`."""

    rule: ClassVar[str] = "sel_curse_player"
    target: ClassVar[str] = "curse_player"
    syntax: ClassVar[str] = '"the" "player" "who" "played" ("the" | "that") "curse"'
    summary: ClassVar[str] = ("the player who played the curse the line is about: the one "
                              "coming in at `when a curse is played on a player`, or the card "
                              "itself on a curse")
    reaches: ClassVar[str] = "the player who played the curse the line is about"
    example: ClassVar[str] = ("when a curse is played on a player: the player who played the "
                              "curse loses 1 level")
    means: ClassVar[str] = "who played the curse curser its player caster the one who cursed"
    timings: ClassVar[frozenset[str] | None] = CURSE_IN_FLIGHT
    kinds: ClassVar[frozenset[str] | None] = _CURSE_LIKE
    refuse: ClassVar[str] = ("`the player who played the curse` names the player of a curse "
                             "coming in or of the curse itself, and this line is about none")
    instead: ClassVar[str] = _PLAYED_INSTEAD
    text: ClassVar[dict[str, str]] = {
        "en": "the player who played the curse",
        "ru": "сыгравший проклятие игрок",
        "pl": "gracz zagrywający klątwę",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "сыгравшему проклятие игроку", "GEN": "сыгравшего проклятие игрока"},
        "pl": {"TO": "graczowi zagrywającemu klątwę", "GEN": "gracza zagrywającego klątwę"},
    }


@dataclass(frozen=True, slots=True)
class ChosenHigherLevel(SelectorPart):
    """`a player of your choice whose level is higher than yours` (Evil Eye): the owner's
    pick among the players above "you" (a curse's or a monster's victim, else the owner);
    nobody higher: nobody, so an `otherwise` applies."""

    rule: ClassVar[str] = "sel_chosen_higher"
    target: ClassVar[str] = "chosen_higher_level"
    syntax: ClassVar[str] = ('"a" "player" "of" "your" "choice" "whose" "level" "is" '
                             '"higher" "than" "yours"')
    summary: ClassVar[str] = ("one living player of a higher level than yours, picked by the "
                              "card's owner (none higher: nobody)")
    reaches: ClassVar[str] = ("one living player of a level higher than yours, the owner's "
                              "pick (none when nobody is higher)")
    example: ClassVar[str] = ("any time: a player of your choice whose level is higher than "
                              "yours loses 1 level")
    means: ClassVar[str] = "choose pick player higher level above ahead stronger whose"
    chooser: ClassVar[bool] = True
    text: ClassVar[dict[str, str]] = {
        "en": "a player of your choice whose level is higher than yours",
        "ru": "игрок на твой выбор с уровнем выше твоего",
        "pl": "wybrany przez ciebie gracz o poziomie wyższym niż twój",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "игроку на твой выбор с уровнем выше твоего",
               "GEN": "игрока на твой выбор с уровнем выше твоего"},
        "pl": {"TO": "wybranemu przez ciebie graczowi o poziomie wyższym niż twój",
               "GEN": "wybranego przez ciebie gracza o poziomie wyższym niż twój"},
    }


@dataclass(frozen=True, slots=True)
class ChosenLowerLevel(SelectorPart):
    """`a player of your choice whose level is lower than yours`: the owner's pick among
    the players below "you"; nobody lower: nobody."""

    rule: ClassVar[str] = "sel_chosen_lower"
    target: ClassVar[str] = "chosen_lower_level"
    syntax: ClassVar[str] = ('"a" "player" "of" "your" "choice" "whose" "level" "is" '
                             '"lower" "than" "yours"')
    summary: ClassVar[str] = ("one living player of a lower level than yours, picked by the "
                              "card's owner (none lower: nobody)")
    reaches: ClassVar[str] = ("one living player of a level lower than yours, the owner's "
                              "pick (none when nobody is lower)")
    example: ClassVar[str] = ("any time: a player of your choice whose level is lower than "
                              "yours gains 1 level")
    means: ClassVar[str] = "choose pick player lower level below behind weaker whose"
    chooser: ClassVar[bool] = True
    text: ClassVar[dict[str, str]] = {
        "en": "a player of your choice whose level is lower than yours",
        "ru": "игрок на твой выбор с уровнем ниже твоего",
        "pl": "wybrany przez ciebie gracz o poziomie niższym niż twój",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "игроку на твой выбор с уровнем ниже твоего",
               "GEN": "игрока на твой выбор с уровнем ниже твоего"},
        "pl": {"TO": "wybranemu przez ciebie graczowi o poziomie niższym niż twój",
               "GEN": "wybranego przez ciebie gracza o poziomie niższym niż twój"},
    }


@dataclass(frozen=True, slots=True)
class OtherMostItems(SelectorPart):
    """`the other player with the most items` (Hive Queen): as `the player with the most
    items`, "you" (a curse's or a monster's victim, else the owner) left out."""

    rule: ClassVar[str] = "sel_other_most_items"
    target: ClassVar[str] = "other_most_items"
    syntax: ClassVar[str] = '"the" "other" "player" "with" "the" "most" "items"'
    summary: ClassVar[str] = ("the other living player(s) with the most items in play, you "
                              "left out (ties: each; none of them has an item: nobody)")
    reaches: ClassVar[str] = ("the other living player(s) with the most items in play, you "
                              "left out (ties: all; none when none of them has an item)")
    example: ClassVar[str] = ("on reveal: the other player with the most items loses 1 "
                              "level")
    means: ClassVar[str] = "other richest most items wealthiest another player"
    text: ClassVar[dict[str, str]] = {
        "en": "the other player with the most items",
        "ru": "другой игрок с наибольшим числом шмоток",
        "pl": "inny gracz z największą liczbą przedmiotów",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "другому игроку с наибольшим числом шмоток",
               "GEN": "другого игрока с наибольшим числом шмоток"},
        "pl": {"TO": "innemu graczowi z największą liczbą przedmiotów",
               "GEN": "innego gracza z największą liczbą przedmiotów"},
    }


@dataclass(frozen=True, slots=True)
class OtherHighestLevel(SelectorPart):
    """`the other player with the highest level`: the highest level among the others."""

    rule: ClassVar[str] = "sel_other_highest_level"
    target: ClassVar[str] = "other_highest_level"
    syntax: ClassVar[str] = '"the" "other" "player" "with" "the" "highest" "level"'
    summary: ClassVar[str] = ("the other player(s) of the highest level among the others, "
                              "you left out (ties: each of them)")
    reaches: ClassVar[str] = "the other player(s) of the highest level, you left out"
    example: ClassVar[str] = ("on reveal: the other player with the highest level loses 1 "
                              "level")
    means: ClassVar[str] = "other top leader highest level another player"
    text: ClassVar[dict[str, str]] = {
        "en": "the other player with the highest level",
        "ru": "другой игрок с наивысшим уровнем",
        "pl": "inny gracz z najwyższym poziomem",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "другому игроку с наивысшим уровнем",
               "GEN": "другого игрока с наивысшим уровнем"},
        "pl": {"TO": "innemu graczowi z najwyższym poziomem",
               "GEN": "innego gracza z najwyższym poziomem"},
    }


@dataclass(frozen=True, slots=True)
class OtherLowestLevel(SelectorPart):
    """`the other player with the lowest level`: the lowest level among the others."""

    rule: ClassVar[str] = "sel_other_lowest_level"
    target: ClassVar[str] = "other_lowest_level"
    syntax: ClassVar[str] = '"the" "other" "player" "with" "the" "lowest" "level"'
    summary: ClassVar[str] = ("the other player(s) of the lowest level among the others, "
                              "you left out (ties: each of them)")
    reaches: ClassVar[str] = "the other player(s) of the lowest level, you left out"
    example: ClassVar[str] = ("on reveal: the other player with the lowest level gains 1 "
                              "level")
    means: ClassVar[str] = "other last weakest lowest level another player"
    text: ClassVar[dict[str, str]] = {
        "en": "the other player with the lowest level",
        "ru": "другой игрок с самым низким уровнем",
        "pl": "inny gracz z najniższym poziomem",
    }
    cases: ClassVar[dict[str, dict[str, str]]] = {
        "ru": {"TO": "другому игроку с самым низким уровнем",
               "GEN": "другого игрока с самым низким уровнем"},
        "pl": {"TO": "innemu graczowi z najniższym poziomem",
               "GEN": "innego gracza z najniższym poziomem"},
    }
