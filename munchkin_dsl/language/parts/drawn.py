"""Draw events: a card in play reacts to each card its owner draws.

`when you draw a treasure`, `when you draw a door`, `when you draw a card`: fired once per
card drawn face down into the owner's hand (the deal, looting the room, a reward, a draw
effect), after the card is in the hand; a treasure won in a fight is drawn when the fight
ends (fixed rule 3), so the line fires then.  The line names that card `the card just
drawn` (a card selector, parts/cards.py ``DrawnCard``, and a condition subject: `if the
card just drawn is an item`); the engine keeps it per line (``Ctx.drawn``), so two cards
drawn at once each fire the line with their own card.  A face-up door is revealed, not
drawn into the hand: `on reveal` reacts to it.  A draw made by the reaction itself does
not set the event off again (engine/drawn.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from munchkin_dsl.language.algebra import EffectPart, EventPart
from munchkin_dsl.language.nodes import Ref
from munchkin_dsl.language.parts.holdings import filter_name

_REFUSE = ("only a card its owner has in play (a curse kept on its victim too), or a one-shot "
           "played from the hand as its player draws, reacts to a draw")
#: a card in play reacts on its own; a one-shot is played from the hand right after the draw
_CARRIERS = ("race", "class", "item", "sidekick", "hireling", "door", "treasure", "curse",
             "trap", "disaster", "one-shot")


@dataclass(frozen=True, slots=True)
class DrawsTreasure(EventPart):
    """`when you draw a treasure`: each Treasure its owner draws into the hand."""

    timing: ClassVar[str] = "draws_treasure"
    rule: ClassVar[str] = "t_draws_treasure"
    syntax: ClassVar[str] = '"when" "you" ("draw"|"are" "dealt") "a" "treasure"'
    words: ClassVar[str] = "when you draw a treasure"
    summary: ClassVar[str] = ("each Treasure its owner draws face down into the hand (dealt, "
                              "a reward, a draw effect), read as `the card just drawn`")
    example: ClassVar[str] = ("when you draw a treasure, if the card just drawn is an item: "
                              "gain 1 level")
    carriers: ClassVar[str | tuple[str, ...]] = _CARRIERS
    refuse: ClassVar[str] = _REFUSE
    text: ClassVar[dict[str, str]] = {
        "en": "whenever you draw a treasure",
        "ru": "когда ты берёшь сокровище",
        "pl": "gdy dobierasz skarb",
    }


@dataclass(frozen=True, slots=True)
class DrawsDoor(EventPart):
    """`when you draw a door`: each Door its owner draws face down into the hand."""

    timing: ClassVar[str] = "draws_door"
    rule: ClassVar[str] = "t_draws_door"
    syntax: ClassVar[str] = '"when" "you" ("draw"|"are" "dealt") "a" "door"'
    words: ClassVar[str] = "when you draw a door"
    summary: ClassVar[str] = ("each Door its owner draws face down into the hand (dealt, "
                              "looting the room, a draw effect), read as `the card just drawn`")
    example: ClassVar[str] = ("when you draw a door, if the card just drawn is a race: "
                              "gain 1 level")
    carriers: ClassVar[str | tuple[str, ...]] = _CARRIERS
    refuse: ClassVar[str] = _REFUSE
    text: ClassVar[dict[str, str]] = {
        "en": "whenever you draw a door",
        "ru": "когда ты берёшь дверь",
        "pl": "gdy dobierasz drzwi",
    }


@dataclass(frozen=True, slots=True)
class DrawsCard(EventPart):
    """`when you draw a card`: each card of any deck its owner draws into the hand."""

    timing: ClassVar[str] = "draws_card"
    rule: ClassVar[str] = "t_draws_card"
    syntax: ClassVar[str] = '"when" "you" ("draw"|"are" "dealt") "a" "card"'
    words: ClassVar[str] = "when you draw a card"
    summary: ClassVar[str] = ("each card of any deck its owner draws face down into the hand, "
                              "read as `the card just drawn`")
    example: ClassVar[str] = ("when you draw a card, if the card just drawn is an item: "
                              "gain 1 level")
    carriers: ClassVar[str | tuple[str, ...]] = _CARRIERS
    refuse: ClassVar[str] = _REFUSE
    text: ClassVar[dict[str, str]] = {
        "en": "whenever you draw a card",
        "ru": "когда ты берёшь карту",
        "pl": "gdy dobierasz kartę",
    }


#: the draw events' timings: where `the card just drawn` names a card (the checker's
#: test, the engine's deck -> timing table)
TIMINGS: dict[str, str] = {"treasure": DrawsTreasure.timing, "door": DrawsDoor.timing,
                           "": DrawsCard.timing}


#: card kinds a drawn card may be besides those a player holds in play (holdings'
#: FILTER_WORDS): what the door and treasure decks hold, by how an author writes them
DRAWN_KINDS: dict[str, str] = {"monster": "monster", "monsters": "monster",
                               "one-shot": "one-shot", "one-shots": "one-shot",
                               # a card played (`if the card played is a monster enhancer`)
                               "monster-enhancer": "monster-enhancer",
                               "monster-enhancers": "monster-enhancer",
                               "item-enhancer": "item-enhancer",
                               "item-enhancers": "item-enhancer"}


def drawn_filter(scope: Any, ref: Ref) -> str | None:
    """What `if the card just drawn is X` tests: a card kind (`a monster`, `an item`) as
    its kind id, else a tag, race or class as the scope spells it (None: nothing known)."""
    return DRAWN_KINDS.get(ref.name.casefold()) or filter_name(scope, ref)


@dataclass(frozen=True, slots=True)
class DiscardAnyDrawn(EffectPart):
    """`discard any of the treasures you just drew`: right after a kill, the player picks
    which of the treasures they drew for it go to the discards (cards in flight: the
    engine keeps what each player drew for the fight just won, ``Combat.spoils``).  It
    moves cards, so `that many` after it counts them (`..., draw that many treasures face
    down`: Appraiser's Loupe)."""

    kind: ClassVar[str] = "discard_any_drawn"
    rule: ClassVar[str] = "discard_any_drawn"
    syntax: ClassVar[str] = '_discard "any" "of" "the" "treasures" "you" "just" "drew"'
    summary: ClassVar[str] = ("right after a kill: the player discards any of the treasures "
                              "they drew for it (they pick how many and which)")
    example: ClassVar[str] = "discard any of the treasures you just drew"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`discard any of the treasures you just drew`",
         ("right after a kill: the player discards any of the treasures they drew for it "
          "(they pick how many and which); `that many` after it counts them"),
         "after a kill: discard any of the treasures you just drew, draw that many treasures "
         "face down"),
    )
    means: ClassVar[str] = "discard swap exchange replace treasures just drew drawn reward loot"
    only_at: ClassVar[tuple[str, ...]] = ("after_kill",)
    only_at_refuse: ClassVar[str] = ("the treasures a player just drew are those of a kill: "
                                     "write `after a kill: discard any of the treasures you "
                                     "just drew`")
    #: the cards it moves are what a `that many` after it counts
    moves_cards: ClassVar[bool] = True
    observe: ClassVar[str] = "hand"
    text: ClassVar[dict[str, str]] = {
        "en": "discard any of the {{ t.plural('treasure', 5)|title_words }} you just drew",
        # the plural for 5 is the genitive plural: «из … сокровищ», «z … skarbów»
        "ru": "сбрасываешь любые из только что взятых {{ t.plural('treasure', 5) }}",
        "pl": "odrzucasz dowolne z właśnie dobranych {{ t.plural('treasure', 5) }}",
    }
