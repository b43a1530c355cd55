"""End-to-end benchmarks: the installed command as a user runs it, against its floor.

Every figure is a whole process, from its start to its files on disk, timed with the
operating system's accounting of the finished child (``os.wait4``: wall clock, CPU seconds,
peak resident memory).  Each surface is paired with a floor that does the least any tool
must do for the same job, and the two run interleaved (A B A B ...), so a change of the
machine's speed during the run hits both; the ratio is taken pair by pair and its median
reported with the spread.  The results go to ``bench/results/e2e.json``;
``bench/write_table.py`` turns them into the README's performance table.

    python bench/e2e.py [--runs 5] [--cards 10000] [--only compile,check,...]

Run it with the package installed (``pip install .``): it times the ``munchkin`` console
script, as a user would; without it, ``python -m munchkin_dsl``.  The children run with
Python's bytecode cache on (in a temporary folder, filled by each surface's warm-up pair),
as an installed copy has it (pip compiles the package at install): with
``PYTHONDONTWRITEBYTECODE`` set, every run would compile the tool's sources again, and the
floor's (lark's, click's) would still come compiled from site-packages.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
RESULTS = REPO / "bench" / "results" / "e2e.json"
sys.path.insert(0, str(REPO / "bench"))


def munchkin() -> list[str]:
    script = shutil.which("munchkin")
    return [script] if script else [sys.executable, "-m", "munchkin_dsl"]


@dataclass
class Sample:
    wall: float
    cpu: float
    peak_mib: float


def run_once(command: Sequence[str], cwd: Path, env: dict[str, str]) -> Sample:
    started = time.perf_counter()
    proc = subprocess.Popen(list(command), cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0,):
        raise SystemExit(f"{' '.join(command)} failed ({proc.returncode}): {err.decode()[:800]}")
    return Sample(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


@dataclass
class Figure:
    """One surface against its floor, with medians and spreads of both and of the ratio."""

    surface: str
    floor: str
    unit: str
    target: str
    runs: int
    ours: dict[str, float] = field(default_factory=dict)
    base: dict[str, float] = field(default_factory=dict)
    ratio: dict[str, float] = field(default_factory=dict)
    extra: dict[str, float | str] = field(default_factory=dict)


def spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def paired(surface: str, floor: str, ours: Sequence[str], base: Sequence[str], cwd: Path,
           runs: int, target: str, env: dict[str, str] | None = None,
           before: Callable[[], None] | None = None, metric: str = "wall") -> Figure:
    """Time ``ours`` and ``base`` interleaved, ``runs`` pairs after one warm-up pair."""
    env = {**os.environ, **(env or {})}
    a: list[Sample] = []
    b: list[Sample] = []
    for index in range(runs + 1):
        if before:
            before()
        one = run_once(ours, cwd, env)
        two = run_once(base, cwd, env)
        if index:  # the first pair warms the file cache and .pyc files
            a.append(one)
            b.append(two)
    fig = Figure(surface, floor, "s", target, runs)
    fig.ours = {**spread([getattr(s, metric) for s in a]),
                "peak_mib": statistics.median(s.peak_mib for s in a)}
    fig.base = {**spread([getattr(s, metric) for s in b]),
                "peak_mib": statistics.median(s.peak_mib for s in b)}
    fig.ratio = spread([getattr(x, metric) / getattr(y, metric) for x, y in zip(a, b, strict=True)])
    # CPU seconds too: on a loaded machine they vary less than the wall clock.
    fig.extra["cpu_s"] = statistics.median(s.cpu for s in a)
    fig.extra["floor_cpu_s"] = statistics.median(s.cpu for s in b)
    cpu_ratios = [x.cpu / y.cpu for x, y in zip(a, b, strict=True)]
    fig.extra.update({f"cpu_ratio_{k}": v for k, v in spread(cpu_ratios).items()})
    return fig


def solo(surface: str, command: Sequence[str], cwd: Path, runs: int, target: str,
         env: dict[str, str] | None = None) -> Figure:
    env = {**os.environ, **(env or {})}
    samples = [run_once(command, cwd, env) for _ in range(runs + 1)][1:]
    fig = Figure(surface, "-", "s", target, runs)
    fig.ours = {**spread([s.wall for s in samples]),
                "peak_mib": statistics.median(s.peak_mib for s in samples)}
    return fig


# ---------------------------------------------------------------- the floors
BARE_PARSE = """
import sys
from pathlib import Path
from munchkin_dsl.language.parser import compiled_parser
lark = compiled_parser().lark
for path in sorted(Path(sys.argv[1]).glob('*.munch')):
    lark.parse(path.read_text(encoding='utf-8'))
"""

#: The floor of `print`: the same card text drawn by bench_print.py's minimal reportlab
#: script (frames and one drawString per line, same fonts and page grid), read from a JSON
#: file the parent wrote, so the floor neither compiles nor generates text.
BARE_PRINT = """
import json, sys
from pathlib import Path
from types import SimpleNamespace
sys.path.insert(0, sys.argv[3])
import bench_print
faces = [SimpleNamespace(**f) for f in json.loads(Path(sys.argv[1]).read_text('utf-8'))]
bench_print.floor(faces, Path(sys.argv[2]))
"""

FACE_FIELDS = ("title", "kind_line", "corner_left", "corner_right", "body", "bad_stuff",
               "footer_left", "tags", "card_id", "ruleset_mark")


def print_faces(pack: Path, out: Path) -> int:
    """Write the text of the pack's printed cards for :data:`BARE_PRINT`; the card count."""
    from munchkin_dsl.compiler.api import compile_packs
    from munchkin_dsl.render.from_cards import faces_of_packs

    result = compile_packs([pack])
    assert result.data is not None, f"{pack} does not compile"
    faces, _ = faces_of_packs(result.packs, result.data.cards, None, ("en", "ru", "pl"))
    rows = [{name: getattr(face, name, "") for name in FACE_FIELDS} for face in faces]
    out.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    return len(rows)


def surfaces(work: Path, runs: int, cards: int, only: set[str]) -> list[Figure]:
    import bench_compile

    big = work / "big"
    big.mkdir()
    bench_compile.generate(big, cards)
    one = work / "one"
    one.mkdir()
    bench_compile.generate(one, 1)
    size = sum(p.stat().st_size for p in big.glob("*.munch"))
    cache = work / "cache"
    cold = {"MUNCHKIN_NO_CACHE": "1"}
    warm = {"MUNCHKIN_CACHE_DIR": str(cache)}
    cmd = munchkin()
    floor = [sys.executable, "-c", BARE_PARSE, str(big)]
    figures: list[Figure] = []

    def wanted(name: str) -> bool:
        return not only or name in only

    if wanted("compile"):
        fig = paired(f"`compile` {cards:,} cards", "bare `lark.parse` of the same files",
                     [*cmd, "compile", str(big), "-o", str(work / "out.json")], floor, work,
                     runs, "throughput >= 0.8x the floor", cold)
        fig.extra["cards_per_s"] = cards / fig.ours["median"]
        fig.extra["floor_cards_per_s"] = cards / fig.base["median"]
        fig.extra["input_mib"] = size / 2**20
        figures.append(fig)
    if wanted("check"):
        fig = paired(f"`check` {cards:,} cards", "bare `lark.parse` of the same files",
                     [*cmd, "check", str(big)], floor, work, runs,
                     "throughput >= 0.9x the floor", cold)
        fig.extra["cards_per_s"] = cards / fig.ours["median"]
        fig.extra["input_mib"] = size / 2**20
        figures.append(fig)
    if wanted("startup"):
        figures.append(paired("`check` of a 1-card pack", '`python -c "import lark, click"`',
                              [*cmd, "check", str(one)],
                              [sys.executable, "-c", "import lark, click"], work, runs,
                              "<= 1.5x the floor", cold))
    if wanted("warm"):
        subprocess.run([*cmd, "check", str(big)], cwd=work, env={**os.environ, **warm},
                       capture_output=True, check=False)
        subprocess.run([*cmd, "compile", str(big), "-o", str(work / "w.json")], cwd=work,
                       env={**os.environ, **warm}, capture_output=True, check=True)
        figures.append(paired(f"`check` {cards:,} cards, unchanged, build cache warm",
                              '`python -c "import lark, click"`', [*cmd, "check", str(big)],
                              [sys.executable, "-c", "import lark, click"], work, runs,
                              "<= 0.25 s", warm))
        figures.append(paired(f"`compile` {cards:,} cards, unchanged, build cache warm",
                              '`python -c "import lark, click"`',
                              [*cmd, "compile", str(big), "-o", str(work / "w.json")],
                              [sys.executable, "-c", "import lark, click"], work, runs,
                              "<= 0.25 s", warm))
        edited = sorted(big.glob("cards-*.munch"))[0]
        original = edited.read_text(encoding="utf-8")
        flip = [0]

        def edit() -> None:
            flip[0] += 1
            edited.write_text(original + f"\n# edit {flip[0]}\n", encoding="utf-8")

        figures.append(paired(f"`compile` {cards:,} cards after one edited file, cache warm",
                              "cold `compile` (--no-cache) of the same pack",
                              [*cmd, "compile", str(big), "-o", str(work / "e.json")],
                              [*cmd, "compile", str(big), "--no-cache", "-o",
                               str(work / "c.json")], work, runs,
                              "redoes only what depends on the file", warm, before=edit))
        edited.write_text(original, encoding="utf-8")
    if wanted("print"):
        figures += print_surfaces(work, runs, cmd, cold, warm)
    return figures


def print_surfaces(work: Path, runs: int, cmd: list[str], cold: dict[str, str],
                   warm: dict[str, str], cards: int = 1000) -> list[Figure]:
    """`print` of a 1,000-card pack, cold, with the build cache warm (the run's entry
    answers) and with only the parses cached, against :data:`BARE_PRINT` drawing the
    same text; compared in wall and in CPU seconds."""
    import bench_compile

    pack = work / "print-pack"
    pack.mkdir()
    bench_compile.generate(pack, cards)
    texts = work / "print-faces.json"
    count = print_faces(pack, texts)
    floor = [sys.executable, "-c", BARE_PRINT, str(texts), str(work / "floor.pdf"),
             str(REPO / "bench")]
    ours = [*cmd, "print", str(pack), "-o", str(work / "cards.pdf")]
    subprocess.run(ours, cwd=work, env={**os.environ, **warm}, capture_output=True, check=True)
    # The third figure misses the run's cache entry (a file of the pack folder that no
    # card reads changes before each run) but finds every file's parse: what a print
    # costs after the pack folder changed without a card changing.
    touched = pack / "notes.txt"
    stamp = [0]

    def touch() -> None:
        stamp[0] += 1
        touched.write_text(f"print run {stamp[0]}\n", encoding="utf-8")

    figures = []
    for label, env, before in (("", cold, None), (", build cache warm", warm, None),
                               (", parse cache warm, run cache missed", warm, touch)):
        fig = paired(f"`print` {count:,} cards{label}",
                     "minimal reportlab script drawing the same card text", ours, floor,
                     work, runs, "<= 2.0x the floor (goal 1.5x)", env, before=before)
        fig.extra["pdf_mib"] = (work / "cards.pdf").stat().st_size / 2**20
        fig.extra["floor_pdf_mib"] = (work / "floor.pdf").stat().st_size / 2**20
        figures.append(fig)
    return figures


def machine(load_before: float) -> dict[str, str]:
    """The machine and the run's date, with the load average (1 minute) when the run began
    and ended: on a shared machine the wall clock of every figure moves with it."""
    return {"python": platform.python_version(), "system": platform.platform(terse=True),
            "cores": str(os.cpu_count()), "date": time.strftime("%Y-%m-%d"),
            "load": f"{load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--only", default="", help="comma-separated surfaces")
    args = parser.parse_args(argv)
    only = {s for s in args.only.split(",") if s}
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        figures = surfaces(Path(tmp), args.runs, args.cards, only)
    previous = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.is_file() else {}
    kept = {f["surface"]: f for f in previous.get("figures", [])}
    kept.update({f.surface: asdict(f) for f in figures})
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"machine": machine(load_before), "figures": list(kept.values())},
                                  ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    for fig in figures:
        ratio = f"{fig.ratio['median']:.2f}x" if fig.ratio else "-"
        print(f"{fig.surface}: {fig.ours['median']:.3f} s (floor {fig.base.get('median', 0):.3f}"
              f" s), ratio {ratio} [{fig.ratio.get('min', 0):.2f}-{fig.ratio.get('max', 0):.2f}]"
              f", peak {fig.ours['peak_mib']:.0f} MiB; CPU {fig.extra.get('cpu_s', 0):.2f} s "
              f"(floor {fig.extra.get('floor_cpu_s', 0):.2f} s), ratio "
              f"{fig.extra.get('cpu_ratio_median', 0):.2f}x")


if __name__ == "__main__":
    main()
