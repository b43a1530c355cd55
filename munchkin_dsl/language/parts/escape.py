"""Effects on running away and on who wins: the escape rules a card bends.

`escape every monster`, `no escape`, `nobody may discard a Sidekick to escape`, `win ties`,
`will not pursue`, `roll run away again`, `the roll fails`, `the monster turns on the player
to your left`.  What each does is the engine's: the passive ones (no escape, no sacrifice,
win ties, will not pursue) are read by the combat
maths (:mod:`munchkin_dsl.engine.combat`, :mod:`munchkin_dsl.engine.fight`), the others
are handlers of :data:`munchkin_dsl.engine.effects_apply.APPLY` keyed by the same kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EffectPart, described
from munchkin_dsl.language.nodes import Ref, Target


@dataclass(frozen=True, slots=True)
class AutoEscape(EffectPart):
    """`escape every monster`: the whole combat is escaped with no roll."""

    kind: ClassVar[str] = "auto_escape"
    rule: ClassVar[str] = "auto_escape"
    syntax: ClassVar[str] = 'target? ("escape" | "escapes") "every" "monster"'
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:you )?(?:escape|escapes|run away|runs away|flee|flees) (?:automatically|"
        r"without (?:a |rolling|a roll))\b": "you escape every monster",
        # a paid escape instead of the roll, as card text says it: the price first
        r"\b(?:the fighter|you) may (?:discard|sacrifice) (?:an?|1|one) (?P<n>item|card) to "
        r"(?:escape|run away|flee)\b": "instead of run away roll, discard 1 {n}: escape "
                                        "every monster",
    }
    summary: ClassVar[str] = 'escape every monster of the combat with no roll'
    example: ClassVar[str] = 'escape every monster'
    means: ClassVar[str] = 'escape flee run away automatically automatic'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`escape(s) every monster`',
         'escape the whole combat with no roll, even "no escape" monsters',
         'in combat, discard this card: you escape every monster'),
    )
    needs: ClassVar[str | None] = "escape"
    player_target: ClassVar[bool] = True
    observe: ClassVar[str] = "escape"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ w.verb(e, a, t, "escape", "escapes") }} every monster automatically',
        "ru": '{{ w.verb(e, a, t, "автоматически смываешься", "автоматически смывается", '
              '"автоматически смыться") }} от всех монстров',
        "pl": '{{ w.verb(e, a, t, "automatycznie uciekasz", "automatycznie ucieka", '
              '"automatycznie uciec") }} przed wszystkimi potworami',
    }
    target: Target | None = described("who escapes (even monsters that forbid escape)")


@dataclass(frozen=True, slots=True)
class EscapeOne(EffectPart):
    """`you escape one monster`: one monster of the fight, chosen, lets the player go with
    no roll; the others are still run from with a roll (Diplomat: "automatically runs away
    from one monster").  `that monster` / `the monster` on a line about one monster (a
    monster's own line, `when a monster ...`) is that one; otherwise the player picks the
    one hardest to flee.  Against a single monster it is `escape every monster`."""

    kind: ClassVar[str] = "escape_one"
    rule: ClassVar[str] = "escape_one"
    syntax: ClassVar[str] = ('target? ("escape" | "escapes") ("one" "monster" | "a" "monster" '
                             '"of" ("your" | "their" | "his" | "her") "choice" | "that" '
                             '"monster" | "the" "monster")')
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:you )?(?:automatically )?(?:escape|escapes|run away from|runs away from|flee|"
        r"flees) (?:from )?(?:one|a single|1|any one) (?:of the )?monsters?\b":
            "you escape one monster",
    }
    summary: ClassVar[str] = ('escape one monster of the fight with no roll; the others are '
                              'still run from with a roll')
    example: ClassVar[str] = 'escape one monster'
    means: ClassVar[str] = 'escape flee run away automatically one single chosen monster'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`escape(s) one monster` / `a monster of your choice`',
         'one monster of the fight (chosen: the hardest to flee) lets the player go with no '
         'roll; the others are still rolled against',
         'in combat, discard 1 card: you escape one monster'),
        ('`escape(s) that monster` / `the monster`',
         'the monster the line is about lets the player go',
         'in combat, discard 1 card: you escape the monster'),
    )
    #: the roll is made (or failed) already there: the monster let go is chosen before it
    refuse_at: ClassVar[dict[str, str]] = {
        timing: "the run-away roll is made already here, and one monster is let go only "
        "before it: write `you escape every monster` here, or `escape one monster` `in "
        "combat`" for timing in ("after_run_away_roll", "after_failed_run_away",
                                 "next_run_away_roll", "joins_as_helper")}
    needs: ClassVar[str | None] = "escape"
    player_target: ClassVar[bool] = True
    observe: ClassVar[str] = "escape"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ w.verb(e, a, t, "escape", "escapes") }} one chosen monster automatically',
        "ru": '{{ w.verb(e, a, t, "автоматически смываешься", "автоматически смывается", '
              '"автоматически смыться") }} от одного монстра на выбор',
        "pl": '{{ w.verb(e, a, t, "automatycznie uciekasz", "automatycznie ucieka", '
              '"automatycznie uciec") }} przed jednym wybranym potworem',
    }
    target: Target | None = described("who escapes that one monster")


@dataclass(frozen=True, slots=True)
class NoEscape(EffectPart):
    """`no escape`: nobody may roll to run away from this monster."""

    kind: ClassVar[str] = "no_escape"
    rule: ClassVar[str] = "no_escape"
    syntax: ClassVar[str] = '"no" "escape"'
    misphrasings: ClassVar[dict[str, str]] = {  # who may not flee is the line's condition
        r"\b(?:an? )?(?!(?:you|victim|fighter|helper|players?|they|he|she|it|monsters?|"
        r"someone|anyone|nobody)\b)(?P<n>[a-z]+?)(?:e?s)? (?:can'?t|cannot|may not|can not) "
        r"(?:run away|"
        r"escape|flee)(?: from (?:it|this monster|him|her|them))?\b":
            "if fighter is {n}: no escape",
        r"\b(?:you|the fighter|fighter|players?|nobody|no one) (?:can'?t|cannot|may not|can not) "
        r"(?:run away|escape|flee) from (?:it|this monster|him|her|them)\b": "no escape",
    }
    summary: ClassVar[str] = 'nobody may roll to run away from this monster'
    example: ClassVar[str] = 'no escape'
    means: ClassVar[str] = "cannot can't escape flee run away no prevent forbid block"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`no escape`',
         'nobody may roll to run away',
         'no escape'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'monster-side'
    needs: ClassVar[str | None] = "fight"
    passive: ClassVar[bool] = True
    observe: ClassVar[str] = "caught_anyway"
    text: ClassVar[dict[str, str]] = {
        "en": 'nobody can run away from this monster',
        "ru": 'от этого монстра нельзя смыться',
        "pl": 'przed tym potworem nie da się uciec',
    }


@dataclass(frozen=True, slots=True)
class WinTies(EffectPart):
    """`win ties`: the player side wins at equal strength."""

    kind: ClassVar[str] = "win_ties"
    rule: ClassVar[str] = "win_ties"
    syntax: ClassVar[str] = '("win" | "wins") "ties"'
    summary: ClassVar[str] = 'the player side wins when strengths are equal'
    example: ClassVar[str] = 'win ties'
    means: ClassVar[str] = 'tie ties win draw equal'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`win(s) ties`',
         'the player side wins at equal strength',
         'wins ties'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'player-cards'
    needs: ClassVar[str | None] = "fight"
    passive: ClassVar[bool] = True
    observe: ClassVar[str] = "ties"
    text: ClassVar[dict[str, str]] = {
        "en": 'you win ties',
        "ru": 'побеждаешь при ничьей',
        "pl": 'wygrywasz przy remisie',
    }


@dataclass(frozen=True, slots=True)
class WillNotPursue(EffectPart):
    """`will not pursue`: the monster lets the fighter go without a fight."""

    kind: ClassVar[str] = "will_not_pursue"
    rule: ClassVar[str] = "will_not_pursue"
    syntax: ClassVar[str] = '"will" "not" "pursue"'
    misphrasings: ClassVar[dict[str, str]] = {  # the level is the line's condition
        r"\b(?:will not|won'?t|does not|doesn'?t|never) (?:pursue|chase) (?:anyone |players? |"
        r"characters? |munchkins? |fighters? )?(?:of |at |with |below |under )?(?:level )?"
        r"(?P<n>\d+) (?:or|and) (?:lower|less|below|under)\b":
            "if fighter is level {n} or lower: will not pursue",
    }
    summary: ClassVar[str] = 'the monster lets the fighter go without a fight'
    example: ClassVar[str] = 'will not pursue'
    means: ClassVar[str] = 'pursue chase follow ignore let go'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`will not pursue`',
         'the monster lets the fighter go',
         'if fighter is level 5 or lower: will not pursue'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = ('monster',)
    needs: ClassVar[str | None] = "table"
    passive: ClassVar[bool] = True
    observe: ClassVar[str] = "outcome"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ "" if t.monster else "the monster " }}will not pursue',
        "ru": '{{ "" if t.monster else "монстр " }}не преследует {{ "тебя" if a.conditions and '
              't.subject(a.conditions[0], a) == "you" else "его" }}',
        "pl": '{{ "" if t.monster else "potwór " }}nie ściga',
    }


@dataclass(frozen=True, slots=True)
class Reroll(EffectPart):
    """`roll run away again`: the failed run-away roll is made again."""

    kind: ClassVar[str] = "reroll"
    rule: ClassVar[str] = "reroll"
    syntax: ClassVar[str] = '"roll" "run" "away" "again"'
    summary: ClassVar[str] = 'the run-away roll is made again'
    example: ClassVar[str] = 'roll run away again'
    means: ClassVar[str] = 'reroll roll again retry second chance'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`roll run away again`',
         'the run-away roll is made again',
         'after failed run away roll, once per combat, discard 1 card: roll run away again'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'player-cards'
    needs: ClassVar[str | None] = "failed_roll"
    observe: ClassVar[str] = "escape"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ "you may " if e.optional }}roll to Run Away again',
        "ru": '{{ "можешь перебросить" if e.optional else "перебрасываешь" }} кубик смывки',
        "pl": '{{ "możesz ponownie rzucić" if e.optional else "rzucasz ponownie" }} na ucieczkę',
    }


@dataclass(frozen=True, slots=True)
class FailRoll(EffectPart):
    """`the roll fails`: the run-away roll being made fails whatever the die shows."""

    kind: ClassVar[str] = "fail_roll"
    rule: ClassVar[str] = "fail_roll"
    syntax: ClassVar[str] = '"the" "roll" "fails"'
    summary: ClassVar[str] = 'the run-away roll being made fails whatever the die shows'
    example: ClassVar[str] = 'the roll fails'
    means: ClassVar[str] = 'fail fails failure roll die spoil miss lose cursed'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`the roll fails`',
         'the run-away roll being made is a failure whatever the die shows (at `next run away '
         'roll` only)',
         'next run away roll: the roll fails'),
    )
    needs: ClassVar[str | None] = "roll"
    observe: ClassVar[str] = "caught_anyway"
    text: ClassVar[dict[str, str]] = {
        "en": 'the roll fails',
        "ru": 'бросок проваливается',
        "pl": 'rzut jest nieudany',
    }


@dataclass(frozen=True, slots=True)
class TurnOn(EffectPart):
    """`the monster turns on the player to your left` (Kid): at `when caught`, the Bad
    Stuff goes to that player and the owner is spared."""

    kind: ClassVar[str] = "turn_on"
    rule: ClassVar[str] = "turn_on"
    syntax: ClassVar[str] = '"the" "monster" "turns" "on" target'
    summary: ClassVar[str] = ('the monster that caught the owner turns on another player, who '
                              'suffers its Bad Stuff instead')
    example: ClassVar[str] = 'the monster turns on the player to your left'
    means: ClassVar[str] = ('turn monster instead other player left right redirect bad stuff '
                            'victim escape')
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`the monster turns on TARGET`',
         'at `when caught`: the Bad Stuff goes to that player (a seat, `another player`...) and '
         'the owner is spared',
         'when caught, roll 5+: the monster turns on the player to your left'),
    )
    carriers: ClassVar[str | tuple[str, ...] | None] = 'players'
    needs: ClassVar[str | None] = "caught_only"
    player_target: ClassVar[bool] = True
    observe: ClassVar[str] = "items"
    text: ClassVar[dict[str, str]] = {
        "en": 'the monster turns on {{ w.WHO[e.target] }} instead',
        "ru": 'монстр вместо тебя нападает на {{ w.GEN[e.target] }}',
        "pl": 'potwór zamiast ciebie atakuje {{ w.GEN[e.target] }}',
    }
    target: Target | None = described("who the monster turns on: see TARGETS",
                                      record="left_player")


@dataclass(frozen=True, slots=True)
class NoSacrifice(EffectPart):
    """`nobody may discard a Sidekick to escape`: a monster that forbids the sacrifice
    escape.  Star Munchkin lets a player who lost discard a Sidekick instead of the run-away
    roll and escape every monster, even one that forbids escape (seed 003, «Напарники»;
    the Sidekick's own line: `instead of run away roll, discard this card: you escape
    every monster`); a monster's card may still say it does not (the card beats the rule).
    While it is in the fight, no line `instead of run away roll` that discards its own card
    of the filter (a Sidekick, a Hireling, an item, any card) may be used."""

    kind: ClassVar[str] = "no_sacrifice"
    rule: ClassVar[str] = "no_sacrifice"
    syntax: ClassVar[str] = ('("nobody" | "no" "one") ("may" | "can") ("discard" | "sacrifice") '
                             '("a" | "an" | "any")? WORD "to" ("escape" | "run" "away")')
    summary: ClassVar[str] = ('nobody may discard a card in play of the filter (a Sidekick, a '
                              'Hireling, an item...) instead of the run-away roll to escape '
                              'this monster (the Sidekick sacrifice, which by the rules '
                              'escapes even a monster with `no escape`)')
    example: ClassVar[str] = 'nobody may discard a card to escape'
    monster_example: ClassVar[str | None] = 'nobody may discard a card to escape'
    means: ClassVar[str] = "sacrifice sidekick hireling red shirt forbid save"
    carriers: ClassVar[str | tuple[str, ...] | None] = 'monster-side'
    needs: ClassVar[str | None] = "fight"
    passive: ClassVar[bool] = True
    filters: ClassVar[tuple[str, ...]] = ("what",)
    observe: ClassVar[str] = "sacrifice"
    text: ClassVar[dict[str, str]] = {
        "en": 'nobody may discard {{ a_fw(e.what, t) }} to escape this monster',
        "ru": 'от этого монстра нельзя смыться, сбросив {{ fw(e.what, 1, t) }}',
        "pl": 'przed tym potworem nie da się uciec, odrzucając {{ fw(e.what, 1, t) }}',
    }
    what: Ref | None = None
