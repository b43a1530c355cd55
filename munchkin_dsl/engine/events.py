"""Where the declared events (language/parts/events.py) are fired.

One function for every event a card in play reacts to: the engine calls :func:`react`
where the event happens, naming who did it.  A reaction never sets off the same event in
the same moment (two `when another player gains a level: gain 1 level` cards would
otherwise feed each other forever): while an event's reactions run, it is not fired
again for that game.
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.engine import durations, help_bans
from munchkin_dsl.engine.conditions import Scope, conditions_hold
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, Player
from munchkin_dsl.language.parts import until_events
from munchkin_dsl.language.parts.own_events import ANY, OWN

#: (id of the game state, timing) of the events whose reactions are running now.
_RUNNING: set[tuple[int, str]] = set()


def react(game: Any, actor: Player, timing: str, others: bool = True,
          everyone: bool = False, just: CardInst | None = None, *,
          said: list[Any] | None = None, only: Player | None = None) -> None:
    """Fire ``timing`` on the cards in play of the living players other than ``actor``
    (``others``), of ``actor`` alone (``others=False``), or of every player
    (``everyone``), or of ``only`` (the player it was done to: `when another player plays a
    curse on you`), in seat order; `that player` on a line reaches ``actor``, and ``just``
    is the card the event is about (the card just discarded); ``said`` collects the
    outcomes of the lines that fired."""
    if timing in until_events.EVENTS:  # `until victim kills a monster`: it ends now
        durations.event_came(game, timing, actor)
    key = (id(game.state), timing)
    if key in _RUNNING:
        return
    _RUNNING.add(key)
    try:
        for p in list(game.state.players):
            if p.dead:
                continue
            if p is only if only is not None else \
                    everyone or (p is not actor if others else p is actor):
                game.fire_table(p, timing, said, actor=actor, just=just)
        if others and not everyone and only is None:
            own_and_any(game, actor, timing, said, just)
    finally:
        _RUNNING.discard(key)


def own_and_any(game: Any, actor: Player, timing: str, said: list[Any] | None = None,
                just: CardInst | None = None) -> None:
    """Another player's event ``timing`` was fired for the other players: the actor's own
    cards hear its own form (`when you gain a level`: OWN), then every living player's
    cards, the actor's too, its anyone form (`when a player gains a level`: ANY)."""
    own, anyone = OWN.get(timing), ANY.get(timing)
    if own is not None and not actor.dead:
        game.fire_table(actor, own, said, actor=actor, just=just)
    for p in list(game.state.players) if anyone is not None else []:
        if not p.dead:
            game.fire_table(p, anyone, said, actor=actor, just=just)


#: the timing of a one-shot that joins a fight as its helper when help is asked
JOINS = "joins_as_helper"


def asked_for_help(game: Any, fighter: Player) -> None:
    """``fighter`` asks for help: `when another player asks for help` on the cards the
    other players have in play, then a one-shot from the hand of a player not in the
    fight that joins it as the helper (`become the helper when another player asks for
    help: ...`; the first whose player chooses to and may help): its player helps, its
    line acts, and the card goes with the fight."""
    react(game, fighter, "when_other_asks_help")
    combat = game.state.combat
    for p in list(game.state.players):
        if combat is None or combat.helper is not None or p.dead or p in combat.players() \
                or help_bans.cannot_help(game.state, p):
            continue
        for card in [c for c in p.hand if c.kind == "one-shot"]:
            abilities = [ab for ab in card.data.abilities if ab.timing == JOINS]
            if not abilities or not all(_may_join(game, p, card, ab) for ab in abilities):
                continue
            p.hand.remove(card)
            game.event("played", card=card.id, player=p.name)
            combat.helper = p
            game.note(f"{p.name} plays {card.name} and helps {fighter.name}")
            react(game, p, "when_other_helps")
            for ab in abilities:
                game.fire(p, card, ab, Ctx(game.game, card, p, timing=JOINS, actor=fighter))
            combat.played.append(card)
            return


def _may_join(game: Any, player: Player, card: CardInst, ab: Any) -> bool:
    """Whether ``player`` plays ``card`` to join the fight: its line's costs can be paid,
    its conditions hold (a card is not given up, nor a fight joined, for a line that
    cannot act) and the player chooses to."""
    if ab.costs and not game.can_pay(player, ab, card):
        return False
    if not conditions_hold(ab.conditions, Scope(owner=player, card=card), game.state,
                           game.state.combat):
        return False
    return bool(game.policy.use_line(game.game, player, card, ab))


def discarded(game: Any, player: Player, card: CardInst) -> None:
    """``card`` left ``player`` for the discards: `when another player discards a card`."""
    react(game, player, "when_other_discards", just=card)


#: `at the end of your next turn`: the cards in play when their owner's turn began
_ARMED = "armed:{}"


def turn_begins(player: Player) -> None:
    """``player``'s turn begins: their cards in play now are the ones whose `at the end of
    your next turn` comes at the end of this turn."""
    for card in player.in_play():
        if any(ab.timing == "turn_end_next" for ab in card.data.abilities):
            player.used_once.add(_ARMED.format(card.uid))


def turn_ends(game: Any, player: Player) -> None:
    """``player``'s turn ends: `at the end of your turn`, then `at the end of your next
    turn` on the cards that were in play when the turn began."""
    if player.dead:
        return
    react(game, player, "turn_end", others=False)
    for card in list(player.in_play()):
        key = _ARMED.format(card.uid)
        if key in player.used_once:
            player.used_once.discard(key)
            for ab in card.data.abilities:
                if ab.timing == "turn_end_next" and card in player.in_play():
                    game.fire(player, card, ab, Ctx(game.game, card, player,
                                                     timing="turn_end_next"))
