"""Bans on a player's own actions, besides helping (helping.py): `you cannot sell items`,
`you cannot run away`, on a curse (Martial Law).

`until the end of your next turn: you cannot sell items`: the victim may not do the
action while the curse stays on them; its duration (`until ...`, §6.2) says how long, and
with none the curse stays until something removes it (`cancel a curse`), as the ban is all
it does.  The actions are the ones the rules let a player choose (§ selling items for a
level, running away from a fight it is losing, helping).  The engine reads them where the
action is taken, and the bots ask before they try (engine/help_bans.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart

_WHO = '("you" | "victim") ("cannot" | "can" "not" | "may" "not") '


@dataclass(frozen=True, slots=True)
class Ban(EffectPart):
    """A ban on one of the victim's own actions, the curse's line while it stays.  (No
    rule: the base of the bans below.)"""

    carriers: ClassVar[str | tuple[str, ...]] = ("curse", "trap", "disaster")
    only_at: ClassVar[tuple[str, ...]] = ("on_play",)
    only_at_refuse: ClassVar[str] = (
        "the ban lasts while the curse stays on its victim, so it is the curse's own line, "
        "with no timing (`until the end of your next turn: you cannot sell items`)")
    kept_on: ClassVar[tuple[str, ...]] = ("curse", "trap", "disaster")
    observe: ClassVar[str] = "bans"


@dataclass(frozen=True, slots=True)
class CannotSell(Ban):
    """`you cannot sell items`: the curse's victim may not sell items for levels while the
    curse stays on them."""

    kind: ClassVar[str] = "cannot_sell"
    rule: ClassVar[str] = "cannot_sell"
    syntax: ClassVar[str] = _WHO + '"sell" ("items" | "anything")?'
    summary: ClassVar[str] = ("the victim may not sell items while the curse stays on them "
                              "(for its `until` duration, or until it is removed)")
    example: ClassVar[str] = "victim may not sell items"
    means: ClassVar[str] = "sell ban forbid selling trade market martial law embargo"
    text: ClassVar[dict[str, str]] = {
        "en": "you cannot sell items",
        "ru": "ты не можешь продавать шмотки",
        "pl": "nie możesz sprzedawać przedmiotów",
    }


@dataclass(frozen=True, slots=True)
class CannotRunAway(Ban):
    """`you cannot run away`: the curse's victim, losing a fight, is caught with no roll
    while the curse stays on them (a monster's `no escape`, on the player)."""

    kind: ClassVar[str] = "cannot_run_away"
    rule: ClassVar[str] = "cannot_run_away"
    syntax: ClassVar[str] = _WHO + '("run" "away" | "flee")'
    summary: ClassVar[str] = ("the victim, losing a fight, is caught with no roll while the "
                              "curse stays on them (for its `until` duration, or until it is "
                              "removed)")
    example: ClassVar[str] = "victim may not run away"
    means: ClassVar[str] = "run away flee ban forbid trapped cornered curse victim"
    text: ClassVar[dict[str, str]] = {
        "en": "you cannot run away",
        "ru": "ты не можешь смываться",
        "pl": "nie możesz uciekać",
    }
