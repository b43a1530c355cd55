"""Invariants every game state must keep, checked after each action in debug mode.

They restate the fixed rules an engine can break by a bug rather than by a card: level
never below 1 (R1), never above the winning level, the winning level only through a kill
unless a card overrides R4, and no reward of a fight (treasure, a kill's levels) given
while its combat is open (R3; a level card acts at once).
"""

from __future__ import annotations

from itertools import chain, compress, count
from operator import attrgetter, ne
from typing import TYPE_CHECKING, Any

from munchkin_dsl.engine import phase_skips

if TYPE_CHECKING:
    from collections.abc import Iterable

    from munchkin_dsl.engine.interface import GameLike as Game  # the protocol: no cycle
    from munchkin_dsl.engine.state import CardInst, Player


class InvariantBroken(Exception):
    """The engine broke one of its own invariants (a bug, never a player's illegal play,
    which is an EngineError, nor a scenario expectation, which is an AssertionError)."""


class _Seen:
    """What the last check of a game saw, so the next one looks only at what changed."""

    __slots__ = ("attached", "by_seat", "cards", "flags", "levels", "limits", "place",
                 "rewards", "snaps")

    def __init__(self) -> None:
        #: the rewards already checked (the list only grows; a reward never changes)
        self.rewards = 0
        #: every player's level and last gain when they were last found sound
        self.levels: tuple[Any, ...] = ()
        #: the census's last look at each zone (``_zone_lists`` order): a copy of its
        #: list, and the zone each card was in
        self.snaps: list[list[CardInst]] = []
        self.place: dict[CardInst, int] = {}
        #: the flags of every card in play (``_FLAGS``), all players in seat order, and
        #: per seat
        self.flags: tuple[Any, ...] = ()
        self.by_seat: list[tuple[Any, ...]] = []
        #: the seats whose cards in play were found sound (attachments) and within their
        #: limits since they last changed
        self.attached: set[int] = set()
        self.limits: set[int] = set()
        #: the number of cards on the table at the last check (check_all compares it)
        self.cards = 0


#: what the checks read of a card in play beyond where it is: whether and how it is worn
#: and what it is attached to.  Read in C (attrgetter over a chain of the players' lists)
#: so that an unchanged table costs no Python step per card.
_FLAGS = attrgetter("worn", "extra_slot", "two_handed", "attached_to")
#: a player's zones in ``_zone_lists`` order: the hand, then the cards in play
_PLAYER_ZONES = ("hand", "races", "classes", "items", "curses", "sidekicks", "others",
                 "followers")
#: the zones whose cards have flags the checks read: worn, extra-slot and two-handed
#: items, and the attached cards (item enhancers, Cheat!), which the engine keeps in
#: `others`; a card elsewhere is looked at again when it moves (the census sees that)
_FLAGGED = attrgetter("items", "others")
_ZONES = attrgetter(*_PLAYER_ZONES)
_WINNING_GAINS = ("kill", "override")
#: what the level checks read of a player
_LEVEL = attrgetter("level", "last_gain")
_SEEN_ATTR = "_invariants_seen"


def _seen(game: Game) -> _Seen:
    """What the checks of ``game`` already saw: kept on the game itself (dropped with it;
    an attribute is read in C, where a weak-keyed table made a weak reference per look)."""
    seen: _Seen | None = getattr(game, _SEEN_ATTR, None)
    if seen is None:
        seen = _Seen()
        setattr(game, _SEEN_ATTR, seen)
    return seen


def check(game: Game) -> list[str]:
    """Every broken invariant, as one sentence each (empty when all hold).

    Looked at after every action (the ``action`` decorator calls this in debug mode),
    each from what changed since the last check: every player's level; the rewards given
    since (the list only grows); no card in two places (the census compares each zone
    with its copy and follows the cards that moved); and the attachments of a player's
    cards in play, again whenever those cards or their flags changed.
    """
    return _check(game, _seen(game))


def _check(game: Game, seen: _Seen) -> list[str]:
    """``check``'s body (check_all reads what it leaves in ``seen``: the card count, and
    the seats whose limits must be looked at again)."""
    problems: list[str] = []
    st = game.state
    players = st.players
    levels = tuple(map(_LEVEL, players))
    if levels != seen.levels:  # levels (or how they were gained) changed: look again
        win = game.rules.win_level
        for p in players:
            if p.level < 1 or p.level > win or (p.level == win and
                                                p.last_gain not in _WINNING_GAINS):
                problems += _level_problems(p, win)
        seen.levels = () if problems else levels
    if len(st.rewards) != seen.rewards:
        start, seen.rewards = seen.rewards, len(st.rewards)
        for name, kind, amount, during, reason in st.rewards[start:]:
            # a level card played in a fight acts at once: no reward of the fight (R3)
            if during and (kind != "level" or reason == "kill"):
                problems.append(f"{name} got {amount} {kind} ({reason}) while a combat "
                                "was open")
    lists, first = _zone_lists(game)
    changed = _census(seen, lists)
    if changed is None:  # some card is in two places: name them (the slow walk)
        seen.snaps = []  # and count every zone again at the next check
        problems += _duplicates(game)
        changed = range(len(lists))
    stale = _stale_seats(seen, changed, first, players)
    attached = seen.attached
    if stale:
        attached -= stale
        seen.limits -= stale
    if len(attached) < len(players):
        for seat in range(len(players)):
            if seat not in attached:
                found = _attachment_problems(players[seat])
                problems += found
                if not found:
                    attached.add(seat)
    return problems


def _stale_seats(seen: _Seen, changed: Iterable[int], first: int,
                 players: list[Player]) -> set[int]:
    """The seats whose cards in play changed since the last check: one of their zones
    changed (``changed``, from the census; the open Seals change every seat's limits),
    or the flags of one of their items or attached cards did."""
    stale: set[int] = set()
    if changed:
        width = len(_PLAYER_ZONES)
        stale = {(i - first) // width for i in changed
                 if first <= i < first + width * len(players) and (i - first) % width}
        if first - 1 in changed:  # the open Seals (the zone before the players'): limits
            stale = set(range(len(players)))
    flags = tuple(map(_FLAGS, chain.from_iterable(chain.from_iterable(map(_FLAGGED,
                                                                          players)))))
    if flags != seen.flags:  # some card in play moved or changed: whose?
        seen.flags = flags
        mine = [tuple(map(_FLAGS, chain.from_iterable(_FLAGGED(p)))) for p in players]
        before = seen.by_seat
        stale |= {seat for seat, now in enumerate(mine)
                  if seat >= len(before) or before[seat] != now}
        seen.by_seat = mine
    return stale


def _zone_lists(game: Game) -> tuple[list[list[CardInst]], int]:
    """Every place a card can be, as lists in a fixed order: decks, discards, the open
    Seals, each player's hand and cards in play (``_PLAYER_ZONES``), and the combat's
    monsters, enhancers and played cards (three lists, empty when no combat is open, so
    the order stays put); and the index of the first player's hand."""
    st = game.state
    lists: list[list[CardInst]] = [*st.decks.values(), *st.discards.values(), st.open_seals]
    first = len(lists)
    lists += chain.from_iterable(map(_ZONES, st.players))
    combat = st.combat
    if combat is None:
        lists += ([], [], [])
    else:
        lists.append([m.card for m in combat.monsters if m.copy_of is None])
        lists.append([e for m in combat.monsters for e in m.enhancers])
        lists.append(combat.played)
    return lists, first


def _census(seen: _Seen, lists: list[list[CardInst]]) -> list[int] | range | None:
    """The zones that changed since the last check, or None when some card is in two
    places; counts the cards into ``seen.cards``.

    Incremental: each zone is compared with its copy from the last check (a C loop, no
    Python step per card), and only the zones that changed are looked into: the cards
    that left them are unplaced, then the cards that came in are placed, and a card
    placed already (still in another zone) is in two places.  A change of the zones
    themselves (a new deck) counts every zone again."""
    snaps = seen.snaps
    if len(snaps) != len(lists):
        seen.cards = sum(map(len, lists))
        return _recount(seen, lists)
    if lists == snaps:  # one C comparison: no zone changed (4 checks in 10), nor the count
        return []
    changed = list(compress(count(), map(ne, lists, snaps)))
    place = seen.place
    arrived: list[tuple[int, Iterable[CardInst]]] = []
    for i in changed:
        now, before = lists[i], snaps[i]
        n, m = len(now), len(before)
        seen.cards += n - m
        gone: Iterable[CardInst]
        new: Iterable[CardInst]
        if n > m and now[:m] == before:  # put on top: a discard, a card into a hand
            gone, new = (), now[m:]
        elif n < m and before[:n] == now:  # taken from the top: a draw
            gone, new = before[n:], ()
        else:  # anything else (a shuffle, a card from the middle): by sets
            present = set(now)
            if len(present) != n:  # one zone holds a card twice
                return None
            old = set(before)
            gone, new = old - present, present - old
        for c in gone:
            if place.get(c) == i:
                del place[c]
        arrived.append((i, new))
        snaps[i] = now[:]
    for i, cards in arrived:
        for c in cards:
            if c in place:  # still in another zone, or twice in this one
                return None
            place[c] = i
    return changed


def _recount(seen: _Seen, lists: list[list[CardInst]]) -> range | None:
    """The census from scratch: every zone's copy, and each card's zone."""
    seen.snaps = [cards[:] for cards in lists]
    seen.place = place = {}
    for i, cards in enumerate(lists):
        for c in cards:
            if c in place:
                return None
            place[c] = i
    return range(len(lists))


def check_all(game: Game, total: int | None = None) -> list[str]:
    """``check`` plus what a whole bot game must keep (``munchkin simulate
    --check-invariants``): the number of cards never changes (``total``: counted at the
    start), worn slots, Big items and Aggregates within each player's limits (looked at
    again when the player's cards in play, their flags or the open Seals changed), and,
    outside a combat, no hand over its limit once the turn's charity is done
    (``hand_problems``, after each turn)."""
    seen = getattr(game, _SEEN_ATTR, None) or _seen(game)
    problems = _check(game, seen)
    if total is not None and seen.cards != total:
        problems.append(f"{seen.cards} cards on the table, {total} at the start")
    limits = seen.limits
    players = game.state.players
    if len(limits) == len(players):
        return problems
    for seat in range(len(players)):
        if seat not in limits:
            found = _limit_problems(game, players[seat])
            problems += found
            if not found:
                limits.add(seat)
    return problems


def _limit_problems(game: Game, p: Player) -> list[str]:
    from munchkin_dsl.engine.state import SLOT_CAPACITY

    problems: list[str] = []
    extra, hired, unlimited = game._extra_slots(p)
    spare = extra[0] + hired[0]
    if not unlimited:
        used = {slot: 0 for slot in SLOT_CAPACITY}
        chains = game.chains(p)
        worn = p.worn_items()
        unit_of = {c.uid: run[0].uid for run in chains for c in run}
        # one more item of any slot (a Hireling, `slot limit +1`); a laser chain is one unit
        on_extra = len({unit_of.get(c.uid, c.uid) for c in worn if c.extra_slot})
        for c in worn:
            if c.extra_slot:
                continue
            slot = "two_hands" if c.two_handed and c.slot_now() == "one_hand" else \
                c.slot_now()
            if slot in ("one_hand", "two_hands"):
                used["hands"] += 1 if slot == "one_hand" else 2
            elif slot in used:
                used[slot] += 1
        joined = sum(len(run) - 1 for run in chains
                     if all(c.worn and not c.extra_slot for c in run)) * 2
        caps = game.rules.slot_capacity(p)  # a card may change one slot's (`headgear limit`)
        for slot, n in used.items():
            cap = caps.get(slot, SLOT_CAPACITY[slot])
            if cap is None:
                continue
            over = n - cap - (joined if slot == "hands" else 0)
            if over > 0 and not any(game.attached_ignores(p, c, "slot_limits")
                                        for c in worn):
                problems.append(f"{p.name} wears {n} {slot} item(s)")
        if on_extra > spare:
            problems.append(f"{p.name} wears {on_extra} item(s) on extra slots, has {spare}")
    for cat in ("big", "aggregate"):
        limit = game.rules.big_limit(p, cat)
        have = sum(c.in_category(cat) for c in p.items)
        if limit is not None and not unlimited and have > limit + spare:
            problems.append(f"{p.name} has {have} {cat} item(s) in play (limit {limit})")
    return problems


def hand_problems(game: Game, p: Player) -> list[str]:
    """After a player's charity: no hand over its limit (the dead hold no cards)."""
    limit = game.rules.hand_limit(p)
    problems: list[str] = []
    if (limit is not None and len(p.hand) > limit and not game.state.over
            and not phase_skips.kept_hand(p)):  # `skip your next charity`
        problems.append(f"{p.name} ends the turn with {len(p.hand)} cards (limit {limit})")
    if p.dead and p.hand:
        problems.append(f"{p.name} is dead and holds {len(p.hand)} card(s)")
    return problems


def _level_problems(p: Player, win: int) -> list[str]:
    problems: list[str] = []
    if p.level < 1:
        problems.append(f"{p.name} is below level 1 ({p.level})")
    if p.level > win:
        problems.append(f"{p.name} is above level {win} ({p.level})")
    if p.level == win and p.last_gain not in ("kill", "override"):
        problems.append(f"{p.name} reached level {win} by {p.last_gain}, not by a kill")
    return problems


def _attachment_problems(p: Player) -> list[str]:
    """Every card of ``p``'s attached to an item ``p`` does not have in play."""
    return [f"{c.id}#{c.uid} of {p.name} is attached to an item {p.name} does not have"
            for c in p.in_play() if c.attached_to is not None and c.attached_to not in p.items]


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
