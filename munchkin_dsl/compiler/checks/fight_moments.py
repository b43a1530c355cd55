"""Lines that read a fight at a moment with none, or a player of the fight who is not
there: `on loot: +1 for each level you have over the monster` (always 0), `outside combat,
if any fighter has 3 markers` (never holds), `helper` out of a fight (nobody).  Each is
refused (E221, E228) with what to write instead; read by checks/inert.py for every line.
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import Clause, Condition, Target
from munchkin_dsl.language.parts.counts_players import Players
from munchkin_dsl.language.parts.standings import STRICT
from munchkin_dsl.language.parts.strength import (
    ITEM_OPERATORS,
    MONSTER_OPERATORS,
    MONSTER_PLAYER_TARGETS,
    STANDING_TARGETS,
    STANDING_TIMINGS,
    STRENGTH_CHANGES,
)
from munchkin_dsl.language.parts.waiting import base_timing
from munchkin_dsl.language.phrases import effect_kind

#: Out of a fight these words all mean the card's owner (engine/effects_targets.py).
OWNER_OUTSIDE_A_FIGHT = frozenset({"you", "fighter", "player_side"})
#: Moments with no fight open and none just fought (after a kill, `fighter` is the fighter
#: of the fight just won).
NO_FIGHT_AT_ALL = frozenset({"on_loot", "outside_combat"})


def check_fight_counts(ctx: CheckContext, clauses: list[Clause]) -> None:
    """At a moment with no fight (NO_FIGHT_AT_ALL): E221 for a count of the fight (`for
    each level you have over the monster`: always 0), E228 for `if you are in combat`
    (never holds)."""
    for clause in clauses:
        counted = getattr(clause, "counted", None)
        if isinstance(counted, CountPart) and counted.in_fight:  # always 0 out of a fight
            ctx.sink.error("E221", "there is no fight at this moment, so a count of the fight "
                           "is always 0", counted.span, "give the line a moment in a fight "
                           "(`in combat: ...`), or count something on the table: `for each "
                           "item you have in play`")
        if isinstance(clause, Condition) and clause.predicate == "in_combat" and \
                not clause.negated:
            ctx.sink.error("E228", "there is no fight at this moment, so `in combat` never "
                           "holds", clause.span, "remove the condition, or give the line a "
                           "moment in a fight: `in combat: ...`")


def check_out_of_the_fight(ctx: CheckContext, clause: Clause) -> None:
    """E228: at a moment with no fight (NO_FIGHT_AT_ALL) nobody helps, so `helper` names
    nobody; `fighter` and `player side` are the card's owner, so taking from one for the
    other moves nothing."""
    source, taker = getattr(clause, "source", None), getattr(clause, "target", None)
    pick = getattr(clause, "card", None)
    for who in (source, taker, getattr(pick, "owner", None)):
        if isinstance(who, Target) and who.kind == "helper":  # nobody helps out of a fight
            ctx.sink.error("E228", "there is no fight at this moment, so `helper` is nobody",
                           who.span, "name another player (`the player to your left`, "
                           "`another player`), or give the line a fight: `in combat: ...`")
            return
    taker_kind = taker.kind if isinstance(taker, Target) else "you"
    if isinstance(source, Target) and source.qualifier is None and (
            {source.kind, taker_kind} <= OWNER_OUTSIDE_A_FIGHT) and source.kind != taker_kind \
            and taker_kind != "player_side":  # taking for the side: _check_same says why
        ctx.sink.error("E228", f"with no fight at this moment, `{source.kind.replace('_', ' ')}`"
                       " is the card's owner, who also takes, so nothing moves", source.span,
                       "take from another player: `the player to your left`, `another "
                       "player`, `the highest level player`")


#: Players of a fight, whom a condition tests only while a fight is on (engine/conditions.py).
FIGHT_SUBJECTS = frozenset({"fighter", "any_fighter", "helper"})


def check_condition_subjects(ctx: CheckContext, kind: str, timing: str,
                              when: list[Clause]) -> None:
    """E230: `no one does not have ...`, a double negative; E228: `each other player has
    the most items` (only one player can); a condition on nobody:
    `you` on a monster's own line read as it enters the
    fight (`if you have a Dragon in play: will not pursue`: no player owns the monster);
    a player of the fight at a moment with no fight (`on loot, if any fighter has 3
    markers`: it never holds)."""
    for clause in when:
        if not isinstance(clause, Condition):
            continue
        if clause.double_negative:
            who = "no other player" if clause.subject == "another_player" else "no player"
            yes = "another player" if clause.subject == "another_player" else "any player"
            ctx.sink.error("E230", f"`{who} ... not` is a double negative: it means "
                           f"`{yes} ...`, which a reader of the card will not see", clause.span,
                           f"say it plainly: `if {yes} has ...` (someone does), or `if "
                           f"{who} has ...` (nobody does)")
        why = _NEVER_ALL.get((clause.subject, clause.predicate)) or (
            "at most one player at a time is ahead of every other player"
            if clause.subject in ALL_OF and clause.predicate in STRICT
            and getattr(clause, "than", None) is None else None)
        if why is not None and not clause.negated:
            ctx.sink.error("E228", f"{why}, so `{ALL_OF[clause.subject]}` being so never "
                           "holds", clause.span, "test one player (`if you carry items worth "
                           "more than any other player`, `if fighter is alone`), or any of "
                           "them: `if another player ...`, `if any player ...`")
        if clause.subject == "any_player" and clause.negated and clause.predicate in EXTREMES:
            ctx.sink.error("E228", "some player always has the "
                           f"{EXTREMES[clause.predicate]} level (on a tie, each of them), so "
                           "`no player` having it never holds", clause.span,
                           f"test one player: `if you are not the {EXTREMES[clause.predicate]} "
                           "level player`, or `if no other player is the "
                           f"{EXTREMES[clause.predicate]} level player`")
        if clause.predicate == "count_at_most" and clause.value == 0 and isinstance(
                clause.counted, Players):
            ctx.sink.error("E228", "the living players always include one (the card's "
                           "player, or the fighter), so `there are no players` never holds",
                           clause.span, "count what may be missing (`if there are no Undead "
                           "monsters in this combat`), or test one player: `if fighter is "
                           "alone`")
        if kind == "monster" and timing == "continuous" and clause.subject == "you":
            ctx.sink.error("E228", "a monster has no player of its own, so a test of `you` on "
                           "its line is of nobody", clause.span,
                           "test a player of the fight: `if fighter has a Dragon in play`, "
                           "`if any fighter ...`, `if helper ...`")
        if timing in NO_FIGHT_AT_ALL and clause.subject in FIGHT_SUBJECTS and \
                not clause.negated:  # (negated it always holds: the line still runs)
            ctx.sink.error("E228", f"there is no fight at this moment, so a test of "
                           f"`{clause.subject.replace('_', ' ')}` is of nobody", clause.span,
                           "test the card's player (`if you have 3 markers`) or another "
                           "player (`if the player to your left ...`)")


#: Subjects that are several players, each of whom must pass (the words of the hint).
ALL_OF = {"each_player": "every player", "every_other_player": "every other player"}
#: Level standings somebody always holds (engine/conditions.py `_extreme_level`: a tie is
#: held by each), so `no player is the highest level player` never holds.
EXTREMES = {"highest_level": "highest", "lowest_level": "lowest"}
#: Fight roles a group can never all hold (a table has 3 players or more): (subject,
#: predicate) -> why.  `every other player is in combat` can hold (the card's player sits
#: by while the two others fight), `every player is in combat` cannot.
_NEVER_ALL = {
    **{(who, "helper"): "a fight has one helper at most" for who in ALL_OF},
    ("each_player", "in_combat"): "a fight has two players at most (the fighter and the "
                                  "helper) and the table three or more",
}
#: Kinds whose own lines are the monster's: a strength operator there works on the monster.
MONSTER_OWN = frozenset({"monster", "monster-enhancer"})


def check_own_operator(ctx: CheckContext, kind: str, clause: Clause, kept: bool = False
                       ) -> None:
    """E228: a strength operator on a monster's own line (or its enhancer's) naming someone
    outside its fight's sides: the line is read all fight long on the monster's total or on
    the fighter's, the helper's or the player side's share (engine/monster_operators.py),
    so `another player` or `you` is nobody it reaches; `may` there would be a choice nobody
    is asked.  A line ``kept`` on its victim (`bad stuff, for your next 3 combats: ...`)
    is read in the victim's later fights: :func:`check_table_operator` judges it."""
    if kind not in MONSTER_OWN or kept or effect_kind(clause) not in MONSTER_OPERATORS:
        return
    if clause.optional:
        ctx.sink.error("E228", "a strength operator on a monster's own card is read all "
                       "fight long, so nobody chooses it and `may` changes nothing",
                       clause.span, "remove `may` (`double the strength of monster`), put a "
                       "condition before it (`if fighter is Elf: ...`), or keep the rule as "
                       "`manual \"...\"`")
        return
    target = getattr(clause, "target", None)
    if isinstance(target, Target) and target.kind not in ("monster", *MONSTER_PLAYER_TARGETS):
        ctx.sink.error("E228", "on a monster's own card a strength operator works on a side "
                       "of the monster's fight: the monster, the fighter, the helper or the "
                       f"player side, so `{target.kind.replace('_', ' ')}` is nobody it can "
                       "reach", target.span, "name a side of the fight (`halve the strength of "
                       "fighter`, `helper loses all bonuses`, `double the strength of "
                       "monster`), or keep the rule as `manual \"...\"`")


def check_table_operator(ctx: CheckContext, kind: str, timing: str, clause: Clause,
                         lasting: bool = False) -> None:
    """E228: a strength operator on the `while in play` line of a card a player has in play
    (or a curse's `next combat`, or a played line kept under a duration: `until your next
    turn: ...`, ``lasting``) is read all fight long, in every fight its player is in
    (engine/monster_operators.py): `may` there is a choice nobody is asked, and a player
    outside the fight's sides (`another player`, `either side`) is nobody it can reach."""
    if (kind in MONSTER_OWN or timing not in STANDING_TIMINGS) and not lasting or \
            effect_kind(clause) not in MONSTER_OPERATORS:
        return
    target = getattr(clause, "target", None)
    on_item = isinstance(target, Target) and target.kind == "attached_item"
    if kind == "item-enhancer" or on_item:  # its item's bonus (engine/item_traits.py)
        if kind != "item-enhancer" or not on_item or \
                effect_kind(clause) not in ITEM_OPERATORS:
            ctx.sink.error("E228", "an item enhancer's operator works on the bonus of the "
                           "item it is attached to, and only an item enhancer's does",
                           clause.span, "on an item enhancer write `double the strength of "
                           "attached item` (or `halve`, `triple`, `multiply ... by N`); "
                           "elsewhere name a side of the fight, or keep the rule as "
                           "`manual \"...\"`")
        return
    if clause.optional and not lasting:  # played under a duration: chosen as it is played
        ctx.sink.error("E228", "a strength operator on a card in play is read all fight long, "
                       "so nobody chooses it and `may` changes nothing", clause.span,
                       "remove `may` (`double the strength of monster`), or let the player "
                       "use it: `in combat, once per combat: double the strength of monster`")
        return
    target = getattr(clause, "target", None)
    if isinstance(target, Target) and target.kind not in STANDING_TARGETS:
        words = ", ".join(f"`{t.replace('_', ' ')}`" for t in STANDING_TARGETS)
        ctx.sink.error("E228", "a strength operator on a card in play (or played to last: "
                       "`until ...`) is read in every fight its player is in, on a side of "
                       "that fight, so "
                       f"`{target.kind.replace('_', ' ')}` is nobody it can reach",
                       target.span, f"name a side of the fight: {words}; or let the player "
                       "use it: `in combat, once per combat: double the strength of ...` (played: "
                       "drop the `until ...`, and it acts once, on the fight as it stands)")


#: Events inside a fight with a player not in it as they come: event -> (that player,
#: E228's message, its hint).  Another player's fight starting, or help asked before any
#: helper joins: the card's player (`you`; a bare number names `you` too); `when another
#: player helps` fires as the helper agrees, before they join (a line there may still take
#: an item from them): `that player`.  A strength change to them is of nobody.
NOT_IN_THE_FIGHT: dict[str, tuple[str, str, str]] = {
    **dict.fromkeys(("when_other_fights", "when_other_asks_help",
                     "when_other_kicks_monster"), (
        "you", "the line acts in another player's fight, which you are not in as it comes, "
        "so a change to your strength changes nothing", "change the strength of someone in "
        "that fight (`+5 to monster`, `-3 to that player`), or join it as its helper: "
        "`become the helper when another player asks for help: +3 to you`")),
    "when_other_helps": (
        "that_player", "the line acts as the helper agrees, before they join the fight, so a "
        "change to their strength changes nothing", "change the strength of someone in the "
        "fight (`+2 to you` when you are helped, `-2 to monster`), or put the bonus on the "
        "helper's own card: `if you are helper: +2 to you`"),
    "when_you_help": (  # parts/own_events.py: the helper is the card's own player
        "you", "the line acts as you agree to help, before you join the fight, so a change "
        "to your strength changes nothing", "change the monster's strength (`-2 to "
        "monster`), or put the bonus on the card while you help: `if you are helper: +2 to "
        "you`"),
}


def check_owner_not_in_fight(ctx: CheckContext, timing: str, clause: Clause) -> None:
    """E228: `the next time another player fights a monster: +5 to you`: the line acts
    in that player's fight, which its own player is not in, so the bonus is of nobody
    (NOT_IN_THE_FIGHT)."""
    entry = NOT_IN_THE_FIGHT.get(base_timing(timing))
    if entry is None or effect_kind(clause) not in STRENGTH_CHANGES:
        return
    who, message, hint = entry
    target = getattr(clause, "target", None)  # a Target, or a selector part
    named = getattr(target, "kind", None) or getattr(target, "target", None) or "you"
    if named == who:
        ctx.sink.error("E228", message, getattr(target, "span", None) or clause.span, hint)
