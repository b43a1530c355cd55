"""Engine throughput: full 4-player bot games per second per core, unchecked and with
``--check-invariants``, and the scaling of ``--jobs 2`` against ``--jobs 1``.

The three runs of a pack are interleaved and repeated (``--repeats``) and the medians
reported, because the machine is shared: a paired, interleaved run is the baseline of
the same run.  Decks are the packs plus deck-model filler (engine/deck_model.py).

Each run is timed three ways, because on a shared machine the wall clock alone says how
busy the machine was more than how fast the engine is:

- the wall clock, with the load average before and after each run and the CPU share the
  run got (its CPU seconds over its wall seconds: at most 1 for --jobs 1, 2 for --jobs 2);
- the CPU seconds of the process and its workers: games per second per core, and the
  invariants' cost;
- for --jobs 2, each worker's own CPU seconds (read in the worker after every game) and the
  parent's: on 2 free cores the run lasts at least as long as its busiest worker, and at
  least half of all the CPU it spends, so ``--jobs 1``'s CPU over the larger of the two is
  the scaling 2 free cores give at best (it counts the uneven split of games between the
  workers and what the pool adds: forking, pickling, merging in the parent).

The wall-clock scaling is printed beside it, with the CPU share each run got: under load
it is what the machine gave, not what the engine can do.

Run: python bench/bench_engine.py [--games 200] [--repeats 3] [--pack packs/munchkin-1.6 ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine import simulate as sim
from munchkin_dsl.engine.simulate import simulate

PACKS = sorted(str(p) for p in Path("packs").iterdir() if (p / "pack.munch").exists())


def cpu_seconds() -> float:
    """CPU seconds of this process and its finished workers (the pool's children)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


#: in a worker: its CPU seconds when the pool started it
_START: list[float] = []
#: in the parent: each worker's CPU seconds (by process id) as its last game reported them
_WORKERS: dict[int, float] = {}
_HOOKS = ("init_worker", "run_seed", "_merge")
_PLAIN = tuple(getattr(sim, name) for name in _HOOKS)


def _hook(fns: tuple[Any, ...]) -> None:
    """Put ``fns`` in simulate's place (it looks them up when it runs, and the forked
    workers inherit them)."""
    for name, fn in zip(_HOOKS, fns, strict=True):
        setattr(sim, name, fn)


def _init_timed(*args: Any) -> None:
    _START[:] = [time.process_time()]
    _PLAIN[0](*args)


def _seed_timed(seed: tuple[int, int]) -> dict[str, Any]:
    """A game as `simulate` plays it, with the worker's CPU seconds so far."""
    out: dict[str, Any] = _PLAIN[1](seed)
    out["bench_cpu"] = (os.getpid(), time.process_time() - (_START or [0.0])[0])
    return out


def _merge_timed(rep: Any, s: tuple[int, int], r: dict[str, Any]) -> None:
    pid, used = r.pop("bench_cpu")
    _WORKERS[pid] = max(_WORKERS.get(pid, 0.0), used)
    _PLAIN[2](rep, s, r)


def _run(cards: Sequence[Any], ruleset: str, games: int, jobs: int,
         check: bool) -> dict[str, float]:
    """One run: wall and CPU seconds (every process), the load average around it and,
    with workers, the busiest worker's CPU seconds."""
    _WORKERS.clear()
    timed = jobs > 1
    if timed:
        _hook((_init_timed, _seed_timed, _merge_timed))
    load = os.getloadavg()[0]
    wall, cpu = time.perf_counter(), cpu_seconds()
    try:
        simulate(cards, ruleset, games, 4, seed=1, jobs=jobs, check_invariants=check)
    finally:
        _hook(_PLAIN)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    busiest = max(_WORKERS.values()) if timed and _WORKERS else cpu
    return {"wall": wall, "cpu": cpu, "busiest": busiest,
            "load": max(load, os.getloadavg()[0]), "share": cpu / wall}


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
        runs: dict[str, list[dict[str, float]]] = {"unchecked": [], "checked": [],
                                                   "jobs2": []}
        for _ in range(args.repeats):
            runs["unchecked"].append(_run(data.cards, ruleset, args.games, 1, False))
            runs["checked"].append(_run(data.cards, ruleset, args.games, 1, True))
            runs["jobs2"].append(_run(data.cards, ruleset, args.games, 2, False))
        print(report(pack, args.games, args.repeats, runs))


def report(pack: str, g: int, repeats: int, runs: dict[str, list[dict[str, float]]]) -> str:
    """The medians of a pack's runs, in three lines (see the module docstring)."""
    med = {k: {f: statistics.median(r[f] for r in v) for f in v[0]} for k, v in runs.items()}
    loads = [r["load"] for v in runs.values() for r in v]
    one, two = med["unchecked"], med["jobs2"]
    bound = max(two["busiest"], two["cpu"] / 2)  # 2 free cores: at least this long
    return (f"{pack}: {g} games x {repeats} (medians), load average "
            f"{min(loads):.1f}-{max(loads):.1f} on {os.cpu_count()} cores:\n"
            f"  per CPU second: {g / one['cpu']:.1f} games unchecked, "
            f"{g / med['checked']['cpu']:.1f} checked (x{med['checked']['cpu'] / one['cpu']:.2f}"
            f" cost)\n"
            f"  --jobs 2 from CPU time: spends x{two['cpu'] / one['cpu']:.2f} the CPU of "
            f"--jobs 1, busiest worker {two['busiest']:.2f} s of {two['cpu']:.2f} s, so on 2 "
            f"free cores at best x{one['cpu'] / bound:.2f} faster\n"
            f"  wall clock: {g / one['wall']:.1f} games/s unchecked, "
            f"{g / med['checked']['wall']:.1f} checked "
            f"(x{med['checked']['wall'] / one['wall']:.2f}), --jobs 2 {g / two['wall']:.1f} "
            f"games/s (x{one['wall'] / two['wall']:.2f} of --jobs 1; CPU share "
            f"{one['share']:.2f} of 1 core for --jobs 1, {two['share']:.2f} of 2 for --jobs 2)")


if __name__ == "__main__":
    main()
