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


def _rss_mib() -> float:
    """This process's resident memory now (not its peak): shows whether a run accumulates."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def run_surface(surface: str, examples: int, rng_seed: int,
                batch: int = 5_000) -> dict[str, object]:
    """Run ``examples`` generated inputs of one surface; never raise on a failing input.

    The inputs come in batches of ``batch``, each a fresh Hypothesis run with its own seed:
    Hypothesis keeps a record of every choice sequence it generated in one run (so as not
    to repeat one), about 8 KiB an input, which made the peak memory of a long run grow
    with its length although the tool's did not (measured: the language server stayed at
    61 MiB over 2,400 inputs while the harness grew).  The resident memory after each
    batch is kept, so a reader sees whether anything accumulates across batches.
    """
    counts: Counter[str] = Counter()
    kept: list[str] = []
    slow = [0]
    runner = fh.RUNNERS[surface]
    after_batches: list[float] = []
    server_after: list[float] = []

    def one(value: object) -> None:
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
    import fuzz_hostile

    for number, start in enumerate(range(0, examples, batch)):
        size = min(batch, examples - start)
        body = seed(rng_seed * 1_000_003 + number)(settings(
            max_examples=size, deadline=None, database=None, phases=[Phase.generate],
            suppress_health_check=list(HealthCheck))(given(fh.STRATEGIES[surface]())(one)))
        body()
        after_batches.append(round(_rss_mib(), 1))
        server_after.append(round(fuzz_hostile.lsp_peak_kib("VmRSS") / 1024, 1))
        print(f"  {surface}: {counts['inputs']:,} inputs, {counts['failures']} failures, "
              f"{time.perf_counter() - started:,.0f} s, resident {after_batches[-1]} MiB"
              + (f" (server {server_after[-1]} MiB)" if server_after[-1] else ""),
              file=sys.stderr, flush=True)
    seconds = time.perf_counter() - started
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"surface": surface, "inputs": counts["inputs"], "failures": counts["failures"],
            "internal_errors": counts["internal error"],
            "time_outs": counts["time-out"] + slow[0], "outside_reads": counts["outside read"],
            "peak_mib": round(max(peak_mib, fuzz_hostile.lsp_peak_kib() / 1024), 1),
            "resident_after_batches_mib": after_batches,
            "server_resident_after_batches_mib": [m for m in server_after if m],
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
    parser.add_argument("--batch", type=int, default=5_000,
                        help="inputs per fresh Hypothesis run (default 5,000)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--markdown", action="store_true", help="print the README table")
    parser.add_argument("--in-process", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    counts = {s: int(n) for s, n in (item.split("=", 1) for item in args.examples_for)}
    surfaces = args.surface or list(fh.SURFACES)
    if args.in_process:
        rows = [run_surface(s, counts.get(s, args.examples), args.seed, args.batch)
                for s in surfaces]
    else:  # one process per surface: its peak memory is its own
        rows = []
        for s in surfaces:
            done = subprocess.run(
                [sys.executable, __file__, "--in-process", "--json", "--surface", s,
                 "--examples", str(counts.get(s, args.examples)), "--seed", str(args.seed),
                 "--batch", str(args.batch)],
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
