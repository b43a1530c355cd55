"""Cards that wait (language/parts/waiting.py): played now, fired at a later event.

A played card whose lines wait (`the next time you win a fight`) goes face up beside its
player's other cards instead of acting; when its player wins a fight (fighter or helper)
its waiting lines fire and it is discarded; one that waits `this turn` is discarded
unused when the turn ends.  The trace says each step.
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.engine.effects_apply import run_ability
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, Player

#: the waiting timings, and whether the turn's end discards the card unused
TIMINGS = {"next_win": False, "next_win_this_turn": True}


def waits(card: CardInst) -> bool:
    """The card's lines wait for a later event (it is kept, not fired, when played)."""
    return any(ab.timing in TIMINGS for ab in card.data.abilities)


def wait(game: Any, player: Player, card: CardInst) -> None:
    """``player`` plays ``card``: it waits face up beside their cards."""
    game._take(player, card)
    player.others.append(card)
    game.note(f"{player.name} plays {card.name}: it waits for {player.name}'s next won fight")


def _waiting(player: Player) -> list[CardInst]:
    return [c for c in player.others if waits(c)]


def fight_won(game: Any, players: list[Player]) -> None:
    """A fight is won: each winner's waiting cards fire, then go to the discards."""
    for p in players:
        for card in _waiting(p):
            p.others.remove(card)
            game.note(f"{card.name} ({p.name}) fires: {p.name} won a fight")
            for ab in card.data.abilities:
                if ab.timing in TIMINGS:
                    run_ability(Ctx(game.game, card, p, timing=ab.timing), ab)
            game.discard(card)


def turn_ends(game: Any) -> None:
    """The turn ends: cards that waited `this turn` and were not used are discarded."""
    for p in game.state.players:
        for card in _waiting(p):
            if any(TIMINGS.get(ab.timing) for ab in card.data.abilities):
                p.others.remove(card)
                game.discard(card)
                game.note(f"{card.name} ({p.name}) was not used this turn and is discarded")
