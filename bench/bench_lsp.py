"""Benchmark the language server: one edit in a 1,000-card pack to diagnostics published.

The pack is bench_compile's generator (the sample pack's cards, renumbered) at 1,000 cards
in 10 files of 100.  A real ``munchkin lsp`` process is driven over stdio by a pygls
client, as an editor drives it, with the typing pause (debounce) set to 0 so the figure
is the server's own work plus the protocol.  Each of N edits (default 100) changes one
card of one file: it misspells a race (`+4 against Elf` -> `Elves`, one E101 expected) or
corrects it (none expected); the time runs from sending ``didChange`` to receiving the
edited file's ``publishDiagnostics`` with the expected diagnostics.

Baseline, in the same run: a full ``munchkin check`` of the same pack in-process
(``api.check_pack``: read, parse, every check), median of 10.  Also shown: the
workspace's re-check alone (in-process, no protocol).  Targets: p95 < 50 ms and at
least 10x faster than the full check.

    python bench/bench_lsp.py [EDITS]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.client import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_compile  # noqa: E402

from munchkin_dsl.base.diagnostics import DiagnosticSink  # noqa: E402
from munchkin_dsl.compiler.api import check_pack  # noqa: E402
from munchkin_dsl.lsp.analysis import Workspace  # noqa: E402

CARDS, FILES = 1000, 10
P95_TARGET_MS, SPEEDUP_TARGET = 50.0, 10.0
EDITED = "cards-004.munch"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def edits(text: str, count: int) -> list[tuple[int, int, str, int]]:
    """(line, column, new word, expected diagnostics) for each edit, misspell then fix."""
    rows = [i for i, line in enumerate(text.split("\n")) if "+4 against Elf" in line]
    col = text.split("\n")[rows[0]].index("Elf")
    out = []
    for i in range(count):
        row = rows[(i // 2) % len(rows)]
        out.append((row, col, "Elves", 1) if i % 2 == 0 else (row, col, "Elf", 0))
    return out


async def server_latencies(pack: Path, count: int) -> list[float]:
    client = LanguageClient("bench-lsp", "1")
    doc = (pack / EDITED).resolve()
    uri = doc.as_uri()
    waiting: dict[str, object] = {}

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: lsp.PublishDiagnosticsParams) -> None:
        want = waiting.get("count")
        if params.uri == uri and want is not None and len(params.diagnostics) == want:
            waiting["event"].set()  # type: ignore[attr-defined]

    await client.start_io(sys.executable, "-m", "munchkin_dsl", "lsp")
    await client.initialize_async(lsp.InitializeParams(
        capabilities=lsp.ClientCapabilities(), root_uri=pack.resolve().as_uri(),
        initialization_options={"debounce_ms": 0}))
    client.initialized(lsp.InitializedParams())
    text = doc.read_text(encoding="utf-8")

    async def wait_for(expected: int) -> None:
        waiting["count"], waiting["event"] = expected, asyncio.Event()
        await asyncio.wait_for(waiting["event"].wait(), 60)  # type: ignore[attr-defined]

    waiter = asyncio.ensure_future(wait_for(0))
    await asyncio.sleep(0)
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="munchkin", version=1, text=text)))
    await waiter
    times = []
    for version, (row, col, word, expected) in enumerate(edits(text, count), start=2):
        old = "Elf" if word == "Elves" else "Elves"
        waiter = asyncio.ensure_future(wait_for(expected))
        await asyncio.sleep(0)
        started = time.perf_counter()
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [lsp.TextDocumentContentChangePartial(
                range=lsp.Range(lsp.Position(row, col), lsp.Position(row, col + len(old))),
                text=word)]))
        await waiter
        times.append(time.perf_counter() - started)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return times


def in_process_latencies(pack: Path, count: int) -> list[float]:
    workspace = Workspace()
    doc = (pack / EDITED).resolve()
    workspace.analyse(pack.resolve())
    lines = doc.read_text(encoding="utf-8").split("\n")
    times = []
    for row, col, word, expected in edits("\n".join(lines), count):
        old = "Elf" if word == "Elves" else "Elves"
        lines[row] = lines[row][:col] + word + lines[row][col + len(old):]
        started = time.perf_counter()
        workspace.buffers[doc] = "\n".join(lines)
        analysis = workspace.analyse(pack.resolve())
        times.append(time.perf_counter() - started)
        assert len(analysis.diagnostics) == expected, analysis.diagnostics
    return times


def full_checks(pack: Path, runs: int = 10) -> list[float]:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        sink = DiagnosticSink()
        check_pack(pack, sink)
        times.append(time.perf_counter() - started)
        assert not sink.has_errors
    return times


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 100
    bench_compile.CARDS_PER_FILE = CARDS // FILES
    with tempfile.TemporaryDirectory(prefix="munchkin-bench-lsp-") as tmp:
        pack = bench_compile.generate(Path(tmp), CARDS)
        full = full_checks(pack)
        server = asyncio.run(server_latencies(pack, count))
        local = in_process_latencies(pack, count)
    ms = 1000
    full_p50 = statistics.median(full)
    p50, p95 = percentile(server, 0.5), percentile(server, 0.95)
    print(f"pack: {CARDS:,} cards in {FILES} files; {count} edits, one card each; Python "
          f"{sys.version.split()[0]}")
    print(f"{'what':<48} {'p50 ms':>8} {'p95 ms':>8}")
    print(f"{'edit -> publishDiagnostics (munchkin lsp, stdio)':<48} {p50 * ms:>8.1f} "
          f"{p95 * ms:>8.1f}")
    print(f"{'edit -> re-check (in-process Workspace)':<48} "
          f"{percentile(local, 0.5) * ms:>8.1f} {percentile(local, 0.95) * ms:>8.1f}")
    print(f"{'full check of the pack (api.check_pack)':<48} {full_p50 * ms:>8.1f} "
          f"{percentile(full, 0.95) * ms:>8.1f}")
    speedup = full_p50 / p95
    ok = p95 * ms < P95_TARGET_MS and speedup >= SPEEDUP_TARGET
    print(f"p95 {p95 * ms:.1f} ms (target < {P95_TARGET_MS:.0f}); full check p50 / edit p95 = "
          f"{speedup:.1f}x (target >= {SPEEDUP_TARGET:.0f}x): {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
