"""Long bot runs with every invariant checked after every action, per sample pack.

Reports, per pack: games, games that broke an invariant or raised (saved as replays),
how games end, fights won, runs away, deaths and levels gained per source,
unfinished games (the 400-turn cap), game length in turns per player (mean, standard
deviation, median, 5th/95th percentiles), and each seat's win rate with its 95 % Wilson
confidence interval.  The baseline, measured in the same run, is the time of the same games
without the checks.

Run: python bench/bench_invariants.py [--games 10000] [--players 4] [--jobs 2]
     [--pack packs/munchkin-1.6 ...] [--no-baseline]
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from pathlib import Path

from bench_engine import cpu_seconds  # CPU of the process and its workers

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine.report import summary_figures
from munchkin_dsl.engine.simulate import simulate

PACKS = sorted(str(p) for p in Path("packs").iterdir() if (p / "pack.munch").exists())


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (good near 0 and for small n)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pack", action="append", default=None)
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()
    for pack in args.pack or PACKS:
        data = compile_packs([pack]).data
        assert data is not None, f"{pack} does not compile"
        ruleset = data.packs[0].rulesets[0]
        base = base_cpu = None
        if not args.no_baseline:
            start, cpu = time.perf_counter(), cpu_seconds()
            simulate(data.cards, ruleset, args.games, args.players, args.seed, args.jobs)
            base, base_cpu = time.perf_counter() - start, cpu_seconds() - cpu
        start, cpu = time.perf_counter(), cpu_seconds()
        rep = simulate(data.cards, ruleset, args.games, args.players, args.seed, args.jobs,
                       check_invariants=True)
        took, took_cpu = time.perf_counter() - start, cpu_seconds() - cpu
        per_player = [t / args.players for t in rep.turns]
        qs = statistics.quantiles(per_player, n=20)
        print(f"{pack}: {args.games} games, {args.players} players, seed {args.seed}")
        print(f"  invariants checked after every action: {len(rep.broken)} broken, "
              f"{rep.unfinished} unfinished (turn cap)")
        for b in rep.broken[:5]:
            print(f"    game {b['seed'][1]}: {b['failure']}")
        print(f"  turns per player: mean {statistics.fmean(per_player):.1f}, sd "
              f"{statistics.pstdev(per_player):.1f}, median {statistics.median(per_player):.1f}"
              f", 5%-95% {qs[0]:.1f}-{qs[-1]:.1f}")
        seats = []
        for seat in range(args.players):
            wins = rep.seat_wins[seat]
            lo, hi = wilson(wins, args.games)
            seats.append(f"seat {seat + 1} {wins / args.games:.1%} [{lo:.1%}, {hi:.1%}]")
        print("  seat win rates (95% CI): " + ", ".join(seats))
        fig = summary_figures(rep)
        print("  ends by: " + ", ".join(f"{k} {v:.1%}" for k, v in fig["endings"].items())
              + f"; fights won {fig['fights_won']:.1%} of {fig['fights_per_game']:.1f} per "
              f"game; runs away {fig['runs_per_game']:.1f} per game ({fig['escapes']:.1%} "
              f"escape); deaths {fig['deaths_per_game']:.2f} per game")
        print("  levels gained per game by source: " + ", ".join(
            f"{k} {v:.1f}" for k, v in fig["levels_per_game"].items()))
        print(f"  time: {took:.1f}s with invariants" + (
            f", {base:.1f}s without (x{took / base:.2f})" if base else "")
            + f"; CPU (process and workers): {took_cpu:.1f}s" + (
            f", {base_cpu:.1f}s without (x{took_cpu / base_cpu:.2f})" if base_cpu else "")
            + f"; load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
