"""Deck operations: cards drawn, a card taken back from a discard pile, the top cards of a
deck looked at and put back.

`draw 2 treasures face down`, `take the top race card from the door discard pile into
play`, `look at the top 3 doors and put them back in any order` (or `... on the top or the
bottom`).  The deck is a name
the ruleset defines (E106 when it does not); the handlers are the engine's
(:data:`munchkin_dsl.engine.effects_apply.APPLY`), keyed by the same kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import AmountPart, EffectPart, described
from munchkin_dsl.language.count_part import CountPart
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


#: where a draw means nothing (Draw and DrawToHand)
_DRAW_REFUSE = {"on_death": "the cards drawn go to the looters with the rest of the body"}


@dataclass(frozen=True, slots=True)
class Draw(EffectPart):
    """`draw 2 treasures [face up | face down]`, `draw up to 3 doors`, `draw 1 door for each
    other player`, `draw 2 treasures from the discard pile`, `... instead` (the phase's
    normal draw replaced): a numeric phrase (the amount parts and `per`)."""

    kind: ClassVar[str] = "draw"
    rule: ClassVar[str] = "draw"
    syntax: ClassVar[str] = ('target? ("draw" | "draws") (amount_pre? INT | amt_that_many) WORD '
                             'face? per? amount_post* from_discards? instead?')
    # `draw 2 treasures from the discard pile`: the top cards of that deck's discards
    subrules: ClassVar[str] = (
        'face: "face" "up"  -> face_up\n'
        '    | "face" "down"  -> not_face_up\n'
        'from_discards: "from" "the" "discard" "pile"\n'
        'instead: "instead"')
    summary: ClassVar[str] = 'a player draws cards'
    example: ClassVar[str] = 'draw 2 doors'
    means: ClassVar[str] = 'draw take cards pick get door treasure deck'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`draw(s) N DECK [face up | face down] [from the discard pile] [instead]`',
         ("draws from a deck of the ruleset (door, treasure, seal, or the line's "
          "names: airlock, loot...); `instead` replaces the phase's normal draw"),
         'when a seal opens: draw 1 door face down'),
    )
    reward: ClassVar[bool] = True
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = _DRAW_REFUSE
    numbers: ClassVar[dict[str, str]] = {'count': 'draw'}
    observe: ClassVar[str] = 'hand'
    text: ClassVar[dict[str, str]] = {
        'en': ('{{ w.verb(e, a, t, "draw", "draws") }} {{ w.amount_pre(e, t) }}{{ '
               'w.number(e, t, e.count) }} {{ t.plural(e.deck, t.many(e, e.count), '
               '(e.deck, e.deck ~ "s"))|title_words }}\n{%- if e.face_up == true %} face up{% elif '
               'e.face_up == false %} face down{% endif %}\n{{- w.amount_post(e, t) '
               '}}\n{%- if t.field(e, "from_discards") %} from the discard pile{% endif '
               '%}\n{%- if e.instead %} instead of the normal draw{% endif %}'),
        'ru': ('{{ w.verb(e, a, t, "тянешь", "тянет", "взять") }} {{ w.amount_pre(e, t) '
               '}}{{ w.number(e, t, e.count) }} {% if t.term(e.deck) == "шлюз" %}{{ '
               't.forms(t.many(e, e.count), "карту", "карты", "карт") }} '
               '{{ t.deck_name(e.deck) }}а{% else %}{{ t.plural(e.deck, t.many(e, e.count), '
               '("карту", "карты", "карт")) }}{% endif %}\n{%- '
               'if e.face_up == true %} в открытую{% elif e.face_up == false %} '
               'втёмную{% endif %}\n{{- w.amount_post(e, t) }}\n{%- if t.field(e, '
               '"from_discards") %} из сброса{% endif %}\n{%- if e.instead %} вместо '
               'обычного взятия карт{% endif %}'),
        'pl': ('{{ w.verb(e, a, t, "dobierasz", "dobiera", "dobrać") }} {{ '
               'w.amount_pre(e, t) }}{{ w.number(e, t, e.count) }}\n{%- if e.deck == '
               '"treasure" %} {{ t.plural("treasure", t.many(e, e.count)) }}\n{%- else %} '
               '{{ t.forms(t.many(e, e.count), "kartę", "karty", "kart") }} z talii {{ '
               't.tag_phrase(t.deck_name(e.deck), "", "gent") }}{% endif %}\n{%- if '
               'e.face_up == true %} jawnie{% elif e.face_up == false %} w ciemno{% '
               'endif %}\n{{- w.amount_post(e, t) }}\n{%- if t.field(e, "from_discards") '
               '%} ze stosu kart odrzuconych{% endif %}\n{%- if e.instead %} zamiast '
               'zwykłego dobierania{% endif %}'),
    }
    count: int = described("cards drawn", 0, record=...)
    deck: Ref | None = described("deck id from the ruleset: door, treasure or seal",
                                 unset="door", record=..., names=("decks",))
    target: Target | None = described("who draws; see TARGETS", record=...)
    face_up: bool | None = described("true face up, false face down, null: the ruleset's "
                                     "default")
    instead: bool = described("replaces the normal draw of the phase it fires in", False)
    from_discards: bool = described("the cards come from the top of the deck's discard pile "
                                    "(none there: nothing is drawn)", False)
    per: str | None = None
    counted: CountPart | None = None
    amounts: tuple[AmountPart, ...] = ()


@dataclass(frozen=True, slots=True)
class DrawToHand(EffectPart):
    """`draw treasures until you have 5 cards in hand`: a player draws from a deck until the
    hand holds N cards (nothing when it holds N or more already)."""

    kind: ClassVar[str] = "draw_to_hand"
    rule: ClassVar[str] = "draw_to_hand"
    syntax: ClassVar[str] = ('target? ("draw" | "draws") WORD face? "until" ("you" | "they") '
                             '("have" | "has" | "hold" | "holds") INT ("card" | "cards") "in" '
                             '"hand"')
    # `face`: Draw's rule (the grammar holds each helper rule once)
    summary: ClassVar[str] = ("a player draws from a deck until the hand holds N cards "
                              "(none when it already holds N)")
    example: ClassVar[str] = "draw treasures until you have 8 cards in hand"
    means: ClassVar[str] = "draw until refill hand size up to cards in hand"
    reward: ClassVar[bool] = True
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = _DRAW_REFUSE
    numbers: ClassVar[dict[str, str]] = {"count": "draw"}
    observe: ClassVar[str] = "hand"
    text: ClassVar[dict[str, str]] = {
        "en": ('{{ w.verb(e, a, t, "draw", "draws") }} {{ t.plural(e.deck, 2, (e.deck, '
               'e.deck ~ "s"))|title_words }}\n{%- if e.face_up == true %} face up{% elif '
               'e.face_up == false %} face down{% endif %} until {{ "you have" if '
               't.you(e.target, a) else "they have" }} {{ e.count }} {{ t.forms(e.count, '
               '"card", "cards") }} in hand'),
        "ru": ('{{ w.verb(e, a, t, "тянешь", "тянет", "взять") }} {{ t.plural(e.deck, 2, '
               '("карту", "карты", "карт")) }}\n{%- if e.face_up == true %} в открытую{% elif '
               'e.face_up == false %} втёмную{% endif %}, пока на руке не станет {{ e.count }} '
               '{{ t.forms(e.count, "карта", "карты", "карт") }}'),
        "pl": ('{{ w.verb(e, a, t, "dobierasz", "dobiera", "dobrać") }}\n{%- if e.deck == '
               '"treasure" %} {{ t.plural("treasure", 2) }}{% else %} karty z talii {{ '
               't.tag_phrase(t.deck_name(e.deck), "", "gent") }}{% endif %}\n{%- if '
               'e.face_up == true %} jawnie{% elif e.face_up == false %} w ciemno{% endif %}, '
               'aż na ręce będzie {{ e.count }} {{ t.forms(e.count, "karta", "karty", "kart") }}'),
    }
    count: int = described("the hand size the draws stop at", 0, record=...)
    deck: Ref | None = described("deck id from the ruleset: door, treasure or seal",
                                 unset="door", record=..., names=("decks",))
    target: Target | None = described("who draws; see TARGETS", record=...)
    face_up: bool | None = described("true face up, false face down, null: the ruleset's "
                                     "default")
