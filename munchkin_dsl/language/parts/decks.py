"""Deck operations a player decides: a card taken back from a discard pile, the top cards
of a deck looked at and put back.

`take the top race card from the door discard pile into play`, `look at the top 3 doors
and put them back in any order` (or `... on the top or the bottom`).  The deck is a name
the ruleset defines (E106 when it does not); the handlers are the engine's
(:data:`munchkin_dsl.engine.effects_apply.APPLY`), keyed by the same kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described
from munchkin_dsl.language.nodes import Ref, Target


@dataclass(frozen=True, slots=True)
class TakeFromDiscards(EffectPart):
    """`take the top race card from the door discard pile into play` (Change Race, Wand of
    Dowsing): the last discarded card of a kind (any card: `card`), into the hand or into
    play."""

    kind: ClassVar[str] = "take_from_discards"
    rule: ClassVar[str] = "take_from_discards"
    syntax: ClassVar[str] = ('target? ("take" | "takes") "the" "top" pile_pick "from" "the" '
                             'WORD "discard" "pile" into_play?')
    subrules: ClassVar[str] = (
        'pile_pick: RACE_KW "card"  -> card_kind_race\n'
        '         | CLASS_KW "card"  -> card_kind_class\n'
        '         | "item" "card"  -> card_kind_item\n'
        '         | "card"\n'
        'into_play: "into" "play"')
    summary: ClassVar[str] = ("the top card (of a kind) of a deck's discard pile goes to the "
                              "hand or into play")
    example: ClassVar[str] = 'take the top card from the door discard pile'
    means: ClassVar[str] = 'take discard pile graveyard recover return back top retrieve race class'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        (('`take(s) the top [race | class | item] card from the DECK discard pile '
          '[into play]`'),
         ("the last discarded card (of that kind) of the deck's discards, into the "
          'hand or into play by the normal rules (a race over the limit replaces '
          'the old one); none there: nothing, and `otherwise` applies'),
         ('victim takes the top race card from the door discard pile into play, '
          'otherwise discards race')),
    )
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        "on_death": "a dying player's hand and cards in play are lost at once; take the card "
                    "`when another player dies`"}
    observe: ClassVar[str] = 'discards'
    text: ClassVar[dict[str, str]] = {
        'en': ('{{ w.verb(e, a, t, "take", "takes") }} the top {{ {"race": "race card", '
               '"class": "class card", "item": "item card"}.get(e.card_kind, "card") }} '
               'from the {{ t.deck_name(e.deck) }} discard pile\n{%- if e.into_play %} '
               'into play{% endif %}'),
        'ru': ('{{ w.verb(e, a, t, "берёшь", "берёт", "взять") }} верхнюю {{ {"race": '
               '"карту расы", "class": "карту класса", "item": "карту '
               'шмотки"}.get(e.card_kind, "карту") }} из сброса колоды «{{ '
               't.deck_name(e.deck) }}»\n{%- if e.into_play %} и {{ "ввести" if '
               'e.optional else "вводишь" if t.you(e.target, a) else "вводит" }} её в '
               'игру{% endif %}'),
        'pl': ('{{ w.verb(e, a, t, "bierzesz", "bierze", "wziąć") }} wierzchnią {{ '
               '{"race": "kartę rasy", "class": "kartę klasy", "item": "kartę '
               'przedmiotu"}.get(e.card_kind, "kartę") }} ze stosu kart odrzuconych '
               'talii {{ t.tag_phrase(t.deck_name(e.deck), "", "gent") }}\n{%- if '
               'e.into_play %} i {{ "wprowadzić" if e.optional else "wprowadzasz" if '
               't.you(e.target, a) else "wprowadza" }} ją do gry{% endif %}'),
    }
    deck: Ref | None = described("the deck whose discard pile is searched", unset="door",
                                 record=..., names=("decks",))
    card_kind: str | None = described("race, class or item: the last discarded card of that "
                                      "kind; null: the top card",
                                      choices=("race", "class", "item"))
    into_play: bool = described("the card goes into play by the normal rules (a race "
                                "replaces the race over the limit); false: into the hand",
                                False)
    target: Target | None = described("who takes it: see TARGETS")


@dataclass(frozen=True, slots=True)
class ArrangeTop(EffectPart):
    """`look at the top 3 doors and put them back in any order` (Crystal Ball), `... on the
    top or the bottom` (Scientist)."""

    kind: ClassVar[str] = "arrange_top"
    rule: ClassVar[str] = "arrange_top"
    syntax: ClassVar[str] = ('target? ("look" | "looks") "at" "the" "top" INT? WORD "and" "put" '
                             '("them" | "it") "back" ("in" "any" "order" | bottom)')
    subrules: ClassVar[str] = 'bottom: "on" "the" "top" "or" "the" "bottom"'
    summary: ClassVar[str] = ('the top cards of a deck are looked at and put back in an order the '
                              'player picks (or each on the top or the bottom)')
    example: ClassVar[str] = 'look at the top 3 doors and put them back in any order'
    means: ClassVar[str] = 'look peek top deck order reorder arrange rearrange scry bottom put back'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        (('`look(s) at the top [N] DECK and put them back in any order` / `... put '
          'it back on the top or the bottom`'),
         ('the top N cards (1 if no N) of a deck, put back as the player picks: '
          'the order (two cards or more: one card has one order, E228), or for '
          'each card the top or the bottom (scenarios: `chooses CARD`, `chooses '
          'option 2` for the bottom)'),
         'any time: look at the top 3 doors and put them back in any order'),
    )
    player_target: ClassVar[bool] = True
    numbers: ClassVar[dict[str, str]] = {'count': 'draw'}
    observe: ClassVar[str] = 'deck_top'
    text: ClassVar[dict[str, str]] = {
        'en': ('{{ w.verb(e, a, t, "look", "looks") }} at the top {{ "card" if e.count '
               '== 1 else e.count ~ " cards" }} of the {{ t.deck_name(e.deck) }} deck '
               'and {{ "put" if t.you(e.target, a) or e.optional else "puts" }} {{ '
               't.forms(e.count, "it", "them") }} back\n{%- if e.bottom %} on the top or '
               'at the bottom{% else %} in any order{% endif %}'),
        'ru': ('{{ w.verb(e, a, t, "смотришь", "смотрит", "посмотреть") }} {{ "верхнюю '
               'карту" if e.count == 1 else e.count ~ " " ~ t.forms(e.count, "верхнюю '
               'карту", "верхние карты", "верхних карт") }} колоды «{{ '
               't.deck_name(e.deck) }}» и {{ "вернуть" if e.optional else "возвращаешь" '
               'if t.you(e.target, a) else "возвращает" }} {{ t.forms(e.count, "её", '
               '"их", "их") }}\n{%- if e.bottom %} наверх или под низ колоды{% else %} в '
               'любом порядке{% endif %}'),
        'pl': ('{{ w.verb(e, a, t, "oglądasz", "ogląda", "obejrzeć") }} {{ "wierzchnią '
               'kartę" if e.count == 1 else e.count ~ " " ~ t.forms(e.count, '
               '"wierzchnią kartę", "wierzchnie karty", "wierzchnich kart") }} talii {{ '
               't.tag_phrase(t.deck_name(e.deck), "", "gent") }} i {{ "odłożyć" if '
               'e.optional else "odkładasz" if t.you(e.target, a) else "odkłada" }} {{ '
               't.forms(e.count, "ją", "je", "je") }}\n{%- if e.bottom %} na wierzch lub '
               'na spód talii{% else %} w dowolnej kolejności{% endif %}'),
    }
    count: int = described("how many cards from the top are looked at", 1, record=...)
    deck: Ref | None = described("the deck", unset="door", record=..., names=("decks",))
    bottom: bool = described("each card goes back on the top or at the bottom (the player's "
                             "choice) instead of in any order on the top", False)
    target: Target | None = described("who looks and decides: see TARGETS")
