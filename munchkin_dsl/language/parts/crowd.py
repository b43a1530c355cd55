"""Effects on the monsters of a fight: more of them, a copy, a tag they gain.

`other Undead monsters may join` (a horde: monsters with the tag join from any hand),
`copy the monster [with treasure]`, `monster becomes Undead`.  What each does is the
engine's: the horde is read where a monster may join
(:mod:`munchkin_dsl.engine.crowd`), the others are handlers of
:data:`munchkin_dsl.engine.effects_fight.HANDLERS` keyed by the same kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described
from munchkin_dsl.language.nodes import Ref, Target


@dataclass(frozen=True, slots=True)
class Horde(EffectPart):
    """`other Undead monsters may join`: monsters with the tag may join this fight from any
    hand, without a Wandering Monster."""

    kind: ClassVar[str] = "horde"
    rule: ClassVar[str] = "horde"
    syntax: ClassVar[str] = '"other" ref "monsters" "may" "join"'
    summary: ClassVar[str] = 'monsters with the tag may join this fight from any hand'
    example: ClassVar[str] = 'other Undead monsters may join'
    means: ClassVar[str] = 'join monsters horde other allies'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`other TAG monsters may join`',
         'monsters with the tag may join this fight without Wandering Monster',
         'other Shark monsters may join'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = ('monster', 'monster-enhancer')
    needs: ClassVar[str | None] = 'table'
    passive: ClassVar[bool] = True
    observe: ClassVar[str] = 'horde'
    text: ClassVar[dict[str, str]] = {
        'en': 'other {{ w.nm(e.tag, t) }} monsters may join this fight',
        'ru': ('другие {{ t.tag_phrase(e.tag, "монстры", "plur,nomn") }} могут '
               'присоединиться к этому бою'),
        'pl': ('inne {{ t.tag_phrase(e.tag, "potwory", "plur,nomn") }} mogą dołączyć do '
               'tej walki'),
    }
    tag: Ref | None = described("the tag the joining monsters carry", record=...,
                                names=("tags",))


@dataclass(frozen=True, slots=True)
class CopyMonster(EffectPart):
    """`copy the monster [with treasure]`: a copy joins the fight; enhancers apply to both."""

    kind: ClassVar[str] = "copy_monster"
    rule: ClassVar[str] = "copy_monster"
    syntax: ClassVar[str] = '"copy" "the"? "monster" with_treasure?'
    summary: ClassVar[str] = 'a copy of the monster joins; enhancers apply to both'
    example: ClassVar[str] = 'copy the monster'
    means: ClassVar[str] = 'copy clone double duplicate monster'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`copy the monster` [`with treasure`]',
         'a copy joins the fight; enhancers apply to both',
         'copy the monster with treasure'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = ('monster-enhancer',)
    needs: ClassVar[str | None] = 'fight'
    observe: ClassVar[str] = 'monsters'
    text: ClassVar[dict[str, str]] = {
        'en': ('a copy of the monster joins the fight\n{%- if e.with_treasure %}, with '
               'its own {{ t.deck_name("treasure") }}{% endif %}'),
        'ru': ('в бой вступает копия монстра\n{%- if e.with_treasure %}, которая '
               'приносит свои {{ t.deck_name("treasure")|lower }}{% endif %}'),
        'pl': ('do walki dołącza kopia potwora\n{%- if e.with_treasure %}, która '
               'przynosi własne {{ t.deck_name("treasure")|lower }}{% endif %}'),
    }
    with_treasure: bool = described("the copy brings its own treasure", False)


@dataclass(frozen=True, slots=True)
class AddTag(EffectPart):
    """`monster becomes Undead`: the target gains a tag for the fight."""

    kind: ClassVar[str] = "add_tag"
    rule: ClassVar[str] = "add_tag"
    syntax: ClassVar[str] = 'target ("becomes" | "become") ref'
    summary: ClassVar[str] = 'the target gains a tag (a monster becomes Undead)'
    example: ClassVar[str] = 'monster becomes Undead'
    means: ClassVar[str] = 'becomes become tag undead turn into'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`TARGET becomes TAG`',
         'the target gains a tag',
         'monster becomes Undead'),
    )
    needs: ClassVar[str | None] = 'fight'
    observe: ClassVar[str] = 'tags'
    text: ClassVar[dict[str, str]] = {
        'en': ('{% if t.you(e.target, a) %}you become{% else %}{{ w.who(e, t) }} '
               'becomes{% endif %} {{ w.nm(e.tag, t) }}'),
        'ru': ('{% if t.you(e.target, a) %}ты получаешь{% else %}{{ w.who(e, t) }} '
               'получает{% endif %} метку «{{ w.nm(e.tag, t) }}»'),
        'pl': ('{% if t.you(e.target, a) %}zyskujesz{% else %}{{ w.who(e, t) }} '
               'zyskuje{% endif %} cechę «{{ w.nm(e.tag, t) }}»'),
    }
    tag: Ref | None = described("the tag", record=..., names=("tags",))
    target: Target | None = described("who gains the tag", record="monster")
