"""Engine behaviour of the card selectors and the effects that move their card
(language/parts/cards.py).

A pick (the record's ``card``, ``card_what``, ``card_owner``) is resolved to the cards it
may name, each with the player who holds it and its zone ("hand" or "play"); when several
fit, the player the effect reaches picks one (Policy.choose_item), except a random card,
drawn blind.  A move takes the card out of its zone (an item enhancer goes with its item)
and puts it where the effect says: the taker's same zone, the discards, the top of its
deck, play, a hand.  With nothing to pick the effect does not apply, so an `otherwise`
after it does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine import events
from munchkin_dsl.engine.algebra_conditions import matches
from munchkin_dsl.engine.interface import EngineError
from munchkin_dsl.engine.outcome import Outcome
from munchkin_dsl.engine.state import CardInst, Player
from munchkin_dsl.language.parts.cards import RANKED
from munchkin_dsl.language.parts.in_flight import SPOIL_PICKS

#: (holder, card, zone) of a card a pick may name
Held = tuple[Player, CardInst, str]


def _zones(p: Player) -> tuple[list[CardInst], ...]:
    return (p.items, p.races, p.classes, p.curses, p.sidekicks, p.others)


def candidates(eff: Any, ctx: Any, taker: Player | None = None) -> list[Held]:
    """The cards the effect's pick may name (never one ``taker`` holds already)."""
    pick, what = eff.card, eff.card_what
    owners = [p for p in ctx.find(eff.card_owner) if not p.dead] if eff.card_owner else []
    if eff.card_owner == "another_player":  # `an item another player carries`: anyone's
        owners = [p for p in ctx.game.state.players if p is not ctx.owner and not p.dead]
    elif eff.card_owner == "any_player":  # `a Thief any player carries`: anyone's at all
        owners = [p for p in ctx.game.state.players if not p.dead]
    out: list[Held] = []
    if pick == "this":
        out = held_where(ctx.game, ctx.card)
    elif pick == "drawn":  # the card the line's draw event drew, where it lies now
        out = held_where(ctx.game, ctx.drawn)
    elif pick == "just_discarded":  # off the pile, if it is still there and fits
        card = ctx.just
        if (card is not None and ctx.actor is not None and matches(card, what)
                and card in ctx.game.state.discards.get(card.data.deck, [])):
            out.append((ctx.actor, card, "discards"))
    elif pick in SPOIL_PICKS:  # the kill's treasures just drawn, still in a hand
        out = [h for c in spoils(ctx.game) for h in held_where(ctx.game, c) if h[2] == "hand"
               and matches(c, what)]
        if pick == "random_spoil" and out:
            out = [out[ctx.game.state.rng.randrange(len(out))]]
    elif pick in ("in_hand", "every_in_hand"):  # `a one-shot from your hand`
        out = [(p, c, "hand") for p in owners for c in p.hand if matches(c, what)]
    elif pick == "random_in_hand":
        for p in owners[:1]:
            if p.hand:
                out.append((p, p.hand[ctx.game.state.rng.randrange(len(p.hand))], "hand"))
    else:
        holders = owners if pick in ("carried", "every_carried") or pick in RANKED else [
            p for p in ctx.game.state.players if not p.dead]
        out = [(p, c, "play") for p in holders for c in p.in_play()
               if matches(c, what) and c.attached_to is None]
    low = getattr(eff, "card_worth_min", None)
    high = getattr(eff, "card_worth_max", None)
    out = [h for h in out if h[0] is not taker
           and (low is None or h[1].value >= low) and (high is None or h[1].value <= high)]
    if pick in RANKED:  # `the cheapest item X carries`: the card(s) ranked first, ties all
        out = ranked_first(out, *RANKED[pick])
    return out


#: A card measure a ranked pick (language/parts/cards.py RANKED) reads; None: the card
#: has none (a card with no bonus is not ranked by bonus)
MEASURES: dict[str, Callable[[CardInst], int | None]] = {
    "value": lambda c: c.value, "bonus": lambda c: c.data.bonus}


def ranked_first(held: list[Held], measure: str, sign: int) -> list[Held]:
    """The cards of ``held`` that rank first by ``measure`` (``sign`` 1: the biggest, -1:
    the smallest), every one of a tie; the cards with no such measure are left out."""
    read = MEASURES[measure]
    scored = [(v * sign, h) for h in held if (v := read(h[1])) is not None]
    best = max((v for v, _h in scored), default=None)
    return [h for v, h in scored if v == best]


def picked(ctx: Any, eff: Any, chooser: Player | None, held: list[Held]) -> list[Held]:
    """The cards the move takes: every one an `every ...` pick names, else the one
    ``chooser`` picks (none to pick: none)."""
    if eff.card in EVERY:
        return list(held)
    one = _choose(ctx, chooser, held)
    return [] if one is None else [one]


#: The picks that name every card of their filter (language/parts/cards.py ``every``).
EVERY = frozenset({"every_carried", "every_in_play", "every_spoil", "every_in_hand"})


def spoils(game: Any) -> tuple[CardInst, ...]:
    """The treasures the last fight won drew (``Combat.spoils``), each winner's in turn:
    `the treasures just drawn` (the checker lets only a kill's events after the draw name
    them, language/parts/in_flight.py SPOILS_AT)."""
    fight = game.state.combat or game.last_combat
    return tuple(c for cards in (fight.spoils.values() if fight else ()) for c in cards)


def held_where(game: Any, card: CardInst | None) -> list[Held]:
    """Who holds ``card`` and where: in a hand or in play (none: it left both)."""
    out: list[Held] = []
    for p in game.state.players:
        if card is not None and card in p.hand:
            out.append((p, card, "hand"))
        elif card is not None and any(card in z for z in _zones(p)):
            out.append((p, card, "play"))
    return out


def _choose(ctx: Any, chooser: Player | None, held: list[Held]) -> Held | None:
    if not held:
        return None
    if len(held) == 1 or chooser is None:
        return held[0]
    card = ctx.game.choose_item(chooser, [c for _p, c, _z in held], "take")
    return next(h for h in held if h[1] is card)


def _lift(game: Any, holder: Player, card: CardInst) -> list[CardInst]:
    """Take ``card`` out of the holder's zones (or off the discard pile, where the card
    just discarded lies); its item enhancers come along."""
    joined: list[CardInst] = []
    pile = game.state.discards.get(card.data.deck, [])
    if card in pile:
        pile.remove(card)
        return joined
    if card in holder.hand:
        holder.hand.remove(card)
        return joined
    for zone in _zones(holder):
        if card in zone:
            zone.remove(card)
    joined = [c for c in holder.others if c.attached_to is card]
    for c in joined:
        holder.others.remove(c)
    card.worn = card.two_handed = card.benched = card.extra_slot = False
    holder.lost.append(card.id)
    game.equip(holder)
    return joined


def _land_in_play(game: Any, player: Player, card: CardInst, joined: list[CardInst]) -> None:
    """A card that was in play lands in play in front of ``player`` (an item as stolen
    items do; any other card by the normal rules, or in the hand when they forbid it)."""
    if card.kind in ("item", "one-shot"):
        player.items.append(card)
        player.others.extend(joined)
        game.equip(player)
        return
    for c in joined:
        game.discard(c)
    player.hand.append(card)
    try:
        game.put_in_play(player, card)
    except EngineError as exc:
        game.note(f"{card.name} stays in {player.name}'s hand: {exc}")


def _move_to(ctx: Any, held: Held, to: Player) -> None:
    holder, card, zone = held
    joined = _lift(ctx.game, holder, card)
    if zone == "discards":
        to.hand.append(card)
        ctx.game.note(f"{to.name} takes {card.name}, just discarded by {holder.name}")
    elif zone == "hand":
        to.hand.append(card)
        ctx.game.note(f"{to.name} takes a card from {holder.name}'s hand")
    else:
        _land_in_play(ctx.game, to, card, joined)
        ctx.game.note(f"{card.name} goes from {holder.name} to {to.name}")


def _take_card(eff: Any, ctx: Any) -> Outcome:
    done = False
    for taker in [p for p in ctx.find(eff.target) if not p.dead]:
        for held in picked(ctx, eff, taker, candidates(eff, ctx, taker)):
            _move_to(ctx, held, taker)
            done = True
    return Outcome(done)


def _give_card(eff: Any, ctx: Any) -> Outcome:
    """The card(s) to the first player named who does not hold them already."""
    for to in [p for p in ctx.find(eff.target) if not p.dead]:
        chosen = picked(ctx, eff, ctx.owner, candidates(eff, ctx, to))
        for held in chosen:
            _move_to(ctx, held, to)
        if chosen:
            return Outcome(True)
    return Outcome(False)


def _discard_card(eff: Any, ctx: Any) -> Outcome:
    chooser = next(iter(ctx.find(eff.target)), ctx.owner)
    chosen = picked(ctx, eff, chooser, candidates(eff, ctx))
    for holder, card, zone in chosen:
        if zone == "play":
            ctx.game.lose_card(holder, card)
        else:
            holder.hand.remove(card)
            ctx.game.discard(card)
            ctx.game.note(f"{holder.name} discards {card.name} from the hand")
            events.discarded(ctx.game, holder, card)
    return Outcome(bool(chosen))


def _put_on_deck(eff: Any, ctx: Any) -> Outcome:
    chosen = picked(ctx, eff, ctx.owner, candidates(eff, ctx))
    for holder, card, _zone in chosen:
        for c in _lift(ctx.game, holder, card):
            ctx.game.discard(c)
        card.counters = 0
        card.attached_to = None
        ctx.game.state.decks.setdefault(card.data.deck, []).append(card)
        ctx.game.note(f"{card.name} goes back on top of the {card.data.deck} deck")
    return Outcome(bool(chosen))


#: Kinds a card from a hand goes into play as (as `put_in_play` takes them: a one-shot is
#: carried; an item not while a fight is on).
PLAYABLE = frozenset({"race", "class", "item", "one-shot", "sidekick", "hireling"})


def _playable(ctx: Any, card: CardInst) -> bool:
    return card.kind in PLAYABLE and not (card.kind == "item" and ctx.game.state.combat)


def _put_into_play(eff: Any, ctx: Any) -> Outcome:
    """A card from a hand into play; `a random card` is drawn blind among the cards of
    that hand that can go into play now (none: it does not apply).  The card just
    discarded comes off the pile into play in front of the line's player (as `take the top
    item card from the treasure discard pile into play`), if it can go into play now."""
    if eff.card == "just_discarded":
        off = [h for h in candidates(eff, ctx) if _playable(ctx, h[1])]
        if not off or ctx.owner is None:
            return Outcome(False)
        card = off[0][1]
        ctx.game.state.discards[card.data.deck].remove(card)
        try:
            ctx.game.put_in_play(ctx.owner, card)
        except EngineError as exc:
            ctx.game.discard(card)
            ctx.game.note(f"{card.name} cannot go into play: {exc}")
            return Outcome(False)
        ctx.game.note(f"{ctx.owner.name} puts {card.name}, just discarded, into play")
        return Outcome(True)
    if eff.card == "random_in_hand":
        hands = [p for p in ctx.find(eff.card_owner) if not p.dead][:1]
        pool = [(p, c, "hand") for p in hands for c in p.hand if _playable(ctx, c)]
        pick = [pool[ctx.game.state.rng.randrange(len(pool))]] if pool else []
    else:  # a card of a pick, of those that can go into play now (a monster drawn: none)
        pick = [h for h in candidates(eff, ctx) if h[2] == "hand" and (
            eff.card in ("this", "random_spoil") or _playable(ctx, h[1]))]
    done = False
    for holder, card, _zone in picked(ctx, eff, ctx.owner, pick):
        try:
            ctx.game.put_in_play(holder, card)
        except EngineError as exc:
            ctx.game.note(f"{card.name} cannot go into play: {exc}")
            continue
        ctx.game.note(f"{holder.name} puts {card.name} into play")
        done = True
    return Outcome(done)


def _put_into_hand(eff: Any, ctx: Any) -> Outcome:
    to = next((p for p in ctx.find(eff.target) if not p.dead), None)
    if to is None:
        return Outcome(False)
    chosen = picked(ctx, eff, to, [h for h in candidates(eff, ctx) if h[2] != "hand"])
    for holder, card, _zone in chosen:
        for c in _lift(ctx.game, holder, card):
            ctx.game.discard(c)
        to.hand.append(card)
        ctx.game.note(f"{card.name} goes from {holder.name}'s table into {to.name}'s hand")
    return Outcome(bool(chosen))


def _swap_levels(ctx: Any, a: Player, b: Player) -> bool:
    """The higher goes down as a loss, the lower up as a card's gain (R4: never to the
    winning level unless the card overrides it)."""
    g = ctx.game
    low, high = sorted((a, b), key=lambda p: p.level)
    diff = high.level - low.level
    if diff == 0:
        return False
    override = ctx.card is not None and g.rules.overrides(ctx.card.data, "R4")
    g.lose_levels(high, diff, ctx.card)
    g.gain_levels(low, diff, "card", None if override else g.rules.card_level_cap(), override)
    return True


def _swap_cards(ctx: Any, a: Player, b: Player, moves: list[Held]) -> bool:
    """Every card lifted first, then each lands in front of the other side (so a class
    swapped for a class never meets the one it replaces)."""
    lifted = [(holder, card, _lift(ctx.game, holder, card)) for holder, card, _z in moves]
    for holder, card, joined in lifted:
        _land_in_play(ctx.game, b if holder is a else a, card, joined)
        ctx.game.note(f"{card.name} goes from {holder.name} to "
                      f"{(b if holder is a else a).name} (swap)")
    return bool(lifted)


def _swap(eff: Any, ctx: Any) -> Outcome:
    """`swap levels with X`, `swap your class with X`, `exchange an item you carry with
    an item X carries`: the swapper and one partner trade (items: the swapper picks both)."""
    a = next((p for p in ctx.find(eff.target) if not p.dead), None)
    b = next((p for p in ctx.find(eff.source) if not p.dead and p is not a), None)
    if a is None or b is None:
        return Outcome(False)
    if eff.what == "levels":
        return Outcome(_swap_levels(ctx, a, b))
    if eff.what == "item":
        if not (a.items and b.items):
            return Outcome(False)
        mine = ctx.game.choose_item(a, list(a.items), "lose")
        theirs = ctx.game.choose_item(a, list(b.items), "take")
        return Outcome(_swap_cards(ctx, a, b, [(a, mine, "play"), (b, theirs, "play")]))
    zone = "races" if eff.what == "race" else "classes"
    moves = [(p, c, "play") for p in (a, b) for c in getattr(p, zone)]
    return Outcome(_swap_cards(ctx, a, b, moves))


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Any], Outcome]] = {
    "take_card": _take_card,
    "give_card": _give_card,
    "discard_card": _discard_card,
    "put_on_deck": _put_on_deck,
    "put_into_play": _put_into_play,
    "put_into_hand": _put_into_hand,
    "swap": _swap,
}
