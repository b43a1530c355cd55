"""Invariants every game state must keep, checked after each action in debug mode.

They restate the fixed rules an engine can break by a bug rather than by a card: level
never below 1 (R1), never above the winning level, the winning level only through a kill
unless a card overrides R4, and no reward given while a combat is open (R3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from munchkin_dsl.engine.game import Game


def check(game: Game) -> list[str]:
    """Every broken invariant, as one sentence each (empty when all hold)."""
    problems: list[str] = []
    win = game.rules.win_level
    for p in game.state.players:
        if p.level < 1:
            problems.append(f"{p.name} is below level 1 ({p.level})")
        if p.level > win:
            problems.append(f"{p.name} is above level {win} ({p.level})")
        if p.level == win and p.last_gain not in ("kill", "override"):
            problems.append(f"{p.name} reached level {win} by {p.last_gain}, not by a kill")
    for name, kind, amount, during, reason in game.state.rewards:
        if during:
            problems.append(f"{name} got {amount} {kind} ({reason}) while a combat was open")
        for c in p.in_play():
            if c.attached_to is not None and c.attached_to not in p.items:
                problems.append(f"{c.id}#{c.uid} of {p.name} is attached to an item "
                                f"{p.name} does not have")
    seen: set[int] = set()
    st = game.state
    piles = [c for d in st.decks.values() for c in d] + [c for d in st.discards.values()
                                                         for c in d]
    piles += list(st.open_seals)
    for p in st.players:
        piles += p.hand + p.in_play()
    if st.combat is not None:
        for m in st.combat.monsters:
            if m.copy_of is None:
                piles.append(m.card)
            piles += m.enhancers
        piles += st.combat.played
    for c in piles:
        if c.uid in seen:
            problems.append(f"card {c.id}#{c.uid} is in two places")
        seen.add(c.uid)
    return problems
