"""The card's own player's events: `when you gain a level`, `when you discard a card`.

Each is a `when another player ...` event (parts/events.py) done by the card's owner.
Authors write both (a Troll that draws a card whenever its player loses a level, an item
that pays out when its wearer goes up), and a fresh author's first try `when you lose a
level` was refused (E230) although the engine fires the event for every player.  One call
fires both (engine/events.react): the other players' cards hear `when another player ...`,
the actor's own cards hear `when you ...`.  The own form is made here from the other one,
which keeps its carriers, phase and refusals; only its words, its timing and its text
are its own (``OWN``), so the two cannot drift apart.  `the next time you gain a level`
follows, as for every `when ...` event (parts/waiting.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from munchkin_dsl.language.algebra import EventPart
from munchkin_dsl.language.parts.bad_stuff_events import OtherSuffersBadStuff
from munchkin_dsl.language.parts.events import (
    MONSTER_REACTION,
    TABLE_REACTION,
    OtherAsksHelp,
    OtherDiscards,
    OtherFights,
    OtherGainsLevel,
    OtherHelps,
    OtherKills,
    OtherLosesLevel,
    OtherPlaysCard,
    OtherPlaysCurse,
    OtherRunsAway,
)
from munchkin_dsl.language.parts.fight_entry import OtherKicksMonster
from munchkin_dsl.language.parts.won_fights import OtherWins


@dataclass(frozen=True, slots=True)
class OtherSells(EventPart):
    """Another player's sale, `when another player sells` (data/timings.toml, fired by
    engine/core._fire_others), as the base its own form is made from: a card in play,
    nothing to do in a fight.  (No rule: the grammar's form is the timings table's.)"""

    timing: ClassVar[str] = "when_other_sells"
    refuse: ClassVar[str] = "only cards a player has in play react to a sale"


class _Own(NamedTuple):
    """One own event: the other event it is made from, and what is its own."""

    other: type[EventPart]  # the `when another player ...` event
    name: str  # the class made
    timing: str  # its timing id in engine data
    body: str  # its grammar after `"when" "you"`
    words: str
    summary: str
    example: str
    text: tuple[str, str, str]  # en, ru, pl
    #: what else is its own: E221's hint in its own fight (the other's names another's)
    extra: tuple[tuple[str, str], ...] = ()


#: E221's hint at an own event that comes in its owner's own fight
_IN_YOUR_FIGHT = (("no_fight", "this event comes in your own fight, and a line at it changes "
                   "only that fight's strengths (`+2 to you`, `-2 to monster`) or, where "
                   "help is asked, bans help (`nobody may help`); for anything "
                   "else in a fight, give the line the moment in combat (a card played into "
                   "it)"),)


_FORMS = tuple(_Own(*row) for row in (
    (OtherGainsLevel, "YouGainLevel", "when_you_gain_level", '("gain"|"go" "up") "a" "level"',
     "when you gain a level", "whenever its owner goes up one or more levels, kill or card",
     "when you gain a level: draw 1 door face down",
     ("whenever you go up a level", "когда ты получаешь уровень", "gdy zdobywasz poziom")),
    (OtherLosesLevel, "YouLoseLevel", "when_you_lose_level", '("lose"|"go" "down") "a" "level"',
     "when you lose a level", "whenever its owner goes down one or more levels (Bad Stuff, "
     "a curse, a card), once the levels are lost (`when you would lose a level` comes "
     "before, while it can be prevented)", "when you lose a level: draw 1 treasure face down",
     ("whenever you lose a level", "когда ты теряешь уровень", "gdy tracisz poziom")),
    (OtherDiscards, "YouDiscard", "when_you_discard", '"discard" "a" "card"',
     "when you discard a card",
     "whenever a card leaves its owner for the discards (a cost, Bad Stuff, a curse, a race "
     "or class dropped), once per card", "when you discard a card, once per turn: draw 1 "
     "door face down",
     ("whenever you discard a card", "когда ты сбрасываешь карту", "gdy odrzucasz kartę")),
    (OtherPlaysCurse, "YouPlayCurse", "when_you_play_curse", '"play" "a" "curse"',
     "when you play a curse",
     "whenever its owner plays a curse, trap or disaster from the hand on anyone, before it "
     "acts", "when you play a curse: draw 1 door face down",
     ("whenever you play a curse", "когда ты играешь проклятие", "gdy zagrywasz klątwę")),
    (OtherHelps, "YouHelp", "when_you_help", '"help"', "when you help",
     "when its owner agrees to help another player in a fight, as they join it (a strength "
     "change to them there is refused: they are not in the fight yet; `if you are helper: "
     "+2 to you` on the card counts while they help)",
     "when you help: draw 1 treasure face down",
     ("whenever you agree to help in a fight", "когда ты соглашаешься помочь в бою",
      "gdy zgadzasz się pomóc w walce"),
     (("no_fight", "this event comes as you agree to help, before you join the fight, and a "
       "line at it changes only that fight's strengths (`-2 to monster`); for anything else "
       "in the fight, give the line the moment in combat (a card played into it)"),)),
    (OtherAsksHelp, "YouAskHelp", "when_you_ask_help", '"ask" "for" "help"',
     "when you ask for help",
     "when its owner, fighting, asks for a helper (accepted or not), before a helper joins",
     "when you ask for help: +2 to you",
     ("whenever you ask for help", "когда ты просишь о помощи", "gdy prosisz o pomoc"),
     _IN_YOUR_FIGHT),
    (OtherSuffersBadStuff, "YouSufferBadStuff", "when_you_bad_stuff",
     '"suffer" "bad" "stuff"', "when you suffer bad stuff",
     "after a monster's Bad Stuff hit its owner (caught, or escaped from Bad Stuff `even on "
     "escape`), not ignored, once the fight is over (`when bad stuff would hit you` comes "
     "before, while it can be ignored)", "when you suffer bad stuff: draw 1 treasure face down",
     ("whenever a monster's Bad Stuff hits you", "когда тебя настигает Непотребство монстра",
      "gdy dosięgną cię Niemiłe skutki potwora")),
    (OtherRunsAway, "YouRunAway", "when_you_run_away", '("run"|"try" "to" "run") "away"',
     "when you run away",
     "after its owner's attempt to run away from a monster (once per monster), escaped or "
     "caught, once the fight is over", "when you run away: draw 1 door face down",
     ("whenever you run away from a monster", "когда ты смываешься от монстра",
      "gdy uciekasz przed potworem")),
    (OtherPlaysCard, "YouPlayCard", "when_you_play_card", '"play" "a" "card"',
     "when you play a card",
     "whenever its owner plays another card (any kind), once that card has acted; the card "
     "itself being played does not count", "when you play a card, once per turn: draw 1 "
     "door face down",
     ("whenever you play another card", "когда ты играешь другую карту",
      "gdy zagrywasz inną kartę"), _IN_YOUR_FIGHT),
    (OtherSells, "YouSell", "when_you_sell", '"sell" ("items"|"an" "item")?', "when you sell",
     "whenever its owner sells items for levels, once the levels are gained (`if the sale "
     "buys a level` tests it)", "when you sell, if the sale buys a level: draw 1 treasure "
     "face down",
     ("whenever you sell items", "когда ты продаёшь шмотки", "gdy sprzedajesz przedmioty")),
    (OtherWins, "YouWin", "when_you_win", '"win" "a" ("fight" | "combat")',
     "when you win a fight",
     "after its owner wins a fight, fighting or helping, by a kill or without one (a "
     "monster defeated or discarded), once its treasures are drawn",
     "when you win a fight: draw 1 door face down",
     ("whenever you win a combat", "когда ты побеждаешь в бою", "gdy wygrywasz walkę")),
    (OtherKicksMonster, "YouKickMonster", "when_you_kick_monster",
     '"kick" "open" "a" "monster"', "when you kick open a monster",
     "the door its owner kicks open is a monster, as the fight with it starts (`monster`: "
     "that one; a strength change goes into that fight)",
     "when you kick open a monster: +2 to you",
     ("whenever you kick open the door and find a monster",
      "когда ты вышибаешь дверь и находишь за ней монстра",
      "gdy wyważasz drzwi i znajdujesz za nimi potwora"), _IN_YOUR_FIGHT),
))


#: `when a player gains a level` / `when any player ...`: the same events done by anyone,
#: the card's own player or another, heard by every living player's cards (the other form's
#: body, with its subject made `a player`)
_ANYONE = '("a"|"any") "player"'
_ANY_FORMS = tuple(_Own(*row) for row in (
    (OtherGainsLevel, "AnyGainsLevel", "when_any_gains_level",
     '("gains"|"goes" "up") "a" "level"', "when a player gains a level",
     "whenever any player, its owner or another, goes up one or more levels",
     "when a player gains a level: draw 1 door face down",
     ("whenever a player goes up a level", "когда любой игрок получает уровень",
      "gdy dowolny gracz zdobywa poziom")),
    (OtherLosesLevel, "AnyLosesLevel", "when_any_loses_level",
     '("loses"|"goes" "down") "a" "level"', "when a player loses a level",
     "whenever any player, its owner or another, goes down one or more levels, once the "
     "levels are lost", "when any player loses a level: draw 1 treasure face down",
     ("whenever a player loses a level", "когда любой игрок теряет уровень",
      "gdy dowolny gracz traci poziom")),
    (OtherDiscards, "AnyDiscards", "when_any_discards", '"discards" "a" "card"',
     "when a player discards a card",
     "whenever a card leaves any player, its owner or another, for the discards, once per "
     "card", "when a player discards a card, once per turn: draw 1 door face down",
     ("whenever a player discards a card", "когда любой игрок сбрасывает карту",
      "gdy dowolny gracz odrzuca kartę")),
    (OtherSuffersBadStuff, "AnySuffersBadStuff", "when_any_bad_stuff",
     '"suffers" "bad" "stuff"', "when a player suffers bad stuff",
     "after a monster's Bad Stuff hit any player, its owner or another (caught, or escaped "
     "from Bad Stuff `even on escape`), not ignored, once the fight is over",
     "when a player suffers bad stuff: draw 1 door face down",
     ("whenever a monster's Bad Stuff hits a player",
      "когда любого игрока настигает Непотребство монстра",
      "gdy dowolnego gracza dosięgną Niemiłe skutki potwora")),
    (OtherKills, "AnyKills", "when_any_kills", '"kills" "a" "monster"',
     "when a player kills a monster",
     "after a fight any player, its owner or another, won by killing the monster(s), once "
     "its rewards are given", "when a player kills a monster: draw 1 door face down",
     ("whenever a player kills a monster", "когда любой игрок убивает монстра",
      "gdy dowolny gracz zabija potwora")),
    (OtherPlaysCurse, "AnyPlaysCurse", "when_any_plays_curse", '"plays" "a" "curse"',
     "when a player plays a curse",
     "whenever any player, its owner or another, plays a curse, trap or disaster from the "
     "hand on anyone, before it acts", "when a player plays a curse: draw 1 door face down",
     ("whenever a player plays a curse", "когда любой игрок играет проклятие",
      "gdy dowolny gracz zagrywa klątwę")),
    (OtherSells, "AnySells", "when_any_sells", '"sells" ("items" | "an" "item")?',
     "when a player sells",
     "whenever any player, its owner or another, sells items for levels (`if the sale buys "
     "a level` tests it)", "when a player sells, once per turn: draw 1 treasure face down",
     ("whenever a player sells items", "когда любой игрок продаёт шмотки",
      "gdy dowolny gracz sprzedaje przedmioty")),
    (OtherWins, "AnyWins", "when_any_wins", '"wins" "a" ("fight" | "combat")',
     "when a player wins a fight",
     "after any player, its owner or another, wins a fight as its fighter, by a kill or "
     "without one, once its treasures are drawn",
     "when a player wins a fight: draw 1 door face down",
     ("whenever a player wins a combat", "когда любой игрок побеждает в бою",
      "gdy dowolny gracz wygrywa walkę")),
    (OtherFights, "AnyFights", "when_any_fights", '"fights" "a" "monster"',
     "when a player fights a monster",
     "whenever any player, its owner or another, starts a fight with a monster, once the "
     "monster has entered it (`monster`: that one)",
     "when a player fights a monster: +1 to monster",
     ("whenever a player starts a fight with a monster",
      "когда любой игрок вступает в бой с монстром",
      "gdy dowolny gracz rozpoczyna walkę z potworem")),
    (OtherKicksMonster, "AnyKicksMonster", "when_any_kicks_monster",
     '"kicks" "open" "a" "monster"', "when a player kicks open a monster",
     "the door any player, its owner or another, kicks open is a monster, as the fight with "
     "it starts (`monster`: that one)", "when a player kicks open a monster: +1 to monster",
     ("whenever a player kicks open the door and finds a monster",
      "когда любой игрок вышибает дверь и находит за ней монстра",
      "gdy dowolny gracz wyważa drzwi i znajduje za nimi potwora")),
))


def _own(row: _Own, who: str = '"you"') -> type[EventPart]:
    """The own form of ``row.other`` (or its anyone form, ``who``): its class with the
    owner's words and timing."""
    other, timing = row.other, row.timing
    namespace = {
        "__doc__": f"`{row.words}`: {row.summary}.",
        "__module__": __name__, "__qualname__": row.name,
        "__annotations__": {k: ClassVar[str] for k in ("timing", "rule", "syntax", "words",
                                                        "summary", "example", "carriers",
                                                        "refuse",
                                                        *dict(row.extra))},
        "timing": timing, "rule": f"t_{timing}", "syntax": f'"when" {who} {row.body}',
        "words": row.words, "summary": row.summary, "example": row.example,
        "text": dict(zip(("en", "ru", "pl"), row.text, strict=True)), **dict(row.extra),
    }
    if other.carriers == MONSTER_REACTION:  # a monster hears only another player's event
        namespace["carriers"] = TABLE_REACTION  # in its fight (engine/events.monsters_hear)
        namespace["refuse"] = (f"{other.refuse}; a monster hears what a player other than "
                               f"the fighter does in its fight: `{other.words}`")
    return dataclass(frozen=True, slots=True)(type(row.name, (other,), namespace))


#: other event's timing -> the own event's timing, for the engine (engine/events.react)
OWN: dict[str, str] = {}
#: other event's timing -> its anyone form's timing, fired for every living player
ANY: dict[str, str] = {}
for _row in _FORMS:
    globals()[_row.name] = _own(_row)
    OWN[_row.other.timing] = globals()[_row.name].timing
for _row in _ANY_FORMS:
    globals()[_row.name] = _own(_row, _ANYONE)
    ANY[_row.other.timing] = globals()[_row.name].timing
