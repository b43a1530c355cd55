"""Cards in flight cancelled: a card another player is playing is answered before it acts.

`when another player plays a card, if the card played is a monster-enhancer, discard this
card: cancel it, put it into your hand` (Spellcatcher Buckler), a one-shot from the hand
that returns the curse to its player (Counterspell Scroll).  The other players' lines at
`when another player plays a card` that cancel the card (parts/curse_answers.CancelPlayed)
are fired as the card is played, before it acts (:func:`cancelled`); the first that
cancels it wins, and the card then does nothing at all (an enhancer adds nothing to its
monster, a curse hits nobody, a one-shot gives no bonus) and goes where the line says
(:func:`settle`).  Those lines are not fired again once the card has acted: the rest of
`when another player plays a card` comes then, as before (engine/events.react).

A curse-like card answered at its own events (`when another player plays a curse: cancel
a curse, it returns to its player's hand`) is cancelled by engine/play.py, which sends it
where the outcome says with :func:`settle` too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine import instead
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.outcome import NOT_APPLIED, Outcome
from munchkin_dsl.engine.state import CardInst, Player
from munchkin_dsl.language.parts.curse_answers import IN_FLIGHT_AT
from munchkin_dsl.language.parts.waiting import base_timing

#: the event a card another player plays is answered at
PLAYS = "when_other_plays_card"


def answers_in_flight(ab: Any) -> bool:
    """Whether a line at ``PLAYS`` cancels the card played: it is fired before the card
    acts (:func:`cancelled`), not after."""
    return ab.timing == PLAYS and any(e.kind == "cancel_played" for e in ab.effects)


def cancelled(game: Any, player: Player, card: CardInst) -> bool:
    """``player`` is playing ``card``: the other living players, in seat order, answer it
    with the lines that cancel it (a card in play, then a one-shot from the hand).  True:
    one did, the card is settled where the line says and must not act."""
    for p in [q for q in game.state.players if q is not player and not q.dead]:
        for answer in list(p.in_play()):
            for ab in [ab for ab in answer.data.abilities if answers_in_flight(ab)]:
                ctx = Ctx(game.game, answer, p, timing=PLAYS, actor=player, just=card)
                said = game.fire(p, answer, ab, ctx)
                if said.applied and said.cancel:
                    game.note(f"{p.name} cancels {card.name} with {answer.name}")
                    settle(game, card, player, said)
                    return True
        heard: list[Outcome] = []
        used = instead.played_from_hand(game, p, PLAYS, _answer_ctx(game, p, player, card),
                                        said=heard, fits=answers_in_flight)
        if used is not None and heard and heard[0].cancel:
            game.note(f"{p.name} cancels {card.name} with {used.name}")
            settle(game, card, player, heard[0])
            return True
    return False


def _answer_ctx(game: Any, p: Player, player: Player, card: CardInst
                ) -> Callable[[CardInst], Ctx]:
    """The context of ``p``'s one-shot answering ``player``'s ``card`` from the hand."""
    return lambda answer: Ctx(game.game, answer, p, timing=PLAYS, actor=player, just=card)


def settle(game: Any, card: CardInst, by: Player | None, said: Outcome) -> None:
    """The cancelled ``card`` (played by ``by``) goes where ``said`` says: the discards,
    the hand of the player whose card cancelled it, back to ``by``'s hand, or under or on
    top of its own deck; the trace says where."""
    if by is not None:
        game._take(by, card)
    to, taker = said.cancel_to, said.cancel_by
    if to == "your_hand" and taker is not None and not taker.dead:
        taker.hand.append(card)
        game.note(f"{card.name} goes into {taker.name}'s hand")
    elif to == "player_hand" and by is not None and not by.dead:
        by.hand.append(card)
        game.note(f"{card.name} returns to {by.name}'s hand")
    elif to in ("deck_bottom", "deck_top"):
        deck = game.state.decks.setdefault(card.data.deck, [])
        deck.insert(0, card) if to == "deck_bottom" else deck.append(card)
        game.note(f"{card.name} goes on the {to.removeprefix('deck_')} of the "
                  f"{card.data.deck} deck")
    else:
        game.discard(card)


def nobody_to_hit(ab: Any, by: Player | None) -> bool:
    """A line that only sends a curse back to its player (`the curse hits its player
    instead`) answering a curse nobody played (kicked open from the door): it could do
    nothing, so it is not fired and its cost is not paid (the card stays)."""
    return by is None and bool(ab.effects) and all(
        e.kind == "redirect" and getattr(e, "to", None) is None for e in ab.effects)


def _cancel_played(eff: Any, ctx: Ctx) -> Outcome:
    """`cancel the card played`, `put it into your hand`...: the card in flight at the
    line's event is cancelled, and goes where the form says (the caller settles it)."""
    if base_timing(ctx.timing or "") not in _IN_FLIGHT:
        return NOT_APPLIED
    to = "" if eff.to == "discard" else str(eff.to)
    return Outcome(True, cancel=True, cancel_to=to, cancel_by=ctx.owner if to else None)


#: the events a card is in flight at (a waiting line's own base event is read as it)
_IN_FLIGHT = frozenset(IN_FLIGHT_AT)

#: the rows of the effect table (:data:`munchkin_dsl.engine.effects_apply.APPLY`) this
#: module handles
HANDLERS = {"cancel_played": _cancel_played}
