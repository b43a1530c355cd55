"""Stage 4 of the pipeline: the compiled card record, its abilities, overrides and
manual rules (what engine JSON holds per card).

Re-exported by :mod:`munchkin_dsl.compiler.effects`; held apart so the card's shape
reads without the ~50 effect kinds.
"""

from __future__ import annotations

from dataclasses import dataclass

from munchkin_dsl.compiler.effect_base import TIMINGS, UNTILS, Condition, Cost, Effect, doc


@dataclass(frozen=True, slots=True)
class Ability:
    """One effect line of a card: when it fires, what it costs, what it does."""

    timing: str = doc("when it fires; see TIMINGS", choices=TIMINGS)
    effects: tuple[Effect, ...] = doc("applied in order")
    label: str | None = doc("the ability's name as printed ('Berserking')", None)
    labels: dict[str, str] = doc("the ability's name in other languages", default_factory=dict)
    until: str | None = doc("how long its effect lasts; see UNTILS", None, choices=UNTILS)
    frequency: str | None = doc("once_per_combat, once_per_turn, once_per_game or "
                                "once_per_victim_per_combat", None)
    costs: tuple[Cost, ...] = doc("paid before the effects apply", ())
    roll: int | None = doc("a d6 result needed; below it the effects fail", None)
    conditions: tuple[Condition, ...] = doc("all must hold", ())
    targeted_by: str | None = doc("for when_targeted: the curse-like kind (curse, trap, "
                                  "disaster) whose play on the owner fires it", None)
    uses: int | None = doc("the times it may act before its card is discarded ('3 uses')", None,
                           repr=False)  # replays record an ability's repr: keep theirs
    repeat: int | None = doc("the roll and effects happen this many times ('twice', '3 "
                             "times'); the cost is paid once", None, repr=False)
    choose_one: int | None = doc("1: the card's owner picks which alternative ('A, or B') "
                                 "happens ('choose one'), whoever the effects reach", None,
                                 repr=False)
    source: str = doc("file:line:col of the line in the pack source", "")


@dataclass(frozen=True, slots=True)
class Override:
    """A card's explicit statement that it overrides a fixed rule."""

    rule: str = doc("fixed-rule id, R1..R4")
    reason: str | None = doc("the card's own words", None)
    source: str = doc("file:line:col of the clause", "")


@dataclass(frozen=True)
class ManualRule:
    """A rule the card states that the language cannot express yet: printed like any rule,
    never played by the engine (players apply it by hand)."""

    texts: dict[str, str] = doc("the rule per language code (en always)")
    source: str = doc("file:line:col of the `manual` line", "")


@dataclass(frozen=True, slots=True)
class CardData:
    """One compiled card: identity, printed stats and abilities."""

    id: str = doc("stable id, unique in the pack")
    kind: str = doc("monster, monster-enhancer, curse, trap, disaster, race, class, item, "
                    "one-shot, treasure, sidekick, hireling, seal, item-enhancer or door")
    deck: str = doc("the deck the card belongs to: door, treasure or seal")
    names: dict[str, str] = doc("the card's name per language code")
    texts: dict[str, str] = doc("rules text the author wrote per language (printed only: the "
                                "engine plays the abilities)", default_factory=dict)
    manual: tuple[ManualRule, ...] = doc("rules the engine does not play; players apply them "
                                         "by hand", ())
    art: str | None = doc("card art, a path relative to the pack folder", None)
    level: int | None = doc("monster level", None)
    treasures: int | None = doc("treasures for killing the monster", None)
    levels_given: int | None = doc("levels for killing the monster (null: 1)", None)
    bonus: int | None = doc("item bonus to combat strength", None)
    value: int | None = doc("value in the ruleset's money; 0 for 'no value'", None)
    slot: str | None = doc("headgear, armor, footgear, one_hand, two_hands", None)
    big: bool = doc("a Big item (one per player unless a limit says otherwise)", False)
    aggregate: bool = doc("an Aggregate (star-munchkin's Big category)", False)
    tags: tuple[str, ...] = doc("tags such as Undead, Shark, fire, laser", ())
    usable_by: tuple[str, ...] = doc("only these races/classes/sexes may use it", ())
    not_usable_by: tuple[str, ...] = doc("these races/classes/sexes may not use it", ())
    counts_as: tuple[str, ...] = doc("a race or class card: the races/classes it is too", ())
    requires: str | None = doc("race or class: the card needs one in play", None)
    persistent: bool = doc("stays in play after it takes effect", False)
    kept_after_death: bool = doc("its owner keeps it on death", False)
    comes_apart_on_death: bool = doc("an attached card separates on death for looting", False)
    accepts_enhancers: bool = doc("item enhancers may attach to this item", False)
    chains_with: str | None = doc("joins other items with this tag into one weapon", None)
    attaches_to_item: bool = doc("the card is attached to an item the owner carries", False)
    items_outside_combat_only: bool = doc("items may be given to it only outside combat",
                                          False)
    play: str | None = doc("when the card may be played; see TIMINGS", None, choices=TIMINGS)
    overrides: tuple[Override, ...] = doc("fixed rules this card overrides", ())
    abilities: tuple[Ability, ...] = doc("effect lines", ())
    source: str = doc("file:line:col of the card", "")
