"""Engine side of the monsters that move between players (language/parts/monsters.py).

A monster that follows goes, once its fight is over, from the discards to its player's
``followers`` and joins that player's next fight (:func:`join_followers`, called where a
fight starts).  A monster given away leaves its fight at once (no treasure, no Bad Stuff
for its fighter; the fight closes with no outcome if it was the last monster) and the
player it was given to fights it as soon as the fight is over: a fight like any other,
so that player wins its treasure and levels or suffers its Bad Stuff.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine.outcome import Outcome
from munchkin_dsl.engine.state import CardInst, MonsterInst, Player

#: how a fight ends in which a monster does not survive to follow anyone
_BEATEN = frozenset({"win", "defeated_without_kill"})


def _monster(ctx: Any) -> MonsterInst | None:
    combat = ctx.game.state.combat
    if combat is None:
        return None
    live = combat.live_monsters()
    mine = next((m for m in live if m.card is ctx.card), None)
    return mine or (ctx.monster if ctx.monster in live else (live[0] if live else None))


def _out_of_discards(game: Any, card: CardInst) -> bool:
    pile = game.state.discards.get(card.data.deck, [])
    if card not in pile:
        return False
    pile.remove(card)
    return True


def _player(ctx: Any, target: str | None) -> Player | None:
    combat = ctx.game.state.combat
    if target is None:
        return ctx.victim or (combat.fighter if combat is not None else None)
    hit = [p for p in ctx.find(target) if p is not None and not p.dead]
    return hit[0] if hit else None


#: the key (in a player's ``used_once``) of a follower fought at the start of their turn
_NEXT_TURN = "fights_next_turn:{}"


def _follows(eff: Any, ctx: Any) -> Outcome:
    """The monster's card goes with the player once its fight is over (not if killed);
    `... at the start of their next turn`: kept for that turn's start, not the next fight."""
    game = ctx.game
    player = _player(ctx, eff.target)
    monster = _monster(ctx)
    card = monster.card if monster is not None else ctx.card
    if player is None or card is None or card.kind != "monster":
        return Outcome(False)
    if getattr(eff, "only_once", False) and monster is not None and monster.came_back:
        return Outcome(True, f"{card.name} has come back once: it does not follow "
                             f"{player.name} again")

    def follow() -> None:
        if game.last_outcome in _BEATEN and game.last_combat is not None and any(
                m.card is card for m in game.last_combat.monsters):
            return  # killed or defeated: nothing left to follow
        if _out_of_discards(game, card):
            player.followers.append(card)
            if eff.kind == "fights_next_turn":
                player.used_once.add(_NEXT_TURN.format(card.uid))
                game.note(f"{card.name} follows {player.name}: fought again at the start "
                          "of their next turn")
                return
            game.note(f"{card.name} follows {player.name} to their next fight")
    game.defer(follow)
    return Outcome(True)


def join_followers(game: Any, fighter: Player) -> None:
    """A fight starts: the monsters following the fighter join it (not those that wait
    for the start of the fighter's next turn)."""
    for card in [c for c in fighter.followers
                 if _NEXT_TURN.format(c.uid) not in fighter.used_once]:
        fighter.followers.remove(card)
        game.note(f"{card.name} has followed {fighter.name} and joins the fight")
        game.add_monster(card)


def turn_begins(game: Any, player: Player) -> None:
    """``player``'s turn begins: a monster that waits for it (`must fight it again at the
    start of their next turn`) is fought now, before the door is kicked open."""
    for card in [c for c in player.followers if _NEXT_TURN.format(c.uid) in player.used_once]:
        if game.state.combat is not None or player.dead:
            return
        player.followers.remove(card)
        player.used_once.discard(_NEXT_TURN.format(card.uid))
        game.note(f"{card.name} is back: {player.name} must fight it before kicking open "
                  "the door")
        game.start_combat(player, card)
        back: list[MonsterInst] = game.state.combat.monsters if game.state.combat else []
        for m in back:  # `... only once` reads it
            m.came_back = m.came_back or m.card is card
        # fought before the door: the turn's own door and loot are still to come
        game.defer(lambda who=player.name: game.state.met_monster.discard(who))


def _give(eff: Any, ctx: Any) -> Outcome:
    game = ctx.game
    combat = game.state.combat
    monster = _monster(ctx)
    taker = _player(ctx, eff.target)
    if combat is None or monster is None or taker is None or taker in combat.players():
        return Outcome(False)
    card = monster.card
    monster.removed, monster.removed_with_treasure = True, False
    game.note(f"{card.name} is given to {taker.name}, who will fight it")

    def fight_it() -> None:
        if game.state.combat is None and _out_of_discards(game, card) and not taker.dead:
            game.start_combat(taker, card)
    game.defer(fight_it)
    if not combat.live_monsters():  # the fighter has nothing left to fight: no outcome
        game.end_combat_without_outcome()
    return Outcome(True)


def _no_bad_stuff(_eff: Any, ctx: Any) -> Outcome:
    """`bad stuff: nothing`: the caught player suffers nothing (the trace says so)."""
    who = getattr(ctx.victim, "name", "the player")
    return Outcome(True, f"the Bad Stuff is none: {who} suffers nothing")


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Any], Outcome]] = {
    "no_bad_stuff": _no_bad_stuff,
    "follows": _follows,
    "fights_next_turn": _follows,
    "give_monster": _give,
}
