"""`instead of EVENT: EFFECTS` (language/parts/instead.py): the event does not happen.

The engine calls :func:`replaced` where a replaceable event is about to happen to a
player (Bad Stuff about to hit, a death, a level or an item about to be lost, a curse
played on them, the loot of the room), naming the event by the timing id of its own
declaration.  The lines that replace it fire, in this order, until one acts: the
monster's and its enhancers' (Bad Stuff only: `you` is the player caught), the player's
cards in play and the curses on them, then a one-shot from their hand (or a door or
treasure that is not `persistent`), played in reaction when the player chooses to (the
Policy's ``use_line``).  A line acts when its
cost is paid, its conditions hold, its roll succeeds and one of its effects applies; then
the event does not happen, and the trace says which card replaced it.  A curse that
replaced an event has done its work and is discarded (unless `persistent`).  A line never
sets off its own event again (`instead of losing a level: lose 2 levels` loses them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine import help_bans, play_windows
from munchkin_dsl.engine.conditions import Scope, conditions_hold
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, MonsterInst, Player
from munchkin_dsl.language import algebra
from munchkin_dsl.language.parts.instead import DRAW_ONE, from_hand, replacing, replacing_timings

#: the events a monster's line answers after the player's own cards (its own effect's:
#: `instead of dying` after its Bad Stuff's `die`; the event part's ``answers_own``)
_ANSWERED_LAST = frozenset(p.timing for p in algebra.event_parts() if "monster" in p.answers_own)
#: (id of the game state, player, timing) whose replacing lines are running now
_RUNNING: set[tuple[int, str, str]] = set()


def replaced(game: Any, player: Player, event: str, what: str, *,
             monster: MonsterInst | None = None, spare: CardInst | None = None,
             drawn: CardInst | None = None) -> bool:
    """Whether a line replaced ``event`` (a timing id) about to happen to ``player``;
    ``what`` names it for the trace, ``monster`` is the one whose Bad Stuff it is,
    ``spare`` a card that is itself being lost (its own lines that pay with it do not
    save it: ``spends_itself``), ``drawn`` the card a draw about to happen would draw
    (`the card just drawn` of the line)."""
    timing = replacing(event)
    key = (id(game.state), player.name, timing or "")
    if timing is None or player.dead or key in _RUNNING:
        return False
    _RUNNING.add(key)
    try:
        card = _first_to_act(game, player, timing, monster, spare, drawn)
    finally:
        _RUNNING.discard(key)
    if card is None:
        return False
    game.note(f"{card.name} replaces {what} for {player.name}")
    if card in player.curses and not card.data.persistent:
        player.curses.remove(card)
        game.discard(card)
        game.note(f"{card.name} leaves {player.name}, its work done")
    return True


def spends_itself(ab: Any) -> bool:
    """The line pays with its own card (`discard this card: ...`): for the loss of that very
    card it saves nothing, so it does not fire then.  Any other line of a card being lost
    does (Bag of Holding: `discard 1 card: prevent it` saves the Bag itself too)."""
    return any(c.kind == "discard_this" for c in ab.costs)


def waits(timing: str) -> bool:
    """A curse line at ``timing`` keeps the curse on its victim until the event comes."""
    return timing in replacing_timings()


def _first_to_act(game: Any, player: Player, timing: str, monster: MonsterInst | None,
                  spare: CardInst | None, drawn: CardInst | None = None) -> CardInst | None:
    """The card whose replacing line acted first (None: none did).  A monster's line
    answering its own effect (`instead of dying`: the death its Bad Stuff deals) is asked
    after the player's own cards, which answer their dying; one replacing its Bad Stuff,
    before them."""
    theirs = [monster.card, *monster.all_enhancers()] if monster is not None else []
    last = timing in _ANSWERED_LAST

    def acting(cards: list[CardInst]) -> CardInst | None:
        for card in cards:
            for ab in card.data.abilities:
                if card is spare and spends_itself(ab):
                    continue
                if ab.timing == timing and game.fire(player, card, ab, _ctx(
                        game, card, player, monster, timing, drawn)).applied:
                    return card
        return None

    return (acting([*([] if last else theirs), *player.in_play()])
            or played_from_hand(game, player, timing, lambda card: _ctx(
                game, card, player, monster, timing, drawn))
            or (acting(theirs) if last else None))


def played_from_hand(game: Any, player: Player, timing: str, ctx_for: Callable[[CardInst], Ctx],
                     acts: Callable[[Any], bool] = lambda _ab: True, *,
                     said: list[Any] | None = None,
                     fits: Callable[[Any], bool] = lambda _ab: True) -> CardInst | None:
    """The card of ``player``'s hand played in reaction to the event at ``timing`` whose
    line acted (None: none did): a one-shot (or a door or treasure not kept in play) whose
    line there the player chooses to play, can pay for and whose conditions hold (a card
    is not given up for a line that cannot act); it goes to the discards once
    its line has run.  ``acts``: whether a line that applied does what the caller asks
    (`prevent it` for a loss about to happen); ``fits``: whether a line answers this very
    event (`when targeted by trap` not a curse); ``said`` collects the acting line's
    Outcome (a curse answered: cancelled, or sent on)."""
    for card in [c for c in player.hand if _reacts_from_hand(c)
                 and help_bans.play_ban(game.state, player, c) is None  # `you cannot play X`
                 and play_windows.play_closed(game.state, player, c) is None]:  # `play on
        # your turn` holds for a card played in reaction as for any other play
        for ab in card.data.abilities:
            if ab.timing != timing or not fits(ab) or not game.policy.use_line(
                    game, player, card, ab):
                continue
            if ab.costs and not game.can_pay(player, ab, card):
                continue
            ctx = ctx_for(card)
            if not conditions_hold(ab.conditions, Scope(  # not played when it cannot act
                    owner=ctx.owner, victim=ctx.victim, target=ctx.target, monster=ctx.monster,
                    card=card, drawn=ctx.drawn, just=ctx.just), game.state, ctx.combat):
                continue
            player.hand.remove(card)  # played in reaction: to the discards once it acted
            game.note(f"{player.name} plays {card.name}")
            outcome = game.fire(player, card, ab, ctx)
            acted = outcome.applied and acts(ab)
            game.discard(card)
            if acted and said is not None:
                said.append(outcome)
            if acted:
                return card
            break
    return None


def _reacts_from_hand(card: CardInst) -> bool:
    """A card played from the hand as the event comes: a one-shot, or a door or treasure
    that is not kept in play (`persistent`: then it acts from the table)."""
    return card.kind == "one-shot" or (card.kind in ("door", "treasure")
                                       and not card.data.persistent)


def _ctx(game: Any, card: CardInst, player: Player, monster: MonsterInst | None,
         timing: str, drawn: CardInst | None = None) -> Ctx:
    return Ctx(game, card, player, victim=player, target=player, monster=monster,
               timing=timing, drawn=drawn)


def draw_replaced(game: Any, player: Player, deck: str, card: CardInst) -> bool:
    """``player`` is about to draw ``card`` of ``deck`` face down into the hand: whether a
    line `instead of drawing a treasure` (or a door) replaced it.  The card lies in the
    hand while the lines run, so `the card just drawn` names it (`discard the card just
    drawn` discards it unseen); a card the line left there goes back on top of its deck,
    undrawn.  Nobody's line asked: the card simply stays drawn (no trace)."""
    event = DRAW_ONE.format(deck=deck)
    timing = replacing(event)
    if timing is None or not _answered(player, timing):
        return False
    if not replaced(game, player, event, f"the draw of a {deck} card", drawn=card):
        return False
    if card in player.hand:
        player.hand.remove(card)
        game.state.decks.setdefault(deck, []).append(card)
    return True


def _answered(player: Player, timing: str) -> bool:
    """Some card of ``player`` (in play, a curse, the hand) has a line at ``timing``: the
    draw asks the lines only then (a draw is the engine's commonest step)."""
    return any(ab.timing == timing for card in (*player.in_play(), *player.hand)
               for ab in card.data.abilities)


def not_played(card: CardInst, player: Player) -> str | None:
    """Why ``card`` is not played on its own (None: it has no `instead of ...` line): its
    line acts from ``player``'s hand as the event it replaces comes, and the refusal names
    the scenario step that brings it (Fork in the Road, `instead of looting the room`,
    was refused as "cannot be played outside a combat", a fight it has nothing to do
    with)."""
    for ab in card.data.abilities:
        found = from_hand(ab.timing)
        if found is not None:
            words, step = found
            return (f"{card.name} is not played on its own: its line `{words}` acts from "
                    f"{player.name}'s hand as that comes"
                    + (f" (in a scenario: `{step.replace('NAME', player.name)}`)" if step
                       else "") + f"; `{player.name} chooses no` declines it")
    return None
