"""The long grammar-driven conformance sweep (issue 19, item 3): more lines, more seeds.

CI runs one fixed-seed sweep of 20,000 lines (``tests/test_grammar_conformance.py``); this
script runs ``N`` lines for each of several seeds (default 100,000 x seeds 1..3) and prints,
per seed and in total, the lines generated, accepted, proven and refused, the accepted but
unproven lines (the first 40, with why), and the time each stage took.  The CI seed's figures
are the ones quoted in the README.

    python bench/conformance_long.py [N] [SEED ...]
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import grammar_lines as gl  # noqa: E402  (the generator lives with the tests)


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 100_000
    seeds = [int(s) for s in argv[1:]] or [1, 2, 3]
    totals: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    shown = 0
    start = time.perf_counter()
    for seed in seeds:
        run = gl.sweep(count, seed)
        print(f"seed {seed}: {run.summary()}  "
              + ", ".join(f"{k} {v:.1f} s" for k, v in run.seconds.items()))
        totals.update(generated=run.generated, accepted=len(run.accepted), proven=run.proven,
                      unproven=len(run.unproven), refused=sum(run.refused.values()))
        for gen, why in run.unproven:
            reasons[why.split(": ", 1)[0]] += 1
            if shown < 40:
                shown += 1
                print(f"  UNPROVEN {gen.kind}{' persistent' if gen.persistent else ''} "
                      f"[{gen.ruleset}] {gen.line!r}\n"
                      f"      {why.splitlines()[0][:200]}")
    print(f"total: {totals['generated']:,} lines generated, {totals['accepted']:,} accepted, "
          f"{totals['proven']:,} proven in the engine, {totals['unproven']:,} accepted but "
          f"unproven, {totals['refused']:,} refused ({time.perf_counter() - start:.0f} s)")
    for key, n in reasons.most_common(30):
        print(f"  {n:5d} unproven {key}")
    return 1 if totals["unproven"] else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
