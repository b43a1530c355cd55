"""Strength operators and rolled amounts: effects that read the fight as it stands.

`double the strength of monster`, `halve the strength of monster`, `monster loses all
bonuses`, `set the strength of monster to 0`, `kill the monster outright`, `+2 dice to
monster`.  Each is played into a fight (a one-shot, a door card, an ability used in
combat): what it changes is worked out from the strengths at that moment, so a bonus
played after it is not doubled.  The operators with ``standing`` are also read all fight
long, after every bonus, on a line with no moment of its own: a monster's own line, a
card in play's `while in play` (engine/monster_operators.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import AmountPart, EffectPart
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import Target

#: Played into a fight: never read from the table, so `continuous` lines are refused.
FIGHT_CARRIERS = ("class", "curse", "disaster", "door", "hireling", "item", "one-shot",
                   "race", "sidekick", "trap", "treasure")
#: The operators that also stand on a monster's own line (or its enhancer's): read there all
#: fight long, after every bonus (engine/combat.py `_own_operators`).
OPERATOR_CARRIERS = (*FIGHT_CARRIERS, "monster", "monster-enhancer")
#: The operators an item enhancer carries on its item (`double the strength of attached item`:
#: the item's bonus with its other enhancers, engine/item_traits.py `item_operators`)
ITEM_OPERATOR_CARRIERS = (*OPERATOR_CARRIERS, "item-enhancer")
#: English text opening: a line read all fight long (a monster's, a card in play's) is a
#: state ("... is doubled"), a played one an instruction ("double ...").
#: `the strength of the monster is ...`: how an author says an operator as a state (the
#: parts' ``misphrasings``, completed by what the state is)
_THE_STRENGTH_OF = (r"\bthe (?:combat )?strength of (?:the )?(?P<who>monster|fighter|helper|you|"
                    r"victim|player side) (?:is|are|becomes) ")
_ON_MONSTER = ("{% if a.timing == 'continuous' or t.card.kind in ('monster', "
               "'monster-enhancer') and a.timing == 'in_combat' %}")


@dataclass(frozen=True, slots=True)
class DoubleStrength(EffectPart):
    """`double the strength of monster`: that side's strength, as it stands, counts twice."""

    kind: ClassVar[str] = "double_strength"
    rule: ClassVar[str] = "double_strength"
    syntax: ClassVar[str] = '"double" "the"? "strength" "of" target'
    summary: ClassVar[str] = ("doubles the combat strength of a side as it stands when played "
                              "(the monster, or the player side); on a line read all fight "
                              "(a monster's own, a card in play's), its total after every bonus")
    example: ClassVar[str] = "double the strength of monster"
    means: ClassVar[str] = "double twice strength multiply times two"
    carriers: ClassVar[tuple[str, ...]] = ITEM_OPERATOR_CARRIERS
    needs: ClassVar[str | None] = "fight"
    standing: ClassVar[bool] = True
    misphrasings: ClassVar[dict[str, str]] = {
        r"\bdouble (?P<who>{POSSESSIVE}) (?:combat )?strength\b": "double the strength of {who}",
        r"(?P<who>{POSSESSIVE}) (?:combat )?strength (?:is|are) doubled\b":
            "double the strength of {who}",
        _THE_STRENGTH_OF + r"doubled\b": "double the strength of {who}",
        r"\bdouble (?:the )?bonus of (?:the |this )?(?:attached|enhanced) item\b|"
        r"\b(?:the )?(?:attached|enhanced) item'?s? bonus (?:is )?doubled\b":
            "double the strength of attached item",
    }
    observe: ClassVar[str] = "strength"
    text: ClassVar[dict[str, str]] = {
        "en": _ON_MONSTER + "{{ w.strength_of(e, a, t) }} is doubled{% else %}double "
              "{{ w.strength_of(e, a, t) }}{% endif %}",
        "ru": "{{ w.strength_of(e, a, t) }} удваивается",
        "pl": "{{ w.strength_of(e, a, t) }} zostaje podwojona",
    }
    target: Target | None = None


@dataclass(frozen=True, slots=True)
class HalveStrength(EffectPart):
    """`halve the strength of monster`: that side's strength, as it stands, is halved."""

    kind: ClassVar[str] = "halve_strength"
    rule: ClassVar[str] = "halve_strength"
    syntax: ClassVar[str] = '"halve" "the"? "strength" "of" target halve_rounding?'
    subrules: ClassVar[str] = ('halve_rounding: "rounded" "down"  -> not_up\n'
                               '              | "rounded" "up"  -> up')
    summary: ClassVar[str] = ("halves the combat strength of a side as it stands when played, "
                              "rounded down (`rounded up`: up); on a line read all fight (a "
                              "monster's own, a card in play's), its total after every bonus")
    example: ClassVar[str] = "halve the strength of monster"
    means: ClassVar[str] = "halve half divide weaken strength"
    carriers: ClassVar[tuple[str, ...]] = ITEM_OPERATOR_CARRIERS
    needs: ClassVar[str | None] = "fight"
    standing: ClassVar[bool] = True
    misphrasings: ClassVar[dict[str, str]] = {
        r"\bhalve (?P<who>{POSSESSIVE}) (?:combat )?strength\b": "halve the strength of {who}",
        r"(?P<who>{POSSESSIVE}) (?:combat )?strength (?:is|are) (?:halved|cut in half)\b":
            "halve the strength of {who}",
        _THE_STRENGTH_OF + r"(?:halved|cut in half)\b":
            "halve the strength of {who}",
    }
    observe: ClassVar[str] = "strength"
    text: ClassVar[dict[str, str]] = {
        "en": _ON_MONSTER + "{{ w.strength_of(e, a, t) }} is halved{% else %}halve "
              "{{ w.strength_of(e, a, t) }}{% endif %} (rounded {{ 'up' if e.up else 'down' }})",
        "ru": "{{ w.strength_of(e, a, t) }} уменьшается вдвое (с округлением "
              "{{ 'вверх' if e.up else 'вниз' }})",
        "pl": "{{ w.strength_of(e, a, t) }} zostaje zmniejszona o połowę "
              "({{ 'w górę' if e.up else 'w dół' }})",
    }
    target: Target | None = None
    #: `rounded up`: an odd strength keeps its half point (7 -> 4); rounded down by default
    up: bool = False


@dataclass(frozen=True, slots=True)
class MultiplyStrength(EffectPart):
    """`triple the strength of monster`, `multiply the strength of monster by 4`: that
    side's strength, as it stands, counts N times (`double` is its own part, the common
    case, kept for the records that name it)."""

    kind: ClassVar[str] = "multiply_strength"
    rule: ClassVar[str] = "multiply_strength"
    syntax: ClassVar[str] = ('"triple" "the"? "strength" "of" target '
                             '| "multiply" "the"? "strength" "of" target "by" INT')
    summary: ClassVar[str] = ("multiplies the combat strength of a side (`triple`: by 3) as it "
                              "stands when played; on a line read all fight (a monster's own, "
                              "a card in play's), its total after every bonus")
    example: ClassVar[str] = "triple the strength of monster"
    means: ClassVar[str] = "triple thrice multiply times three four strength"
    carriers: ClassVar[tuple[str, ...]] = ITEM_OPERATOR_CARRIERS
    needs: ClassVar[str | None] = "fight"
    standing: ClassVar[bool] = True
    numbers: ClassVar[dict[str, str]] = {"times": "strength_times"}
    misphrasings: ClassVar[dict[str, str]] = {
        r"\btriple (?P<who>{POSSESSIVE}) (?:combat )?strength\b": "triple the strength of {who}",
        r"(?P<who>{POSSESSIVE}) (?:combat )?strength (?:is|are) tripled\b":
            "triple the strength of {who}",
        _THE_STRENGTH_OF + r"tripled\b": "triple the strength of {who}",
        r"\bmultiply (?P<who>{POSSESSIVE}) (?:combat )?strength by (?P<n>\d+)":
            "multiply the strength of {who} by {n}",
        _THE_STRENGTH_OF + r"multiplied by (?P<n>\d+)":
            "multiply the strength of {who} by {n}",
    }
    observe: ClassVar[str] = "strength"
    text: ClassVar[dict[str, str]] = {
        "en": _ON_MONSTER + "{{ w.strength_of(e, a, t) }} is "
              "{{ 'tripled' if e.times == 3 else 'multiplied by %d' % e.times }}{% else %}"
              "{{ 'triple' if e.times == 3 else 'multiply' }} {{ w.strength_of(e, a, t) }}"
              "{{ '' if e.times == 3 else ' by %d' % e.times }}{% endif %}",
        "ru": "{{ w.strength_of(e, a, t) }} "
              "{{ 'утраивается' if e.times == 3 else 'умножается на %d' % e.times }}",
        "pl": "{{ w.strength_of(e, a, t) }} zostaje "
              "{{ 'potrojona' if e.times == 3 else 'pomnożona przez %d' % e.times }}",
    }
    target: Target | None = None
    times: int = 3


@dataclass(frozen=True, slots=True)
class LoseAllBonuses(EffectPart):
    """`monster loses all bonuses`: only levels count for that side in this fight."""

    kind: ClassVar[str] = "lose_all_bonuses"
    rule: ClassVar[str] = "lose_all_bonuses"
    syntax: ClassVar[str] = ('target _loses "all" ("its" | "their" | "your")? '
                             '"bonuses"')
    summary: ClassVar[str] = ("a side loses every bonus it has when played: only the levels "
                              "count (the monster's level, the players' levels); on a line read "
                              "all fight (a monster's own, a card in play's), all fight")
    example: ClassVar[str] = "fighter loses all bonuses"
    means: ClassVar[str] = "lose all bonuses strip cancel bonus only level counts"
    carriers: ClassVar[tuple[str, ...]] = OPERATOR_CARRIERS
    needs: ClassVar[str | None] = "fight"
    standing: ClassVar[bool] = True
    misphrasings: ClassVar[dict[str, str]] = {
        r"(?P<who>{POSSESSIVE}) bonuses (?:are|is) (?:lost|cancell?ed|canceled|removed)\b":
            "{who} loses all bonuses",
    }
    observe: ClassVar[str] = "strength"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.WHO[e.target] }} loses all bonuses (only levels count)",
        "ru": "{{ w.WHO[e.target] }} теряет все бонусы (считается только уровень)",
        "pl": "{{ w.WHO[e.target] }} traci wszystkie premie (liczy się tylko poziom)",
    }
    target: Target | None = None


@dataclass(frozen=True, slots=True)
class SetStrength(EffectPart):
    """`set the strength of monster to 0`: that side's strength counts as N, whatever its
    level and bonuses (worked out, like the other operators, from the side as it stands)."""

    kind: ClassVar[str] = "set_strength"
    rule: ClassVar[str] = "set_strength"
    syntax: ClassVar[str] = '"set" "the"? "strength" "of" target "to" INT'
    summary: ClassVar[str] = ("a side's combat strength counts as N, whatever its level and "
                              "bonuses, as it stands when played; on a line read all fight (a "
                              "monster's own, a card in play's), its total after every bonus")
    example: ClassVar[str] = "set the strength of monster to 0"
    means: ClassVar[str] = "set strength equal becomes counts as fixed zero"
    carriers: ClassVar[tuple[str, ...]] = OPERATOR_CARRIERS
    needs: ClassVar[str | None] = "fight"
    standing: ClassVar[bool] = True
    numbers: ClassVar[dict[str, str]] = {"strength": "set_strength"}
    misphrasings: ClassVar[dict[str, str]] = {
        r"\bset (?P<who>{POSSESSIVE}) (?:combat )?strength to (?P<n>\d+)":
            "set the strength of {who} to {n}",
        r"(?P<who>{POSSESSIVE}) (?:combat )?strength (?:is|becomes|counts as) (?P<n>\d+)\b":
            "set the strength of {who} to {n}",
        _THE_STRENGTH_OF + r"(?P<n>\d+)\b": "set the strength of {who} to {n}",
    }
    observe: ClassVar[str] = "strength"
    text: ClassVar[dict[str, str]] = {
        "en": _ON_MONSTER + "{{ w.strength_of(e, a, t) }} is {{ e.strength }}{% else %}set "
              "{{ w.strength_of(e, a, t) }} to {{ e.strength }}{% endif %}",
        "ru": "{{ w.strength_of(e, a, t) }} становится равной {{ e.strength }}",
        "pl": "{{ w.strength_of(e, a, t) }} wynosi {{ e.strength }}",
    }
    strength: int = 0
    target: Target | None = None


#: `the level of the monster is halved`: how an author says the level operator as a state
_THE_LEVEL_OF = (r"\bthe level of (?:the )?(?P<who>monster|fighter|helper|you|victim) "
                 r"(?:is|becomes) (?:halved|cut in half)")
_LEVEL_MISPHRASINGS = {
    r"\bhalve (?P<who>{POSSESSIVE}) level\b": "halve the level of {who}",
    r"(?P<who>{POSSESSIVE}) level (?:is|are) (?:halved|cut in half)\b":
        "halve the level of {who}",
    _THE_LEVEL_OF: "halve the level of {who}",
}



def _level_text(en: str, ru: str, pl: str) -> dict[str, str]:
    """The card text of a level operator, with its rounding (the two parts differ in it)."""
    return {
        "en": _ON_MONSTER + "{{ w.level_of(e, a, t) }} is halved{% else %}halve "
              "{{ w.level_of(e, a, t) }} in this combat{% endif %} (rounded " + en + ")",
        "ru": "{{ w.level_of(e, a, t) }}" + _ON_MONSTER + "{% else %} в этом бою{% endif %}"
              " уменьшается вдвое (с округлением " + ru + ")",
        "pl": "{{ w.level_of(e, a, t) }}" + _ON_MONSTER + "{% else %} w tej walce{% endif %}"
              " zostaje zmniejszony o połowę (" + pl + ")",
    }


@dataclass(frozen=True, slots=True)
class HalveLevel(EffectPart):
    """`halve the level of monster [rounded down]`: only the level in that side's strength
    is halved; its bonuses, its enhancers and the cards played on it still count in full
    (Potion of Halving: "halve one monster's level for this combat")."""

    kind: ClassVar[str] = "halve_level"
    rule: ClassVar[str] = "halve_level"
    syntax: ClassVar[str] = '"halve" "the"? "level" "of" target ("rounded" "down")?'
    summary: ClassVar[str] = ("halves the level a side counts in this fight, rounded down "
                              "(a monster's level, a player's): its bonuses still count in "
                              "full; on a line read all fight (a monster's own, a card in "
                              "play's), all fight")
    example: ClassVar[str] = "halve the level of monster"
    means: ClassVar[str] = "halve half level divide weaken rounded down"
    carriers: ClassVar[tuple[str, ...]] = OPERATOR_CARRIERS
    needs: ClassVar[str | None] = "fight"
    standing: ClassVar[bool] = True
    misphrasings: ClassVar[dict[str, str]] = _LEVEL_MISPHRASINGS
    observe: ClassVar[str] = "strength"
    text: ClassVar[dict[str, str]] = _level_text("down", "вниз", "w dół")
    target: Target | None = None


@dataclass(frozen=True, slots=True)
class HalveLevelUp(EffectPart):
    """`halve the level of monster rounded up`: as :class:`HalveLevel`, rounded up (a
    level 9 monster counts 5)."""

    kind: ClassVar[str] = "halve_level_up"
    rule: ClassVar[str] = "halve_level_up"
    syntax: ClassVar[str] = '"halve" "the"? "level" "of" target "rounded" "up"'
    summary: ClassVar[str] = ("halves the level a side counts in this fight, rounded up: its "
                              "bonuses still count in full")
    example: ClassVar[str] = "halve the level of monster rounded up"
    means: ClassVar[str] = "halve half level divide weaken rounded up"
    carriers: ClassVar[tuple[str, ...]] = OPERATOR_CARRIERS
    needs: ClassVar[str | None] = "fight"
    standing: ClassVar[bool] = True
    observe: ClassVar[str] = "strength"
    text: ClassVar[dict[str, str]] = _level_text("up", "вверх", "w górę")
    target: Target | None = None


@dataclass(frozen=True, slots=True)
class DoubleLevel(EffectPart):
    """`double the level of monster`: only the level in that side's strength is doubled, its
    bonuses counted once (a scout's Double Dare: "double the monster's level"; `double the
    strength of monster` doubled its bonuses too)."""

    kind: ClassVar[str] = "double_level"
    rule: ClassVar[str] = "double_level"
    syntax: ClassVar[str] = '"double" "the"? "level" "of" target'
    summary: ClassVar[str] = ("doubles the level a side counts in this fight (a monster's "
                              "level, a player's): its bonuses count once; on a line read all "
                              "fight (a monster's own, a card in play's), all fight")
    example: ClassVar[str] = "double the level of monster"
    means: ClassVar[str] = "double twice level multiply strengthen"
    carriers: ClassVar[tuple[str, ...]] = OPERATOR_CARRIERS
    needs: ClassVar[str | None] = "fight"
    standing: ClassVar[bool] = True
    misphrasings: ClassVar[dict[str, str]] = {
        r"\bdouble (?P<who>{POSSESSIVE}) level\b": "double the level of {who}",
        r"(?P<who>{POSSESSIVE}) level (?:is|are) doubled\b": "double the level of {who}",
        r"(?P<who>{POSSESSIVE}) level (?:counts|is counted) (?:double|twice)\b":
            "double the level of {who}"}
    observe: ClassVar[str] = "strength"
    text: ClassVar[dict[str, str]] = {
        "en": _ON_MONSTER + "{{ w.level_of(e, a, t) }} is doubled{% else %}double "
              "{{ w.level_of(e, a, t) }} in this combat{% endif %}",
        "ru": "{{ w.level_of(e, a, t) }}" + _ON_MONSTER + "{% else %} в этом бою{% endif %}"
              " удваивается",
        "pl": "{{ w.level_of(e, a, t) }}" + _ON_MONSTER + "{% else %} w tej walce{% endif %}"
              " zostaje podwojony",
    }
    target: Target | None = None


#: The operators a line with no moment of its own reads all fight long, on the side's total
#: after every bonus: a monster's (or its enhancer's) own line, a card in play's `while in
#: play` (engine/monster_operators.py); played, each acts once.
MONSTER_OPERATORS = frozenset(part.kind for part in (DoubleStrength, HalveStrength,
                                                       MultiplyStrength, LoseAllBonuses,
                                                       SetStrength, HalveLevel, HalveLevelUp,
                                                       DoubleLevel)
                               if part.standing)
#: Whom such an operator on a card in play reaches, all fight long, in every fight its
#: player is in (engine/monster_operators.py `table_operator_lines`): each monster of the
#: fight, the card's player's (a curse's victim's) own share, the fighter's or the helper's
#: share, the whole player side.  Any other target is refused (checks/fight_moments.py).
STANDING_TARGETS = ("monster", "you", "victim", "fighter", "helper", "player_side")
#: Whom a monster's own operator reaches besides itself, all its fight long (Mind Leech:
#: `if fighter is Psychic: halve the strength of fighter`): the fighter's or the helper's
#: share of the player side, or the whole side (engine/monster_operators.py).
MONSTER_PLAYER_TARGETS = ("fighter", "helper", "player_side")
#: The timings of a card in play's lines read all fight: `while in play`, and a curse's
#: `next combat` (the victim's next fight, all of it: "halved in your next combat").
STANDING_TIMINGS = ("continuous", "next_combat")
#: The operators an item enhancer's line works on its item with (`halve the strength of
#: attached item`); any other on an item enhancer is refused (checks/fight_moments.py)
ITEM_OPERATORS = frozenset({DoubleStrength.kind, HalveStrength.kind, MultiplyStrength.kind})


@dataclass(frozen=True, slots=True)
class KillOutright(EffectPart):
    """`kill the monster outright`: the fight is won by a kill, whatever the strengths."""

    kind: ClassVar[str] = "kill_outright"
    rule: ClassVar[str] = "kill_outright"
    syntax: ClassVar[str] = '"kill" "the"? "monster" "outright"'
    summary: ClassVar[str] = ("the monster the card is played on (or the only one) is killed: "
                              "the fighter gets its levels and treasure as for any kill")
    example: ClassVar[str] = "kill the monster outright"
    means: ClassVar[str] = "kill slay destroy outright instantly monster dies"
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ("`kill [the] monster outright`",
         "the monster the card is played on (or the only one) is killed: the fighter gets "
         "its levels and treasure as for any kill",
         "in combat, discard this card: kill the monster outright"),
        ("`may kill [the] monster outright` (on a monster)",
         "an offer the monster makes its fighter, who takes it by paying the line's cost "
         "(in a scenario `NAME uses MONSTER`); the kill gives levels and treasure as any",
         "if fighter is Cleric, discard 2 cards: may kill the monster outright"),
    )
    #: played (a one-shot, a door card) or used from a card in play (`in combat, discard this
    #: card: kill the monster outright` on an item, a class's power with a cost)
    #: a monster carries it as an offer to its fighter (`if fighter is Cleric, discard 2
    #: cards: may kill the monster outright`): used by the fighter, never on its own
    carriers: ClassVar[tuple[str, ...]] = ("class", "door", "hireling", "item", "monster",
                                           "one-shot", "race", "sidekick", "treasure")
    offered_on: ClassVar[dict[str, str]] = {
        "monster": "a monster's own line cannot kill the monster it is printed on by itself; "
                   "offer the kill to its fighter with `may` (`if fighter is Cleric, discard "
                   "2 cards: may kill the monster outright`)",
    }
    kind_refuse: ClassVar[dict[str, str]] = {
        "monster-enhancer": "an enhancer makes its monster stronger or weaker; to kill it "
                            "outright write a one-shot or a door card played in combat",
    }
    needs: ClassVar[str | None] = "fight"
    reward: ClassVar[bool] = True
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?:the )?monster (?:is killed|dies) (?:outright|at once|instantly)\b":
            "kill the monster outright",
        r"\b(?:kill|slay) (?:it|the monster) (?:at once|instantly)\b": "kill the monster outright",
        r"\bslay the monster\b": "kill the monster outright",
        # a monster's offer, as card text says it: the price first, then the kill
        r"\b(?:the fighter|you|a player) may (?P<n>discard \d+ (?:cards?|items?)|lose \d+ "
        r"levels?) to (?:kill|slay) (?:it|him|her|them|the monster)\b":
            "{n}: may kill the monster outright",
    }
    observe: ClassVar[str] = "monsters"
    text: ClassVar[dict[str, str]] = {
        "en": '{{ "you may kill" if e.optional else "kill" }} the monster outright',
        "ru": '{{ "монстра можно сразу убить" if e.optional else "монстр сразу убит" }}',
        "pl": '{{ "potwora można od razu zabić" if e.optional else "potwór zostaje od razu '
              'zabity" }}',
    }


@dataclass(frozen=True, slots=True)
class DiceStrength(EffectPart):
    """`+2 dice to monster`: the dice are rolled when the line applies; their total counts."""

    kind: ClassVar[str] = "dice_strength"
    rule: ClassVar[str] = "dice_strength"
    syntax: ClassVar[str] = 'SIGNED ("die"|"dice") per? amount_post* ("to" target)?'
    summary: ClassVar[str] = ("rolls N dice when it applies and adds their total to a side's "
                              "combat strength (`-1 die`: takes it away; `+1 die for each "
                              "item you carry`: one die per item)")
    example: ClassVar[str] = "+1 die to monster"
    misphrasings: ClassVar[dict[str, str]] = {  # a die added to a strength is this effect
        r"\brolls? (?:a|1|one) (?:die|dice),? (?:and )?adds? (?:the result|it|the roll) to "
        r"(?P<who>{POSSESSIVE}) (?:combat )?strength\b": "+1 die to {who}",
    }
    means: ClassVar[str] = "die dice roll random bonus strength d6"
    carriers: ClassVar[tuple[str, ...]] = FIGHT_CARRIERS
    kind_refuse: ClassVar[dict[str, str]] = {
        "monster": (
            "a monster's own line is read all fight long; roll its die as it comes into the "
            "fight with `when this combat starts: +1 for each point of a die` (or `when this "
            "combat starts, roll 5+: +3`), or give it a fixed bonus (`+3`) or a count (`+1 for "
            "each level the fighter has`)"),
        "monster-enhancer": (
            "a monster enhancer's line is read all fight long and its dice are rolled once, as "
            "it is played: `+1 for each point of a die`; or give it a fixed bonus (`+3`)"),
    }
    needs: ClassVar[str | None] = "fight"
    numbers: ClassVar[dict[str, str]] = {"dice": "dice"}
    observe: ClassVar[str] = "strength"
    text: ClassVar[dict[str, str]] = {
        "en": "roll {{ e.dice|abs }} {{ t.forms(e.dice|abs, 'die', 'dice') }}"
              "{{ w.amount_post(e, t) }} and "
              "{{ 'add' if e.dice > 0 else 'subtract' }} the total "
              "{{ 'to' if e.dice > 0 else 'from' }} {{ w.WHO[e.target] }}",
        "ru": "брось {{ e.dice|abs }} {{ t.forms(e.dice|abs, 'кубик', 'кубика', 'кубиков') }}"
              "{{ w.amount_post(e, t) }} и "
              "{{ 'прибавь сумму' if e.dice > 0 else 'вычти сумму' }} "
              "{{ w.to_strength(e, a, t, 'к' if e.dice > 0 else 'из') }}",
        "pl": "rzuć {{ e.dice|abs }} {{ t.forms(e.dice|abs, 'kością', 'kośćmi', 'kośćmi') }}"
              "{{ w.amount_post(e, t) }} i "
              "{{ 'dodaj sumę' if e.dice > 0 else 'odejmij sumę' }} "
              "{{ w.to_strength(e, a, t, 'do' if e.dice > 0 else 'od') }}",
    }
    dice: int = 1
    target: Target | None = None
    per: str | None = None
    counted: CountPart | None = None
    amounts: tuple[AmountPart, ...] = ()


@dataclass(frozen=True, slots=True)
class DiscardDice(EffectPart):
    """`victim discards as many cards as a die shows`: a die rolled when it applies."""

    kind: ClassVar[str] = "discard_dice"
    rule: ClassVar[str] = "discard_dice"
    syntax: ClassVar[str] = ('target? _discard "as" "many" "cards" "as" "a" "die" '
                             '"shows"')
    summary: ClassVar[str] = ("rolls a die when it applies; the target discards that many cards "
                              "from the hand")
    example: ClassVar[str] = "victim discards as many cards as a die shows"
    misphrasings: ClassVar[dict[str, str]] = {
        r"\brolls? (?:a|1|one) die,? (?:and )?discards? (?:that many|as many) cards\b":
            "discard as many cards as a die shows",
        r"\brolls? (?:a|1|one) die,? (?:and )?(?:lose|loses) (?:that many|as many) levels\b":
            "lose 1 level for each point of a die",
    }
    monster_example: ClassVar[str | None] = "fighter discards as many cards as a die shows"
    means: ClassVar[str] = "discard die roll random cards hand lose"
    player_target: ClassVar[bool] = True
    refuse_at: ClassVar[dict[str, str]] = {
        "on_death": "the dead player loses the hand anyway; write it on another timing"}
    observe: ClassVar[str] = "hand"
    text: ClassVar[dict[str, str]] = {
        "en": "{{ w.verb(e, a, t, 'roll', 'rolls') }} a die and "
              "{{ 'discard' if t.you(e.target, a) else 'discards' }} that many cards",
        "ru": "{{ w.verb(e, a, t, 'бросаешь', 'бросает', 'бросить') }} кубик и "
              "{{ 'сбрасываешь' if t.you(e.target, a) else 'сбрасывает' }} столько же карт",
        "pl": "{{ w.verb(e, a, t, 'rzucasz', 'rzuca', 'rzucić') }} kością i "
              "{{ 'odrzucasz' if t.you(e.target, a) else 'odrzuca' }} tyle kart, ile wypadło",
    }
    target: Target | None = None


#: The effects that change a strength in the open fight (`+2 to monster` is the modifier
#: `strength` of parts/modifiers.py): what an event inside another player's fight
#: carries into it (parts/events.py ``fight_effects``)
STRENGTH_CHANGES = frozenset({"strength", DiceStrength.kind, *MONSTER_OPERATORS})
