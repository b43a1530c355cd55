"""The counts of an amount that read a fight (`for each monster in this combat`, `for each
level the monster has over you`, `for each point you won by` / `lost by`, `for each point of a
die`):
one class each, as in counts.py (language/count_part.py says what a count declares).  Each
is always 0 at a moment with no fight (``in_fight``) or means something only at its moment
(the margin: once the fight is won).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.count_part import ANY_TRAIT, EACH_EN, CountPart
from munchkin_dsl.language.parts.holdings import FILTER_WORDS


@dataclass(frozen=True, slots=True)
class Monsters(CountPart):
    """`for each [other] [TAG] monster in this combat`: the monsters of this combat."""

    count: ClassVar[str] = 'monsters'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_monsters', 'OTHER? ref? _monsters "in" "this" "combat"', 'you'),
    )
    meaning: ClassVar[str] = 'monsters in this combat (with for_each_tag only those of the tag)'
    summary: ClassVar[str] = (
        "the monsters of this combat (`other`: not this card's monster; a tag: only those)")
    example: ClassVar[str] = '+2 for each other Undead monster in this combat'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each [other] [TAG] monster in this combat`', summary, example),)
    tag_names: ClassVar[str | tuple[str, ...] | None] = ANY_TRAIT
    reads_other: ClassVar[bool] = True
    in_fight: ClassVar[bool] = True
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждого " ~ ("другого " if e.for_each_other) ~ "монстра" if n == 1 else " '
            'за каждых " ~ n ~ " " ~ ("других " if e.for_each_other) ~ "монстров" }}{{ tag }} в '
            'этом бою'),
        "pl": (
            '{{ " za każdego " ~ ("innego " if e.for_each_other) ~ agree("potwora", '
            '"sing,masc,anim,accs") if n == 1 else " za każde " ~ n ~ " " ~ ("inne " if '
            'e.for_each_other) ~ agree(t.forms(n, "potwora", "potwory", "potworów"), t.forms(n, '
            '"sing,masc,anim,accs", "plur,accs", "plur,gent")) }} w tej walce'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": (
            '{{ "other " if e.for_each_other }}{{ tag }}{{ t.forms(n, "monster", "monsters") }} '
            'in this combat'),
        "ru": '{{ "других " if e.for_each_other }}монстров{{ tag }} в этом бою',
        "pl": '{{ "innych " if e.for_each_other }}potworów{{ tag }} w tej walce',
    }


@dataclass(frozen=True, slots=True)
class FighterLevel(CountPart):
    """`for each level of the fighter`: the main fighter's level."""

    count: ClassVar[str] = 'fighter_level'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_fighter_level', '"level" "of" "the"? "fighter"', 'fighter'),
        ('n_fighter_level', '_levels "the"? "fighter" "has"', 'fighter'),
    )
    meaning: ClassVar[str] = "the main fighter's level"
    summary: ClassVar[str] = "the main fighter's level"
    example: ClassVar[str] = '+1 for each level of the fighter'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each level of the fighter` / `for each level the fighter has`', summary, example),)
    in_fight: ClassVar[bool] = True
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждый уровень" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, '
            '"уровень", "уровня", "уровней") }} бойца'),
        "pl": (
            '{{ " za każdy poziom" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, "poziom", '
            '"poziomy", "poziomów") }} walczącego'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": '{{ t.forms(n, "level", "levels") }} of the fighter',
        "ru": 'уровней бойца',
        "pl": 'poziomów walczącego',
    }


@dataclass(frozen=True, slots=True)
class LevelOver(CountPart):
    """`for each level the monster has over you`: a difference of levels in the fight."""

    count: ClassVar[str] = 'level_over'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_monster_over_you', '_levels "the"? "monster" "has" ("over" | "above") "you"',
         'monster'),
        ('n_you_over_monster', '_levels "you" "have" ("over" | "above") "the"? "monster"', 'you'),
    )
    meaning: ClassVar[str] = (
        'a difference of levels in this combat, 0 when it is not positive: for_each_whose '
        "'monster': the monster's level minus yours; 'you': yours minus the monster's (the "
        'monster the card is played on, else the first)')
    summary: ClassVar[str] = (
        'the difference of levels with the monster the card is played on (else the first of the '
        'fight), 0 when it is not higher')
    example: ClassVar[str] = 'in combat: -1 for each level the monster has over you to monster'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each level the monster has over you` / `... you have over the monster`',
         summary, example),)
    in_fight: ClassVar[bool] = True
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждый уровень, на который" if n == 1 else " за каждые " ~ n ~ " " ~ '
            't.forms(n, "уровень", "уровня", "уровней") ~ ", на которые" }} {{ "монстр выше '
            'тебя" if e.for_each_whose == "monster" else "ты выше монстра" }}'),
        "pl": (
            '{{ " za każdy poziom, o który" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, '
            '"poziom", "poziomy", "poziomów") ~ ", o które" }} {{ "potwór cię przewyższa" if '
            'e.for_each_whose == "monster" else "przewyższasz potwora" }}'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": (
            '{{ t.forms(n, "level", "levels") }} {{ "the monster has over you" if '
            'e.for_each_whose == "monster" else "you have over the monster" }}'),
        "ru": (
            'уровней, на которые {{ "монстр выше тебя" if e.for_each_whose == "monster" else "ты '
            'выше монстра" }}'),
        "pl": (
            'poziomów, o które {{ "potwór cię przewyższa" if e.for_each_whose == "monster" else '
            '"przewyższasz potwora" }}'),
    }


@dataclass(frozen=True, slots=True)
class Discarded(CountPart):
    """`for each card discarded into this combat`: cards others discard into the fight."""

    count: ClassVar[str] = 'discarded'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_discarded', '_cards "discarded" "into" "this" "combat"', 'you'),
    )
    meaning: ClassVar[str] = (
        'cards discarded into this combat by players not in it (one card each; a player may do '
        'so only while a card of the fight counts them)')
    summary: ClassVar[str] = (
        'the cards players outside the fight discarded into it (one card each; the scenario play '
        '`B discards CARD into the combat`)')
    example: ClassVar[str] = '+1 for each card discarded into this combat'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each card discarded into this combat`', summary, example),)
    in_fight: ClassVar[bool] = True
    grows_in_fight: ClassVar[bool] = True
    test_refuse: ClassVar[tuple[str, str] | None] = (
        ("cards are discarded into a combat only while a bonus of the fight counts "
         "them, so the count is 0 here"),
        "count them with a bonus: `+1 for each card discarded into this combat`")
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждую карту" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, "карту", '
            '"карты", "карт") }}, которую другие игроки сбросили в этот бой (не больше одной от '
            'игрока)'),
        "pl": (
            '{{ " za każdą kartę" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, "kartę", '
            '"karty", "kart") }} odrzuconą do tej walki przez innych graczy (najwyżej jedną od '
            'gracza)'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": (
            '{{ t.forms(n, "card", "cards") }} other players discard into this combat (one each)'),
        "ru": 'карт, сброшенных в этот бой другими игроками',
        "pl": 'kart odrzuconych do tej walki przez innych graczy',
    }


#: The cards played into a fight, as a count names them: `card played into this combat`,
#: or a kind (`one-shot`, `curse`) or tag of the card filters
_PLAYED = '(_cards | WORD | card_title) "played" "into" "this" "combat"'
#: who played them, as the count's ``whose`` (record ``for_each_whose``): (alias suffix,
#: the words after `by`, whose); none: anyone
_PLAYED_BY: tuple[tuple[str, str, str], ...] = (
    ("you", '"you"', "you"),
    ("fighter", '"the" "fighter"', "fighter"),
    ("helper", '"the" "helper"', "helper"),
    ("others", '("another" "player" | "other" "players")', "others"),
    ("not_fighter", '("a" "player" | "players" | "anyone") "other" "than" "the" "fighter"',
     "not_fighter"),
)
#: `by ...` per language and ``whose`` (anyone: nothing)
_BY: dict[str, dict[str, str]] = {
    "en": {"you": " by you", "fighter": " by the fighter", "helper": " by the helper",
           "others": " by other players", "not_fighter": " by players other than the fighter"},
    "ru": {"you": " тобой", "fighter": " бойцом", "helper": " помощником",
           "others": " другими игроками", "not_fighter": " не бойцом"},
    "pl": {"you": " przez ciebie", "fighter": " przez walczącego",
           "helper": " przez pomocnika", "others": " przez innych graczy",
           "not_fighter": " przez kogoś innego niż walczący"},
}
#: the kinds a count of cards played names beyond the card filters: en (one, many); ru,
#: pl: the kind's name quoted after «карту»/«kartę», as the counts of cards in play do
_PLAYED_KINDS: dict[str, dict[str, tuple[str, ...]]] = {
    "one-shot": {"en": ("one-shot", "one-shots"), "ru_name": ("Разовая шмотка",),
                 "pl_name": ("Przedmiot jednorazowy",)},
}


def _by(lang: str) -> str:
    """The template's `by ...` after the count, from ``_BY``."""
    return ('{{ ' + json.dumps(_BY[lang], ensure_ascii=False)
            + '.get(e.for_each_whose, "") }}')


def _played_noun(n: str) -> str:
    """The English noun of the cards counted (`one-shots`, `curses`, `cards`): a kind of
    ``_PLAYED_KINDS`` or the card filters, else the tag's name, agreeing with ``n``."""
    kinds = {k: v["en"] for k, v in {**FILTER_WORDS, **_PLAYED_KINDS}.items()}
    return ('{% set w = ' + json.dumps(kinds) + '.get(e.for_each_tag or "card") %}'
            '{{ w[0 if ' + n + ' == 1 else 1] if w else nm(e.for_each_tag, t) if ' + n
            + ' == 1 else nm(e.for_each_tag, t)|en_plural }}')


def _played_name(lang: str) -> str:
    """Russian's and Polish's name of the kind or tag counted, quoted after «карту» /
    «kartę» (nothing for any card), as ``name``."""
    names = {k: v[f"{lang}_name"][0] for k, v in {**FILTER_WORDS, **_PLAYED_KINDS}.items()
             if f"{lang}_name" in v}
    return ('{% set k = ' + json.dumps(names, ensure_ascii=False) + ' %}{% set name = '
            '(k[e.for_each_tag] if e.for_each_tag in k else nm(e.for_each_tag, t)) if '
            'e.for_each_tag else "" %}{% set name = name[1:-1] if name[:1] in "«„“" else name '
            '%}{% set name = (" «" ~ name ~ "»") if name else "" %}')


@dataclass(frozen=True, slots=True)
class PlayedInto(CountPart):
    """`for each [KIND-or-TAG] card played into this combat [by WHO]`: the cards played
    from the hand into the fight so far (one-shots, curses and door cards played in it for
    either side, monster enhancers, monsters brought in from a hand: every card a player
    would count as played into it), of a kind or tag, by anyone or by one of its players,
    read as they come: a monster's answer to the cards played into its fight (`+2 for each
    one-shot played into this combat by a player other than the fighter`).  The engine
    keeps who played each (engine/state.Combat.cards_played)."""

    count: ClassVar[str] = 'played_into'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_played_into', _PLAYED, 'anyone'),
        *((f'n_played_into_by_{alias}', f'{_PLAYED} "by" {words}', whose)
          for alias, words, whose in _PLAYED_BY),
    )
    meaning: ClassVar[str] = (
        'cards played into this combat so far (one-shots, curses and door cards played in '
        'it for either side, monster enhancers, monsters brought in from a hand), of '
        'for_each_tag (a kind or tag; none: any), played by for_each_whose')
    summary: ClassVar[str] = (
        'the cards played from the hand into this fight so far (one-shots, curses and door '
        'cards played in it for either side, monster enhancers, a monster brought in by a '
        'Wandering Monster or a horde), of a kind or tag (`one-shot`, `curse`), by '
        'anyone or by '
        '`you`, `the fighter`, `the helper`, `another player` (on a monster: a player other than '
        'the fighter) or `a player other than the fighter`')
    example: ClassVar[str] = (
        '+2 for each one-shot played into this combat by a player other than the fighter')
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each [KIND-or-TAG] card played into this combat [by the fighter / by the helper '
         '/ by you / by another player / by a player other than the fighter]`',
         summary, example),)
    tag_names: ClassVar[str | tuple[str, ...] | None] = "filter"
    filter_kinds: ClassVar[dict[str, str]] = {"one-shot": "one-shot", "one-shots": "one-shot"}
    in_fight: ClassVar[bool] = True
    grows_in_fight: ClassVar[bool] = True
    test_refuse: ClassVar[tuple[str, str] | None] = (
        ("the cards played into a combat are counted as they come only by a bonus of the "
         "fight, so a test of them reads 0 here"),
        "count them with a bonus: `+2 for each card played into this combat`")
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": _played_name("ru") + (
            '{{ " за каждую карту" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, "карту", '
            '"карты", "карт") }}{{ name }}{{ ", сыгранную" if n == 1 else ", сыгранные" }} в '
            'этот бой') + _by("ru"),
        "pl": _played_name("pl") + (
            '{{ " za każdą kartę" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, "kartę", '
            '"karty", "kart") }}{{ name }}{{ " zagraną" if n == 1 else " zagrane" }} do tej '
            'walki') + _by("pl"),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": _played_noun("n") + ' played into this combat' + _by("en"),
        "ru": _played_name("ru") + 'карт{{ name }}, сыгранных в этот бой' + _by("ru"),
        "pl": _played_name("pl") + 'kart{{ name }} zagranych do tej walki' + _by("pl"),
    }


@dataclass(frozen=True, slots=True)
class Margin(CountPart):
    """`for each point you won by`: the margin of the fight just won."""

    count: ClassVar[str] = 'margin'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_margin', '("point" | "points") "you" "won" "by"', 'you'),
    )
    meaning: ClassVar[str] = (
        "the margin of the fight just won (the player side's strength minus the monsters')")
    summary: ClassVar[str] = (
        "the margin of the fight just won (the player side's strength minus the monsters'); only "
        '`on kill`, `after a kill`, `when another player kills a monster` (E221 elsewhere)')
    example: ClassVar[str] = 'on kill: gain 1 level for every 5 points you won by'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each point you won by`', summary, example),)
    reads_win: ClassVar[bool] = True
    only_at: ClassVar[frozenset[str]] = frozenset({"on_kill", "after_kill", "when_other_kills",
                                                     "when_any_kills"})
    only_at_refuse: ClassVar[tuple[str, str]] = (
        "the margin of a fight is known only once it is won",
        "count it on `on kill:`, `after a kill:`, `when another player kills a monster:` or a "
        "monster's `+1 treasure`")
    test_refuse: ClassVar[tuple[str, str] | None] = (
        "the margin of the fight is tested with its own condition",
        ("write `if you win by N or more` on `on kill:` or a monster's "
         "`+1 treasure`"))
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждое очко" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, "очко", '
            '"очка", "очков") }} перевеса в выигранном бою'),
        "pl": (
            '{{ " za każdy punkt" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, "punkt", '
            '"punkty", "punktów") }} przewagi w wygranej walce'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": '{{ t.forms(n, "point", "points") }} you won the fight by',
        "ru": 'очков перевеса в выигранном бою',
        "pl": 'punktów przewagi w wygranej walce',
    }


@dataclass(frozen=True, slots=True)
class LostMargin(CountPart):
    """`for each point you lost by`: the margin of the fight just lost, the Bad Stuff's
    counterpart of `you won by` (a monster that hits harder the more it beat you)."""

    count: ClassVar[str] = 'lost_margin'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_lost_margin', '("point" | "points") "you" "lost" "by"', 'you'),
    )
    meaning: ClassVar[str] = (
        "the margin of the fight just lost (the monsters' strength minus the player side's, "
        "as the players ran away)")
    summary: ClassVar[str] = (
        "the margin of the fight just lost (the monsters' strength minus the player side's, "
        'as the players ran); only on `bad stuff` and `when caught` (E221 elsewhere)')
    example: ClassVar[str] = 'bad stuff: lose 1 level for every 5 points you lost by at least 1'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each point you lost by`', summary, example),)
    only_at: ClassVar[frozenset[str]] = frozenset({"bad_stuff", "bad_stuff_always",
                                                   "when_caught"})
    only_at_refuse: ClassVar[tuple[str, str]] = (
        "the margin of a fight is known only once it is lost",
        "count it on a monster's `bad stuff:` or a `when caught` line")
    test_refuse: ClassVar[tuple[str, str] | None] = (
        "the margin of a lost fight is read only as an amount",
        "write the count on the Bad Stuff: `lose 1 level for every 5 points you lost by`")
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждое очко" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, "очко", '
            '"очка", "очков") }}{{ ", на которое" if n == 1 else ", на которые" }} монстр тебя '
            'победил'),
        "pl": (
            '{{ " za każdy punkt" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, "punkt", '
            '"punkty", "punktów") }}{{ ", o który" if n == 1 else ", o które" }} potwór cię '
            'pokonał'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": '{{ t.forms(n, "point", "points") }} you lost the fight by',
        "ru": 'очков, на которые монстр тебя победил',
        "pl": 'punktów, o które potwór cię pokonał',
    }


@dataclass(frozen=True, slots=True)
class Dice(CountPart):
    """`for each point of a die`: dice rolled when the line fires."""

    count: ClassVar[str] = 'dice'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_dice', '("point" | "points") "of" ("a" "die" | INT "dice")', 'you'),
    )
    meaning: ClassVar[str] = 'the total of for_each_dice dice rolled when the effect applies'
    summary: ClassVar[str] = (
        'dice rolled when the line fires (never on a line read while its card is in play: E226)')
    example: ClassVar[str] = 'in combat: +1 for each point of a die to you'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each point of a die` / `of N dice`', summary, example),)
    reads_dice: ClassVar[bool] = True
    test_refuse: ClassVar[tuple[str, str] | None] = (
        "a die rolled only to test a condition is a roll",
        "write `roll N+:` before the ':'")
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждое очко, выпавшее" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, '
            '"очко", "очка", "очков") ~ ", выпавших" }} {{ "на кубике" if e.for_each_dice == 1 '
            'else "на " ~ e.for_each_dice ~ " кубиках" }}'),
        "pl": (
            '{{ " za każde oczko" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, "oczko", '
            '"oczka", "oczek") }} wyrzucone {{ "kością" if e.for_each_dice == 1 else '
            'e.for_each_dice ~ " " ~ t.forms(e.for_each_dice, "kością", "kośćmi", "kośćmi") }}'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": (
            '{{ t.forms(n, "point", "points") }} rolled on {{ "a die" if e.for_each_dice == 1 '
            'else e.for_each_dice ~ " dice" }}'),
        "ru": 'очков на кубиках',
        "pl": 'oczek wyrzuconych kośćmi',
    }
