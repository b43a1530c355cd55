"""What one finished bot game says, as plain counters (picklable, mergeable in game order).

Read from the game's events and rewards after it ends, so collecting costs nothing while
the game runs: how it ended, fights won and lost, runs away, deaths, levels gained per
source, and per card and seat what was drawn, played and still held at the end.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from munchkin_dsl.engine.game import Game

#: how a game ended (the report lists them in this order)
ENDINGS = ("kill", "card", "seventh seal", "turn cap")


def ending(game: Game) -> str:
    """``kill`` (level 10 by killing a monster), ``card`` (a card that wins or levels past
    the rule), ``seventh seal`` (Apocalypse), or ``turn cap`` (unfinished)."""
    st = game.state
    if not st.over:
        return "turn cap"
    for ev in reversed(st.events):
        if ev.kind == "seal_open":
            data = game.by_id.get(ev.data["card"])
            if data is not None and any(e.kind == "end_game" for ab in data.abilities
                                        for e in ab.effects):
                return "seventh seal"
            break
    winners = [p for p in st.players if p.name in st.winners]
    return "kill" if winners and all(p.last_gain == "kill" for p in winners) else "card"


def collect(game: Game, turns: int) -> dict[str, Any]:
    """The per-game figures of one game (see module docstring)."""
    st = game.state
    seats = {p.name: p.seat for p in st.players}
    fights_won = fights_lost = runs = escapes = deaths = 0
    monster: dict[str, list[Any]] = {}
    played: list[tuple[int, str]] = []
    for ev in st.events:
        d = ev.data
        kind = ev.kind
        if kind == "fight":
            if d["won"]:
                fights_won += 1
            else:
                fights_lost += 1
            row = monster.setdefault(d["monster"], [Counter(), Counter(), 0, 0, 0])
            row[0][d.get("level", 0)] += 1
            if d["won"]:
                row[1][d.get("level", 0)] += 1
        elif kind == "run":
            runs += 1
            escapes += int(d["escaped"])
            row = monster.setdefault(d["monster"], [Counter(), Counter(), 0, 0, 0])
            row[2] += 1
        elif kind == "margin":
            row = monster.setdefault(d["monster"], [Counter(), Counter(), 0, 0, 0])
            row[3] += d["margin"]
            row[4] += 1
        elif kind == "death":
            deaths += 1
        elif kind in ("played", "curse") and d.get("player") in seats:
            played.append((seats[d["player"]], d["card"]))
    levels: Counter[str] = Counter()
    for _who, what, amount, _in_combat, reason in st.rewards:
        if what == "level":
            levels[reason] += amount
    return {
        "turns": turns, "ending": ending(game),
        "winners": sorted(seats[n] for n in st.winners),
        "fights_won": fights_won, "fights_lost": fights_lost, "runs": runs,
        "escapes": escapes, "deaths": deaths, "levels": dict(levels),
        "monster": {k: [dict(v[0]), dict(v[1]), v[2], v[3], v[4]] for k, v in monster.items()},
        "drawn": sorted(set(st.drawn)), "played": sorted(set(played)),
        "held": sorted({(p.seat, c.id) for p in st.players for c in p.hand}),
    }
