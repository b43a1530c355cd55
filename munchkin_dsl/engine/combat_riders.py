"""Lines that ride on the fight their card was played into (language/parts/riders.py).

A one-shot with an `if you lose this combat` line, played in a fight, is kept with that
fight (``Combat.riders``: the card and who played it) and goes to the discards with it as
any one-shot played into a fight does.  When the fight is lost (the player side is about
to run away, :func:`lost`), each such line fires for its player if that player is on the
losing side, before any run-away roll: seed 000 «COMBAT» has the combat lost when the
strengths are compared, and running away come after.  The trace says each step.
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.engine.effects_apply import run_ability
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, Combat, Player
from munchkin_dsl.language.parts.riders import LoseThisCombat

#: the timing of the lines that wait for the fight's loss
LOST = LoseThisCombat.timing


def rides(card: CardInst) -> bool:
    """The card has a line that waits for the loss of the fight it is played into."""
    return any(ab.timing == LOST for ab in card.data.abilities)


def ride(game: Any, combat: Combat, player: Player, card: CardInst) -> None:
    """``player`` has played ``card`` into ``combat``: its loss lines wait with the fight."""
    combat.riders.append((card, player))
    game.note(f"{card.name} waits: if {player.name} loses this combat, it fires")


def lost(game: Any, combat: Combat) -> None:
    """The fight is lost: the loss lines of the cards played into it fire for their players
    on the player side (a player who played one on someone else's fight is not)."""
    for card, player in list(combat.riders):
        if player not in combat.players() or player.dead:
            continue
        game.note(f"{card.name} ({player.name}) fires: {player.name} lost the combat")
        for ab in card.data.abilities:
            if ab.timing == LOST:
                run_ability(Ctx(game.game, card, player, victim=player, target=player,
                                timing=LOST), ab)
    combat.riders.clear()
