"""A run-away roll as the cards that wait for it answer it.

Curses that wait for their victim's next run-away roll (`next run away roll: ...`).

Such a curse is not bound to a combat, as `next combat` is: it stays on the victim through
any number of fights until the victim rolls to run away, acts on that one roll (its
`to run away` modifiers are read with the roll's other bonuses; `the roll fails` spoils
it whatever the die shows; any other effect happens as the die is rolled) and is then
discarded.  Then the roll as the players answer it (:func:`roll_answered`): one-shots laid
ahead for it (`the next time that player rolls to run away: the roll fails`), the other
players' cards in play and hands.  Kept apart from fight.py so the roll code there only
asks two questions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from munchkin_dsl.engine import instead, waiting
from munchkin_dsl.engine.effects_apply import run_ability
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, Player

if TYPE_CHECKING:
    from munchkin_dsl.engine.interface import GameLike as Game  # the protocol: no cycle

TIMING = "next_run_away_roll"


def at_next_roll(game: Game, player: Player, roll: int) -> bool:
    """Fire and discard every curse on ``player`` waiting for this roll; True when one of
    them makes the roll fail."""
    fails = False
    for curse in [c for c in player.curses
                  if any(ab.timing == TIMING for ab in c.data.abilities)]:
        for ab in curse.data.abilities:
            if ab.timing != TIMING:
                continue
            ctx = Ctx(game, curse, None, victim=player, target=player, roll=roll,
                      timing=TIMING)
            fails = run_ability(ctx, ab).fail_roll or fails
        if curse in player.curses:  # a line of its own (`cancel a curse`) may have lifted it
            player.curses.remove(curse)
            game.discard(curse)
            game.note(f"{curse.name} on {player.name} is spent on the roll")
    return fails


#: another player's run-away roll, made and not yet counted
ROLLS = "when_other_rolls_run_away"


def roll_answered(game: Any, roller: Player, total: int, die: int) -> tuple[int, bool]:
    """``roller``'s run-away roll of ``total`` (the die ``die``) as the players answer it:
    the roller's own one-shots laid ahead for it (`the next time you roll to run away: +3
    to run away`), then the other living players in seat order: the lines their cards in
    play have at `when another player rolls to run away`, their one-shots laid ahead for
    it (`the next time that player rolls to run away: the roll fails`, played on the
    roller), then a one-shot from their hand (`-3 to run away` changes the roll being made,
    engine/algebra_modifiers.py).  Returns the roll as it now stands, and whether a line
    made it fail whatever it shows (`the roll fails`)."""
    total, failed = _laid_ahead(game, roller, roller, OWN_ROLL, total, die)
    for p in [q for q in game.state.players if q is not roller and not q.dead]:
        for card in list(p.in_play()):
            for ab in [ab for ab in card.data.abilities if ab.timing == ROLLS]:
                ctx = Ctx(game.game, card, p, timing=ROLLS, actor=roller, roll=total, die=die)
                said = game.fire(p, card, ab, ctx)
                if said.applied:
                    game.note(f"{p.name}'s {card.name} answers {roller.name}'s roll")
                    total = ctx.roll if ctx.roll is not None else total
                    failed = failed or said.fail_roll
        for answer in (_laid_ahead, _roll_from_hand):
            total, spoiled = answer(game, p, roller, ROLLS, total, die)
            failed = failed or spoiled
    return total, failed


#: its own run-away roll, waited for by a one-shot its player laid ahead
OWN_ROLL = "after_run_away_roll"


def _laid_ahead(game: Any, player: Player, roller: Player, timing: str, total: int,
                die: int) -> tuple[int, bool]:
    """The roll once ``player``'s one-shots laid ahead for it have acted (each changes the
    roll as it stands), and whether one of them made it fail."""
    said: list[Any] = []
    made: list[Ctx] = []
    waiting.fire_waiting(game, player, timing, said, made=made, actor=roller, roll=total,
                         die=die)
    total += sum(c.roll - total for c in made if c.roll is not None)
    return total, any(o.applied and o.fail_roll for o in said)


def _roll_from_hand(game: Any, player: Player, roller: Player, timing: str, total: int,
                    die: int) -> tuple[int, bool]:
    """The roll once ``player`` has answered it with a one-shot from the hand (if any), and
    whether that one made it fail."""
    made: list[Ctx] = []
    said: list[Any] = []

    def ctx_for(card: CardInst) -> Ctx:
        made.append(Ctx(game.game, card, player, timing=timing, actor=roller, roll=total,
                        die=die))
        return made[-1]

    if instead.played_from_hand(game, player, timing, ctx_for, said=said) is None or not made:
        return total, False
    return (made[-1].roll if made[-1].roll is not None else total,
            any(o.applied and o.fail_roll for o in said))
