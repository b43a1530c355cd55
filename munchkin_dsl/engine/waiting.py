"""Cards that wait (language/parts/waiting.py): played now, fired at a later event.

A played card whose lines wait (`the next time you win a fight`) goes face up beside its
player's other cards instead of acting; when its player wins a fight (fighter or helper)
its waiting lines fire and it is discarded; one that waits `this turn` is discarded
unused when the turn ends.  One that waits for the door its player kicks open this turn
fires as the fight with that monster starts and goes with the fight (no monster behind
the door: discarded unused).  The trace says each step.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from munchkin_dsl.engine.effects_apply import line_holds, run_ability
from munchkin_dsl.engine.interface import Ctx, EngineError
from munchkin_dsl.engine.state import CardInst, Player
from munchkin_dsl.language.parts.waiting import (
    NEXT,
    NEXT_VICTIM,
    REPEATING,
    THAT_FORMS,
    THIS_TURN_FORMS,
    split,
)

#: the waiting timings, and whether the turn's end discards the card unused
TIMINGS = {"next_win": False, "next_win_this_turn": True, "next_kill_of_that_player": False,
           "next_door_monster": True, "next_door_curse": True,
           # `at the end of your next turn` on a one-shot laid ahead (engine/events.py)
           "turn_end_next": False}
#: the end of its player's next turn (a curse: its victim's), kept for until then
TURN_END = "turn_end_next"
#: the timings that wait for the card's own player's won fight
OWN_WIN = frozenset({"next_win", "next_win_this_turn"})
#: the key (in its player's ``used_once``) naming the player a card played on waits for
_WATCHES = "watches:{}:{}"
#: the timing that waits for the door its player kicks open this turn
DOOR = "next_door_monster"
#: the timing that waits for a curse behind that door (fired as the curse comes)
DOOR_CURSE = "next_door_curse"
#: the key (in a player's ``used_once``) saying they kicked open the door in turn N
_KICKED = "kicked:{}"


def waits(card: CardInst) -> bool:
    """The card's lines wait for a later event (it is kept, not fired, when played)."""
    return any(ab.timing in TIMINGS or split(ab.timing) for ab in card.data.abilities)


def _form(timing: str) -> str:
    parts = split(timing)
    return parts[0] if parts else ""


def _watches(card: CardInst) -> bool:
    """The card is played on another player and waits for what that player does."""
    return any(ab.timing == "next_kill_of_that_player" or _form(ab.timing) in THAT_FORMS
               for ab in card.data.abilities)


def waits_for_event(card: CardInst) -> bool:
    """The card waits for an event in the `the next time EVENT` form (any event), or for
    the end of its player's next turn (a bot lays both ahead)."""
    return any(split(ab.timing) or ab.timing == TURN_END for ab in card.data.abilities)


def played_on_other(card: CardInst) -> bool:
    """The card is played on another player (it waits for what that player does)."""
    return _watches(card)


def wait(game: Any, player: Player, card: CardInst, on_player: Player | None = None) -> None:
    """``player`` plays ``card``: it waits face up beside their cards (one that waits for
    another player's kill is played on that player)."""
    if _watches(card) and (on_player is None or on_player is player):
        raise EngineError(f"{card.name} is played on another player")
    combat = game.state.combat is not None
    if card.data.play == "outside_combat" and combat or card.data.play == "in_combat" \
            and not combat:  # `play outside combat`: when a waiting card may be played
        raise EngineError(f"{card.name} is played " + ("outside" if combat else "in")
                          + " a combat")
    if for_door(card):
        st = game.state
        if st.players[st.current] is not player or st.combat is not None \
                or _KICKED.format(st.turn) in player.used_once:
            raise EngineError(f"{card.name} is played on {player.name}'s own turn, before "
                              "the door is kicked open")
    game._take(player, card)
    player.others.append(card)
    if _watches(card) and on_player is not None:
        player.used_once.add(_WATCHES.format(card.uid, on_player.name))
        game.note(f"{player.name} plays {card.name} on {on_player.name}: it waits for "
                  f"{on_player.name}" + ("" if waits_for_event(card) else "'s next kill"))
        return
    game.note(f"{player.name} plays {card.name}: it waits " + (
        f"for the end of {player.name}'s next turn" if any(
            ab.timing == TURN_END for ab in card.data.abilities)
        else "face up for its event" if waits_for_event(card)
        else "for the door to be kicked open" if for_door(card)
        else f"for {player.name}'s next won fight"))


def _fire(game: Any, card: CardInst, owner: Player | None, timings: Collection[str],
          **ctx: Any) -> None:
    """A waiting card's event has come: its lines at ``timings`` run for ``owner`` (``ctx``:
    whom else they name), in the card's order; the caller says where the card goes next."""
    for ab in card.data.abilities:
        if ab.timing in timings:
            run_ability(Ctx(game.game, card, owner, timing=ab.timing, **ctx), ab)


def _ready(game: Any, card: CardInst, owner: Player | None, timings: Collection[str],
           event: str | None = None, **ctx: Any) -> bool:
    """Some line of ``card`` at ``timings`` has its conditions holding now (``event``: the
    timing its lines are read at, when not their own).  A card waiting `the next time a
    player kills a monster, if monster is level 10 or higher` waits for the first such
    kill, as the author means (a Wanted Poster is not spent on a level 2 kill): until one
    holds, the card stays and the trace says why."""
    lines = [ab for ab in card.data.abilities if ab.timing in timings]
    if not lines or any(line_holds(Ctx(game.game, card, owner, timing=event or ab.timing,
                                       **ctx), ab) for ab in lines):
        return True
    game.note(f"{card.name} waits on: the event came, but its condition did not hold")
    return False


def for_door(card: CardInst) -> bool:
    """The card waits for the door its player kicks open this turn."""
    return any(ab.timing in (DOOR, DOOR_CURSE) for ab in card.data.abilities)


def door_curse(game: Any, player: Player, curse: CardInst) -> Any:
    """The door ``player`` kicks open is the curse-like ``curse``, not yet acted: their
    cards waiting for a curse behind the door fire (`cancel it`: the card in flight is
    that curse) and go; the first outcome that cancels it is returned (None: the curse
    comes on)."""
    answer = None
    for card in [c for c in player.others
                 if any(ab.timing == DOOR_CURSE for ab in c.data.abilities)]:
        player.others.remove(card)
        game.note(f"{card.name} ({player.name}) fires: the door is {curse.name}")
        for ab in card.data.abilities:
            if ab.timing == DOOR_CURSE and game.rules.same_curse_kind(ab.targeted_by,
                                                                       curse.kind):
                said = game.fire(player, card, ab, Ctx(
                    game.game, card, player, victim=player, timing="when_targeted",
                    extra_card=curse))
                if said.applied and said.cancel and answer is None:
                    answer = said
        game.discard(card)
    return answer


def door_kicked(game: Any, player: Player, door: CardInst) -> None:
    """``player`` has kicked open ``door``: their cards waiting for it fire if it is a
    monster they now fight (the card goes with the fight, so a bonus lasts for it), and
    are discarded unused otherwise."""
    player.used_once.add(_KICKED.format(game.state.turn))
    combat, monster = game.state.combat, door_monster(game, player, door)
    for card in [c for c in player.others if for_door(c)]:
        player.others.remove(card)
        if combat is None or monster is None:
            game.discard(card)
            game.note(f"{card.name} ({player.name}) is discarded: the door was no monster")
            continue
        game.note(f"{card.name} ({player.name}) fires: the door is a monster")
        _fire(game, card, player, (DOOR,), monster=monster)
        combat.played_in(card, player)


def door_monster(game: Any, player: Player, door: CardInst) -> Any:
    """The monster ``player`` now fights that is the door they kicked open (None: the door
    was no monster, or no fight with it is open)."""
    combat = game.state.combat
    if combat is None or combat.fighter is not player:
        return None
    return next((m for m in combat.monsters if m.card is door), None)


def killed(game: Any, fighter: Player, monster: Any = None) -> None:
    """``fighter`` has killed a monster: the cards played on them that wait for it fire
    for their players (`that player`: the fighter), then go to the discards."""
    for p in game.state.players:
        for card in [c for c in p.others if _watches(c) and any(  # (not one waiting for
                ab.timing == "next_kill_of_that_player" for ab in c.data.abilities)]:  # another
            key = _WATCHES.format(card.uid, fighter.name)  # event of theirs)
            if key not in p.used_once or not _ready(
                    game, card, p, ("next_kill_of_that_player",), actor=fighter,
                    monster=monster):
                continue
            p.used_once.discard(key)
            p.others.remove(card)
            game.note(f"{card.name} ({p.name}) fires: {fighter.name} killed a monster")
            _fire(game, card, p, ("next_kill_of_that_player",), actor=fighter, monster=monster)
            game.discard(card)


def _waiting(player: Player) -> list[CardInst]:
    """The player's cards that wait for their own won fight."""
    return [c for c in player.others if any(ab.timing in OWN_WIN for ab in c.data.abilities)]


def fight_won(game: Any, players: list[Player]) -> None:
    """A fight is won: each winner's waiting cards fire, then go to the discards."""
    for p in players:
        for card in [c for c in _waiting(p) if _ready(game, c, p, OWN_WIN)]:
            p.others.remove(card)
            game.note(f"{card.name} ({p.name}) fires: {p.name} won a fight")
            _fire(game, card, p, OWN_WIN)
            game.discard(card)


def fire_waiting(game: Any, player: Player, timing: str, said: list[Any] | None = None,
                 made: list[Ctx] | None = None, **ctx: Any) -> bool:
    """The event ``timing`` is fired for ``player``'s cards in play: their cards that wait
    for it (`the next time a seal opens: ...`; one played on another player only when
    that player, ``ctx['actor']``, did it) leave the table, act once and are discarded
    (an event inside a fight: they go with the fight, so a strength change lasts for it).
    Whether one of them applied (``said`` collects their outcomes: a curse answered;
    ``made`` the contexts they acted in: a roll they changed)."""
    fired = False
    for card in [c for c in (*player.others, *player.curses)
                 if waits(c) and c is not ctx.get("just")]:
        pile = player.others if card in player.others else player.curses
        for ab in card.data.abilities:
            parts = split(ab.timing)
            if parts is None or parts[1] != timing or card not in pile or (
                    pile is player.curses and parts[0] != NEXT):  # (a curse's `the next time
                continue  # victim ...` is victim_did's; its own form: its victim's turn start)
            seen = {**ctx, **({"victim": player, "target": player}
                              if pile is player.curses else {})}
            key = None
            if parts[0] in THAT_FORMS:
                actor = ctx.get("actor")
                key = _WATCHES.format(card.uid, getattr(actor, "name", ""))
                if key not in player.used_once:
                    continue
            if not _ready(game, card, player, (ab.timing,), timing, **seen):
                continue
            if parts[0] in REPEATING:  # `this turn, each time that player ...`: it acts and
                game.note(f"{card.name} ({player.name}) acts: the event it watches came")
                said_now = game.fire(player, card, ab, Ctx(game.game, card, player,  # stays
                                                           timing=timing, **seen))
                fired = said_now.applied or fired
                if said is not None:
                    said.append(said_now)
                continue
            if key is not None:
                player.used_once.discard(key)
            pile.remove(card)
            game.note(f"{card.name} ({player.name}) fires: the event it waited for came")
            line = Ctx(game.game, card, player, timing=timing, **seen)
            outcome = game.fire(player, card, ab, line)
            if made is not None:
                made.append(line)
            fired = outcome.applied or fired
            if said is not None:
                said.append(outcome)
            combat = game.state.combat
            if combat is not None:  # its event came in a fight: it goes with that fight,
                combat.played_in(card, player)  # as a card played into it (`+5 to monster`)
            else:
                game.discard(card)
    return fired


def waits_for(ab: Any, timing: str) -> bool:
    """The line waits for the event ``timing`` of its own player (not another's)."""
    parts = split(ab.timing)
    return parts is not None and parts[1] == timing and parts[0] not in THAT_FORMS


def used(game: Any, player: Player, card: CardInst) -> None:
    """A waiting card of ``player``'s that has acted goes to the discards."""
    if card in player.others and waits(card):
        player.others.remove(card)
        game.discard(card)


def turn_ends(game: Any) -> None:
    """The turn ends: cards that waited `this turn` and were not used are discarded."""
    for p in game.state.players:
        for card in [*_waiting(p), *(c for c in p.others if for_door(c) or any(
                _form(ab.timing) in THIS_TURN_FORMS for ab in c.data.abilities))]:
            if any(TIMINGS.get(ab.timing) or _form(ab.timing) in THIS_TURN_FORMS
                   for ab in card.data.abilities):
                p.others.remove(card)
                game.discard(card)
                game.note(f"{card.name} ({p.name}) was not used this turn and is discarded")


#: the timing of a curse that waits on its victim for their next won fight
CURSE_WIN = "next_win_of_victim"


#: the timing of a curse that waits on its victim for the end of their next combat
CURSE_COMBAT_END = "next_combat_end_of_victim"
#: the timings of a curse kept on its victim until one of the victim's events
CURSE_WAITS = (CURSE_WIN, CURSE_COMBAT_END)


def victim_won(game: Any, players: list[Player]) -> None:
    """A fight is won, its treasures not drawn yet: the curses waiting on a winner for it
    fire (`the next time victim wins a fight: ...`), then go to the discards."""
    _strike(game, players, CURSE_WIN, "won a fight")


def victim_combat_ended(game: Any, players: list[Player]) -> None:
    """A combat is over, however it ended: the curses waiting on one of its players for
    it fire (`after the next combat: ...`), then go to the discards."""
    _strike(game, players, CURSE_COMBAT_END, "ended a combat")


def victim_waits(timing: str) -> bool:
    """The line of a curse-like card waits on its victim for what they do (`the next time
    victim gains a level`) or for their next turn (`at the start of your next turn`, `at
    the end of your next turn`): the curse stays on them until then."""
    parts = split(timing)
    return timing == TURN_END or parts is not None and parts[0] in (NEXT_VICTIM, NEXT)


def victim_did(game: Any, actor: Player, timing: str, said: list[Any] | None = None) -> None:
    """``actor`` did the event ``timing`` (`when another player gains a level` is fired for
    the others' cards): the curses on ``actor`` waiting for it strike, acting for them as a
    curse on its victim does at its events (`you`: the victim, engine/core.fire_table), and
    go (with the fight, when the event came in one: a strength change lasts for it);
    ``said`` collects their outcomes (a curse the victim plays, answered)."""
    waited = f"{NEXT_VICTIM}:{timing}"
    for curse in [c for c in actor.curses if any(ab.timing == waited
                                                 for ab in c.data.abilities)
                  and _ready(game, c, actor, (waited,), timing, victim=actor, target=actor)]:
        actor.curses.remove(curse)
        game.note(f"{curse.name} on {actor.name} strikes: {actor.name} did what it waited for")
        for ab in curse.data.abilities:
            if ab.timing == waited:
                outcome = game.fire(actor, curse, ab, Ctx(  # (read at the event's timing,
                    game.game, curse, actor, victim=actor, target=actor, timing=timing))  # as
                if said is not None:  # fire_waiting's lines are)
                    said.append(outcome)
        combat = game.state.combat
        if combat is not None:
            combat.played_in(curse, curse.played_by)
        else:
            game.discard(curse)


def _strike(game: Any, players: list[Player], timing: str, why: str) -> None:
    """The curses on ``players`` waiting at ``timing`` fire on their victim and go."""
    for p in players:
        for curse in [c for c in p.curses
                      if any(ab.timing == timing for ab in c.data.abilities)
                      and _ready(game, c, None, (timing,), victim=p, target=p)]:
            p.curses.remove(curse)
            game.note(f"{curse.name} on {p.name} strikes: {p.name} {why}")
            _fire(game, curse, None, (timing,), victim=p, target=p)
            game.discard(curse)
