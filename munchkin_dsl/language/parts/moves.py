"""Effects that move a selected card from a player's table to the discards.

`victim discards a Hireling in play` (any card in play by kind or tag: a Sidekick, a
Steed, a race, a curse...), `victim discards the most valuable item`.  With nothing to
discard the effect does not apply, so an `otherwise` after it does (`..., otherwise
loses 1 level`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart
from munchkin_dsl.language.nodes import Ref, Target


@dataclass(frozen=True, slots=True)
class DiscardInPlay(EffectPart):
    """`discard a Sidekick in play`: one card of the filter the target has in play."""

    kind: ClassVar[str] = "discard_in_play"
    rule: ClassVar[str] = "discard_in_play"
    syntax: ClassVar[str] = 'target? _discard ("a"|"an") WORD "in" "play"'
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


@dataclass(frozen=True, slots=True)
class DiscardMostValuable(EffectPart):
    """`discard the most valuable item`: the item in play worth most (ties: the owner's pick)."""

    kind: ClassVar[str] = "discard_most_valuable"
    rule: ClassVar[str] = "discard_most_valuable"
    syntax: ClassVar[str] = 'target? _discard "the" "most" "valuable" "item"'
    summary: ClassVar[str] = "the target discards the item in play worth the most"
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
              "valuable item",
        "ru": "{{ w.verb(e, a, t, 'сбрасываешь', 'сбрасывает', 'сбросить') }} самую дорогую "
              "шмотку",
        "pl": "{{ w.verb(e, a, t, 'odrzucasz', 'odrzuca', 'odrzucić') }} najcenniejszy przedmiot",
    }
    target: Target | None = None
