"""What beating a monster gives, and a win without a kill.

`+1 treasure` and `+1 level` on a monster or its enhancer (the treasures and levels its
kill gives), `defeat the monster without a kill [with treasure]`.  Each is an engine
handler keyed by the same kind (:data:`munchkin_dsl.engine.effects_apply.APPLY`; the
kill's levels are read when the fight is won, :mod:`munchkin_dsl.engine.rewards`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import AmountPart, EffectPart, described
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import Target


@dataclass(frozen=True, slots=True)
class TreasureCount(EffectPart):
    """`+1 treasure` on a monster or its enhancer: how many treasures the monster gives."""

    kind: ClassVar[str] = "treasure_count"
    rule: ClassVar[str] = "treasure_count"
    syntax: ClassVar[str] = 'SIGNED ("treasure" | "treasures") per? amount_post*'
    summary: ClassVar[str] = ('changes how many treasures the monster gives (a count is read '
                              'when the monster is beaten: `for every 4 points you won by`)')
    example: ClassVar[str] = '+1 treasure'
    means: ClassVar[str] = 'treasure loot reward extra fewer'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`+N treasure(s)` / `-N treasure(s)`',
         "the monster's treasure count",
         '+2 treasures'),
        ('`+N treasure(s) for each ...` / `for every N ...`',
         'the treasure count grows with a count read when the monster is beaten (the '
         'margin of the win, cards in play, open Seals...)',
         '+1 treasure for every 4 points you won by'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = (
        'monster-enhancer', 'seal', 'door', 'monster',
        'one-shot', 'curse', 'trap', 'disaster',
    )
    needs: ClassVar[str | None] = 'fight'
    passive: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        'next_combat': 'a curse changes no treasure: play a card into the fight',
        'continuous/curse': 'a curse on a player changes no treasure',
        'continuous/trap': 'a trap on a player changes no treasure',
        'continuous/disaster': 'a disaster on a player changes no treasure',
        'continuous/door': 'a door card kept in play changes no treasure: play it in the combat',
        'while_open': 'a Seal changes strengths, not treasure',
    }
    numbers: ClassVar[dict[str, str]] = {'amount': 'treasure_change'}
    observe: ClassVar[str] = 'treasure'
    text: ClassVar[dict[str, str]] = {
        'en': ('{{ t.signed(e.amount) }} {{ t.plural("treasure", '
               'e.amount|abs)|title_words }}{{ w.amount_post(e, t) }}'),
        'ru': '{{ t.signed(e.amount) }} {{ t.plural("treasure", e.amount|abs) }}'
              '{{ w.amount_post(e, t) }}',
        'pl': '{{ t.signed(e.amount) }} {{ t.plural("treasure", e.amount|abs) }}'
              '{{ w.amount_post(e, t) }}',
    }
    amount: int = described("added to the enhanced monster's treasure count (never below 0)",
                            0, record=...)
    per: str | None = None
    counted: CountPart | None = None
    amounts: tuple[AmountPart, ...] = ()


@dataclass(frozen=True, slots=True)
class KillLevels(EffectPart):
    """`+1 level` on a monster: the levels its kill gives change (Furious Rooster)."""

    kind: ClassVar[str] = "kill_levels"
    rule: ClassVar[str] = "kill_levels"
    syntax: ClassVar[str] = 'SIGNED _levels per? amount_post*'
    summary: ClassVar[str] = ('changes how many levels killing the monster gives the fighter '
                              '(a count is read when it is killed: `for every 10 points you '
                              'won by`)')
    example: ClassVar[str] = '+1 level'
    means: ClassVar[str] = 'level levels reward extra kill bonus'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`+N level(s)` / `-N level(s)`',
         'the levels killing the monster gives the fighter (never below 0)',
         'if any fighter is using fire: +1 level'),
        ('`+N level(s) for each ...` / `for every N ...`',
         'the levels grow with a count read when the monster is killed (the margin of the '
         'win, cards in play...)',
         '+1 level for every 10 points you won by'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = (
        'monster-enhancer', 'door', 'monster', 'one-shot',
    )
    #: a curse that spoils its victim's next kill says so on the victim (E202's hint)
    kind_refuse: ClassVar[dict[str, str]] = dict.fromkeys(
        ('curse', 'trap', 'disaster'),
        "a curse changes no monster's levels: to take a level from its victim write `lose 1 "
        "level`; to take the level of their next kill, `the next time victim wins a fight: "
        "victim gains no level for it`")
    needs: ClassVar[str | None] = 'fight'
    passive: ClassVar[bool] = True
    #: `the monster gives 1 fewer level`: how authors say a change of the kill's levels
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:the )?(?:monster|it) gives (?P<n>\d+) (?:fewer|less) levels?\b": "-{n} level(s)",
        r"\b(?:the )?(?:monster|it) gives (?P<n>\d+) (?:more|extra) levels?\b": "+{n} level(s)",
        r"\b(?:the )?(?:monster|it) gives (?:only )?half (?:of )?(?:its|the|their) levels\b":
            "-1 level`: a kill gives 1 level or 2, and half of either, rounded down, is "
            "one level fewer, `-1 level",
    }
    refuse_at: ClassVar[dict[str, str]] = {
        'next_combat': 'a curse changes no reward: play a card into the fight',
        'continuous/curse': 'a curse on a player changes no reward',
        'continuous/trap': 'a trap on a player changes no reward',
        'continuous/disaster': 'a disaster on a player changes no reward',
        'continuous/door': 'a door card kept in play changes no reward: play it in the combat',
    }
    numbers: ClassVar[dict[str, str]] = {'amount': 'level_change'}
    observe: ClassVar[str] = 'kill_levels'
    text: ClassVar[dict[str, str]] = {
        'en': ('{{ t.signed(e.amount) }} {{ t.plural("level", e.amount|abs) }} for the '
               'kill{{ w.amount_post(e, t) }}'),
        'ru': ('{{ t.signed(e.amount) }} {{ t.plural("level", e.amount|abs) }} за '
               'убийство{{ w.amount_post(e, t) }}'),
        'pl': ('{{ t.signed(e.amount) }} {{ t.plural("level", e.amount|abs) }} za '
               'zabicie{{ w.amount_post(e, t) }}'),
    }
    amount: int = described("levels added to (or taken from) what killing the monster gives "
                            "the fighter; the total never drops below 0", 0, record=...)
    per: str | None = None
    counted: CountPart | None = None
    amounts: tuple[AmountPart, ...] = ()


@dataclass(frozen=True, slots=True)
class DefeatWithoutKill(EffectPart):
    """`defeat the monster without a kill [with treasure]`, `defeat every monster ...`: the
    fight is won and the monster goes without being killed (no levels)."""

    kind: ClassVar[str] = "defeat_without_kill"
    rule: ClassVar[str] = "defeat_without_kill"
    syntax: ClassVar[str] = ('"defeat" (every | "the"? "monster"?) "without" "a"? "kill" '
                             'with_treasure?')
    subrules: ClassVar[str] = 'every: "every" "monster"'
    summary: ClassVar[str] = 'the combat is won but the monster is not killed (no level)'
    example: ClassVar[str] = 'defeat the monster without a kill'
    means: ClassVar[str] = 'defeat beat without kill win'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`defeat without a kill` [`with treasure`]',
         'the fight is won, the monster not killed (no level)',
         'if any fighter is Cleric: may defeat without a kill'),
        ('`defeat every monster without a kill`',
         'the same for every monster of the fight',
         'in combat: defeat every monster without a kill'),
    )
    needs: ClassVar[str | None] = 'fight'
    observe: ClassVar[str] = 'monsters'
    text: ClassVar[dict[str, str]] = {
        'en': ('{{ "every monster" if t.field(e, "every") else "the monster" }} {{ "may '
               'be" if e.optional else "is" }} defeated without a kill\n{%- if '
               'e.with_treasure %}, with its {{ t.deck_name("treasure") }}{% endif %}'),
        'ru': ('{%- if t.field(e, "every") %}{{ "всех монстров боя можно победить без '
               'убийства" if e.optional else "все монстры боя побеждены без убийства" '
               '}}\n{%- else %}{{ "монстра можно победить без убийства" if e.optional '
               'else "монстр побеждён без убийства" }}{% endif %}\n{%- if '
               'e.with_treasure %}, но его {{ t.deck_name("treasure")|lower }} '
               'достаются победителям{% endif %}'),
        'pl': ('{%- if t.field(e, "every") %}{{ "wszystkie potwory walki można pokonać '
               'bez zabijania" if e.optional else "wszystkie potwory walki zostają '
               'pokonane bez zabijania" }}\n{%- else %}{{ "potwora można pokonać bez '
               'zabijania" if e.optional else "potwór zostaje pokonany bez zabijania" '
               '}}{% endif %}\n{%- if e.with_treasure %}, ale zwycięzcy dostają jego {{ '
               't.deck_name("treasure")|lower }}{% endif %}'),
    }
    with_treasure: bool = described("the winners still draw the monster's treasure", False)
    every: bool = described("every monster of the fight, not one", False)


@dataclass(frozen=True, slots=True)
class NoTreasuresForIt(EffectPart):
    """`victim draws no treasures for it`: the player draws none of the treasures of the
    fight just won (a helper's share goes to the helper all the same)."""

    kind: ClassVar[str] = "no_treasures_for_it"
    rule: ClassVar[str] = "no_treasures_for_it"
    syntax: ClassVar[str] = 'target? ("draw" | "draws") "no" ("treasure" | "treasures") "for" "it"'
    summary: ClassVar[str] = ("the player draws none of the treasures of the fight being won "
                              "(the other winner's share is still drawn)")
    example: ClassVar[str] = "victim draws no treasures for it"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`[TARGET] draw(s) no treasures for it`",
         "the player draws none of the treasures of the fight being won (after `the next "
         "time victim wins a fight:`)",
         "the next time victim wins a fight: victim draws no treasures for it"),)
    means: ClassVar[str] = "no treasure lose reward spoil nothing loot denied"
    carriers: ClassVar[str | tuple[str, ...] | None] = ("curse", "trap", "disaster")
    player_target: ClassVar[bool] = True
    only_at: ClassVar[tuple[str, ...]] = ("next_win_of_victim",)
    only_at_refuse: ClassVar[str] = (
        "a won fight's treasures are taken away only as it is won: write it after `the "
        "next time victim wins a fight:`; a monster's own count is `-N treasures`")
    observe: ClassVar[str] = "cards"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'draw', 'draws') }} no treasures for that combat",
        "ru": "{{ w.verb(e, a, t, 'не тянешь', 'не тянет', 'не тянуть') }} сокровищ за этот "
              "бой",
        "pl": "{{ w.verb(e, a, t, 'nie dobierasz', 'nie dobiera', 'nie dobierać') }} skarbów "
              "za tę walkę",
    }
    target: Target | None = None



@dataclass(frozen=True, slots=True)
class NoLevelForIt(EffectPart):
    """`victim gains no level for it`: the level counterpart of `draws no treasures for
    it`: the player gains none of the levels the kill of the fight just won gives (the
    other winner's level is given all the same; a card's own `on kill:` line still acts)."""

    kind: ClassVar[str] = "no_level_for_it"
    rule: ClassVar[str] = "no_level_for_it"
    syntax: ClassVar[str] = 'target? ("gain" | "gains") "no" ("level" | "levels") "for" "it"'
    summary: ClassVar[str] = ("the player gains none of the levels the kill of the fight being "
                              "won gives (the other winner's level is still given)")
    example: ClassVar[str] = "victim gains no level for it"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`[TARGET] gain(s) no level for it`",
         "the player gains none of the levels of the kill of the fight being won (after "
         "`the next time victim wins a fight:`)",
         "the next time victim wins a fight: victim gains no level for it"),)
    means: ClassVar[str] = "no level lose reward spoil kill denied withhold"
    carriers: ClassVar[str | tuple[str, ...] | None] = ("curse", "trap", "disaster")
    player_target: ClassVar[bool] = True
    only_at: ClassVar[tuple[str, ...]] = ("next_win_of_victim",)
    only_at_refuse: ClassVar[str] = (
        "a won fight's levels are taken away only as it is won: write it after `the next "
        "time victim wins a fight:`; a monster's own count is `-N levels`")
    observe: ClassVar[str] = "level"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'gain', 'gains') }} no level for that combat",
        "ru": "{{ w.verb(e, a, t, 'не получаешь', 'не получает', 'не получать') }} уровня "
              "за этот бой",
        "pl": "{{ w.verb(e, a, t, 'nie zdobywasz', 'nie zdobywa', 'nie zdobywać') }} "
              "poziomu za tę walkę",
    }
    target: Target | None = None
