"""Engine throughput: full 4-player bot games per second, one core and --jobs 2.

Run: python bench/bench_engine.py [--games 200] [--pack packs/munchkin-1.6]
"""

from __future__ import annotations

import argparse
import time

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--pack", default="packs/munchkin-1.6")
    args = parser.parse_args()
    data = compile_packs([args.pack]).data
    assert data is not None, "the pack does not compile"
    ruleset = data.packs[0].rulesets[0]
    for jobs in (1, 2):
        start = time.perf_counter()
        rep = simulate(data.cards, ruleset, args.games, 4, seed=1, jobs=jobs)
        took = time.perf_counter() - start
        print(f"jobs={jobs}: {args.games} games ({sum(rep.turns)} turns) in {took:.2f}s = "
              f"{args.games / took:.1f} games/s")


if __name__ == "__main__":
    main()
