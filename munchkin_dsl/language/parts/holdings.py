"""Conditions on what a player holds: cards in play of any kind, hand size, wealth.

`if you have a Sidekick in play`, `if the fighter has at least 3 items in play`, `if
victim has 2 or fewer cards in hand`, `if you carry items worth 1000 or more`.  A card
filter is a card kind (item, curse, sidekick, hireling, race, class...) or a tag (a
Steed is any card tagged `Steed`), singular or plural; `does not have` negates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Protocol

from munchkin_dsl.language.algebra import ConditionPart
from munchkin_dsl.language.nodes import Ref


class _Names(Protocol):
    def lookup(self, name: str, categories: tuple[str, ...]) -> tuple[str, str] | None: ...

#: What a card filter may name besides a tag: card kinds, with their printed forms (en:
#: one, many; ru: accusative one, genitive many; pl: one, few, many), read by the
#: conditions (`if you have a Sidekick in play`); and the kind's name a count quotes after
#: «карт»/«kart» (`ru_name`, `pl_name`: the nominative, `за каждую карту «Напарник»`;
#: empty for `card`; the counts of `Big items` have their own words), read by the counts
#: (counts.py).  English's forms serve both.
FILTER_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "card": {"en": ("card", "cards"), "ru": ("карту", "карт"), "pl": ("kartę", "karty", "kart"),
             "ru_name": ("",), "pl_name": ("",)},
    "item": {"en": ("item", "items"), "ru": ("шмотку", "шмоток"),
             "pl": ("przedmiot", "przedmioty", "przedmiotów"),
             "ru_name": ("Шмотка",), "pl_name": ("Przedmiot",)},
    "curse": {"en": ("curse", "curses"), "ru": ("проклятие", "проклятий"),
              "pl": ("klątwę", "klątwy", "klątw"),
              "ru_name": ("Проклятие",), "pl_name": ("Klątwa",)},
    # the curse-like kinds of Star Munchkin and Munchkin Apocalypse (`curse` counts them too)
    "trap": {"en": ("Trap", "Traps"), "ru": ("ловушку", "ловушек"),
             "pl": ("pułapkę", "pułapki", "pułapek"),
             "ru_name": ("Ловушка",), "pl_name": ("Pułapka",)},
    "disaster": {"en": ("Disaster", "Disasters"), "ru": ("катастрофу", "катастроф"),
                 "pl": ("katastrofę", "katastrofy", "katastrof"),
                 "ru_name": ("Катастрофа",), "pl_name": ("Katastrofa",)},
    "sidekick": {"en": ("Sidekick", "Sidekicks"), "ru": ("напарника", "напарников"),
                 "pl": ("pomocnika", "pomocników", "pomocników"),
                 "ru_name": ("Напарник",), "pl_name": ("Pomocnik",)},
    "hireling": {"en": ("Hireling", "Hirelings"), "ru": ("наёмника", "наёмников"),
                 "pl": ("najemnika", "najemników", "najemników"),
                 "ru_name": ("Наёмник",), "pl_name": ("Najemnik",)},
    "race": {"en": ("race", "races"), "ru": ("расу", "рас"), "pl": ("rasę", "rasy", "ras"),
             "ru_name": ("Раса",), "pl_name": ("Rasa",)},
    "class": {"en": ("class", "classes"), "ru": ("класс", "классов"),
              "pl": ("klasę", "klasy", "klas"),
              "ru_name": ("Класс",), "pl_name": ("Klasa",)},
    # the deck a card comes from (`if the card just discarded is a treasure`): DECK_FILTERS
    "door": {"en": ("Door card", "Door cards"), "ru": ("карту Дверей", "карт Дверей"),
             "pl": ("kartę Drzwi", "karty Drzwi", "kart Drzwi")},
    "treasure": {"en": ("Treasure card", "Treasure cards"),
                 "ru": ("карту Сокровищ", "карт Сокровищ"),
                 "pl": ("kartę Skarbu", "karty Skarbu", "kart Skarbu")},
    # `Big items`: the items with the `big` stat (the grammar's big_items)
    "big": {"en": ("Big item", "Big items"), "ru": ("большую шмотку", "больших шмоток"),
            "pl": ("duży przedmiot", "duże przedmioty", "dużych przedmiotów")},
    # `a Go Up a Level card`: a category across titles (every Treasure whose only rule is a
    # level gain), printed with the ruleset's own word for it (``term``: %s)
    "go_up_a_level": {"en": ("%s card", "%s cards"), "ru": ("карту «%s»", "карт «%s»"),
                      "pl": ("kartę «%s»", "karty «%s»", "kart «%s»"),
                      "term": ("go_up_a_level",)},
    # `small items`: the items without it; the worn slots (`headgear`): an item worn there
    "small": {"en": ("small item", "small items"), "ru": ("маленькую шмотку", "маленьких шмоток"),
              "pl": ("mały przedmiot", "małe przedmioty", "małych przedmiotów")},
    "headgear": {"en": ("headgear", "headgear"), "ru": ("головняк", "головняков"),
                 "pl": ("nakrycie głowy", "nakrycia głowy", "nakryć głowy"),
                 "ru_name": ("Головняк",), "pl_name": ("Nakrycie głowy",)},
    "armor": {"en": ("armor", "armor"), "ru": ("броник", "броников"),
              "pl": ("zbroję", "zbroje", "zbroi"),
              "ru_name": ("Броник",), "pl_name": ("Zbroja",)},
    "footgear": {"en": ("footgear", "footgear"), "ru": ("обувку", "обувок"),
                 "pl": ("obuwie", "obuwia", "obuwia"),
                 "ru_name": ("Обувка",), "pl_name": ("Obuwie",)},
    # the items held in the hands (`for each item you carry that takes hands`), by how
    # many (`one-handed`, `two-handed`): the item's slot now, as the worn slots are read
    "hands": {"en": ("item that takes hands", "items that take hands"),
              "ru": ("шмотку, занимающую руки", "шмоток, занимающих руки"),
              "pl": ("przedmiot trzymany w rękach", "przedmioty trzymane w rękach",
                     "przedmiotów trzymanych w rękach")},
    "one_hand": {"en": ("one-handed item", "one-handed items"),
                 "ru": ("одноручную шмотку", "одноручных шмоток"),
                 "pl": ("przedmiot jednoręczny", "przedmioty jednoręczne",
                        "przedmiotów jednoręcznych")},
    "two_hands": {"en": ("two-handed item", "two-handed items"),
                  "ru": ("двуручную шмотку", "двуручных шмоток"),
                  "pl": ("przedmiot dwuręczny", "przedmioty dwuręczne",
                         "przedmiotów dwuręcznych")},
}
#: the filter words that name an item's worn slot (engine: the item's slot now)
SLOT_FILTERS = frozenset({"headgear", "armor", "footgear"})
#: the filter words that name the hands an item takes (engine: the item's slot now)
HAND_FILTERS: dict[str, frozenset[str]] = {
    "hands": frozenset({"one_hand", "two_hands"}), "one_hand": frozenset({"one_hand"}),
    "two_hands": frozenset({"two_hands"})}

#: The filter words that name a card's deck, not its kind: a Door card, a Treasure card
#: (one-shots, items, Go Up a Level... are all Treasures; a scout's Pickpocket took "a
#: treasure another player discards" and `treasure` was E101)
DECK_FILTERS = frozenset({"door", "treasure"})

#: Where a card filter stands in a part's syntax: a kind or tag word, `Big items`, or a
#: card's title in quotes (`has a "Super Munchkin" in play`: filter_name)
FILTER = "(WORD|big_items|card_title)"

#: Plural spellings an author may write for a kind.
FILTER_SPELLINGS: dict[str, str] = {
    **{k: k for k in FILTER_WORDS}, "cards": "card", "items": "item", "curses": "curse",
    "sidekicks": "sidekick", "hirelings": "hireling", "traps": "trap", "disasters": "disaster",
    "races": "race", "classes": "class", "one-handed": "one_hand", "two-handed": "two_hands",
    "hands": "hands", "hand-held": "hands",
}


def is_title(value: object) -> bool:
    """Whether a card filter is a card's title (written in quotes, kept so in the Ref and
    the engine record: `"Super Munchkin"`, `"Super Munchkin" or "Race Cocktail"`) rather
    than a kind, tag, race or class."""
    return isinstance(value, str) and len(value) > 1 and value[0] == value[-1] == '"'


def titles(value: str) -> list[str]:
    """The titles a title filter names (`"A" or "B"`: A and B)."""
    return re.findall(r'"([^"]*)"', value)


def filter_name(scope: _Names, ref: Ref, kinds: dict[str, str] | None = None) -> str | None:
    """What a card filter names: a card kind (`item`, `Sidekicks`, or one of ``kinds``, a
    part's own further kinds) as its kind id, else a tag, race or class as the scope spells
    it (None: nothing the pack knows)."""
    if is_title(ref.name):  # a card's title in quotes: any card of it, from any pack
        return ref.name
    kind = FILTER_SPELLINGS.get(ref.name.casefold()) or (kinds or {}).get(ref.name.casefold())
    if kind is not None:
        return kind
    found = scope.lookup(ref.name, ("tags", "races", "classes"))
    return found[1] if found else None


@dataclass(frozen=True, slots=True)
class HasInPlay(ConditionPart):
    """`if you have a Sidekick in play`: one card of the filter at least, curses included."""

    rule: ClassVar[str] = "cp_has_in_play"
    predicate: ClassVar[str] = "has_in_play"
    #: `in play` may be left out (`if you have a Hireling: +2`), as authors write it
    syntax: ClassVar[str] = '("has"|"have") ("a"|"an") ' + FILTER + ' ("in" "play")?'
    summary: ClassVar[str] = ("the player has at least one card of that kind or tag in play "
                              "(a curse on the player counts as in play)")
    example: ClassVar[str] = "if you have a Sidekick in play: +2 to run away"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} {{ a_fw(c.value, t) }} in play",
        "ru": "{{ have(c, you) }} в игре {{ fw(c.value, 1, t) }}",
        "pl": "{{ have(c, you) }} w grze {{ fw(c.value, 1, t) }}",
    }


@dataclass(frozen=True, slots=True)
class HasNone(ConditionPart):
    """`if victim has no items in play`, `if you have no Steed in play`: not one card of the
    filter (curses included); the same as `does not have a/an ... in play`."""

    rule: ClassVar[str] = "cp_has_none"
    predicate: ClassVar[str] = "has_none"
    syntax: ClassVar[str] = '("has"|"have") "no" ' + FILTER + ' ("in" "play")?'
    summary: ClassVar[str] = ("the player has no card of that kind or tag in play (a curse "
                              "on the player counts as in play)")
    example: ClassVar[str] = "if you have no items in play: +2 to run away"
    text: ClassVar[dict[str, str]] = {
        "en": ("{% if c.negated %}{{ 'have' if you else 'has' }} {{ a_fw(c.value, t) }} in play"
               "{% else %}{{ have(c, you) }} no {{ fw(c.value, 2, t) }} in play{% endif %}"),
        "ru": ("{% if c.negated %}{{ 'имеешь' if you else 'имеет' }} в игре {{ fw(c.value, 1, "
               "t) }}{% else %}{{ 'не имеешь' if you else 'не имеет' }} в игре "
               "{{ fw(c.value, 5, t) }}{% endif %}"),
        "pl": ("{% if c.negated %}{{ 'masz' if you else 'ma' }} w grze {{ fw(c.value, 1, t) }}"
               "{% else %}{{ 'nie masz' if you else 'nie ma' }} w grze {{ fw(c.value, 5, t) }}"
               "{% endif %}"),
    }


@dataclass(frozen=True, slots=True)
class HasAtLeast(ConditionPart):
    """`if you have at least 3 items in play`."""

    rule: ClassVar[str] = "cp_has_at_least"
    predicate: ClassVar[str] = "has_at_least"
    #: `if you carry at least 2 headgear`, `if the fighter wears 2 or more armor`: an
    #: item's filter said with carry or wear, `in play` without saying
    syntax: ClassVar[str] = ('(("has"|"have") ("at" "least" INT | INT "or" "more") ' + FILTER
                             + ' "in" "play" | ("carry"|"carries"|"wear"|"wears") ("at" '
                             '"least" INT | INT "or" "more") ' + FILTER + ')')
    summary: ClassVar[str] = "the player has at least N cards of that kind or tag in play"
    example: ClassVar[str] = "if you have at least 3 items in play: +1 to run away"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`has/have at least N/N or more NAME/Big item(s)/"TITLE" in play`', summary, example),
        ('`carry/carries/wear/wears at least N/N or more NAME`', "the same, said of what the "
         "player carries: an item's slot or tag (`headgear`, `armor`, `Steeds`)",
         "if you carry at least 2 headgear: +1 to run away"))
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} at least {{ c.count }} {{ fw(c.value, c.count, t) }} in play",
        "ru": "{{ have(c, you) }} в игре не меньше {{ c.count }} {{ fw(c.value, c.count, t) }}",
        "pl": "{{ have(c, you) }} w grze co najmniej {{ c.count }} {{ fw(c.value, c.count, t) }}",
    }


@dataclass(frozen=True, slots=True)
class HandAtMost(ConditionPart):
    """`if the fighter has 2 or fewer cards in hand`."""

    rule: ClassVar[str] = "cp_hand_at_most"
    predicate: ClassVar[str] = "hand_at_most"
    syntax: ClassVar[str] = '("has"|"have") INT "or" ("fewer"|"less") "cards" "in" "hand"'
    summary: ClassVar[str] = "the player holds at most N cards in hand"
    example: ClassVar[str] = "if fighter has 2 or fewer cards in hand: +4"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} {{ c.count }} or fewer cards in hand",
        "ru": ("{{ hold(c, you) }} в руке не больше {{ c.count }} "
               "{{ t.forms(c.count, 'карты', 'карт', 'карт') }}"),
        "pl": ("{{ have(c, you) }} na ręce najwyżej {{ c.count }} "
               "{{ t.forms(c.count, 'kartę', 'karty', 'kart') }}"),
    }


@dataclass(frozen=True, slots=True)
class HandEmpty(ConditionPart):
    """`if you have no cards in hand`: an empty hand, said as an author says it (`0 or
    fewer cards in hand` says the same, and `if your hand is empty` is refused with this
    form: parser.py's ``_form_hint``)."""

    rule: ClassVar[str] = "cp_hand_empty"
    predicate: ClassVar[str] = "hand_empty"
    syntax: ClassVar[str] = '("has"|"have") "no" "cards" "in" "hand"'
    summary: ClassVar[str] = "the player holds no card in hand"
    example: ClassVar[str] = "if you have no cards in hand: draw 2 treasures face down"
    text: ClassVar[dict[str, str]] = {
        "en": ("{% if c.negated %}{{ 'have' if you else 'has' }} cards in hand{% else %}"
               "{{ have(c, you) }} no cards in hand{% endif %}"),
        "ru": ("{% if c.negated %}{{ 'держишь' if you else 'держит' }} в руке хотя бы одну "
               "карту{% else %}{{ 'не держишь' if you else 'не держит' }} в руке ни одной "
               "карты{% endif %}"),
        "pl": ("{% if c.negated %}{{ 'masz' if you else 'ma' }} na ręce co najmniej jedną "
               "kartę{% else %}{{ 'nie masz' if you else 'nie ma' }} na ręce żadnej karty"
               "{% endif %}"),
    }


@dataclass(frozen=True, slots=True)
class HandAtLeast(ConditionPart):
    """`if you have at least 5 cards in hand`."""

    rule: ClassVar[str] = "cp_hand_at_least"
    predicate: ClassVar[str] = "hand_at_least"
    syntax: ClassVar[str] = ('("has"|"have") ("at" "least" INT | INT "or" "more") "cards" '
                             '"in" "hand"')
    summary: ClassVar[str] = "the player holds at least N cards in hand"
    example: ClassVar[str] = "if you have at least 5 cards in hand: +2 to you"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} at least {{ c.count }} cards in hand",
        "ru": ("{{ hold(c, you) }} в руке не меньше {{ c.count }} "
               "{{ t.forms(c.count, 'карты', 'карт', 'карт') }}"),
        "pl": ("{{ have(c, you) }} na ręce co najmniej {{ c.count }} "
               "{{ t.forms(c.count, 'kartę', 'karty', 'kart') }}"),
    }


@dataclass(frozen=True, slots=True)
class CarriesWorth(ConditionPart):
    """`if you carry items worth 1000 or more`: the items in play, their values added."""

    rule: ClassVar[str] = "cp_carries_worth"
    predicate: ClassVar[str] = "carries_worth"
    syntax: ClassVar[str] = ('("carry"|"carries") "items" "worth" INT ("gold" "pieces"?)? '
                             '"or" "more"')
    summary: ClassVar[str] = "the items the player has in play are worth N or more together"
    example: ClassVar[str] = "if you carry items worth 1000 or more: +2 to you"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ carry(c, you) }} items worth {{ t.money(c.count) }} or more",
        "ru": "{{ carry(c, you) }} шмотки на сумму от {{ t.money(c.count) }}",
        "pl": "{{ carry(c, you) }} przedmioty warte łącznie co najmniej {{ t.money(c.count) }}",
    }


@dataclass(frozen=True, slots=True)
class HasWorth(ConditionPart):
    """`if victim has an item worth 500 or more`, `if you carry an item worth 1000 gold or
    more`: one card of the filter in play worth N or more by itself (`carries items worth N
    or more` adds the values up: CarriesWorth)."""

    rule: ClassVar[str] = "cp_has_worth"
    predicate: ClassVar[str] = "has_worth"
    #: `carries an item worth N`: said with `has` (`if this carries an item` keeps its own
    #: refusal, tests/test_misc_families.py)
    misphrasings: ClassVar[dict[str, str]] = {
        r"\bif (?P<who>[\w ]+?) carr(?:y|ies) (?P<n>an? [\w-]+ worth [\w ]+?or more)\b":
            "if {who} has {n}"}
    syntax: ClassVar[str] = ('("has"|"have") ("a"|"an") ' + FILTER
                             + ' "worth" ("at" "least" INT _money? | INT _money? "or" "more") '
                             '("in" "play")?')
    summary: ClassVar[str] = ("the player has in play one card of that kind or tag worth N or "
                              "more by itself (`carries items worth N or more`: together)")
    example: ClassVar[str] = "if victim has an item worth 500 or more: victim loses 1 level"
    means: ClassVar[str] = "item worth value gold expensive valuable one card at least"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} {{ a_fw(c.value, t) }} worth {{ t.money(c.count) }} or more "
              "in play",
        "ru": "{{ have(c, you) }} в игре {{ fw(c.value, 1, t) }} ценой от "
              "{{ t.money(c.count) }}",
        "pl": "{{ have(c, you) }} w grze {{ fw(c.value, 1, t) }} o wartości co najmniej "
              "{{ t.money(c.count) }}",
    }


@dataclass(frozen=True, slots=True)
class WonBy(ConditionPart):
    """`if you win by 10 or more`: the margin of the fight just won (the player side's
    strength minus the monsters'), on a monster's treasure line or an `on kill` line."""

    rule: ClassVar[str] = "cp_won_by"
    predicate: ClassVar[str] = "won_by"
    #: the margin on a one-shot's own win event is a condition after it (a fifth held-out
    #: author's `if the fighter wins this combat by 5 or more`, 272)
    misphrasings: ClassVar[dict[str, str]] = {
        r"\bif (?P<who>the fighter|that player|the helper) (?:still )?wins? (?:this|that|the) "
        r"(?:combat|fight) by (?P<n>\d+) or more\b":
            "if {who} wins this combat, if you win by {n} or more"}
    standing: ClassVar[bool] = False
    syntax: ClassVar[str] = '("win"|"wins"|"won") "by" INT "or" "more"'
    summary: ClassVar[str] = ("the fight was won by N or more (player side's strength minus "
                              "the monsters'), read when its rewards are given")
    example: ClassVar[str] = "on kill, if you win by 10 or more: draw 1 treasure face down"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ ('win' if you else 'wins') if not c.negated else ('do not win' if you else "
              "'does not win') }} by {{ c.count }} or more",
        "ru": "{{ 'не ' if c.negated }}{{ 'побеждаешь' if you else 'побеждает' }} с перевесом "
              "от {{ c.count }}",
        "pl": "{{ 'nie ' if c.negated }}{{ 'wygrywasz' if you else 'wygrywa' }} przewagą co "
              "najmniej {{ c.count }}",
    }


@dataclass(frozen=True, slots=True)
class BadStuffTakesLevels(ConditionPart):
    """`if monster takes levels`: the monster's Bad Stuff takes levels (Shield Generator:
    a charge is spent only on a catch that would cost levels)."""

    rule: ClassVar[str] = "cp_bad_stuff_takes_levels"
    predicate: ClassVar[str] = "bad_stuff_takes_levels"
    standing: ClassVar[bool] = False
    subjects: ClassVar[str] = "monster"
    syntax: ClassVar[str] = '("takes"|"take") "levels"'
    summary: ClassVar[str] = "the monster's Bad Stuff (its card or an enhancer) takes levels"
    example: ClassVar[str] = ("when caught, if monster takes levels: you ignore bad stuff "
                              "that takes levels")
    text: ClassVar[dict[str, str]] = {
        "en": "{{ 'does not take' if c.negated else 'takes' }} levels with its "
              "{{ t.term('bad_stuff') }}",
        "ru": "{{ 'не ' if c.negated }}отнимает уровни ({{ t.term('bad_stuff') }})",
        "pl": "{{ 'nie odbiera poziomów' if c.negated else 'odbiera poziomy' }} "
              "({{ t.term('bad_stuff') }})",
    }
