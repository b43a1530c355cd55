"""Replacement (language/parts/replacement.py): a card in play stops a loss about to happen.

Where a player is about to lose levels (or an item to an effect), the `when you would
lose a level` (`... an item`) lines of that player's cards in play fire first (a cost
such as `discard this card` is paid as for any line, by the owner's choice); when a line
whose `prevent it` applied has fired, the loss does not happen.  The trace says which
card stopped it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine import happenings, instead
from munchkin_dsl.engine.events import react
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.outcome import Outcome
from munchkin_dsl.engine.state import CardInst, Happening, Player
from munchkin_dsl.language.parts.replacement import WOULD_GAIN, OtherWouldGainLevel, WouldGainLevel
from munchkin_dsl.language.parts.waiting import THAT_FORMS, split

#: the events before a loss, and the effect that stops one
WOULD_LOSE_LEVEL = "would_lose_level"
WOULD_LOSE_ITEM = "would_lose_item"
WOULD_GAIN_LEVEL = WouldGainLevel.timing
PREVENT = "prevent"
#: the effect that makes a level loss smaller (`prevent 1 of those levels`)
PREVENT_LEVELS = "prevent_levels"
#: (id of the game state, player, event) whose lines are running: a loss they cause
#: themselves (`when you would lose a level: lose 1 level`) does not set them off again
_RUNNING: set[tuple[int, str, str]] = set()


def levels_spared(part: Any, player: Player, n: int) -> int:
    """``player`` is about to lose ``n`` levels: how many of them are not lost (all ``n``
    when a line prevented the loss; else what `prevent N of those levels` lines took off)."""
    spared: list[int] = [0, n]
    if loss_prevented(part, player, WOULD_LOSE_LEVEL, "a level", spared=spared):
        return n
    return min(n, spared[0])


def loss_prevented(part: Any, player: Player, timing: str, what: str,
                   spare: CardInst | None = None, spared: list[int] | None = None) -> bool:
    """Fire ``player``'s lines at ``timing`` (a loss about to happen; ``spare``: the card
    being lost, `the loss` of `if the loss takes this card`, whose own lines save it
    unless they pay with it); True when one of them prevented it."""
    key = (id(part.state), player.name, timing)
    if key in _RUNNING:
        return False
    # `if the loss comes from bad stuff`: what sets the loss off, read before a line runs
    with happenings.about(part.state, Happening(cause=happenings.cause(part.state),
                                                lost=spare,  # a gain's: where it comes from
                                                source=happenings.gain_source(part.state))):
        return _prevented(part, player, timing, what, spare, key, spared=spared)


def _prevented(part: Any, player: Player, timing: str, what: str, spare: CardInst | None,
               key: tuple[int, str, str], *, spared: list[int] | None = None) -> bool:
    _RUNNING.add(key)
    prevented = False
    try:
        for card in player.in_play():
            for ab in card.data.abilities:
                waits = _waits_for(ab.timing, timing)
                if (ab.timing != timing and not waits or prevented
                        or card is spare and instead.spends_itself(ab)
                        or waits and card not in player.others):
                    continue
                if waits:  # `the next time you would lose a level`: played ahead, face up
                    player.others.remove(card)  # it acts once and goes
                    part.note(f"{card.name} ({player.name}) fires: the event it waited for "
                              "came")
                ctx = Ctx(part.game, card, player, victim=player, target=player, timing=timing)
                if spared is not None and any(e.kind == PREVENT_LEVELS for e in ab.effects):
                    _cut(part, player, card, ab, ctx, spared)
                elif part.fire(player, card, ab, ctx).applied and any(e.kind == PREVENT
                                                                      for e in ab.effects):
                    part.note(f"{card.name} prevents {player.name}'s {_noun(timing)} {what}")
                    prevented = True
                if waits:
                    part.discard(card)
        if not prevented:  # a one-shot played from the hand as the loss comes (Stand-In)
            played = instead.played_from_hand(
                part.game, player, timing, lambda card: Ctx(
                    part.game, card, player, victim=player, target=player, timing=timing),
                lambda ab: any(e.kind == PREVENT for e in ab.effects))
            if played is not None:
                part.note(f"{played.name} prevents {player.name}'s {_noun(timing)} {what}")
                prevented = True
    finally:
        _RUNNING.discard(key)
    # `instead of losing a level: ...` (engine/instead.py) when nothing prevented it
    return prevented or instead.replaced(part.game, player, timing,
                                         f"the {_noun(timing)} {what}", spare=spare)


def _cut(part: Any, player: Player, card: CardInst, ab: Any, ctx: Ctx,
         spared: list[int]) -> None:
    """A `prevent N of those levels` line: it takes N levels off the loss (``spared``:
    levels taken off so far, levels about to be lost); a line with uses or a cost acts
    again, one use a time, while levels remain and its card is still in play."""
    again = ab.uses is not None or bool(ab.costs)
    while spared[0] < spared[1] and part.fire(player, card, ab, ctx).applied:
        cut = sum(e.amount for e in ab.effects if e.kind == PREVENT_LEVELS)
        spared[0] += cut
        part.note(f"{card.name} spares {player.name} {cut} level(s) of the loss")
        if not again or cut <= 0 or card not in player.in_play():
            return


def _noun(timing: str) -> str:
    return "gain of" if timing in WOULD_GAIN else "loss of"


def gain_prevented(part: Any, player: Player) -> bool:
    """``player`` is about to go up a level: their own lines (`when you would gain a level:
    prevent it`, `instead of gaining a level: ...`, a one-shot from the hand), then the
    other players' (`when another player would gain a level`, a one-shot waiting for it:
    `the next time another player would gain a level: prevent it, gain 1 level`); True
    when one of them stopped it."""
    if loss_prevented(part, player, WOULD_GAIN_LEVEL, "a level"):
        return True
    said: list[Outcome] = []
    react(part, player, OtherWouldGainLevel.timing, said=said)
    if any(o.applied and o.prevent for o in said):
        part.note(f"{player.name} does not gain the level")
        return True
    return False


def _waits_for(line_timing: str, timing: str) -> bool:
    """The line waits, face up, for its own player's loss at ``timing`` (`the next time
    you would lose a level`, with or without `this turn`)."""
    parts = split(line_timing)
    return parts is not None and parts[1] == timing and parts[0] not in THAT_FORMS


def _prevent(_eff: Any, ctx: Any) -> Outcome:
    """Applies where a loss is about to happen (the caller stops it); elsewhere nothing."""
    at_gain = ctx.timing in WOULD_GAIN
    return Outcome(ctx.timing in (WOULD_LOSE_LEVEL, WOULD_LOSE_ITEM) or at_gain, prevent=at_gain)


def _prevent_levels(_eff: Any, ctx: Any) -> Outcome:
    """Applies where a level loss is about to happen (the caller makes it smaller)."""
    return Outcome(ctx.timing == WOULD_LOSE_LEVEL)


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Any], Outcome]] = {PREVENT: _prevent,
                                                        PREVENT_LEVELS: _prevent_levels}
