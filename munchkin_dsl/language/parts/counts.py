"""The counts of an amount that read the table (`for each item you have in play`, `for each
open seal`), one class each (language/count_part.py says what a count declares; the
counts of a fight are in counts_fight.py).  The engine reads each in
munchkin_dsl/engine/counts.py, bound to the class by ``@reads``.

To add a count: a class here (its ways of being written, record word, text in en, ru and
pl, docs row), its reading there, and its tests.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.count_part import EACH_EN, CountPart
from munchkin_dsl.language.parts.holdings import FILTER_WORDS

#: The words of a card filter counted (`for each curse ...`), from the card filters' one
#: table (holdings.FILTER_WORDS): English's (singular, plural) by filter, and Russian's and
#: Polish's kind name quoted after «карт»/«kart» (`name`).
EN_KIND = ('{% set k = ' + json.dumps({k: v["en"] for k, v in FILTER_WORDS.items()})
            + '.get(e.for_each_tag) %}\n')
_EN_NOUN = (
    EN_KIND + '{{ "other " if e.for_each_other }}{%- if e.for_each_tag == "big" %}{{ '
    't.term("big", "Big") }} {{ t.forms(n, "item", "items") }}{%- elif k %}{{ k[0 if n == 1 '
    'else 1] }}'
    '{% else %}{{ nm(e.for_each_tag, t) if n == 1 else nm(e.for_each_tag, t)|en_plural }}'
    '{% endif %}')
_NAME = ('{% set name = k[e.for_each_tag] if e.for_each_tag in k else nm(e.for_each_tag, t) '
         '%}{% set name = name[1:-1] if name[:1] in "«„“" else name %}')  # a title: quoted once


def kind_names(lang: str) -> str:
    """The kind names a count quotes in ``lang`` (FILTER_WORDS' ``LANG_name``), as `k`."""
    names = {k: v[f"{lang}_name"][0] for k, v in FILTER_WORDS.items() if f"{lang}_name" in v}
    return '{% set k = ' + json.dumps(names, ensure_ascii=False) + ' %}' + _NAME


_RU_KIND = kind_names("ru")
#: `other` before a feminine noun a count counts (`за каждую другую шмотку`, `за каждые 2
#: другие карты`): the count then leaves out the card the line is on
RU_OTHER = '(t.forms(n, "другую ", "другие ", "других ") if e.for_each_other) ~ '
#: the same in Polish before `kartę` (feminine) and `przedmiot` (masculine)
PL_OTHER_F = '(t.forms(n, "inną ", "inne ", "innych ") if e.for_each_other) ~ '
PL_OTHER_M = '(t.forms(n, "inny ", "inne ", "innych ") if e.for_each_other) ~ '

_PL_KIND = kind_names("pl")

#: an item count's size or slot filter (`small`, `Big`, `headgear`) before its noun, in
#: Russian (шмотка: feminine; accusative singular, nominative and genitive plural) and
#: Polish (przedmiot: masculine); other filters go through ``t.tag_phrase``
ITEM_FILTER_WORDS = {
    "ru": {"big": ("большую", "большие", "больших"), "small": ("маленькую", "маленькие",
                                                                 "маленьких"),
           "headgear": ("головную", "головные", "головных"),
           "footgear": ("ножную", "ножные", "ножных"), "armor": ("нательную", "нательные",
                                                                 "нательных")},
    "pl": {"big": ("duży", "duże", "dużych"), "small": ("mały", "małe", "małych"),
           "headgear": ("nagłowny", "nagłowne", "nagłownych"),
           "footgear": ("nożny", "nożne", "nożnych"), "armor": ("zbrojny", "zbrojne",
                                                                "zbrojnych")},
}
#: the hands an item takes (holdings.HAND_FILTERS) as English's word before `item`, which
#: reads back (`hand-held` is a spelling of `hands`)
HAND_WORDS_EN = {"hands": "hand-held", "one_hand": "one-handed", "two_hands": "two-handed"}
#: and Russian's and Polish's adjective, as ITEM_FILTER_WORDS' above
ITEM_FILTER_WORDS["ru"].update({
    "hands": ("ручную", "ручные", "ручных"),
    "one_hand": ("одноручную", "одноручные", "одноручных"),
    "two_hands": ("двуручную", "двуручные", "двуручных")})
ITEM_FILTER_WORDS["pl"].update({
    "hands": ("ręczny", "ręczne", "ręcznych"),
    "one_hand": ("jednoręczny", "jednoręczne", "jednoręcznych"),
    "two_hands": ("dwuręczny", "dwuręczne", "dwuręcznych")})


def _adj(lang: str) -> str:
    """``adj``: the size or slot word of an item count in ``lang`` (ITEM_FILTER_WORDS), by
    the form index ``i`` set before (0 singular, 1 plural, 2 genitive plural), or none."""
    return ('{% set adjs = ' + json.dumps(ITEM_FILTER_WORDS[lang], ensure_ascii=False)
            + ' %}{% set adj = adjs.get(e.for_each_tag) %}')


#: an item count's least value (`worth 500 gold or more`), per language
WORTH = {
    "en": '{{ (" worth " ~ t.money(e.for_each_worth) ~ " or more") if e.for_each_worth }}',
    "ru": '{{ (" стоимостью от " ~ t.money(e.for_each_worth)) if e.for_each_worth }}',
    "pl": '{{ (" o wartości co najmniej " ~ t.money(e.for_each_worth)) if e.for_each_worth }}',
}
#: English's size word of an item count: the ruleset's word for Big (Star Munchkin's
#: `Aggregate`), `small`; other filters: their name (``tag``)
EN_ITEM_TAG = ('{%- set hands = ' + json.dumps(HAND_WORDS_EN) + ' -%}'
               '{%- set tag = (t.term("big", "Big") ~ " ") if e.for_each_tag == "big" else '
               '("small " if e.for_each_tag == "small" else ((hands[e.for_each_tag] ~ " ") if '
               'e.for_each_tag in hands else tag)) -%}')


@dataclass(frozen=True, slots=True)
class Items(CountPart):
    """`for each [TAG] item you have in play`: the items in play of that player, narrowed by
    a card filter (a tag, `Big` / `small`, a slot: `headgear item`) and a least value
    (`worth 500 gold or more`)."""

    count: ClassVar[str] = 'items'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_items', 'OTHER? ref? _items _worth? "you" "have" ("in" "play")?', 'you'),
        ('n_fighter_items', 'OTHER? ref? _items _worth? "the"? "fighter" "has" ("in" "play")?',
         'fighter'),
        ('n_items', 'OTHER? (ref? _items | big_items) _worth? "you" "carry"', 'you'),
        ('n_fighter_items', 'OTHER? (ref? _items | big_items) _worth? "the"? "fighter" '
         '"carries"', 'fighter'),
        # `for each headgear you carry`, `for each piece of armor you wear`, `for each Steed
        # the fighter carries`: the filter is the thing counted, `item` without saying
        ('n_items', 'OTHER? WORD _worth? "you" ("carry" | "wear")', 'you'),
        ('n_fighter_items', 'OTHER? WORD _worth? "the"? "fighter" ("carries" | "wears")',
         'fighter'),
        ('n_items', 'OTHER? ("piece" | "pieces") "of" WORD "you" ("carry" | "wear")', 'you'),
        ('n_fighter_items', 'OTHER? ("piece" | "pieces") "of" WORD "the"? "fighter" ("carries" '
         '| "wears")', 'fighter'),
        # `+1 for each footgear` (a slot or hands word alone, checks/parts.py): the owner's
        # (on a monster, the fighter's)
        ('n_items', 'OTHER? WORD said_alone', 'you'),
        ('n_items', 'OTHER? ref _items said_alone', 'you'),  # `for each two-handed item`
        ('n_items', 'OTHER? ("piece" | "pieces") "of" WORD said_alone', 'you'),
        # `for each item you carry that takes hands`: the hands filter (holdings.HAND_FILTERS)
        ('n_items', 'OTHER? _items "you" "carry" "that" ("takes" | "take") HANDS_KW', 'you'),
        ('n_fighter_items', 'OTHER? _items "the"? "fighter" "carries" "that" ("takes" | "take") '
         'HANDS_KW', 'fighter'),
        # `+1 for each item beyond the fourth` (Pack Rat Kobold): with a threshold, whose
        # items goes without saying (the card's owner; on a monster, the fighter)
        ('n_items', 'OTHER? ref? _items beyond', 'you'),
        # `Big items worth 500 or more you have in play` (without a value: CardsInPlay's)
        ('n_items', 'OTHER? big_items _worth "you" "have" ("in" "play")?', 'you'),
        ('n_fighter_items', 'OTHER? big_items _worth "the"? "fighter" "has" ("in" "play")?',
         'fighter'),
    )
    meaning: ClassVar[str] = (
        'items in play (of for_each_whose; with for_each_tag only those passing the card '
        'filter, with for_each_worth only those worth that much or more)')
    summary: ClassVar[str] = (
        'the items in play of that player (with a tag, `Big` / `small` or a slot: only those; '
        '`worth N or more`: only those worth N gold or more; `other`: not the card the line '
        'is on)')
    example: ClassVar[str] = '+1 for each item you have in play up to +3'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ((
            '`for each [other] [TAG / Big / small / headgear / one-handed / two-handed] item '
            '[worth N gold or more] you have in play` / `... the fighter has in play` / `you '
            'carry` / `the fighter carries` / `for each headgear you carry` / `piece of armor '
            'you wear` / `item you carry that takes hands`'),
         summary, example),)
    tag_names: ClassVar[str | tuple[str, ...] | None] = "filter"
    reads_other: ClassVar[bool] = True  # `for each other item you carry`: not this card
    reads_worth: ClassVar[bool] = True  # `for each item worth 500 gold or more ...`
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '\n{%- set noun = t.forms(n, "шмотку", "шмотки", "шмоток") -%}\n' + _adj("ru")
            + '{%- set phrase = (adj[0 if n == 1 else t.forms(n, 0, 1, 2)] ~ '
            '" " ~ noun) if adj else (t.tag_phrase(e.for_each_tag, noun, "sing,femn,accs" if '
            'n == 1 else "plur,nomn") if e.for_each_tag else noun) -%}\n{%- set phrase = '
            + RU_OTHER + 'phrase -%}\n'
            '{{ " за каждую " ~ phrase if n == 1 else " за каждые '
            '" ~ n ~ " " ~ phrase }}' + WORTH["ru"] + ' {{ whose }} в игре'),
        "pl": (
            _adj("pl") + '{%- macro item(noun, grams, i) %}{{ (adj[i] ~ " " ~ noun) if adj else '
            'agree(noun, grams) }}{% endmacro -%}'
            '{{ " za każdy " ~ ("twój " if you) ~ ("inny " if e.for_each_other) ~ item('
            '"przedmiot", "sing,masc,accs", 0) if n == 1 '
            'else " za każde " ~ n ~ " " ~ ("twoje " if you) ~ (t.forms(n, "inny ", "inne ", '
            '"innych ") if e.for_each_other) ~ item(t.forms(n, "przedmiot", '
            '"przedmioty", "przedmiotów"), t.forms(n, "sing,masc,accs", "plur,accs", '
            '"plur,gent"), t.forms(n, 0, 1, 2)) }}' + WORTH["pl"]
            + '{{ "" if you else " walczącego" }} w grze'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": (
            EN_ITEM_TAG + '{{ "other " if e.for_each_other }}{{ tag }}{{ t.forms(n, "item", '
            '"items") }}' + WORTH["en"] + ' {{ "you have" if e.for_each_whose == "you" else '
            '"the fighter has" }} in play'),
        "ru": _adj("ru") + ('{{ "других " if e.for_each_other }}{{ (adj[2] ~ " шмоток") if adj '
                            'else "шмоток" ~ tag }}') + WORTH["ru"] + ' {{ whose }} в игре',
        "pl": _adj("pl") + (
            '{{ "twoich " if you }}{{ "innych " if e.for_each_other }}{{ (adj[2] ~ " '
            'przedmiotów") if adj else "przedmiotów" ~ tag }}') + WORTH["pl"] + ('{{ "" '
            'if you else " walczącego" }} w grze'),
    }


@dataclass(frozen=True, slots=True)
class HandCards(CountPart):
    """`for each card in your hand`: the cards in the owner's hand."""

    count: ClassVar[str] = 'hand'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_hand', '_cards "in" "your" "hand"', 'you'),
    )
    meaning: ClassVar[str] = 'cards in the hand of for_each_whose'
    summary: ClassVar[str] = "the cards in the owner's hand"
    example: ClassVar[str] = '+1 for every 2 cards in your hand up to +4'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each card in your hand`', summary, example),)
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждую карту" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, "карту", '
            '"карты", "карт") }} {{ whose }} на руке'),
        "pl": (
            '{{ " za każdą kartę" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, "kartę", '
            '"karty", "kart") }} na {{ "twojej ręce" if you else "ręce walczącego" }}'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": '{{ t.forms(n, "card", "cards") }} in your hand',
        "ru": 'карт {{ whose }} на руке',
        "pl": 'kart na {{ "twojej ręce" if you else "ręce walczącego" }}',
    }


@dataclass(frozen=True, slots=True)
class CardsInPlay(CountPart):
    """`for each KIND-or-TAG you have in play`: the cards of a kind or tag in play."""

    count: ClassVar[str] = 'cards'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_cards', 'OTHER? (WORD|card_title) "you" "have" ("in" "play")?', 'you'),
        ('n_fighter_cards', 'OTHER? (WORD|card_title) "the"? "fighter" "has" ("in" "play")?',
         'fighter'),
        ('n_cards', 'OTHER? big_items "you" "have" ("in" "play")?', 'you'),
        ('n_fighter_cards', 'OTHER? big_items "the"? "fighter" "has" ("in" "play")?', 'fighter'),
        # `for each curse on the fighter`: the curses kept on a player are in play
        ('n_cards', 'OTHER? WORD "on" "you"', 'you'),
        ('n_fighter_cards', 'OTHER? WORD "on" "the"? "fighter"', 'fighter'),
    )
    meaning: ClassVar[str] = (
        'cards in play of for_each_whose (curses on the player included) whose kind or tag is '
        'for_each_tag')
    summary: ClassVar[str] = (
        'the cards of that kind or tag the player has in play (curses on the player included); '
        '`Big items` (`aggregate items`): the items with the `big` or `aggregate` stat; '
        '`other`: not the card the line is on')
    example: ClassVar[str] = '+1 for each curse the fighter has in play'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each [other] KIND-or-TAG you have in play` / `... the fighter has in play`',
         summary, example),)
    tag_names: ClassVar[str | tuple[str, ...] | None] = "filter"
    reads_other: ClassVar[bool] = True  # `other`: leaves out the card the line is on
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            _adj("ru") + '{%- if e.for_each_tag in ("big", "small") %}{{ " за каждую " ~ '
            + RU_OTHER + 'adj[0] ~ " шмотку" if n == 1 else " за каждые " ~ n ~ " " ~ '
            + RU_OTHER + 'adj[t.forms(n, 0, 1, 2)] ~ " " ~ t.forms(n, "шмотку", "шмотки", '
            '"шмоток") }} {{ whose }} в игре{%- else %}' + _RU_KIND + '{{ " за каждую " ~ '
            + RU_OTHER + '"карту" if '
            'n == 1 else " за каждые " ~ n ~ " " ~ ' + RU_OTHER + 't.forms(n, "карту", "карты", '
            '"карт") }}{{ (" «" ~ name ~ "»") if name }} {{ whose }} в игре{%- endif %}'),
        "pl": (
            _adj("pl") + '{%- if e.for_each_tag in ("big", "small") %}{{ " za każdy " ~ ("twój " '
            'if you) ~ ' + PL_OTHER_M + 'adj[0] ~ " przedmiot" if n == 1 else " za każde " ~ n '
            '~ " " ~ ("twoje " if you) ~ ' + PL_OTHER_M + 'adj[t.forms(n, 0, 1, 2)] ~ " " ~ '
            't.forms(n, "przedmiot", "przedmioty", "przedmiotów") }}{{ "" if '
            'you else " walczącego" }} w grze{%- else %}' + _PL_KIND + '{{ " za każdą " ~ '
            '("twoją " if you) ~ ' + PL_OTHER_F + '"kartę" if n == 1 else " za każde " ~ n ~ '
            '" " ~ ("twoje " if you) ~ ' + PL_OTHER_F + 't.forms(n, "kartę", "karty", "kart") }}'
            '{{ (" «" ~ name ~ "»") if name }}'
            '{{ "" if you else " walczącego" }} w grze{%- endif %}'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": _EN_NOUN + ' {{ "you have" if e.for_each_whose == "you" else "the fighter has" '
                         '}} in play',
        "ru": _RU_KIND + ('{{ "других " if e.for_each_other }}карт{{ (" «" ~ name ~ "»") if '
                          'name }} {{ whose }} в игре'),
        "pl": _PL_KIND + ('{{ "twoich " if you }}{{ "innych " if e.for_each_other }}kart'
                          '{{ (" «" ~ name ~ "»") if name }}{{ "" if you else " walczącego" }} '
                          'w grze'),
    }


@dataclass(frozen=True, slots=True)
class Level(CountPart):
    """`for each level you have`: the player's level."""

    count: ClassVar[str] = 'level'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_your_level', '_levels "you" "have"', 'you'),
        ('n_your_level', '_levels beyond', 'you'),  # `+1 for each level above 5`
    )
    meaning: ClassVar[str] = (
        "the level of for_each_whose (you: the card's owner, the fighter on a monster)")
    summary: ClassVar[str] = (
        "the player's level (you: the card's owner, so a helper who plays it counts their own)")
    example: ClassVar[str] = 'in combat: +1 for each level you have to you'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each level you have` / `... the fighter has`', summary, example),)
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждый уровень" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, '
            '"уровень", "уровня", "уровней") }} {{ whose }}'),
        "pl": (
            '{{ " za każdy " ~ ("twój " if you) ~ "poziom" if n == 1 else " za każde " ~ n ~ " " '
            '~ ("twoje " if you) ~ t.forms(n, "poziom", "poziomy", "poziomów") }}{{ "" if you '
            'else " walczącego" }}'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": (
            '{{ t.forms(n, "level", "levels") }} {{ "you have" if e.for_each_whose == "you" else '
            '"the fighter has" }}'),
        "ru": 'уровней {{ whose }}',
        "pl": '{{ "twoich poziomów" if you else "poziomów walczącego" }}',
    }


@dataclass(frozen=True, slots=True)
class Gold(CountPart):
    """`for every N gold of items you carry`: the gold value of a player's items."""

    count: ClassVar[str] = 'gold'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_gold', '_money "of" OTHER? _items "you" "carry"', 'you'),
        ('n_fighter_gold', '_money "of" OTHER? _items "the"? "fighter" "carries"', 'fighter'),
    )
    meaning: ClassVar[str] = 'the gold value of the items for_each_whose has in play, added'
    summary: ClassVar[str] = (
        "the gold value of the player's items in play, added (`if you carry items worth N or "
        'more` tests it; `other`: not the card the line is on, Junk Barrow\'s own gold)')
    example: ClassVar[str] = '+1 for every 500 gold of items the fighter carries'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for every N gold (credits) of [other] items you carry` / `... the fighter carries`',
         summary, example),)
    reads_other: ClassVar[bool] = True  # `other`: leaves out the card the line is on
    text: ClassVar[dict[str, str]] = {
        "en": (
            ' for every {{ t.money(n) }} of {{ "other " if e.for_each_other }}items {{ "you '
            'carry" if e.for_each_whose == "you" else "the fighter carries" }}'),
        "ru": (' за каждые {{ t.money(n) }} стоимости {{ "других " if e.for_each_other }}шмоток '
               '{{ whose }} в игре'),
        "pl": (
            ' za każde {{ t.money(n) }} wartości {{ "twoich " if you }}{{ "innych " if '
            'e.for_each_other }}{{ "przedmiotów" if you else "przedmiotów walczącego" }} w grze'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": (
            '{{ t.money(n) }} of {{ "other " if e.for_each_other }}items {{ "you carry" if '
            'e.for_each_whose == "you" else "the fighter carries" }}'),
        "ru": '{{ "других " if e.for_each_other }}шмоток {{ whose }} в игре',
        "pl": ('{{ "twoich " if you }}{{ "innych " if e.for_each_other }}{{ "przedmiotów" if '
               'you else "przedmiotów walczącego" }} w grze'),
    }


@dataclass(frozen=True, slots=True)
class OpenSeals(CountPart):
    """`for each open seal`: the Seals open now."""

    count: ClassVar[str] = 'open_seals'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_open_seals', '"open" ("seal" | "seals")', 'you'),
    )
    meaning: ClassVar[str] = 'the Seals open now'
    summary: ClassVar[str] = 'the Seals open now (as `per open seal`; also in a count condition)'
    example: ClassVar[str] = 'in combat: +1 for each open seal to you'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each open seal`', summary, example),)
    needs_deck: ClassVar[str | None] = "seal"
    per_form: ClassVar[tuple[str, str] | None] = ("open_seal", '"open" "seal"')
    per_text: ClassVar[dict[str, str]] = {
        "en": ' per open {{ t.term("seal", "seal")|cap }}',
        "ru": ' за каждую открытую {{ t.term("seal", "печать")|cap }}',
        "pl": ' za każdą otwartą {{ t.term("seal", "pieczęć")|cap }}',
    }
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждую открытую Печать" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, '
            '"открытую Печать", "открытые Печати", "открытых Печатей") }}'),
        "pl": (
            '{{ " za każdą otwartą Pieczęć" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, '
            '"otwartą Pieczęć", "otwarte Pieczęcie", "otwartych Pieczęci") }}'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": (
            'open {{ t.term("seal", "seal")|cap if n == 1 else t.term("seal", '
            '"seal")|cap|en_plural }}'),
        "ru": 'открытых Печатей',
        "pl": 'otwartych Pieczęci',
    }


@dataclass(frozen=True, slots=True)
class OtherPlayers(CountPart):
    """`for each other player`: the players other than the card's owner."""

    count: ClassVar[str] = 'other_players'
    seats_left_out: ClassVar[int | None] = 1
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_other_players', 'OTHER "player"', 'you'),
    )
    meaning: ClassVar[str] = "players other than the card's owner"
    summary: ClassVar[str] = "the players other than the card's owner"
    example: ClassVar[str] = '+1 for each other player'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each other player`', summary, example),)
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждого другого игрока" if n == 1 else " за каждых " ~ n ~ " других '
            'игроков" }}'),
        "pl": (
            '{{ " za każdego innego gracza" if n == 1 else " za każdych " ~ n ~ " innych graczy" '
            '}}'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": 'other {{ t.forms(n, "player", "players") }}',
        "ru": 'других игроков',
        "pl": 'innych graczy',
    }


@dataclass(frozen=True, slots=True)
class Counters(CountPart):
    """`for each counter on this [card]`: the counters on the card the line is on."""

    count: ClassVar[str] = 'counters'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_counters', '("counter" | "counters") "on" "this" "card"?', 'you'),
    )
    meaning: ClassVar[str] = 'counters on the card the line is on (`put a counter on this`)'
    summary: ClassVar[str] = (
        'the counters on the card the line is on (`put a counter on this`; gone when it leaves '
        'play)')
    example: ClassVar[str] = '+1 for each counter on this'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each counter on this [card]`', summary, example),)
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждый жетон" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, "жетон", '
            '"жетона", "жетонов") }} на этой карте'),
        "pl": (
            '{{ " za każdy znacznik" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, '
            '"znacznik", "znaczniki", "znaczników") }} na tej karcie'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": '{{ t.forms(n, "counter", "counters") }} on this card',
        "ru": 'жетонов на этой карте',
        "pl": 'znaczników na tej karcie',
    }


@dataclass(frozen=True, slots=True)
class Markers(CountPart):
    """`for each marker on you`: the markers on the card's owner."""

    count: ClassVar[str] = 'markers'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_markers', '("marker" | "markers") "on" "you"', 'you'),
    )
    meaning: ClassVar[str] = 'markers on for_each_whose (`put a marker on ...`)'
    summary: ClassVar[str] = (
        "the markers on the card's owner (`put a marker on ...`; kept for the game)")
    example: ClassVar[str] = '+1 for each marker on you'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each marker on you`', summary, example),)
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            '{{ " за каждую метку" if n == 1 else " за каждые " ~ n ~ " " ~ t.forms(n, "метку", '
            '"метки", "меток") }} {{ "на тебе" if e.for_each_whose == "you" else "на бойце" }}'),
        "pl": (
            '{{ " za każdy znacznik" if n == 1 else " za każde " ~ n ~ " " ~ t.forms(n, '
            '"znacznik", "znaczniki", "znaczników") }} {{ "na tobie" if e.for_each_whose == '
            '"you" else "na walczącym" }}'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": (
            '{{ t.forms(n, "marker", "markers") }} on {{ "you" if e.for_each_whose == "you" else '
            '"the fighter" }}'),
        "ru": 'меток {{ "на тебе" if e.for_each_whose == "you" else "на бойце" }}',
        "pl": 'znaczników {{ "na tobie" if you else "na walczącym" }}',
    }


@dataclass(frozen=True, slots=True)
class TableCards(CountPart):
    """`for each KIND-or-TAG in play`: the cards of a kind or tag at the whole table."""

    count: ClassVar[str] = 'table_cards'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_table_cards', 'OTHER? (WORD|card_title) "in" "play"', 'you'),
        ('n_table_cards', 'OTHER? big_items "in" "play"', 'you'),
    )
    meaning: ClassVar[str] = (
        'cards in play of every living player (curses on them included) whose kind or tag '
        'is for_each_tag')
    summary: ClassVar[str] = (
        'the cards of that kind or tag every living player has in play, added (curses on '
        'them included): `for each curse in play` counts the curses at the whole table')
    example: ClassVar[str] = 'in combat: +1 for each curse in play to you'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each [other] KIND-or-TAG in play`', summary, example),)
    tag_names: ClassVar[str | tuple[str, ...] | None] = "filter"
    reads_other: ClassVar[bool] = True  # `other`: leaves out the card the line is on
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": (
            _adj("ru") + '{%- if e.for_each_tag in ("big", "small") %}{{ " за каждую " ~ '
            + RU_OTHER + 'adj[0] ~ " шмотку" if n == 1 else " за каждые " ~ n ~ " " ~ '
            + RU_OTHER
            + 'adj[t.forms(n, 0, 1, 2)] ~ " " ~ t.forms(n, "шмотку", "шмотки", "шмоток") }} '
            'в игре'
            '{%- else %}' + _RU_KIND + '{{ " за каждую " ~ ' + RU_OTHER + '"карту" if '
            'n == 1 else " за каждые " ~ n ~ " " ~ ' + RU_OTHER + 't.forms(n, "карту", "карты", '
            '"карт") }}'
            '{{ (" «" ~ name ~ "»") if name }} в игре{%- endif %}'),
        "pl": (
            _adj("pl") + '{%- if e.for_each_tag in ("big", "small") %}{{ " za każdy " ~ '
            + PL_OTHER_M + 'adj[0] ~ " przedmiot" if n == 1 else " za każde " ~ n ~ " " ~ '
            + PL_OTHER_M + 'adj[t.forms(n, 0, 1, 2)] ~ " " ~ t.forms(n, "przedmiot", '
            '"przedmioty", "przedmiotów") }} w grze'
            '{%- else %}' + _PL_KIND + '{{ " za każdą " ~ ' + PL_OTHER_F + '"kartę" '
            'if n == 1 else " za każde " ~ n ~ " " ~ ' + PL_OTHER_F + 't.forms(n, "kartę", '
            '"karty", "kart") }}'
            '{{ (" «" ~ name ~ "»") if name }} w grze{%- endif %}'),
    }
    noun: ClassVar[dict[str, str]] = {
        "en": _EN_NOUN + ' in play',
        "ru": _RU_KIND + ('{{ "других " if e.for_each_other }}карт{{ (" «" ~ name ~ "»") if '
                          'name }} в игре'),
        "pl": _PL_KIND + ('{{ "innych " if e.for_each_other }}kart{{ (" «" ~ name ~ "»") if '
                          'name }} w grze'),
    }


@dataclass(frozen=True, slots=True)
class PaidCards(CountPart):
    """`per card`: the cards paid for the line's cost (`discard up to 3 cards: +1 per card
    to you`); written only so (E210 without a discard cost), read as the line is used."""

    count: ClassVar[str] = 'paid_cards'
    meaning: ClassVar[str] = "the cards discarded for the line's cost"
    summary: ClassVar[str] = (
        'times the cards discarded for `discard up to N cards` (E210 without one)')
    example: ClassVar[str] = 'after run away roll, discard up to 3 cards: +1 per card to run away'
    per_form: ClassVar[tuple[str, str] | None] = ("card", '"card"')
    paid: ClassVar[bool] = True
    per_text: ClassVar[dict[str, str]] = {
        "en": ' per card',
        "ru": ' за каждую карту',
        "pl": ' za każdą kartę',
    }
    text: ClassVar[dict[str, str]] = per_text  # written only `per card`: that is its text
