"""Durations that end at a player's event: `until victim kills a monster: ...`.

A curse `until victim kills a monster: victim ignores their item bonuses` stays on its
victim until the victim's next kill; a line played or used (`until you win a fight: +2
to you`) is kept on its player until that player's event; a card in play's line lapses
at its owner's.  The events are those a waiting card already waits for about another
player (`the next time another player kills a monster`, parts/waiting.py), plus the won
fight, so one table here gives every such duration: its grammar alternative (derived
from the event's words: `until [you|victim|that player] kill(s) a monster`), its text in
every card language, and the engine ends it where the event is fired (engine/durations.py
``event_came``).  The subject is the player the line lasts on: the curse's victim, the
player a played line is kept on, the owner of the card in play (`you`, `victim` and
`that player` all name them; another subject is refused).
"""

from __future__ import annotations

#: the prefix of the until ids (`event_when_other_kills`) and of their grammar aliases
PREFIX = "event_"
RULE = "t_until_ev__"
#: the won fight (no `when another player` event: `the next time you win a fight` is
#: its waiting form): its id and words
WON = "won_fight"
#: subjects an author may name: the player the line lasts on
SUBJECTS = frozenset({"you", "victim", "that_player"})
SUBJECT_REFUSE = ("a duration that ends at an event ends at the event of the player it "
                  "lasts on: write `until you ...` (a curse: `until victim ...`); another "
                  "player's event is a card of its own (`the next time that player ...`)")
#: (not `fights a monster`: such a line would end as the fight it counts in begins)
#: base event -> its words after the subject (third person, as the event's words), and
#: the duration's text: en (first person, after `until you`), ru, pl
EVENTS: dict[str, tuple[str, str, str, str]] = {
    "when_other_kills": ("kills a monster", "kill a monster", "пока ты не убьёшь монстра",
                         "dopóki nie zabijesz potwora"),
    WON: ("wins a fight", "win a combat", "пока ты не победишь в бою",
          "dopóki nie wygrasz walki"),
    "when_other_dies": ("dies", "die", "пока ты не погибнешь", "dopóki nie zginiesz"),
    "when_other_runs_away": ("runs away", "run away", "пока ты не попытаешься смыться",
                             "dopóki nie spróbujesz uciec"),
    "when_other_escapes": ("escapes", "escape a monster", "пока тебе не удастся смыться",
                           "dopóki nie uda ci się uciec"),
    "when_other_caught": ("is caught", "are caught", "пока тебя не поймает монстр",
                          "dopóki nie złapie cię potwór"),
    "when_other_bad_stuff": ("suffers bad stuff", "suffer bad stuff",
                             "пока тебя не настигнет Непотребство монстра",
                             "dopóki nie dosięgną cię Niemiłe skutki potwora"),
    "when_other_gains_level": ("gains a level", "gain a level", "пока ты не получишь "
                               "уровень", "dopóki nie zdobędziesz poziomu"),
    "when_other_loses_level": ("loses a level", "lose a level", "пока ты не потеряешь "
                               "уровень", "dopóki nie stracisz poziomu"),
    "when_other_discards": ("discards a card", "discard a card", "пока ты не сбросишь "
                            "карту", "dopóki nie odrzucisz karty"),
    "when_other_kicks_door": ("kicks open the door", "kick open the door", "пока ты не "
                              "вышибешь дверь", "dopóki nie wyważysz drzwi"),
    "when_other_helps": ("helps", "help in a combat", "пока ты не поможешь в бою",
                         "dopóki nie pomożesz w walce"),
    "when_other_asks_help": ("asks for help", "ask for help", "пока ты не попросишь о "
                             "помощи", "dopóki nie poprosisz o pomoc"),
    "when_other_sells": ("sells", "sell items", "пока ты не продашь шмотки",
                         "dopóki nie sprzedasz przedmiotów"),
    "when_other_plays_curse": ("plays a curse", "play a curse", "пока ты не сыграешь "
                               "проклятие", "dopóki nie zagrasz klątwy"),
    "when_other_plays_card": ("plays a card", "play a card", "пока ты не сыграешь карту",
                              "dopóki nie zagrasz karty"),
    "when_other_starts_turn": ("starts a turn", "start a turn", "пока ты не начнёшь ход",
                               "dopóki nie zaczniesz tury"),
    "when_other_opens_seal": ("opens a seal", "open a seal", "пока ты не откроешь Печать",
                              "dopóki nie otworzysz Pieczęci"),
    "when_other_loots": ("loots the room", "loot the room", "пока ты не почистишь нычки",
                         "dopóki nie przeszukasz pokoju"),
}
#: a verb's grammar: the rules the grammar already has for both persons, else both words
_VERB_RULES = {"loses": "_loses", "discards": "_discard", "is": "_is"}


def _verb(third: str) -> str:
    if third in _VERB_RULES:
        return _VERB_RULES[third]
    first = third[:-1] if third.endswith("s") else third
    return f'("{third}" | "{first}")'


def body(base: str) -> str:
    """The grammar of the duration after `until` (`target ("kills" | "kill") "a"
    "monster"`)."""
    verb, *rest = EVENTS[base][0].split()
    if base == WON:
        return f'target {_verb(verb)} "a" ("fight" | "combat")'
    return " ".join(["target", _verb(verb), *(f'"{w}"' for w in rest)])


def until_id(base: str) -> str:
    return PREFIX + base


def base_of(until: str | None) -> str | None:
    """The event an until id ends at (None: not one of these)."""
    return until[len(PREFIX):] if until and until.startswith(PREFIX) else None


def alternatives() -> str:
    """The grammar alternatives of `timing` for these durations."""
    return "".join(f"\n      | \"until\" {body(b)} -> {RULE}{b}" for b in EVENTS)


def text(base: str, lang: str) -> str:
    _third, en, ru, pl = EVENTS[base]
    return {"en": f"until you {en}", "ru": ru, "pl": pl}[lang]


def words(base: str) -> str:
    """How an author writes it, with the victim as the subject."""
    return f"until victim {EVENTS[base][0]}"
