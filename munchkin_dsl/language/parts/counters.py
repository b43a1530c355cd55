"""Counters on a card, read and spent: `if this has 2 counters`, `remove a counter from this`.

`put a counter on this` (lasting.py) piles counters on a card that stays in play; the
parts here are the two ways a line of the same card uses them: a condition on how many
it holds, and a cost that spends them (the line can be used only while the card holds
that many, and using it takes them off).  Both name the card itself (`this`): counters
are a card's own, so a player or a monster is never tested or charged this way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import ConditionPart, EffectPart, EventPart

#: The card kinds a counter can be put on (AddCounter's carriers): they stay in play.
STAYS = ("class", "hireling", "item", "race", "sidekick")


@dataclass(frozen=True, slots=True)
class HasCounters(ConditionPart):
    """`if this has 3 counters`: the card the line is on holds at least that many counters
    (`at least` may be written; a condition on a number of tokens reads as a minimum,
    like `if victim has 2 markers`)."""

    rule: ClassVar[str] = "cp_has_counters"
    predicate: ClassVar[str] = "has_counters"
    syntax: ClassVar[str] = ('("have"|"has") ("at" "least")? ("a"|"an"|INT) '
                             '("counter"|"counters")')
    summary: ClassVar[str] = ("this card holds at least that many counters (`put a counter "
                              "on this`); only `this` is tested")
    example: ClassVar[str] = "if this has 3 counters: +3 to you"
    means: ClassVar[str] = "counter counters charge charged token tally full"
    #: it reads the card the line is on, not what a player holds: never a limit's line
    standing: ClassVar[bool] = False
    subjects: ClassVar[str] = "card"
    text: ClassVar[dict[str, str]] = {
        "en": "has {{ 'fewer than' if c.negated else 'at least' }} {{ c.count }} "
              "{{ t.forms(c.count, 'counter', 'counters') }}",
        "ru": "имеет {{ 'меньше' if c.negated else 'не меньше' }} {{ c.count }} "
              "{{ t.forms(c.count, 'жетона', 'жетонов', 'жетонов') }}",
        "pl": "ma {{ 'mniej niż' if c.negated else 'co najmniej' }} {{ c.count }} "
              "{{ t.forms(c.count, 'znacznik', 'znaczniki', 'znaczników') }}",
    }


@dataclass(frozen=True, slots=True)
class RemoveCounters(EffectPart):
    """`remove a counter from this: +3 to you`: counters spent as the line's cost (the line
    can be used only while the card holds that many, and using it takes them off); after
    the ':' it takes them off as an effect (never below none)."""

    kind: ClassVar[str] = "remove_counter"
    rule: ClassVar[str] = "remove_counter"
    syntax: ClassVar[str] = ('"remove" ("a"|"an"|INT) ("counter"|"counters") "from" "this" '
                             '"card"?')
    summary: ClassVar[str] = ("takes counters off this card; before the ':' a cost, the line "
                              "usable only while the card holds that many (`in combat, "
                              "remove a counter from this: +3 to you`)")
    example: ClassVar[str] = "remove a counter from this"
    means: ClassVar[str] = "remove spend use up counter counters charge token pay"
    carriers: ClassVar[tuple[str, ...]] = STAYS
    cost: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        "on_death": "the dead player's cards leave play, and their counters with them; write "
                    "it on another timing (`in combat:`, `on kill:`)"}
    numbers: ClassVar[dict[str, str]] = {"count": "counters"}
    observe: ClassVar[str] = "counters"
    text: ClassVar[dict[str, str]] = {
        "en": "remove {{ e.count }} {{ t.forms(e.count, 'counter', 'counters') }} from this card",
        "ru": "сними {{ e.count }} {{ t.forms(e.count, 'жетон', 'жетона', 'жетонов') }} "
              "с этой карты",
        "pl": "zdejmij {{ e.count }} {{ t.forms(e.count, 'znacznik', 'znaczniki', "
              "'znaczników') }} z tej karty",
    }
    count: int = 1


@dataclass(frozen=True, slots=True)
class CountersReach(EventPart):
    """`when this has 3 counters: discard this, gain 1 level`: each time counters are put
    on the card, once it holds at least that many.  The number becomes the line's
    `if this has N counters` (lowering), so one test reads counters everywhere."""

    timing: ClassVar[str] = "counters_added"
    rule: ClassVar[str] = "t_counters_reach"
    syntax: ClassVar[str] = ('"when" "this" "card"? ("has"|"reaches") INT '
                             '("counter"|"counters")')
    words: ClassVar[str] = "when this has 3 counters"
    summary: ClassVar[str] = ("each time counters are put on this card, once it holds at "
                              "least N (the line reads `if this has N counters`)")
    example: ClassVar[str] = "when this has 3 counters: discard this, gain 1 level"
    carriers: ClassVar[tuple[str, ...]] = STAYS
    refuse: ClassVar[str] = ("only a card that stays in play holds counters (an item, race, "
                             "class, hireling or sidekick)")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever counters are put on this card",
        "ru": "когда на эту карту кладут жетоны",
        "pl": "gdy na tę kartę kładzie się znaczniki",
    }
