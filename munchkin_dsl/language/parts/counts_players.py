"""The count of the players at the table (`+1 for each player`, `draw 1 treasure for every 2
players`): every living player, the card's own included, as `each player` names them.
`for each other player` (parts/counts.py) leaves the card's player out.  The engine reads
it in munchkin_dsl/engine/counts.py, bound by ``@reads``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.count_part import ANY_TRAIT, EACH_EN, CountPart


@dataclass(frozen=True, slots=True)
class Players(CountPart):
    """`for each player`: the living players, you included."""

    count: ClassVar[str] = 'players'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_players', '("player" | "players")', 'you'),
    )
    meaning: ClassVar[str] = "the living players, the card's owner included"
    summary: ClassVar[str] = "the living players, you included (`for each other player`: not you)"
    example: ClassVar[str] = '+1 for each player'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each player`', summary, example),)
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": '{{ " за каждого игрока" if n == 1 else " за каждых " ~ n ~ " игроков" }}',
        "pl": '{{ " za każdego gracza" if n == 1 else " za każdych " ~ n ~ " graczy" }}',
    }
    noun: ClassVar[dict[str, str]] = {
        "en": '{{ t.forms(n, "player", "players") }}',
        "ru": 'игроков',
        "pl": 'graczy',
    }


#: the players a count of players who are something reads: the other players (`other`) or
#: every living player; English's relative clause agrees with the number
_WHO_EN = ('{%- set name = nm(e.for_each_tag, t) -%}'
           '{{ "other " if e.for_each_other }}{{ t.forms(n, "player", "players") }} who '
           '{{ ("is " ~ ("an " if name[:1] in "AEIOU" else "a ") ~ name) if n == 1 else '
           '("are " ~ name|en_plural) }}')


@dataclass(frozen=True, slots=True)
class PlayersWhoAre(CountPart):
    """`for each other player who is an Orc`: the living players of a race, class, sex or
    tag, as `if you are an Orc` reads them (a `counts as Orc` card makes its player one)."""

    count: ClassVar[str] = 'players_who_are'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_players_who_are', 'OTHER? ("player" | "players") "who" ("is" | "are") ("a" | "an")? '
         'ref', 'you'),
    )
    meaning: ClassVar[str] = (
        "the living players (with for_each_other: but the card's owner) who are "
        "for_each_tag: a race, class, sex or tag, `counts as` cards included")
    summary: ClassVar[str] = (
        'the living players who are that race, class, sex or tag, as `if you are ...` reads it '
        "(a `counts as Orc` card makes its player an Orc); `other`: not the card's owner")
    example: ClassVar[str] = '+1 for each other player who is an Elf'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each [other] player who is [a/an] RACE-CLASS-SEX-or-TAG`', summary, example),)
    tag_names: ClassVar[str | tuple[str, ...] | None] = ANY_TRAIT
    reads_other: ClassVar[bool] = True  # `other`: not the card's owner
    other_leaves: ClassVar[str] = "player"
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ (" за каждого " ~ ("другого " if e.for_each_other) ~ "игрока") if n == 1 else '
            '(" за каждых " ~ n ~ " " ~ ("других " if e.for_each_other) ~ "игроков") }} со '
            'свойством «{{ nm(e.for_each_tag, t) }}»'),
        "pl": (
            '{{ (" za każdego " ~ ("innego " if e.for_each_other) ~ "gracza") if n == 1 else '
            '(" za każdych " ~ n ~ " " ~ ("innych " if e.for_each_other) ~ "graczy") }} z cechą '
            '«{{ nm(e.for_each_tag, t) }}»'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": _WHO_EN,
        "ru": ('{{ "других " if e.for_each_other }}игроков со свойством «{{ nm(e.for_each_tag, '
               't) }}»'),
        "pl": '{{ "innych " if e.for_each_other }}graczy z cechą «{{ nm(e.for_each_tag, t) }}»',
    }
