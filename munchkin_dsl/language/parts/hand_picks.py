"""Card selectors in a hand by kind or tag: `a one-shot from your hand`, `every curse in
their hand`, `a Steed worth 300 or more from their hand` (issue 19: the seventh author's
Time Bomb, `discard a one-shot item, or lose a level`).

The hand is that of the player the effect reaches (`victim discards ...`), or the card's
owner where the effect names nobody who holds it (`give ... to X`, `put ... into play`):
compiler/lower.py reads ``own``.  The engine picks among the cards of that hand
(engine/algebra_cards.py); with none there the effect does not apply, so an `otherwise`
or the next `, or` alternative does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import CardPart
from munchkin_dsl.language.parts.card_words import EVERY_PL, WORTH
from munchkin_dsl.language.parts.drawn import DRAWN_KINDS

#: the card kinds a hand holds besides those a player has in play (holdings'
#: FILTER_WORDS): a one-shot, a monster, as the drawn-card test reads them (drawn.py)
HAND_KINDS: dict[str, str] = DRAWN_KINDS
#: their printed forms, as holdings.FILTER_WORDS gives the others' (en: one, many; ru:
#: accusative one, genitive many; pl: one, few, many), joined to them for the card text
HAND_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "one-shot": {"en": ("one-shot", "one-shots"), "ru": ("разовую шмотку", "разовых шмоток"),
                 "pl": ("przedmiot jednorazowy", "przedmioty jednorazowe",
                        "przedmiotów jednorazowych")},
    "monster": {"en": ("monster", "monsters"), "ru": ("монстра", "монстров"),
                "pl": ("potwora", "potwory", "potworów")},
}

#: where a hand pick looks: the hand of the player the effect reaches (`victim discards a
#: one-shot from their hand`; `your`: the card's wording to that player), or, for an effect
#: that names nobody who holds it (`give ...`, `put ... into play`), the card's owner
_HAND = '("from"|"in") ("your"|"their") "hand"'
#: a hand pick's filter: a kind, tag or title (not `Big items`: `take a small item from X`
#: is a take of its own, and strict LALR cannot tell the two apart at `from`)
_HAND_FILTER = "(WORD|card_title)"

_HAND_TEXT = {  # the end of a hand pick's text: whose hand
    "en": " from {{ 'your' if t.you(e.card_owner, a) else ('their' if t.field(e, 'target') "
          "== e.card_owner else w.WHO[e.card_owner] ~ \"'s\") }} hand",
    "ru": " {{ 'из своей руки' if t.you(e.card_owner, a) else 'из руки ' ~ "
          "w.GEN[e.card_owner] }}",
    "pl": " {{ 'ze swojej ręki' if t.you(e.card_owner, a) else 'z ręki ' ~ "
          "w.GEN[e.card_owner] }}",
}


@dataclass(frozen=True, slots=True)
class InHandCard(CardPart):
    """`a one-shot from your hand`, `a curse in their hand`: one card of the filter in the
    hand of the player the effect reaches (their pick when several fit); none there: the
    effect does not apply, so an `otherwise` (or the next `, or` alternative) does."""

    rule: ClassVar[str] = "pick_in_hand"
    pick: ClassVar[str] = "in_hand"
    zone: ClassVar[str] = "hand"
    own: ClassVar[bool] = True
    filter_kinds: ClassVar[dict[str, str]] = HAND_KINDS
    syntax: ClassVar[str] = '("a"|"an") ' + _HAND_FILTER + ' ("card"|"cards")? card_worth? ' + _HAND
    keeps: ClassVar[tuple[str, ...]] = ("worth_most", "worth_least")
    summary: ClassVar[str] = ("one card of a kind or tag in the hand of the player the effect "
                              "reaches (`give ...`, `put ... into play`: yours; none there: "
                              "the effect does not apply, an `otherwise` does)")
    example: ClassVar[str] = "bad stuff: discard a one-shot from your hand, otherwise lose 1 level"
    means: ClassVar[str] = "hand card kind one-shot curse monster from your hand held"
    #: a card picked with no place (`victim discards a one-shot`, E002): say where it is
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?P<v>discards?|gives?|puts?) (?P<c>(?:a|an) [\w-]+(?: cards?)?)"
        r"(?= to\b| into\b|,|$)":
            "{v} {c} from your hand` or, for a card in play, `{v} {c} you carry"}
    text: ClassVar[dict[str, str]] = {
        "en": "{{ a_fw(e.card_what, t) }}" + WORTH["en"] + _HAND_TEXT["en"],
        "ru": "{{ fw(e.card_what, 1, t) }}" + WORTH["ru"] + _HAND_TEXT["ru"],
        "pl": "{{ fw(e.card_what, 1, t) }}" + WORTH["pl"] + _HAND_TEXT["pl"],
    }


@dataclass(frozen=True, slots=True)
class EveryInHand(CardPart):
    """`every one-shot in your hand`: all the cards of the filter in that hand; the move
    takes each of them (none there: it does not apply)."""

    rule: ClassVar[str] = "pick_every_in_hand"
    pick: ClassVar[str] = "every_in_hand"
    zone: ClassVar[str] = "hand"
    own: ClassVar[bool] = True
    every: ClassVar[bool] = True
    filter_kinds: ClassVar[dict[str, str]] = HAND_KINDS
    syntax: ClassVar[str] = ('("every"|"all") ' + _HAND_FILTER + ' ("card"|"cards")? card_worth? '
                             + _HAND)
    keeps: ClassVar[tuple[str, ...]] = ("worth_most", "worth_least")
    summary: ClassVar[str] = ("every card of a kind or tag in the hand of the player the effect "
                              "reaches: the move takes each of them")
    example: ClassVar[str] = "bad stuff: discard every one-shot in your hand"
    means: ClassVar[str] = "every all each cards hand one-shots curses from your hand"
    text: ClassVar[dict[str, str]] = {
        "en": "every {{ fw(e.card_what, 1, t) }}" + WORTH["en"] + _HAND_TEXT["en"],
        "ru": "все карты {{ fw(e.card_what, 5, t) }}" + WORTH["ru"] + _HAND_TEXT["ru"],
        "pl": EVERY_PL + WORTH["pl"] + _HAND_TEXT["pl"],
    }


#: the hand picks, in the order the card text reads them (parts/cards.py)
PICKS: tuple[type[CardPart], ...] = (InHandCard, EveryInHand)
