"""The counts of an amount that read a fight (`for each monster in this combat`, `for each
level the monster has over you`, `for each point you won by` / `lost by`, `for each point of a
die`):
one class each, as in counts.py (language/count_part.py says what a count declares).  Each
is always 0 at a moment with no fight (``in_fight``) or means something only at its moment
(the margin: once the fight is won).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.count_part import ANY_TRAIT, EACH_EN, CountPart


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


@dataclass(frozen=True, slots=True)
class PlayedInto(CountPart):
    """`for each card played into this combat`: the cards played from the hand into the
    fight so far (one-shots and the like that go with it, by anyone, for either side), read
    as they come: a monster's answer to the cards played into its fight (`+2 for each card
    played into this combat`)."""

    count: ClassVar[str] = 'played_into'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_played_into', '_cards "played" "into" "this" "combat"', 'you'),
    )
    meaning: ClassVar[str] = (
        'cards played into this combat so far (one-shots and the like that go with the '
        'fight), by anyone, for either side')
    summary: ClassVar[str] = (
        'the cards played from the hand into this fight so far (one-shots and the like that go '
        'with it), by anyone, for either side')
    example: ClassVar[str] = '+2 for each card played into this combat'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each card played into this combat`', summary, example),)
    in_fight: ClassVar[bool] = True
    grows_in_fight: ClassVar[bool] = True
    test_refuse: ClassVar[tuple[str, str] | None] = (
        ("the cards played into a combat are counted as they come only by a bonus of the "
         "fight, so a test of them reads 0 here"),
        "count them with a bonus: `+2 for each card played into this combat`")
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждую карту" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, "карту", '
            '"карты", "карт") }}, сыгранную в этот бой'),
        "pl": (
            '{{ " za każdą kartę" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, "kartę", '
            '"karty", "kart") }} zagraną do tej walki'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": '{{ t.forms(n, "card", "cards") }} played into this combat',
        "ru": 'карт, сыгранных в этот бой',
        "pl": 'kart zagranych do tej walki',
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
