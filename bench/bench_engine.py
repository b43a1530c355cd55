"""Engine throughput: full 4-player bot games per second per core, unchecked and with
``--check-invariants``, and the scaling of ``--jobs 2`` against ``--jobs 1``.

The three runs of a pack are interleaved and repeated (``--repeats``) and the medians
reported, because the machine is shared: a paired, interleaved run is the baseline of
the same run.  Decks are the packs plus deck-model filler (engine/deck_model.py).

Each run is timed twice: by the wall clock, and by the CPU seconds of the process and its
workers.  On a machine other processes load, the wall clock says how busy the machine was
(a run of 2 workers gets 2 cores only when they are free; the load average is printed);
CPU seconds give games per second per core and the scaling 2 free cores would give
(--jobs 1's CPU over half of --jobs 2's: what the workers add, pickling and merging
results, forking, is what it loses).

Run: python bench/bench_engine.py [--games 200] [--repeats 3] [--pack packs/munchkin-1.6 ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from pathlib import Path

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine.simulate import simulate

PACKS = sorted(str(p) for p in Path("packs").iterdir() if (p / "pack.munch").exists())


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished workers (the pool's children)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _run(cards: tuple, ruleset: str, games: int, jobs: int,  # type: ignore[type-arg]
         check: bool) -> tuple[float, float]:
    """(wall seconds, CPU seconds of every process) of one run."""
    wall, cpu = time.perf_counter(), cpu_seconds()
    simulate(cards, ruleset, games, 4, seed=1, jobs=jobs, check_invariants=check)
    return time.perf_counter() - wall, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--pack", action="append", default=None)
    args = parser.parse_args()
    for pack in args.pack or PACKS:
        data = compile_packs([pack]).data
        assert data is not None, f"{pack} does not compile"
        ruleset = data.packs[0].rulesets[0]
        simulate(data.cards, ruleset, 2, 4, seed=0)  # warm: compile the filler once
        runs: dict[str, list[tuple[float, float]]] = {"unchecked": [], "checked": [],
                                                      "jobs2": []}
        loads = []
        for _ in range(args.repeats):
            runs["unchecked"].append(_run(data.cards, ruleset, args.games, 1, False))
            runs["checked"].append(_run(data.cards, ruleset, args.games, 1, True))
            runs["jobs2"].append(_run(data.cards, ruleset, args.games, 2, False))
            loads.append(os.getloadavg()[0])
        wall = {k: statistics.median(w for w, _c in v) for k, v in runs.items()}
        cpu = {k: statistics.median(c for _w, c in v) for k, v in runs.items()}
        g = args.games
        print(f"{pack}: {g} games x {args.repeats} (medians), load average "
              f"{min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} cores:\n"
              f"  per CPU second: {g / cpu['unchecked']:.1f} games unchecked, "
              f"{g / cpu['checked']:.1f} checked (x{cpu['checked'] / cpu['unchecked']:.2f} "
              f"cost); --jobs 2 spends x{cpu['jobs2'] / cpu['unchecked']:.2f} the CPU of "
              f"--jobs 1, so on 2 free cores it would be x"
              f"{2 * cpu['unchecked'] / cpu['jobs2']:.2f} faster\n"
              f"  wall clock: {g / wall['unchecked']:.1f} games/s unchecked, "
              f"{g / wall['checked']:.1f} checked (x{wall['checked'] / wall['unchecked']:.2f}), "
              f"--jobs 2 {g / wall['jobs2']:.1f} games/s "
              f"(x{wall['unchecked'] / wall['jobs2']:.2f} of --jobs 1)")


if __name__ == "__main__":
    main()
