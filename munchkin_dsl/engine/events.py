"""Where the declared events (language/parts/events.py) are fired.

One function for every event a card in play reacts to: the engine calls :func:`react`
where the event happens, naming who did it.  A reaction never sets off the same event in
the same moment (two `when another player gains a level: gain 1 level` cards would
otherwise feed each other forever): while an event's reactions run, it is not fired
again for that game.
"""

from __future__ import annotations

import functools
from typing import Any

from munchkin_dsl.engine import instead
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, Player

#: (id of the game state, timing) of the events whose reactions are running now.
_RUNNING: set[tuple[int, str]] = set()


def react(game: Any, actor: Player, timing: str, others: bool = True,
          everyone: bool = False, just: CardInst | None = None) -> None:
    """Fire ``timing`` on the cards in play of the living players other than ``actor``
    (``others``), of ``actor`` alone (``others=False``), or of every player
    (``everyone``), in seat order; `that player` on a line reaches ``actor``, and ``just``
    is the card the event is about (the card just discarded)."""
    key = (id(game.state), timing)
    if key in _RUNNING:
        return
    _RUNNING.add(key)
    try:
        for p in list(game.state.players):
            if p.dead:
                continue
            if everyone or (p is not actor if others else p is actor):
                game.fire_table(p, timing, actor=actor, just=just)
    finally:
        _RUNNING.discard(key)


def asked_for_help(game: Any, fighter: Player) -> None:
    """``fighter`` asks for help: `when another player asks for help` on the cards the
    other players have in play, then from the hand of each player not in the fight (a
    one-shot whose line there acts: `you must help` makes its player the helper, so the
    one asked does not join)."""
    react(game, fighter, "when_other_asks_help")
    combat = game.state.combat
    for p in list(game.state.players):
        if combat is None or combat.helper is not None or p.dead or p in combat.players():
            continue
        instead.played_from_hand(game.game, p, "when_other_asks_help",
                                 functools.partial(_asked, game, p, fighter))


def _asked(game: Any, player: Player, fighter: Player, card: CardInst) -> Ctx:
    """The context of a one-shot played as ``fighter`` asks for help (`that player`)."""
    return Ctx(game.game, card, player, timing="when_other_asks_help", actor=fighter)


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
