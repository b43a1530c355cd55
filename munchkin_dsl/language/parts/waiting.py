"""Cards that wait: a card played now whose line fires at a later event.

`the next time you win a fight: draw 1 treasure face down` (a one-shot played at any
time, kept face up in front of its player until the fight is won, then discarded), and
`the next time you win a fight this turn: ...`, which is discarded unused when the turn
ends.  The engine keeps the waiting card beside its player's other cards and fires it
where a fight is won (engine/waiting.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart
from munchkin_dsl.language.parts.fight_entry import JOINS

_REFUSE = ("only a card played from the hand waits for a later event (a one-shot); a card "
           "in play reacts to every kill with `on kill:`")


@dataclass(frozen=True, slots=True)
class NextWin(EventPart):
    """`the next time you win a fight`: played at any time, it waits for its player's next
    won fight (as the fighter or the helper), fires once the rewards are given, and goes."""

    timing: ClassVar[str] = "next_win"
    rule: ClassVar[str] = "t_next_win"
    syntax: ClassVar[str] = '"the" "next" "time" "you" "win" "a" "fight"'
    words: ClassVar[str] = "the next time you win a fight"
    summary: ClassVar[str] = ("a played card waits face up until its player next wins a fight "
                              "(fighter or helper), then its line fires and it is discarded")
    example: ClassVar[str] = "the next time you win a fight: draw 1 treasure face down"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    refuse: ClassVar[str] = _REFUSE
    text: ClassVar[dict[str, str]] = {
        "en": "the next time you win a fight",
        "ru": "в следующий раз, когда ты победишь в бою",
        "pl": "następnym razem, gdy wygrasz walkę",
    }


@dataclass(frozen=True, slots=True)
class NextWinThisTurn(EventPart):
    """`the next time you win a fight this turn`: as `the next time you win a fight`, but
    discarded unused when the turn ends."""

    timing: ClassVar[str] = "next_win_this_turn"
    rule: ClassVar[str] = "t_next_win_this_turn"
    syntax: ClassVar[str] = '"the" "next" "time" "you" "win" "a" "fight" "this" "turn"'
    words: ClassVar[str] = "the next time you win a fight this turn"
    summary: ClassVar[str] = ("a played card waits face up until its player next wins a fight "
                              "this turn, then its line fires; unused, it is discarded when "
                              "the turn ends")
    example: ClassVar[str] = "the next time you win a fight this turn: gain 1 level"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    refuse: ClassVar[str] = _REFUSE
    text: ClassVar[dict[str, str]] = {
        "en": "the next time you win a fight this turn",
        "ru": "в следующий раз, когда ты победишь в бою в этот ход",
        "pl": "następnym razem, gdy wygrasz walkę w tej turze",
    }


@dataclass(frozen=True, slots=True)
class NextKillOfThatPlayer(EventPart):
    """`the next time that player kills a monster`: a one-shot played on another player
    waits face up in front of the one who played it until that player next wins a fight
    by a kill, fires for its player (`you`; `that player` is the killer) and goes."""

    timing: ClassVar[str] = "next_kill_of_that_player"
    rule: ClassVar[str] = "t_next_kill_of_that_player"
    syntax: ClassVar[str] = '"the" "next" "time" "that" "player" "kills" "a" "monster"'
    words: ClassVar[str] = "the next time that player kills a monster"
    summary: ClassVar[str] = ("a one-shot played on another player waits face up until that "
                              "player next kills a monster (as the fighter), then its line "
                              "fires for the one who played it and it is discarded")
    example: ClassVar[str] = ("the next time that player kills a monster: draw 1 treasure "
                              "face down")
    means: ClassVar[str] = "track watch next time other player kills beacon bounty later"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    refuse: ClassVar[str] = ("only a one-shot played on another player waits for that "
                             "player's kill; a card in play reacts to every kill with `when "
                             "another player kills a monster`")
    text: ClassVar[dict[str, str]] = {
        "en": "play on another player; the next time that player kills a monster",
        "ru": "сыграй на другого игрока; в следующий раз, когда этот игрок убьёт монстра",
        "pl": "zagraj na innego gracza; następnym razem, gdy ten gracz zabije potwora",
    }


@dataclass(frozen=True, slots=True)
class NextDoorMonster(EventPart):
    """`when the door you kick open this turn is a monster`: played on its player's turn
    before the door is kicked open, it waits face up; if the door is a monster, its line
    fires as that fight starts (a bonus lasts for that fight) and it goes with the fight;
    any other door card, or no kick this turn, and it is discarded unused."""

    timing: ClassVar[str] = "next_door_monster"
    rule: ClassVar[str] = "t_next_door_monster"
    syntax: ClassVar[str] = ('"when" "the" "door" "you" "kick" "open" ("this" "turn")? "is" '
                             '"a" "monster"')
    words: ClassVar[str] = "when the door you kick open this turn is a monster"
    summary: ClassVar[str] = ("played on its player's turn before the door is kicked open, it "
                              "waits; if the door is a monster its line fires as that fight "
                              "starts and lasts for it, otherwise it is discarded unused")
    example: ClassVar[str] = "when the door you kick open this turn is a monster: +3 to you"
    means: ClassVar[str] = "ambush warning before kick door monster behind prepared ready"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    phase: ClassVar[str] = "fight"
    refuse: ClassVar[str] = ("only a one-shot played before its player kicks open the door "
                             "waits for that door; a card in play reacts to every fight with "
                             "`in combat`")
    text: ClassVar[dict[str, str]] = {
        "en": "play on your turn before you kick open the door; if that door is a monster, "
              "in that combat",
        "ru": "сыграй в свой ход, пока не вышиб дверь; если за ней монстр, в этом бою",
        "pl": "zagraj w swojej turze, zanim wyważysz drzwi; jeśli to potwór, w tej walce",
    }


@dataclass(frozen=True, slots=True)
class NextDoorCurse(EventPart):
    """`when the door you kick open is a curse: cancel it`: played on its player's turn
    before the door is kicked open, it waits face up (beside a `... is a monster` line of
    the same card, if any); if the door is a curse-like card, its line fires as the curse
    comes, before it acts, so `cancel it` stops that curse and no other (a curse another
    player plays meanwhile is not the door's); any other door card, or no kick this turn,
    and it is discarded unused."""

    timing: ClassVar[str] = "next_door_curse"
    rule: ClassVar[str] = "t_next_door_curse"
    syntax: ClassVar[str] = ('"when" "the" "door" "you" "kick" "open" ("this" "turn")? "is" '
                             '"a" curse_kind')
    words: ClassVar[str] = "when the door you kick open is a curse"
    summary: ClassVar[str] = ("played on its player's turn before the door is kicked open, it "
                              "waits; if the door is a curse its line fires as the curse "
                              "comes, before it acts (`cancel it`), otherwise it is discarded "
                              "unused")
    example: ClassVar[str] = "when the door you kick open is a curse: cancel it"
    means: ClassVar[str] = "ambush door curse behind prepared ready trap kicked cancel"
    carriers: ClassVar[str | tuple[str, ...]] = ("one-shot",)
    refuse: ClassVar[str] = ("only a one-shot played before its player kicks open the door "
                             "waits for that door; a card in play answers every curse with "
                             "`when targeted by curse`")
    text: ClassVar[dict[str, str]] = {
        "en": "play on your turn before you kick open the door; if that door is a curse",
        "ru": "сыграй в свой ход, пока не вышиб дверь; если за ней проклятие",
        "pl": "zagraj w swojej turze, zanim wyważysz drzwi; jeśli to klątwa",
    }


@dataclass(frozen=True, slots=True)
class NextWinOfVictim(EventPart):
    """`the next time victim wins a fight`: a curse that stays on its victim until the
    victim next wins a fight (as the fighter or the helper); its line fires as that fight
    is won, before its treasures are drawn, and the curse goes."""

    timing: ClassVar[str] = "next_win_of_victim"
    rule: ClassVar[str] = "t_next_win_of_victim"
    syntax: ClassVar[str] = ('"the" "next" "time" "the"? "victim" "wins" "a" ("fight" | '
                             '"combat")')
    words: ClassVar[str] = "the next time victim wins a fight"
    summary: ClassVar[str] = ("a curse stays on its victim until the victim next wins a fight "
                              "(fighter or helper); its line fires as that fight is won, "
                              "before the treasures are drawn, and the curse goes")
    example: ClassVar[str] = "the next time victim wins a fight: victim draws no treasures for it"
    means: ClassVar[str] = "next win victim later curse waits jinx spoil reward"
    carriers: ClassVar[str | tuple[str, ...]] = "curse-like"
    phase: ClassVar[str] = "none"
    refuse: ClassVar[str] = ("only a curse waits on its victim for their next won fight; a "
                             "one-shot waits with `the next time you win a fight`")
    text: ClassVar[dict[str, str]] = {
        "en": "the next time you win a combat",
        "ru": "в следующий раз, когда ты победишь в бою",
        "pl": "następnym razem, gdy wygrasz walkę",
    }


@dataclass(frozen=True, slots=True)
class NextCombatEndOfVictim(EventPart):
    """`after the next combat`: a curse that stays on its victim until the end of the
    victim's next combat (as the fighter or the helper), however it ends: won, fled,
    caught; its line fires once that combat is over (its bonuses counted in it), and the
    curse goes.  `next combat: ...` acts as the combat starts, so an item it takes is lost
    for that combat; this is the form for a curse that strikes after it."""

    timing: ClassVar[str] = "next_combat_end_of_victim"
    rule: ClassVar[str] = "t_next_combat_end_of_victim"
    syntax: ClassVar[str] = ('"after" "the"? "next" ("combat" | "fight") | "at" "the" "end" '
                             '"of" ("your" | "the") "next" ("combat" | "fight")')
    words: ClassVar[str] = "after the next combat"
    summary: ClassVar[str] = ("a curse stays on its victim until the victim's next combat "
                              "(fighter or helper) is over, won, fled or lost; its line fires "
                              "then, and the curse goes")
    example: ClassVar[str] = "after the next combat: victim discards 1 item of their choice"
    means: ClassVar[str] = "end of next combat after fight delayed later curse trap afterwards"
    carriers: ClassVar[str | tuple[str, ...]] = "curse-like"
    phase: ClassVar[str] = "none"
    refuse: ClassVar[str] = ("only a curse waits on its victim for the end of their next "
                             "combat; a card in play acts after each one with `after each "
                             "combat you fight`")
    text: ClassVar[dict[str, str]] = {
        "en": "at the end of your next combat",
        "ru": "в конце твоего следующего боя",
        "pl": "na końcu twojej następnej walki",
    }


# -- any event, waited for ------------------------------------------------------------
# `the next time EVENT: ...` (and `... this turn`, and `the next time that player ...` on a
# one-shot played on another player): one form over every event a card in play reacts to,
# not one class per event.  Its timing id is the form and the base timing
# (`next:when_seal_opens`); the grammar alternatives, the timing specs and the card text
# are derived from the base events here, and the engine fires a waiting card wherever
# its base event is fired for a card in play (engine/waiting.py).

#: the forms: id prefix -> (grammar lead, grammar tail, whose event, en/ru/pl lead)
NEXT = "next"
NEXT_THIS_TURN = "next_this_turn"
NEXT_THAT = "next_that"
#: `the next time victim gains a level: ...` on a curse, trap or disaster: it stays on its
#: victim until the victim does what another player's event names, acts once, and goes
NEXT_VICTIM = "next_victim"
#: `the next time that player gains a level this turn`: played on them, discarded unused
#: when the turn ends
NEXT_THAT_THIS_TURN = "next_that_this_turn"
#: `this turn, each time that player kills a monster: draw 1 treasure` (or `until the end
#: of that player's turn, whenever that player ...`): played on them, it acts at every such
#: event of theirs this turn, stays face up, and is discarded when the turn ends
EACH_THAT_THIS_TURN = "each_that_this_turn"
FORMS = (NEXT, NEXT_THIS_TURN, NEXT_THAT, NEXT_VICTIM, NEXT_THAT_THIS_TURN, EACH_THAT_THIS_TURN)
#: the forms that act at every event until they lapse, instead of once
REPEATING = frozenset({EACH_THAT_THIS_TURN})
#: the forms played on another player (they wait for what that player does), and the forms
#: discarded unused when the turn ends
THAT_FORMS = frozenset({NEXT_THAT, NEXT_THAT_THIS_TURN, EACH_THAT_THIS_TURN})
THIS_TURN_FORMS = frozenset({NEXT_THIS_TURN, NEXT_THAT_THIS_TURN, EACH_THAT_THIS_TURN})
#: the card kinds that wait in each form (a one-shot played ahead, else a curse-like card
#: kept on its victim)
#: the kinds that stay on a victim and wait there
CURSE_LIKE = frozenset({"curse", "trap", "disaster"})
FORM_CARRIERS = {NEXT_VICTIM: CURSE_LIKE}
#: the events a curse-like card also waits for in the plain form, on its victim: the start
#: of the victim's next turn (`at the start of your next turn: victim loses 1 level`; it
#: stays on them until then, persistent or not, acts once and goes)
_CURSE_TOO = frozenset({"turn_start"})
#: the events of the whole table a curse-like card also waits for on its victim (`the next
#: time a seal opens: victim loses 1 level`, `the next time a player kills a monster`): it
#: stays on them until anyone does it, acts once on its victim and goes
_TABLE_SEALS = frozenset({"when_seal_opens", "when_seal_closes"})
_TABLE_PREFIX = "when_any_"


#: E220's hint for a table-wide event a curse-like card reacts to (`persistent` + `when a
#: seal opens`): its lines act on its victim, it is not a card a player has in play
CURSE_WAITS_HINT = ("a curse, trap or disaster, even `persistent`, does not react to every "
                    "such event; it waits on its victim for the next one and then goes: "
                    "`{words}: victim loses 1 level`")


def table_wide(base: str) -> bool:
    """The event ``base`` is anyone's (`a seal opens`, `a player kills a monster`), so a
    curse-like card can wait for it on its victim."""
    return base in _TABLE_SEALS or base.startswith(_TABLE_PREFIX)
#: another player's events a victim's own act cannot be (`plays a curse on you`: on the
#: curse's own victim) or that the victim's curses do not see (`dies`: they go with the body)
_NO_VICTIM = frozenset({"when_other_curses_you", "when_other_dies", "when_other_looted",
                        # the victim's roll is `next run away roll` (`the next time victim
                        # rolls to run away` is its other wording, grammar/munchkin.lark)
                        "when_other_rolls_run_away",
                        # the victim's won fight is NextWinOfVictim's (before the treasures)
                        "when_other_wins"})
#: base timings a card in play reacts to that a played card can wait for, with the grammar
#: body after `the next time` when the event's words do not give it (`when targeted by
#: curse` names no player); the `when ...` events of data/timings.toml and of the event
#: parts whose words start `when` or name the turn
_BODIES = {"when_targeted": '"you" "are" "targeted" "by" "a"? curse_kind',
           # the ruleset's curse word (`trap`, `disaster`) wherever `curse` names the kind
           "curse_played": '"a" curse_kind "is" "played" "on" "a"? "player"',
           "when_other_plays_curse": '"another" "player" "plays" "a" curse_kind',
           "when_other_curses_you": '"another" "player" "plays" "a" curse_kind "on" "you"',
           "on_escape": '"you" ("escape" | "run" "away" "successfully")',
           # `on kill` (a card in play's own kill): `the next time you kill a monster`
           "on_kill": '"you" "kill" "a" "monster"',
           # `the next time you face a monster` / `... a monster joins a combat you are in`
           "when_you_face": f'("you" "face" "a" "monster" | {JOINS})',
           # its player's own capture, death and run-away roll (a one-shot laid ahead in
           # front of them: `the next time you are caught: you ignore bad stuff`)
           "when_caught": '"you" ("are" "caught" | "get" "caught" | "fail" "to" "run" "away")',
           "on_death": '"you" ("die" | "are" "killed")',
           # Bad Stuff about to hit its player, caught or escaped (`even on escape`)
           "when_bad_stuff": '("bad" "stuff" "would" "hit" "you" | "you" "would" "suffer" '
                             '"bad" "stuff")',
           "after_run_away_roll": '"you" "roll" "to" "run" "away"'}
#: how an author writes those bodies (the words after `the next time`)
_BODY_WORDS = {"when_targeted": "you are targeted by a curse", "on_escape": "you escape",
               "on_kill": "you kill a monster", "when_caught": "you are caught",
               "on_death": "you die", "after_run_away_roll": "you roll to run away",
               "when_bad_stuff": "bad stuff would hit you"}
#: events the engine fires for a card in play but where waiting means nothing: a card's own
#: counters (a one-shot has none), the next turn's end (already a later turn; `at the end
#: of your next turn` is that event's own words).  A loss about to happen is waited for:
#: `the next time you would lose a level: prevent it` is a one-shot played ahead, face up,
#: that stops the next loss (engine/replacement.py)
_NOT_WAITED = frozenset({"counters_added", "turn_end_next", "turn_end",
                         # its own player's won fight is waited for by NextWin (a class above)
                         "when_you_win"})
#: the phases of the events a card can wait for: out of a fight, or one that comes inside
#: an open fight (its fighter's or helper's own steps, `when caught`, are not waited for)
_WAITED_PHASES = frozenset({"none", "fight", "any"})
#: events inside a fight's own steps that a one-shot laid ahead still waits for: its
#: player's capture (before Bad Stuff), their run-away roll and another player's (made,
#: not yet counted: `the next time that player rolls to run away: the roll fails`)
_WAITED_STEPS = frozenset({"when_caught", "after_run_away_roll", "when_other_rolls_run_away",
                           "when_bad_stuff"})
#: the turn events: `at the start of your next turn` (no `the next time`, no `this turn`)
#: the waiting forms declared as classes above, with their own engine step
_OWN_CLASS = frozenset({"when_other_kills"})  # `the next time that player kills a monster`
#: events with no `the next time that player ...` form: a card played on a player who is
#: then looted lies in front of a dead player (the conformance probe saw none of its
#: effects happen), so `the next time another player is looted` is the form
_NO_THAT = frozenset({"when_other_looted"})
#: no `this turn, each time that player ...`: a run-away roll is one per monster, answered
#: as it is rolled (`the next time that player rolls to run away` waits for one)
_NO_EACH = frozenset({"when_other_rolls_run_away"})
#: events that start a turn: no `this turn` form
_NEXT_TURN = frozenset({"turn_start", "when_other_starts_turn"})
_TURN = {"turn_start": ("start", "начале", "początku")}
#: the words of a text lead per language (the base event's text follows)
_LEAD = {"en": "the next time", "ru": "в следующий раз,", "pl": "następnym razem,"}
#: the grammar lead of the repeating form, and its text lead per language
#: (`whenever`, `each time`, `every time` read as `when`: language/synonyms.py)
_EACH_LEAD = ('("this" "turn" | "until" "the" "end" "of" ("that" "player\'s" | "their" | '
              '"this") "turn") ","? "when"')
_EACH = {"en": "this turn, each time", "ru": "в этот ход каждый раз,",
         "pl": "w tej turze za każdym razem,"}
_THIS_TURN = {"en": " this turn", "ru": " в этот ход", "pl": " w tej turze"}
_ON_OTHER = {"en": "play on another player; ", "ru": "сыграй на другого игрока; ",
             "pl": "zagraj na innego gracza; "}
#: the text of a base event with no `when`/`whenever` word to lead with
_TEXT_BODIES = {"when_targeted": {"en": "a curse is played on you",
                                  "ru": "когда на тебя играют проклятие",
                                  "pl": "gdy ktoś zagra na ciebie klątwę"},
                # `on escape` (a card in play's own escape): `the next time you escape`
                "on_escape": {"en": "you escape a monster",
                              "ru": "когда тебе удастся смыться от монстра",
                              "pl": "gdy uda ci się uciec przed potworem"},
                # `on kill`: `the next time you kill a monster` (fighter or helper)
                "on_kill": {"en": "you kill a monster",
                            "ru": "когда ты убьёшь монстра",
                            "pl": "gdy zabijesz potwora"},
                "when_caught": {"en": "a monster catches you",
                                "ru": "когда монстр тебя поймает",
                                "pl": "gdy dopadnie cię potwór"},
                "when_bad_stuff": {"en": "a monster's Bad Stuff would hit you",
                                   "ru": "когда тебя должно настичь Непотребство монстра",
                                   "pl": "gdy mają cię dosięgnąć Niemiłe skutki potwora"},
                "on_death": {"en": "you die",
                             "ru": "когда ты умрёшь",
                             "pl": "gdy zginiesz"},
                "after_run_away_roll": {"en": "you roll to run away",
                                        "ru": "когда ты бросишь кубик, чтобы смыться",
                                        "pl": "gdy rzucisz kostką, by uciec"}}
#: `another player` -> `that player` in each case the events' texts use
_THAT_CASES = {"ru": (("другой игрок", "этот игрок"), ("другому игроку", "этому игроку"),
                      ("другого игрока", "этого игрока")),
               "pl": (("inny gracz", "ten gracz"), ("innemu graczowi", "temu graczowi"),
                      ("innego gracza", "tego gracza"))}
#: `another player` -> the victim in each case (ru, pl: a feminine noun, the verbs of the
#: events' texts are in the present tense, which does not agree in gender)
_VICTIM_CASES = {"ru": (("другой игрок", "жертва"), ("другому игроку", "жертве"),
                        ("другого игрока", "жертвы")),
                 "pl": (("inny gracz", "ofiara"), ("innemu graczowi", "ofierze"),
                        ("innego gracza", "ofiary"))}
#: the forms that name the player of another player's event: en words, cases
_WHO = {NEXT_THAT: "that player", NEXT_THAT_THIS_TURN: "that player",
        EACH_THAT_THIS_TURN: "that player",
        NEXT_VICTIM: "the victim"}
_CASES = {NEXT_THAT: _THAT_CASES, NEXT_THAT_THIS_TURN: _THAT_CASES,
          EACH_THAT_THIS_TURN: _THAT_CASES,
          NEXT_VICTIM: _VICTIM_CASES}
#: the docs rows of the forms (one per form, not one per event: every event has them)
FORM_ROWS = (
    ("the next time EVENT", "a one-shot played ahead waits face up for the event (any "
     "`when ...` event a card in play reacts to, its words after `when`), acts once and is "
     "discarded; `at the start of your next turn` for the turn's start, `the next time you "
     "escape` for its player's own escape (`on escape`), `the next time you kill a monster` "
     "for its player's own kill (fighter or helper, once the kill's treasures are drawn), "
     "`the next time you are caught` (or `fail to run away`: before Bad Stuff, `you ignore "
     "bad stuff` spares them), `the next time you roll to run away` (`+3 to run away` "
     "changes that roll), `the next time you die` (before the body is looted), `the next "
     "time you would lose a level: prevent it` to stop the next loss before it happens; a "
     "curse, trap or disaster waits so on its victim for an event of the whole table (`the "
     "next time a seal opens`, `the next time a player kills a monster`) or the start of "
     "its victim's next turn, acts once on them and goes",
     "the next time a seal opens: gain 1 level"),
    ("the next time EVENT this turn", "as `the next time EVENT`; unused, it is discarded "
     "when the turn ends", "the next time another player loses a level this turn: gain 1 level"),
    ("the next time that player ...", "a one-shot played on another player waits for that "
     "player's next `when another player ...` event (`that player`: them), then acts for "
     "its player (`the next time that player rolls to run away: the roll fails`: their "
     "next roll fails whatever it shows); `... this turn` after it: discarded unused when "
     "the turn ends",
     "the next time that player starts a turn: that player loses 1 level"),
    ("this turn, each time that player ...", "a one-shot played on another player acts "
     "for its player at every one of that player's `when another player ...` events this "
     "turn (also `until the end of that player's turn, whenever that player ...`), stays "
     "face up, and is discarded when the turn ends",
     "this turn, each time that player kills a monster: draw 1 treasure face down"),
    ("the next time victim ...", "a curse, trap or disaster stays on its victim until the "
     "victim does what a `when another player ...` event names, acts once on them and goes",
     "the next time victim gains a level: victim loses 2 levels"),
)
#: E221's hint for a change to a fight's strengths on a waiting line: the waiting card acts
#: when its event comes, not inside a fight (`the next time another player fights a
#: monster: +5 to monster` was told "there is no open fight", which the event contradicts)
WAIT_NO_FIGHT = ("a one-shot that waits acts once its event has come, and this event comes "
                 "outside a fight, so a change to a fight's strengths cannot wait for it: wait "
                 "for an event inside the fight (`the next time another player fights a "
                 "monster: +5 to monster`), or play the card into the fight (`in combat: "
                 "+5 to monster`)")
#: the same for a curse that waits for its victim (`the next time victim runs away: +5 to
#: monster` on a Disaster): the event that opens the victim's fight is the victim's own
WAIT_NO_FIGHT_VICTIM = ("a curse that waits acts once its victim's event has come, and this "
                        "event comes outside a fight, so a change to a fight's strengths "
                        "cannot wait for it: wait for the victim's fight (`the next time "
                        "victim fights a monster: +5 to monster`), or write `next combat: +5 "
                        "to monster`")
#: the same for the start of a turn, which a curse waits for too (`at the start of your
#: next turn`): it comes before any fight of that turn
WAIT_NO_FIGHT_TURN = ("a card that waits for the start of a turn acts before any fight of "
                      "that turn, so a change to a fight's strengths cannot wait for it; a "
                      "curse says `next combat: -5 to victim`; play the card into the fight, "
                      "`in combat: +5 to monster`")


def no_fight_of(form: str, base: str) -> str:
    """E221's hint for a change to a fight's strengths waiting in ``form`` for ``base``."""
    if base in _CURSE_TOO:
        return WAIT_NO_FIGHT_TURN
    return WAIT_NO_FIGHT_VICTIM if form in FORM_CARRIERS else WAIT_NO_FIGHT


VICTIM_REFUSE = ("only a curse, trap or disaster waits on its victim for what the victim does "
                 "(`the next time victim ...`); a one-shot played ahead waits with `the next "
                 "time that player ...` (played on them) or `the next time you ...`")
#: what the timing specs of the victim's form say (the one-shots' say they are played ahead)
VICTIM_SUMMARY = ("a curse-like card stays on its victim until the victim does this, then "
                  "acts once on them and is discarded: ")
WAIT_REFUSE = ("a line that waits (`the next time ...`) is played from the hand and kept face "
               "up until its event: only a one-shot waits; a card in play reacts every time "
               "with `{}`")


def form_carriers(form: str, base: str) -> frozenset[str]:
    """The card kinds that wait in ``form`` for the event ``base``."""
    if form in FORM_CARRIERS:
        return FORM_CARRIERS[form]
    return frozenset({"one-shot"}) | (FORM_CARRIERS[NEXT_VICTIM] if form == NEXT
                                      and (base in _CURSE_TOO or table_wide(base))
                                      else frozenset())


def split(timing: str) -> tuple[str, str] | None:
    """(form, base timing) of a waiting timing id (`next:when_seal_opens`), else None."""
    form, sep, base = timing.partition(":")
    return (form, base) if sep and form in FORMS else None


def base_timing(timing: str) -> str:
    """The event a timing fires at: a waiting line's base event, else the timing itself."""
    parts = split(timing)
    return parts[1] if parts else timing


def waitable(base: str, words: str, carriers: frozenset[str], phase: str) -> bool:
    """Whether a played card can wait for the event ``base``: one the engine fires for
    the cards a player has in play, outside a fight's own steps except its player's
    capture and the run-away rolls (_WAITED_STEPS), named by its words.  An event that
    comes inside a fight (`when another player fights a monster`) keeps its phase: the
    waiting card then acts in that fight (`+5 to monster`) and goes with it
    (engine/waiting.py)."""
    return (base not in _NOT_WAITED and "item" in carriers
            and (phase in _WAITED_PHASES or base in _WAITED_STEPS)
            and (words.startswith("when ") and not words.startswith("when this")
                 or base in _TURN or base in _BODIES))


def forms_of(base: str, words: str) -> dict[str, str]:
    """Form -> the grammar body of the waiting alternative for the event ``base`` written
    ``words`` (`when another player gains a level`)."""
    if base in _TURN:
        return {NEXT: f'"at" "the" "{_TURN[base][0]}" "of" ("your" | "their" | "the" '
                      f'"victim\'s" | "victim\'s") "next" "turn"'}
    body = _BODIES.get(base) or " ".join(f'"{w}"' for w in words.split()[1:])
    out = {NEXT: f'"the" "next" "time" {body}'}
    if base not in _NEXT_TURN:  # a turn's start comes in a later turn, never this one
        out[NEXT_THIS_TURN] = f'"the" "next" "time" {body} "this" "turn"'
    if words.startswith("when another player ") and base not in _NO_THAT:
        that = f'"the" "next" "time" "that" {body.split(" ", 1)[1]}'
        if base not in _OWN_CLASS:  # (its plain form is a class above; `this turn` is not)
            out[NEXT_THAT] = that
        if base not in _NEXT_TURN:
            out[NEXT_THAT_THIS_TURN] = that + ' "this" "turn"'
            if base not in _NO_EACH:
                out[EACH_THAT_THIS_TURN] = f'{_EACH_LEAD} "that" {body.split(" ", 1)[1]}'
    if words.startswith("when another player ") and base not in _NO_VICTIM:  # a curse's
        out[NEXT_VICTIM] = f'"the" "next" "time" "the"? "victim" {body.split(" ", 2)[2]}'
    return out


def rule_of(form: str, base: str) -> str:
    """The grammar alias of a waiting alternative (`t_wait_next__when_seal_opens`)."""
    return f"t_wait_{form}__{base}"


def words_of(form: str, words: str, base: str) -> str:
    """How an author writes the waiting form of the event written ``words``."""
    if base in _TURN:
        return f"at the {_TURN[base][0]} of your next turn"
    rest = _BODY_WORDS.get(base) or words.split(" ", 1)[1]
    if form in REPEATING:
        return "this turn, each time that " + rest.split(" ", 1)[1]
    if form in THAT_FORMS:
        return "the next time that " + rest.split(" ", 1)[1] + (
            " this turn" if form in THIS_TURN_FORMS else "")
    if form == NEXT_VICTIM:
        return "the next time victim " + rest.split(" ", 2)[2]
    return f"the next time {rest}" + (" this turn" if form in THIS_TURN_FORMS else "")


def text_of(form: str, base: str, base_text: str, lang: str) -> str:
    """The printed text of a waiting line's timing, from its base event's text
    (`whenever a Seal opens` -> `the next time a Seal opens`), with agreement kept: the
    base text's own clause is reused whole after the lead."""
    if base in _TURN:
        return {"en": f"at the {_TURN[base][0]} of your next turn",
                "ru": f"в {_TURN[base][1]} твоего следующего хода",
                "pl": f"na {_TURN[base][2]} twojej następnej tury"}[lang]
    text = _TEXT_BODIES.get(base, {}).get(lang, base_text)
    if lang == "en":
        clause = text.split(" ", 1)[1] if text.split(" ", 1)[0] in ("when", "whenever") \
            else text
        if form in _WHO:
            clause = clause.replace("another player", _WHO[form], 1)
    else:
        clause = text
        if form in _WHO:
            for other, that in _CASES[form][lang]:  # the same case, `that` for `another`
                clause = clause.replace(other, that, 1)
    lead = f"{_EACH[lang]} {clause}" if form in REPEATING else f"{_LEAD[lang]} {clause}" + (
        _THIS_TURN[lang] if form in THIS_TURN_FORMS else "")
    return (_ON_OTHER[lang] if form in THAT_FORMS else "") + lead
