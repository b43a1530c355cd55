"""Conditions on what is happening: the loss about to happen, the sale just made.

`when you would lose an item, if the loss comes from bad stuff, discard this card:
prevent it` (a decoy given up for an item Bad Stuff takes, but not for one a curse
takes), `when you would lose a level, if the loss comes from bad stuff: prevent it, ...`,
`when another player sells, if the sale buys a level: draw 1 loot face down`, `... if
the sale is worth 1000 or more`.

The subjects `the loss` and `the sale` name the event the line fires at, so they are
written only at those events (``SUBJECT_TIMINGS``; the checker refuses them elsewhere,
compiler/checks/happenings.py); a condition here tests only its own subject.  The engine
knows the facts at that moment (engine/happenings.py): what set the loss off (the Bad
Stuff of a monster, a curse, another card), what the sale was worth and how many levels
it bought.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import ConditionPart
from munchkin_dsl.language.parts.instead import (
    InsteadOfGainingLevel,
    InsteadOfLosingItem,
    InsteadOfLosingLevel,
)
from munchkin_dsl.language.parts.replacement import (
    OtherWouldGainLevel,
    WouldGainLevel,
    WouldLoseItem,
    WouldLoseLevel,
)

#: the event subjects, and the timings at which each names something
SUBJECT_TIMINGS: dict[str, tuple[str, ...]] = {
    "loss": (WouldLoseLevel.timing, WouldLoseItem.timing, InsteadOfLosingLevel.timing,
             InsteadOfLosingItem.timing),
    "sale": ("when_other_sells", "when_you_sell", "when_any_sells"),
    # a level gain, about to happen or just made (engine/victory.gain_levels)
    "gain": (WouldGainLevel.timing, OtherWouldGainLevel.timing, InsteadOfGainingLevel.timing,
             "when_you_gain_level", "when_other_gains_level", "when_any_gains_level"),
}
#: how an author writes each subject, and the events to write it at (messages)
SUBJECT_WORDS: dict[str, tuple[str, str]] = {
    "loss": ("the loss", "`when you would lose a level`, `when you would lose an item`, "
             "`instead of losing a level` or `instead of losing an item`"),
    "sale": ("the sale", "`when another player sells` or `when you sell`"),
    "gain": ("the gain", "`when you would gain a level`, `instead of gaining a level`, `when "
             "another player would gain a level`, `when you gain a level` or `when another "
             "player gains a level`"),
}


@dataclass(frozen=True, slots=True)
class HappeningCondition(ConditionPart):
    """A test of the event the line fires at (no rule: the base of the conditions below);
    ``about`` is the subject it tests."""

    about: ClassVar[str] = ""
    #: how an author writes it after its subject (messages)
    words: ClassVar[str] = ""
    standing: ClassVar[bool] = False
    subjects: ClassVar[str] = "event"


@dataclass(frozen=True, slots=True)
class LossFromBadStuff(HappeningCondition):
    """`if the loss comes from bad stuff`: the level or item about to be lost is taken by
    the Bad Stuff of a monster that caught the player."""

    about: ClassVar[str] = "loss"
    words: ClassVar[str] = "comes from bad stuff"
    rule: ClassVar[str] = "cp_loss_from_bad_stuff"
    predicate: ClassVar[str] = "from_bad_stuff"
    syntax: ClassVar[str] = '("comes"|"come") "from" "bad" "stuff"'
    summary: ClassVar[str] = ("the loss about to happen is the Bad Stuff of a monster that "
                              "caught the player (not a curse, not another card)")
    example: ClassVar[str] = ("when you would lose an item, if the loss comes from bad stuff, "
                              "discard this card: prevent it")
    means: ClassVar[str] = "bad stuff caught monster source cause because loss from"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ 'does not come' if c.negated else 'comes' }} from {{ t.term('bad_stuff') }}",
        # the subject is the object here (WHO["loss"] = «потерю»): «если потерю вызывает
        # Непотребство», so the ruleset's word stays in the nominative
        # negated, the negation goes to the cause («вызывает не ...», «powoduje coś innego
        # niż ...»): «nie powoduje» would need the genitive «straty»
        "ru": "вызывает {{ 'не ' if c.negated }}{{ t.term('bad_stuff') }}",
        "pl": "powoduje {{ 'coś innego niż ' if c.negated }}{{ t.term('bad_stuff') }}",
    }


@dataclass(frozen=True, slots=True)
class LossFromCurse(HappeningCondition):
    """`if the loss comes from a curse`: the level or item about to be lost is taken by a
    curse (a trap, a disaster) played on the player or lying on them."""

    about: ClassVar[str] = "loss"
    words: ClassVar[str] = "comes from a curse"
    rule: ClassVar[str] = "cp_loss_from_curse"
    predicate: ClassVar[str] = "from_curse"
    syntax: ClassVar[str] = '("comes"|"come") "from" ("a"|"an")? ("curse"|"trap"|"disaster")'
    summary: ClassVar[str] = ("the loss about to happen is done by a curse (a trap, a "
                              "disaster) on the player")
    example: ClassVar[str] = ("when you would lose a level, if the loss comes from a curse, "
                              "discard this card: prevent it")
    means: ClassVar[str] = "curse trap disaster cursed source cause loss from"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ 'does not come' if c.negated else 'comes' }} from a {{ t.term('curse') }}",
        "ru": "вызывает {{ 'не ' if c.negated }}{{ t.term('curse') }}",
        "pl": "powoduje {{ 'coś innego niż ' if c.negated }}{{ t.term('curse') }}",
    }


@dataclass(frozen=True, slots=True)
class LossTakesThisCard(HappeningCondition):
    """`if the loss takes this card`: the item about to be lost is the very card the line is
    on (a Bag of Holding that saves itself too, or, negated, a decoy that guards only the
    other items).  A line that pays with its own card (`discard this card: ...`) never
    fires for that card's loss, whatever it tests: it would save nothing."""

    about: ClassVar[str] = "loss"
    words: ClassVar[str] = "takes this card"
    rule: ClassVar[str] = "cp_loss_takes_this_card"
    predicate: ClassVar[str] = "takes_this"
    syntax: ClassVar[str] = '("takes"|"take") "this" "card"'
    summary: ClassVar[str] = ("the item about to be lost is the card the line is on")
    example: ClassVar[str] = ("when you would lose an item, if the loss does not take this "
                              "card, discard 1 card: prevent it")
    means: ClassVar[str] = "itself this card same lost item own self"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ 'does not take' if c.negated else 'takes' }} this card",
        # the subject is the object here (WHO["loss"] = «потерю», «stratę»): the card is
        # the one who suffers it («если потерю терпит эта карта», «jeśli stratę ponosi ta
        # karta»); negated, another card does
        "ru": "терпит {{ 'другая' if c.negated else 'эта' }} карта",
        "pl": "ponosi {{ 'inna' if c.negated else 'ta' }} karta",
    }


@dataclass(frozen=True, slots=True)
class SaleBuysLevels(HappeningCondition):
    """`if the sale buys a level` (`... buys at least 2 levels`): the items just sold took
    the seller up that many levels (a sale under 1000, or one the level cap stops, buys
    none)."""

    about: ClassVar[str] = "sale"
    words: ClassVar[str] = "buys a level"
    rule: ClassVar[str] = "cp_sale_buys_levels"
    predicate: ClassVar[str] = "buys_levels"
    syntax: ClassVar[str] = '("buys"|"buy") ("a" | "at" "least" INT) ("level"|"levels")'
    misphrasings: ClassVar[dict[str, str]] = {  # a sale is tested for at least N levels
        r"\bbuys? (?P<n>\d+) levels?\b": "buys at least {n} levels"}
    summary: ClassVar[str] = ("the items just sold took the seller up at least that many "
                              "levels (one if no number is written)")
    example: ClassVar[str] = ("when another player sells, if the sale buys a level: draw 1 "
                              "treasure face down")
    means: ClassVar[str] = "sell sale sold buy level go up gold"
    text: ClassVar[dict[str, str]] = {
        "en": "{% if c.count > 1 %}{{ 'does not buy' if c.negated else 'buys' }} at least "
              "{{ c.count }} levels{% else %}{{ 'does not buy' if c.negated else 'buys' }} a "
              "level{% endif %}",
        "ru": "{% if c.count > 1 %}приносит {{ 'меньше' if c.negated else 'не меньше' }} "
              "{{ c.count }} {{ t.forms(c.count, 'уровня', 'уровней', 'уровней') }}"
              "{% else %}{{ 'не приносит уровня' if c.negated else 'приносит уровень' }}"
              "{% endif %}",
        "pl": "{% if c.count > 1 %}daje {{ 'mniej niż' if c.negated else 'co najmniej' }} "
              "{{ c.count }} {{ t.forms(c.count, 'poziom', 'poziomy', 'poziomów') }}"
              "{% else %}{{ 'nie daje poziomu' if c.negated else 'daje poziom' }}{% endif %}",
    }


@dataclass(frozen=True, slots=True)
class SaleWorth(HappeningCondition):
    """`if the sale is worth 1000 or more`: the items just sold are worth that much
    together (as sold: an effect that doubles a sale counts)."""

    about: ClassVar[str] = "sale"
    words: ClassVar[str] = "is worth 1000 or more"
    rule: ClassVar[str] = "cp_sale_worth"
    predicate: ClassVar[str] = "sale_worth"
    syntax: ClassVar[str] = '("is"|"was") "worth" INT "or" "more"'
    summary: ClassVar[str] = "the items just sold are worth N or more together"
    example: ClassVar[str] = ("when another player sells, if the sale is worth 1000 or more: "
                              "draw 1 treasure face down")
    means: ClassVar[str] = "sell sale sold worth gold value money price"
    text: ClassVar[dict[str, str]] = {
        "en": "is {{ 'not ' if c.negated }}worth {{ t.money(c.count) }} or more",
        "ru": "{{ 'дешевле' if c.negated else 'стоит не меньше' }} {{ t.money(c.count) }}",
        "pl": "{{ 'jest warta mniej niż' if c.negated else 'jest warta co najmniej' }} "
              "{{ t.money(c.count) }}",
    }


@dataclass(frozen=True, slots=True)
class GainFrom(HappeningCondition):
    """A test of where a level gain comes from (no rule: the base of the three below): the
    engine names the source of every gain (engine/victory.gain_levels: a kill, a sale, any
    other card's line), so the three sources cover every gain, and each is the others'
    negation."""

    about: ClassVar[str] = "gain"


@dataclass(frozen=True, slots=True)
class GainFromSale(GainFrom):
    """`if the gain comes from selling` (`... from a sale`, `if the level comes from
    selling`): the level about to be gained (or just gained) is bought with items sold
    (Curse! Debt Collector: `instead of gaining a level, if the gain comes from selling`)."""

    words: ClassVar[str] = "comes from selling"
    rule: ClassVar[str] = "cp_gain_from_sale"
    predicate: ClassVar[str] = "from_sale"
    syntax: ClassVar[str] = '("comes"|"come") "from" ("selling" "items"? | "a" "sale")'
    summary: ClassVar[str] = ("the level gain is bought with items sold (not a kill, not "
                              "another card)")
    example: ClassVar[str] = ("instead of gaining a level, if the gain comes from selling: "
                              "discard 1 card")
    means: ClassVar[str] = "sell sale sold buy level gain source from debt"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ 'does not come' if c.negated else 'comes' }} from selling",
        # the subject is the object here (WHO["gain"] = «уровень», «poziom»): «если уровень
        # {не} приносит продажа», «jeśli poziom {nie} daje sprzedaż»
        "ru": "{{ 'приносит не' if c.negated else 'приносит' }} продажа шмоток",
        "pl": "{{ 'nie daje' if c.negated else 'daje' }} sprzedaż przedmiotów",
    }


@dataclass(frozen=True, slots=True)
class GainFromKill(GainFrom):
    """`if the gain comes from a kill`: the level is a kill's (the fighter's, or a helper's
    where the ruleset gives one)."""

    words: ClassVar[str] = "comes from a kill"
    rule: ClassVar[str] = "cp_gain_from_kill"
    predicate: ClassVar[str] = "from_kill"
    syntax: ClassVar[str] = ('("comes"|"come") "from" ("a" "kill" | "killing" "a" '
                             '"monster")')
    summary: ClassVar[str] = ("the level gain is a kill's (the fighter's, or the helper's "
                              "where the ruleset gives one)")
    example: ClassVar[str] = ("when you would gain a level, if the gain comes from a kill, "
                              "discard this card: prevent it, draw 2 treasures face down")
    means: ClassVar[str] = "kill monster fight level gain source from defeat"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ 'does not come' if c.negated else 'comes' }} from a kill",
        "ru": "{{ 'приносит не' if c.negated else 'приносит' }} убийство монстра",
        "pl": "{{ 'nie daje' if c.negated else 'daje' }} zabicie potwora",
    }


@dataclass(frozen=True, slots=True)
class GainFromCard(GainFrom):
    """`if the gain comes from a card`: the level is given by a card's line (Go Up a
    Level, a class power, a curse turned around), not by a kill or a sale."""

    words: ClassVar[str] = "comes from a card"
    rule: ClassVar[str] = "cp_gain_from_card"
    predicate: ClassVar[str] = "from_card"
    syntax: ClassVar[str] = '("comes"|"come") "from" "a" "card"'
    summary: ClassVar[str] = ("the level gain is given by a card's line (not a kill, not a "
                              "sale)")
    example: ClassVar[str] = ("when another player gains a level, if the gain comes from a "
                              "card: draw 1 door face down")
    means: ClassVar[str] = "card go up a level gain source from play"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ 'does not come' if c.negated else 'comes' }} from a card",
        "ru": "{{ 'приносит не' if c.negated else 'приносит' }} карта",
        "pl": "{{ 'nie daje' if c.negated else 'daje' }} karta",
    }
