"""The treasures a kill just drew, as card selectors: `the treasures just drawn`, `one of the
treasures just drawn`, `a random treasure just drawn`.

Cards in flight at a kill: the winners draw the fight's treasures (``Combat.spoils``), and
the kill's events after the draw (language/parts/in_flight.py ``SPOILS_AT``: `the next
time that player kills a monster`, `when another player kills a monster`, `after a kill`,
a monster's own `on kill`) may move them wherever they lie now (in the hand of the player
who drew them): `take a random treasure just drawn` (Highwayman's Ambush), `discard the
treasures just drawn`, `give one of the treasures just drawn to the player to your left`.
At any other moment no treasure was just drawn, and the checker refuses the words (E221,
compiler/checks/drawn.py); the engine picks them in engine/algebra_cards.py.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import CardPart

_EN = "{{ t.plural('treasure', %d)|title_words }}"
_RU = "{{ t.plural('treasure', 5) }}"  # genitive plural: «из … сокровищ», «трофеев»
_PL = "{{ t.plural('treasure', 5) }}"  # genitive plural: «spośród … skarbów», «łupów»


@dataclass(frozen=True, slots=True)
class SpoilCard(CardPart):
    """`one of the treasures just drawn`, `a treasure just drawn`: one of the treasures the
    kill drew, still in a hand (the player the effect reaches picks)."""

    rule: ClassVar[str] = "pick_spoil"
    pick: ClassVar[str] = "spoil"
    zone: ClassVar[str] = "hand"
    # not `1 of`: a literal "1" would take every 1 of the grammar from INT (then `1 of`
    # is refused with E002, its hint naming `one of`)
    syntax: ClassVar[str] = ('"one" "of" "the" "treasures" "just" "drawn" '
                             '| "a" "treasure" "just" "drawn"')
    summary: ClassVar[str] = ("one of the treasures a kill just drew, from the hand of the "
                              "player who drew it (the one the effect reaches picks); only "
                              "at a kill's events after the draw")
    example: ClassVar[str] = ("the next time that player kills a monster: take one of the "
                              "treasures just drawn")
    means: ClassVar[str] = "treasure treasures just drawn drew reward loot spoils kill one of"
    text: ClassVar[dict[str, str]] = {
        "en": "one of the " + _EN % 5 + " just drawn",
        "ru": "одну карту из только что взятых " + _RU,
        "pl": "jedną kartę spośród właśnie dobranych " + _PL,
    }


@dataclass(frozen=True, slots=True)
class RandomSpoil(CardPart):
    """`a random treasure just drawn`: one of the treasures the kill drew, picked blind."""

    rule: ClassVar[str] = "pick_random_spoil"
    pick: ClassVar[str] = "random_spoil"
    zone: ClassVar[str] = "hand"
    syntax: ClassVar[str] = '"a" "random" "treasure" "just" "drawn"'
    summary: ClassVar[str] = ("one of the treasures a kill just drew, picked blind from those "
                              "still in a hand; only at a kill's events after the draw")
    example: ClassVar[str] = ("the next time that player kills a monster: take a random "
                              "treasure just drawn")
    means: ClassVar[str] = "random blind treasure just drawn drew reward loot spoils kill"
    text: ClassVar[dict[str, str]] = {
        "en": "a random " + _EN % 1 + " just drawn",
        "ru": "случайную карту из только что взятых " + _RU,
        "pl": "losową kartę spośród właśnie dobranych " + _PL,
    }


@dataclass(frozen=True, slots=True)
class EverySpoil(CardPart):
    """`the treasures just drawn`: every treasure the kill drew, still in a hand."""

    rule: ClassVar[str] = "pick_every_spoil"
    pick: ClassVar[str] = "every_spoil"
    zone: ClassVar[str] = "hand"
    every: ClassVar[bool] = True
    syntax: ClassVar[str] = ('("the" | "all" "the" | "every" | "all") "treasures" "just" '
                             '"drawn"')
    summary: ClassVar[str] = ("every treasure a kill just drew that is still in a hand: the "
                              "move takes each of them; only at a kill's events after the "
                              "draw")
    example: ClassVar[str] = ("when another player kills a monster: discard the treasures "
                              "just drawn")
    means: ClassVar[str] = "all every treasures just drawn drew reward loot spoils kill"
    text: ClassVar[dict[str, str]] = {
        "en": "the " + _EN % 5 + " just drawn",
        "ru": "все только что взятые карты " + _RU,
        "pl": "wszystkie właśnie dobrane karty " + _PL,
    }


#: every pick of this module, for the card text of the effects that move a card
PICKS: tuple[type[CardPart], ...] = (SpoilCard, RandomSpoil, EverySpoil)

_NUMBERED = re.compile(r"\b(\d+)\s*$")
_OF_SPOILS = re.compile(r"^\s*of\s+the\s+treasures\s+just\s+drawn\b", re.IGNORECASE)


def numbered_hint(before: str, rest: str) -> str | None:
    """E002's hint for `take 1 of the treasures just drawn`: the number is a word here
    (None: not that misphrasing)."""
    m = _NUMBERED.search(before)
    if m is None or not _OF_SPOILS.match(rest):
        return None
    return (f"write `one of the treasures just drawn` for one of them (not `{m.group(1)} of`), "
            "`a random treasure just drawn` for one picked blind, or `the treasures just "
            "drawn` for all of them")
