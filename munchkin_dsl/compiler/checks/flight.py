"""Checks of cards in flight: the card being cancelled, and the curse shield.

`cancel the card played` (parts/curse_answers.CancelPlayed) is answered as the card is
played, before it acts, by a card in play or a one-shot from the hand
(engine/cancel_played.py); a one-shot laid ahead that waits for another player's next card
would hear it only once it has acted, so E221 refuses that form.

The curse shield is `ignore curses` (language/parts/ignore.py, engine/immunities.py).

A shield is read while it lasts: on a card in play, while the card is (its holder is
shielded); on a line played or used once, for the duration written before it (`until the
end of the turn, a player of your choice ignores curses`: kept on the player it names).
E221: a shield played once with no duration would last no time; E228: a card in play
shields its holder, never another player (a one-shot with a duration does that).
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.language.nodes import Clause
from munchkin_dsl.language.parts.curse_answers import CancelPlayed
from munchkin_dsl.language.parts.ignore import Ignore
from munchkin_dsl.language.parts.waiting import base_timing

#: the event a card another player plays is answered at, before it acts
_PLAYS = "when_other_plays_card"

#: who a shield on a card in play may name: its holder (a curse's victim)
_HOLDER = frozenset({"you", "victim"})


def check_flight(ctx: CheckContext, timing: str, clause: Clause, kept: bool) -> None:
    """E221 for a card cancelled by a one-shot laid ahead; E221 / E228 for an `ignore
    curses` that would shield nobody, or for no time."""
    if isinstance(clause, CancelPlayed) and timing != _PLAYS and base_timing(timing) == _PLAYS:
        ctx.sink.error("E221", "a one-shot laid ahead hears another player's card only once "
                       "it has acted, too late to cancel it", clause.span,
                       "hold the one-shot in the hand, played as the card comes: `when "
                       "another player plays a card: cancel it`, or put the line on a card "
                       "in play")
    if not isinstance(clause, Ignore) or clause.what != "curses":
        return
    if timing != "continuous" and not kept:
        ctx.sink.error("E221", "a curse shield played or used once, with no duration, would "
                       "last no time", clause.span,
                       "give it a duration: `until the end of the turn, a player of your "
                       "choice ignores curses`, `until your next turn, you ignore curses`; "
                       "or write `ignore curses` on a card that stays in play; to stop one "
                       "curse, `the next time you are targeted by a curse: cancel a curse`")
    elif timing == "continuous" and clause.target is not None and \
            clause.target.kind not in _HOLDER:
        ctx.sink.error("E228", "a card in play shields its holder from curses, never another "
                       "player", clause.target.span,
                       "write `ignore curses` (its holder); to shield another player, play a "
                       "one-shot with a duration: `until the end of the turn, a player of "
                       "your choice ignores curses`")
