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
from munchkin_dsl.language.parts.riders import TIMINGS, LoseThisCombat, rider

#: the timing of the lines that wait for the fight's loss
LOST = LoseThisCombat.timing


def rides(card: CardInst) -> bool:
    """The card has a line that waits for the outcome of the fight it is played into."""
    return any(ab.timing in TIMINGS for ab in card.data.abilities)


def ride(game: Any, combat: Combat, player: Player, card: CardInst) -> None:
    """``player`` has played ``card`` into ``combat``: its outcome lines wait with it."""
    combat.riders.append((card, player))
    game.note(f"{card.name} waits: it fires when this combat is "
              + " or ".join(sorted({"won" if t.startswith("win") else "lost"
                                    for ab in card.data.abilities if ab.timing in TIMINGS
                                    for t in (ab.timing,)})))


def _subject(combat: Combat, player: Player, suffix: str) -> Player | None:
    """Whom the line's outcome is about: the card's player if on the player side (`you`),
    the fighter (`the fighter`, `that player`), the helper; None: nobody such."""
    who = {"": player if player in combat.players() else None,
           "_fighter": combat.fighter, "_helper": combat.helper}[suffix]
    return None if who is None or who.dead else who


def _fire(game: Any, combat: Combat, outcome: str, said: str) -> None:
    """The fight ended in ``outcome``: each line of the cards played into it that waits
    for that outcome of its subject fires for the card's player (`that player`: the
    subject), in the order the cards were played."""
    for card, player in list(combat.riders):
        for ab in card.data.abilities:
            parts = rider(ab.timing)
            if parts is None or parts[0] != outcome or player.dead:
                continue
            who = _subject(combat, player, parts[1])
            if who is None:
                continue
            game.note(f"{card.name} ({player.name}) fires: {who.name} {said} the combat")
            run_ability(Ctx(game.game, card, player, victim=player, target=player, actor=who,
                            timing=ab.timing), ab)
    combat.riders.clear()


def lost(game: Any, combat: Combat) -> None:
    """The fight is lost, before anyone runs: the `if ... lose(s) this combat` lines fire
    (`if you lose this combat` only for a player on the player side)."""
    _fire(game, combat, "lose_this_combat", "lost")


def won(game: Any, combat: Combat) -> None:
    """The fight is won, its rewards given: the `if ... win(s) this combat` lines fire."""
    _fire(game, combat, "win_this_combat", "won")
