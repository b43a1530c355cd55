"""Something that would count does not: Bad Stuff, item bonuses, a tag's bonuses or cards,
use restrictions and slot limits of an attached item, curses from the door.

`ignore bad stuff`, `ignore item bonuses`, `ignore fire bonuses`, `ignore fire cards`,
`attached item ignores slot limits`, `ignore curses from the door`.  Each form is a variant
(its own carriers, phase and conformance observation); the engine reads the records by
kind where each thing is counted (combat, Bad Stuff, wearing an item, the door).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from munchkin_dsl.language.algebra import EffectPart, described
from munchkin_dsl.language.nodes import Ref, Target

#: The card kinds besides items whose bonuses `ignore KIND bonuses` strips, as a source of
#: strength (a class's Berserking, a race's bonus, a Sidekick's, Steed's or Hireling's):
#: `ignore item bonuses, ignore class bonuses, ignore race bonuses` leaves levels and
#: one-shots
BONUS_KINDS = ("class", "race", "sidekick", "steed", "hireling")

#: `ignore class bonuses` in ru and pl: the kind in the genitive plural ("карт классов",
#: "kart klas"), set at the head of the template
_KINDS_RU_SET = ('{%- set _KINDS_RU = {"class": "классов", "race": "рас", "sidekick": '
                 '"напарников", "steed": "скакунов", "hireling": "наёмников"} %}')
_KINDS_PL_SET = ('{%- set _KINDS_PL = {"class": "klas", "race": "ras", "sidekick": '
                 '"pomocników", "steed": "wierzchowców", "hireling": "najemników"} %}')

#: The variants on the target's own items (all of them, or those in some slots)
_OWN_ITEMS: dict[str, Any] = {
    'needs': 'fight',
    'observe': 'strength',
    # whose items: a player's (on a monster, the player its target names in its fight); an
    # enhancer or a Seal has none
    'carriers': ['class', 'curse', 'disaster', 'door', 'hireling', 'item', 'monster',
                 'one-shot', 'race', 'sidekick', 'trap', 'treasure'],
    'refuse_at': {'when_any_dies/monster': 'a monster\'s line is read in its own fight; '
                  'write it with no timing'},
}


@dataclass(frozen=True, slots=True)
class Ignore(EffectPart):
    """`ignore bad stuff`, `ignore item bonuses`, `ignore fire bonuses`, `attached item
    ignores use restrictions`...: something that would count does not (a variant per form)."""

    kind: ClassVar[str] = "ignore"
    rule: ClassVar[str] = "ignore"
    syntax: ClassVar[str] = ('target? ("ignore" | "ignores") ignorable'
                             # `curses have no effect on victim`, `victim is immune to
                             # curses`: how cards print the curse shield
                             # (the joining words a rule of their own, so an editor does not
                             # colour `is` or `have` as the verb of an effect)
                             ' | curses_ignored no_effect_on target'
                             ' | target immune_to curses_ignored')
    # `ignore fire bonuses`: the tag is a name the checker resolves like any tag (``keeps``)
    subrules: ClassVar[str] = (
        'ignorable: "item" "bonuses"  -> what_item_bonuses\n'
        '         | ("their" | "your") "item" "bonuses"  -> what_own_item_bonuses\n'
        '         | "bad" "stuff"  -> what_bad_stuff\n'
        '         | "bad" "stuff" "that" "takes" "levels"  -> what_bad_stuff_levels\n'
        '         | "use" "restrictions"  -> what_use_restrictions\n'
        '         | "slot" "limits"  -> what_slot_limits\n'
        '         | ("their" | "your") _ignored_items "bonuses"  -> what_own_slot_bonuses\n'
        '         | _ignored_items "bonuses"  -> what_slot_bonuses\n'
        '         | (WORD | card_title) "bonuses"  -> what_tag_bonuses\n'
        '         | (WORD | card_title) "cards"  -> what_tag_cards\n'
        '         | "curses" "from" "the" "door"  -> what_door_curses\n'
        '         | "curses"  -> what_curses\n'
        'curses_ignored: "curses"  -> what_curses\n'
        'no_effect_on: ("have" | "has") "no" "effect" "on"\n'
        'immune_to: ("is" | "are") "immune" "to"\n'
        '_ignored_items: _ignored_item ("and" _ignored_item)*\n'
        '_ignored_item: worn_slot | ignored_big\n'
        'ignored_big: ("big" | "Big") "item"  -> w_big')
    keeps: ClassVar[tuple[str, ...]] = ("what_tag_bonuses", "what_tag_cards",
                                        "what_own_slot_bonuses", "what_slot_bonuses")
    misphrasings: ClassVar[dict[str, str]] = {
        # one curse stopped ahead is a waiting one-shot's, not a shield's
        r"\bthe next curse(?: played on (?:you|them|victim))? (?:has|have) no effect\b": (
            "the next time you are targeted by a curse: cancel a curse"),
        r"\b(?:your|their|the fighter's|fighter's|the fighter|fighter) (?:items?|item "
        r"bonuses|gear|equipment) (?:don't|do not|doesn't|does not|can't|cannot) (?:count|"
        r"help|work)": "fighter ignores their item bonuses",
    }
    summary: ClassVar[str] = 'something that would count does not'
    example: ClassVar[str] = 'ignore bad stuff'
    means: ClassVar[str] = 'ignore skip avoid immune bad stuff'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`ignore(s) item bonuses`',
         "nobody's items count in this fight",
         'ignore item bonuses'),
        ('`ignore(s) their/your item bonuses`',
         "the target's own items count 0 in its fights (a helper's still count)",
         'until the end of your next turn: victim ignores their item bonuses'),
        ('`fighter/helper ignores their item bonuses` (a monster)',
         "in the monster's own fight, that player's items count 0",
         'fighter ignores their item bonuses'),
        ('`ignore(s) their/your headgear [and armor] bonuses`',
         ("only the target's own items in those slots (headgear, armor, footgear; `Big "
          'item`: its Big items) count 0 in its fights'),
         'for your next 2 combats: victim ignores their headgear and armor bonuses'),
        ('`ignore(s) headgear [and Big item] bonuses`',
         "nobody's items in those slots (or Big items) count in this fight",
         'ignore Big item bonuses'),
        ('`ignore(s) bad stuff`',
         'the target suffers no Bad Stuff',
         'when caught, discard 3 cards: you ignore bad stuff'),
        ('`ignore(s) bad stuff that takes levels`',
         'only Bad Stuff that takes levels',
         'when caught, discard 2 cards: you ignore bad stuff that takes levels'),
        ('`ignore(s) use restrictions`',
         '"usable by ... only" does not apply',
         'attached item ignores use restrictions'),
        ('`ignore(s) slot limits`',
         'the slot limit does not apply',
         'attached item ignores slot limits'),
        ('`ignore(s) TAG bonuses`',
         ("bonuses of TAG cards against the card's side count 0; on a monster, on "
          'either side'),
         'ignore fire bonuses'),
        ('`ignore(s) class bonuses` (race, sidekick, steed, hireling)',
         ("bonuses from cards of that kind count 0, as `ignore TAG bonuses` (with `ignore "
          "item bonuses` and the others: only levels and one-shots count)"),
         'ignore class bonuses'),
        ('`ignore(s) TAG cards`',
         ("another player's TAG one-shots and items played against the card's "
          'holder have no effect on the holder (their strength counts 0, their '
          "other effects do not reach the holder); the holder's own still work"),
         'ignore fire cards'),
        ('`ignore(s) curses` / `curses have no effect on TARGET` / `TARGET is immune to curses`',
         ('every curse, trap or disaster played on the target is discarded with no effect (on '
          'a card in play: while it is; on a one-shot, for the duration before it: `until the '
          'end of the turn, a player of your choice ignores curses`)'),
         'until the end of the turn: victim ignores curses'),
        ('`ignore(s) curses from the door`',
         'a curse drawn face up from the door deck is discarded',
         'ignore curses from the door'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'players'
    needs: ClassVar[str | None] = 'bad_stuff_ahead'
    passive: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        "while_open": "a Seal cannot make a player ignore Bad Stuff",
        "next_run_away_roll": "the curse is spent on the roll, before Bad Stuff comes; write "
                              "`next combat: ignore bad stuff`",
    }
    observe: ClassVar[str] = 'bad_stuff'
    variant_field: ClassVar[str | None] = "what"
    variants: ClassVar[dict[str, dict[str, Any]]] = {
        'item_bonuses': {
            'needs': 'fight',
            'example': 'ignore item bonuses',
            'observe': 'strength',
            'carriers': 'any',
            'refuse_at': {},
        },
        'own_item_bonuses': {**_OWN_ITEMS, 'example': 'ignore your item bonuses'},
        'own_slot_bonuses': {**_OWN_ITEMS, 'example': 'ignore your headgear bonuses'},
        'slot_bonuses': {
            'needs': 'fight',
            'example': 'ignore Big item bonuses',
            'observe': 'strength',
            'carriers': 'any',
            'refuse_at': {},
        },
        'use_restrictions': {
            'needs': 'table',
            'example': 'attached item ignores use restrictions',
            'observe': 'worn',
            'carriers': ['item-enhancer', 'treasure'],
        },
        'slot_limits': {
            'needs': 'table',
            'example': 'attached item ignores slot limits',
            'observe': 'worn',
            'carriers': ['item-enhancer', 'treasure'],
        },
        'tag_bonuses': {
            'needs': 'fight',
            'example': 'ignore fire bonuses',
            'observe': 'strength',
            'carriers': 'any',
            'refuse_at': {},
        },
        'tag_cards': {
            'needs': 'fight',
            'example': 'ignore fire cards',
            'observe': 'strength',
            'carriers': ['race', 'class', 'item', 'sidekick', 'hireling', 'door', 'treasure'],
            'refuse_at': {},
        },
        'curses': {
            'needs': None,
            'example': 'ignore curses',
            'observe': 'curse_shield',
            'carriers': ['race', 'class', 'item', 'sidekick', 'hireling', 'door', 'treasure',
                         'one-shot'],
        },
        'door_curses': {
            'needs': 'table',
            'example': 'ignore curses from the door',
            'observe': 'door_curse',
            'carriers': ['race', 'class', 'item', 'sidekick', 'hireling', 'door', 'treasure'],
        },
    }
    text: ClassVar[dict[str, str]] = {
        'en': ('{%- if e.what == "item_bonuses" %}item bonuses do not count {{ '
               'w.fights(e, a, t) }}\n'
               '{%- elif e.what == "own_item_bonuses" %}{{ "your" if t.you(e.target, '
               'a) else w.WHO[e.target] ~ "\'s" }} items give no bonuses\n'
               '{%- elif e.what == "own_slot_bonuses" %}{{ "your" if t.you(e.target, '
               'a) else w.WHO[e.target] ~ "\'s" }} {{ w.bonus_slots(e.slots) }} bonuses do '
               'not count\n'
               '{%- elif e.what == "slot_bonuses" %}{{ w.bonus_slots(e.slots) }} bonuses do '
               'not count {{ w.fights(e, a, t) }}\n'
               '{%- elif e.what == "tag_cards" %}'
               '{{ w.nm(e.tag, t) }} one-shots '
               'and {{ w.nm(e.tag, t) }} items played against {{ "you" if '
               't.you(e.target, a) else w.WHO[e.target] }} have no effect\n{%- elif '
               'e.what == "tag_bonuses" %}bonuses from {{ w.nm(e.tag, t) }} cards do '
               'not count {{ "in this fight" if t.monster else "against " ~ ("you" if '
               't.you(e.target, a) else w.WHO[e.target]) }}\n{%- else %}{{ w.verb(e, a, '
               't, "ignore", "ignores") }}\n{%- if e.what == "bad_stuff" %} {{ '
               't.term("bad_stuff") }}\n{%- elif e.what == "bad_stuff_levels" %} {{ '
               't.term("bad_stuff") }} that takes levels\n{%- elif e.what == '
               '"use_restrictions" %} item use restrictions\n{%- elif e.what == '
               '"slot_limits" %} slot limits\n{%- elif e.what == "curses" %} {{ '
               't.plural("curse", 2) }} (they are discarded with no effect)\n{%- elif '
               'e.what == "door_curses" %} {{ '
               't.plural("curse", 2) }} drawn face up when kicking open the door (they '
               'are discarded)\n{%- else %} {{ e.what }}{% endif %}{% endif %}'),
        'ru': (_KINDS_RU_SET + '{%- if e.what == "item_bonuses" %}бонусы шмоток {{ w.fights(e, a, '
               't) }} не действуют\n'
               '{%- elif e.what == "own_item_bonuses" %}{{ "твои шмотки" if '
               't.you(e.target, a) else "шмотки " ~ w.GEN[e.target] }} не дают бонусов\n'
               '{%- elif e.what == "own_slot_bonuses" %}{{ "твои шмотки" if '
               't.you(e.target, a) else "шмотки " ~ w.GEN[e.target] }} ({{ '
               'w.bonus_slots(e.slots) }}) не дают бонусов\n'
               '{%- elif e.what == "slot_bonuses" %}бонусы шмоток ({{ w.bonus_slots(e.slots) '
               '}}) {{ w.fights(e, a, t) }} не действуют\n'
               '{%- elif e.what == "tag_bonuses" and e.tag in _KINDS_RU %}бонусы карт {{ '
               '_KINDS_RU[e.tag] }} {{ "в этом бою" if t.monster else "против " ~ '
               'w.GEN[e.target] }} не действуют\n'
               '{%- elif e.what == "tag_cards" %}{{ t.tag_phrase(e.tag, '
               '"карты", "plur,nomn") }} (разовые шмотки и шмотки), сыгранные против {{ '
               'w.GEN[e.target] }}, не действуют\n{%- elif e.what == "tag_bonuses" '
               '%}бонусы {{ t.tag_phrase(e.tag, "карт", "plur,gent") }} {{ "в этом бою" '
               'if t.monster else "против " ~ w.GEN[e.target] }} не действуют\n{%- else '
               '%}{{ w.verb(e, a, t, "игнорируешь", "игнорирует", "игнорировать") '
               '}}\n{%- if e.what == "bad_stuff" %} {{ t.term("bad_stuff") }}\n{%- elif '
               'e.what == "bad_stuff_levels" %} {{ t.term("bad_stuff") }}, отнимающее '
               'уровни\n{%- elif e.what == "use_restrictions" %} ограничения на '
               'использование шмоток\n{%- elif e.what == "slot_limits" %} ограничения на '
               'слоты\n{%- elif e.what == "curses" %} {{ t.plural("curse", 2) }} (они уходят в '
               'сброс без эффекта)\n{%- elif e.what == "door_curses" %} {{ '
               't.plural("curse", 2) }}, '
               'вытянутые в открытую, когда вышибаешь дверь (они уходят в сброс)\n{%- '
               'else %} {{ e.what }}{% endif %}{% endif %}'),
        'pl': (_KINDS_PL_SET + '{%- if e.what == "item_bonuses" %}premie z przedmiotów '
               'nie liczą się '
               '{{ w.fights(e, a, t) }}\n'
               '{%- elif e.what == "own_item_bonuses" %}{{ "twoje przedmioty" if '
               't.you(e.target, a) else "przedmioty " ~ w.GEN[e.target] }} nie dają premii\n'
               '{%- elif e.what == "own_slot_bonuses" %}{{ "twoje przedmioty" if '
               't.you(e.target, a) else "przedmioty " ~ w.GEN[e.target] }} ({{ '
               'w.bonus_slots(e.slots) }}) nie dają premii\n'
               '{%- elif e.what == "slot_bonuses" %}premie z przedmiotów ({{ '
               'w.bonus_slots(e.slots) }}) nie liczą się {{ w.fights(e, a, t) }}\n'
               '{%- elif e.what == "tag_bonuses" and e.tag in _KINDS_PL %}premie z kart {{ '
               '_KINDS_PL[e.tag] }} nie liczą się {{ "w tej walce" if t.monster else '
               '"przeciwko " ~ w.TO[e.target] }}\n'
               '{%- elif e.what == "tag_cards" %}{{ t.tag_phrase(e.tag, '
               '"karty", "plur,nomn") }} (przedmioty jednorazowe i przedmioty) zagrane '
               'przeciwko {{ w.TO[e.target] }} nie działają\n{%- elif e.what == '
               '"tag_bonuses" %}premie z {{ t.tag_phrase(e.tag, "kart", "plur,gent") }} '
               'nie liczą się {{ "w tej walce" if t.monster else "przeciwko " ~ '
               'w.TO[e.target] }}\n{%- else %}{{ w.verb(e, a, t, "ignorujesz", '
               '"ignoruje", "zignorować") }}\n{%- if e.what == "bad_stuff" %} {{ '
               't.term("bad_stuff") }}\n{%- elif e.what == "bad_stuff_levels" %} {{ '
               't.term("bad_stuff") }}, który odbiera poziomy\n{%- elif e.what == '
               '"use_restrictions" %} ograniczenia użycia przedmiotów\n{%- elif e.what '
               '== "slot_limits" %} limity miejsc na przedmioty\n{%- elif e.what == '
               '"curses" %} {{ t.plural("curse", 2) }} (idą na stos kart odrzuconych bez '
               'efektu)\n{%- elif e.what == "door_curses" %} {{ t.plural("curse", 2) }} '
               'wyciągnięte odkryte przy '
               'wyważaniu drzwi (idą na stos kart odrzuconych)\n{%- else %} {{ e.what '
               '}}{% endif %}{% endif %}'),
    }
    what: str = described("item_bonuses (nobody's items count in this fight), "
                          "own_item_bonuses (the target's own items count 0), bad_stuff, "
                          "own_slot_bonuses (the target's own items in `slots` count 0), "
                          "slot_bonuses (nobody's items in `slots` count in this fight), "
                          "bad_stuff_levels (Bad Stuff that takes levels), use_restrictions, "
                          "slot_limits, tag_bonuses (bonuses from cards of `tag` that work "
                          "against the ignoring side do not count: the other side's bonuses "
                          "and penalties on the ignoring side), door_curses (a curse-like card "
                          "the holder draws face up from the door deck is discarded without "
                          "effect), tag_cards (cards of `tag` another player plays against the "
                          "holder have no effect on the holder: their strength against the "
                          "holder's side counts 0 like tag_bonuses, and none of their effects "
                          "reach the holder), curses (every curse-like card played on the "
                          "target is discarded with no effect)", "bad_stuff", record=...,
                          choices=("item_bonuses", "own_item_bonuses", "own_slot_bonuses",
                                   "slot_bonuses", "bad_stuff",
                                   "bad_stuff_levels", "use_restrictions", "slot_limits",
                                   "tag_bonuses",
                                   "tag_cards", "door_curses", "curses"))
    target: Target | None = described("whose: see TARGETS")
    tag: Ref | None = described("the tag for tag_bonuses and tag_cards (for tag_bonuses "
                                "also a card kind: class, race, sidekick, steed, hireling)",
                                names=("races", "classes", "sexes", "tags", "bonus_kinds"),
                                lowered=("tags",))
    slots: tuple[str, ...] = described("for own_slot_bonuses and slot_bonuses: the items whose "
                                       "bonuses do not count, by slot (headgear, armor, "
                                       "footgear) or `big` (Big items)", ())
