"""Lines that ride on the fight a card was played into: `if you lose this combat`.

And the family around it: `if you win this combat`, `if the fighter loses this combat`
(also `if that player loses this combat`: a one-shot played into another player's fight,
`that player` is its fighter), `if the helper wins this combat`: one event per subject and
outcome, generated from :data:`SUBJECTS` and :data:`OUTCOMES` below; the line always acts
for the card's player (`gain 1 level` is theirs), `that player` on it is the subject.

Reactor Overload (Star Munchkin, tests/authoring): "Play in combat: your combat strength
is doubled for this combat, but if you still lose the combat, you die" is

    in combat: double the strength of you
    if you lose this combat: you die

The one-shot is played into a fight; its `in combat` lines act at once, and its `if you
lose this combat` lines wait with it until the fight ends: they fire for the player who
played it if that player is on the losing side (engine/combat_riders.py).  *Losing the
combat* is seed 000 «COMBAT»: "If the monster's combat strength is equal to yours, or
greater, you lose the combat and must Run Away", so the lines fire when the fight is lost,
before anyone rolls to run away (a player who dies there does not run, and no Bad Stuff
reaches a dead character); a fight won, or ended with no loss, discards the card unused.
"""

from __future__ import annotations

from dataclasses import dataclass, make_dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart


@dataclass(frozen=True, slots=True)
class LoseThisCombat(EventPart):
    """`if you lose this combat`: a one-shot played into a fight fires the line for its
    player when that fight is lost, before the run-away rolls."""

    timing: ClassVar[str] = "lose_this_combat"
    rule: ClassVar[str] = "t_lose_this_combat"
    syntax: ClassVar[str] = '"if" "you" "still"? "lose" "this" "combat"'
    words: ClassVar[str] = "if you lose this combat"
    summary: ClassVar[str] = ("a one-shot played into a fight: the line fires for its player "
                              "if that fight is lost (fighter or helper), before anyone runs "
                              "away; a won fight discards it unused")
    example: ClassVar[str] = "if you lose this combat: you die"
    means: ClassVar[str] = "lose combat fail defeat still lose if you lose the fight penalty"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    # the fight is lost and the player side is about to run: a strength change comes too
    # late, a run-away bonus does not (data/timings.toml `phase`)
    phase: ClassVar[str] = "flight"
    refuse: ClassVar[str] = ("only a one-shot played into a fight waits for that fight's loss; "
                             "a card in play reacts to being caught with `when caught`")
    text: ClassVar[dict[str, str]] = {
        "en": "if you lose this combat",
        "ru": "если ты проиграешь этот бой",
        "pl": "jeśli przegrasz tę walkę",
    }


#: who a rider's outcome is about: suffix of the timing id -> (grammar words, en/ru/pl
#: subject, whether the verb is the third person)
SUBJECTS: dict[str, tuple[str, dict[str, str]]] = {
    "": ('"you" "still"?', {"en": "you", "ru": "ты", "pl": ""}),
    "_fighter": ('("the" "fighter" | "that" "player") "still"?',
                 {"en": "the fighter", "ru": "боец", "pl": "walczący"}),
    "_helper": ('"the" "helper" "still"?', {"en": "the helper", "ru": "помощник",
                                           "pl": "pomocnik"}),
}
#: the outcomes: timing prefix -> (the verb's grammar words for you / for a third
#: person, and its en/ru/pl forms for you / for a third person, with the object)
OUTCOMES: dict[str, tuple[str, str, dict[str, tuple[str, str]]]] = {
    "lose_this_combat": ('"lose"', '"loses"', {
        "en": ("lose this combat", "loses this combat"),
        "ru": ("проиграешь этот бой", "проиграет этот бой"),
        "pl": ("przegrasz tę walkę", "przegra tę walkę")}),
    "win_this_combat": ('"win"', '"wins"', {
        "en": ("win this combat", "wins this combat"),
        "ru": ("победишь в этом бою", "победит в этом бою"),
        "pl": ("wygrasz tę walkę", "wygra tę walkę")}),
}
_IF = {"en": "if", "ru": "если", "pl": "jeśli"}


def rider(timing: str) -> tuple[str, str] | None:
    """(outcome, subject suffix) of a rider's timing id, else None."""
    for outcome in OUTCOMES:
        if timing.startswith(outcome) and timing[len(outcome):] in SUBJECTS:
            return outcome, timing[len(outcome):]
    return None


def _declare(outcome: str, suffix: str) -> type[EventPart]:
    """The event part of one subject and outcome (`if the helper wins this combat`)."""
    you_verb, their_verb, forms = OUTCOMES[outcome]
    words, names = SUBJECTS[suffix]
    third = bool(suffix)
    verb = their_verb if third else you_verb
    won = outcome.startswith("win")
    whom = names["en"]
    text = {lang: " ".join(w for w in (_IF[lang], names[lang], forms[lang][third]) if w)
            for lang in _IF}
    attrs = {
        "timing": f"{outcome}{suffix}", "rule": f"t_{outcome}{suffix}",
        "syntax": f'"if" {words} {verb} "this" "combat"',
        "words": text["en"],
        "summary": (f"a one-shot played into a fight: the line fires for its player if "
                    f"{whom} {forms['en'][third]}" + (
                        " (after the rewards); a lost fight discards it unused" if won
                        else ", before anyone runs away; a won fight discards it unused")),
        "example": f"{text['en']}: " + ("draw 1 treasure face down" if won
                                        else "gain 1 level"),
        "means": f"{'win' if won else 'lose'} combat fight outcome bet wager {whom}",
        # the fight is lost and its players are about to run: `you` may still get a
        # run-away bonus; a line about another player acts for a player not running
        "carriers": ("one-shot",), "phase": "flight" if not won and not third else "none",
        "refuse": LoseThisCombat.refuse, "text": text,
    }
    cls = make_dataclass(f"Rider_{outcome}{suffix}", [], bases=(EventPart,), frozen=True,
                         slots=True, namespace={k: v for k, v in attrs.items()})
    cls.__doc__ = f"`{text['en']}`: a rider on the fight its one-shot was played into."
    cls.__module__ = __name__
    return cls


#: the generated members of the family (`if you lose this combat` is the class above;
#: `if you win this combat` is not one: after `if you win` the parser must already choose
#: it over the condition `if you win by 10 or more`, and `on kill:` says it)
FAMILY = tuple(_declare(o, s) for o in OUTCOMES for s in SUBJECTS if s)
#: every rider timing id
TIMINGS = frozenset({LoseThisCombat.timing, *(c.timing for c in FAMILY)})
