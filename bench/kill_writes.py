"""Kill `munchkin compile` and `munchkin print` mid-run (SIGKILL) and check what is left.

Each round starts the command on the sample pack with -o pointing at an existing output,
sleeps a random time within the command's own duration, kills it with SIGKILL, then
checks that the output is either the old file or a complete new one (valid JSON; a PDF
ending in %%EOF) and that, after the next run, no temporary file remains.

    python bench/kill_writes.py [--rounds N] [--seed S]

Prints per command: rounds, kills that landed before the command finished, corrupted
outputs and temporary files left behind (targets: 0 and 0).
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SAMPLE = REPO / "packs" / "munchkin-1.6"
COMMANDS = {"compile": ("out.json", ["compile", str(SAMPLE), "-o"]),
            "print": ("out.pdf", ["print", str(SAMPLE), "--backs", "-o"])}


def complete(path: Path, kind: str) -> bool:
    data = path.read_bytes()
    if kind == "compile":
        try:
            json.loads(data)
        except ValueError:
            return False
        return True
    return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")


def one_round(work: Path, kind: str, rng: random.Random, duration: float) -> tuple[bool, bool,
                                                                                   int]:
    """(killed before the end, output corrupted, temp files left after the next run)."""
    name, args = COMMANDS[kind]
    out = work / name
    old = out.read_bytes()
    proc = subprocess.Popen([sys.executable, "-m", "munchkin_dsl", *args, str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(rng.uniform(0, duration))
    killed = proc.poll() is None
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    corrupted = not (out.read_bytes() == old or complete(out, kind))
    subprocess.run([sys.executable, "-m", "munchkin_dsl", *args, str(out)],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    left = len([p for p in work.iterdir() if p.name.endswith(".tmp")])
    return killed, corrupted, left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100, help="kills per command")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for kind, (name, cmd) in COMMANDS.items():
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "munchkin_dsl", *cmd, str(work / name)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            duration = time.perf_counter() - started
            killed = corrupted = left = 0
            for _ in range(args.rounds):
                k, c, n = one_round(work, kind, rng, duration)
                killed, corrupted, left = killed + k, corrupted + c, left + n
            failed |= bool(corrupted or left)
            print(f"{kind:<8} rounds {args.rounds}, killed mid-run {killed}, corrupted outputs "
                  f"{corrupted}, temp files left {left} (one run {duration:.2f} s)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
