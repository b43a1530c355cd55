"""Replay files: one bot game (seed, packs, options, action log) that `munchkin replay`
re-runs action by action.

`munchkin simulate --check-invariants` writes one for every game that breaks an invariant
or raises, so the failure can be re-run under a debugger; a committed replay also pins the
engine down: the same game must take the same actions (tests/test_replay.py).  The file is
JSON because both a person and a bug tracker read it; its action lines name players and
card ids (``play P2 enraged#41 on_monster=net-troll#7``), never memory addresses.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from munchkin_dsl.compiler.effects import CardData

FORMAT = 1


@dataclass
class Run:
    """What re-running a replay's game gave."""

    actions: list[str]
    failure: str | None
    winners: list[str]
    turns: int


def run(cards: Sequence[CardData], ruleset: str | None, players: int, seed: Sequence[int],
        optional_rules: Sequence[str] = (), check_invariants: bool = True) -> Run:
    """Play the game exactly as `simulate` does, recording every action."""
    from munchkin_dsl.engine.simulate import new_game, play_game

    game, bots = new_game(cards, ruleset, players, (int(seed[0]), int(seed[1])),
                          check_invariants, optional_rules, record=True)
    failure = None
    turns = 0
    try:
        turns = play_game(game, bots, check_invariants)
    except Exception as exc:  # noqa: BLE001 - the failure is what a replay reproduces
        failure = f"{type(exc).__name__}: {exc}"
        turns = game.state.turn
    return Run(game.actions or [], failure, list(game.state.winners), turns)


def document(packs: Sequence[str], ruleset: str | None, players: int, seed: Sequence[int],
             optional_rules: Sequence[str], result: Run) -> dict[str, Any]:
    return {"format": FORMAT, "packs": list(packs), "ruleset": ruleset, "players": players,
            "seed": [int(seed[0]), int(seed[1])], "optional_rules": list(optional_rules),
            "check_invariants": True, "failure": result.failure, "winners": result.winners,
            "turns": result.turns, "actions": result.actions}


def write(path: Path, doc: dict[str, Any]) -> None:
    from munchkin_dsl.base.files import write_atomic

    write_atomic(path, json.dumps(doc, ensure_ascii=False, indent=1) + "\n")


def file_name(packs: Sequence[str], seed: Sequence[int]) -> str:
    names = "+".join(Path(p).name for p in packs)
    return f"replay-{names}-{seed[0]}-{seed[1]}.json"


@dataclass
class Comparison:
    """A replay's recorded game against the re-run: equal, or where they part."""

    same: bool
    first_difference: int | None
    recorded: str | None
    got: str | None
    message: str


def compare(doc: dict[str, Any], result: Run) -> Comparison:
    recorded: list[str] = list(doc.get("actions", []))
    for i, (want, got) in enumerate(zip(recorded, result.actions, strict=False)):
        if want != got:
            return Comparison(False, i, want, got, f"action {i + 1} differs: recorded "
                              f"`{want}`, re-run `{got}`")
    if len(recorded) != len(result.actions):
        i = min(len(recorded), len(result.actions))
        return Comparison(False, i, recorded[i] if i < len(recorded) else None,
                          result.actions[i] if i < len(result.actions) else None,
                          f"recorded {len(recorded)} actions, re-run took "
                          f"{len(result.actions)}")
    if doc.get("failure") != result.failure:
        return Comparison(False, None, doc.get("failure"), result.failure,
                          f"same actions, but recorded failure {doc.get('failure')!r}, "
                          f"re-run {result.failure!r}")
    if doc.get("winners", []) != result.winners:
        return Comparison(False, None, str(doc.get("winners")), str(result.winners),
                          "same actions, different winners")
    what = f"fails the same way: {result.failure}" if result.failure else (
        f"same game: {len(result.actions)} actions, winners "
        f"{', '.join(result.winners) or 'none'}")
    return Comparison(True, None, None, None, what)
