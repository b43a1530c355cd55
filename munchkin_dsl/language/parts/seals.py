"""Seals opened and closed, and the end of the game.

`open a seal`, `close the top seal` (they need a Seal deck in one of the pack's rulesets:
E224 otherwise), `end the game by item bonus then level then shared`.  The handlers are
the engine's (:data:`munchkin_dsl.engine.effects_apply.APPLY`), keyed by the same kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described
from munchkin_dsl.language.nodes import Target


@dataclass(frozen=True, slots=True)
class OpenSeal(EffectPart):
    """`open a seal`: the top Seal is opened; the target counts as having opened it."""

    kind: ClassVar[str] = "open_seal"
    rule: ClassVar[str] = "open_seal"
    syntax: ClassVar[str] = 'target? ("open" | "opens") "a" "seal"'
    summary: ClassVar[str] = 'the top Seal card is opened'
    example: ClassVar[str] = 'open a seal'
    means: ClassVar[str] = 'open seal seals'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`open(s) a seal`',
         'the top Seal is opened; the target counts as having opened it',
         'victim opens a seal'),
    )
    player_target: ClassVar[bool] = True
    needs_deck: ClassVar[str | None] = "seal"
    observe: ClassVar[str] = 'seals'
    text: ClassVar[dict[str, str]] = {
        'en': ('{{ w.verb(e, a, t, "open", "opens") }} a {{ t.term("seal", "seal")|cap '
               '}}'),
        'ru': ('{{ w.verb(e, a, t, "открываешь", "открывает", "открыть") }} {{ '
               't.term("seal", "печать")|cap }}'),
        'pl': ('{{ w.verb(e, a, t, "otwierasz", "otwiera", "otworzyć") }} {{ '
               't.term("seal", "pieczęć")|cap }}'),
    }
    target: Target | None = described("the player who counts as having opened it",
                                      record=...)


@dataclass(frozen=True, slots=True)
class CloseSeal(EffectPart):
    """`close the top seal`: the top open Seal goes face down under the Seal deck."""

    kind: ClassVar[str] = "close_seal"
    rule: ClassVar[str] = "close_seal"
    syntax: ClassVar[str] = '("close" | "closes") ("the" | "a")? "top"? "seal"'
    summary: ClassVar[str] = 'the top open Seal goes face down under the Seal deck'
    example: ClassVar[str] = 'close the top seal'
    means: ClassVar[str] = 'close seal seals'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`close the top seal`',
         'the top open Seal goes face down under the Seal deck',
         'close the top seal'),
    )
    needs_deck: ClassVar[str | None] = "seal"
    observe: ClassVar[str] = 'seals'
    text: ClassVar[dict[str, str]] = {
        'en': 'close the top open {{ t.term("seal", "seal")|cap }}',
        'ru': 'верхняя открытая {{ t.term("seal", "печать")|cap }} закрывается',
        'pl': 'górna otwarta {{ t.term("seal", "pieczęć")|cap }} zostaje zamknięta',
    }


@dataclass(frozen=True, slots=True)
class EndGame(EffectPart):
    """`end the game [by item bonus then level then shared]`: the game ends now, the winner
    chosen by the criteria in order."""

    kind: ClassVar[str] = "end_game"
    rule: ClassVar[str] = "end_game"
    syntax: ClassVar[str] = '"end" "the"? "game" ("by" criterion ("then" criterion)*)?'
    summary: ClassVar[str] = 'the game ends now'
    example: ClassVar[str] = 'end the game'
    means: ClassVar[str] = 'end game finish over win'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`end the game` [`by CRITERION then CRITERION...`]',
         'the game ends; winner by `item bonus`, `level`, `shared`',
         'on reveal: end the game by item bonus then level then shared'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = (
        'door', 'seal',
    )
    observe: ClassVar[str] = 'over'
    text: ClassVar[dict[str, str]] = {
        'en': ('the game ends\n{%- if e.criteria %}; the winner is the player with {{ '
               'CRITERION[e.criteria[0]] }}\n{%- if e.criteria|length > 1 %} (ties: {% '
               'for c in e.criteria[1:] %}{{ ", then " if not loop.first }}{{ '
               'CRITERION[c] }}{% endfor %}){% endif %}\n{%- endif %}'),
        'ru': ('игра заканчивается\n{%- if e.criteria %}; победитель определяется так: '
               '{% for c in e.criteria %}{{ ", затем " if not loop.first }}{{ '
               'CRITERION[c] }}{% endfor %}{% endif %}'),
        'pl': ('gra się kończy\n{%- if e.criteria %}; o zwycięstwie decyduje: {% for c '
               'in e.criteria %}{{ ", potem " if not loop.first }}{{ CRITERION[c] }}{% '
               'endfor %}{% endif %}'),
    }
    criteria: tuple[str, ...] = described("how the winner is chosen, in order: item_bonus "
                                          "(highest total item bonus in play), level, shared "
                                          "(all tied win)", ())
