"""Answers to a curse-like card: cancelled, or turned back on the player who played it.

`cancel a curse` (or a trap, a disaster), `the curse hits its player instead` (where a
curse is in flight: data/needs.toml `targeted`).  The kind is a word of the grammar's
`curse_kind`; the handlers are the engine's
(:data:`munchkin_dsl.engine.effects_apply.APPLY`), keyed by the same kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described
from munchkin_dsl.language.nodes import Target


@dataclass(frozen=True, slots=True)
class Cancel(EffectPart):
    """`cancel a curse` (or `trap`, `disaster`): a curse-like card is cancelled."""

    kind: ClassVar[str] = "cancel"
    rule: ClassVar[str] = "cancel"
    syntax: ClassVar[str] = '"cancel" "a"? curse_kind'
    summary: ClassVar[str] = 'a curse-like card is cancelled'
    example: ClassVar[str] = 'cancel a curse'
    means: ClassVar[str] = 'cancel curse trap disaster stop negate prevent block'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`cancel a curse` / `trap` / `disaster`',
         'cancels a curse-like card',
         'any time: cancel a curse'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'players'
    refuse_at: ClassVar[dict[str, str]] = {
        "next_combat": "a curse waiting for a combat cancels nothing; cancel from a card the "
                       "player plays or has in play",
        "next_run_away_roll": "a curse waiting for a roll cancels nothing; cancel from a card "
                              "the player plays or has in play",
    }
    observe: ClassVar[str] = 'curses'
    text: ClassVar[dict[str, str]] = {
        'en': '{{ "you may " if e.optional }}cancel a {{ t.term("curse") }}',
        'ru': ('{#- The "few" form of these nouns is their genitive singular: '
               'проклятия, ловушки, катастрофы. -#}\n{{ "можешь отменить" if e.optional '
               'else "отменяешь" }} действие {{ t.plural("curse", 2) }}'),
        'pl': ('{#- The "few" form of these nouns is their genitive singular: klątwy, '
               'pułapki, katastrofy. -#}\n{{ "możesz anulować" if e.optional else '
               '"anulujesz" }} działanie {{ t.plural("curse", 2) }}'),
    }
    card_kind: str = described("curse, trap or disaster (the same type when lines are mixed)",
                               "curse", record=...)


@dataclass(frozen=True, slots=True)
class Redirect(EffectPart):
    """`the curse hits its player instead` (Paranoid Gnome), `the curse goes to the player
    to your left instead` (Crooked Mirror: any selector, `a player of your choice` too):
    answered at `when targeted`, from a card in play or a one-shot played from the hand."""

    kind: ClassVar[str] = "redirect"
    rule: ClassVar[str] = "redirect"
    syntax: ClassVar[str] = ('"the" curse_kind ("hits" "its" "player" | ("goes"|"go") "to" '
                             'target) "instead"')
    summary: ClassVar[str] = ('a curse-like card being played on the owner hits the player who '
                              'played it, or the player named, instead')
    example: ClassVar[str] = 'the curse hits its player instead'
    means: ClassVar[str] = ('redirect reflect bounce back return turn mirror deflect curse '
                            'instead send on pass')
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`the curse hits its player instead` (or `trap`, `disaster`)',
         ('the curse-like card being played on the owner hits the player who '
          'played it (where a curse is in flight: `when targeted by`, `when a curse is '
          'played on a player`, `when another player plays a curse`)'),
         ('when targeted by curse, discard 1 card: the curse hits its player '
          'instead')),
        ('`the curse goes to TARGET instead` (or `trap`, `disaster`)',
         ('the curse-like card being played on the owner goes to the player named instead '
          '(`the player to your left`, `a player of your choice`; never the owner; nobody '
          'named: it does not apply)'),
         'when targeted by curse: the curse goes to the player to your left instead'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'players'
    needs: ClassVar[str | None] = 'targeted'
    observe: ClassVar[str] = 'curses'
    text: ClassVar[dict[str, str]] = {
        'en': 'the {{ t.term("curse") }} {% if e.to %}goes to {{ w.WHO[e.to] }}{% else %}hits '
              'the player who played it{% endif %} instead',
        'ru': 'вместо тебя {{ t.plural("curse", 1) }} {% if e.to %}достаётся {{ w.TO[e.to] }}'
              '{% else %}поражает сыгравшего игрока{% endif %}',
        'pl': 'zamiast ciebie {{ t.plural("curse", 1) }} {% if e.to %}trafia do {{ w.GEN[e.to] '
              '}}{% else %}trafia gracza, który ją zagrał{% endif %}',
    }
    card_kind: str = described("curse, trap or disaster: the kind the line names", "curse")
    to: Target | None = described("the player the curse goes to instead; none: the player "
                                  "who played it", record=None)
