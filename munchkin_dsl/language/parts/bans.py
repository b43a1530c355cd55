"""Bans on a player's own actions, besides helping (helping.py): `you cannot sell items`,
`you cannot run away`, `you cannot play one-shots` (any card filter), on a curse (Martial
Law) or on any card that stays in play (a class, race, item, Hireling or Sidekick: Town
Crier's `you cannot sell items`), which binds its owner while it is in play.

`until the end of your next turn: you cannot sell items`: the victim may not do the
action while the curse stays on them; its duration (`until ...`, §6.2) says how long, and
with none the curse stays until something removes it (`cancel a curse`), as the ban is all
it does.  The actions are the ones the rules let a player choose (§ selling items for a
level, running away from a fight it is losing, helping).  The engine reads them where the
action is taken, and the bots ask before they try (engine/help_bans.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart
from munchkin_dsl.language.nodes import Ref, Target
from munchkin_dsl.language.parts.counters import STAYS
from munchkin_dsl.language.parts.drawn import DRAWN_KINDS
from munchkin_dsl.language.parts.holdings import FILTER_WORDS

_WHO = '("you" | "victim") ("cannot" | "can" "not" | "may" "not") '

#: the cards that carry a ban: a curse-like card on its victim, or a card that stays in play
#: on its owner
BAN_CARRIERS = ("curse", "trap", "disaster", *STAYS)
#: where a ban is the card's own line: a curse's (no timing: `on_play`), a card in play's
BAN_TIMINGS = ("on_play", "continuous")
BAN_ONLY_AT = (
    "a ban lasts while its card stays (a curse on its victim, a class or item in play on "
    "its owner), so it is the card's own line with no timing (`you cannot sell items`; on a "
    "curse `until the end of your next turn: you cannot sell items`)")


@dataclass(frozen=True, slots=True)
class Ban(EffectPart):
    """A ban on one of the player's own actions while its card stays: a curse's victim, a
    card in play's owner.  (No rule: the base of the bans below.)"""

    carriers: ClassVar[str | tuple[str, ...]] = BAN_CARRIERS
    only_at: ClassVar[tuple[str, ...]] = BAN_TIMINGS
    only_at_refuse: ClassVar[str] = BAN_ONLY_AT
    held: ClassVar[bool] = True
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
                              "(for its until duration, or until it is removed); on a "
                              "card in play, its owner while it is in play")
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
                              "curse stays on them (for its until duration, or until it is "
                              "removed); on a card in play, its owner while it is in play")
    example: ClassVar[str] = "victim may not run away"
    means: ClassVar[str] = "run away flee ban forbid trapped cornered curse victim"
    text: ClassVar[dict[str, str]] = {
        "en": "you cannot run away",
        "ru": "ты не можешь смываться",
        "pl": "nie możesz uciekać",
    }


@dataclass(frozen=True, slots=True)
class CannotGainLevels(Ban):
    """`victim gains no levels`: while the curse stays on its victim (its `until`
    duration), no level comes to them from any source: a kill, a card, a sale."""

    kind: ClassVar[str] = "cannot_gain_levels"
    rule: ClassVar[str] = "cannot_gain_levels"
    # `target gains no levels` shares its start with `victim gains no level for it`
    # (rewards.py), so the parser reads on to `for`; the subject is the card's bound player
    syntax: ClassVar[str] = ('target ("gain" | "gains") "no" _levels | ("you" | "victim") '
                             '("cannot" | "can" "not" | "may" "not") ("gain" _levels '
                             '| "go" "up" ("a" "level" | _levels)?)')
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:victim|you) (?:can't|cannot|may not) (?:gain|go up)": "victim gains no levels",
        r"\bno levels? (?:can be|may be) gained": "victim gains no levels",
    }
    summary: ClassVar[str] = ("the victim gains no levels from any source (a kill, a card, "
                              "a sale) while the curse stays on them (for its `until` "
                              "duration, or until it is removed); on a card in play, its "
                              "owner while it is in play")
    example: ClassVar[str] = "victim gains no levels"
    means: ClassVar[str] = "gain level levels no ban forbid stuck frozen go up curse"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`victim gains no levels` / `you cannot gain levels`',
         'no level comes to the player from any source while the card stays',
         'until the end of your next turn: victim gains no levels'),
    )
    text: ClassVar[dict[str, str]] = {
        "en": "you gain no levels",
        "ru": "ты не получаешь уровней",
        "pl": "nie zdobywasz poziomów",
    }
    target: Target | None = None


#: What `you cannot play X` may name beyond the kinds a player holds in play (holdings'
#: FILTER_WORDS): the kinds that are played from the hand and never kept (drawn.py's).
PLAY_KINDS = DRAWN_KINDS

#: The played kinds' words in the ban's text: en plural; ru and pl the genitive plural
#: negation takes (`не можешь играть проклятий`, `nie możesz zagrywać klątw`).
PLAY_WORDS: dict[str, dict[str, str]] = {
    **{k: {"en": w["en"][1], "ru": w["ru"][1], "pl": w["pl"][-1]}
       for k, w in FILTER_WORDS.items()},
    "one-shot": {"en": "One-Shot Items", "ru": "разовых шмоток",
                 "pl": "przedmiotów jednorazowych"},
    "monster": {"en": "monsters", "ru": "монстров", "pl": "potworów"},
}


def _play_text(lang: str, verb: str) -> str:
    """The ban's text: the filter's word from :data:`PLAY_WORDS`, else the tag's name."""
    words = json.dumps({k: v[lang] for k, v in PLAY_WORDS.items()}, ensure_ascii=False)
    return (f"{verb} {{% set W = {words} %}}{{{{ W[e.what] if e.what in W "
            "else t.name(e.what) }}")


@dataclass(frozen=True, slots=True)
class CannotPlay(Ban):
    """`you cannot play one-shots`: the curse's victim may not play a card of the filter
    (a kind: one-shots, curses, items, monsters, cards; or a tag) while the curse stays
    on them: the engine refuses the play and the bots do not try it."""

    kind: ClassVar[str] = "cannot_play"
    rule: ClassVar[str] = "cannot_play"
    syntax: ClassVar[str] = _WHO + '"play" ("any" | "a" | "an")? WORD'
    summary: ClassVar[str] = ("the victim may not play cards of a kind (one-shots, curses, "
                              "items, monsters, cards) or tag while the curse stays on them "
                              "(for its until duration, or until it is removed); on a "
                              "card in play, its owner while it is in play")
    example: ClassVar[str] = "victim may not play one-shots"
    means: ClassVar[str] = ("play ban forbid playing cards one-shots curses items silence "
                            "gag hand locked")
    filters: ClassVar[tuple[str, ...]] = ("what",)
    filter_kinds: ClassVar[dict[str, str]] = PLAY_KINDS
    text: ClassVar[dict[str, str]] = {
        "en": _play_text("en", "you cannot play"),
        "ru": _play_text("ru", "ты не можешь играть"),
        "pl": _play_text("pl", "nie możesz zagrywać"),
    }
    what: Ref | None = None


@dataclass(frozen=True, slots=True)
class CannotLoot(Ban):
    """`victim cannot loot the room`: while the curse stays on its victim (`for your next
    3 turns: ...`), their turns pass over looting the room; unlike `skip your next loot
    the room` (a marker that waits for the next loot, however late), it lapses with the
    curse, so a turn with a fight in it still counts as one of the curse's turns."""

    kind: ClassVar[str] = "cannot_loot"
    rule: ClassVar[str] = "cannot_loot"
    syntax: ClassVar[str] = _WHO + '"loot" "the"? "room"'
    summary: ClassVar[str] = ("the victim's turns pass over looting the room while the curse "
                              "stays on them (for its until duration, or until it is "
                              "removed); on a card in play, its owner's while it is in play")
    example: ClassVar[str] = "victim cannot loot the room"
    means: ClassVar[str] = "loot room ban skip phase curfew no draw"
    text: ClassVar[dict[str, str]] = {
        "en": "you cannot {{ t.term('phase_loot', 'Loot the Room') }}",
        "ru": "ты не можешь проводить фазу «{{ t.term('phase_loot', 'Чистим нычки') }}»",
        "pl": "nie możesz przeprowadzić fazy «{{ t.term('phase_loot', 'Przeszukaj Pokój') }}»",
    }


@dataclass(frozen=True, slots=True)
class CannotLookForTrouble(Ban):
    """`victim cannot look for trouble`: while the curse stays on its victim, they may not
    play a monster from their hand to fight it (the ban of `skip your next look for
    trouble`, lasting as long as its card)."""

    kind: ClassVar[str] = "cannot_look_for_trouble"
    rule: ClassVar[str] = "cannot_look_for_trouble"
    syntax: ClassVar[str] = _WHO + '"look" "for" "trouble"'
    summary: ClassVar[str] = ("the victim may not look for trouble while the curse stays on "
                              "them (for its until duration, or until it is removed); on a "
                              "card in play, its owner while it is in play")
    example: ClassVar[str] = "victim cannot look for trouble"
    means: ClassVar[str] = "look for trouble ban skip phase curfew monster from hand"
    text: ClassVar[dict[str, str]] = {
        "en": "you cannot {{ t.term('phase_trouble', 'Look for Trouble') }}",
        "ru": "ты не можешь проводить фазу «{{ t.term('phase_trouble', 'Ищем неприятности') }}»",
        "pl": "nie możesz przeprowadzić fazy «{{ t.term('phase_trouble', 'Szukaj Kłopotów') }}»",
    }
