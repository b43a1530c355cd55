"""The long run of issue 22: 10,000 checked bot games per sample pack, through the CLI.

Runs, for each pack under ``packs/``, ``munchkin simulate PACK -n GAMES --players 4
--seed 1 --check-invariants --format json --replays DIR`` (every invariant checked after
every action; a game that breaks one is saved as a replay file), keeps each JSON report in
``--out`` and prints the README's table: games, broken invariants, games at the turn cap,
turns per player, how games end, fights won, runs away, deaths and levels per source.
Too long for CI (about 5-20 minutes per pack on one core); run it at low priority on a
shared machine:

    nice -n 19 python bench/long_games.py [--games 10000] [--jobs 1] [--out DIR]
    python bench/long_games.py --table-only --out DIR   # the table from saved reports
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKS = sorted(p.name for p in (ROOT / "packs").iterdir() if (p / "pack.munch").exists())


def run_pack(pack: str, games: int, jobs: int, out: Path) -> dict[str, Any]:
    """One pack's checked run through the CLI; its JSON report is saved and returned."""
    cmd = [sys.executable, "-m", "munchkin_dsl", "simulate", str(ROOT / "packs" / pack),
           "-n", str(games), "--players", "4", "--seed", "1", "--jobs", str(jobs),
           "--check-invariants", "--replays", str(out / f"replays-{pack}"),
           "--format", "json"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    took = time.perf_counter() - start
    if proc.returncode not in (0, 1) or not proc.stdout.strip():
        raise SystemExit(f"{pack}: simulate exited {proc.returncode}: {proc.stderr[-2000:]}")
    doc: dict[str, Any] = json.loads(proc.stdout)
    shown = ["munchkin", "simulate", f"packs/{pack}", *cmd[5:cmd.index("--replays")],
             "--format", "json"]  # no path of this machine in the saved report
    doc["bench"] = {"seconds": round(took, 1), "jobs": jobs, "command": " ".join(shown)}
    (out / f"{pack}.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n",
                                      encoding="utf-8")
    return doc


def row(pack: str, doc: dict[str, Any]) -> str:
    """The README's table row of one pack's report."""
    fig = doc["games_like_munchkin"]
    ends = ", ".join(f"{k} {v:.1%}" for k, v in fig["endings"].items() if v)
    levels = " / ".join(f"{fig['levels_per_game'].get(k, 0):.1f}" for k in
                        ("kill", "card", "sell"))
    players = doc["players"]
    return (f"| {pack} | {doc['games']:,} | {len(doc['invariants']['broken'])} | "
            f"{fig['turn_cap_games']} | {fig['turns_per_player']:.1f} (median "
            f"{doc['length']['median'] / players:.1f}) | {ends} | {fig['fights_won']:.1%} "
            f"({fig['fights_per_game']:.1f}) | {fig['runs_per_game']:.1f} "
            f"({fig['escapes']:.1%}) | {fig['deaths_per_game']:.2f} | {levels} |")


HEADER = ("| pack | games | broken | at the turn cap | turns per player: mean (median) | "
          "ends by | fights won (per game) | runs away per game (escaped) | deaths per game "
          "| levels per game: kill / card / sell |\n|---|---|---|---|---|---|---|---|---|---|")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pack", action="append", default=None, help="a folder name under "
                        "packs/ (repeatable; default: every sample pack)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "long_games")
    parser.add_argument("--table-only", action="store_true")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    rows = []
    for pack in args.pack or PACKS:
        saved = args.out / f"{pack}.json"
        if args.table_only:
            if not saved.exists():
                continue
            doc = json.loads(saved.read_text(encoding="utf-8"))
        else:
            doc = run_pack(pack, args.games, args.jobs, args.out)
            print(f"{pack}: {doc['bench']['seconds']} s", file=sys.stderr, flush=True)
        rows.append(row(pack, doc))
    print(HEADER)
    print("\n".join(rows))


if __name__ == "__main__":
    main()
