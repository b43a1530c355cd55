"""The long fuzz run: N inputs per surface through the real commands, counting internal errors.

Uses the same generators and checks as the CI run (tests/fuzz_harness.py) but never stops
at a failure: every failing input is counted, its first line of explanation printed, and
the input kept in tests/fuzz_regressions/ so CI replays it from then on.  The issue's
target is 0 internal errors in 100,000 inputs per surface; report the count you ran.

    python bench/fuzz_long.py [--examples N] [--surface NAME ...] [--seed S] [--json]

Prints one row per surface: inputs run, failures (internal errors, escaped exceptions,
bad exit codes, positions outside the input, half-written outputs), seconds, inputs/s.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import fuzz_harness as fh  # noqa: E402


def run_surface(surface: str, examples: int, rng_seed: int) -> dict[str, object]:
    """Run ``examples`` generated inputs of one surface; never raise on a failing input."""
    counts: Counter[str] = Counter()
    kept: list[str] = []
    runner = fh.RUNNERS[surface]

    @seed(rng_seed)
    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(fh.STRATEGIES[surface]())
    def body(value: object) -> None:
        counts["inputs"] += 1
        try:
            runner(value)
        except Exception as exc:  # noqa: BLE001 - a long run counts failures, it does not stop
            kind = "internal error" if "internal error" in str(exc) else type(exc).__name__
            counts[kind] += 1
            counts["failures"] += 1
            path = fh.save_regression(surface, value)  # type: ignore[arg-type]
            kept.append(path.name)
            print(f"  {surface}: {kind}: {str(exc).splitlines()[0][:160]} -> {path.name}",
                  file=sys.stderr)

    started = time.perf_counter()
    body()
    seconds = time.perf_counter() - started
    return {"surface": surface, "inputs": counts["inputs"], "failures": counts["failures"],
            "internal_errors": counts["internal error"], "seconds": round(seconds, 1),
            "inputs_per_second": round(counts["inputs"] / seconds, 1) if seconds else 0.0,
            "kept": kept}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100_000,
                        help="inputs per surface (default 100,000, the issue's target)")
    parser.add_argument("--surface", action="append", choices=fh.SURFACES,
                        help="run only this surface (repeatable)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args()
    rows = [run_surface(s, args.examples, args.seed) for s in (args.surface or fh.SURFACES)]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print(f"{'surface':<14}{'inputs':>9}{'failures':>10}{'internal':>10}{'seconds':>9}"
          f"{'inputs/s':>10}")
    for row in rows:
        print(f"{row['surface']:<14}{row['inputs']:>9,}{row['failures']:>10}"
              f"{row['internal_errors']:>10}{row['seconds']:>9}{row['inputs_per_second']:>10}")
    sys.exit(1 if any(row["failures"] for row in rows) else 0)


if __name__ == "__main__":
    main()
