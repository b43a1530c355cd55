"""A small tournament between the bot policies (engine/personas.py): every pack, 4 seats,
cautious and aggressive alternating, then the seats swapped (so seat order does not
favour a policy); the win rate of each policy with its 95 % Wilson interval.

Run: python bench/bench_policies.py [--games 500] [--jobs 2] [--pack packs/munchkin-1.6 ...]
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from bench_invariants import wilson  # the same 95 % Wilson interval

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine.personas import PERSONAS
from munchkin_dsl.engine.simulate import simulate

PACKS = sorted(str(p) for p in Path("packs").iterdir() if (p / "pack.munch").exists())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pack", action="append", default=None)
    args = parser.parse_args()
    names = tuple(PERSONAS)
    for pack in args.pack or PACKS:
        data = compile_packs([pack]).data
        assert data is not None, f"{pack} does not compile"
        ruleset = data.packs[0].rulesets[0]
        wins: Counter[str] = Counter()
        seats: Counter[str] = Counter()
        for order in (names, names[::-1]):
            rep = simulate(data.cards, ruleset, args.games, 4, seed=11, jobs=args.jobs,
                           policies=order)
            for g in rep.per_game:
                for s in g["winners"]:
                    wins[rep.policies[s]] += 1
            for name in rep.policies:
                seats[name] += args.games
        row = []
        for name in names:
            lo, hi = wilson(wins[name], seats[name])
            row.append(f"{name} {wins[name] / seats[name]:.1%} [{lo:.1%}, {hi:.1%}]")
        print(f"{pack}: win rate per seat (95% CI), {2 * args.games} games: " + ", ".join(row))


if __name__ == "__main__":
    main()
