"""Skipping a phase of a turn other than kicking open the door: `victim skips their next
look for trouble`, `skip your next loot the room`, `skip your next charity`.

The engine's turn has these phases (engine/turn.py, engine/bots.py): kick open the door,
then, with no monster met, look for trouble (a monster from the hand) or loot the room,
then charity.  A skip is a marker on the player until the phase comes: `look for trouble`
is banned for the whole of the player's next turn (the marker turns into a ban as the turn
begins and goes with it), `loot the room` is passed over the next time the player would
loot, `charity` the next time the player's turn reaches charity (the player keeps every
card in hand, over the hand limit too, until their next charity).  A skipped turn and a
skipped kick are in lasting.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart
from munchkin_dsl.language.nodes import Target

_DEAD = {"on_death": "the dead player's next turn is their new character's; write it on "
                     "another timing (`bad stuff:`, `on play`)"}


#: the possessive an author may write before a phase (`skip your charity`)
_OWN = "(?:your |their |the )?"


@dataclass(frozen=True, slots=True)
class PhaseSkip(EffectPart):
    """A skip of the target's next turn or phase: a marker on the player that the phase
    spends (no rule: the base of the skips here and in lasting.py)."""

    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = _DEAD
    observe: ClassVar[str] = "markers"
    #: a phase skipped `this turn` or with no `next` (on the player's own turn the next is
    #: this turn's), the door deck's own name (Airlock)
    misphrasings: ClassVar[dict[str, str]] = {
        rf"\bskips? {_OWN}{form}(?: phase)?(?: this turn)?\b": f"skip your next {phase}"
        for form, phase in (("(?:kick )?open(?:ing)? the (?:door|airlock)", "kick open the door"),
                            ("look(?:ing)? for trouble", "look for trouble"),
                            ("loot(?:ing)? the room", "loot the room"),
                            ("charity", "charity"),
                            ("next (?:kick )?open the airlock", "kick open the door"))}
    target: Target | None = None


@dataclass(frozen=True, slots=True)
class SkipTrouble(PhaseSkip):
    """`victim skips their next look for trouble`: in that player's next turn no monster
    is played from the hand to fight it (looting the room is still open)."""

    kind: ClassVar[str] = "skip_trouble"
    rule: ClassVar[str] = "skip_trouble"
    syntax: ClassVar[str] = ('target? ("skip"|"skips") ("your"|"their"|"the")? "next" "look" '
                             '"for" "trouble" "phase"?')
    summary: ClassVar[str] = ("the target may not look for trouble in their next turn (a "
                              "marker until that turn, a ban during it)")
    example: ClassVar[str] = "victim skips their next look for trouble"
    monster_example: ClassVar[str | None] = "fighter skips their next look for trouble"
    means: ClassVar[str] = "skip miss phase look for trouble no monster from hand"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'skip', 'skips') }} {{ w.poss(e, a, t) }} next "
              "{{ t.term('phase_trouble', 'Look for Trouble') }}",
        "ru": "{{ w.verb(e, a, t, 'пропускаешь', 'пропускает', 'пропустить') }} "
              "следующую фазу «{{ t.term('phase_trouble', 'Ищем неприятности') }}»",
        "pl": "{{ w.verb(e, a, t, 'pomijasz', 'pomija', 'pominąć') }} następną "
              "fazę «{{ t.term('phase_trouble', 'Szukaj Guza') }}»",
    }


@dataclass(frozen=True, slots=True)
class SkipLoot(PhaseSkip):
    """`skip your next loot the room`: the next time the player would loot the room, no
    card is drawn (the turn goes on to charity)."""

    kind: ClassVar[str] = "skip_loot"
    rule: ClassVar[str] = "skip_loot"
    syntax: ClassVar[str] = ('target? ("skip"|"skips") ("your"|"their"|"the")? "next" "loot" '
                             '"the"? "room" "phase"?')
    summary: ClassVar[str] = ("the target's next loot the room draws nothing (a marker on the "
                              "player until then)")
    example: ClassVar[str] = "victim skips their next loot the room"
    monster_example: ClassVar[str | None] = "fighter skips their next loot the room"
    means: ClassVar[str] = "skip miss phase loot room no draw"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'skip', 'skips') }} {{ w.poss(e, a, t) }} next "
              "{{ t.term('phase_loot', 'Loot the Room') }}",
        "ru": "{{ w.verb(e, a, t, 'пропускаешь', 'пропускает', 'пропустить') }} "
              "следующую фазу «{{ t.term('phase_loot', 'Чистим нычки') }}»",
        "pl": "{{ w.verb(e, a, t, 'pomijasz', 'pomija', 'pominąć') }} następną "
              "fazę «{{ t.term('phase_loot', 'Przeszukaj Pokój') }}»",
    }


@dataclass(frozen=True, slots=True)
class SkipCharity(PhaseSkip):
    """`skip your next charity`: the next time the player's turn reaches charity, they
    keep every card in hand, over the hand limit too (seed 000 «TURN PHASES» (4))."""

    kind: ClassVar[str] = "skip_charity"
    rule: ClassVar[str] = "skip_charity"
    syntax: ClassVar[str] = ('target? ("skip"|"skips") ("your"|"their"|"the")? "next" '
                             '"charity" "phase"?')
    summary: ClassVar[str] = ("the target's next charity gives away nothing: they keep every "
                              "card in hand, over the hand limit too (a marker on the player "
                              "until then)")
    example: ClassVar[str] = "skip your next charity"
    monster_example: ClassVar[str | None] = "fighter skips their next charity"
    means: ClassVar[str] = "skip miss phase charity keep cards hand limit no giving"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'skip', 'skips') }} {{ w.poss(e, a, t) }} next "
              "{{ t.term('phase_charity', 'Charity') }} (keeping every card in hand)",
        "ru": "{{ w.verb(e, a, t, 'пропускаешь', 'пропускает', 'пропустить') }} "
              "следующую фазу «{{ t.term('phase_charity', 'Благотворительность') }}» (все "
              "карты остаются на руке)",
        "pl": "{{ w.verb(e, a, t, 'pomijasz', 'pomija', 'pominąć') }} następną "
              "fazę «{{ t.term('phase_charity', 'Okaż Miłosierdzie') }}» (wszystkie karty "
              "zostają na ręce)",
    }
