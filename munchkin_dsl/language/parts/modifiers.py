"""The modifiers: a signed number added to a strength or a roll.

`+3`, `+5 to monster`, `+2 against Elf, Dwarf`, `+1 for each item you have in play up to
+4`, `+2 to run away`, `-1 to all die rolls`.  The three kinds start alike (a signed
number, then what it counts); the words after the number tell them apart, so each is its
own grammar rule with its own class (LALR reads the shared start and decides at `to run
away` / `to all die rolls` / the end of the clause).  The shared pieces are the grammar's
`per` (and its `counted`), `up_to` and the `against` names, written once in
``grammar/munchkin.lark``; a strength or run-away record holds the count as the engine's
``Counting`` fields (``engine/combat.py`` works it out).

A modifier's `to X` is where the bonus goes, not the phrase's subject, so an `otherwise`
or `or` without one keeps the kind's default (``subject = False``); on a monster's own
card (a monster, a monster enhancer) a bare number is the monster's and a run-away bonus
the fleeing players' (``monster_side``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import Ref, Target

#: Where a name after `against` may be found: any trait of a player on the player side.
_TRAITS = ("races", "classes", "sexes", "tags")
#: the other players, as an author names them before a verb
_OTHERS = r"\b(?P<who>every other player|each other player|all other players|the other players)"


@dataclass(frozen=True, slots=True)
class Strength(EffectPart):
    """`+3`, `+5 to monster`, `+4 against Elf`: a side's or a player's combat strength."""

    kind: ClassVar[str] = "strength"
    rule: ClassVar[str] = "strength"
    #: the count may follow the target, as authors write it (`+1 to you for each open
    #: seal`), or come before it (`+1 for each open seal to you`)
    syntax: ClassVar[str] = ('SIGNED (per up_to? ("to" target)? | up_to? ("to" target '
                             '(per up_to?)?)?) ("against" _against_name '
                             '(LIST_COMMA _against_name)*)?')
    keeps: ClassVar[tuple[str, ...]] = ("up_to",)
    summary: ClassVar[str] = "changes combat strength of one side or player"
    example: ClassVar[str] = "+3"
    means: ClassVar[str] = "bonus plus minus strength stronger weaker power boost add"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`+N` / `-N`", "combat strength (a bare number: the kind's default target; on a "
         "monster or enhancer: the monster)", "+5 to monster"),)
    passive: ClassVar[bool] = True
    needs: ClassVar[str | None] = "fight"
    numbers: ClassVar[dict[str, str]] = {"amount": "modifier"}
    observe: ClassVar[str] = "strength"
    subject: ClassVar[bool] = False
    monster_side: ClassVar[str | None] = "monster"
    #: `every other player gets -2`: the modifier is written number first
    misphrasings: ClassVar[dict[str, str]] = {
        r"\byou get (?P<n>[+-]\d+) in your next combat\b": "until end of next combat: {n} to you",
        _OTHERS + r" gets? (?P<n>[+-]\d+) in (?:their|his|her) next combat\b":
            "{n} to {who} in their next combat",
        r"\b(?P<who>you|victim|fighter|helper|monster|every other player|each other player|"
        r"every player|each player) gets? (?P<n>[+-]\d+)(?! level)\b": "{n} to {who}",
        # `against` takes a race, class, sex or tag; what a player has is a condition
        r"(?P<n>[+-]\d+) against (?:(?:a|any|the) )?(?:player|fighter|anyone|munchkin) (?:who|that|"
        r"with) (?:has|have|carries|is carrying)? ?(?P<what>(?:a|an|no) \w+)":
            "if fighter has {what}: {n}",
    }
    text: ClassVar[dict[str, str]] = {
        "en": '{{ t.signed(e.amount) }}{{ w.per(e, t) }}\n'
              '{%- if e.target == "monster" and t.monster %}\n'
              '{%- elif t.you(e.target, a) and not t.monster %}\n'
              '{%- elif e.target == "each_player" and e.target_is %} to each '
              '{{ w.nm(e.target_is, t) }}\n'
              '{%- else %} to {{ w.WHO[e.target] }}{% endif %}\n'
              '{%- if e.against %} against {{ w.against(e, t) }}{% endif %}',
        "ru": '{{ t.signed(e.amount) }}\n'
              '{%- if e.target == "monster" and t.monster %}\n'
              '{%- elif t.you(e.target, a) and not t.monster %}\n'
              '{%- else %} {{ w.to(e, t) }}{% endif %}\n'
              '{{- w.per(e, t) }}\n'
              '{%- if e.against %}, если в бою {{ w.against(e, t) }}{% endif %}',
        "pl": '{{ t.signed(e.amount) }}{{ w.per(e, t) }}\n'
              '{%- if e.target == "monster" and t.monster %}\n'
              '{%- elif t.you(e.target, a) and not t.monster %}\n'
              '{%- else %} {{ w.to(e, t) }}{% endif %}\n'
              '{%- if e.against %}, jeśli w walce jest {{ w.against(e, t) }}{% endif %}',
    }
    amount: int = described("added to the target's combat strength (negative lowers it)", 0,
                            record=...)
    target: Target | None = described("who gets it; see TARGETS", record=...)
    #: not parsed: the lowering fills it from `to each RACE`
    target_is: str | None = described("for each_player: only players who are this")
    per: str | None = described("'card': amount is multiplied by the cards discarded as "
                                "cost; 'open_seal': by the open Seals; 'each': by for_each")
    against: Ref | None = described("applies only when a player of this race/class/sex/tag "
                                    "is on the player side (monster bonuses and penalties)",
                                    names=_TRAITS)
    #: not parsed: a record written by hand (an engine's own data) may count every fighter
    counted_once: bool = described("true: applies once even if fighter and helper both "
                                   "qualify", True)
    against_also: tuple[Ref, ...] = described("further names after `against`: any of them "
                                              "will do", (), names=_TRAITS)
    counted: CountPart | None = None
    up_to: int | None = None


@dataclass(frozen=True, slots=True)
class RunAway(EffectPart):
    """`+2 to run away`, `-1 per card to run away`: the run-away roll of the one who flees."""

    kind: ClassVar[str] = "run_away"
    rule: ClassVar[str] = "run_away"
    syntax: ClassVar[str] = ('SIGNED (per up_to? "to" "run" "away" | up_to? "to" "run" "away" '
                             '(per up_to?)?)')
    keeps: ClassVar[tuple[str, ...]] = ("up_to",)
    summary: ClassVar[str] = "changes run-away rolls"
    example: ClassVar[str] = "+2 to run away"
    means: ClassVar[str] = "flee flight escape run away roll bonus"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`+N to run away` / `-N to run away`",
         "run-away rolls (on a monster: of everyone fleeing it)", "-2 to run away"),)
    carriers: ClassVar[tuple[str, ...]] = (
        "class", "curse", "disaster", "door", "hireling", "item", "one-shot", "race",
        "sidekick", "trap", "treasure", "monster", "monster-enhancer")
    passive: ClassVar[bool] = True
    needs: ClassVar[str | None] = "flight"
    numbers: ClassVar[dict[str, str]] = {"amount": "modifier"}
    observe: ClassVar[str] = "run_away"
    subject: ClassVar[bool] = False
    monster_side: ClassVar[str | None] = "player_side"
    #: a roll being made is changed with the same words (`when another player rolls to run
    #: away: -3 to run away`, `after run away roll: +1 to run away`)
    misphrasings: ClassVar[dict[str, str]] = {
        r"(?P<n>[+-]\d+) to (?:that|the|this|their|his|her) (?:run[- ]away )?roll\b":
            "{n} to run away",
        # a run-away modifier reaches the card's player (a monster's: everyone fleeing
        # it); another player's roll is changed at the event of their roll (the sixth
        # held-out set's Tractor Beam: `-2 to run away to fighter`, E002 'unexpected to')
        r"(?P<n>[+-]\d+) to run[- ]away (?:to|for) (?:the )?(?!each\b|every\b)\w+":
            "when another player rolls to run away: {n} to run away"}
    text: ClassVar[dict[str, str]] = {
        "en": '{{ t.signed(e.amount) }}{{ w.per(e, t) }} to Run Away\n'
              '{%- if not (t.you(e.target, a) or e.target == "player_side") %} for '
              '{{ w.WHO[e.target] }}{% endif %}',
        "ru": '{{ t.signed(e.amount) }} к смывке{{ w.per(e, t) }}\n'
              '{%- if not (t.you(e.target, a) or e.target == "player_side") %} для '
              '{{ w.GEN[e.target] }}{% endif %}',
        "pl": '{{ t.signed(e.amount) }}{{ w.per(e, t) }} do ucieczki\n'
              '{%- if not (t.you(e.target, a) or e.target == "player_side") %} dla '
              '{{ w.GEN[e.target] }}{% endif %}',
    }
    amount: int = described("added to the run-away die roll of the target (on a monster: "
                            "of everyone fleeing it)", 0, record=...)
    target: Target | None = described("whose roll; see TARGETS")
    per: str | None = described("'card': per card discarded as cost")
    counted: CountPart | None = None
    up_to: int | None = None


@dataclass(frozen=True, slots=True)
class DieRolls(EffectPart):
    """`-1 to all die rolls`: every die the target rolls (a curse on its victim)."""

    kind: ClassVar[str] = "die_rolls"
    rule: ClassVar[str] = "die_rolls"
    syntax: ClassVar[str] = 'SIGNED "to" "all" "die" "rolls"'
    summary: ClassVar[str] = "changes every die roll of a player"
    example: ClassVar[str] = "+1 to all die rolls"
    means: ClassVar[str] = "dice die roll rolls result"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`+N to all die rolls`", "every die roll of the target",
         "until victim loses headgear: -1 to all die rolls"),)
    carriers: ClassVar[str | tuple[str, ...] | None] = "players"
    refuse_at: ClassVar[dict[str, str]] = {"while_open": "a Seal changes strengths, not dice"}
    #: a monster's Bad Stuff that dogs its victim's dice is their run-away penalty: the form
    #: that is kept on the victim (engine/durations.py)
    kind_refuse: ClassVar[dict[str, str]] = dict.fromkeys(
        ("monster", "monster-enhancer"),
        "a monster changes the dice of its victim as a lasting run-away penalty: `bad stuff, "
        "until the end of your next turn: -1 to run away` (or `until victim kills a monster`)")
    passive: ClassVar[bool] = True
    needs: ClassVar[str | None] = "flight"
    player_target: ClassVar[bool] = True
    numbers: ClassVar[dict[str, str]] = {"amount": "modifier"}
    observe: ClassVar[str] = "die_roll"
    subject: ClassVar[bool] = False
    text: ClassVar[dict[str, str]] = {
        "en": '{{ t.signed(e.amount) }} to all {{ "" if t.you(e.target, a) else '
              'w.WHO[e.target] ~ "\'s " }}die rolls',
        "ru": '{{ t.signed(e.amount) }} ко всем броскам кубика{{ "" if t.you(e.target, a) '
              'else " " ~ w.GEN[e.target] }}',
        "pl": '{{ t.signed(e.amount) }} do wszystkich rzutów kością{{ "" if '
              't.you(e.target, a) else " " ~ w.GEN[e.target] }}',
    }
    amount: int = described("added to every die roll the target makes", 0, record=...)
    target: Target | None = described("whose rolls; see TARGETS", record=...)
