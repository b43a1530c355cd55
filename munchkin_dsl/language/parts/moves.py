"""Effects that move cards from a player's hand or table to the discards.

`victim discards 2 cards`, `discard your whole hand`, `victim discards footgear`, `discard
1 item chosen by the player to your left`, `discard race` (the cards the words pick, and
before the ':' the cost of the line: `discard up to 3 cards: +1 per card to you`),
`victim discards a Hireling in play` (any card in play by kind or tag: a Sidekick, a
Steed, a race, a curse...), `victim discards the most valuable item`.  With nothing to
discard the effect does not apply, so an `otherwise` after it does (`..., otherwise
loses 1 level`).  The engine runs them in ``engine/algebra_moves.py``; a cost is paid by
the engine's ``_pay_costs`` (``engine/core.py``) from its Cost record.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from munchkin_dsl.language.algebra import AmountPart, EffectPart, described
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import Ref, Target
from munchkin_dsl.language.parts.card_words import worth_words


@dataclass(frozen=True, slots=True)
class DiscardInPlay(EffectPart):
    """`discard a Sidekick in play`: one card of the filter the target has in play."""

    kind: ClassVar[str] = "discard_in_play"
    rule: ClassVar[str] = "discard_in_play"
    syntax: ClassVar[str] = 'target? _discard ("a"|"an") (WORD|card_title) "in" "play"'
    summary: ClassVar[str] = ("the target discards one card they have in play of a kind (item, "
                              "sidekick, hireling, race, class, curse) or a tag; none: it does "
                              "not apply")
    example: ClassVar[str] = "victim discards an item in play"
    monster_example: ClassVar[str | None] = "fighter discards an item in play"
    means: ClassVar[str] = "discard lose card in play sidekick hireling steed remove"
    filters: ClassVar[tuple[str, ...]] = ("what",)
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        "on_death": "the dead player loses the cards anyway; write it on another timing"}
    observe: ClassVar[str] = "discards"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'discard', 'discards') }} {{ a_fw(e.what, t) }} in play",
        "ru": "{{ w.verb(e, a, t, 'сбрасываешь', 'сбрасывает', 'сбросить') }} "
              "{{ fw(e.what, 1, t) }} из игры",
        "pl": "{{ w.verb(e, a, t, 'odrzucasz', 'odrzuca', 'odrzucić') }} "
              "{{ fw(e.what, 1, t) }} z gry",
    }
    target: Target | None = None
    what: Ref | None = None


#: DiscardMostValuable's bound on the items it ranks, as its record holds it
_WORTH = worth_words("(e.worth if e.worth_bound == 'worth_most' else none)",
                     "(e.worth if e.worth_bound == 'worth_least' else none)")


@dataclass(frozen=True, slots=True)
class DiscardMostValuable(EffectPart):
    """`discard the most valuable item`: the item in play worth most (ties: the owner's pick)."""

    kind: ClassVar[str] = "discard_most_valuable"
    rule: ClassVar[str] = "discard_most_valuable"
    # `... item worth 500 or more`: the most valuable of those (none: it does not apply)
    syntax: ClassVar[str] = 'target? _discard "the" "most" "valuable" "item" card_worth?'
    keeps: ClassVar[tuple[str, ...]] = ("worth_most", "worth_least")
    summary: ClassVar[str] = ("the target discards the item in play worth the most (`worth N "
                              "or more`: the most valuable of those; none: it does not apply)")
    example: ClassVar[str] = "victim discards the most valuable item"
    monster_example: ClassVar[str | None] = "fighter discards the most valuable item"
    means: ClassVar[str] = "discard lose most valuable expensive item gold"
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        "on_death": "the dead player loses the items anyway; write it on another timing",
        "would_lose_item": "the item about to be lost may be the most valuable one, so it "
                           "may change nothing; write `prevent it` or another loss"}
    observe: ClassVar[str] = "items"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'discard', 'discards') }} {{ w.poss(e, a, t) }} most "
              "valuable item" + _WORTH["en"],
        "ru": "{{ w.verb(e, a, t, 'сбрасываешь', 'сбрасывает', 'сбросить') }} самую дорогую "
              "шмотку" + _WORTH["ru"],
        "pl": "{{ w.verb(e, a, t, 'odrzucasz', 'odrzuca', 'odrzucić') }} najcenniejszy przedmiot"
              + _WORTH["pl"],
    }
    target: Target | None = None
    worth_bound: str | None = field(default=None, metadata={
        "choices": ("worth_most", "worth_least"), "quiet": True,
        "doc": "`worth N or more` / `or less`: only the items of that value count"})
    worth: int | None = field(default=None, metadata={
        "doc": "the N of `worth N or more`", "quiet": True})


#: What `discard ...` can take (the record's ``what``), each a form of its own.
DISCARDED = ("cards", "up_to", "hand", "this", "worn", "all_worn", "all_big", "all_items",
             "items_of_choice", "items_worth_that_value", "items_worth_total", "race",
             "class", "items_worth_at_least", "small_items", "big_items", "biggest_bonus",
             "down_to", "smallest_bonus", "items_down_to")


#: the discard forms that are an item cost before the ':' (Cost kind discard_items)
_ITEM_COSTS = ("items_of_choice", "small_items", "big_items", "worn", "items_worth_total")


@dataclass(frozen=True, slots=True)
class Discard(EffectPart):
    """`victim discards 2 cards`, `discard whole hand`, `discard footgear`, `discard 1 item
    chosen by the player to your left`, `discard race`...: the target loses the cards the
    words pick.  Before the ':' the cards-only forms are the line's cost (`discard up to 3
    cards: +1 per card to you`), paid by the card's owner."""

    kind: ClassVar[str] = "discard"
    rule: ClassVar[str] = "discard"
    # a number of cards or items takes the amount forms after it (`discards 1 card for
    # every 2 items you have in play, up to 3`); the checker refuses them after a form
    # with no number (E229) and on a cost (E216)
    syntax: ClassVar[str] = "target? _discard discarded per? amount_post*"
    # each form names `what`; its numbers are read from inside it (``keeps``), a value's
    # gold and the chooser from their own helper rules (a field's ``from_rule``)
    subrules: ClassVar[str] = (
        'discarded: (INT | amt_that_many) _cards ("of" ("their" | "your") "choice")?  '
        '-> what_cards\n'
        '         | "up" "to" INT _cards  -> what_up_to\n'
        '         | "down" "to" INT _cards  -> what_down_to\n'
        '         | "down" "to" INT _items  -> what_items_down_to\n'
        '         | ("your" | "their")? "whole"? "hand" ("of" "at" "least" INT _cards)?  '
        '-> what_hand\n'
        '         | "all" _cards "in" ("your" | "their")? "hand"  -> what_hand\n'
        '         | "this" "card"?  -> what_this\n'
        '         | ("your" | "their")? worn_slot  -> what_worn\n'
        '         | "all" ("big" | "aggregate") "items"  -> what_all_big\n'
        # `discard every item you carry` (a seventh author's Bunker Key, E002): the
        # discarder's own, as `all items you carry` (a card pick) says it
        '         | "every" "item" ("you" "carry" | "they" "carry" | ("you" | "they") "have" '
        '"in" "play")  -> what_all_items\n'
        '         | "all" worn_slot  -> what_all_worn\n'
        '         | INT _items ("of" "their" "choice")?  -> what_items_of_choice\n'
        '         | INT _items discard_chooser  -> what_items_of_choice\n'
        '         | "items" "worth" "at" "least" "that" "value"  '
        '-> what_items_worth_that_value\n'
        '         | "items" "worth" "at" "least" discard_worth "in" "total"  '
        '-> what_items_worth_total\n'
        '         | ("your" | "their")? RACE_KW  -> what_race\n'
        '         | ("your" | "their")? CLASS_KW  -> what_class\n'
        '         | "every" "item" "worth" discard_worth "or" "more"  '
        '-> what_items_worth_at_least\n'
        '         | INT "small" _items  -> what_small_items\n'
        '         | INT ("big" | "aggregate") _items  -> what_big_items\n'
        '         | "the" "item" "with" "the" ("biggest" | "largest" | "highest") "bonus"  '
        '-> what_biggest_bonus\n'
        '         | "the" "item" "with" "the" ("smallest" | "lowest") "bonus"  '
        '-> what_smallest_bonus\n'
        'discard_chooser: "chosen" "by" target\n'
        'discard_worth: INT')
    keeps: ClassVar[tuple[str, ...]] = (
        "what_cards", "what_up_to", "what_down_to", "what_hand", "what_worn", "what_all_worn",
        "what_items_of_choice", "what_items_worth_total", "what_items_worth_at_least",
        "what_small_items", "what_big_items", "what_items_down_to")
    summary: ClassVar[str] = "a player loses cards or items"
    example: ClassVar[str] = "discard 1 card"
    means: ClassVar[str] = "discard throw lose card cards hand item items drop"
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        "on_death": "the dead player loses the hand anyway"}
    numbers: ClassVar[dict[str, str]] = {"count": "discard"}
    misphrasings: ClassVar[dict[str, str]] = {  # a worn item is discarded, not lost
        # every item of a player is `all items` after `discard` (`every item worth N or more`
        # is a form of its own; the ninth author's `discard every item you carry`, E002)
        r"\bdiscards? every item (?P<whose>(?:you|victim|the fighter|fighter) carr(?:y|ies)|"
        r"(?:you|victim) ha(?:ve|s) in play)": "discard all items {whose}",
        r"\blos(?:e|es|ing) (?:your|their|his|her|the) (?P<n>headgear|armor|armour|footgear)\b":
            "discard {n}",
        # a discard's ranked pick is the discarder's own: no pronoun owner
        r"\b(?P<n>the (?:most valuable|least valuable|cheapest|dearest) [a-z]+) (?:they|he|she) "
        r"carr(?:y|ies)\b": "{n}",
        # a card in play of a kind, not the hand: `discard a sidekick in play`
        r"\b(?:discard|discards|lose|loses) (?:your|their|his|her|one of (?:your|their)) "
        r"(?P<n>sidekick|steed|hireling|curse|mutation)s?\b":
            "discard a {n} in play",
    }
    observe: ClassVar[str] = "hand"
    variant_field: ClassVar[str | None] = "what"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`discard(s) N cards`", "cards from hand (all of it when it holds fewer)",
         "victim discards 2 cards"),
        ("`discard(s) N cards for each ...`",
         "the number of cards or items (`N item(s) of their choice`, `N small items`...) takes "
         "the amount forms of §6.5: a count, `for every N ...`, `up to N`, `at least N`; "
         "`discard(s) that many cards` after an effect that moves cards, and the cards a "
         "discard took are the `that many` of the effect after it",
         "victim discards 1 card for every 2 items you have in play"),
        ("`discard(s) down to N cards`",
         "cards from hand, the target's pick, until N are left (none when N or fewer)",
         "victim discards down to 3 cards"),
        ("`discard(s) down to N items`",
         "items in play, the target's pick, until N are left (none when N or fewer)",
         "victim discards down to 4 items"),
        ("`discard(s) whole hand` (or `hand`)", "the whole hand",
         "bad stuff: discard whole hand"),
        ("`discard(s) headgear` / `armor` / `footgear`",
         "the item worn there (nothing if none; `otherwise` applies)",
         "bad stuff: discard footgear, otherwise lose 1 level"),
        ("`discard(s) all headgear` / `all armor` / `all footgear`", "every item of that slot",
         "bad stuff: discard all armor"),
        ("`discard(s) all big/aggregate items`", "every Big item (Star Munchkin's Aggregate)",
         "bad stuff: discard all big items"),
        ("`discard(s) N item(s) of their choice`", "items the target picks",
         "victim discards 1 item of their choice"),
        ("`discard(s) N item(s) chosen by TARGET`",
         "items another player picks (the most valuable)",
         "discard 1 item chosen by the player to your left"),
        ("`discard(s) items worth at least that value`",
         "items worth at least what the previous effect discarded",
         "victim discards 1 item of their choice, every other player discards items worth at "
         "least that value, otherwise loses 1 level"),
        ("`discard(s) items worth at least N in total`",
         "items picked by their owner until N gold is reached (all if worth less)",
         "bad stuff: discard items worth at least 1000 in total"),
        ("`discard(s) every item you carry`", "every item the target has in play (as `all "
         "items you carry`)", "instead of dying: discard every item you carry"),
        ("`discard(s) every item worth N or more`", "every item of that value or more",
         "bad stuff: discard every item worth 400 or more"),
        ("`discard(s) N small items` / `N big/aggregate items`",
         "items picked by their owner among the small (not Big) / Big ones",
         "victim discards 1 big item"),
        ("`discard(s) the item with the biggest bonus`",
         "the worn item that gives most (ties: the owner's choice)",
         "victim discards the item with the biggest bonus"),
        ("`discard(s) race` / `class`", "every race / class card in play",
         "bad stuff: discard race, discard class"),
    )
    #: `victim discards 2 cards, draw that many treasures`: how many went is the line's
    #: `that many` (``ctx.moved``)
    moves_cards: ClassVar[bool] = True
    cost: ClassVar[bool] = True
    cost_kinds: ClassVar[dict[str, str]] = {
        "cards": "discard_cards", "up_to": "discard_up_to", "hand": "discard_hand",
        "this": "discard_this", "items_of_choice": "discard_items",
        "small_items": "discard_items", "big_items": "discard_items", "worn": "discard_items",
        "items_worth_total": "discard_items"}
    cost_refuse: ClassVar[tuple[str, str]] = (
        "a cost is cards from the hand, this card, or items the owner picks",
        "write `discard N cards` (or up to N), `discard this`, `discard N items` (big or "
        "small), `discard items worth at least N in total` or `discard your headgear`; a "
        "loss picked otherwise goes after the ':'")
    cost_words: ClassVar[str] = "a discard"
    cost_as_effect: ClassVar[bool] = False
    cost_forms: ClassVar[tuple[tuple[str, str, str, str], ...]] = (
        ("discard_cards", "`discard N cards`", "exactly N cards from the owner's hand",
         "when caught, discard 2 cards: you ignore bad stuff that takes levels"),
        ("discard_up_to", "`discard up to N cards` (effects may say `per card`)",
         "0 to N cards from the hand, chosen when used; effects that say `per card` count them",
         "in combat, if monster is Undead, discard up to 3 cards: +3 per card to you"),
        ("discard_hand", "`discard whole hand` / `discard whole hand of at least N cards`",
         "the owner's whole hand (with `of at least N cards`: only when it holds N or more)",
         "in combat, discard whole hand of at least 3 cards: defeat the monster without a "
         "kill with treasure"),
        ("discard_this", "`discard this card` (or `discard this`)",
         "this card itself, from the table or the hand",
         "in combat, discard this card: you escape every monster"),
        ("discard_items", "`discard N items` / `N big items` / `N small items` / `discard "
         "your headgear` (armor, footgear)",
         "N items the owner has in play, picked by them (of the size or the worn slot "
         "named); a line the owner cannot pay is not offered",
         "instead of run away roll, discard 1 item: you escape every monster"),
        ("discard_items", "`discard items worth at least N in total`",
         "items the owner has in play worth N gold or more together, picked by them one by "
         "one until N is reached; a line the owner cannot pay (items worth less) is not "
         "offered, and nothing is taken when the owner does not use it",
         "when this combat starts, discard items worth at least 500 in total: defeat without "
         "a kill"),
    )
    text: ClassVar[dict[str, str]] = {
        'en': (
            '{{ w.verb(e, a, t, "discard", "discards") }}\n'
            '{%- if e.what == "cards" %} {{ w.number(e, t, e.count) }} {{ t.forms(t.many(e, '
            'e.count), "card", "cards") }}\n'
            '{%- elif e.what == "down_to" %} down to {{ w.number(e, t, e.count) }} {{ '
            't.forms(t.many(e, e.count), "card", "cards") }} in hand\n'
            '{%- elif e.what == "items_down_to" %} items until {{ w.number(e, t, e.count) }} '
            '{{ "is" if e.count == 1 else "are" }} left in play\n'
            '{%- elif e.what == "hand" %} {{ w.poss(e, a, t) }} whole hand\n'
            '{%- elif e.what == "worn" %} {{ w.poss(e, a, t) }} {{ w.SLOT[e.slot]|lower }}\n'
            '{%- elif e.what == "all_worn" %} all {{ w.poss(e, a, t) }} {{ w.SLOT[e.slot]|lower '
            '}}\n'
            '{%- elif e.what == "all_big" %} all {{ t.term("big") }} items\n'
            '{%- elif e.what == "all_items" %} every item {{ "you carry" if t.you(e.target, a) '
            'else "they carry" }}\n'
            '{%- elif e.what == "items_of_choice" and t.field(e, "chooser") %} {{ e.count }} {{ '
            't.forms(e.count, "item", "items") }} chosen by {{ w.WHO[e.chooser] }}\n'
            '{%- elif e.what == "items_of_choice" %} {{ e.count }} {{ t.forms(e.count, "item", '
            '"items") }} of {{ w.poss(e, a, t) }} choice\n'
            '{%- elif e.what == "items_worth_that_value" %} items worth at least that value\n'
            '{%- elif e.what == "items_worth_total" %} items worth at least {{ e.worth }} {{ '
            't.term("gold", "Gold Pieces") }} in total ({{ w.poss(e, a, t) }} pick; all of them '
            'if they are worth less)\n'
            '{%- elif e.what == "race" %} {{ w.poss(e, a, t) }} {{ t.term("race", "race")|lower '
            '}}\n'
            '{%- elif e.what == "class" %} {{ w.poss(e, a, t) }} {{ t.term("class", '
            '"class")|lower }}\n'
            '{%- elif e.what == "items_worth_at_least" %} every item worth {{ e.worth }} {{ '
            't.term("gold", "Gold Pieces") }} or more\n'
            '{%- elif e.what == "small_items" %} {{ e.count }} small {{ t.forms(e.count, "item", '
            '"items") }} of {{ w.poss(e, a, t) }} choice\n'
            '{%- elif e.what == "big_items" %} {{ e.count }} {{ t.term("big") }} {{ '
            't.forms(e.count, "item", "items") }} of {{ w.poss(e, a, t) }} choice\n'
            '{%- elif e.what == "biggest_bonus" %} the item that gives {{ "you" if '
            't.you(e.target, a) else "them" }} the biggest bonus\n'
            '{%- elif e.what == "smallest_bonus" %} the item that gives {{ "you" if '
            't.you(e.target, a) else "them" }} the smallest bonus\n'
            '{%- elif e.what == "this" %} this card\n'
            '{%- else %} {{ e.what }}{% endif %}{{ w.amount_post(e, t) }}'),
        'ru': (
            '{{ w.verb(e, a, t, "сбрасываешь", "сбрасывает", "сбросить") }}\n'
            '{%- if e.what == "cards" %} {{ w.number(e, t, e.count) }} {{ t.forms(t.many(e, '
            'e.count), "карту", "карты", "карт") }}\n'
            '{%- elif e.what == "down_to" %} карты с руки, пока в ней не останется {{ '
            'w.number(e, t, e.count) }}\n'
            '{%- elif e.what == "items_down_to" %} шмотки, пока в игре не останется {{ '
            'w.number(e, t, e.count) }} {{ t.forms(e.count, "шмотка", "шмотки", "шмоток") }}\n'
            '{%- elif e.what == "hand" %} все карты с руки\n'
            '{%- elif e.what == "worn" %} {{ w.WORN[e.slot] }}\n'
            '{%- elif e.what == "all_worn" %} {{ w.ALL_WORN[e.slot] }}\n'
            '{%- elif e.what == "all_big" %} все {{ t.tag_phrase(t.term("big"), "шмотки", '
            '"plur,nomn") }}\n'
            '{%- elif e.what == "all_items" %} все свои шмотки в игре\n'
            '{%- elif e.what == "items_of_choice" and t.field(e, "chooser") %} {{ e.count }} {{ '
            't.forms(e.count, "шмотку", "шмотки", "шмоток") }} на выбор {{ w.GEN[e.chooser] }}\n'
            '{%- elif e.what == "items_of_choice" %} {{ e.count }} {{ t.forms(e.count, "шмотку", '
            '"шмотки", "шмоток") }} на выбор\n'
            '{%- elif e.what == "items_worth_that_value" %} шмотки на сумму не меньше этой\n'
            '{%- elif e.what == "items_worth_total" %} шмотки на общую сумму не меньше {{ '
            'e.worth }} {{ t.plural("money", e.worth) }} (на выбор; если все вместе стоят меньше '
            '— все)\n'
            '{%- elif e.what == "race" %} карту расы\n'
            '{%- elif e.what == "class" %} карту класса\n'
            '{%- elif e.what == "items_worth_at_least" %} каждую шмотку ценой от {{ e.worth }} '
            '{{ t.plural("money", e.worth) }}\n'
            '{%- elif e.what == "small_items" %} {{ e.count }} {{ t.forms(e.count, "маленькую '
            'шмотку", "маленькие шмотки", "маленьких шмоток") }} на выбор\n'
            '{%- elif e.what == "big_items" %} {{ e.count }} {{ t.forms(e.count, "большую '
            'шмотку", "большие шмотки", "больших шмоток") }} на выбор\n'
            '{%- elif e.what == "biggest_bonus" %} шмотку с самым большим бонусом\n'
            '{%- elif e.what == "smallest_bonus" %} шмотку с самым маленьким бонусом\n'
            '{%- elif e.what == "this" %} эту карту\n'
            '{%- else %} {{ e.what }}{% endif %}{{ w.amount_post(e, t) }}'),
        'pl': (
            '{{ w.verb(e, a, t, "odrzucasz", "odrzuca", "odrzucić") }}\n'
            '{%- if e.what == "cards" %} {{ w.number(e, t, e.count) }} {{ t.forms(t.many(e, '
            'e.count), "kartę", "karty", "kart") }}\n'
            '{%- elif e.what == "down_to" %} karty z ręki, aż zostanie na niej {{ '
            'w.number(e, t, e.count) }}\n'
            '{%- elif e.what == "items_down_to" %} przedmioty, aż {{ t.forms(e.count, '
            '"zostanie", "zostaną", "zostanie") }} w grze {{ w.number(e, t, e.count) }} {{ '
            't.forms(e.count, "przedmiot", "przedmioty", "przedmiotów") }}\n'
            '{%- elif e.what == "hand" %} wszystkie karty z ręki\n'
            '{%- elif e.what == "worn" %} {{ w.WORN[e.slot] }}\n'
            '{%- elif e.what == "all_worn" %} {{ w.ALL_WORN[e.slot] }}\n'
            '{%- elif e.what == "all_big" %} wszystkie {{ t.tag_phrase(t.term("big"), '
            '"przedmioty", "plur,accs") }}\n'
            '{%- elif e.what == "all_items" %} wszystkie swoje przedmioty w grze\n'
            '{%- elif e.what == "items_of_choice" and t.field(e, "chooser") %} {{ e.count }} {{ '
            't.forms(e.count, "przedmiot", "przedmioty", "przedmiotów") }} {{ t.forms(e.count, '
            '"wybrany", "wybrane", "wybranych") }} przez {{ w.GEN[e.chooser] }}\n'
            '{%- elif e.what == "items_of_choice" %} {{ e.count }} {{ t.forms(e.count, '
            '"przedmiot", "przedmioty", "przedmiotów") }} według własnego wyboru\n'
            '{%- elif e.what == "items_worth_that_value" %} przedmioty warte co najmniej tyle '
            'samo\n'
            '{%- elif e.what == "items_worth_total" %} przedmioty warte łącznie co najmniej {{ '
            'e.worth }} sztuk złota (według własnego wyboru; jeśli są warte mniej — wszystkie)\n'
            '{%- elif e.what == "race" %} kartę rasy\n'
            '{%- elif e.what == "class" %} kartę klasy\n'
            '{%- elif e.what == "items_worth_at_least" %} każdy przedmiot wart {{ e.worth }} '
            'sztuk złota lub więcej\n'
            '{%- elif e.what == "small_items" %} {{ e.count }} {{ t.forms(e.count, "mały '
            'przedmiot", "małe przedmioty", "małych przedmiotów") }} według własnego wyboru\n'
            '{%- elif e.what == "big_items" %} {{ e.count }} {{ t.forms(e.count, "duży '
            'przedmiot", "duże przedmioty", "dużych przedmiotów") }} według własnego wyboru\n'
            '{%- elif e.what == "biggest_bonus" %} przedmiot, który daje największą premię\n'
            '{%- elif e.what == "smallest_bonus" %} przedmiot, który daje najmniejszą premię\n'
            '{%- elif e.what == "this" %} tę kartę\n'
            '{%- else %} {{ e.what }}{% endif %}{{ w.amount_post(e, t) }}'),
    }
    cost_text: ClassVar[dict[str, str]] = {
        'en': (
            '{%- if c.kind == "discard_cards" %}discard {{ c.count }} {{ t.forms(c.count, '
            '"card", "cards") }}\n'
            '{%- elif c.kind == "discard_up_to" %}discard up to {{ c.count }} {{ '
            't.forms(c.count, "card", "cards") }}\n'
            '{%- elif c.kind == "discard_hand" %}discard your whole hand{% if c.count %} (at '
            'least {{ c.count }} {{ t.forms(c.count, "card", "cards") }}){% endif %}\n'
            '{%- elif c.kind == "discard_this" %}discard this card\n'
            '{%- elif c.kind == "discard_items" and c.pick == "worn" %}discard your {{ '
            'w.SLOT[c.slot]|lower }}\n'
            '{%- elif c.kind == "discard_items" and c.pick == "items_worth_total" %}discard '
            'items worth at least {{ c.worth }} {{ t.term("gold", "Gold Pieces") }} in total\n'
            '{%- elif c.kind == "discard_items" %}discard {{ c.count }} {{ "small " if c.pick '
            '== "small_items" else (t.term("big") ~ " ") if c.pick == "big_items" else "" }}{{ '
            't.forms(c.count, "item", "items") }}{% endif %}'),
        'ru': (
            '{%- if c.kind == "discard_cards" %}сбрось {{ c.count }} {{ t.forms(c.count, '
            '"карту", "карты", "карт") }}\n'
            '{%- elif c.kind == "discard_up_to" %}сбрось до {{ c.count }} {{ t.forms(c.count, '
            '"карты", "карт", "карт") }}\n'
            '{%- elif c.kind == "discard_hand" %}сбрось все карты с руки{% if c.count %} (не '
            'меньше {{ c.count }} {{ t.forms(c.count, "карты", "карт", "карт") }}){% endif %}\n'
            '{%- elif c.kind == "discard_this" %}сбрось эту карту\n'
            '{%- elif c.kind == "discard_items" and c.pick == "worn" %}сбрось {{ '
            'w.WORN[c.slot] }}\n'
            '{%- elif c.kind == "discard_items" and c.pick == "items_worth_total" %}сбрось '
            'шмотки на общую сумму не меньше {{ c.worth }} {{ t.plural("money", c.worth) }}\n'
            '{%- elif c.kind == "discard_items" and c.pick == "small_items" %}сбрось {{ c.count '
            '}} {{ t.forms(c.count, "маленькую шмотку", "маленькие шмотки", "маленьких шмоток") '
            '}}\n'
            '{%- elif c.kind == "discard_items" and c.pick == "big_items" %}сбрось {{ c.count }} '
            '{{ t.forms(c.count, "большую шмотку", "большие шмотки", "больших шмоток") }}\n'
            '{%- elif c.kind == "discard_items" %}сбрось {{ c.count }} {{ t.forms(c.count, '
            '"шмотку", "шмотки", "шмоток") }}{% endif %}'),
        'pl': (
            '{%- if c.kind == "discard_cards" %}odrzuć {{ c.count }} {{ t.forms(c.count, '
            '"kartę", "karty", "kart") }}\n'
            '{%- elif c.kind == "discard_up_to" %}odrzuć do {{ c.count }} {{ t.forms(c.count, '
            '"karty", "kart", "kart") }}\n'
            '{%- elif c.kind == "discard_hand" %}odrzuć wszystkie karty z ręki{% if c.count %} '
            '(co najmniej {{ c.count }} {{ t.forms(c.count, "kartę", "karty", "kart") }}){% '
            'endif %}\n'
            '{%- elif c.kind == "discard_this" %}odrzuć tę kartę\n'
            '{%- elif c.kind == "discard_items" and c.pick == "worn" %}odrzuć {{ '
            'w.WORN[c.slot] }}\n'
            '{%- elif c.kind == "discard_items" and c.pick == "items_worth_total" %}odrzuć '
            'przedmioty warte łącznie co najmniej {{ c.worth }} sztuk złota\n'
            '{%- elif c.kind == "discard_items" and c.pick == "small_items" %}odrzuć {{ c.count '
            '}} {{ t.forms(c.count, "mały przedmiot", "małe przedmioty", "małych przedmiotów") '
            '}}\n'
            '{%- elif c.kind == "discard_items" and c.pick == "big_items" %}odrzuć {{ c.count }} '
            '{{ t.forms(c.count, "duży przedmiot", "duże przedmioty", "dużych przedmiotów") }}\n'
            '{%- elif c.kind == "discard_items" %}odrzuć {{ c.count }} {{ t.forms(c.count, '
            '"przedmiot", "przedmioty", "przedmiotów") }}{% endif %}'),
    }
    target: Target | None = described("who discards; see TARGETS", record=...)
    what: str = described(
        "cards (count from hand), down_to (cards from hand, the target's pick, until count "
        "are left), items_down_to (items in play, the target's pick, until count are left), "
        "hand (whole hand), worn (the item worn in slot; the victim "
        "picks if several), all_worn (every item of slot), all_big (every Big item), "
        "all_items (every item in play), "
        "items_of_choice (count items, target's choice), items_worth_that_value (items worth "
        "at least what the previous effect discarded), race (every race card), class (every "
        "class card), items_worth_at_least (every item worth `worth` gold or more), "
        "small_items / big_items (count items that are not Big / are Big, the target's "
        "choice), biggest_bonus / smallest_bonus (the worn item giving the biggest / "
        "smallest bonus, the target's choice on ties), items_worth_total (items worth at "
        "least `worth` gold together, the target's pick; all of them if they are worth "
        "less)", "cards", choices=DISCARDED, record=...)
    count: int | None = described("how many, for cards, items_of_choice, small_items and "
                                  "big_items (hand: the hand size it needs)", None,
                                  record=1, unset=1)
    slot: str | None = described("headgear, armor or footgear for worn and all_worn")
    worth: int | None = described("the gold value for items_worth_at_least and "
                                  "items_worth_total", from_rule="discard_worth")
    chooser: Target | None = described(
        "for items_of_choice: who picks the items (see TARGETS; another player takes the "
        "most valuable); null: the discarding player", record=None,
        from_rule="discard_chooser")
    per: str | None = None
    counted: CountPart | None = None
    amounts: tuple[AmountPart, ...] = ()
    def cost_record(self) -> tuple[str, int] | None:
        """As every cost part's, but items another player picks are no cost: the owner
        pays a cost, and picks what it takes."""
        if self.chooser is not None:
            return None
        return EffectPart.cost_record(self)

    def cost_fields(self) -> dict[str, Any]:
        """An item cost's pick and slot (`discard 1 big item:`, `discard your headgear:`),
        read by the engine's payer from the Cost record."""
        if self.what not in _ITEM_COSTS:
            return {}
        return {"pick": self.what, "slot": self.slot,
                **({"count": 1} if self.what == "worn" else {}),
                **({"worth": self.worth} if self.what == "items_worth_total" else {})}

    #: the forms whose number the amount forms act on (any other: E229)
    counted_forms: ClassVar[frozenset[str]] = frozenset({
        "cards", "items_of_choice", "small_items", "big_items"})
