"""Conditions on what a player did earlier this turn: `if you helped this turn`.

`go up a level; if you helped in a fight this turn, 2 levels instead`, `if another player
killed a monster this turn: draw 1 treasure`, `if victim was caught this turn: ...`: a
test of the turn so far, for any player subject (`you`, `victim`, `fighter`, `any
player`, `each other player`...).  One condition per happening, over the same events a
card in play reacts to (`when another player kills a monster`, parts/events.py) and a
duration can end at (parts/until_events.py), plus the fight begun and the curse suffered:
one table here gives each its grammar (`killed a monster this turn`, and after `did not`
the plain verb, `kill a monster this turn`), its text in every card language and its
predicate (`did_when_other_kills`); the engine notes each happening as it is fired and
forgets them when a new turn begins (engine/turn_facts.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import ConditionPart

#: the predicate prefix: `did_` + the base event's timing
PREFIX = "did_"
#: the curse suffered: not a `when another player ...` event (its victim is who is cursed)
CURSED = "curse_played"
#: the subjects whose card-language words are feminine (`жертва`, `цель`; `ofiara`): the
#: past tense agrees with them
RU_FEMININE = frozenset({"victim", "target"})
PL_FEMININE = frozenset({"victim"})
#: happenings only a ruleset with Seals has (the checker refuses them elsewhere)
NEEDS_SEALS = frozenset({"when_other_opens_seal"})


@dataclass(frozen=True, slots=True)
class Fact:
    """One happening a condition can ask about: its grammar (past form, the plain form after
    `did not`), its English words (past, plain) and its text per card language (Russian:
    one past form for every person, and the feminine for a feminine subject (`жертва`);
    Polish: second person, third person, third person feminine (`ofiara`))."""

    past: str
    plain: str
    en_past: str
    en_plain: str
    ru: str
    ru_f: str
    pl_you: str
    pl_other: str
    pl_f: str


#: base event (the timing the engine fires) -> the happening
FACTS: dict[str, Fact] = {
    "when_other_kills": Fact(
        '"killed" "a" "monster"', '"kill" "a" "monster"',
        "killed a monster", "kill a monster", "убил монстра", "убила монстра",
        "zabiłeś potwora", "zabił potwora", "zabiła potwora"),
    "won_fight": Fact(
        '"won" "a" ("fight" | "combat")', '"win" "a" ("fight" | "combat")',
        "won a fight", "win a fight", "победил в бою", "победила в бою",
        "wygrałeś walkę", "wygrał walkę", "wygrała walkę"),
    "when_other_fights": Fact(
        '"fought" ("a" "monster")?', '"fight" ("a" "monster")?',
        "fought a monster", "fight a monster", "сражался с монстром", "сражалась с монстром",
        "walczyłeś z potworem", "walczył z potworem", "walczyła z potworem"),
    "when_other_helps": Fact(
        '"helped" ("in" "a" ("fight" | "combat"))?', '"help" ("in" "a" ("fight" | "combat"))?',
        "helped in a fight", "help in a fight", "помогал в бою", "помогала в бою",
        "pomagałeś w walce", "pomagał w walce", "pomagała w walce"),
    "when_other_asks_help": Fact(
        '"asked" "for" "help"', '"ask" "for" "help"',
        "asked for help", "ask for help", "просил о помощи", "просила о помощи",
        "prosiłeś o pomoc", "prosił o pomoc", "prosiła o pomoc"),
    "when_other_runs_away": Fact(
        '"ran" "away"', '"run" "away"',
        "ran away", "run away", "пытался смыться", "пыталась смыться",
        "próbowałeś uciec", "próbował uciec", "próbowała uciec"),
    "when_other_escapes": Fact(
        '"escaped"', '"escape"',
        "escaped", "escape", "смылся", "смылась",
        "uciekłeś", "uciekł", "uciekła"),
    "when_other_caught": Fact(
        '("was" | "were" | "got") "caught"', '"get" "caught"',
        "was caught", "get caught", "был пойман", "была поймана",
        "zostałeś złapany", "został złapany", "została złapana"),
    "when_other_gains_level": Fact(
        '"gained" "a" "level"', '"gain" "a" "level"',
        "gained a level", "gain a level", "получил уровень", "получила уровень",
        "zdobyłeś poziom", "zdobył poziom", "zdobyła poziom"),
    "when_other_loses_level": Fact(
        '"lost" "a" "level"', '"lose" "a" "level"',
        "lost a level", "lose a level", "потерял уровень", "потеряла уровень",
        "straciłeś poziom", "stracił poziom", "straciła poziom"),
    "when_other_discards": Fact(
        '"discarded" "a" "card"', '"discard" "a" "card"',
        "discarded a card", "discard a card", "сбросил карту", "сбросила карту",
        "odrzuciłeś kartę", "odrzucił kartę", "odrzuciła kartę"),
    "when_other_kicks_door": Fact(
        '"kicked" "open" "the" "door"', '"kick" "open" "the" "door"',
        "kicked open the door", "kick open the door", "вышиб дверь", "вышибла дверь",
        "wyważyłeś drzwi", "wyważył drzwi", "wyważyła drzwi"),
    "when_other_sells": Fact(
        '"sold" "items"?', '"sell" "items"?',
        "sold items", "sell items", "продал шмотки", "продала шмотки",
        "sprzedawałeś przedmioty", "sprzedawał przedmioty", "sprzedawała przedmioty"),
    "when_other_plays_curse": Fact(
        '"played" "a" "curse"', '"play" "a" "curse"',
        "played a curse", "play a curse", "сыграл проклятие", "сыграла проклятие",
        "zagrałeś klątwę", "zagrał klątwę", "zagrała klątwę"),
    "when_other_plays_card": Fact(
        '"played" "a" "card"', '"play" "a" "card"',
        "played a card", "play a card", "сыграл карту", "сыграла карту",
        "zagrałeś kartę", "zagrał kartę", "zagrała kartę"),
    "when_other_opens_seal": Fact(
        '"opened" "a" "seal"', '"open" "a" "seal"',
        "opened a Seal", "open a Seal", "открыл Печать", "открыла Печать",
        "otworzyłeś Pieczęć", "otworzył Pieczęć", "otworzyła Pieczęć"),
    CURSED: Fact(
        '("was" | "were" | "got") "cursed"', '"get" "cursed"',
        "was cursed", "get cursed", "был проклят", "была проклята",
        "zostałeś przeklęty", "został przeklęty", "została przeklęta"),
    "when_other_dies": Fact(
        '"died"', '"die"',
        "died", "die", "погиб", "погибла",
        "zginąłeś", "zginął", "zginęła"),
}


@dataclass(frozen=True, slots=True)
class DidThisTurn(ConditionPart):
    """`if SUBJECT HAPPENED this turn` (no rule: the base of the generated conditions
    below, one per :data:`FACTS` entry); ``happened`` is the base event."""

    happened: ClassVar[str] = ""
    standing: ClassVar[bool] = False
    #: written `did not` + the plain verb (`if you did not kill a monster this turn`): the
    #: condition is negated (language/ast_lines.py ``condition``)
    did_not: bool = False


def _text(fact: Fact) -> dict[str, str]:
    en_yes = fact.en_past.replace("was ", "{{ 'were' if you else 'was' }} ")
    return {
        "en": f"{{% if c.negated %}}did not {fact.en_plain}{{% else %}}{en_yes}{{% endif %}} "
              "this turn",
        # the past tense names no person: `ты` is written; it agrees with a feminine subject
        "ru": f"{{{{ 'ты ' if you }}}}{{{{ 'не ' if c.negated }}}}{{{{ '{fact.ru_f}' if "
              f"c.subject in {sorted(RU_FEMININE)!r} else '{fact.ru}' }}}} в этот ход",
        "pl": f"w tej turze {{{{ 'nie ' if c.negated }}}}{{{{ '{fact.pl_you}' if you else "
              f"'{fact.pl_f}' if c.subject in {sorted(PL_FEMININE)!r} else '{fact.pl_other}' }}}}",
    }


def _declare(base: str, fact: Fact) -> type[DidThisTurn]:
    """One condition part per happening (a class, as every part: its own rule, predicate,
    docs row, hover and completion), made from the table."""
    name = "Did_" + base
    ns: dict[str, object] = {
        "__qualname__": name, "__module__": __name__,
        "__annotations__": {},
        "happened": base,
        "rule": "cp_did__" + base,
        "predicate": PREFIX + base,
        # the plain verb only after `did not` (alone it would read as an effect: `you lose`)
        "syntax": f'({fact.past} | did_not {fact.plain}) "this" "turn"',
        # the helper rule, declared once (on the first happening's part)
        "subrules": 'did_not: "did" "not"' if not DECLARED_RULES else "",
        "summary": f"the player {fact.en_past} this turn (the turn being played; "
                   f"`did not {fact.en_plain} this turn` is its negation)",
        # as written (lower case: `opened a seal`)
        "example": f"if you {fact.en_past.replace('was ', 'were ').lower()} this turn: "
                   "gain 1 level",
        "means": f"this turn earlier already happened before {fact.en_past} {fact.en_plain}",
        "text": _text(fact),
    }
    cls: type[DidThisTurn] = dataclass(frozen=True, slots=True)(type(name, (DidThisTurn,), ns))
    globals()[name] = cls
    DECLARED_RULES.append(cls.rule)
    return cls


#: the rules declared so far (the first one carries the shared helper rule)
DECLARED_RULES: list[str] = []


#: the declared conditions, by base event
DECLARED: dict[str, type[DidThisTurn]] = {b: _declare(b, f) for b, f in FACTS.items()}


def base_of(predicate: str) -> str | None:
    """The base event a `did_` predicate asks about (None: another predicate)."""
    return predicate[len(PREFIX):] if predicate.startswith(PREFIX) else None
