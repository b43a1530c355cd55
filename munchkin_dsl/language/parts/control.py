"""Control: clauses before the ':' that shape how a line's effects run.

`twice: draw 1 door face down`, `3 times, roll 5+: gain 1 level` (the roll is made each
time), `choose one: +2 to run away, or draw 1 treasure face down` (the card's owner picks
the alternative, whoever the effects reach).  Each sets one Ability field the engine's
``run_ability`` reads; on a line that is read rather than fired (a monster's own line,
`while in play`) there is nothing to repeat, and the checker says so (E226).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import ControlPart

_REPEAT_TEXT: dict[str, str] = {
    "en": "{{ 'twice' if n == 2 else n ~ ' times' }}",
    "ru": "{{ 'дважды' if n == 2 else n ~ ' ' ~ t.forms(n, 'раз', 'раза', 'раз') }}",
    "pl": "{{ 'dwukrotnie' if n == 2 else n ~ ' ' ~ t.forms(n, 'raz', 'razy', 'razy') }}",
}


#: Effects that are a state, not an amount: once applied, applying them again adds nothing.
_ONCE = ("win_ties", "no_escape", "will_not_pursue", "horde", "ignore", "limit",
         "two_handed_bonus", "sell_double", "end_game", "die", "kill_outright",
         "defeat_without_kill", "auto_escape", "force_help", "redirect", "fail_roll",
         "set_die", "choose_die", "set_level", "add_tag", "turn_on", "lose_all_bonuses",
         "reroll", "cancel")


@dataclass(frozen=True, slots=True)
class Repeat(ControlPart):
    """`3 times`: the line's roll and effects happen that many times (costs paid once)."""

    kind: ClassVar[str] = "repeat"
    rule: ClassVar[str] = "repeat"
    syntax: ClassVar[str] = 'INT "times"'
    ability_field: ClassVar[str] = "repeat"
    summary: ClassVar[str] = ("a repeat: the line's roll and effects happen N times in a row "
                              "(its cost is paid once)")
    example: ClassVar[str] = "on kill, 3 times, roll 5+: gain 1 level"
    means: ClassVar[str] = "repeat times again several thrice loop"
    refuse: ClassVar[str] = "a line read from the table is not done, so it cannot be repeated"
    #: effect kind -> why doing it again means nothing (the checker refuses the repeat)
    refuse_effects: ClassVar[dict[str, str]] = {
        "change_sex": "changing sex again undoes the first change",
        **dict.fromkeys(_ONCE, "it holds for the whole fight or turn once it applies, so "
                        "doing it again changes nothing")}
    text: ClassVar[dict[str, str]] = _REPEAT_TEXT
    count: int = 2


@dataclass(frozen=True, slots=True)
class Twice(Repeat):
    """`twice`: `2 times` (the same field, refusals and words)."""

    rule: ClassVar[str] = "twice"
    syntax: ClassVar[str] = '"twice"'
    summary: ClassVar[str] = "a repeat: the line's roll and effects happen twice (`2 times`)"
    example: ClassVar[str] = "any time, twice: draw 1 door face down"
    means: ClassVar[str] = "twice double again two times"


@dataclass(frozen=True, slots=True)
class ChooseOne(ControlPart):
    """`choose one`: of the line's alternatives (`A, or B`) the card's owner picks one,
    even where the effects reach another player (who would pick without it).  Each
    alternative is a sentence of its own: one that names no subject is the card's
    player's (`a player of your choice loses 1 level, or draw 2 treasures face down`),
    not the alternative's before it (compiler/lower.py), as the card text prints it."""

    kind: ClassVar[str] = "choose_one"
    rule: ClassVar[str] = "choose_one"
    syntax: ClassVar[str] = '"choose" "one"'
    ability_field: ClassVar[str] = "choose_one"
    summary: ClassVar[str] = ("a choice: the card's owner picks one of the line's alternatives "
                              "(`A, or B`), whoever they reach; an alternative without "
                              "a subject is the card's player's")
    example: ClassVar[str] = "any time, choose one: gain 1 level, or draw 2 treasures face down"
    misphrasings: ClassVar[dict[str, str]] = {  # the choice goes before the line's ':'
        r"(?:(?<=[{;] )|^\s*)(?P<n>[a-z][a-z ,]*?):\s*choose one:": "{n}, choose one: A, or B",
    }
    means: ClassVar[str] = "choose one pick option either mode select"
    refuse: ClassVar[str] = "a line read from the table is not done, so nothing is chosen"
    refuse_effects: ClassVar[dict[str, str]] = {}
    text: ClassVar[dict[str, str]] = {
        "en": "choose one",
        "ru": "выбери одно",
        "pl": "wybierz jedno",
    }
    count: int = 1
