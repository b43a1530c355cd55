"""Engine throughput: full 4-player bot games per second per core, unchecked and with
``--check-invariants``, and the scaling of ``--jobs 2`` against ``--jobs 1``.

The three runs of a pack are interleaved and repeated (``--repeats``) and the medians
reported, because the machine is shared: a paired, interleaved run is the baseline of
the same run.  Decks are the packs plus deck-model filler (engine/deck_model.py).

Run: python bench/bench_engine.py [--games 200] [--repeats 3] [--pack packs/munchkin-1.6 ...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine.simulate import simulate

PACKS = sorted(str(p) for p in Path("packs").iterdir() if (p / "pack.munch").exists())


def _rate(cards: tuple, ruleset: str, games: int, jobs: int,  # type: ignore[type-arg]
          check: bool) -> float:
    start = time.perf_counter()
    simulate(cards, ruleset, games, 4, seed=1, jobs=jobs, check_invariants=check)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--pack", action="append", default=None)
    args = parser.parse_args()
    for pack in args.pack or PACKS:
        data = compile_packs([pack]).data
        assert data is not None, f"{pack} does not compile"
        ruleset = data.packs[0].rulesets[0]
        simulate(data.cards, ruleset, 2, 4, seed=0)  # warm: compile the filler once
        runs: dict[str, list[float]] = {"unchecked": [], "checked": [], "jobs2": []}
        for _ in range(args.repeats):
            runs["unchecked"].append(_rate(data.cards, ruleset, args.games, 1, False))
            runs["checked"].append(_rate(data.cards, ruleset, args.games, 1, True))
            runs["jobs2"].append(_rate(data.cards, ruleset, args.games, 2, False))
        med = {k: statistics.median(v) for k, v in runs.items()}
        print(f"{pack}: {args.games} games x {args.repeats} (medians): "
              f"{med['unchecked']:.1f} games/s per core unchecked, {med['checked']:.1f} "
              f"checked (x{med['unchecked'] / med['checked']:.2f} cost), --jobs 2 "
              f"{med['jobs2']:.1f} games/s (x{med['jobs2'] / med['unchecked']:.2f} of --jobs 1)")


if __name__ == "__main__":
    main()
