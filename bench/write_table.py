"""Write the README's end-to-end performance table from ``bench/results/e2e.json``.

The table is never typed by hand: ``python bench/e2e.py`` measures, this script writes what
it measured between the ``<!-- perf:start -->`` and ``<!-- perf:end -->`` markers, with the
machine and the date of the run.  ``--check`` exits 1 when the README differs from what the
results file says (for a test or a pre-commit hook).

    python bench/write_table.py [--check]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "bench" / "results" / "e2e.json"
README = REPO / "README.md"
START, END = "<!-- perf:start -->\n", "<!-- perf:end -->"


def _seconds(d: dict[str, float]) -> str:
    return f"{d['median']:.3f} s ({d['min']:.3f}-{d['max']:.3f})"


def table(doc: dict[str, Any]) -> str:
    m = doc["machine"]
    load = f" (load average {m['load']})" if "load" in m else ""
    rows = [f"Measured {m['date']} on {m['system']}, {m['cores']} cores{load}, Python "
            f"{m['python']}; "
            "medians of interleaved pairs with the range in brackets; every figure is a "
            "whole process, start to files on disk (`python bench/e2e.py`).", "",
            "| surface | ours | floor in the same run | ratio | peak memory | target |",
            "|---|---|---|---|---|---|"]
    for f in doc["figures"]:
        ratio = (f"{f['ratio']['median']:.2f}x ({f['ratio']['min']:.2f}-"
                 f"{f['ratio']['max']:.2f})") if f["ratio"] else "-"
        if "cpu_ratio_median" in f.get("extra", {}):
            x = f["extra"]
            ratio += (f"; CPU {x['cpu_ratio_median']:.1f}x ({x['cpu_ratio_min']:.1f}-"
                      f"{x['cpu_ratio_max']:.1f})")
        floor = f"{f['floor']}: {_seconds(f['base'])}" if f["base"] else "-"
        extra = f.get("extra", {})
        ours = _seconds(f["ours"])
        if "cards_per_s" in extra:
            ours += f", {extra['cards_per_s']:,.0f} cards/s"
        memory = f"{f['ours']['peak_mib']:.0f} MiB"
        if "input_mib" in extra:
            memory += f" ({f['ours']['peak_mib'] / extra['input_mib']:.0f}x the input)"
        rows.append(f"| {f['surface']} | {ours} | {floor} | {ratio} | {memory} | "
                    f"{f['target']} |")
    return "\n".join(rows) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    doc = json.loads(RESULTS.read_text(encoding="utf-8"))
    readme = README.read_text(encoding="utf-8")
    if START not in readme or END not in readme:
        print(f"README.md has no {START.strip()} ... {END} markers", file=sys.stderr)
        return 2
    head, rest = readme.split(START, 1)
    _, tail = rest.split(END, 1)
    new = head + START + table(doc) + END + tail
    if args.check:
        return 0 if new == readme else 1
    README.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
