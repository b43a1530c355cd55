"""Ruleset-dependent rules, read from :class:`~munchkin_dsl.base.rulesets.Ruleset` data.

Everything a rulebook varies (hand limit and its race/class changes, who levels by
helping, shared victory, charity to the living only, the deal, Big-item exemptions,
whether a card may override a fixed rule) is answered here from the ruleset's data,
never by testing a ruleset id, so a sixth line needs no engine change.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from munchkin_dsl.base.rulesets import CURSE_KINDS, EVERY_HELPER, Ruleset
from munchkin_dsl.compiler.effects import CardData, Condition
from munchkin_dsl.engine.algebra_conditions import holds_for
from munchkin_dsl.engine.card_memo import CardMemo
from munchkin_dsl.engine.state import SLOT_CAPACITY, WIN_LEVEL, Player

#: Optional-rule changes (``changes`` of a ruleset's ``[[optional_rules]]``) the engine
#: plays; any other key is listed by :attr:`Rules.unplayed`.
PLAYED_CHANGES = frozenset({"winning_level", "listen_at_the_door", "loot_the_room_deck",
                            "shared_win", "helper_levels", "deal", "deal_after_death"})


class UnknownOptionalRule(ValueError):
    """An optional rule id the ruleset does not offer."""


@dataclass(frozen=True)
class Rules:
    """The rules one game plays by; built from the pack's first ruleset.

    ``optional`` names optional rules of the ruleset (``faster-play``, ``epic``...); their
    ``changes`` are read from the ruleset data, so the engine tests no rule id.
    """

    ruleset: Ruleset
    fast: bool = False
    win_level: int = WIN_LEVEL
    optional: tuple[str, ...] = ()
    #: card kind -> the kind it counts as in a mix (Trap = Curse, Hireling = Sidekick), from
    #: munchkin_dsl.mix.equivalences.kinds_in_mix: the one place `mix` also reads
    kind_map: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    #: the merged ``changes`` of the optional rules, filled in from the ruleset data.
    changes: dict[str, object] = field(init=False, compare=False, repr=False,
                                       default_factory=dict)

    def __post_init__(self) -> None:
        changes: dict[str, object] = {}
        for rule_id in self.optional:
            rule = self.ruleset.optional_rule(rule_id)
            if rule is None:
                offered = ", ".join(r.id for r in self.ruleset.optional_rules) or "none"
                raise UnknownOptionalRule(f"ruleset {self.ruleset.id} has no optional rule "
                                          f"{rule_id!r} (it offers: {offered})")
            changes.update(rule.changes)
        object.__setattr__(self, "changes", changes)
        if "winning_level" in changes:
            object.__setattr__(self, "win_level", int(str(changes["winning_level"])))

    @property
    def id(self) -> str:
        return self.ruleset.id

    @property
    def curse_kinds(self) -> frozenset[str]:
        """The curse-like kinds (curse, trap, disaster): one type wherever lines meet."""
        return frozenset(CURSE_KINDS)

    def kind(self, kind: str) -> str:
        """The kind a card of ``kind`` counts as in this game (itself outside a mix)."""
        return self.kind_map.get(kind, kind)

    def same_curse_kind(self, named: str | None, played: str) -> bool:
        """Whether a `when targeted by NAMED` line answers a card of kind ``played``: the
        same kind (Traps, Curses and Disasters are one in a mix that says so), or any
        curse-like kind when the line names none."""
        return named is None or self.kind(named) == self.kind(played)

    @property
    def unplayed(self) -> list[str]:
        """Changes of the chosen optional rules that the engine does not play."""
        return sorted(k for k in self.changes if k not in PLAYED_CHANGES)

    def change(self, key: str, default: object = None) -> object:
        return self.changes.get(key, default)

    @property
    def listen_at_the_door(self) -> bool:
        """Faster play, phase 0: draw a face-down Door at the start of the turn."""
        return bool(self.change("listen_at_the_door", False))

    @property
    def loot_deck(self) -> str:
        """The deck looting the room draws from (faster play: Treasure)."""
        return str(self.change("loot_the_room_deck", "door"))

    def deal(self, after_death: bool = False) -> dict[str, int]:
        if after_death:
            changed = self.change("deal_after_death")
            return dict(changed if isinstance(changed, Mapping) else
                        self.ruleset.deal_after_death)
        changed = self.change("deal")
        if isinstance(changed, Mapping):
            return dict(changed)
        if self.fast and self.ruleset.deal_fast:
            return dict(self.ruleset.deal_fast)
        return dict(self.ruleset.deal)

    def card_limit(self, player: Player, limit: str, base: int) -> int | None:
        """A limit after the player's cards: ``base`` (the ruleset's), raised to the highest
        absolute value a card sets (``hand limit 6``), then changed by every relative one
        (``aggregate limit +1``); None when a card lifts it (``limit any``)."""
        value, relative = base, 0
        for card in player.in_play():
            if not card.data.abilities:
                continue
            for eff in _limits(card.data, player):
                if eff.limit != limit:
                    continue
                if eff.value is None:
                    return None
                if eff.relative:
                    relative += eff.value
                else:
                    value = max(value, eff.value)
        return max(0, value + relative)

    def slot_capacity(self, player: Player) -> dict[str, int | None]:
        """Items a player may wear in each single slot: one, unless a card changes that
        slot's limit (Mutant: `headgear limit +1`; None: no limit)."""
        return {slot: self.card_limit(player, slot, n) for slot, n in SLOT_CAPACITY.items()
                if slot != "hands"}

    def hand_limit(self, player: Player) -> int | None:
        """Ruleset limit (with race/class changes, e.g. classic-ru Dwarf 6) or a card's."""
        return self.card_limit(player, "hand", self.ruleset.hand_limit_for(player.traits()))

    def big_limit(self, player: Player, category: str | None = None) -> int | None:
        """How many items of a Big category (``big`` or ``aggregate``) a player may carry.

        Big items and Aggregates are separate categories (star-munchkin, «Совмещение этой
        игры с Манчкином»): one of each, unless the ruleset exempts a race/class from its
        own category (Dwarf: Big; Gadgeteer: Aggregates) or a card lifts that limit.
        """
        category = category or self.ruleset.big_category
        if category == self.ruleset.big_category and self.ruleset.carries_any_big(
                player.traits()):
            return None
        return self.card_limit(player, category, 1)

    def card_level_cap(self) -> int | None:
        """The highest level a card may give outside a kill: fixed rule 4 keeps the winning
        level for a kill, so one below it (at level 20 under the Epic rule, 19)."""
        return self.win_level - 1

    @functools.cached_property
    def no_zero_strength(self) -> bool:
        """Fixed rule 1 as star-munchkin states it: no card brings a player or a monster to
        0 or below, so combat strength floors at 1 (elsewhere it may go below 1)."""
        return self.ruleset.fixed_rule("R1").variant == "no_zero_strength"

    def race_limit(self, player: Player) -> int:
        value = self.card_limit(player, "race", 1)
        return 99 if value is None else max(1, value)

    def class_limit(self, player: Player) -> int:
        value = self.card_limit(player, "class", 1)
        return 99 if value is None else max(1, value)

    def sidekick_limit(self, player: Player) -> int | None:
        """Sidekicks a player may have in play: one, unless a card says otherwise (star-munchkin
        «Напарники»: «не более одного Напарника одновременно (два Напарника для Купца)»)."""
        value = self.card_limit(player, "sidekick", 1)
        return None if value is None else max(1, value)

    def helper_gains_level(self, helper: Player) -> bool:
        who = self.change("helper_levels")
        if isinstance(who, list | tuple):
            return EVERY_HELPER in who or not helper.traits().isdisjoint(who)
        return self.ruleset.helper_gains_level(helper.traits(), self.fast)

    @property
    def shared_win(self) -> str:
        return str(self.change("shared_win", self.ruleset.shared_win))

    def extra_slots(self, player: Player) -> list[tuple[CardData, int | None]]:
        """Cards that let a player wear more than the slots allow (Hireling: +1 item of any
        slot; None: every slot limit lifted), with how many extra items each allows."""
        out: list[tuple[CardData, int | None]] = []
        for card in player.in_play():
            if not card.data.abilities:
                continue
            for eff in _limits(card.data, player):
                if eff.limit == "slot":
                    out.append((card.data, eff.value))
        return out

    def no_drawbacks(self, player: Player, trait: str) -> bool:
        """Whether ``trait`` (a race or class name) carries none of its drawbacks for this
        player: Super Munchkin with that one class, Half-Breed with that one race, where the
        ruleset says so (munchkins-and-mazes, seed 002 «СУПЕРМАНЧКИН И ПОЛУКРОВКА»):
        monsters get no bonus against it and items forbidden to it may be used."""
        if not self.has_line_rule("single-card-no-drawbacks"):
            return False
        for kind, pile in (("race", player.races), ("class", player.classes)):
            if len(pile) == 1 and pile[0].name == trait and any(
                    c.data.requires == kind for c in player.others):
                return True
        return False

    def has_line_rule(self, rule_id: str) -> bool:
        """Whether the ruleset states this line rule (data: ``[[line_rules]]``)."""
        return any(r.id == rule_id for r in self.ruleset.line_rules)

    @property
    def charity_to_living_only(self) -> bool:
        return self.ruleset.charity_to_living_only

    def keeps_on_death(self, what: str) -> bool:
        return what in self.ruleset.death_keeps

    def overrides(self, card: CardData, rule_id: str) -> bool:
        """Whether a card's explicit override of a fixed rule counts in this ruleset."""
        mode = self.ruleset.fixed_rule(rule_id).override
        if mode == "never":
            return False
        return any(o.rule == rule_id for o in card.overrides)

    def has_seals(self) -> bool:
        return "seal" in self.ruleset.decks


#: card data -> its Limit effects of continuous and on_play abilities, each with its
#: line's conditions (bounded, see .card_memo).
#: a limit's record is generated from its part class (language/parts/limits.py)
Limit: TypeAlias = Any
_LIMITS: CardMemo[tuple[tuple[Limit, tuple[Condition, ...]], ...]] = CardMemo()


def _limits_of(data: object) -> tuple[tuple[Limit, tuple[Condition, ...]], ...]:
    assert isinstance(data, CardData)
    return tuple((eff, ab.conditions) for ab in data.abilities
                 if ab.timing in ("continuous", "on_play")
                 for eff in ab.effects if eff.kind == "limit")


def _limits(data: CardData, player: Player) -> list[Limit]:
    """The Limit effects a card in play gives its owner (hand size, Big items, races...),
    in order; a line's conditions (`if you have a Steed in play: big item limit +1`) are
    tested on the owner now."""
    return [eff for eff, conds in _LIMITS.get(data, _limits_of)
            if all(holds_for(c, player) for c in conds)]
