"""Benchmark the language server with a real client, default settings, beside a full check.

The pack is bench_compile's generator (the sample pack's cards, renumbered) at 1,000 cards
in 10 files of 100.  A real ``munchkin lsp`` process is driven over stdio by a pygls
client, as an editor drives it, with the server's default settings (no initialization
options: no typing pause).  Measured, each in the same run:

* start -> first diagnostics: from starting the process to the opened file's first
  ``publishDiagnostics`` (process start, initialize, then on a pack this large the opened
  file's syntax errors ahead of the rest, see ``lsp/analysis.py``'s PREVIEW_BYTES, and
  ``lsp/early.py`` for what comes before pygls loads; ``bench_lsp_start.py`` takes the
  start apart, over several starts, paired with another checkout);
* start -> whole pack checked: to the first ``publishDiagnostics`` of every file (the
  whole pack parsed and checked);
* the same two for a second server started on the same pack (an editor reopened): the
  files' parses come from the build cache the first session filled;
* a request while the first (whole-pack) check runs: ``$/cancelRequest`` answered, and a
  request that needs no check (folding ranges) answered, while the check goes on;
* edit -> diagnostics: each of N edits (default 100) changes one card of one file: it
  misspells a race (`+4 against Elf` -> `Elves`, one E101 expected) or corrects it (none
  expected); the time runs from sending ``didChange`` to receiving the edited file's
  ``publishDiagnostics`` with the expected diagnostics;
* request latencies after the edits: hover on a card id, completion, definition,
  references, semantic tokens, rename.

Baseline, in the same run: a full ``munchkin check`` of the same pack in-process
(``api.check_pack``: read, parse, every check), median of 10; and the workspace's
re-check alone (in-process, no protocol).  Targets: edit p95 <= 50 ms and at least 10x
faster than the full check; start -> first diagnostics <= 500 ms.

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
from bench_lsp_start import cpu_seconds  # noqa: E402

from munchkin_dsl.base.diagnostics import DiagnosticSink  # noqa: E402
from munchkin_dsl.compiler.api import check_pack  # noqa: E402
from munchkin_dsl.lsp.analysis import Workspace  # noqa: E402

CARDS, FILES = 1000, 10
P95_TARGET_MS, SPEEDUP_TARGET, START_TARGET_MS = 50.0, 10.0, 500.0
REQUESTS = 20
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


async def server_latencies(pack: Path, count: int) -> dict[str, list[float]]:
    """Every figure measured through the protocol, in seconds, by name."""
    client = LanguageClient("bench-lsp", "1")
    doc = (pack / EDITED).resolve()
    uri = doc.as_uri()
    waiting: dict[str, object] = {}
    out: dict[str, list[float]] = {}

    seen: set[str] = set()
    whole = asyncio.Event()

    arrived: dict[str, float] = {}  # when the first diagnostics, and the whole pack's, came

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: lsp.PublishDiagnosticsParams) -> None:
        seen.add(params.uri)
        if len(seen) == FILES + 1:  # the card files and the manifest
            arrived.setdefault("whole", time.perf_counter())
            whole.set()
        want = waiting.get("count")
        if params.uri == uri and want is not None and len(params.diagnostics) == want:
            arrived.setdefault("first", time.perf_counter())
            waiting["event"].set()  # type: ignore[attr-defined]

    async def wait_for(expected: int) -> None:
        waiting["count"], waiting["event"] = expected, asyncio.Event()
        await asyncio.wait_for(waiting["event"].wait(), 60)  # type: ignore[attr-defined]

    text = doc.read_text(encoding="utf-8")
    started = time.perf_counter()
    waiter = asyncio.ensure_future(wait_for(0))
    await client.start_io(sys.executable, "-m", "munchkin_dsl", "lsp")
    await client.initialize_async(lsp.InitializeParams(
        capabilities=lsp.ClientCapabilities(), root_uri=pack.resolve().as_uri()))
    client.initialized(lsp.InitializedParams())
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="munchkin", version=1, text=text)))
    ident = lsp.TextDocumentIdentifier(uri)
    # while the first check of the whole pack runs: a cancelled request, a free one
    sent = time.perf_counter()
    pending = client.protocol.send_request_async(
        lsp.TEXT_DOCUMENT_HOVER, lsp.HoverParams(ident, lsp.Position(0, 10)), msg_id="hover-1")
    await asyncio.sleep(0)
    client.protocol.notify(lsp.CANCEL_REQUEST, lsp.CancelParams(id="hover-1"))
    try:
        await pending
        cancelled = False
    except Exception:  # noqa: BLE001 - the server's RequestCancelled error
        cancelled = True
    out["$/cancelRequest during the first check"] = [time.perf_counter() - sent]
    sent = time.perf_counter()
    await client.text_document_folding_range_async(lsp.FoldingRangeParams(ident))
    out["folding ranges during the first check"] = [time.perf_counter() - sent]
    await waiter  # (the diagnostics may have come before the requests' replies)
    out["start -> first diagnostics"] = [arrived["first"] - started]
    await asyncio.wait_for(whole.wait(), 60)
    out["start -> whole pack checked"] = [arrived["whole"] - started]
    if not cancelled:
        print("note: the hover finished before the cancel reached the server")
    times = []
    cpu_before = cpu_seconds(client._server.pid)  # type: ignore[union-attr]
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
    out["edit -> publishDiagnostics"] = times
    cpu_after = cpu_seconds(client._server.pid)  # type: ignore[union-attr]
    if cpu_before is not None and cpu_after is not None:  # the load does not inflate it
        out["server CPU per edit (mean)"] = [(cpu_after - cpu_before) / count]
    lines = text.split("\n")
    card_row = next(i for i, line in enumerate(lines) if line.startswith("monster "))
    card_col = lines[card_row].index(" ") + 2
    stat_row = next(i for i, line in enumerate(lines) if "+4 against Elf" in line)
    at_card = lsp.Position(card_row, card_col)
    requests = {
        "hover on a card id": lambda: client.text_document_hover_async(
            lsp.HoverParams(ident, at_card)),
        "completion in a card": lambda: client.text_document_completion_async(
            lsp.CompletionParams(ident, lsp.Position(stat_row, 2))),
        "definition of a card id": lambda: client.text_document_definition_async(
            lsp.DefinitionParams(ident, at_card)),
        "references of a card id": lambda: client.text_document_references_async(
            lsp.ReferenceParams(text_document=ident, position=at_card,
                                context=lsp.ReferenceContext(include_declaration=True))),
        "rename a card id": lambda: client.text_document_rename_async(
            lsp.RenameParams(ident, at_card, "renamed-card")),
        "semantic tokens (100 cards)": lambda: client.text_document_semantic_tokens_full_async(
            lsp.SemanticTokensParams(ident)),
    }
    for name, call in requests.items():
        spent = []
        for _ in range(REQUESTS):
            sent = time.perf_counter()
            await call()
            spent.append(time.perf_counter() - sent)
        out[name] = spent
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return out


async def restart(pack: Path) -> dict[str, list[float]]:
    """A second server on the same pack, as when an editor is reopened: start -> the opened
    file's first diagnostics, and -> every file's."""
    client = LanguageClient("bench-lsp", "1")
    doc = (pack / EDITED).resolve()
    first, whole = asyncio.Event(), asyncio.Event()
    seen: set[str] = set()

    @client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: lsp.PublishDiagnosticsParams) -> None:
        seen.add(params.uri)
        if params.uri == doc.as_uri():
            first.set()
        if len(seen) == FILES + 1:
            whole.set()

    started = time.perf_counter()
    await client.start_io(sys.executable, "-m", "munchkin_dsl", "lsp")
    await client.initialize_async(lsp.InitializeParams(
        capabilities=lsp.ClientCapabilities(), root_uri=pack.resolve().as_uri()))
    client.initialized(lsp.InitializedParams())
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=doc.as_uri(), language_id="munchkin", version=1,
        text=doc.read_text(encoding="utf-8"))))
    await asyncio.wait_for(first.wait(), 60)
    out = {"restart -> first diagnostics (build cache warm)": [time.perf_counter() - started]}
    await asyncio.wait_for(whole.wait(), 60)
    out["restart -> whole pack checked (build cache warm)"] = [time.perf_counter() - started]
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return out


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
        server.update(asyncio.run(restart(pack)))
        local = in_process_latencies(pack, count)
    ms = 1000
    full_p50 = statistics.median(full)
    edit = server["edit -> publishDiagnostics"]
    p95 = percentile(edit, 0.95)
    start = server["start -> first diagnostics"][0]
    print(f"pack: {CARDS:,} cards in {FILES} files; {count} edits, one card each; "
          f"{REQUESTS} of each request; default settings; Python {sys.version.split()[0]}")
    print(f"{'what':<52} {'p50 ms':>8} {'p95 ms':>8}")
    for name, values in server.items():
        print(f"{name + ' (munchkin lsp, stdio)':<52} {percentile(values, 0.5) * ms:>8.1f} "
              f"{percentile(values, 0.95) * ms:>8.1f}")
    print(f"{'edit -> re-check (in-process Workspace)':<52} "
          f"{percentile(local, 0.5) * ms:>8.1f} {percentile(local, 0.95) * ms:>8.1f}")
    print(f"{'full check of the pack (api.check_pack)':<52} {full_p50 * ms:>8.1f} "
          f"{percentile(full, 0.95) * ms:>8.1f}")
    speedup = full_p50 / p95
    ok = (p95 * ms <= P95_TARGET_MS and speedup >= SPEEDUP_TARGET
          and start * ms <= START_TARGET_MS)
    print(f"edit p95 {p95 * ms:.1f} ms (target <= {P95_TARGET_MS:.0f}); full check p50 / edit "
          f"p95 = {speedup:.1f}x (target >= {SPEEDUP_TARGET:.0f}x); start -> first "
          f"diagnostics {start * ms:.0f} ms (target <= {START_TARGET_MS:.0f}): "
          f"{'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
