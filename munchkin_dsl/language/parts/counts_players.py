"""The count of the players at the table (`+1 for each player`, `draw 1 treasure for every 2
players`): every living player, the card's own included, as `each player` names them.
`for each other player` (parts/counts.py) leaves the card's player out.  The engine reads
it in munchkin_dsl/engine/counts.py, bound by ``@reads``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.count_part import ANY_TRAIT, EACH_EN, CountPart
from munchkin_dsl.language.parts.counts import EN_KIND, kind_names
from munchkin_dsl.language.parts.holdings import FILTER


@dataclass(frozen=True, slots=True)
class Players(CountPart):
    """`for each player`: the living players, you included."""

    count: ClassVar[str] = 'players'
    seats_left_out: ClassVar[int | None] = 0
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
    seats_left_out: ClassVar[int | None] = 0
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


#: A count of players who hold a card (`with a Steed in play`, `who has a Sidekick`, `who
#: carries a Big item`): the card filter's name per language (CardsInPlay's tables)
_HOLD_EN = (EN_KIND + '{%- set name = (t.term("big", "Big") ~ " item") if e.for_each_tag == '
            '"big" else (k[0] if k else nm(e.for_each_tag, t)) -%}')
_WITH = {
    "en": (_HOLD_EN + '{{ "other " if e.for_each_other }}{{ t.forms(n, "player", "players") }} '
           'with {{ "an " if name[:1] in "AEIOUaeiou" else "a " }}{{ name }} in play'),
    "ru": (kind_names("ru") + '{{ "большая шмотка" if e.for_each_tag == "big" else ('
           '"карта «" ~ name ~ "»" if name else "карта") }}'),
    "pl": (kind_names("pl") + '{{ "dużym przedmiotem" if e.for_each_tag == "big" else ('
           '"kartą «" ~ name ~ "»" if name else "kartą") }} w grze'),
}
#: what a player who holds may be written with after `player(s)`: `with a Steed [in play]`,
#: `who has a Sidekick [in play]`, `who carries a Big item`
_HOLDS = ('("with" ("a" | "an")? ' + FILTER + ' ("in" "play")? | "who" ("has" | "have") ("a" | '
          '"an") ' + FILTER + ' ("in" "play")? | "who" ("carries" | "carry") ("a" | "an") '
          + FILTER + ')')


@dataclass(frozen=True, slots=True)
class PlayersWith(CountPart):
    """`for each player with a Steed`: the living players with a card of a kind or tag in
    play, as `if you have a Steed in play` reads it (curses on them included)."""

    count: ClassVar[str] = 'players_with'
    seats_left_out: ClassVar[int | None] = 0
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_players_with', 'OTHER? ("player" | "players") ' + _HOLDS, 'you'),
    )
    meaning: ClassVar[str] = (
        "the living players (with for_each_other: but the card's owner) with at least one "
        "card of the filter for_each_tag in play, curses on them included")
    summary: ClassVar[str] = (
        'the living players with a card of that kind or tag in play, as `if you have a '
        "Steed in play` reads it (curses on them included); `other`: not the card's owner")
    example: ClassVar[str] = '+1 for each other player with a curse in play'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each [other] player with a KIND-or-TAG [in play]` / `who has a ...` / `who '
         'carries a ...`', summary, example),)
    tag_names: ClassVar[str | tuple[str, ...] | None] = "filter"
    reads_other: ClassVar[bool] = True  # `other`: not the card's owner
    other_leaves: ClassVar[str] = "player"
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": ('{{ (" за каждого " ~ ("другого " if e.for_each_other) ~ "игрока, у которого") if '
               'n == 1 else (" за каждых " ~ n ~ " " ~ ("других " if e.for_each_other) ~ '
               '"игроков, у которых") }} в игре есть ' + _WITH["ru"]),
        "pl": ('{{ (" za każdego " ~ ("innego " if e.for_each_other) ~ "gracza") if n == 1 else '
               '(" za każdych " ~ n ~ " " ~ ("innych " if e.for_each_other) ~ "graczy") }} z '
               + _WITH["pl"]),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": _WITH["en"],
        "ru": ('{{ "других " if e.for_each_other }}игроков, у которых в игре есть '
               + _WITH["ru"] + ','),  # the relative clause closed before `не меньше 2`
        "pl": '{{ "innych " if e.for_each_other }}graczy z ' + _WITH["pl"],
    }


#: the comparison words of a count of players by level, per record word: en, ru, pl
_COMPARED = {"players_above": ("higher", "выше", "wyższym"),
             "players_below": ("lower", "ниже", "niższym")}


def _by_level(count: str) -> dict[str, dict[str, str]]:
    """The `for each` phrase and the noun of a count of players by level in en, ru, pl."""
    en, ru, pl = _COMPARED[count]
    than = {"en": '{{ "yours" if e.for_each_whose == "you" else "the fighter\'s" }}',
            "ru": '{{ "твоего" if e.for_each_whose == "you" else "уровня бойца" }}',
            "pl": '{{ "twój" if e.for_each_whose == "you" else "poziom walczącego" }}'}
    noun = {"en": ('{{ t.forms(n, "player", "players") }} whose level is ' + en + ' than '
                   + than["en"]),
            "ru": 'игроков с уровнем ' + ru + ' ' + than["ru"],
            "pl": 'graczy o poziomie ' + pl + ' niż ' + than["pl"]}
    text = {"en": EACH_EN,
            "ru": ('{{ " за каждого игрока" if n == 1 else " за каждых " ~ n ~ " игроков" }} '
                   'с уровнем ' + ru + ' ' + than["ru"]),
            "pl": ('{{ " za każdego gracza" if n == 1 else " za każdych " ~ n ~ " graczy" }} '
                   'o poziomie ' + pl + ' niż ' + than["pl"])}
    return {"text": text, "noun": noun}


def _level_ways(alias: str, word: str) -> tuple[tuple[str, str, str], ...]:
    """The ways of a count of players by level (`whose level is higher than yours`, `of
    higher level than the fighter`, `with a higher level`), whose level they beat: yours
    or the fighter's."""
    players = '("player" | "players")'
    than_you = '"than" ("yours" | "you" | "your" "level" | "mine")'
    than_fighter = '"than" ("the"? "fighter\'s" | "the"? "fighter" | "that" "of" "the"? "fighter")'
    said = (f'({players} ("whose" ("level" "is" | "levels" "are") | "of" | "with" "a") '
            f'"{word}" "level"?)')
    return ((alias, f'{said} {than_you}', 'you'),
            (alias, f'{players} "with" "a" "{word}" "level"', 'you'),
            # its own alias: an alias is built with one whose (count_builders)
            (f'{alias}_fighter', f'{said} {than_fighter}', 'fighter'))


@dataclass(frozen=True, slots=True)
class PlayersAbove(CountPart):
    """`for each player whose level is higher than yours` (`... than the fighter's`): the
    living players of a higher level than the card's owner (the fighter's)."""

    count: ClassVar[str] = 'players_above'
    seats_left_out: ClassVar[int | None] = 1  # never the player compared with
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = _level_ways('n_players_above', 'higher')
    meaning: ClassVar[str] = (
        "the living players whose level is higher than for_each_whose's (you: the card's "
        "owner; fighter: the main fighter's)")
    summary: ClassVar[str] = (
        "the living players of a higher level than the card's owner (`than the fighter's`: "
        "the fighter's), as `if you are the highest level player` compares them")
    example: ClassVar[str] = '+1 for each player whose level is higher than the fighter\'s'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each player whose level is higher than yours` / `than the fighter\'s` / `of '
         'higher level than you` / `with a higher level`', summary, example),)
    text: ClassVar[dict[str, str]] = _by_level('players_above')["text"]
    noun: ClassVar[dict[str, str]] = _by_level('players_above')["noun"]


@dataclass(frozen=True, slots=True)
class PlayersBelow(CountPart):
    """`for each player with a lower level` (`whose level is lower than the fighter's`):
    the living players of a lower level than the card's owner (the fighter's)."""

    count: ClassVar[str] = 'players_below'
    seats_left_out: ClassVar[int | None] = 1  # never the player compared with
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = _level_ways('n_players_below', 'lower')
    meaning: ClassVar[str] = (
        "the living players whose level is lower than for_each_whose's (you: the card's "
        "owner; fighter: the main fighter's)")
    summary: ClassVar[str] = (
        "the living players of a lower level than the card's owner (`than the fighter's`: "
        "the fighter's)")
    example: ClassVar[str] = '+1 for each player with a lower level'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each player whose level is lower than yours` / `than the fighter\'s` / `of '
         'lower level than you` / `with a lower level`', summary, example),)
    text: ClassVar[dict[str, str]] = _by_level('players_below')["text"]
    noun: ClassVar[dict[str, str]] = _by_level('players_below')["noun"]
