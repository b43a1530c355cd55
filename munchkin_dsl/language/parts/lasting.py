"""Lasting state: skipped turns and phases, a help ban, counters on cards, markers on players.

`victim loses their next turn`, `skip your next kick open the door`, `nobody may
help`, `put a counter on this`, `put 2 markers on victim`.  Each leaves something on
the table that a later moment reads: the engine keeps it (a player's markers, a card's
counters, the open fight's ban) and says so in the trace, so `munchkin test` shows it;
`for each counter on this`, `for each marker on you` and `if victim has 2 markers` read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import AmountPart, ConditionPart, EffectPart
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import Target
from munchkin_dsl.language.parts.counters import STAYS as _STAYS
from munchkin_dsl.language.parts.phases import PhaseSkip


@dataclass(frozen=True, slots=True)
class SkipTurn(PhaseSkip):
    """`victim loses their next turn`: when that player's turn would begin, it is skipped."""

    kind: ClassVar[str] = "skip_turn"
    rule: ClassVar[str] = "skip_turn"
    syntax: ClassVar[str] = ('target? (("skip"|"skips") | _loses) ("your"|"their"|"the")? '
                             '"next" "turn"')
    summary: ClassVar[str] = ("the target's next turn is skipped: play passes to the next "
                              "player (a marker on the player until then)")
    example: ClassVar[str] = "victim loses their next turn"
    monster_example: ClassVar[str | None] = "fighter loses their next turn"
    means: ClassVar[str] = "skip lose miss next turn pass turn"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'lose', 'loses') }} {{ w.poss(e, a, t) }} next turn",
        "ru": "{{ w.verb(e, a, t, 'пропускаешь', 'пропускает', 'пропустить') }} "
              "следующий ход",
        "pl": "{{ w.verb(e, a, t, 'tracisz', 'traci', 'stracić') }} następną turę",
    }


@dataclass(frozen=True, slots=True)
class SkipKick(PhaseSkip):
    """`skip your next kick open the door`: the target's next turn has no door kicked open
    (the turn goes on to looking for trouble or looting the room)."""

    kind: ClassVar[str] = "skip_kick"
    rule: ClassVar[str] = "skip_kick"
    # `open the door`: the phase's name in classic-ru, Star Munchkin and Apocalypse
    syntax: ClassVar[str] = ('target? ("skip"|"skips") ("your"|"their"|"the")? "next" "kick"? '
                             '"open" "the"? "door" "phase"?')
    summary: ClassVar[str] = ("the target's next kick open the door is skipped (a marker on "
                              "the player until then)")
    example: ClassVar[str] = "victim skips their next kick open the door"
    monster_example: ClassVar[str | None] = "fighter skips their next kick open the door"
    means: ClassVar[str] = "skip miss phase kick open door no door"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'skip', 'skips') }} {{ w.poss(e, a, t) }} next "
              "{{ t.term('phase_kick', 'Kick Open the Door') }}",
        "ru": "{{ w.verb(e, a, t, 'пропускаешь', 'пропускает', 'пропустить') }} "
              "следующую фазу «{{ t.term('phase_kick', 'Вышибаем дверь') }}»",
        "pl": "{{ w.verb(e, a, t, 'pomijasz', 'pomija', 'pominąć') }} następną "
              "fazę «{{ t.term('phase_kick', 'Otwórz Drzwi') }}»",
    }


@dataclass(frozen=True, slots=True)
class NoHelp(EffectPart):
    """`nobody may help`: nobody may help in the open fight (a curse's `next combat:`
    line: in the victim's next fight); a helper already in it leaves."""

    kind: ClassVar[str] = "no_help"
    rule: ClassVar[str] = "no_help"
    syntax: ClassVar[str] = '("nobody" | "no" "one") ("may" | "can") "help"'
    summary: ClassVar[str] = ("nobody may help the fighter in this fight, who fights alone "
                              "(one who helps already leaves)")
    example: ClassVar[str] = "nobody may help"
    means: ClassVar[str] = "no help alone ban forbid helper ask for help"
    needs: ClassVar[str | None] = "fight"
    kept_on: ClassVar[tuple[str, ...]] = ("curse", "trap", "disaster")
    observe: ClassVar[str] = "markers"
    #: (on a curse that waits for its victim's asking, the asking has come: nobody helps)
    text: ClassVar[dict[str, str]] = {
        "en": "{{ 'you cannot ask for help' if t.curse_like and 'asks_help' not in (a.timing "
              "if a else '') else 'nobody may help the fighter' }}",
        "ru": "{{ 'ты не можешь просить о помощи' if t.curse_like and 'asks_help' not in "
              "(a.timing if a else '') else 'никто не может помогать бойцу' }}",
        "pl": "{{ 'nie możesz prosić o pomoc' if t.curse_like and 'asks_help' not in "
              "(a.timing if a else '') else 'nikt nie może pomóc walczącemu' }}",
    }


@dataclass(frozen=True, slots=True)
class AddCounter(EffectPart):
    """`put a counter on this`: counters pile up on the card while it stays in play."""

    kind: ClassVar[str] = "add_counter"
    rule: ClassVar[str] = "add_counter"
    syntax: ClassVar[str] = ('"put" ("a"|"an"|INT) ("counter"|"counters") "on" "this" "card"? '
                             'per? amount_post*')
    summary: ClassVar[str] = ("puts counters on this card; they stay while it is in play "
                              "(`for each counter on this` reads them)")
    example: ClassVar[str] = "put a counter on this"
    means: ClassVar[str] = "counter token charge mark count tally"
    carriers: ClassVar[tuple[str, ...]] = _STAYS
    refuse_at: ClassVar[dict[str, str]] = {
        "on_death": "the dead player's cards leave play, and their counters with them; write "
                    "it on another timing (`on kill:`, `in combat:`)"}
    numbers: ClassVar[dict[str, str]] = {"count": "counters"}
    observe: ClassVar[str] = "counters"
    text: ClassVar[dict[str, str]] = {
        "en": "put {{ e.count }} {{ t.forms(e.count, 'counter', 'counters') }} on this card"
              "{{ w.amount_post(e, t) }}",
        "ru": "положи {{ e.count }} {{ t.forms(e.count, 'жетон', 'жетона', 'жетонов') }} "
              "на эту карту{{ w.amount_post(e, t) }}",
        "pl": "połóż {{ e.count }} {{ t.forms(e.count, 'znacznik', 'znaczniki', 'znaczników') }} "
              "na tej karcie{{ w.amount_post(e, t) }}",
    }
    count: int = 1
    per: str | None = None
    counted: CountPart | None = None
    amounts: tuple[AmountPart, ...] = ()


@dataclass(frozen=True, slots=True)
class AddMarker(EffectPart):
    """`put a marker on victim`: markers on a player, which any card's line may read."""

    kind: ClassVar[str] = "add_marker"
    rule: ClassVar[str] = "add_marker"
    syntax: ClassVar[str] = ('"put" ("a"|"an"|INT) ("marker"|"markers") "on" target per? '
                             'amount_post*')
    summary: ClassVar[str] = ("puts markers on a player; they stay for the game (`for each "
                              "marker on you`, `if victim has 2 markers` read them), or, "
                              "after a duration (`until end of combat, put a marker on "
                              "fighter`), until it ends: a choice kept for one fight")
    example: ClassVar[str] = "put a marker on victim"
    undone: ClassVar[bool] = True
    monster_example: ClassVar[str | None] = "put a marker on fighter"
    means: ClassVar[str] = "marker token mark brand tally player"
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        "on_death": "a dead player's markers go with the character; write it on another timing"}
    numbers: ClassVar[dict[str, str]] = {"count": "counters"}
    observe: ClassVar[str] = "markers"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'get', 'gets') }} {{ e.count }} "
              "{{ t.forms(e.count, 'marker', 'markers') }}"
              "{{ w.amount_post(e, t) }}",
        "ru": "{{ w.verb(e, a, t, 'получаешь', 'получает', 'получить') }} {{ e.count }} "
              "{{ t.forms(e.count, 'метку', 'метки', 'меток') }}"
              "{{ w.amount_post(e, t) }}",
        "pl": "{{ w.verb(e, a, t, 'dostajesz', 'dostaje', 'dostać') }} {{ e.count }} "
              "{{ t.forms(e.count, 'znacznik', 'znaczniki', 'znaczników') }}"
              "{{ w.amount_post(e, t) }}",
    }
    count: int = 1
    target: Target | None = None
    per: str | None = None
    counted: CountPart | None = None
    amounts: tuple[AmountPart, ...] = ()


@dataclass(frozen=True, slots=True)
class HasMarkers(ConditionPart):
    """`if victim has 2 markers`: the player carries at least that many markers."""

    rule: ClassVar[str] = "cp_has_markers"
    predicate: ClassVar[str] = "has_markers"
    syntax: ClassVar[str] = '("have"|"has") ("a"|"an"|INT) ("marker"|"markers")'
    summary: ClassVar[str] = "the player has at least that many markers (`put a marker on ...`)"
    example: ClassVar[str] = "if victim has 2 markers: lose 1 level"
    means: ClassVar[str] = "marker markers marked token"
    # a choice remembered for later lines (a monster's Bad Stuff) is a marker kept for the
    # fight: the choice puts it, the later line tests it
    misphrasings: ClassVar[dict[str, str]] = {
        r"\bif (?:you|the fighter|fighter|victim|the victim|they|that player) "
        r"(?:chose|picked|took|selected|choose|picks) (?:the )?(?:first|second|third|\+|option|"
        r"harsher|other|[a-z]+ option)":
            "when this combat starts, until end of combat, choose one: +5, or put a marker on "
            "fighter` (a choice kept for the fight is a marker) and read `if victim has a "
            "marker",
    }
    text: ClassVar[dict[str, str]] = {
        "en": "{{ have(c, you) }} at least {{ c.count }} "
              "{{ t.forms(c.count, 'marker', 'markers') }}",
        "ru": "{{ have(c, you) }} не меньше {{ c.count }} "
              "{{ t.forms(c.count, 'метки', 'меток', 'меток') }}",
        "pl": "{{ have(c, you) }} co najmniej {{ c.count }} "
              "{{ t.forms(c.count, 'znacznik', 'znaczniki', 'znaczników') }}",
    }
