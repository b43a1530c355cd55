"""Replacement: `instead of EVENT: EFFECTS`, the line's effects happen and the event does not.

`instead of its Bad Stuff: lose 1 level` (a one-shot played when the monster catches
you, an item, a curse on you, the monster's enhancer, or the monster itself on a line
with a condition), `instead of dying: lose 3 levels`, `instead of drawing treasures:
draw 1 door face down` (a won fight's treasures), `instead of losing a level,
discard this card: draw 1 treasure face down`, `instead of losing an item: discard 2
cards`, `instead of being cursed: lose 1 level`, `instead of looting the room: draw 1
treasure face down`.  (`instead of run away roll` and `instead of drawing face up` are
the older members of the family, declared in data/timings.toml.)

Each replaceable event is one class here: the event it replaces (``replaces``, the
timing id of that event's own declaration, which the engine fires next to the event),
how an author names it after `instead of`, and its words in every card language.  The
base class says once where a replacement can stand and why elsewhere it cannot; the
engine side is ``engine/instead.py``: at the event, the lines replacing it fire (the
owner's cards in play and curses, the monster and its enhancers for Bad Stuff, a one-shot
in the hand played in reaction); when one of them acts (its cost paid, its conditions
and roll passed), the event does not happen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart
from munchkin_dsl.language.parts.replacement import WouldGainLevel, WouldLoseItem, WouldLoseLevel

#: the cards that replace an event for their holder: what a player has in play, and a
#: one-shot played from the hand as the event comes
HOLDERS = ("race", "class", "item", "sidekick", "hireling", "door", "treasure", "one-shot")
#: why another kind cannot replace the event
_THEIRS = ("only the player's own cards replace what happens to them: a card they have in "
           "play, a curse on them or a one-shot played from the hand (a monster's loss is its "
           "`bad stuff:` line)")
#: a curse that stays on its victim until it has replaced the event once
CURSED = ("curse", "trap", "disaster")


@dataclass(frozen=True, slots=True)
class InsteadOf(EventPart):
    """`instead of EVENT`: the base of the replaceable events (it has no rule itself)."""

    #: the timing id of the event it replaces (its declaration's ``timing``)
    replaces: ClassVar[str] = ""
    carriers: ClassVar[str | tuple[str, ...]] = HOLDERS
    phase: ClassVar[str] = "none"
    #: the scenario step that brings the event to a player NAME (the refusal of playing
    #: such a card on its own names it; empty: many steps do)
    step: ClassVar[str] = ""


@dataclass(frozen=True, slots=True)
class InsteadOfBadStuff(InsteadOf):
    """`instead of its Bad Stuff`: the Bad Stuff of the monster that caught the player does
    not happen; the line's effects do."""

    replaces: ClassVar[str] = "bad_stuff"
    timing: ClassVar[str] = "instead_of_bad_stuff"
    rule: ClassVar[str] = "t_instead_of_bad_stuff"
    syntax: ClassVar[str] = '"instead" "of" ("its" | "the")? "bad" "stuff"'
    step: ClassVar[str] = "NAME runs away rolling 1"
    words: ClassVar[str] = "instead of its bad stuff"
    carriers: ClassVar[str | tuple[str, ...]] = (*HOLDERS, *CURSED, "monster",
                                                 "monster-enhancer")
    summary: ClassVar[str] = ("when a monster catches the player: its Bad Stuff does not "
                              "happen, the line's effects do (a card the player has in play "
                              "or a curse on them, a one-shot played from the hand, the "
                              "monster's enhancer, or the monster itself with a condition)")
    example: ClassVar[str] = "instead of its bad stuff: lose 1 level"
    needs_condition: ClassVar[dict[str, str]] = {
        "monster": "on the monster itself a line that always replaces its Bad Stuff is its "
                   "Bad Stuff: write `bad stuff: ...`, or give the line a condition "
                   "(`instead of its bad stuff, if you are an Elf: lose 1 level`)",
    }
    refuse: ClassVar[str] = ("a Seal or an item enhancer replaces nothing; write it on the "
                             "item itself, or on a one-shot played when the monster catches "
                             "you")
    text: ClassVar[dict[str, str]] = {
        "en": "instead of its Bad Stuff",
        "ru": "вместо его Непотребства",
        "pl": "zamiast jego Niefartu",
    }


@dataclass(frozen=True, slots=True)
class InsteadOfDying(InsteadOf):
    """`instead of dying`: the player does not die (nor is looted); the line's effects
    happen."""

    replaces: ClassVar[str] = "on_death"
    timing: ClassVar[str] = "instead_of_dying"
    rule: ClassVar[str] = "t_instead_of_dying"
    syntax: ClassVar[str] = '"instead" "of" "dying"'
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:when|if|whenever) you would (?:die|be killed)\b":
            "instead of dying"}
    words: ClassVar[str] = "instead of dying"
    summary: ClassVar[str] = ("when the owner would die (on a monster: its victim, of its "
                              "Bad Stuff): they do not (nothing is looted), the line's "
                              "effects happen")
    example: ClassVar[str] = "instead of dying: lose 2 levels"
    #: on a monster: the death its own Bad Stuff deals is replaced (Irradiated Horde:
    #: `bad stuff: die` and `instead of dying: lose 2 levels`); the victim's own cards
    #: answering their dying are asked first, the monster's line after them
    carriers: ClassVar[str | tuple[str, ...]] = (*HOLDERS, "monster")
    subject_on: ClassVar[dict[str, str]] = {"monster": "victim"}
    answers_own: ClassVar[dict[str, tuple[str, str]]] = {
        "monster": ("die", "on a monster `instead of dying` replaces the death its own Bad "
                           "Stuff deals: write `bad stuff: die` on it, or write the loss as "
                           "its Bad Stuff (`bad stuff: lose 2 levels`)"),
    }
    refuse: ClassVar[str] = ("only a card its owner has in play (or a one-shot played from "
                             "the hand) keeps them alive, or a monster the death its own Bad "
                             "Stuff deals; a curse is gone with the character")
    refuse_effects: ClassVar[dict[str, str]] = {
        "die": "dying instead of dying changes nothing; write what happens to the player "
               "instead (`lose 2 levels`, `discard your hand`)",
    }
    text: ClassVar[dict[str, str]] = {
        "en": "instead of dying",
        "ru": "вместо того чтобы умереть",
        "pl": "zamiast zginąć",
    }


@dataclass(frozen=True, slots=True)
class InsteadOfLosingLevel(InsteadOf):
    """`instead of losing a level`: a level loss of the owner (Bad Stuff, a curse, any
    effect) does not happen; the line's effects do."""

    replaces: ClassVar[str] = WouldLoseLevel.timing
    timing: ClassVar[str] = "instead_of_losing_level"
    rule: ClassVar[str] = "t_instead_of_losing_level"
    syntax: ClassVar[str] = '"instead" "of" "losing" ("a" "level" | "levels")'
    words: ClassVar[str] = "instead of losing a level"
    #: `when you would ...: instead EFFECT` is this event (the `instead` belongs before
    #: the ':'); `when you would ...: prevent it, EFFECT` says the same
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:when|if|whenever) you would lose (?:a|1|one) level: instead\b":
            "instead of losing a level:"}
    carriers: ClassVar[str | tuple[str, ...]] = (*HOLDERS, *CURSED)
    summary: ClassVar[str] = ("when the owner would lose one or more levels: they do not, "
                              "the line's effects happen")
    example: ClassVar[str] = "instead of losing a level: discard 1 card"
    refuse_effects: ClassVar[dict[str, str]] = {
        "lose_levels": "a level loss in place of a level loss replaces nothing; to make the "
                       "loss bigger write `when you would lose a level: lose 1 level`, to "
                       "stop it `when you would lose a level: prevent it`",
    }
    refuse: ClassVar[str] = _THEIRS
    text: ClassVar[dict[str, str]] = {
        "en": "instead of losing a level",
        "ru": "вместо потери уровня",
        "pl": "zamiast tracić poziom",
    }


@dataclass(frozen=True, slots=True)
class InsteadOfGainingLevel(InsteadOf):
    """`instead of gaining a level`: a level gain of the owner (a kill, a sale, any effect)
    does not happen; the line's effects do (a curse: `instead of gaining a level: draw 1
    door face down` stays on its victim until it has replaced one gain)."""

    replaces: ClassVar[str] = WouldGainLevel.timing
    timing: ClassVar[str] = "instead_of_gaining_level"
    rule: ClassVar[str] = "t_instead_of_gaining_level"
    syntax: ClassVar[str] = '"instead" "of" ("gaining" | "going" "up") ("a" "level" | "levels")'
    words: ClassVar[str] = "instead of gaining a level"
    #: `when you would ...: instead EFFECT` is this event (the `instead` belongs before
    #: the ':'); `when you would ...: prevent it, EFFECT` says the same
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:when|if|whenever) you would (?:gain|go up) (?:a|1|one) level: instead\b":
            "instead of gaining a level:"}
    carriers: ClassVar[str | tuple[str, ...]] = (*HOLDERS, *CURSED)
    summary: ClassVar[str] = ("when the owner would go up one or more levels (a kill, a sale, "
                              "a card): they do not, the line's effects happen")
    example: ClassVar[str] = "instead of gaining a level: draw 2 treasures face down"
    refuse_effects: ClassVar[dict[str, str]] = {
        "gain_levels": "a level gain in place of a level gain replaces nothing; to stop it "
                       "write `when you would gain a level: prevent it`",
    }
    refuse: ClassVar[str] = _THEIRS
    text: ClassVar[dict[str, str]] = {
        "en": "instead of gaining a level",
        "ru": "вместо получения уровня",
        "pl": "zamiast zdobyć poziom",
    }


@dataclass(frozen=True, slots=True)
class InsteadOfLosingItem(InsteadOf):
    """`instead of losing an item`: an item an effect would take from the owner stays;
    the line's effects happen."""

    replaces: ClassVar[str] = WouldLoseItem.timing
    timing: ClassVar[str] = "instead_of_losing_item"
    rule: ClassVar[str] = "t_instead_of_losing_item"
    syntax: ClassVar[str] = '"instead" "of" "losing" "an" "item"'
    words: ClassVar[str] = "instead of losing an item"
    #: `when you would ...: instead EFFECT` is this event (the `instead` belongs before
    #: the ':'); `when you would ...: prevent it, EFFECT` says the same
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:when|if|whenever) you would lose (?:an|1|one) item: instead\b":
            "instead of losing an item:"}
    carriers: ClassVar[str | tuple[str, ...]] = (*HOLDERS, *CURSED)
    summary: ClassVar[str] = ("when an effect would take one of the owner's items: the item "
                              "stays, the line's effects happen")
    example: ClassVar[str] = "instead of losing an item: lose 1 level"
    refuse_effects: ClassVar[dict[str, str]] = {
        "discard_in_play": "an item discarded in place of an item lost is the same loss (the "
                           "player picks which); write what is paid instead (`discard 2 "
                           "cards`, `lose 1 level`) or keep the item with `when you would "
                           "lose an item: prevent it`",
    }
    refuse: ClassVar[str] = _THEIRS
    text: ClassVar[dict[str, str]] = {
        "en": "instead of losing an item",
        "ru": "вместо потери шмотки",
        "pl": "zamiast tracić przedmiot",
    }


@dataclass(frozen=True, slots=True)
class InsteadOfCursed(InsteadOf):
    """`instead of being cursed`: a curse, trap or disaster played on the owner is
    discarded and does nothing; the line's effects happen."""

    replaces: ClassVar[str] = "when_targeted"
    timing: ClassVar[str] = "instead_of_being_cursed"
    rule: ClassVar[str] = "t_instead_of_being_cursed"
    syntax: ClassVar[str] = '"instead" "of" "being" "cursed"'
    words: ClassVar[str] = "instead of being cursed"
    summary: ClassVar[str] = ("when a curse, trap or disaster is played on the owner: it is "
                              "discarded and does nothing, the line's effects happen")
    example: ClassVar[str] = "instead of being cursed: discard 1 card"
    refuse: ClassVar[str] = ("a curse on a player does not answer the next curse; write it "
                             "on a card the player has in play or on a one-shot")
    text: ClassVar[dict[str, str]] = {
        "en": "instead of being cursed",
        "ru": "вместо того чтобы получить проклятие",
        "pl": "zamiast zostać przeklętym",
    }


@dataclass(frozen=True, slots=True)
class InsteadOfLooting(InsteadOf):
    """`instead of looting the room`: the owner's face-down draw of the loot phase does not
    happen; the line's effects do."""

    replaces: ClassVar[str] = "on_loot"
    timing: ClassVar[str] = "instead_of_looting"
    rule: ClassVar[str] = "t_instead_of_looting"
    syntax: ClassVar[str] = '"instead" "of" "looting" "the"? "room"'
    step: ClassVar[str] = "NAME loots the room"
    words: ClassVar[str] = "instead of looting the room"
    carriers: ClassVar[str | tuple[str, ...]] = (*HOLDERS, *CURSED)
    summary: ClassVar[str] = ("when the owner would loot the room: the face-down draw does "
                              "not happen, the line's effects do")
    example: ClassVar[str] = "instead of looting the room: draw 1 treasure face down"
    refuse: ClassVar[str] = _THEIRS
    text: ClassVar[dict[str, str]] = {
        "en": "instead of looting the room",
        "ru": "вместо того чтобы чистить нычки",
        "pl": "zamiast przeszukiwać pokój",
    }


#: the draw of a won fight's treasures (a step of the fight, not an event a card in play
#: reacts to): the event `instead of drawing treasures` replaces
WIN_TREASURES = "win_treasures"


@dataclass(frozen=True, slots=True)
class InsteadOfDrawingTreasures(InsteadOf):
    """`instead of drawing treasures`: the owner's draw of the treasures of a fight they
    won (the fighter's, or the helper's share) does not happen; the line's effects do."""

    replaces: ClassVar[str] = WIN_TREASURES
    timing: ClassVar[str] = "instead_of_drawing_treasures"
    rule: ClassVar[str] = "t_instead_of_drawing_treasures"
    syntax: ClassVar[str] = '"instead" "of" "drawing" "the"? ("treasures" | "treasure")'
    step: ClassVar[str] = "resolve"
    words: ClassVar[str] = "instead of drawing treasures"
    carriers: ClassVar[str | tuple[str, ...]] = (*HOLDERS, *CURSED)
    summary: ClassVar[str] = ("when the owner would draw the treasures of a fight they won "
                              "(the fighter's, or the helper's share): the draw does not "
                              "happen, the line's effects do")
    example: ClassVar[str] = "instead of drawing treasures: draw 1 door face down"
    means: ClassVar[str] = "replace reward treasure swap spoils instead draw kill loot"
    refuse: ClassVar[str] = _THEIRS
    text: ClassVar[dict[str, str]] = {
        "en": "instead of drawing the treasures of a won combat",
        "ru": "вместо того чтобы тянуть сокровища за победу в бою",
        "pl": "zamiast dobierać skarby za wygraną walkę",
    }


#: the draw of one card of a deck into a hand, whatever draws it (a reward, a draw effect,
#: looting the room, a won fight's treasures): the events `instead of drawing a treasure`
#: and `instead of drawing a door` replace, one card at a time
DRAW_ONE = "draw_one_{deck}"


@dataclass(frozen=True, slots=True)
class InsteadOfDrawingATreasure(InsteadOf):
    """`instead of drawing a treasure`: one Treasure the owner would draw face down into the
    hand, whatever draws it (a reward, a card's draw, a won fight's treasures), is not
    drawn; the line's effects happen.  The line names that card `the card just drawn`, so
    `discard the card just drawn` discards it unseen (else it stays on top of its deck);
    each card of a draw of several asks the lines again (a curse answers one, then goes)."""

    replaces: ClassVar[str] = DRAW_ONE.format(deck="treasure")
    timing: ClassVar[str] = "instead_of_drawing_a_treasure"
    rule: ClassVar[str] = "t_instead_of_drawing_a_treasure"
    syntax: ClassVar[str] = ('"instead" "of" "drawing" ("a" | "any" | "one") "treasure" '
                             '"card"?')
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:when|whenever|the next time) (?:you|victim|that player|they) would draw "
        r"(?:a|any|one) treasure\b": "instead of drawing a treasure"}
    words: ClassVar[str] = "instead of drawing a treasure"
    carriers: ClassVar[str | tuple[str, ...]] = (*HOLDERS, *CURSED)
    summary: ClassVar[str] = ("when the owner would draw a Treasure face down, whatever draws "
                              "it (a reward, a card, a won fight): that card is not drawn, "
                              "the line's effects happen (`discard the card just drawn` "
                              "discards it unseen; else it stays on its deck)")
    example: ClassVar[str] = "instead of drawing a treasure: discard the card just drawn"
    means: ClassVar[str] = "replace treasure draw instead deny discard unseen mailbox"
    refuse: ClassVar[str] = _THEIRS
    text: ClassVar[dict[str, str]] = {
        "en": "instead of drawing a Treasure",
        "ru": "вместо того чтобы взять Сокровище",
        "pl": "zamiast dobrać Skarb",
    }


@dataclass(frozen=True, slots=True)
class InsteadOfDrawingADoor(InsteadOf):
    """`instead of drawing a door`: the Door counterpart of `instead of drawing a
    treasure`: one Door the owner would draw face down into the hand (looting the room, a
    reward, a card's draw) is not drawn; a door kicked open face up is revealed, not drawn
    (`instead of drawing face up` replaces that)."""

    replaces: ClassVar[str] = DRAW_ONE.format(deck="door")
    timing: ClassVar[str] = "instead_of_drawing_a_door"
    rule: ClassVar[str] = "t_instead_of_drawing_a_door"
    syntax: ClassVar[str] = '"instead" "of" "drawing" ("a" | "any" | "one") "door" "card"?'
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:when|whenever|the next time) (?:you|victim|that player|they) would draw "
        r"(?:a|any|one) door\b": "instead of drawing a door"}
    words: ClassVar[str] = "instead of drawing a door"
    carriers: ClassVar[str | tuple[str, ...]] = (*HOLDERS, *CURSED)
    summary: ClassVar[str] = ("when the owner would draw a Door face down (looting the room, "
                              "a reward, a card): that card is not drawn, the line's effects "
                              "happen (`discard the card just drawn` discards it unseen)")
    example: ClassVar[str] = "instead of drawing a door: draw 1 treasure face down"
    means: ClassVar[str] = "replace door draw instead deny discard unseen"
    refuse: ClassVar[str] = _THEIRS
    text: ClassVar[dict[str, str]] = {
        "en": "instead of drawing a Door",
        "ru": "вместо того чтобы взять Дверь",
        "pl": "zamiast dobrać Drzwi",
    }


def replacing(event: str) -> str | None:
    """The timing of the lines that replace ``event`` (None: it cannot be replaced)."""
    return next((c.timing for c in InsteadOf.__subclasses__() if c.replaces == event), None)


def from_hand(timing: str) -> tuple[str, str] | None:
    """(the words, the scenario step) of the `instead of ...` event at ``timing`` (None:
    no such event): a card whose line it is acts from the hand as the event comes."""
    part = next((c for c in InsteadOf.__subclasses__() if c.timing == timing), None)
    return (part.words, part.step) if part is not None else None


def replacing_timings() -> frozenset[str]:
    """The timings of every `instead of ...` line (a curse with one stays on its victim
    until it has replaced the event)."""
    return frozenset(c.timing for c in InsteadOf.__subclasses__())
