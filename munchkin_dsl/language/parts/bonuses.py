"""Bonuses that count differently: a one-hand item wielded with two hands, every bonus of
a kind of card counting less.

`wield a one hand item with two hands for +2`, `every one-shot gives 1 less`.  Both are
passive: the combat maths read them (:mod:`munchkin_dsl.engine.combat`) by kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described


@dataclass(frozen=True, slots=True)
class TwoHandedBonus(EffectPart):
    """`wield a one hand item with two hands for +2`: a one-hand item held in both hands counts
    more."""

    kind: ClassVar[str] = "two_handed_bonus"
    rule: ClassVar[str] = "two_handed_bonus"
    syntax: ClassVar[str] = ('"wield" "a"? "one" "hand" "item" "with" "two" "hands" '
                             '"for" SIGNED')
    summary: ClassVar[str] = 'a one-hand item may be wielded with both hands for a bonus'
    example: ClassVar[str] = 'wield a one hand item with two hands for +2'
    means: ClassVar[str] = 'wield two hands hand weapon'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`wield a one hand item with two hands for +N`',
         "the Guerrilla's two-handed grip",
         'wield a one hand item with two hands for +3'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'table'
    needs: ClassVar[str | None] = 'table'
    passive: ClassVar[bool] = True
    numbers: ClassVar[dict[str, str]] = {'amount': 'wield'}
    observe: ClassVar[str] = 'strength'
    text: ClassVar[dict[str, str]] = {
        'en': ('you may wield a one-hand item with both hands for {{ t.signed(e.amount) '
               '}}'),
        'ru': ('можешь держать одноручную шмотку двумя руками и получить {{ '
               't.signed(e.amount) }}'),
        'pl': ('możesz trzymać jednoręczny przedmiot oburącz i dostać {{ '
               't.signed(e.amount) }}'),
    }
    amount: int = described("extra bonus while the one-hand item takes both hands", 0,
                            record=...)


@dataclass(frozen=True, slots=True)
class Weaken(EffectPart):
    """`every one-shot gives 1 less` (Seal: Pizza Shortage!): a strength operation other than
    adding, on every bonus of one kind of card in the fight."""

    kind: ClassVar[str] = "weaken"
    rule: ClassVar[str] = "weaken"
    syntax: ClassVar[str] = '"every" bonus_source ("gives" | "give") INT "less"'
    subrules: ClassVar[str] = (
        'bonus_source: "one-shot"  -> source_one_shot\n'
        '            | "item"  -> source_item')
    summary: ClassVar[str] = ('every bonus of one kind of card (one-shots, items) counts N less '
                              'in a fight, never past 0')
    example: ClassVar[str] = 'every one-shot gives 1 less'
    means: ClassVar[str] = 'less weaker reduce smaller shortage lower bonus one-shot item minus'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`every one-shot gives N less` / `every item gives N less`',
         ('in a fight every bonus of that kind of card counts N less in size, '
          'never past 0 (a strength operation other than adding)'),
         'while open: every one-shot gives 1 less'),
    )
    needs: ClassVar[str | None] = 'fight'
    passive: ClassVar[bool] = True
    numbers: ClassVar[dict[str, str]] = {'amount': 'modifier'}
    observe: ClassVar[str] = 'weakened'
    text: ClassVar[dict[str, str]] = {
        'en': ('every {{ "One-Shot Item" if e.source == "one-shot" else "Item" }} gives '
               '{{ e.amount }} less (not below 0)'),
        'ru': ('{{ "каждая разовая шмотка" if e.source == "one-shot" else "каждая '
               'шмотка" }} даёт на {{ e.amount }} меньше (но не меньше 0)'),
        'pl': ('{{ "każdy przedmiot jednorazowy" if e.source == "one-shot" else "każdy '
               'przedmiot" }} daje o {{ e.amount }} mniej (nie mniej niż 0)'),
    }
    source: str = described("one-shot (bonuses played from one-shots) or item (worn items' "
                            "bonuses)", "one-shot", choices=("one-shot", "item"))
    amount: int = described("how much less each bonus counts (toward 0, never past it)", 1)
