"""The long fuzz run: N inputs per surface through the real commands, counting internal errors.

Uses the same generators and checks as the CI run (tests/fuzz_harness.py) but never stops
at a failure: every failing input is counted, its first line of explanation printed, and
the input kept in tests/fuzz_regressions/ so CI replays it from then on.  The issue's
target is 0 internal errors in 100,000 inputs per surface; report the count you ran.

    python bench/fuzz_long.py [--examples N] [--surface NAME ...] [--seed S] [--json]

Prints one row per surface: inputs run, failures (internal errors, escaped exceptions,
bad exit codes, positions outside the input, half-written outputs), internal errors,
time-outs (an input over 10 s, or a language-server request unanswered for 10 s), outside
reads (a planted secret, /etc/passwd or /proc/self/environ opened, or its content in the
output), peak memory (of the process running the surface, and of the language server),
seconds, inputs/s.  Each surface runs in its own process so its peak memory is its own;
``--markdown`` prints the README's table.  ``--examples-for SURFACE=N`` sets one surface's
count (the long run's budget differs per surface: an export rasterises every card).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
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
    slow = [0]
    runner = fh.RUNNERS[surface]

    @seed(rng_seed)
    @settings(max_examples=examples, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(fh.STRATEGIES[surface]())
    def body(value: object) -> None:
        counts["inputs"] += 1
        began = time.perf_counter()
        try:
            runner(value)
        except Exception as exc:  # noqa: BLE001 - a long run counts failures, it does not stop
            kind = next((k for k in ("internal error", "time-out", "outside read")
                         if k in str(exc)), type(exc).__name__)
            counts[kind] += 1
            counts["failures"] += 1
            path = fh.save_regression(surface, value)  # type: ignore[arg-type]
            kept.append(path.name)
            print(f"  {surface}: {kind}: {str(exc).splitlines()[0][:160]} -> {path.name}",
                  file=sys.stderr)
        if time.perf_counter() - began > 10.0:
            slow[0] += 1

    started = time.perf_counter()
    body()
    seconds = time.perf_counter() - started
    import fuzz_hostile

    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"surface": surface, "inputs": counts["inputs"], "failures": counts["failures"],
            "internal_errors": counts["internal error"],
            "time_outs": counts["time-out"] + slow[0], "outside_reads": counts["outside read"],
            "peak_mib": round(max(peak_mib, fuzz_hostile.lsp_peak_kib() / 1024), 1),
            "seconds": round(seconds, 1),
            "inputs_per_second": round(counts["inputs"] / seconds, 1) if seconds else 0.0,
            "kept": kept}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=100_000,
                        help="inputs per surface (default 100,000, the issue's target)")
    parser.add_argument("--examples-for", action="append", default=[], metavar="SURFACE=N",
                        help="inputs for one surface (repeatable)")
    parser.add_argument("--surface", action="append", choices=fh.SURFACES,
                        help="run only this surface (repeatable)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--markdown", action="store_true", help="print the README table")
    parser.add_argument("--in-process", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    counts = {s: int(n) for s, n in (item.split("=", 1) for item in args.examples_for)}
    surfaces = args.surface or list(fh.SURFACES)
    if args.in_process:
        rows = [run_surface(s, counts.get(s, args.examples), args.seed) for s in surfaces]
    else:  # one process per surface: its peak memory is its own
        rows = []
        for s in surfaces:
            done = subprocess.run(
                [sys.executable, __file__, "--in-process", "--json", "--surface", s,
                 "--examples", str(counts.get(s, args.examples)), "--seed", str(args.seed)],
                stdout=subprocess.PIPE, text=True, check=False)
            rows += json.loads(done.stdout)
            print(f"{s}: {rows[-1]['inputs']} inputs, {rows[-1]['failures']} failures",
                  file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=2))
    elif args.markdown:
        print("| surface | inputs | internal errors | time-outs | outside reads | "
              "peak memory | seconds |\n|---|---:|---:|---:|---:|---:|---:|")
        for row in rows:
            print(f"| {row['surface']} | {row['inputs']:,} | {row['internal_errors']} | "
                  f"{row['time_outs']} | {row['outside_reads']} | {row['peak_mib']:.0f} MiB | "
                  f"{row['seconds']:,.0f} |")
    else:
        print(f"{'surface':<14}{'inputs':>9}{'failures':>10}{'internal':>10}{'timeouts':>10}"
              f"{'outside':>9}{'peak MiB':>10}{'seconds':>9}")
        for row in rows:
            print(f"{row['surface']:<14}{row['inputs']:>9,}{row['failures']:>10}"
                  f"{row['internal_errors']:>10}{row['time_outs']:>10}{row['outside_reads']:>9}"
                  f"{row['peak_mib']:>10}{row['seconds']:>9}")
    sys.exit(1 if any(row["failures"] for row in rows) else 0)


if __name__ == "__main__":
    main()
