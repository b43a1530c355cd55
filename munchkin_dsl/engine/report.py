"""The balance report an author acts on: per-card, per-monster and per-seat figures.

Built from each game's figures (engine/game_stats.py) merged in game order, so the same
seed gives the same report byte for byte whatever the number of jobs.  A card's win rate
is compared between the seats that drew (or played) it and those that did not, with a 95 %
confidence interval of the difference (normal approximation of two proportions); a card
is flagged when the interval excludes zero.  Filler cards of the deck model are in every
table, labelled ``filler``, so an author never mistakes them for their own.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import Counter
from pathlib import Path
from typing import Any, Protocol

from munchkin_dsl.base.atomic import write_atomic
from munchkin_dsl.engine.game_stats import ENDINGS


class Report(Protocol):
    """What the report reads of a run (engine/simulate.py's Report, which imports this
    module: a protocol keeps the import one way)."""

    players: int
    seed: int
    per_game: list[dict[str, Any]]
    policies: tuple[str, ...]
    filler: tuple[str, ...]

Z95 = 1.96
#: fighter level bands of the per-monster defeat rates
LEVEL_BANDS = ((1, 3), (4, 6), (7, 10))
#: a card needs this many drawing seats (and as many not drawing) for its figures to count
MIN_SAMPLE = 20


def _r(x: float) -> float:
    return round(x, 4)


def diff_ci(wins_a: int, n_a: int, wins_b: int, n_b: int) -> tuple[float, float, float]:
    """Difference of two win rates (a - b) and its 95 % confidence interval."""
    if n_a == 0 or n_b == 0:
        return 0.0, 0.0, 0.0
    pa, pb = wins_a / n_a, wins_b / n_b
    se = math.sqrt(pa * (1 - pa) / n_a + pb * (1 - pb) / n_b)
    d = pa - pb
    return _r(d), _r(d - Z95 * se), _r(d + Z95 * se)


def summary_figures(rep: Report) -> dict[str, Any]:
    """How games went: turns per player, endings, fights won, runs, deaths, levels by source."""
    games = rep.per_game
    n = max(1, len(games))
    won = sum(g["fights_won"] for g in games)
    fights = won + sum(g["fights_lost"] for g in games)
    runs = sum(g["runs"] for g in games)
    endings = Counter(g["ending"] for g in games)
    levels: Counter[str] = Counter()
    for g in games:
        levels.update(g["levels"])
    return {
        "games": len(games),
        "turns_per_player": _r(sum(g["turns"] for g in games) / n / max(1, rep.players)),
        "endings": {e: _r(endings[e] / n) for e in ENDINGS},
        "fights_per_game": _r(fights / n),
        "fights_won": _r(won / fights) if fights else 0.0,
        "runs_per_game": _r(runs / n),
        "escapes": _r(sum(g["escapes"] for g in games) / runs) if runs else 0.0,
        "deaths_per_game": _r(sum(g["deaths"] for g in games) / n),
        "levels_per_game": {k: _r(v / n) for k, v in sorted(levels.items())},
        "turn_cap_games": endings["turn cap"],
    }


def card_figures(rep: Report, card_ids: list[str]) -> list[dict[str, Any]]:
    """Per card: drawn, played, held to the end; win rates of drawers vs the rest."""
    seats_total = len(rep.per_game) * rep.players
    drew: dict[str, list[int]] = {c: [0, 0] for c in card_ids}  # seats, wins
    played: dict[str, list[int]] = {c: [0, 0] for c in card_ids}
    held: Counter[str] = Counter()
    wins_total = 0
    for g in rep.per_game:
        winners = set(g["winners"])
        wins_total += len(winners)
        for seat, card in g["drawn"]:
            if card in drew:
                drew[card][0] += 1
                drew[card][1] += seat in winners
        for seat, card in g["played"]:
            if card in played:
                played[card][0] += 1
                played[card][1] += seat in winners
        for _seat, card in g["held"]:
            held[card] += 1
    filler = set(rep.filler)
    rows = []
    for c in card_ids:
        row: dict[str, Any] = {"card": c, "filler": c in filler, "drawn": drew[c][0],
                               "played": played[c][0], "held_to_end": held[c]}
        for key, (n_a, w_a) in (("drew", drew[c]), ("played", played[c])):
            n_b, w_b = seats_total - n_a, wins_total - w_a
            d, lo, hi = diff_ci(w_a, n_a, w_b, n_b)
            enough = n_a >= MIN_SAMPLE and n_b >= MIN_SAMPLE
            row[f"win_rate_{key}"] = _r(w_a / n_a) if n_a else None
            row[f"win_rate_not_{key}"] = _r(w_b / n_b) if n_b else None
            row[f"{key}_diff"], row[f"{key}_ci_low"], row[f"{key}_ci_high"] = d, lo, hi
            row[f"{key}_significant"] = enough and (lo > 0 or hi < 0)
        rows.append(row)
    return rows


def monster_figures(rep: Report, filler: set[str]) -> list[dict[str, Any]]:
    """Per monster: fights, defeat rate by fighter level band, mean margin, run-away rate."""
    merged: dict[str, list[Any]] = {}
    for g in rep.per_game:
        for m, (fights, wins, runs, margin, margins) in g["monster"].items():
            row = merged.setdefault(m, [Counter(), Counter(), 0, 0, 0])
            row[0].update({int(k): v for k, v in fights.items()})
            row[1].update({int(k): v for k, v in wins.items()})
            row[2] += runs
            row[3] += margin
            row[4] += margins
    out = []
    for m in sorted(merged):
        fights, wins, runs, margin, margins = merged[m]
        total = sum(fights.values())
        if total == 0:
            continue
        bands = {}
        for lo, hi in LEVEL_BANDS:
            n = sum(v for k, v in fights.items() if lo <= k <= hi)
            w = sum(v for k, v in wins.items() if lo <= k <= hi)
            bands[f"{lo}-{hi}"] = {"fights": n, "defeat_rate": _r(w / n) if n else None}
        out.append({"monster": m, "filler": m in filler, "fights": total,
                    "defeat_rate": _r(sum(wins.values()) / total), "by_fighter_level": bands,
                    "mean_margin": _r(margin / margins) if margins else None,
                    "run_away_rate": _r(runs / total)})
    return out


def balance(rep: Report, card_ids: list[str]) -> dict[str, Any]:
    n = max(1, len(rep.per_game))
    turns = sorted(g["turns"] for g in rep.per_game)
    seat_wins: Counter[int] = Counter(s for g in rep.per_game for s in g["winners"])
    return {
        "games": len(rep.per_game), "players": rep.players, "seed": rep.seed,
        "policies": list(rep.policies), "filler_cards": len(rep.filler),
        "summary": summary_figures(rep),
        "seats": [{"seat": s + 1, "policy": rep.policies[s] if rep.policies else "",
                   "win_rate": _r(seat_wins[s] / n)} for s in range(rep.players)],
        "length": {"mean": _r(sum(turns) / n), "median": turns[len(turns) // 2] if turns
                   else 0, "min": turns[0] if turns else 0, "max": turns[-1] if turns else 0,
                   "histogram": dict(sorted(Counter(turns).items()))},
        "cards": card_figures(rep, card_ids),
        "monsters": monster_figures(rep, set(rep.filler)),
    }


def standouts(doc: dict[str, Any], limit: int = 5) -> list[str]:
    """The pack's cards (not filler) whose figures stand out, one line each."""
    lines = []
    own = [c for c in doc["cards"] if not c["filler"]]
    sig = sorted((c for c in own if c["drew_significant"]),
                 key=lambda c: (-abs(c["drew_diff"]), c["card"]))
    for c in sig[:limit]:
        lines.append(f"{c['card']}: seats that drew it win {c['drew_diff']:+.1%} more often "
                     f"(95 % CI {c['drew_ci_low']:+.1%} to {c['drew_ci_high']:+.1%})")
    dead = sorted((c for c in own if c["drawn"] >= MIN_SAMPLE
                   and c["held_to_end"] >= 0.5 * c["drawn"]), key=lambda c: c["card"])
    for c in dead[:limit]:
        lines.append(f"{c['card']}: held to the end in {c['held_to_end']} of {c['drawn']} "
                     "draws (a dead card)")
    mons = [m for m in doc["monsters"] if not m["filler"] and m["fights"] >= MIN_SAMPLE]
    for m in sorted(mons, key=lambda m: (m["defeat_rate"], m["monster"]))[:2]:
        lines.append(f"{m['monster']}: defeated in {m['defeat_rate']:.0%} of {m['fights']} "
                     f"fights (mean margin {m['mean_margin']})")
    return lines


def _csv(rows: list[dict[str, Any]]) -> str:
    buf = io.StringIO()
    flat = [{k: json.dumps(v, sort_keys=True) if isinstance(v, dict) else v
             for k, v in r.items()} for r in rows]
    if flat:
        w = csv.DictWriter(buf, fieldnames=list(flat[0]), lineterminator="\n")
        w.writeheader()
        w.writerows(flat)
    return buf.getvalue()


def write_report(rep: Report, card_ids: list[str], folder: str | Path) -> dict[str, Any]:
    """Write report.json, cards.csv, monsters.csv and the charts (PNG and SVG) to
    ``folder``; each file is written whole or not at all."""
    from munchkin_dsl.engine.report_charts import write_charts

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    doc = balance(rep, card_ids)
    write_atomic(out / "report.json",
                 (json.dumps(doc, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
                 .encode("utf-8"))
    write_atomic(out / "cards.csv", _csv(doc["cards"]).encode("utf-8"))
    write_atomic(out / "monsters.csv", _csv(doc["monsters"]).encode("utf-8"))
    write_charts(doc, out)
    return doc
