"""The README's end-to-end performance table is the one bench/write_table.py writes from
bench/results/e2e.json: a figure typed by hand, or a results file updated without the
README, fails here."""

from __future__ import annotations

import subprocess
import sys

from conftest import REPO


def test_the_readme_table_is_the_measured_one() -> None:
    proc = subprocess.run([sys.executable, str(REPO / "bench" / "write_table.py"), "--check"],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, ("README.md's performance table differs from "
                                  "bench/results/e2e.json; run `python bench/write_table.py`"
                                  + proc.stderr)
