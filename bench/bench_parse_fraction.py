"""Compile throughput as a fraction of a bare `lark.parse` of the same files, in CPU time.

The issue-19 target (floor 0.52, goal 0.8) compares the whole compile (check + lower +
JSON) with the grammar's own Lark parser over the same 3,000-card pack
(``bench_compile.generate``).  CPU time of this process, best of five interleaved rounds,
so other sessions on a loaded machine slow both sides alike; run it in two checkouts one
after the other (the baseline in the same sitting) to compare commits:

    python bench/bench_parse_fraction.py [N] [LABEL]
"""

from __future__ import annotations

import gc
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_compile as b  # noqa: E402  (the pack generator and the two runs)


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 3000
    label = argv[1] if len(argv) > 1 else "this checkout"
    with tempfile.TemporaryDirectory(prefix="munchkin-frac-") as tmp:
        (Path(tmp) / "pack").mkdir()
        pack = b.generate(Path(tmp) / "pack", count)
        b.run_compile(pack)  # warm: the grammar tables and the caches
        parse = b.bare_parse([p.read_text(encoding="utf-8") for p in sorted(pack.glob("*.munch"))])
        best_compile = best_parse = float("inf")
        for _ in range(5):
            gc.collect()
            started = time.process_time()
            b.run_compile(pack)
            best_compile = min(best_compile, time.process_time() - started)
            gc.collect()
            started = time.process_time()
            parse()
            best_parse = min(best_parse, time.process_time() - started)
    fraction = best_parse / best_compile
    verdict = ("goal met" if fraction >= b.PARSE_FRACTION_GOAL else "ok"
               if fraction >= b.PARSE_FRACTION_FLOOR else "BELOW THE FLOOR")
    print(f"{label}: compile {best_compile:.3f} s CPU ({count / best_compile:,.0f} cards/s), "
          f"bare parse {best_parse:.3f} s ({count / best_parse:,.0f} cards/s), fraction "
          f"{fraction:.2f} (floor {b.PARSE_FRACTION_FLOOR}, goal {b.PARSE_FRACTION_GOAL}) "
          f"{verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
