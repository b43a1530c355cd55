"""Discarding a card into someone else's fight (Heckling Crowd: "+2 to the monster for
every other player who discards a card into this combat, each player at most one").

A player outside the fight may do it only while a card of the fight counts such
discards (`for each card discarded into this combat`), once per fight; the count is
read by the strength arithmetic (engine/combat.py `counted`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from munchkin_dsl.engine import combat as cb
from munchkin_dsl.engine.state import CardInst, Player
from munchkin_dsl.language.count_part import count_of
from munchkin_dsl.language.parts.counts_fight import Discarded

if TYPE_CHECKING:
    from munchkin_dsl.engine.interface import GameLike as Game  # the protocol: no cycle


def counts_discards(game: Game) -> bool:
    """Whether a card of the open fight counts cards discarded into it."""
    combat = game.state.combat
    return combat is not None and any(
        pa.effect.kind in ("strength", "run_away")
        and (count := count_of(pa.effect)) is not None and count.count == Discarded.count
        for pa in cb.passives(game.state, combat))


def discard_into_combat(game: Game, player: Player, card: CardInst) -> None:
    """``player`` discards ``card`` from the hand into the open fight (refused with the
    reason: no fight, a player in it, a second card, nothing that counts it)."""
    from munchkin_dsl.engine.interface import EngineError

    combat = game.state.combat
    if combat is None:
        raise EngineError("no combat to discard a card into")
    if player in combat.players():
        raise EngineError(f"{player.name} is in this fight: only the other players discard "
                          "into it")
    if player.name in combat.discarded_by:
        raise EngineError(f"{player.name} has already discarded a card into this fight")
    if not counts_discards(game):
        raise EngineError("no card of this fight counts cards discarded into it")
    if card not in player.hand:
        raise EngineError(f"{card.name} is not in {player.name}'s hand")
    player.hand.remove(card)
    game.discard(card)
    combat.discarded_by.append(player.name)
    game.note(f"{player.name} discards {card.name} into the fight")
