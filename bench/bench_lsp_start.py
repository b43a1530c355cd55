"""Benchmark `munchkin lsp`'s start on the 1,000-card pack: where the time goes, paired.

Start -> first diagnostics is the wait of an author who opens an editor on a pack; on a
loaded machine one start says little, so this script starts the server N times (default
7) and reports medians, and with ``--against DIR`` (another checkout of the project, e.g.
the main branch) it starts that code's server too, alternating the two, so both see the
same load.  Each start is a real ``munchkin lsp`` process driven over stdio by a pygls
client with default settings, as in ``bench_lsp.py`` (same pack: bench_compile's generator,
1,000 cards in 10 files of 100; the client sends initialize, initialized and didOpen of
one file back to back, as editors do).  Measured for each start, from process start:

* initialize reply: the server answered ``initialize`` (interpreter start and the
  imports it needs first), and the server's CPU time by then;
* first diagnostics: the opened file's first ``publishDiagnostics``;
* whole pack: every file's first ``publishDiagnostics``;
* server CPU to first diagnostics: the server process's user + system time when the first
  diagnostics arrive (from /proc; the figure the machine's load does not inflate much);

each for a *first* start on the pack (its parses not in the build cache; what the tool
keeps that no pack changes, the parser tables, the dataclass code and the reply to this
client's ``initialize``, filled by an earlier session on another pack, as after any use
of the editor), a *restart* (the first session's parses cached), and a start for a
*new client* (the first ever: the reply to its ``initialize`` not kept yet, see
``lsp/early.py``).  Every start gets a cache folder of its own (``MUNCHKIN_CACHE_DIR``),
so runs do not warm each other.
Also: ``python -m munchkin_dsl lsp </dev/null`` (start, the imports done before the first
message is read, exit), wall and CPU.  Target: first diagnostics <= 500 ms (median).

    python bench/bench_lsp_start.py [--starts N] [--against OTHER_CHECKOUT]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_compile  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
CARDS, FILES = 1000, 10
EDITED = "cards-004.munch"
START_TARGET_MS = 500.0
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float | None:
    """A process's user + system CPU time so far (Linux), else None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / TICK


async def one_start(code: Path, pack: Path, cache: Path, opened: str = EDITED,
                    files: int = FILES) -> dict[str, float]:
    """One session of the server in ``code`` on ``pack`` (``files`` card files), with
    ``opened`` open: its start-up figures in ms."""
    client = LanguageClient("bench-lsp-start", "1")
    doc = (pack / opened).resolve()
    first, whole = asyncio.Event(), asyncio.Event()
    seen: set[str] = set()
    out: dict[str, float] = {}
    pid = 0

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: lsp.PublishDiagnosticsParams) -> None:
        now = time.perf_counter()
        seen.add(params.uri)
        if params.uri == doc.as_uri() and not first.is_set():
            out["first diagnostics"] = (now - started) * 1000
            out["server CPU to first diagnostics"] = (cpu_seconds(pid) or 0.0) * 1000
            first.set()
        if len(seen) == files + 1 and not whole.is_set():  # the card files and the manifest
            out["whole pack"] = (now - started) * 1000
            whole.set()

    env = dict(os.environ, PYTHONPATH=str(code), MUNCHKIN_CACHE_DIR=str(cache))
    started = time.perf_counter()
    # run from outside both checkouts: `python -m` puts the working folder first on the path
    await client.start_io(sys.executable, "-m", "munchkin_dsl", "lsp", env=env,
                          cwd=str(cache.parent))
    pid = client._server.pid  # type: ignore[union-attr]  # pygls keeps the process here
    await client.initialize_async(lsp.InitializeParams(
        capabilities=lsp.ClientCapabilities(), root_uri=pack.resolve().as_uri()))
    out["initialize reply"] = (time.perf_counter() - started) * 1000
    out["server CPU to initialize reply"] = (cpu_seconds(pid) or 0.0) * 1000
    client.initialized(lsp.InitializedParams())
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=doc.as_uri(), language_id="munchkin", version=1,
        text=doc.read_text(encoding="utf-8"))))
    await asyncio.wait_for(first.wait(), 60)
    await asyncio.wait_for(whole.wait(), 60)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return out


def bare_start(code: Path, cache: Path) -> dict[str, float]:
    """``munchkin lsp`` with nothing to read: start, first imports, exit (wall, CPU ms)."""
    env = dict(os.environ, PYTHONPATH=str(code), MUNCHKIN_CACHE_DIR=str(cache))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "munchkin_dsl", "lsp"], stdin=subprocess.DEVNULL,
                   capture_output=True, env=env, check=True, cwd=cache.parent)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return {"process start + imports, exit (wall)": wall * 1000,
            "process start + imports, exit (CPU)": cpu * 1000}


def tool_caches(code: Path, tmp: Path) -> Path:
    """A cache folder holding only what any earlier `munchkin` run leaves for ``code``:
    the parser tables and the dataclass code (a server session on another, tiny pack)."""
    cache = tmp / f"tool-cache-{abs(hash(str(code)))}"
    tiny = tmp / "tiny"
    if not tiny.exists():
        tiny.mkdir()
        bench_compile.CARDS_PER_FILE = 1
        bench_compile.generate(tiny, 1)
    asyncio.run(one_start(code, tiny, cache, "cards-000.munch", 1))
    shutil.rmtree(cache / "parses", ignore_errors=True)
    return cache


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--starts", type=int, default=7)
    parser.add_argument("--against", type=Path, help="another checkout, started alternately")
    args = parser.parse_args(argv)
    codes = {"this": REPO} | ({"against": args.against.resolve()} if args.against else {})
    rows: dict[str, dict[str, list[float]]] = {name: {} for name in codes}
    with tempfile.TemporaryDirectory(prefix="munchkin-bench-lsp-start-") as name:
        tmp = Path(name)
        templates = {label: tool_caches(code, tmp) for label, code in codes.items()}
        bench_compile.CARDS_PER_FILE = CARDS // FILES
        (tmp / "big").mkdir()
        pack = bench_compile.generate(tmp / "big", CARDS)
        for run in range(args.starts):
            order = list(codes.items())
            for label, code in order if run % 2 == 0 else order[::-1]:
                cache = tmp / f"cache-{label}-{run}"
                shutil.copytree(templates[label], cache)
                figures = {f"first start: {k}": v
                           for k, v in asyncio.run(one_start(code, pack, cache)).items()}
                figures |= {f"restart: {k}": v
                            for k, v in asyncio.run(one_start(code, pack, cache)).items()}
                figures |= bare_start(code, cache)
                shutil.rmtree(cache)
                shutil.copytree(templates[label], cache)
                shutil.rmtree(cache / "lsp-initialize", ignore_errors=True)
                figures |= {f"new client: {k}": v
                            for k, v in asyncio.run(one_start(code, pack, cache)).items()}
                for key, value in figures.items():
                    rows[label].setdefault(key, []).append(value)
                shutil.rmtree(cache)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"pack: {CARDS:,} cards in {FILES} files; {args.starts} starts each"
          f"{', alternating with ' + str(codes['against']) if args.against else ''}; "
          f"load average {load:.2f}; Python {sys.version.split()[0]}")
    header = f"{'median ms (min-max)':<48}" + "".join(f"{label:>22}" for label in codes)
    print(header)
    for key in rows["this"]:
        cells = []
        for label in codes:
            values = rows[label].get(key, [])
            cells.append(f"{statistics.median(values):.0f} ({min(values):.0f}-"
                         f"{max(values):.0f})" if values else "-")
        print(f"{key:<48}" + "".join(f"{c:>22}" for c in cells))
    start = statistics.median(rows["this"]["first start: first diagnostics"])
    print(f"start -> first diagnostics {start:.0f} ms (target <= {START_TARGET_MS:.0f}): "
          f"{'met' if start <= START_TARGET_MS else 'MISSED'}")
    return 0 if start <= START_TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
