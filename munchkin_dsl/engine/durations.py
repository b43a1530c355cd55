"""The engine side of the declared durations (language/parts/durations.py).

`3 uses`: each time a line with uses acts, one is spent on its card (kept in the owner's
``used_once`` with the card's uid, so a second copy of the card has its own); the trace
says how many are left, and after the last the card goes to the discards.
"""

from __future__ import annotations

from itertools import count
from typing import Any

from munchkin_dsl.compiler.effects import Ability
from munchkin_dsl.engine.conditions import Scope, conditions_hold
from munchkin_dsl.engine.state import CardInst, Player, ability_key
from munchkin_dsl.language.algebra import standing_predicates

#: whose standing a `while` condition of a curse tests: the victim's (the curse's player)
_VICTIM_WORDS = frozenset({"you", "victim"})


def landed(victim: Player, card: CardInst, turn: int) -> None:
    """A curse with `until the end of your next turn` lands: remember the turn, whose end
    does not count (if it is the victim's own)."""
    if any(a.until == "end_of_next_turn" for a in card.data.abilities):
        victim.used_once.add(f"landed:{card.uid}:{turn}")


def _leaves(game: Any, player: Player, curse: CardInst, when: str) -> None:
    player.curses.remove(curse)
    game.discard(curse)
    game.note(f"{curse.name} leaves {player.name} {when}")


def _lasting(player: Player, until: str) -> list[CardInst]:
    return [c for c in player.curses if any(a.until == until for a in c.data.abilities)]


def lapse(game: Any) -> None:
    """A curse `while you are level 5 or higher: ...` leaves its victim once the condition
    no longer holds.  Tested where the game changes hands (a turn begins or ends, a fight
    closes) for what the victim holds (a condition about a fight is a gate on the line
    only: it is read in each fight, and the curse stays)."""
    standing = standing_predicates()
    for p in game.state.players:
        for curse in _lasting(p, "while"):
            conds = tuple(c for ab in curse.data.abilities if ab.until == "while"
                          for c in ab.conditions
                          if c.predicate in standing and c.subject in _VICTIM_WORDS)
            if conds and not conditions_hold(conds, Scope(owner=p, victim=p), game.state,
                                             None):
                _leaves(game, p, curse, "as its condition no longer holds")


def turn_begins(game: Any, player: Player) -> None:
    """``player``'s turn begins: a curse on them `until your next turn` leaves."""
    for curse in _lasting(player, "next_turn"):
        _leaves(game, player, curse, "as their turn begins")
    lapse(game)


def turn_ends(game: Any, player: Player) -> None:
    """``player``'s turn ends: a curse `until the end of your next turn` that was on them
    before the turn began leaves (the trace says so); a curse `until the end of the turn`
    leaves whoever it is on, as the turn it was played in is over."""
    for p in game.state.players:
        for curse in _lasting(p, "end_of_turn"):
            _leaves(game, p, curse, "at the end of the turn")
    lapse(game)
    turn = game.state.turn
    for curse in [c for c in player.curses
                  if any(a.until == "end_of_next_turn" for a in c.data.abilities)]:
        if f"landed:{curse.uid}:{turn}" in player.used_once:
            continue  # it landed in this very turn: the next one is meant
        _leaves(game, player, curse, "at the end of the turn")


def spend(game: Any, owner: Player | None, card: CardInst | None, ability: Ability) -> None:
    """One use of ``ability`` on ``card`` is spent; the last one discards the card."""
    if not ability.uses or card is None or owner is None:
        return
    key = f"uses:{ability_key(card, ability)}"
    n = next(i for i in count(1) if f"{key}#{i}" not in owner.used_once)
    owner.used_once.add(f"{key}#{n}")
    game.note(f"{card.name}: use {n} of {ability.uses}")
    if n >= ability.uses and card in owner.in_play():
        game.note(f"{card.name} is used up and discarded")
        game.lose_card(owner, card)
