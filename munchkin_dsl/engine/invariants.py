"""Invariants every game state must keep, checked after each action in debug mode.

They restate the fixed rules an engine can break by a bug rather than by a card: level
never below 1 (R1), never above the winning level, the winning level only through a kill
unless a card overrides R4, and no reward of a fight (treasure, a kill's levels) given
while its combat is open (R3; a level card acts at once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from munchkin_dsl.engine.game import Game
    from munchkin_dsl.engine.state import CardInst, Player


def check(game: Game) -> list[str]:
    """Every broken invariant, as one sentence each (empty when all hold).

    Every player and every zone is looked at after every action (the ``action``
    decorator calls this in debug mode): levels, attachments of each player's cards,
    open-combat rewards, and that no card is in two places.
    """
    problems: list[str] = []
    win = game.rules.win_level
    st = game.state
    for p in st.players:
        problems += _player_problems(p, win)
    for name, kind, amount, during, reason in st.rewards:
        # a level card played in a fight acts at once: it is no reward of the fight (R3)
        if during and (kind != "level" or reason == "kill"):
            problems.append(f"{name} got {amount} {kind} ({reason}) while a combat was open")
    problems += _duplicates(game)
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
