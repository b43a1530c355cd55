"""Card selectors and the effects that move the card they pick between zones.

A card selector (``CardPart``) says which card: `an item you carry`, `a Steed the
fighter carries`, `a random card from victim` (from that player's hand), `a Sidekick in
play` (anyone's), `this card`.  The effects take one wherever a card stands and move it:
`take` / `steal` (to the taker: into the hand from a hand, into play from play), `give
... to TARGET`, `discard`, `put ... on top of its deck`, `put ... into play`, `put ...
into your hand`.  Every effect takes every selector the zones allow; a move that cannot
change anything (an item put into play that is in play already, a card taken by the
player who has it) is refused by the checker with what to write instead
(``compiler/checks/card_moves.py``); the engine moves the cards in
``engine/algebra_cards.py``.  With no card to pick the effect does not apply, so an
`otherwise` after it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import CardPart, EffectPart
from munchkin_dsl.language.nodes import Target
from munchkin_dsl.language.parts import hand_picks, spoils
from munchkin_dsl.language.parts.card_words import EVERY_PL, WORTH
from munchkin_dsl.language.parts.holdings import FILTER


@dataclass(frozen=True, slots=True)
class CarriedCard(CardPart):
    """`an item you carry`: one card of the filter that player has in play (their pick
    when several fit; the one the effect reaches picks when it takes)."""

    rule: ClassVar[str] = "pick_carried"
    pick: ClassVar[str] = "carried"
    syntax: ClassVar[str] = ('("a"|"an") ' + FILTER + ' card_worth? target '
                             '("carry"|"carries")')
    # `an item worth 300 or less you carry`: a bound on the card's value (any card pick)
    subrules: ClassVar[str] = (
        'card_worth: "worth" INT "or" "less"  -> worth_most\n'
        '          | "worth" INT "or" "more"  -> worth_least')
    keeps: ClassVar[tuple[str, ...]] = ("worth_most", "worth_least")
    summary: ClassVar[str] = ("one card of a kind or tag the player has in play (`an item "
                              "you carry`, `a Steed victim carries`; `an item worth 300 or "
                              "less victim carries`: only one worth that much or less)")
    example: ClassVar[str] = "any time: discard an item you carry"
    means: ClassVar[str] = "item carry carried in play owned worn card of"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ a_fw(e.card_what, t) }}" + WORTH["en"] + " {{ 'you carry' if "
              "t.you(e.card_owner, a) else w.WHO[e.card_owner] ~ ' carries' }}",
        "ru": "{{ fw(e.card_what, 1, t) }}" + WORTH["ru"] + " {{ 'из своих карт в игре' if "
              "t.you(e.card_owner, a) else 'из карт в игре ' ~ w.GEN[e.card_owner] }}",
        "pl": "{{ fw(e.card_what, 1, t) }}" + WORTH["pl"] + " {{ 'ze swoich kart w grze' if "
              "t.you(e.card_owner, a) else 'z kart w grze ' ~ w.GEN[e.card_owner] }}",
    }


@dataclass(frozen=True, slots=True)
class EveryCarried(CardPart):
    """`every curse you have in play`, `every item worth 500 or more victim carries`: all
    the cards of the filter that player has in play; the move takes each of them."""

    rule: ClassVar[str] = "pick_every_carried"
    pick: ClassVar[str] = "every_carried"
    every: ClassVar[bool] = True
    syntax: ClassVar[str] = ('("every"|"all") ' + FILTER + ' card_worth? target '
                             '("carry"|"carries"|("have"|"has") "in" "play")')
    keeps: ClassVar[tuple[str, ...]] = ("worth_most", "worth_least")
    summary: ClassVar[str] = ("every card of a kind or tag the player has in play (`every "
                              "curse you have in play`, `every item victim carries`): the move "
                              "takes each of them")
    example: ClassVar[str] = "outside combat: discard every curse you have in play"
    means: ClassVar[str] = "every all each cards items curses carried in play whole"
    text: ClassVar[dict[str, str]] = {
        "en": "every {{ fw(e.card_what, 1, t) }}" + WORTH["en"] + " {{ 'you have in play' if "
              "t.you(e.card_owner, a) else w.WHO[e.card_owner] ~ ' has in play' }}",
        "ru": "все {{ 'свои ' if t.you(e.card_owner, a) }}карты {{ fw(e.card_what, 5, t) }}"
              + WORTH["ru"] + " в игре{{ '' if t.you(e.card_owner, a) else ' у ' ~ "
              "w.GEN[e.card_owner] }}",
        "pl": EVERY_PL + WORTH["pl"] + " {{ 'ze swoich kart w grze' if t.you(e.card_owner, a) "
              "else 'z kart w grze ' ~ w.GEN[e.card_owner] }}",
    }


@dataclass(frozen=True, slots=True)
class EveryInPlay(CardPart):
    """`every curse in play`: all the cards of the filter every living player has in play
    (never the taker's own when it takes)."""

    rule: ClassVar[str] = "pick_every_in_play"
    pick: ClassVar[str] = "every_in_play"
    every: ClassVar[bool] = True
    syntax: ClassVar[str] = '("every"|"all") ' + FILTER + ' card_worth? "in" "play"'
    keeps: ClassVar[tuple[str, ...]] = ("worth_most", "worth_least")
    summary: ClassVar[str] = ("every card of a kind or tag any living player has in play: the "
                              "move takes each of them")
    example: ClassVar[str] = "outside combat: discard every curse in play"
    means: ClassVar[str] = "every all each cards in play table anyone's everybody's"
    text: ClassVar[dict[str, str]] = {
        "en": "every {{ fw(e.card_what, 1, t) }}" + WORTH["en"] + " in play",
        "ru": "все карты {{ fw(e.card_what, 5, t) }}" + WORTH["ru"] + " в игре у всех игроков",
        "pl": EVERY_PL + WORTH["pl"] + " w grze u wszystkich graczy",
    }


@dataclass(frozen=True, slots=True)
class RandomFromHand(CardPart):
    """`a random card from victim`: one card of that player's hand, drawn blind."""

    rule: ClassVar[str] = "pick_random_in_hand"
    pick: ClassVar[str] = "random_in_hand"
    zone: ClassVar[str] = "hand"
    syntax: ClassVar[str] = '"a" "random" "card" "from" target'
    summary: ClassVar[str] = "one card of the player's hand, picked blind"
    example: ClassVar[str] = "any time: take a random card from the player to your left"
    means: ClassVar[str] = "random blind card hand from at random steal"
    text: ClassVar[dict[str, str]] = {
        "en": "a random card from {{ 'your hand' if t.you(e.card_owner, a) else 'the hand of ' "
              "~ w.WHO[e.card_owner] }}",
        "ru": "случайную карту {{ 'из твоей руки' if t.you(e.card_owner, a) else 'из руки ' "
              "~ w.GEN[e.card_owner] }}",
        "pl": "losową kartę {{ 'z twojej ręki' if t.you(e.card_owner, a) else 'z ręki ' "
              "~ w.GEN[e.card_owner] }}",
    }


@dataclass(frozen=True, slots=True)
class InPlayCard(CardPart):
    """`a Sidekick in play`: one card of the filter any player has in play (the one the
    effect reaches picks; never the taker's own)."""

    rule: ClassVar[str] = "pick_in_play"
    pick: ClassVar[str] = "in_play"
    discard_form: ClassVar[bool] = False  # `discard a NAME in play`: DiscardInPlay's
    syntax: ClassVar[str] = '("a"|"an") ' + FILTER + ' card_worth? "in" "play"'
    keeps: ClassVar[tuple[str, ...]] = ("worth_most", "worth_least")
    summary: ClassVar[str] = ("one card of a kind or tag any player has in play (for a "
                              "discard: `discard a NAME in play`, the target's own)")
    example: ClassVar[str] = "outside combat: take a Sidekick in play"
    means: ClassVar[str] = "any card in play table kind tag anyone's"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ a_fw(e.card_what, t) }}" + WORTH["en"] + " in play",
        "ru": "{{ fw(e.card_what, 1, t) }}" + WORTH["ru"] + " из игры у любого игрока",
        "pl": "{{ fw(e.card_what, 1, t) }}" + WORTH["pl"] + " z gry dowolnego gracza",
    }


@dataclass(frozen=True, slots=True)
class ThisCard(CardPart):
    """`this card`: the card the line is on, where it lies (only on a card that stays in
    play: a card discarded once played is gone before it could move)."""

    rule: ClassVar[str] = "pick_this"
    pick: ClassVar[str] = "this"
    discard_form: ClassVar[bool] = False  # `discard this card`: a form of Discard
    syntax: ClassVar[str] = '"this" "card"'
    summary: ClassVar[str] = "the card the line is on (on a card that stays in play)"
    example: ClassVar[str] = "on escape: give this card to the player to your left"
    means: ClassVar[str] = "this card itself self own"
    text: ClassVar[dict[str, str]] = {
        "en": "this card",
        "ru": "эту карту",
        "pl": "tę kartę",
    }


@dataclass(frozen=True, slots=True)
class DrawnCard(CardPart):
    """`the card just drawn`: the card the line's draw event drew (`when you draw a
    treasure`, parts/drawn.py), where it lies now; at any other moment no card was drawn,
    and the checker refuses it (compiler/checks/drawn.py)."""

    rule: ClassVar[str] = "pick_drawn"
    pick: ClassVar[str] = "drawn"
    zone: ClassVar[str] = "hand"
    syntax: ClassVar[str] = '"the" "card" "just" "drawn"'
    summary: ClassVar[str] = ("the card the line's draw event just drew (`when you draw a "
                              "treasure: ...`), where it lies now")
    example: ClassVar[str] = "when you draw a door: put the card just drawn on top of its deck"
    means: ClassVar[str] = "drawn dealt just card new fresh latest draw"
    text: ClassVar[dict[str, str]] = {
        "en": "the card just drawn",
        "ru": "только что взятую карту",
        "pl": "właśnie dobraną kartę",
    }


@dataclass(frozen=True, slots=True)
class JustDiscarded(CardPart):
    """`the card just discarded`, `the race just discarded`: the card another player has
    just discarded, out of the discard pile (only at `when another player discards a
    card`, and only while it is still on the pile; a filter other than `card` must fit)."""

    rule: ClassVar[str] = "pick_just_discarded"
    pick: ClassVar[str] = "just_discarded"
    zone: ClassVar[str] = "discards"
    discard_form: ClassVar[bool] = False  # it is in the discards already
    syntax: ClassVar[str] = '"the" (WORD | "card") "just" "discarded"'  # `card`: a keyword
    summary: ClassVar[str] = ("the card another player has just discarded (`card`: any; a "
                              "kind or tag: only such a card), taken back off the discard "
                              "pile; only at `when another player discards a card`")
    example: ClassVar[str] = "when another player discards a card: take the race just discarded"
    means: ClassVar[str] = "that card the card discarded just thrown away from the discards"
    text: ClassVar[dict[str, str]] = {
        "en": "the {{ 'card' if e.card_what in (none, 'card') else fw(e.card_what, 1, t) }} "
              "just discarded",
        "ru": "только что сброшенную карту{{ '' if e.card_what in (none, 'card') else ' (' "
              "~ fw(e.card_what, 1, t) ~ ')' }}",
        "pl": "właśnie odrzuconą kartę{{ '' if e.card_what in (none, 'card') else ' (' "
              "~ fw(e.card_what, 1, t) ~ ')' }}",
    }


#: Timings at which a card move may mean nothing, and why.
_REFUSE_AT = {
    "on_death": "the dead player's cards are discarded anyway; write it on another timing",
    "would_lose_item": "the item about to be lost may be the very card moved, so it may "
                       "change nothing; write `prevent it` or a move on another timing",
    "when_other_dies": "the dead player's cards are shared out at that moment, so a card "
                       "moved then may change nothing; write it on another timing",
    "when_any_dies": "the dead player's cards are shared out at that moment, so a card moved "
                     "then may change nothing; write it on `bad stuff:` or `on kill:`"}


#: The ranked picks (`the most valuable item victim carries`, `the cheapest Steed you
#: carry`, `the item with the smallest bonus victim carries`): pick -> (the card measure
#: it ranks by, 1: the most, -1: the least).  The engine measures `value` as the card's
#: value and `bonus` as an item's bonus (a card with no bonus is not ranked by it); ties:
#: the player the effect reaches picks among them, as for every pick.
RANKED: dict[str, tuple[str, int]] = {
    "most_valuable": ("value", 1), "least_valuable": ("value", -1),
    "biggest_bonus": ("bonus", 1), "smallest_bonus": ("bonus", -1)}

#: whose cards a ranked pick ranks: written, or in a discard left out (`victim discards the
#: cheapest item`: the discarder's own; elsewhere the checker asks whose, card_moves.py)
_WHOSE = '(target ("carry"|"carries"))?'

_OWNED = {  # the end of a ranked pick's text: whose cards it ranks
    "en": "{{ 'you carry' if t.you(e.card_owner, a) else w.WHO[e.card_owner] ~ ' carries' }}",
    "ru": "{{ 'из своих карт в игре' if t.you(e.card_owner, a) else 'из карт в игре ' ~ "
          "w.GEN[e.card_owner] }}",
    "pl": "{{ 'ze swoich kart w grze' if t.you(e.card_owner, a) else 'z kart w grze ' ~ "
          "w.GEN[e.card_owner] }}",
}


#: a ranked pick's bound after its rank words (`с наибольшей ценой, до 300 голдов`)
_RANK_WORTH = {"en": WORTH["en"], "ru": WORTH["ru"].replace(" ценой", ","),
               "pl": WORTH["pl"].replace(" o wartości", ",")}


@dataclass(frozen=True, slots=True)
class MostValuableCarried(CardPart):
    """`the most valuable item victim carries`: the card of the filter that player has in
    play worth most (ties: the one the effect reaches picks)."""

    rule: ClassVar[str] = "pick_most_valuable"
    pick: ClassVar[str] = "most_valuable"
    discard_form: ClassVar[bool] = False  # `victim discards the most valuable item` says it
    syntax: ClassVar[str] = ('"the" ("most" ("valuable" | "expensive") | "dearest") '
                             + FILTER + ' card_worth? ' + _WHOSE)
    keeps: ClassVar[tuple[str, ...]] = ("worth_most", "worth_least")
    summary: ClassVar[str] = ("the card of a kind or tag the player has in play worth most "
                              "(`the most valuable`, `the most expensive`, `the dearest`; "
                              "ties: the picker's choice)")
    example: ClassVar[str] = ("any time: take the most valuable item the player with the most "
                              "items carries")
    means: ClassVar[str] = "most valuable expensive dearest richest item carry worth"
    #: a ranked pick of one's own is `the ...`: a discard means the discarder's, any other
    #: move names whose (`victim discards their cheapest item`, E002)
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?P<v>discards?) (?:your|their|his|her) (?P<r>cheapest|least valuable|least "
        r"expensive|most valuable|most expensive|dearest) (?P<n>[\w-]+(?: worth \d+ or "
        r"(?:more|less))?)": "{v} the {r} {n}"}
    text: ClassVar[dict[str, str]] = {
        "en": "the most valuable {{ fw(e.card_what, 1, t) }}" + WORTH["en"] + " " + _OWNED["en"],
        "ru": "{{ fw(e.card_what, 1, t) }} с наибольшей ценой"
              + _RANK_WORTH["ru"] + " " + _OWNED["ru"],
        "pl": "{{ fw(e.card_what, 1, t) }} o najwyższej wartości"
              + _RANK_WORTH["pl"] + " " + _OWNED["pl"],
    }


@dataclass(frozen=True, slots=True)
class LeastValuableCarried(CardPart):
    """`the cheapest item victim carries`: the card of the filter that player has in play
    worth least (ties: the one the effect reaches picks)."""

    rule: ClassVar[str] = "pick_least_valuable"
    pick: ClassVar[str] = "least_valuable"
    syntax: ClassVar[str] = ('"the" ("least" "valuable" | "cheapest" | "least" "expensive") '
                             + FILTER + ' card_worth? ' + _WHOSE)
    keeps: ClassVar[tuple[str, ...]] = ("worth_most", "worth_least")
    summary: ClassVar[str] = ("the card of a kind or tag the player has in play worth least "
                              "(`the least valuable`, `the cheapest`; ties: the picker's "
                              "choice)")
    example: ClassVar[str] = "bad stuff: discard the cheapest item victim carries"
    means: ClassVar[str] = "least valuable cheapest cheap worthless poorest lowest value item"
    text: ClassVar[dict[str, str]] = {
        "en": "the least valuable {{ fw(e.card_what, 1, t) }}" + WORTH["en"] + " " + _OWNED["en"],
        "ru": "{{ fw(e.card_what, 1, t) }} с наименьшей ценой"
              + _RANK_WORTH["ru"] + " " + _OWNED["ru"],
        "pl": "{{ fw(e.card_what, 1, t) }} o najniższej wartości"
              + _RANK_WORTH["pl"] + " " + _OWNED["pl"],
    }


@dataclass(frozen=True, slots=True)
class BiggestBonusCarried(CardPart):
    """`the item with the biggest bonus victim carries`: the card of the filter that player
    has in play whose bonus is biggest (ties: the one the effect reaches picks)."""

    rule: ClassVar[str] = "pick_biggest_bonus"
    pick: ClassVar[str] = "biggest_bonus"
    discard_form: ClassVar[bool] = False  # `discard the item with the biggest bonus`: Discard's
    syntax: ClassVar[str] = ('"the" ' + FILTER + ' "with" "the" ("biggest" | "largest" | '
                             '"highest") "bonus" ' + _WHOSE)
    summary: ClassVar[str] = ("the card of a kind or tag the player has in play with the "
                              "biggest bonus (ties: the picker's choice)")
    example: ClassVar[str] = ("any time: take the item with the biggest bonus the player to "
                              "your left carries")
    means: ClassVar[str] = "biggest largest highest best strongest bonus item carry"
    text: ClassVar[dict[str, str]] = {
        "en": "the {{ fw(e.card_what, 1, t) }} with the biggest bonus " + _OWNED["en"],
        "ru": "{{ fw(e.card_what, 1, t) }} с самым большим бонусом " + _OWNED["ru"],
        "pl": "{{ fw(e.card_what, 1, t) }} o największej premii " + _OWNED["pl"],
    }


@dataclass(frozen=True, slots=True)
class SmallestBonusCarried(CardPart):
    """`the item with the smallest bonus victim carries`: the card of the filter that player
    has in play whose bonus is smallest (ties: the one the effect reaches picks)."""

    rule: ClassVar[str] = "pick_smallest_bonus"
    pick: ClassVar[str] = "smallest_bonus"
    syntax: ClassVar[str] = ('"the" ' + FILTER + ' "with" "the" ("smallest" | "lowest") '
                             '"bonus" ' + _WHOSE)
    summary: ClassVar[str] = ("the card of a kind or tag the player has in play with the "
                              "smallest bonus (ties: the picker's choice)")
    example: ClassVar[str] = ("any time: give the item with the smallest bonus you carry to "
                              "the player to your left")
    means: ClassVar[str] = "smallest lowest weakest worst bonus item carry"
    text: ClassVar[dict[str, str]] = {
        "en": "the {{ fw(e.card_what, 1, t) }} with the smallest bonus " + _OWNED["en"],
        "ru": "{{ fw(e.card_what, 1, t) }} с самым маленьким бонусом " + _OWNED["ru"],
        "pl": "{{ fw(e.card_what, 1, t) }} o najmniejszej premii " + _OWNED["pl"],
    }


def _card_text(lang: str) -> str:
    """The words of the card an effect moves: the text of its pick, chosen by the record's
    ``card`` (one template per language, so every effect prints every pick)."""
    picks: tuple[type[CardPart], ...] = (
        CarriedCard, RandomFromHand, InPlayCard, *hand_picks.PICKS, ThisCard, DrawnCard,
        JustDiscarded,
        EveryCarried, EveryInPlay, MostValuableCarried, LeastValuableCarried,
        BiggestBonusCarried, SmallestBonusCarried, *spoils.PICKS)
    out = "".join(f"{{% {'if' if i == 0 else 'elif'} e.card == '{p.pick}' %}}{p.text[lang]}"
                  for i, p in enumerate(picks))
    return out + "{% endif %}"


_CARD = {lang: _card_text(lang) for lang in ("en", "ru", "pl")}


@dataclass(frozen=True, slots=True)
class TakeCard(EffectPart):
    """`take an item victim carries`: the card goes to the taker, into the same zone (a
    card in play into play, a card from a hand into the hand)."""

    kind: ClassVar[str] = "take_card"
    rule: ClassVar[str] = "take_card"
    syntax: ClassVar[str] = 'target? ("take"|"takes"|"steal"|"steals") card_pick'
    summary: ClassVar[str] = ("the target takes the card picked: into play from play, into "
                              "the hand from a hand (none to pick: it does not apply)")
    example: ClassVar[str] = "take an item the player to your left carries"
    monster_example: ClassVar[str | None] = ("the player to your left takes a random card from "
                                             "fighter")
    means: ClassVar[str] = "take steal grab snatch card item from move"
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = _REFUSE_AT
    observe: ClassVar[str] = "cards"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'take', 'takes') }} " + _CARD["en"],
        "ru": "{{ w.verb(e, a, t, 'забираешь', 'забирает', 'забрать') }} " + _CARD["ru"],
        "pl": "{{ w.verb(e, a, t, 'zabierasz', 'zabiera', 'zabrać') }} " + _CARD["pl"],
    }
    target: Target | None = None
    card: CardPart | None = None


@dataclass(frozen=True, slots=True)
class GiveCard(EffectPart):
    """`give an item you carry to the player to your left`: the card's holder hands it on,
    into the same zone."""

    kind: ClassVar[str] = "give_card"
    rule: ClassVar[str] = "give_card"
    syntax: ClassVar[str] = '("give"|"gives") card_pick "to" target'
    summary: ClassVar[str] = ("the card picked goes to the player named, into play from play, "
                              "into the hand from a hand")
    example: ClassVar[str] = ("give a random card from the player to your right to the "
                              "player to your left")
    monster_example: ClassVar[str | None] = ("give a random card from fighter to the player to "
                                             "your left")
    means: ClassVar[str] = "give hand over pass card item to donate move"
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = _REFUSE_AT
    observe: ClassVar[str] = "cards"
    #: `to X` names whom the card goes to, not who gives it: an `otherwise` after it that
    #: names nobody is not X's (algebra.EffectPart.subject)
    subject: ClassVar[bool] = False
    text: ClassVar[dict[str, str]] = {
        "en": "give " + _CARD["en"] + " to {{ 'you' if t.you(e.target, a) else w.WHO[e.target] }}",
        "ru": "отдай " + _CARD["ru"] + " {{ 'себе' if t.you(e.target, a) else w.TO[e.target] }}",
        "pl": "daj " + _CARD["pl"] + " {{ 'sobie' if t.you(e.target, a) else w.TO[e.target] }}",
    }
    card: CardPart | None = None
    target: Target | None = None


@dataclass(frozen=True, slots=True)
class DiscardCard(EffectPart):
    """`discard an item you carry`, `victim discards a random card from victim`: the card
    picked goes to its discards, from play or from a hand."""

    kind: ClassVar[str] = "discard_card"
    rule: ClassVar[str] = "discard_card"
    syntax: ClassVar[str] = 'target? _discard card_to_discard'
    summary: ClassVar[str] = "the card picked goes to the discards, from play or from a hand"
    example: ClassVar[str] = "discard a random card from victim"
    monster_example: ClassVar[str | None] = "discard an item fighter carries"
    means: ClassVar[str] = "discard throw away lose card random item"
    refuse_at: ClassVar[dict[str, str]] = _REFUSE_AT
    observe: ClassVar[str] = "cards"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'discard', 'discards') }} " + _CARD["en"],
        "ru": "{{ w.verb(e, a, t, 'сбрасываешь', 'сбрасывает', 'сбросить') }} " + _CARD["ru"],
        "pl": "{{ w.verb(e, a, t, 'odrzucasz', 'odrzuca', 'odrzucić') }} " + _CARD["pl"],
    }
    target: Target | None = None
    card: CardPart | None = None


@dataclass(frozen=True, slots=True)
class PutOnDeck(EffectPart):
    """`put an item victim carries on top of its deck`: the card goes back on top of the
    deck it came from (door or treasure), to be drawn again."""

    kind: ClassVar[str] = "put_on_deck"
    rule: ClassVar[str] = "put_on_deck"
    syntax: ClassVar[str] = '("put"|"puts") card_pick "back"? "on" "top" "of" "its" "deck"'
    summary: ClassVar[str] = "the card picked goes back on top of its deck (door, treasure...)"
    example: ClassVar[str] = "put an item victim carries on top of its deck"
    monster_example: ClassVar[str | None] = "put an item fighter carries on top of its deck"
    means: ClassVar[str] = "put back deck top return shuffle card library"
    refuse_at: ClassVar[dict[str, str]] = _REFUSE_AT
    observe: ClassVar[str] = "cards"
    text: ClassVar[dict[str, str]] = {
        "en": "put " + _CARD["en"] + " back on top of its deck",
        "ru": "положи " + _CARD["ru"] + " обратно на верх колоды",
        "pl": "połóż " + _CARD["pl"] + " z powrotem na wierzch talii",
    }
    card: CardPart | None = None


@dataclass(frozen=True, slots=True)
class PutIntoPlay(EffectPart):
    """`put a random card from you into play`: a card from a hand goes into play in front
    of its holder by the normal rules (a card that cannot go into play now stays)."""

    kind: ClassVar[str] = "put_into_play"
    rule: ClassVar[str] = "put_into_play"
    syntax: ClassVar[str] = '("put"|"puts") card_pick "into" "play"'
    summary: ClassVar[str] = ("a card picked from a hand goes into play in front of its holder "
                              "by the normal rules (`a random card`: one of those that can)")
    example: ClassVar[str] = "put a random card from victim into play"
    monster_example: ClassVar[str | None] = "put a random card from fighter into play"
    means: ClassVar[str] = "put into play cast equip place table card from hand"
    refuse_at: ClassVar[dict[str, str]] = _REFUSE_AT
    observe: ClassVar[str] = "cards"
    text: ClassVar[dict[str, str]] = {
        "en": "put " + _CARD["en"] + " into play",
        "ru": "введи в игру " + _CARD["ru"],
        "pl": "wprowadź do gry " + _CARD["pl"],
    }
    card: CardPart | None = None


@dataclass(frozen=True, slots=True)
class PutIntoHand(EffectPart):
    """`put an item you carry into your hand`: a card in play goes into the hand of the
    player the effect reaches (the line's subject, else its default)."""

    kind: ClassVar[str] = "put_into_hand"
    rule: ClassVar[str] = "put_into_hand"
    syntax: ClassVar[str] = 'target? ("put"|"puts") card_pick "into" ("your"|"their") "hand"'
    summary: ClassVar[str] = ("a card picked in play goes into the hand of the player the "
                              "effect reaches")
    example: ClassVar[str] = "victim puts an item victim carries into their hand"
    monster_example: ClassVar[str | None] = "fighter puts an item fighter carries into their hand"
    means: ClassVar[str] = "return to hand pick up take back bounce card"
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = _REFUSE_AT
    observe: ClassVar[str] = "cards"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'put', 'puts') }} " + _CARD["en"] + " into "
              "{{ w.poss(e, a, t) }} hand",
        "ru": "{{ w.verb(e, a, t, 'берёшь', 'берёт', 'взять') }} в руку " + _CARD["ru"],
        "pl": "{{ w.verb(e, a, t, 'bierzesz', 'bierze', 'wziąć') }} na rękę " + _CARD["pl"],
    }
    target: Target | None = None
    card: CardPart | None = None

