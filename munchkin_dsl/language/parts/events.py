"""Events: what other players do, and the turn, as timings a card in play reacts to.

`when another player gains a level`, `when another player kills a monster`, `when a
curse is played on a player`, `at the start of your turn`.  A card its owner has in play
reacts on its own (a cost makes it the owner's choice); the engine fires the timing
where the event happens (engine/events.py), and a reaction never sets off the same
event again in the same moment (two Sore Losers do not loop).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart
from munchkin_dsl.language.parts.lasting import NoHelp
from munchkin_dsl.language.parts.strength import STRENGTH_CHANGES

TABLE_ONLY = "only a card its owner has in play reacts to {}; a one-shot is played, not kept"
#: the refusal of an event a one-shot also answers from the hand
IN_PLAY_OR_HAND = ("only a card its owner has in play, or a one-shot played from the hand "
                   "in reaction, reacts to {}")
#: the carriers of an event a curse kept on its victim reacts to as a card in play does
#: (§6.3: a curse on a player counts as in play; `persistent`, or inert.py refuses it):
#: its line acts on the victim
IN_PLAY = "in-play"
#: what another player does: the carriers of IN_PLAY and a one-shot its holder plays from
#: the hand in reaction, as the event comes (engine/events.py; issue 19: `when another
#: player is caught: gain 1 level` on a one-shot, the rulebooks' "play when another player
#: fails to run away"); TABLE_REACTION without the curses kept on a victim
REACTION = "in-play-or-one-shot"
TABLE_REACTION = "table-or-one-shot"
#: TABLE_REACTION and a monster, which hears the event in its own fight only, from its
#: side: `another player` is a player other than the fighter (engine/events.monsters_hear)
MONSTER_REACTION = "table-one-shot-or-monster"
#: the events of a card's own player a curse kept on its victim reacts to, acting for
#: the victim, whose carriers are listed rather than ``IN_PLAY`` (a one-shot played from the
#: hand reacts too, or they are declared in data/timings.toml): with the ``IN_PLAY`` ones,
#: what ``stays_on_victim`` gives
VICTIM_EVENTS = frozenset({"turn_start", "when_caught", "on_kill", "on_escape", "on_death",
                           "draws_treasure", "draws_door", "draws_card", "when_bad_stuff"})
#: E221's hint for an effect on the fight other than a strength change at an event inside
#: another player's fight (the events below with ``fight_effects``)
_IN_ANOTHERS_FIGHT = (
    "this event comes in another player's fight, and a line at it changes only that fight's "
    "strengths (`+2 to monster`, `-2 to that player`, `+2 to you` where you are in it); for "
    "anything else in a fight, give the line the moment in combat (a card played into it)")
#: the same where the line may also ban help in that fight (INTO_THE_FIGHT)
IN_ANOTHERS_FIGHT = _IN_ANOTHERS_FIGHT.replace(
    "where you are in it)", "where you are in it) or ban help there (`nobody may help`)")
#: what a line at an event that opens or enters another player's fight carries into it:
#: its strength changes, and the help ban (`the next time victim asks for help: nobody may
#: help`, a sixth held-out author's Mass Panic: the asking then fails, engine/events.py)
INTO_THE_FIGHT = (*sorted(STRENGTH_CHANGES), NoHelp.kind)
#: a one-shot's answer to a curse that form plays from the hand (engine/play.py)
_ANSWER_FROM_HAND = ("; a one-shot that cancels a curse played on its owner, or sends it on, "
                     "says `when targeted by curse: cancel a curse`")


@dataclass(frozen=True, slots=True)
class OtherGainsLevel(EventPart):
    """`when another player gains a level`: any level another player goes up, kill or card."""

    timing: ClassVar[str] = "when_other_gains_level"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_gains_level"
    syntax: ClassVar[str] = '"when" "another" "player" ("gains"|"goes" "up") "a" "level"'
    words: ClassVar[str] = "when another player gains a level"
    summary: ClassVar[str] = ("whenever another player goes up one or more levels, for the "
                              "cards the other players have in play")
    example: ClassVar[str] = "when another player gains a level, roll 6+: gain 1 level"
    refuse: ClassVar[str] = IN_PLAY_OR_HAND.format("another player's level")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player goes up a level",
        "ru": "когда другой игрок получает уровень",
        "pl": "gdy inny gracz zdobywa poziom",
    }


@dataclass(frozen=True, slots=True)
class OtherKills(EventPart):
    """`when another player kills a monster`: after that player's fight is won by a kill."""

    timing: ClassVar[str] = "when_other_kills"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_kills"
    syntax: ClassVar[str] = '"when" "another" "player" "kills" "a" "monster"'
    words: ClassVar[str] = "when another player kills a monster"
    summary: ClassVar[str] = ("after a fight another player won by killing the monster(s), once "
                              "its rewards are given")
    example: ClassVar[str] = "when another player kills a monster: draw 1 treasure face down"
    refuse: ClassVar[str] = IN_PLAY_OR_HAND.format("another player's kill")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player kills a monster",
        "ru": "когда другой игрок убивает монстра",
        "pl": "gdy inny gracz zabija potwora",
    }


@dataclass(frozen=True, slots=True)
class CursePlayed(EventPart):
    """`when a curse is played on a player`: any curse-like card hitting anyone."""

    timing: ClassVar[str] = "curse_played"
    carriers: ClassVar[str | tuple[str, ...]] = TABLE_REACTION
    rule: ClassVar[str] = "t_curse_played"
    syntax: ClassVar[str] = '"when" "a" curse_kind "is" "played" "on" "a"? "player"'
    words: ClassVar[str] = "when a curse is played on a player"
    summary: ClassVar[str] = ("whenever a curse, trap or disaster hits any player (you "
                              "included), before it acts")
    example: ClassVar[str] = "when a curse is played on a player: draw 1 door face down"
    refuse: ClassVar[str] = IN_PLAY_OR_HAND.format("a curse") + _ANSWER_FROM_HAND
    text: ClassVar[dict[str, str]] = {
        "en": "whenever a curse is played on a player",
        "ru": "когда на игрока играют проклятие",
        "pl": "gdy na gracza zostaje zagrana klątwa",
    }


@dataclass(frozen=True, slots=True)
class TurnStart(EventPart):
    """`at the start of your turn`: before its owner kicks the door open."""

    timing: ClassVar[str] = "turn_start"
    rule: ClassVar[str] = "t_turn_start"
    syntax: ClassVar[str] = '"at" "the" "start" "of" "your" "turn"'
    words: ClassVar[str] = "at the start of your turn"
    summary: ClassVar[str] = "at the start of its owner's turn, before the door is kicked open"
    example: ClassVar[str] = "at the start of your turn: draw 1 door face down"
    #: a card in play, or a one-shot its owner plays from the hand as the turn starts
    carriers: ClassVar[str | tuple[str, ...]] = (
        "race", "class", "item", "sidekick", "hireling", "door", "treasure", "curse", "trap",
        "disaster", "one-shot")
    refuse: ClassVar[str] = ("only a card its owner has in play (a curse kept on its victim "
                             "too), or a one-shot played from the hand as the turn starts, acts "
                             "at the start of a turn")
    text: ClassVar[dict[str, str]] = {
        "en": "at the start of your turn",
        "ru": "в начале твоего хода",
        "pl": "na początku twojej tury",
    }


@dataclass(frozen=True, slots=True)
class CombatEnds(EventPart):
    """`after each combat you fight`: whenever a fight its owner took part in (as the
    fighter or the helper) is over, however it ended: won, fled, caught, or left with no
    outcome (its monster given away)."""

    timing: ClassVar[str] = "after_combat"
    carriers: ClassVar[str | tuple[str, ...]] = IN_PLAY
    rule: ClassVar[str] = "t_after_combat"
    syntax: ClassVar[str] = ('"after" ("each" | "every" | "a") "combat" ("you" "fight")? '
                             '| "at" "the" "end" "of" ("each" | "every")? "combat"')
    words: ClassVar[str] = "after each combat you fight"
    summary: ClassVar[str] = ("whenever a fight its owner fought or helped in is over, won, "
                              "fled or lost, for the cards they have in play")
    example: ClassVar[str] = "after each combat you fight, roll a die: on 1 discard this card, " \
        "on 2 to 6 nothing"
    means: ClassVar[str] = "after combat end of combat each fight over finished every battle"
    refuse: ClassVar[str] = (TABLE_ONLY.format("the end of a fight") + "; a curse that "
                             "strikes once its victim's next combat is over says `after the "
                             "next combat`")
    text: ClassVar[dict[str, str]] = {
        "en": "after each combat you fight",
        "ru": "после каждого боя, в котором ты участвуешь",
        "pl": "po każdej walce, w której walczysz",
    }


@dataclass(frozen=True, slots=True)
class OtherPlayerEvent(EventPart):
    """What another player does, for the cards the other players have in play: the
    engine fires its ``timing`` through ``engine/events.react`` naming that player, whom
    `that player` then reaches.  (No rule: the base of the events below.)"""

    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    refuse: ClassVar[str] = IN_PLAY_OR_HAND.format("what another player does")


@dataclass(frozen=True, slots=True)
class OtherDiscards(OtherPlayerEvent):
    """`when another player discards a card`: a card leaves that player for the discards
    (a cost, Bad Stuff, a curse, a race or class dropped, charity to the discards)."""

    timing: ClassVar[str] = "when_other_discards"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_discards"
    syntax: ClassVar[str] = '"when" "another" "player" "discards" "a" "card"'
    words: ClassVar[str] = "when another player discards a card"
    summary: ClassVar[str] = ("whenever a card leaves another player for the discards (a cost, "
                              "Bad Stuff, a curse, a race or class dropped), once per card")
    example: ClassVar[str] = "when another player discards a card: draw 1 door face down"
    means: ClassVar[str] = "discard throw away lose card other opponent drops"
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player discards a card",
        "ru": "когда другой игрок сбрасывает карту",
        "pl": "gdy inny gracz odrzuca kartę",
    }


@dataclass(frozen=True, slots=True)
class OtherRunsAway(OtherPlayerEvent):
    """`when another player runs away`: after each run-away roll another player makes
    against a monster, whether they escape or are caught."""

    timing: ClassVar[str] = "when_other_runs_away"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_runs_away"
    syntax: ClassVar[str] = '"when" "another" "player" ("runs"|"tries" "to" "run") "away"'
    words: ClassVar[str] = "when another player runs away"
    summary: ClassVar[str] = ("after another player's attempt to run away from a monster "
                              "(once per monster), escaped or caught")
    example: ClassVar[str] = "when another player runs away: draw 1 door face down"
    means: ClassVar[str] = "run away flee escape attempt other opponent"
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player runs away from a monster",
        "ru": "когда другой игрок смывается от монстра",
        "pl": "gdy inny gracz ucieka przed potworem",
    }


@dataclass(frozen=True, slots=True)
class OtherEscapes(OtherPlayerEvent):
    """`when another player escapes`: another player's run away from a monster succeeds."""

    timing: ClassVar[str] = "when_other_escapes"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_escapes"
    syntax: ClassVar[str] = '"when" "another" "player" "escapes"'
    words: ClassVar[str] = "when another player escapes"
    summary: ClassVar[str] = "after another player escapes a monster by running away"
    example: ClassVar[str] = "when another player escapes: draw 1 treasure face down"
    means: ClassVar[str] = "escape got away fled successfully other"
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player escapes a monster",
        "ru": "когда другому игроку удаётся смыться от монстра",
        "pl": "gdy innemu graczowi udaje się uciec przed potworem",
    }


@dataclass(frozen=True, slots=True)
class OtherCaught(OtherPlayerEvent):
    """`when another player is caught`: another player fails to run away from a monster
    (after its Bad Stuff)."""

    timing: ClassVar[str] = "when_other_caught"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_caught"
    syntax: ClassVar[str] = '"when" "another" "player" "is" "caught"'
    words: ClassVar[str] = "when another player is caught"
    summary: ClassVar[str] = ("after another player fails to run away from a monster, once its "
                              "Bad Stuff is done")
    example: ClassVar[str] = "when another player is caught: gain 1 level"
    means: ClassVar[str] = "caught fails run away bad stuff other"
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player fails to run away",
        "ru": "когда другому игроку не удаётся смыться",
        "pl": "gdy innemu graczowi nie uda się ucieczka",
    }


@dataclass(frozen=True, slots=True)
class OtherAsksHelp(OtherPlayerEvent):
    """`when another player asks for help`: another player, fighting, asks for a helper
    (whether or not anyone accepts), before the helper joins."""

    timing: ClassVar[str] = "when_other_asks_help"
    carriers: ClassVar[str | tuple[str, ...]] = TABLE_REACTION
    rule: ClassVar[str] = "t_when_other_asks_help"
    syntax: ClassVar[str] = '"when" "another" "player" "asks" "for" "help"'
    words: ClassVar[str] = "when another player asks for help"
    summary: ClassVar[str] = ("when another player in a fight asks for a helper (accepted or "
                              "not), before a helper joins")
    example: ClassVar[str] = "when another player asks for help: draw 1 door face down"
    means: ClassVar[str] = "help helper ask request assist other"
    phase: ClassVar[str] = "fight"  # asked in an open fight: a strength change goes into it
    fight_effects: ClassVar[tuple[str, ...]] = INTO_THE_FIGHT
    no_fight: ClassVar[str] = IN_ANOTHERS_FIGHT
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player asks for help",
        "ru": "когда другой игрок просит о помощи",
        "pl": "gdy inny gracz prosi o pomoc",
    }


@dataclass(frozen=True, slots=True)
class OtherKicksDoor(OtherPlayerEvent):
    """`when another player kicks open the door`: once the door card is face up (its own
    lines have acted)."""

    timing: ClassVar[str] = "when_other_kicks_door"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_kicks_door"
    syntax: ClassVar[str] = '"when" "another" "player" "kicks" "open" "the"? "door"'
    words: ClassVar[str] = "when another player kicks open the door"
    summary: ClassVar[str] = "after another player kicks open the door and the card is shown"
    example: ClassVar[str] = "when another player kicks open the door: draw 1 door face down"
    means: ClassVar[str] = "kick open door reveal other turn"
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player kicks open the door",
        "ru": "когда другой игрок вышибает дверь",
        "pl": "gdy inny gracz wyważa drzwi",
    }


@dataclass(frozen=True, slots=True)
class YouKickDoor(EventPart):
    """`when you kick open the door`: its owner's door card is face up (its own lines have
    acted: a monster is in the fight, a curse has hit), for the cards its owner has in
    play; the line names that door `the card just drawn` (parts/in_flight.py)."""

    timing: ClassVar[str] = "when_you_kick_door"
    carriers: ClassVar[str | tuple[str, ...]] = IN_PLAY
    rule: ClassVar[str] = "t_when_you_kick_door"
    syntax: ClassVar[str] = '"when" "you" "kick" "open" "the"? "door"'
    words: ClassVar[str] = "when you kick open the door"
    summary: ClassVar[str] = ("after its owner kicks open the door and the card is shown, read "
                              "as `the card just drawn`")
    example: ClassVar[str] = "when you kick open the door: draw 1 treasure face down"
    means: ClassVar[str] = "kick open door reveal own turn"
    refuse: ClassVar[str] = TABLE_ONLY.format("its owner's kick")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever you kick open the door",
        "ru": "когда ты вышибаешь дверь",
        "pl": "gdy wyważasz drzwi",
    }


@dataclass(frozen=True, slots=True)
class OtherLosesLevel(OtherPlayerEvent):
    """`when another player loses a level`: any level another player goes down."""

    timing: ClassVar[str] = "when_other_loses_level"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_loses_level"
    syntax: ClassVar[str] = '"when" "another" "player" ("loses"|"goes" "down") "a" "level"'
    words: ClassVar[str] = "when another player loses a level"
    summary: ClassVar[str] = ("whenever another player goes down one or more levels (Bad "
                              "Stuff, a curse, a card)")
    example: ClassVar[str] = "when another player loses a level: gain 1 level"
    means: ClassVar[str] = "lose level down drop other"
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player loses a level",
        "ru": "когда другой игрок теряет уровень",
        "pl": "gdy inny gracz traci poziom",
    }


@dataclass(frozen=True, slots=True)
class OtherPlaysCurse(OtherPlayerEvent):
    """`when another player plays a curse`: another player plays a curse, trap or
    disaster on anyone (a curse kicked open from the deck is played by nobody)."""

    timing: ClassVar[str] = "when_other_plays_curse"
    carriers: ClassVar[str | tuple[str, ...]] = TABLE_REACTION
    rule: ClassVar[str] = "t_when_other_plays_curse"
    syntax: ClassVar[str] = '"when" "another" "player" "plays" "a" curse_kind'
    words: ClassVar[str] = "when another player plays a curse"
    summary: ClassVar[str] = ("whenever another player plays a curse, trap or disaster from the "
                              "hand on anyone, before it acts")
    example: ClassVar[str] = "when another player plays a curse: that player loses 1 level"
    means: ClassVar[str] = "curse cast hex play trap disaster other"
    refuse: ClassVar[str] = IN_PLAY_OR_HAND.format("another player's curse") + _ANSWER_FROM_HAND
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player plays a curse",
        "ru": "когда другой игрок играет проклятие",
        "pl": "gdy inny gracz zagrywa klątwę",
    }


@dataclass(frozen=True, slots=True)
class OtherStartsTurn(OtherPlayerEvent):
    """`when another player starts a turn`: another player's turn begins (before their
    door is kicked open, after their own `at the start of your turn` lines)."""

    timing: ClassVar[str] = "when_other_starts_turn"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_starts_turn"
    syntax: ClassVar[str] = '"when" "another" "player" "starts" "a"? "turn"'
    words: ClassVar[str] = "when another player starts a turn"
    summary: ClassVar[str] = ("as another player's turn begins, before they kick open the door "
                              "(`that player`: whose turn it is)")
    example: ClassVar[str] = "when another player starts a turn: draw 1 door face down"
    means: ClassVar[str] = "start turn begins their turn other next turn"
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player's turn starts",
        "ru": "когда начинается ход другого игрока",
        "pl": "gdy zaczyna się tura innego gracza",
    }


@dataclass(frozen=True, slots=True)
class TurnEnd(EventPart):
    """`at the end of your turn`: its owner's turn ends (before the next one starts)."""

    timing: ClassVar[str] = "turn_end"
    carriers: ClassVar[str | tuple[str, ...]] = IN_PLAY
    rule: ClassVar[str] = "t_turn_end"
    syntax: ClassVar[str] = '"at" "the" "end" "of" "your" "turn"'
    words: ClassVar[str] = "at the end of your turn"
    summary: ClassVar[str] = "at the end of its owner's turn, before the next turn starts"
    example: ClassVar[str] = "at the end of your turn: discard this card"
    means: ClassVar[str] = "end of turn finish done over"
    refuse: ClassVar[str] = TABLE_ONLY.format("the end of a turn")
    text: ClassVar[dict[str, str]] = {
        "en": "at the end of your turn",
        "ru": "в конце твоего хода",
        "pl": "na końcu twojej tury",
    }


@dataclass(frozen=True, slots=True)
class NextTurnEnd(EventPart):
    """`at the end of your next turn`: the end of the first turn of its owner that began
    with the card in play (a card put in play during its owner's turn waits for the
    next one).  A curse, trap or disaster (persistent or not) stays on its victim until
    the end of the victim's next turn, a one-shot laid ahead in front of its player until
    the end of theirs: it acts once then and goes (engine/events.turn_ends)."""

    timing: ClassVar[str] = "turn_end_next"
    #: the kinds of REACTION, spelled out: a curse that waits for it stays on its victim
    #: whether `persistent` or not (event_groups.stays_on_victim reads the group name)
    carriers: ClassVar[str | tuple[str, ...]] = (
        "race", "class", "item", "sidekick", "hireling", "door", "treasure", "curse", "trap",
        "disaster", "one-shot")
    rule: ClassVar[str] = "t_turn_end_next"
    syntax: ClassVar[str] = ('"at" "the" "end" "of" ("your" | "their" | "the" "victim\'s" | '
                             '"victim\'s") "next" "turn"')
    words: ClassVar[str] = "at the end of your next turn"
    summary: ClassVar[str] = ("at the end of the first turn of its owner that began with the "
                              "card in play; a curse-like card stays on its victim until the "
                              "end of the victim's next turn, a one-shot laid ahead until the "
                              "end of its player's next turn, then acts once and goes")
    example: ClassVar[str] = "at the end of your next turn: discard this card"
    means: ClassVar[str] = "end of next turn burn out expire later countdown delayed"
    refuse: ClassVar[str] = ("only a card its owner has in play, a curse, trap or disaster on "
                             "its victim, or a one-shot laid ahead waits for the end of a "
                             "turn")
    text: ClassVar[dict[str, str]] = {
        "en": "at the end of your next turn",
        "ru": "в конце твоего следующего хода",
        "pl": "na końcu twojej następnej tury",
    }


@dataclass(frozen=True, slots=True)
class OtherFights(OtherPlayerEvent):
    """`when another player fights a monster`: another player's combat starts (the
    monster has entered the fight; its own lines have acted)."""

    timing: ClassVar[str] = "when_other_fights"
    carriers: ClassVar[str | tuple[str, ...]] = TABLE_REACTION
    rule: ClassVar[str] = "t_when_other_fights"
    syntax: ClassVar[str] = '"when" "another" "player" "fights" "a" "monster"'
    words: ClassVar[str] = "when another player fights a monster"
    summary: ClassVar[str] = ("when another player's combat starts, once the monster has "
                              "entered the fight")
    example: ClassVar[str] = "when another player fights a monster: draw 1 door face down"
    means: ClassVar[str] = "combat starts fight begins monster met other"
    #: the monster is in the fight: a strength change goes into it (`+2 to monster`)
    phase: ClassVar[str] = "fight"
    fight_effects: ClassVar[tuple[str, ...]] = tuple(sorted(STRENGTH_CHANGES))
    no_fight: ClassVar[str] = _IN_ANOTHERS_FIGHT
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player starts a fight with a monster",
        "ru": "когда другой игрок вступает в бой с монстром",
        "pl": "gdy inny gracz rozpoczyna walkę z potworem",
    }


@dataclass(frozen=True, slots=True)
class YouFight(EventPart):
    """`when you fight a monster`: its owner's combat starts (the monster has entered the
    fight; its own lines have acted), for the cards its owner has in play.  Its waiting
    form, `the next time you fight a monster: +3 to you`, is a one-shot played ahead that
    acts in its player's next fight and goes with it (engine/waiting.py)."""

    timing: ClassVar[str] = "when_you_fight"
    carriers: ClassVar[str | tuple[str, ...]] = IN_PLAY
    rule: ClassVar[str] = "t_when_you_fight"
    syntax: ClassVar[str] = '"when" "you" "fight" "a" "monster"'
    words: ClassVar[str] = "when you fight a monster"
    summary: ClassVar[str] = ("when its owner's combat starts, once the monster has entered "
                              "the fight")
    example: ClassVar[str] = "when you fight a monster: +1 to you"
    means: ClassVar[str] = "combat starts fight begins monster met own next fight"
    refuse: ClassVar[str] = TABLE_ONLY.format("its owner's fight starting")
    phase: ClassVar[str] = "fight"
    #: and the owner's run-away rolls in it (Moody Warhorse: `when you fight a monster,
    #: until end of combat, choose one: +2 to you, or +2 to run away`)
    fight_effects: ClassVar[tuple[str, ...]] = (*sorted(STRENGTH_CHANGES), "run_away")
    no_fight: ClassVar[str] = (
        "a line at the start of your fight changes only its strengths or your run-away "
        "rolls in it (`+2 to you`, `-2 to monster`, `+2 to run away`); for anything else "
        "in your fight, give the line the moment in combat (a card played into the fight)")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever you start a fight with a monster",
        "ru": "когда ты вступаешь в бой с монстром",
        "pl": "gdy rozpoczynasz walkę z potworem",
    }


@dataclass(frozen=True, slots=True)
class OtherPlaysCard(OtherPlayerEvent):
    """`when another player plays a card`: any card another player plays from the hand or
    puts in play (a curse, a one-shot, an item, a race...), once it has acted."""

    timing: ClassVar[str] = "when_other_plays_card"
    carriers: ClassVar[str | tuple[str, ...]] = MONSTER_REACTION
    rule: ClassVar[str] = "t_when_other_plays_card"
    syntax: ClassVar[str] = '"when" "another" "player" "plays" "a" "card"'
    words: ClassVar[str] = "when another player plays a card"
    summary: ClassVar[str] = ("whenever another player plays a card (any kind), once the "
                              "card has acted (a line that cancels it, `cancel the card "
                              "played`, answers before it acts); on a monster, a player other "
                              "than the fighter while it is in the fight (`+2`: to the "
                              "monster)")
    example: ClassVar[str] = "when another player plays a card: draw 1 door face down"
    means: ClassVar[str] = "play card cast use other"
    #: a card may be played in a fight or out of one: a strength change goes into the
    #: fight open then (none open: it changes nothing, so test `if you are in combat`)
    phase: ClassVar[str] = "any"
    fight_effects: ClassVar[tuple[str, ...]] = tuple(sorted(STRENGTH_CHANGES))
    no_fight: ClassVar[str] = _IN_ANOTHERS_FIGHT
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player plays a card",
        "ru": "когда другой игрок играет карту",
        "pl": "gdy inny gracz zagrywa kartę",
    }


@dataclass(frozen=True, slots=True)
class OtherHelps(OtherPlayerEvent):
    """`when another player helps`: another player agrees to help in a fight (`that
    player` is the helper), as they join it."""

    timing: ClassVar[str] = "when_other_helps"
    carriers: ClassVar[str | tuple[str, ...]] = MONSTER_REACTION
    rule: ClassVar[str] = "t_when_other_helps"
    syntax: ClassVar[str] = '"when" "another" "player" "helps"'
    words: ClassVar[str] = "when another player helps"
    summary: ClassVar[str] = ("when another player agrees to help in a fight, as they join it "
                              "(`that player`: the helper); on a monster, a helper joining "
                              "its fight")
    example: ClassVar[str] = "when another player helps: that player loses 1 level"
    means: ClassVar[str] = "help helper joins assist given other"
    phase: ClassVar[str] = "fight"  # the helper joins an open fight: a change goes into it
    fight_effects: ClassVar[tuple[str, ...]] = tuple(sorted(STRENGTH_CHANGES))
    no_fight: ClassVar[str] = _IN_ANOTHERS_FIGHT
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player agrees to help in a fight",
        "ru": "когда другой игрок соглашается помочь в бою",
        "pl": "gdy inny gracz zgadza się pomóc w walce",
    }


@dataclass(frozen=True, slots=True)
class JoinsAsHelper(EventPart):
    """`become the helper when another player asks for help`: a one-shot played from the
    hand of a player not in the fight as another player asks for help; its player joins
    that fight as the helper (instead of the one asked), then its line acts with them in
    it (`+3 to you` counts while they help) and the card goes with the fight."""

    timing: ClassVar[str] = "joins_as_helper"
    rule: ClassVar[str] = "t_joins_as_helper"
    syntax: ClassVar[str] = ('"become" "the"? "helper" "when" "another" "player" "asks" "for" '
                             '"help"')
    words: ClassVar[str] = "become the helper when another player asks for help"
    summary: ClassVar[str] = ("a one-shot played as another player asks for help: its player "
                              "joins that fight as the helper instead of the one asked, then "
                              "its line acts in the fight")
    example: ClassVar[str] = "become the helper when another player asks for help: +3 to you"
    means: ClassVar[str] = "mercenary hire join help helper ask sell sword contract"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    phase: ClassVar[str] = "fight"
    refuse: ClassVar[str] = ("only a one-shot is played from the hand to join a fight as its "
                             "helper; a card in play reacts with `when another player asks "
                             "for help`")
    refuse_effects: ClassVar[dict[str, str]] = {
        "force_help": "its player is the helper now, so nobody else can be made to help; "
                      "write the bonus the helper gets (`+3 to you`)",
        "give_monster": "its player has just joined the fight to help in it; a card that "
                        "gives the monster away is played `in combat`",
        "auto_escape": "its player has just joined the fight to help win it; a card that "
                       "lets them escape is played `in combat`",
    }
    text: ClassVar[dict[str, str]] = {
        "en": "play when another player asks for help and become their helper",
        "ru": "сыграй, когда другой игрок просит о помощи, и стань его помощником",
        "pl": "zagraj, gdy inny gracz prosi o pomoc, i zostań jego pomocnikiem",
    }


@dataclass(frozen=True, slots=True)
class OtherCursesYou(OtherPlayerEvent):
    """`when another player plays a curse on you`: another player plays a curse, trap or
    disaster from the hand on its owner (not one the owner kicks open from the door, which
    nobody played, as `when targeted by curse` also answers; not one played on someone
    else, as `when another player plays a curse` also answers).  It comes before the
    curse acts, so a line at it may cancel it or send it on (`the curse goes to a player
    of your choice instead`); `that player` is who played it."""

    timing: ClassVar[str] = "when_other_curses_you"
    carriers: ClassVar[str | tuple[str, ...]] = TABLE_REACTION
    rule: ClassVar[str] = "t_when_other_curses_you"
    syntax: ClassVar[str] = '"when" "another" "player" "plays" "a" curse_kind "on" "you"'
    words: ClassVar[str] = "when another player plays a curse on you"
    summary: ClassVar[str] = ("whenever another player plays a curse, trap or disaster from the "
                              "hand on its owner, before it acts (`that player`: who played it)")
    example: ClassVar[str] = "when another player plays a curse on you: draw 1 door face down"
    means: ClassVar[str] = "curse cast hex trap disaster played on you targeted victim other"
    refuse: ClassVar[str] = (IN_PLAY_OR_HAND.format("a curse another player plays on its owner")
                             + _ANSWER_FROM_HAND)
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player plays a curse on you",
        "ru": "когда другой игрок играет на тебя проклятие",
        "pl": "gdy inny gracz zagrywa na ciebie klątwę",
    }

