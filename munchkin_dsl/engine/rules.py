"""Ruleset-dependent rules, read from :class:`~munchkin_dsl.rulesets.Ruleset` data.

Everything a rulebook varies (hand limit and its race/class changes, who levels by
helping, shared victory, charity to the living only, the deal, Big-item exemptions,
whether a card may override a fixed rule) is answered here from the ruleset's data,
never by testing a ruleset id, so a sixth line needs no engine change.
"""

from __future__ import annotations

from dataclasses import dataclass

from munchkin_dsl.effects import CardData, Limit
from munchkin_dsl.engine.state import WIN_LEVEL, Player
from munchkin_dsl.rulesets import Ruleset


@dataclass(frozen=True)
class Rules:
    """The rules one game plays by; built from the pack's first ruleset."""

    ruleset: Ruleset
    fast: bool = False
    win_level: int = WIN_LEVEL

    @property
    def id(self) -> str:
        return self.ruleset.id

    def deal(self, after_death: bool = False) -> dict[str, int]:
        if after_death:
            return dict(self.ruleset.deal_after_death)
        if self.fast and self.ruleset.deal_fast:
            return dict(self.ruleset.deal_fast)
        return dict(self.ruleset.deal)

    def _card_limit(self, player: Player, limit: str) -> tuple[bool, int | None]:
        """(found, value) of the strongest Limit effect the player's cards give."""
        found, best = False, 0
        for card in player.in_play():
            for ability in card.data.abilities:
                if ability.timing not in ("continuous", "on_play"):
                    continue
                for eff in ability.effects:
                    if isinstance(eff, Limit) and eff.limit == limit:
                        if eff.value is None:
                            return True, None
                        found = True
                        best = max(best, eff.value)
        return found, best

    def hand_limit(self, player: Player) -> int | None:
        """Ruleset limit (with race/class changes, e.g. classic-ru Dwarf 6) or a card's."""
        base = self.ruleset.hand_limit_for(player.traits())
        found, value = self._card_limit(player, "hand")
        if found and value is None:
            return None
        return max(base, value or 0)

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
        found, value = self._card_limit(player, category)
        if found:
            return value
        return 1

    @property
    def no_zero_strength(self) -> bool:
        """Fixed rule 1 as star-munchkin states it: no card brings a player or a monster to
        0 or below, so combat strength floors at 1 (elsewhere it may go below 1)."""
        return self.ruleset.fixed_rule("R1").variant == "no_zero_strength"

    def race_limit(self, player: Player) -> int:
        found, value = self._card_limit(player, "race")
        return 99 if found and value is None else max(1, value or 0)

    def class_limit(self, player: Player) -> int:
        found, value = self._card_limit(player, "class")
        return 99 if found and value is None else max(1, value or 0)

    def helper_gains_level(self, helper: Player) -> bool:
        return self.ruleset.helper_gains_level(helper.traits(), self.fast)

    @property
    def shared_win(self) -> str:
        return self.ruleset.shared_win

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
