"""Stage 4 of the pipeline: what every effect and card record is built from.

Fields that carry their documentation (``doc``), the timings and durations an ability
names, the conditions and costs before it fires, and the :class:`Effect` base with its
counting mixin.  Held apart from :mod:`munchkin_dsl.compiler.effects` (the effect kinds)
and :mod:`munchkin_dsl.compiler.card_data` (abilities and cards) so each reads alone;
``effects`` re-exports every name here, so importers keep one address.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar

from munchkin_dsl import data
from munchkin_dsl.compiler.effect_words import COUNTED
from munchkin_dsl.language import algebra, registry
from munchkin_dsl.language.parts.durations import next_combats_until, next_turns_until


def doc(text: str, default: Any = ..., choices: Any = None, **kw: Any) -> Any:
    """A dataclass field with its documentation (and allowed values) kept for the schema."""
    meta = {"doc": text, "choices": tuple(choices) if choices is not None else None}
    if default is ...:
        return field(metadata=meta, **kw)
    return field(default=default, metadata=meta, **kw)


#: Every timing an ability can have, and what it means to an engine (the registry's).
TIMINGS: dict[str, str] = {tid: t.summary for tid, t in registry.timings().items()}

#: How long an ability's effect lasts once applied.
UNTILS: dict[str, str] = {}
for _until in registry.untils().values():
    if _until.id == "loses":  # one phrase, one id per slot
        for _slot in ("headgear", "armor", "footgear"):
            UNTILS[f"loses_{_slot}"] = _until.summary.replace("the item worn in a slot",
                                                              f"the {_slot} worn")
    elif _until.id == "next_combats":  # one id per count (language/parts/durations.py)
        _most = data.limits()["combats"]
        for _n in range(2, _most["max"] + 1):
            UNTILS[next_combats_until(_n)] = _until.summary.replace(" N ", f" {_n} ")
    elif _until.id == "next_turns":
        for _n in range(2, data.limits()["turns"]["max"] + 1):
            UNTILS[next_turns_until(_n)] = _until.summary.replace(" N ", f" {_n} ")
    else:
        UNTILS[_until.id] = _until.summary


CONDITION_SUBJECTS = ("fighter", "helper", "any_fighter", "monster", "victim", "you", "target",
                      # the table's players: any, another, each, every other (`no player`
                      # is `any_player` negated)
                      "any_player", "another_player", "each_player", "every_other_player",
                      "this",  # `this`: the card the line is on (`if this has 3 counters`)
                      "drawn",  # `the card just drawn`: the card a draw event drew
                      "played",  # `the card played`: the card another player just played
                      "discarded",  # `the card just discarded` (language/parts/in_flight.py)
                      "spoils",  # `a treasure just drawn`: one the kill drew (in_flight.py)
                      "table")  # `if there are at least 2 monsters in this combat`: a count
CONDITION_PREDICATES: dict[str, str] = {
    "is": "the subject has this race, class, sex or tag (value)",
    "level_at_most": "the subject's level is at most value",
    "level_at_least": "the subject's level is at least value",
    "alone": "the subject fights with no helper (sidekicks are not helpers)",
    "only_in_play": "the subject is the only player with this race/class in play (value)",
    "helper": "the subject is the helper, not the main fighter",
    "winning_fight": "the subject fights for the winning level",
    "lowest_level": "no player has a lower level than the subject (ties count)",
    "highest_level": "no player has a higher level than the subject (ties count)",
    "using": "the subject wears an item of this tag (value), or a card of the tag was played "
             "into this combat for the subject's side (a monster: an enhancer of the tag)",
    "in_combat": "a fight is open and the subject is on its player side (fighter or helper)",
    "count_at_least": "(subject table) the count in `counts` is at least value",
    "count_at_most": "(subject table) the count in `counts` is at most value (0: none)",
}


@dataclass(frozen=True, slots=True)
class Condition:
    """A test an engine makes before an ability fires; all of an ability's must hold."""

    subject: str = doc("who is tested: " + ", ".join(CONDITION_SUBJECTS),
                       choices=CONDITION_SUBJECTS)
    predicate: str = doc("the test: " + "; ".join(f"{k}: {v}" for k, v in
                                                CONDITION_PREDICATES.items()),
                        # and the declared condition parts' (`has_markers`, `has_counters`)
                        choices=(*CONDITION_PREDICATES,
                                 *(p.predicate for p in algebra.condition_parts())))
    value: str | int | None = doc("the race, class, sex, tag or level the test names (a "
                                  "condition part: its card filter, a card kind or tag)", None)
    negated: bool = doc("true when the card says 'is not'", False)
    count: int | None = doc("a condition part's number (at least N, N or fewer, worth N)",
                            None, repr=False)  # as Ability.uses: replays keep their text
    than: str | None = doc("a standing's one player compared with (`if victim has more cards in "
                           "hand than you`): a subject word; none: every other living player",
                           None, repr=False)  # as count: replays keep their text
    counts: Counting | None = doc("for count_at_least / count_at_most: what is counted (the "
                                  "for_each fields of a modifier's count)", None, repr=False)


@dataclass(frozen=True, slots=True)
class Cost:
    """What the owner pays to use an ability: discarded cards or items, levels, or
    counters off the card."""

    kind: str = doc("discard_cards (exactly count), discard_up_to (0..count, effects scale "
                    "per card), discard_hand (the whole hand, at least count cards), "
                    "discard_this (this card itself), discard_items (count items the "
                    "owner has in play, of pick), lose_levels (count of the owner's "
                    "levels), remove_counter (count counters off this card)")
    count: int = doc("how many cards, items or counters (for discard_hand: the minimum "
                     "hand size)", 0)
    pick: str | None = doc("for discard_items: which items (items_of_choice: any, "
                           "small_items / big_items: not Big / Big, worn: the item worn in "
                           "slot, items_worth_total: worth gold together)", None,
                           repr=False)  # replays record a cost's repr
    slot: str | None = doc("for discard_items with pick worn: headgear, armor or footgear",
                           None, repr=False)
    worth: int | None = doc("for discard_items with pick items_worth_total: the gold the "
                            "items paid are worth together, at least", None, repr=False)


# ---------------------------------------------------------------- effects
@dataclass(frozen=True)
class Effect:
    """Base of every effect; ``kind`` is the discriminator in engine JSON."""

    kind: ClassVar[str] = ""
    #: From the effect's part (language/parts): a one-line summary (also the class
    #: docstring), the card kinds that may carry it (None: any), whether it is a reward.
    summary: ClassVar[str] = ""
    carriers: ClassVar[frozenset[str] | None] = None
    reward: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        meta = registry.effects().get(cls.kind)
        if meta is None:
            raise TypeError(f"effect kind {cls.kind!r} is declared by no part class")
        cls.summary, cls.carriers, cls.reward = meta.summary, meta.carriers, meta.reward
        cls.__doc__ = meta.summary

    otherwise: bool = doc("applies only if the effect before it could not", False, kw_only=True)
    optional: bool = doc("the player may choose not to apply it ('may')", False, kw_only=True)
    either: bool = doc("starts an alternative ('or'): a line with one is a choice among its "
                       "alternatives, each the effects from one 'or' to the next (the first: "
                       "those before the first 'or'); the player the first reaches chooses "
                       "one; one that cannot apply is never chosen while another can",
                       False, kw_only=True)
    offered: str = doc("the timing leading this alternative ('or outside combat, ...'): it "
                       "is offered only in that timing's window; empty: always", "",
                       kw_only=True, repr=False)  # replays record an effect's repr
    on_roll: tuple[int, ...] = doc("`on 1 to 2 ...`: the faces (lowest, highest) of the line's "
                                   "`roll a die` on which it applies; empty: any", (),
                                   kw_only=True, repr=False)  # replays record the repr
    later: str = doc("`after this combat ...`: `combat_end`, the effect waits for the end of "
                     "the combat it is done in (engine/later.py); empty: at once", "",
                     kw_only=True, repr=False)


def alternatives(effects: tuple[Effect, ...]) -> list[tuple[Effect, ...]]:
    """A line of alternatives as its groups, read by every stage that runs one (a played
    choice, a standing `choose one` on a card in play): each `or` starts one, and the
    effects joined after it (`or +4 to helper and -4 to monster`) belong to it; the first
    group is the effects before the first `or`.  The `or` mark is dropped from each, so
    a chosen group runs as plain effects."""
    groups: list[list[Effect]] = []
    for eff in effects:
        if eff.either or not groups:
            groups.append([])
        groups[-1].append(replace(eff, either=False) if eff.either else eff)
    return [tuple(g) for g in groups]


@dataclass(frozen=True)
class Counting:
    """The amount building block of a modifier: `+1 for each item you have in play`,
    `for every 2 cards in your hand up to +4`.  A mixin so every modifier kind counts
    the same things with the same fields."""

    for_each: str | None = doc(
        "with per 'each': amount is multiplied by a count of " + "; ".join(
            f"{k}: {v}" for k, v in COUNTED.items()), None, choices=COUNTED,
        kw_only=True)
    for_each_tag: str | None = doc("only things of this tag/race/class are counted", None,
                                   kw_only=True)
    for_each_other: bool = doc("the card's own monster is not counted", False, kw_only=True)
    for_every: int = doc("the count is divided by this, rounded down ('for every 2 cards')",
                         1, kw_only=True)
    for_each_whose: str = doc("whose items, hand, gold or level are counted: you or fighter; "
                              "for level_over the side whose level is higher: you or monster; "
                              "for played_into who played the cards: anyone, you, fighter, "
                              "helper, others (not you; on a monster, not the fighter) or "
                              "not_fighter", "you", choices=(
                                  "you", "fighter", "monster", "anyone", "helper", "others",
                                  "not_fighter"), kw_only=True)
    up_to: int | None = doc("the most the multiplied amount may reach ('up to +4')", None,
                            kw_only=True)
    for_each_dice: int = doc("for for_each 'dice': how many dice are rolled", 1, kw_only=True,
                             repr=False)  # replays record an effect's repr: keep theirs
    for_each_worth: int | None = doc(
        "only cards worth this much gold or more are counted ('for each item worth 500 gold "
        "or more')", None, kw_only=True, repr=False)
    for_each_beyond: int = doc(
        "the first this many counted are left out, never below 0 ('for each item you carry "
        "beyond the fourth')", 0, kw_only=True, repr=False)


def _quiet(name: str) -> Any:
    """A :class:`Counting` field as :class:`Amounts` holds it: the same default and doc, left
    out of the repr (replays record an effect's repr, and these effects had no count)."""
    f = Counting.__dataclass_fields__[name]
    return field(default=f.default, metadata=f.metadata, kw_only=True, repr=False)


@dataclass(frozen=True)
class Amounts(Counting):
    """The amount forms of a numeric effect (levels gained or lost, cards drawn): its number
    times a count (`per`, with the for_each fields of :class:`Counting`), held between
    ``at_least`` and ``at_most``, or picked by the player up to it (``chosen``).  The
    engine works it out when the effect applies (engine/amounts.py)."""

    for_each: str | None = _quiet("for_each")
    for_each_tag: str | None = _quiet("for_each_tag")
    for_each_other: bool = _quiet("for_each_other")
    for_every: int = _quiet("for_every")
    for_each_whose: str = _quiet("for_each_whose")
    up_to: int | None = _quiet("up_to")
    per: str | None = doc("'card': the number is multiplied by the cards discarded as cost; "
                          "'open_seal': by the open Seals; 'each': by for_each", None,
                          kw_only=True, repr=False)
    at_most: int | None = doc("the most the worked-out number may be", None, kw_only=True,
                              repr=False)
    at_least: int | None = doc("the least the worked-out number may be", None, kw_only=True,
                               repr=False)
    chosen: bool = doc("the player it reaches picks how many, from 1 to the number", False,
                       kw_only=True, repr=False)
    twice: bool | None = doc("`twice`: the counted number doubled (before the caps)", None,
                             kw_only=True, repr=False)
    halved: bool | None = doc("`halved`: the counted number halved, rounded down (before the "
                              "caps)", None, kw_only=True, repr=False)
    halved_up: bool | None = doc("`halved rounded up`: the counted number halved, rounded up",
                                 None, kw_only=True, repr=False)
    that_many: bool = doc("`that many`: the number is the count of cards the effect before "
                          "it on the line moved", False, kw_only=True, repr=False)


def field_docs(cls: type) -> dict[str, str]:
    """Field name -> documentation, for the schema and for `--explain`."""
    return {f.name: f.metadata.get("doc", "") for f in fields(cls)}
