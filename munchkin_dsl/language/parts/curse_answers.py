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


#: the events at which a card is in flight, being played and not yet acted: another
#: player's card at `when another player plays a card` (engine/cancel_played.py answers it
#: before the card acts), a curse-like card at the curse events (data/needs.toml `targeted`)
IN_FLIGHT_AT: tuple[str, ...] = ("when_other_plays_card", "when_targeted", "curse_played",
                                 "when_other_plays_curse", "when_other_curses_you",
                                 # the curse behind the door its player kicks open
                                 "next_door_curse")
#: where a cancelled card goes (the record's ``to``): the first is the default
CANCELLED_TO: tuple[str, ...] = ("discard", "your_hand", "player_hand", "deck_bottom",
                                 "deck_top")


@dataclass(frozen=True, slots=True)
class CancelPlayed(EffectPart):
    """`cancel the card played` (`cancel it`), `put it into your hand`, `it returns to its
    player's hand`, `put it on the bottom of its deck`: the card being played is cancelled
    before it acts (it does nothing: an enhancer adds nothing to its monster, a curse hits
    nobody) and goes where the form says (the discards by default).  A card moved away as
    it is played is cancelled, so the forms that move it cancel it too, and `cancel it,
    put it into your hand` is the same as `put it into your hand`."""

    kind: ClassVar[str] = "cancel_played"
    rule: ClassVar[str] = "cancel_played"
    syntax: ClassVar[str] = (
        '"cancel" (_played_card | ("that" | "the") curse_kind)'
        ' | ("put" | "take") _played_card ("into" | "in") your_hand'
        ' | ("return" | "put") _played_card ("to" | "into") players_hand'
        ' | _played_card ("returns" | "goes" "back") "to" players_hand'
        ' | ("put" | "return") _played_card ("on" | "at") "the" deck_end "of" "its" "deck"')
    subrules: ClassVar[str] = (
        '_played_card: "it" | "the" "card" "just"? "played" | "that" "card"\n'
        'your_hand: "your" "hand"  -> to_your_hand\n'
        'players_hand: ("its" "player\'s" | "their" | "its" "owner\'s") "hand"'
        '  -> to_player_hand\n'
        'deck_end: "bottom"  -> to_deck_bottom\n'
        '        | "top"  -> to_deck_top')
    summary: ClassVar[str] = ('the card being played is cancelled before it acts, and goes to '
                              'the discards, a hand or its deck')
    example: ClassVar[str] = 'cancel the card played'
    means: ClassVar[str] = ('cancel counter counterspell negate stop card played return hand '
                            'steal catch bounce deck bottom')
    misphrasings: ClassVar[dict[str, str]] = {
        # the kind is the line's test, not the effect's words
        r"\bcancel (?:a|an|the) (?P<k>one-shot|monster enhancer|monster-enhancer|item|"
        r"curse|trap|disaster|monster) played\b": (
            "when another player plays a card, if the card played is a {k}: cancel the card "
            "played"),
        r"\bput the card (?:just )?played into the hand of\b": (
            "cancel the card played, it returns to its player's hand"),
    }
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`cancel the card played` / `cancel it` / `cancel that card`',
         ('the card another player is playing is cancelled before it acts (at `when another '
          'player plays a card`, tested with `if the card played is a monster-enhancer`...; '
          'at a curse event, the curse): it goes to the discards and does nothing'),
         'when another player plays a card, if the card played is a one-shot, discard this '
         'card: cancel the card played'),
        ('`put/take it into your hand`',
         'the card is cancelled and goes into the hand of the player whose card says so',
         'when another player plays a card, if the card played is a one-shot, discard this '
         'card: cancel it, put it into your hand'),
        ("`it returns to its player's hand` / `return it to its player's hand`",
         'the card is cancelled and goes back into the hand of the player who played it',
         "when another player plays a curse, discard this card: cancel a curse, it returns "
         "to its player's hand"),
        ('`put it on the bottom of its deck` (or `top`)',
         'the card is cancelled and goes under (or on top of) its own deck',
         'when another player plays a card, discard this card: put it on the bottom of its '
         'deck'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'players'
    only_at: ClassVar[tuple[str, ...]] = IN_FLIGHT_AT
    only_at_refuse: ClassVar[str] = (
        "only a card being played can be cancelled, before it acts: write the line at `when "
        "another player plays a card` (its kind tested: `if the card played is a one-shot`), "
        "or at a curse's `when targeted by curse`, `when another player plays a curse`")
    observe: ClassVar[str] = 'cancelled'
    text: ClassVar[dict[str, str]] = {
        'en': ('{{ "you may " if e.optional }}{% if e.to == "your_hand" %}put the card being '
               'played into your hand instead (it has no effect){% elif e.to == "player_hand" '
               '%}return the card being played to its player\'s hand (it has no effect)'
               '{% elif e.to in ("deck_bottom", "deck_top") %}put the card being played on '
               'the {{ "bottom" if e.to == "deck_bottom" else "top" }} of its deck (it has no '
               'effect){% else %}cancel the card being played{% endif %}'),
        'ru': ('{{ "можешь отменить" if e.optional else "отменяешь" }} разыгрываемую карту'
               '{% if e.to == "your_hand" %} и берёшь её в руку{% elif e.to == "player_hand" '
               '%}; она возвращается в руку сыгравшего{% elif e.to == "deck_bottom" %} и '
               'кладёшь её под низ её колоды{% elif e.to == "deck_top" %} и кладёшь её на '
               'верх её колоды{% endif %}'),
        'pl': ('{{ "możesz anulować" if e.optional else "anulujesz" }} zagrywaną kartę'
               '{% if e.to == "your_hand" %} i bierzesz ją na rękę{% elif e.to == '
               '"player_hand" %}; wraca na rękę gracza, który ją zagrał{% elif e.to == '
               '"deck_bottom" %} i kładziesz ją na spód jej talii{% elif e.to == "deck_top" '
               '%} i kładziesz ją na wierzch jej talii{% endif %}'),
    }
    to: str = described("where the cancelled card goes: discard (the default), your_hand "
                        "(the hand of the player whose card cancels it), player_hand (back "
                        "to the player who played it), deck_bottom, deck_top (of its own "
                        "deck)", "discard", choices=CANCELLED_TO)
