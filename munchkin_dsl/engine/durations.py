"""The engine side of the declared durations (language/parts/durations.py).

`3 uses`: each time a line with uses acts, one is spent on its card (kept in the owner's
``used_once`` with the card's uid, so a second copy of the card has its own); the trace
says how many are left, and after the last the card goes to the discards.

`until ...` lasts exactly as long as it says, whatever carries the line: a curse stays on
its victim until then (and leaves); a line a player plays or uses (a one-shot, a treasure,
an item's used ability) is kept on that player as a :class:`Lasting` entry, read by every
fight and run-away roll of theirs until then (not only the fight open when it was
played); a line of a card in play counts from the moment the card comes into play until
then, and lapses after (the card stays).  One table, :func:`over`, says when each
duration ends, for all three.
"""

from __future__ import annotations

from itertools import count
from typing import Any

from munchkin_dsl.compiler.effects import Ability, Effect
from munchkin_dsl.engine.conditions import Scope, conditions_hold
from munchkin_dsl.engine.state import CardInst, GameState, Lasting, Player, ability_key
from munchkin_dsl.engine.turn_facts import noted
from munchkin_dsl.language.algebra import standing_predicates
from munchkin_dsl.language.parts import until_events
from munchkin_dsl.language.parts.durations import combats_of, turns_of
from munchkin_dsl.language.parts.strength import MONSTER_OPERATORS
from munchkin_dsl.language.registry import kept_kinds

#: durations a line played or used by a player is kept for (`until end of combat` played
#: into a fight is the fight's own: it needs no entry; `until TARGET loses headgear` and
#: `until the fight is for the winning level` are read from a card that stays)
KEPT = frozenset({"end_of_turn", "next_turn", "end_of_next_turn", "end_of_next_combat",
                  "while"})
#: (and `for your next N combats`: ``combats_of``; `for your next N turns`: ``turns_of``)
#: the timings of a monster's Bad Stuff: what they keep is the victim's, for their own fights
BAD_STUFF = frozenset({"bad_stuff", "bad_stuff_always"})
#: timings at which a line is read from its card in play (not played or used)
_READ = frozenset({"continuous", "while_open"})
_PASSIVE = kept_kinds()
#: how the trace says a duration ended
_ENDS = {"end_of_turn": "at the end of the turn", "next_turn": "as the turn begins",
         "end_of_next_turn": "at the end of the turn", "end_of_next_combat":
         "as the combat ends", "end_of_combat": "as the combat ends",
         "while": "as its condition no longer holds"}

#: whose standing a `while` condition of a curse tests: the victim's (the curse's player)
_VICTIM_WORDS = frozenset({"you", "victim"})
#: targets that are the holder of a kept line (read only in the holder's own fights)
_PLAYER_WORDS = frozenset({"you", "victim", None})


def landed(victim: Player, card: CardInst, turn: int) -> None:
    """A curse with `until the end of your next turn` lands: remember the turn, whose end
    does not count (if it is the victim's own)."""
    if any(a.until == "end_of_next_turn" or turns_of(a.until) for a in card.data.abilities):
        victim.used_once.add(f"landed:{card.uid}:{turn}")


def _leaves(game: Any, player: Player, curse: CardInst, when: str) -> None:
    player.curses.remove(curse)
    game.discard(curse)
    game.note(f"{curse.name} leaves {player.name} {when}")


def _lasting(player: Player, until: str) -> list[CardInst]:
    return [c for c in player.curses if any(a.until == until for a in c.data.abilities)]


def lapse(game: Any) -> None:
    """A curse `while you are level 5 or higher: ...` leaves its victim once the condition
    no longer holds.  Tested where the game changes hands (a turn begins or ends, a fight
    closes) for what the victim holds (a condition about a fight is a gate on the line
    only: it is read in each fight, and the curse stays)."""
    standing = standing_predicates()
    for p in game.state.players:
        for curse in _lasting(p, "while"):
            conds = tuple(c for ab in curse.data.abilities if ab.until == "while"
                          for c in ab.conditions
                          if c.predicate in standing and c.subject in _VICTIM_WORDS)
            if conds and not conditions_hold(conds, Scope(owner=p, victim=p), game.state,
                                             None):
                _leaves(game, p, curse, "as its condition no longer holds")


def turn_begins(game: Any, player: Player) -> None:
    """``player``'s turn begins: a curse on them `until your next turn` leaves."""
    for curse in _lasting(player, "next_turn"):
        _leaves(game, player, curse, "as their turn begins")
    ends(game, "turn_begin", player)
    lapse(game)


def turn_ends(game: Any, player: Player) -> None:
    """``player``'s turn ends: a curse `until the end of your next turn` that was on them
    before the turn began leaves (the trace says so); a curse `until the end of the turn`
    leaves whoever it is on, as the turn it was played in is over."""
    for p in game.state.players:
        for curse in _lasting(p, "end_of_turn"):
            _leaves(game, p, curse, "at the end of the turn")
    ends(game, "turn_end", player)
    lapse(game)
    turn = game.state.turn
    for curse in [c for c in player.curses
                  if any(a.until == "end_of_next_turn" for a in c.data.abilities)]:
        if f"landed:{curse.uid}:{turn}" in player.used_once:
            continue  # it landed in this very turn: the next one is meant
        _leaves(game, player, curse, "at the end of the turn")
    for curse in [c for c in player.curses if any(turns_of(a.until) for a in c.data.abilities)]:
        if f"landed:{curse.uid}:{turn}" not in player.used_once and turn_counted(
                game, player, curse, next(a.until for a in curse.data.abilities
                                          if turns_of(a.until))):
            _leaves(game, player, curse, "at the end of the turn")


def dormant(state: GameState, player: Player, card: CardInst) -> bool:
    """A curse `for your next 3 turns` on ``player`` does not bind yet: it came in this
    very turn, which is not one of their next ones (a Curfew drawn at its victim's door
    leaves that turn's looting alone)."""
    return f"landed:{card.uid}:{state.turn}" in player.used_once and any(
        turns_of(a.until) for a in card.data.abilities)


def turn_counted(game: Any, player: Player, card: CardInst, until: str | None) -> bool:
    """A turn of ``player`` ends that `for your next N turns` of ``card`` counts (kept on
    the player, keyed by the card's copy, so a second copy counts its own): True once the
    Nth has (the trace says which)."""
    n = turns_of(until)
    if n is None:
        return False
    key = f"turns:{card.uid}"
    seen = next(i for i in count(1) if f"{key}#{i}" not in player.used_once)
    player.used_once.add(f"{key}#{seen}")
    game.note(f"{card.name}: turn {seen} of {n} for {player.name}")
    return seen >= n


def curse_fight_counted(game: Any, victim: Player, curse: CardInst, ability: Ability) -> bool:
    """A fight of a curse's victim closes: a curse `for your next 3 combats` counts it (on
    the victim, keyed by the curse's copy) and leaves after the third."""
    if combats_of(ability.until) is None:
        return False
    key = f"fights:{curse.uid}"
    seen = next(i for i in count(1) if f"{key}#{i}" not in victim.used_once)
    victim.used_once.add(f"{key}#{seen}")
    return fight_counted(game, victim, curse.name, seen, ability.until)


def spend(game: Any, owner: Player | None, card: CardInst | None, ability: Ability,
          kept: bool = False) -> None:
    """One use of ``ability`` on ``card`` is spent; the last one discards the card, or,
    for a use ``kept`` for a duration (`3 uses, until end of combat: +3 to you`), once
    that use's duration ends (the card counts till then: :func:`_used_up`)."""
    if not ability.uses or card is None or owner is None:
        return
    key = f"uses:{ability_key(card, ability)}"
    n = next(i for i in count(1) if f"{key}#{i}" not in owner.used_once)
    owner.used_once.add(f"{key}#{n}")
    game.note(f"{card.name}: use {n} of {ability.uses}")
    if n >= ability.uses and card in owner.in_play() and kept:
        owner.used_once.add(_USED_UP.format(card.uid))
        game.note(f"{card.name} is used up: it is discarded when this use ends")
    elif n >= ability.uses and card in owner.in_play():
        game.note(f"{card.name} is used up and discarded")
        game.lose_card(owner, card)


#: a card whose last use lasts (`3 uses, until end of combat`): discarded when it ends
_USED_UP = "used_up:{}"


def _used_up(game: Any, entry: Lasting) -> None:
    """The lasting entry ``entry`` has ended: its card goes if that was its last use."""
    _last_use_ends(game, entry.by, entry.card)


def _last_use_ends(game: Any, owner: Player, card: CardInst) -> None:
    """A duration of ``card``'s line has ended (a kept entry, or the card's own `until`
    lines lapsing): the card goes if its last use was spent."""
    key = _USED_UP.format(card.uid)
    if key in owner.used_once:
        owner.used_once.discard(key)
        if card in owner.in_play():
            game.note(f"{card.name}'s last use ends: it is discarded")
            game.game.lose_card(owner, card)  # (``game``: the game or one of its parts)


def over(until: str | None, moment: str, by: Player, whose: Player | None,
         landed_now: bool, fought: bool) -> bool:
    """Whether a duration ends at ``moment`` ("turn_end", "turn_begin", "combat_end") for a
    line whose `your` is ``by``: ``whose`` turn it is, whether the line came in this very
    turn, whether its player took part in the fight that closes."""
    if until == "end_of_turn":
        return moment == "turn_end"
    if until == "next_turn":
        return moment == "turn_begin" and whose is by
    if until == "end_of_next_turn":
        return moment == "turn_end" and whose is by and not landed_now
    if until in ("end_of_combat", "end_of_next_combat"):
        return moment == "combat_end" and fought
    return False


def fight_counted(game: Any, player: Player, name: str, seen: int, until: str | None) -> bool:
    """A fight of ``player`` closes: it is the ``seen``-th of the fights `for your next N
    combats` of ``name`` (a card) counts; True once the Nth has (the trace says which)."""
    n = combats_of(until)
    if n is None:
        return False
    game.note(f"{name}: combat {seen} of {n} for {player.name}")
    return seen >= n


def lasts(game: Any, card: CardInst | None, owner: Player | None, victim: Player | None,
          ability: Ability, named: Player | None = None) -> bool:
    """A line with a duration that ``owner`` plays or uses is kept on its player (``victim``
    when its effects reach the victim only) as a :class:`Lasting` entry, and its effects
    are read from there until the duration ends.  False (nothing kept) for a line whose
    effects act once (the checker refuses a duration on them), a curse's (the curse itself
    stays on its victim), a line read from a card in play, one with a roll.  ``named``:
    the one player the line names, it is kept on (a shield `a player of your choice
    ignores curses`: effects_apply.shielded)."""
    # `until end of combat: double the strength of monster`: read all fight, after every
    # bonus (engine/monster_operators.py), not worked out once as it is played
    standing = ability.until == "end_of_combat" and all(
        e.kind in MONSTER_OPERATORS for e in ability.effects)
    if ((ability.until not in KEPT and not standing and not until_events.base_of(ability.until)
         and combats_of(ability.until) is None and turns_of(ability.until) is None)
            or card is None or owner is None or ability.timing in _READ
            or card.kind in game.rules.curse_kinds
            or ability.roll is not None or (ability.until == "while" and not _standing(ability))
            or not all(e.kind in _PASSIVE for e in ability.effects)):
        return False
    holder = named or (victim if victim is not None and all(
        getattr(e, "target", None) == "victim" for e in ability.effects) else owner)
    own = ability.timing in BAD_STUFF
    holder.lasting.append(Lasting(card, ability, owner, game.state.turn, own=own,
                                  # a Bad Stuff's fight is the one just lost: not its next
                                  since=game.state.combat if own else None))
    game.note(f"{card.name} counts for {holder.name} {_until_words(ability.until)}")
    return True


def event_came(game: Any, timing: str, doer: Player) -> None:
    """``doer`` did the event ``timing`` (a kill, a won fight, a death...): the durations
    that end at it end for them: a curse on them `until victim kills a monster` leaves, a
    line kept on them stops counting, the lines of their cards in play lapse; and the turn
    keeps it (`if you killed a monster this turn`)."""
    noted(game.state, timing, doer)
    until = until_events.until_id(timing)
    words = until_events.EVENTS.get(timing, ("",))[0]
    for curse in _lasting(doer, until):
        _leaves(game, doer, curse, f"as {doer.name} {words}")
    for entry in [e for e in doer.lasting if e.ability.until == until]:
        doer.lasting.remove(entry)
        game.note(f"{entry.card.name} no longer counts for {doer.name}: {doer.name} {words}")
        _used_up(game, entry)
    for card in doer.in_play():
        if card not in doer.curses and not lapsed(doer, card) and any(
                a.until == until for a in card.data.abilities):
            doer.used_once.add(f"lapsed:{card.uid}")
            game.note(f"the lines of {card.name} that last until {doer.name} {words} end")
            _last_use_ends(game, doer, card)


def _marks_end(game: Any, moment: str, whose: Player | None,
               fought: tuple[Player, ...]) -> None:
    """Markers put for a duration (`until end of combat, put a marker on fighter`) are
    taken off as it ends (those spent meanwhile are not taken twice): a choice a monster
    made its fighter keep for one fight is gone for the next fight with the same card."""
    state: GameState = game.state
    for mark in list(state.scoped_marks):
        until = mark.until.removeprefix("until_")
        if not over(until, moment, mark.by or mark.player, whose, mark.turn == state.turn,
                    until == "end_of_combat" or mark.player in fought):
            continue
        state.scoped_marks.remove(mark)
        p, held = mark.player, mark.player.markers.get(mark.key, 0)
        if held:
            p.markers[mark.key] = held - min(held, mark.count)
            if not p.markers[mark.key]:
                del p.markers[mark.key]
            game.note(f"{p.name}'s {min(held, mark.count)} {mark.key.replace('_', ' ')}(s) "
                      f"put {_until_words(until)} are taken off")


def _until_words(until: str | None) -> str:
    return {"end_of_turn": "until the end of the turn", "next_turn": "until "
            "their next turn", "end_of_next_turn": "until the end of their next turn",
            "end_of_next_combat": "until the end of their next combat",
            "end_of_combat": "until the end of the combat",
            **({until: f"for their next {n} combats"} if (n := combats_of(until)) else {}),
            **({until: f"for their next {n} turns"} if (n := turns_of(until)) else {}),
            "while": "while its condition holds"}.get(until or "", "") or (
                "until they " + until_events.EVENTS[b][1] if (b := until_events.base_of(until))
                else "")


def needs_fight(card: CardInst, ability: Ability, rules: Any) -> bool:
    """`until end of combat` on a line played or used outside a combat means nothing: the
    engine refuses the play (the card is not used up for no effect)."""
    return ability.until == "end_of_combat" and card.kind not in rules.curse_kinds \
        and ability.timing not in _READ


def holds(state: GameState, holder: Player, entry: Lasting) -> bool:
    """A `while ...` entry counts only while its standing conditions hold."""
    if entry.ability.until != "while":
        return True
    return conditions_hold(_standing(entry.ability), Scope(owner=holder, victim=holder),
                           state, None)


def _standing(ability: Ability) -> tuple[Any, ...]:
    """The conditions of a `while` line about its player's standing (level, what they
    have): the ones that can end it."""
    standing = standing_predicates()
    return tuple(c for c in ability.conditions
                 if c.predicate in standing and c.subject in _VICTIM_WORDS)


def effects_on(state: GameState, holder: Player, fighting: bool
               ) -> list[tuple[Effect, CardInst, Ability]]:
    """The effects of the lines kept on ``holder`` that count now (effect, card, line): in
    a fight of ``holder`` all of them; in another's (``fighting`` False) those that reach
    the fight rather than their player (`until the end of the turn: -3 to monster`), but
    not a Bad Stuff's, which counts in its victim's own fights only."""
    return [(eff, e.card, e.ability) for e in holder.lasting if holds(state, holder, e)
            and (e.since is None or e.since is not state.combat)
            for eff in e.ability.effects
            if fighting or (not e.own and getattr(eff, "target", None) not in _PLAYER_WORDS)]


def entered(player: Player, card: CardInst, turn: int) -> None:
    """A card comes into play: its `until ...` lines count afresh from now."""
    player.used_once.discard(f"lapsed:{card.uid}")
    player.used_once.add(f"entered:{card.uid}")
    landed(player, card, turn)


def player_keys(player: Player, card: CardInst, turn: int) -> set[str]:
    """The owner's keys, once they say when ``card`` came into play: a card put on the
    table without being played (a scenario's set-up) counts as come in the turn it is
    first seen at a moment that may end its lines, which is not the end of them."""
    if f"entered:{card.uid}" not in player.used_once:
        entered(player, card, turn)
        return set()
    return player.used_once


def lapsed(player: Player, card: CardInst) -> bool:
    """The `until ...` lines of ``card`` (in play, not a curse) have ended."""
    return f"lapsed:{card.uid}" in player.used_once


def ends(game: Any, moment: str, whose: Player | None, fought: tuple[Player, ...] = (),
         closing: Any = None) -> None:
    """A moment that may end durations: drop the lasting entries whose duration is over,
    and lapse the `until` lines of cards in play whose duration is over (the trace says
    which)."""
    state: GameState = game.state
    _marks_end(game, moment, whose, fought)
    for p in state.players:
        for entry in list(p.lasting):
            if entry.since is not None and entry.since is closing:
                continue  # kept during this fight for the player's next one
            counted = False
            if moment == "combat_end" and p in fought and combats_of(entry.ability.until):
                entry.fights += 1
                counted = fight_counted(game, p, entry.card.name, entry.fights,
                                        entry.ability.until)
            elif moment == "turn_end" and whose is entry.by and entry.turn != state.turn \
                    and turns_of(entry.ability.until):
                counted = turn_counted(game, p, entry.card, entry.ability.until)
            if counted or over(entry.ability.until, moment, entry.by, whose,
                               entry.turn == state.turn,
                               p in fought or entry.ability.until == "end_of_combat") \
                    or not holds(state, p, entry):  # (played into the fight that ends)
                p.lasting.remove(entry)
                game.note(f"{entry.card.name} no longer counts for {p.name} "
                          + (_ENDS.get(entry.ability.until or "", "") or
                             ("at the end of the turn" if counted and moment == "turn_end"
                           else "as the combat ends" if counted else "")))
                _used_up(game, entry)
        for card in p.in_play():
            spent = next((a.until for a in card.data.abilities if a.uses and a.until), None)
            if _USED_UP.format(card.uid) in p.used_once and over(
                    spent, moment, p, whose, False, p in fought):  # its last use is over
                _last_use_ends(game, p, card)
                continue
            if card in p.curses or lapsed(p, card):
                continue
            until = next((a.until for a in card.data.abilities if a.until and not a.costs
                          and a.timing in _READ | {"in_combat"}), None)
            if until and f"entered:{card.uid}" not in player_keys(p, card, state.turn):
                continue  # first seen now (set on the table, not played): from this turn
            landed_now = f"landed:{card.uid}:{state.turn}" in p.used_once
            if until and (over(until, moment, p, whose, landed_now, p in fought) or (
                    moment == "turn_end" and whose is p and not landed_now
                    and turns_of(until) and turn_counted(game, p, card, until))):
                p.used_once.add(f"lapsed:{card.uid}")
                game.note(f"the lines of {card.name} that last {_until_words(until)} "
                          f"end {_ENDS.get(until, 'at the end of the turn')}"
                          .replace("their", f"{p.name}'s"))
                _last_use_ends(game, p, card)
