"""Invariants every game state must keep, checked after each action in debug mode.

They restate the fixed rules an engine can break by a bug rather than by a card: level
never below 1 (R1), never above the winning level, the winning level only through a kill
unless a card overrides R4, and no reward of a fight (treasure, a kill's levels) given
while its combat is open (R3; a level card acts at once).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from munchkin_dsl.engine.interface import GameLike as Game  # the protocol: no cycle
    from munchkin_dsl.engine.state import CardInst, Player


class InvariantBroken(Exception):
    """The engine broke one of its own invariants (a bug, never a player's illegal play,
    which is an EngineError, nor a scenario expectation, which is an AssertionError)."""


class _Seen:
    """What the last check of a game saw, so the next one looks only at what changed: the
    rewards already checked (a reward never changes once given) and, per player, the
    cards in play whose limits were found within bounds."""

    __slots__ = ("cards", "limits", "rewards")

    def __init__(self) -> None:
        self.rewards = 0
        self.limits: dict[str, Any] = {}
        #: the number of cards on the table at the last check (check_all compares it)
        self.cards = 0


#: per game, what its checks already saw (dropped with the game)
_SEEN: weakref.WeakKeyDictionary[Any, _Seen] = weakref.WeakKeyDictionary()


def _seen(game: Game) -> _Seen:
    seen = _SEEN.get(game)
    if seen is None:
        seen = _SEEN[game] = _Seen()
    return seen


def check(game: Game) -> list[str]:
    """Every broken invariant, as one sentence each (empty when all hold).

    Every player and every zone is looked at after every action (the ``action``
    decorator calls this in debug mode): levels, attachments of each player's cards,
    open-combat rewards, and that no card is in two places.  A reward is checked once,
    when it is given (the list only grows).
    """
    problems: list[str] = []
    win = game.rules.win_level
    st = game.state
    for p in st.players:
        problems += _player_problems(p, win)
    seen = _seen(game)
    start, seen.rewards = seen.rewards, len(st.rewards)
    for name, kind, amount, during, reason in st.rewards[start:]:
        # a level card played in a fight acts at once: it is no reward of the fight (R3)
        if during and (kind != "level" or reason == "kill"):
            problems.append(f"{name} got {amount} {kind} ({reason}) while a combat was open")
    total, distinct = _census(game)
    seen.cards = total
    if distinct != total:  # some card is in two places: name them (the slow walk)
        problems += _duplicates(game)
    return problems


def _census(game: Game) -> tuple[int, int]:
    """How many cards the zones hold, and how many distinct cards: equal when no card is
    in two places.  Counted with set.update over the zones' own lists (no per-card Python
    step), which is what keeps checking every action cheap."""
    st = game.state
    lists: list[list[CardInst]] = [*st.decks.values(), *st.discards.values(), st.open_seals]
    for p in st.players:
        lists += [p.hand, p.races, p.classes, p.items, p.curses, p.sidekicks, p.others,
                  p.followers]
    if st.combat is not None:
        lists.append([m.card for m in st.combat.monsters if m.copy_of is None])
        lists += [m.enhancers for m in st.combat.monsters]
        lists.append(st.combat.played)
    distinct: set[CardInst] = set()
    for cards in lists:
        distinct.update(cards)
    return sum(map(len, lists)), len(distinct)


def check_all(game: Game, total: int | None = None) -> list[str]:
    """``check`` plus what a whole bot game must keep (``munchkin simulate
    --check-invariants``): the number of cards never changes (``total``: counted at the
    start), worn slots, Big items and Aggregates within each player's limits, and, outside
    a combat, no hand over its limit once the turn's charity is done (``turn_over``)."""
    problems = check(game)
    if total is not None:
        now = _seen(game).cards
        if now != total:
            problems.append(f"{now} cards on the table, {total} at the start")
    seen = _seen(game).limits
    st = game.state
    table = tuple(c.uid for c in st.open_seals)
    for p in game.state.players:
        # the limits depend only on the player's cards in play (and the Seals, the combat):
        # unchanged since a check that found them kept, they are kept still
        key = (table, tuple((c.uid, c.worn, c.extra_slot, c.two_handed, c.attached_to is None)
                            for c in p.in_play()))
        if seen.get(p.name) == key:
            continue
        found = _limit_problems(game, p)
        problems += found
        if not found:
            seen[p.name] = key
    return problems


def _limit_problems(game: Game, p: Player) -> list[str]:
    from munchkin_dsl.engine.state import SLOT_CAPACITY

    problems: list[str] = []
    extra, hired, unlimited = game._extra_slots(p)
    spare = extra[0] + hired[0]
    if not unlimited:
        used = {slot: 0 for slot in SLOT_CAPACITY}
        unit_of = {c.uid: chain[0].uid for chain in game.chains(p) for c in chain}
        # one more item of any slot (a Hireling, `slot limit +1`); a laser chain is one unit
        on_extra = len({unit_of.get(c.uid, c.uid) for c in p.worn_items() if c.extra_slot})
        for c in p.worn_items():
            if c.extra_slot:
                continue
            slot = "two_hands" if c.two_handed and c.data.slot == "one_hand" else c.data.slot
            if slot in ("one_hand", "two_hands"):
                used["hands"] += 1 if slot == "one_hand" else 2
            elif slot in used:
                used[slot] += 1
        chains = sum(len(chain) - 1 for chain in game.chains(p)
                     if all(c.worn and not c.extra_slot for c in chain)) * 2
        caps = game.rules.slot_capacity(p)  # a card may change one slot's (`headgear limit`)
        for slot, n in used.items():
            cap = caps.get(slot, SLOT_CAPACITY[slot])
            if cap is None:
                continue
            over = n - cap - (chains if slot == "hands" else 0)
            if over > 0 and not any(game.attached_ignores(p, c, "slot_limits")
                                        for c in p.worn_items()):
                problems.append(f"{p.name} wears {n} {slot} item(s)")
        if on_extra > spare:
            problems.append(f"{p.name} wears {on_extra} item(s) on extra slots, has {spare}")
    for cat in ("big", "aggregate"):
        limit = game.rules.big_limit(p, cat)
        have = sum(bool(getattr(c.data, cat)) for c in p.items)
        if limit is not None and not unlimited and have > limit + spare:
            problems.append(f"{p.name} has {have} {cat} item(s) in play (limit {limit})")
    return problems


def hand_problems(game: Game, p: Player) -> list[str]:
    """After a player's charity: no hand over its limit (the dead hold no cards)."""
    limit = game.rules.hand_limit(p)
    problems: list[str] = []
    if limit is not None and len(p.hand) > limit and not game.state.over:
        problems.append(f"{p.name} ends the turn with {len(p.hand)} cards (limit {limit})")
    if p.dead and p.hand:
        problems.append(f"{p.name} is dead and holds {len(p.hand)} card(s)")
    return problems


def _player_problems(p: Player, win: int) -> list[str]:
    problems: list[str] = []
    if p.level < 1:
        problems.append(f"{p.name} is below level 1 ({p.level})")
    if p.level > win:
        problems.append(f"{p.name} is above level {win} ({p.level})")
    if p.level == win and p.last_gain not in ("kill", "override"):
        problems.append(f"{p.name} reached level {win} by {p.last_gain}, not by a kill")
    for c in p.in_play():
        if c.attached_to is not None and c.attached_to not in p.items:
            problems.append(f"{c.id}#{c.uid} of {p.name} is attached to an item "
                            f"{p.name} does not have")
    return problems


def zones(game: Game) -> list[tuple[str, list[CardInst]]]:
    """Every place a card can be: decks, discard piles, open seals, each player's hand
    and cards in play, and the open combat (monsters, enhancers, played cards)."""
    st = game.state
    out: list[tuple[str, list[CardInst]]] = []
    out += [(f"{deck} deck", list(cards)) for deck, cards in st.decks.items()]
    out += [(f"{deck} discards", list(cards)) for deck, cards in st.discards.items()]
    out.append(("open seals", list(st.open_seals)))
    for p in st.players:
        out.append((f"{p.name}'s hand", list(p.hand)))
        out.append((f"{p.name}'s cards in play", list(p.in_play())))
    if st.combat is not None:
        combat: list[CardInst] = []
        for m in st.combat.monsters:
            if m.copy_of is None:
                combat.append(m.card)
            combat += m.enhancers
        combat += st.combat.played
        out.append(("the combat", combat))
    return out


def _duplicates(game: Game) -> list[str]:
    problems: list[str] = []
    where: dict[int, str] = {}
    for zone, cards in zones(game):
        for c in cards:
            if c.uid in where:
                problems.append(f"card {c.id}#{c.uid} is in two places ({where[c.uid]} and "
                                f"{zone})")
            else:
                where[c.uid] = zone
    return problems
