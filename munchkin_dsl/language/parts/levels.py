"""Effects on a player's level: going up, going down, a level that becomes N, a stolen level.

`gain 1 level`, `lose as many levels as the roll shows`, `lose half your levels`, `go to
the level of the lowest level player`, `steal 1 level from another player`.  A gain or a
loss of N levels takes the amount forms (`gain up to 2 levels`, `lose 1 level for each
item you have in play, at least 1`: the amount parts of ``parts/amounts.py`` and the
grammar's `per`), which the engine works out when it applies (``engine/amounts.py``).
The fixed rules about levels (1 at least, 10 only by a kill, a fight's reward after the
fight) are the engine's (:mod:`munchkin_dsl.engine.effects_levels`, keyed by the same
kinds) and the checker's
(:mod:`munchkin_dsl.compiler.checks.fixed_rules`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import AmountPart, EffectPart, described
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import Target

#: a level counted as `a level` is written `1 level` (misphrasings), but not in the events
#: that say `a level` (`when another player loses a level`, `the next time you gain a level`)
_NOT_AN_EVENT = ("(?<!player )(?<!when you )(?<!time you )(?<!when victim )"
                 "(?<!time victim )(?<!until victim )(?<!until you )(?<!would )")


@dataclass(frozen=True, slots=True)
class GainLevels(EffectPart):
    """`gain 1 level`, `gain 1 level per monster`: the target goes up."""

    kind: ClassVar[str] = "gain_levels"
    rule: ClassVar[str] = "gain_levels"
    syntax: ClassVar[str] = ('target? ("gain" | "gains") amount_pre? INT _levels per_monster? '
                             'per? amount_post*')
    subrules: ClassVar[str] = 'per_monster: "per" "monster"'
    misphrasings: ClassVar[dict[str, str]] = {
        _NOT_AN_EVENT + r"\b(?:gain|gains|go up|goes up) (?:a|one) level\b": "gain 1 level",
    }
    summary: ClassVar[str] = "a player goes up levels"
    example: ClassVar[str] = "gain 1 level"
    means: ClassVar[str] = "gain level levels up rise advance win"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`gain(s) N level(s)`",
         "levels up; stops at 9 outside a kill unless the card overrides rule 4",
         "any time: any player gains 1 level"),)
    player_target: ClassVar[bool] = True
    reward: ClassVar[bool] = True
    numbers: ClassVar[dict[str, str]] = {"amount": "levels"}
    observe: ClassVar[str] = "level"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ w.verb(e, a, t, "go up", "goes up") }} {{ w.amount_pre(e, t) }}'
              '{{ e.amount }} {{ t.plural("level", e.amount) }}{{ w.amount_post(e, t) }}\n'
              '{%- if e.per_monster %} per monster{% endif %}',
        "ru": '{{ w.verb(e, a, t, "получаешь", "получает", "получить") }} '
              '{{ w.amount_pre(e, t) }}{{ e.amount }} {{ t.plural("level", e.amount) }}'
              '{{ w.amount_post(e, t) }}\n'
              '{%- if e.per_monster %} за каждого монстра{% endif %}',
        "pl": '{{ w.verb(e, a, t, "zyskujesz", "zyskuje", "zyskać") }} '
              '{{ w.amount_pre(e, t) }}{{ e.amount }} {{ t.plural("level", e.amount) }}'
              '{{ w.amount_post(e, t) }}\n'
              '{%- if e.per_monster %} za każdego potwora{% endif %}',
    }
    amount: int = described("levels gained", 0, record=...)
    target: Target | None = described("who gains; see TARGETS", record=...)
    #: not parsed: the lowering fills it from `each RACE`
    target_is: str | None = described("for each_player: only players who are this")
    per_monster: bool = described("amount is per monster killed in the combat; outside a "
                                  "kill the engine stops the gain below the winning level "
                                  "(fixed rule 4, unless the card overrides it or an optional "
                                  "rule lifts it)", False)
    per: str | None = None
    counted: CountPart | None = None
    amounts: tuple[AmountPart, ...] = ()


@dataclass(frozen=True, slots=True)
class LoseLevels(EffectPart):
    """`lose 1 level`, `lose as many levels as the roll shows`: the target goes down."""

    kind: ClassVar[str] = "lose_levels"
    rule: ClassVar[str] = "lose_levels"
    syntax: ClassVar[str] = ('target? _loses (amount_pre? INT _levels per? amount_post* '
                             '| from_roll | half_levels)')
    # `lose as many levels as the roll shows`: the amount is the die of the line's `roll N+`;
    # `lose half your levels` (rounded down unless it says `rounded up`)
    subrules: ClassVar[str] = (
        'from_roll: "as" "many" "levels" "as" "the" "roll" "shows"\n'
        'half_levels: "half" ("your" | "their")? _levels ("rounded" "down")?  -> half_down\n'
        '           | "half" ("your" | "their")? _levels "rounded" "up"  -> half_up')
    summary: ClassVar[str] = "a player goes down levels (never below 1)"
    example: ClassVar[str] = "lose 1 level"
    means: ClassVar[str] = "lose level levels down drop fall"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`lose(s) N level(s)`", "levels down (never below 1)", "bad stuff: lose 3 levels"),
        ("`lose(s) as many levels as the roll shows`", "the die of the line's `roll N+`",
         "bad stuff, roll 3+: lose as many levels as the roll shows, otherwise die"),
        ("`lose(s) half your levels [rounded up]`",
         "each target loses half its level, rounded down unless it says `rounded up`",
         "bad stuff: lose half your levels rounded up"))
    player_target: ClassVar[bool] = True
    numbers: ClassVar[dict[str, str]] = {"amount": "levels"}
    observe: ClassVar[str] = "level"
    misphrasings: ClassVar[dict[str, str]] = {  # not the events `when you lose a level`...
        _NOT_AN_EVENT + r"\b(?:lose|loses|go down|goes down) (?:a|one) level\b": "lose 1 level",
    }
    text: ClassVar[dict[str, str]] = {
        "en": '{{ w.verb(e, a, t, "lose", "loses") }} {% if t.field(e, "half") %}half '
              '{{ w.poss(e, a, t) }} {{ t.plural("level", 2) }} (rounded {{ e.half }})'
              '{% elif t.field(e, "from_roll") %}as many {{ t.plural("level", 2) }} as the '
              'roll shows{% else %}{{ w.amount_pre(e, t) }}{{ e.amount }} '
              '{{ t.plural("level", e.amount) }}{{ w.amount_post(e, t) }}{% endif %}',
        "ru": '{{ w.verb(e, a, t, "теряешь", "теряет", "потерять") }} '
              '{% if t.field(e, "half") %}половину своих {{ t.plural("level", 5) }} (с '
              'округлением {{ "вниз" if e.half == "down" else "вверх" }})'
              '{% elif t.field(e, "from_roll") %}столько {{ t.plural("level", 5) }}, сколько '
              'выпало на кубике{% else %}{{ w.amount_pre(e, t) }}{{ e.amount }} '
              '{{ t.plural("level", e.amount) }}{{ w.amount_post(e, t) }}{% endif %}',
        "pl": '{{ w.verb(e, a, t, "tracisz", "traci", "stracić") }} '
              '{% if t.field(e, "half") %}połowę swoich {{ t.plural("level", 5) }} '
              '(zaokrąglając w {{ "dół" if e.half == "down" else "górę" }})'
              '{% elif t.field(e, "from_roll") %}tyle {{ t.plural("level", 5) }}, ile wypadło '
              'na kostce{% else %}{{ w.amount_pre(e, t) }}{{ e.amount }} '
              '{{ t.plural("level", e.amount) }}{{ w.amount_post(e, t) }}{% endif %}',
    }
    #: before the ':' a fixed number of the owner's levels is a cost (`lose 1 level: may
    #: kill the monster outright`), paid only by an owner above that many levels
    cost: ClassVar[bool] = True
    #: its one cost form, a fixed number of levels (``cost_record`` tells it from a half or
    #: a roll, which are no cost)
    cost_kinds: ClassVar[dict[str, str]] = {"levels": "lose_levels"}
    cost_refuse: ClassVar[tuple[str, str]] = (
        "a cost of levels is a fixed number of the owner's own levels",
        "write `lose N levels: ...`; a count, a half or a roll goes after the ':'")
    cost_words: ClassVar[str] = "a level loss"
    cost_as_effect: ClassVar[bool] = False
    cost_forms: ClassVar[tuple[tuple[str, str, str, str], ...]] = (
        ("lose_levels", "`lose N level(s)`",
         "N of the owner's levels; a line is offered only to an owner above level N (a "
         "cost never takes a player to level 0), and no card answers a level paid",
         "lose 1 level: may kill the monster outright"),)
    cost_text: ClassVar[dict[str, str]] = {
        "en": 'lose {{ c.count }} {{ t.plural("level", c.count) }}',
        "ru": 'потеряй {{ c.count }} {{ t.plural("level", c.count) }}',
        "pl": 'strać {{ c.count }} {{ t.plural("level", c.count) }}',
    }
    amount: int | None = described("levels lost; the engine never takes a player below "
                                   "level 1", None, record=..., unset=0)
    target: Target | None = described("who loses; see TARGETS", record=...)
    #: not parsed: the lowering fills it from `each RACE` (`each player who is an Elf`)
    target_is: str | None = described("for each_player: only players who are this")
    from_roll: bool = described("the amount is the die rolled for the ability's `roll` (as "
                                "many levels as the roll shows); amount is then 0", False)
    half: str | None = described("'down' or 'up': each target loses half its level, rounded "
                                 "so (`lose half your levels`); amount is then 0",
                                 choices=("down", "up"), quiet=True)
    per: str | None = None
    counted: CountPart | None = None
    amounts: tuple[AmountPart, ...] = ()

    def cost_record(self) -> tuple[str, int] | None:
        """(lose_levels, N) for a fixed number of levels; a half or a roll is no cost."""
        if self.half or self.from_roll or not self.amount:
            return None
        return self.kind, self.amount


@dataclass(frozen=True, slots=True)
class SetLevel(EffectPart):
    """`go to level 7`, `go to the level of the lowest level player`."""

    kind: ClassVar[str] = "set_level"
    rule: ClassVar[str] = "set_level"
    syntax: ClassVar[str] = 'target? ("go" | "goes") "to" ("level" INT | level_of)'
    # `go to the level of the lowest level player`: a level read from the table
    subrules: ClassVar[str] = (
        'level_of: "the" "level" "of" "the"? "lowest" "level" "player"   -> lowest_level\n'
        '        | "the" "level" "of" "the"? "highest" "level" "player"  -> highest_level')
    summary: ClassVar[str] = "a player's level becomes a given number"
    example: ClassVar[str] = "go to level 7"
    means: ClassVar[str] = "set level become reset"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`go(es) to the level of the lowest level player` (or `highest`)",
         "a level read from the table when it applies",
         "bad stuff: go to the level of the lowest level player"),
        ("`go(es) to level N`",
         "the level becomes N (below 1 breaks rule 1; 10 or more outside a kill breaks rule 4)",
         "on reveal: the lowest level player goes to level 2"))
    player_target: ClassVar[bool] = True
    reward: ClassVar[bool] = True
    numbers: ClassVar[dict[str, str]] = {"level": "set_level"}
    observe: ClassVar[str] = "level"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ w.verb(e, a, t, "go to", "goes to") }} {% if t.field(e, "level_of") %}the '
              '{{ t.term("level") }} of the {{ "lowest" if e.level_of == "lowest_level" else '
              '"highest" }}-level player{% else %}{{ t.term("level") }} {{ e.level }}'
              '{% endif %}',
        "ru": '{{ w.verb(e, a, t, "переходишь на", "переходит на", "перейти на") }} '
              '{% if t.field(e, "level_of") %}{{ t.term("level") }} {{ w.GEN[e.level_of] }}'
              '{% else %}{{ t.term("level") }} {{ e.level }}{% endif %}',
        "pl": '{{ w.verb(e, a, t, "przechodzisz na", "przechodzi na", "przejść na") }} '
              '{% if t.field(e, "level_of") %}{{ t.term("level") }} gracza z '
              '{{ "najniższym" if e.level_of == "lowest_level" else "najwyższym" }} poziomem'
              '{% else %}{{ t.term("level") }} {{ e.level }}{% endif %}',
    }
    #: None with `level_of` (no number written: no range or rule-1 check reads one)
    level: int | None = described("the new level; the fixed rules forbid below 1 and, outside "
                                  "a kill, 10", None, record=..., unset=0)
    target: Target | None = described("whose level", record=...)
    level_of: str | None = described("the level is read when it applies: lowest_level (the "
                                     "lowest living player's), highest_level; level is then 0",
                                     choices=("lowest_level", "highest_level"))


@dataclass(frozen=True, slots=True)
class StealLevel(EffectPart):
    """`steal 1 level from another player`: a level moves from one player to another."""

    kind: ClassVar[str] = "steal_level"
    rule: ClassVar[str] = "steal_level"
    syntax: ClassVar[str] = ('target? ("steal" | "steals") INT _levels "from" target per? '
                             'amount_post*')
    from_end: ClassVar[tuple[str, ...]] = ("source",)
    summary: ClassVar[str] = "a level moves from one player to another"
    example: ClassVar[str] = "steal 1 level from another player"
    means: ClassVar[str] = "steal level levels take rob"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`steal(s) N level(s) from TARGET` [`for each ...`]",
         "a level moves to the owner (none from a level-1 player); the number takes the "
         "amount forms of §6.5",
         "you steal 1 level from another player"),)
    player_target: ClassVar[bool] = True
    reward: ClassVar[bool] = True
    numbers: ClassVar[dict[str, str]] = {"amount": "levels"}
    observe: ClassVar[str] = "level"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ w.verb(e, a, t, "steal", "steals") }} {{ e.amount }} '
              '{{ t.plural("level", e.amount) }} from {{ w.WHO[e.source] }}'
              '{{ w.amount_post(e, t) }}',
        "ru": '{{ w.verb(e, a, t, "крадёшь", "крадёт", "украсть") }} {{ e.amount }} '
              '{{ t.plural("level", e.amount) }} у {{ w.GEN[e.source] }}'
              '{{ w.amount_post(e, t) }}',
        "pl": '{{ w.verb(e, a, t, "kradniesz", "kradnie", "ukraść") }} {{ e.amount }} '
              '{{ t.plural("level", e.amount) }} {{ w.TO[e.source] }}'
              '{{ w.amount_post(e, t) }}',
    }
    amount: int = described("levels taken; none is gained from a player already at level 1",
                            0, record=...)
    target: Target | None = described("who gains")
    source: Target | None = described("who loses; see TARGETS", record="another_player")
    per: str | None = None
    counted: CountPart | None = None
    amounts: tuple[AmountPart, ...] = ()
