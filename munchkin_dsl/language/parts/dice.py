"""Die operations: the die just rolled shows another face.

`the die shows 6` (at `next run away roll` or on a `roll N+` line), `change the die to a
number you choose` (any die, any player's, the holder's pick).  The engine behaviour is in
:mod:`munchkin_dsl.engine.effects_apply` and :mod:`munchkin_dsl.engine.dice`, keyed by
the same kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described


@dataclass(frozen=True, slots=True)
class SetDie(EffectPart):
    """`the die shows 6` (Loaded Die): a die operation, the roll's die changed to a face."""

    kind: ClassVar[str] = "set_die"
    rule: ClassVar[str] = "set_die"
    syntax: ClassVar[str] = '"the" "die" "shows" INT'
    summary: ClassVar[str] = ('the die of the run-away roll just made shows the given face (its '
                              'bonuses still count)')
    example: ClassVar[str] = 'the die shows 6'
    means: ClassVar[str] = 'die dice face change set loaded result roll number choose'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`the die shows N`',
         'at `after run away roll`: the die of the roll just made shows N (its bonuses still '
         'count); a one-shot with it is played from the hand when the roll fails',
         'after run away roll: the die shows 6'),
    )
    needs: ClassVar[str | None] = "run_roll"
    numbers: ClassVar[dict[str, str]] = {'value': 'die_face'}
    observe: ClassVar[str] = "escape"
    text: ClassVar[dict[str, str]] = {
        "en": 'the die shows {{ e.value }}',
        "ru": 'на кубике выпадает {{ e.value }}',
        "pl": 'na kostce wypada {{ e.value }}',
    }
    value: int = described("the face the die shows now", 6)


@dataclass(frozen=True, slots=True)
class ChooseDie(EffectPart):
    """`change the die to a number you choose` (C121 Loaded Die): the die just rolled, by
    any player for any purpose, shows the face the card's holder picks (Policy.change_die)."""

    kind: ClassVar[str] = "choose_die"
    rule: ClassVar[str] = "choose_die"
    syntax: ClassVar[str] = '"change" "the" "die" "to" "a" "number" "you" "choose"'
    summary: ClassVar[str] = ("the die just rolled (any player's, any roll) shows the face the "
                              "card's holder chooses")
    example: ClassVar[str] = 'change the die to a number you choose'
    means: ClassVar[str] = 'die dice face change set loaded result roll number choose any'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`change the die to a number you choose`',
         "at `after any die roll`: the die just rolled, anyone's, shows the face the one-shot's "
         'holder picks (Policy `change_die`)',
         'after any die roll: change the die to a number you choose'),
    )
    needs: ClassVar[str | None] = "any_roll"
    observe: ClassVar[str] = "escape"
    text: ClassVar[dict[str, str]] = {
        "en": 'change the die to a number you choose',
        "ru": 'меняешь результат на любое число по своему выбору',
        "pl": 'zmieniasz wynik na dowolną wybraną liczbę',
    }
