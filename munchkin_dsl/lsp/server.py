"""`munchkin lsp`: the language server (pygls, stdio) for pack (.munch) and scenario (.scn) files.

This module holds the server's state and its diagnostics loop; each feature lives in a
module of its own that registers on :data:`server` (see :mod:`munchkin_dsl.lsp.main`):
completion, hover, navigation (definition, references, rename, symbols, highlight),
editing (formatting, code actions), structure (folding, links, selection ranges,
semantic tokens), lenses (code lenses, inlay hints, commands, the card preview).

Diagnostics: every pack and scenario file in the workspace, open or not.  A check runs
on one worker thread as soon as a file changes (no typing pause by default: re-checking
one card takes a few milliseconds, see ``bench/bench_lsp.py``); an edit that arrives while
a check runs makes that check's result stale, so it is dropped and the pack checked again
with the newest text.  The event loop stays free meanwhile, so every request is answered,
or cancelled with ``$/cancelRequest``, while a long check runs.  Pack diagnostics are
published first; scenarios (which run the engine) follow, file by file.  Clients that
pull diagnostics (``textDocument/diagnostic``) get the same reports.
"""

from __future__ import annotations

import asyncio
import traceback
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from munchkin_dsl import __version__
from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.language.source import MANIFEST, display_name
from munchkin_dsl.lsp.analysis import (
    PREVIEW_BYTES,
    SCENARIO_SUFFIX,
    PackAnalysis,
    Workspace,
    pack_bytes,
)
from munchkin_dsl.lsp.diagnostic_json import SOURCE
from munchkin_dsl.lsp.positions import Codec, codec_for
from munchkin_dsl.lsp.reports import (
    Texts,
    pack_reports,
    scenario_failure,
    to_lsp,
)

#: the typing pause before a check; 0 = check at once (a newer edit drops stale results)
DEFAULT_DEBOUNCE_MS = 0
#: folders never searched for packs
SKIPPED_FOLDERS = frozenset({".git", "node_modules", ".venv", "venv", "__pycache__", "build",
                             "dist", ".tox", ".mypy_cache", ".ruff_cache"})
#: how deep below a workspace folder packs are looked for
SEARCH_DEPTH = 4
def fs_path(uri: str) -> Path:
    """The file a document URI names (an editor's untitled buffer: its URI as a name)."""
    return Path(to_fs_path(uri) or uri)


def file_uri(path: Path) -> str:
    return from_fs_path(str(path)) or path.as_uri()


class MunchkinServer(LanguageServer):
    """The pygls server plus the workspace of packs it checks."""

    def __init__(self) -> None:
        super().__init__("munchkin-lsp", __version__,
                         text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.packs = Workspace.for_editor()
        #: the newest finished check of each pack
        self.analyses: dict[Path, PackAnalysis] = {}
        #: edits seen per pack; a check result older than this is stale
        self.generation: dict[Path, int] = {}
        #: the check loop of each pack while it runs
        self.running: dict[Path, asyncio.Task[None]] = {}
        #: the last diagnostics of each file (for pull requests and for tests)
        self.reports: dict[Path, list[lsp.Diagnostic]] = {}
        self.roots: set[Path] = set()
        self.debounce = DEFAULT_DEBOUNCE_MS / 1000
        self.pull = False
        #: set at `initialized`: nothing is published before the client has the capabilities
        self.started = asyncio.Event()
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="munchkin-check")
        #: open files whose syntax errors were shown ahead of their pack's first check
        self.previewed: set[Path] = set()

    # -- documents and packs --------------------------------------------------------
    @property
    def codec(self) -> Codec:
        """Columns in the position encoding agreed with this client."""
        return codec_for(self.workspace.position_encoding)

    def lines(self, uri: str) -> list[str]:
        return self.workspace.get_text_document(uri).source.split("\n")

    def is_open(self, path: Path) -> bool:
        return path.resolve() in self.packs.buffers

    def root_of(self, path: Path) -> Path:
        if path.suffix == SCENARIO_SUFFIX and path.parent.name == "scenarios":
            return self.packs.pack_root(path.parent / "x.munch")
        return self.packs.pack_root(path)

    async def analysis_for(self, uri: str) -> PackAnalysis:
        """The newest check of the pack ``uri`` belongs to (waits for the first one)."""
        root = self.root_of(fs_path(uri))
        if root not in self.analyses:
            if root not in self.running:
                self.schedule(root)
            task = self.running.get(root)
            if task is not None:
                await asyncio.shield(task)
            if root not in self.analyses:  # the check failed: check here, loudly
                self.analyses[root] = await asyncio.get_running_loop().run_in_executor(
                    self.executor, self.packs.analyse, root, dict(self.packs.buffers))
        return self.analyses[root]

    async def settled(self, root: Path) -> None:
        """Wait until the pack's newest edit has been checked."""
        while (task := self.running.get(root)) is not None:
            await asyncio.shield(task)

    def changed(self, uri: str) -> None:
        path = fs_path(uri).resolve()
        text = self.workspace.get_text_document(uri).source
        before = self.packs.text(path)  # the open buffer, else the file on disk
        self.packs.buffers[path] = text
        root = self.root_of(path)
        if text == before and (root in self.running or root in self.analyses):
            # opened as saved: the check that ran (or runs) read this very text; what it
            # found is sent again for the editor that now shows the file
            if path in self.reports:
                self.publish({path: self.reports[path]}, force=True)
            return
        self.schedule(root)

    def schedule(self, root: Path) -> None:
        """Check ``root`` now, or right after the check that is running (whose result
        is then stale and dropped)."""
        self.roots.add(root)
        self.generation[root] = self.generation.get(root, 0) + 1
        if root not in self.running:
            self.running[root] = asyncio.ensure_future(self._check_loop(root))

    async def _check_loop(self, root: Path) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                seen = self.generation[root]
                if self.debounce:
                    await asyncio.sleep(self.debounce)
                    if self.generation[root] != seen:
                        continue
                snapshot = dict(self.packs.buffers)
                analysis, reports = await loop.run_in_executor(
                    self.executor, self._check, root, snapshot, loop)
                if self.generation[root] != seen:
                    continue  # an edit came in meanwhile: check its text instead
                await self.started.wait()
                self.analyses[root] = analysis
                self.publish(reports)
                await loop.run_in_executor(self.executor, self.packs.cache.save)
                for path in self.scenario_files(root):
                    if self.generation[root] != seen:
                        break
                    report = await loop.run_in_executor(
                        self.executor, self._check_scenarios, analysis, path,
                        snapshot.get(path))
                    if self.generation[root] == seen:
                        self.publish({path: report})
                if self.generation[root] == seen:
                    break
        except Exception:  # noqa: BLE001 - a tool bug must reach the editor's log
            self.window_log_message(lsp.LogMessageParams(
                type=lsp.MessageType.Error,
                message=f"munchkin lsp: checking {root} failed (a bug in munchkin-dsl, not in "
                        f"the pack):\n{traceback.format_exc()}"))
        finally:
            self.running.pop(root, None)
        if self.pull and self._refresh_supported():
            self.workspace_diagnostic_refresh(None)

    def _refresh_supported(self) -> bool:
        caps = self.client_capabilities.workspace
        return bool(caps and caps.diagnostics and caps.diagnostics.refresh_support)

    # -- checking (on the worker thread) -------------------------------------------
    def _check(self, root: Path, buffers: dict[Path, str],
               loop: asyncio.AbstractEventLoop | None = None
               ) -> tuple[PackAnalysis, dict[Path, list[lsp.Diagnostic]]]:
        first = root not in self.analyses and loop is not None and pack_bytes(root) >= \
            PREVIEW_BYTES
        hook = partial(self._preview, root, loop) if first and loop is not None else None
        analysis = self.packs.analyse(root, buffers, before_parse=hook)
        reports = pack_reports(analysis, self.codec)
        if root.is_dir():
            reports.update(self._outsiders(root, analysis, buffers))
        return analysis, reports

    def _preview(self, root: Path, loop: asyncio.AbstractEventLoop) -> None:
        """During a large pack's first check (at start the whole workspace is checked,
        which takes a while; see :data:`PREVIEW_BYTES`): a pack file opened meanwhile is parsed
        ahead of the others and its syntax errors shown at once, so its author does not
        wait for the whole pack.  The check's full diagnostics replace them when it ends
        (the parse is cached, so the check does not parse the file again)."""
        folder = root.resolve()
        for path, text in self.packs.buffers.copy().items():
            if path in self.previewed or path.suffix != ".munch" or folder not in path.parents:
                continue
            self.previewed.add(path)
            sink = DiagnosticSink()
            self.packs.cache.parse(text, display_name(path), sink)
            items = [to_lsp(d, text, self.codec) for d in sink.sorted()]
            loop.call_soon_threadsafe(self._show_preview, path, text, items)

    def _show_preview(self, path: Path, text: str, items: list[lsp.Diagnostic]) -> None:
        """Publish a preview unless the full check got there first or the text changed."""
        if path not in self.reports and self.packs.buffers.get(path) == text:
            self.publish({path: items})
            self.reports.pop(path, None)  # a preview is no report (pull waits for the check)

    def _outsiders(self, root: Path, analysis: PackAnalysis, buffers: dict[Path, str]
                   ) -> dict[Path, list[lsp.Diagnostic]]:
        """Open pack files the manifest does not include: their syntax errors, and a note
        that `munchkin check` does not see them."""
        included = set(analysis.paths.values())
        out = {}
        for path in sorted(p for p in buffers if p.suffix == ".munch"
                           and p not in included and root.resolve() in p.parents):
            text = buffers[path]
            sink = DiagnosticSink()
            self.packs.cache.parse(text, display_name(path), sink)
            items = [to_lsp(d, text, self.codec) for d in sink.sorted()]
            rel = path.relative_to(root.resolve()).as_posix()
            items.append(lsp.Diagnostic(
                range=lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)), source=SOURCE,
                severity=lsp.DiagnosticSeverity.Information,
                message=f"{MANIFEST} does not include this file, so the pack's checks do "
                        f"not see it\nhint: add `include \"{rel}\"` to {MANIFEST}"))
            out[path] = items
        return out

    def scenario_files(self, root: Path) -> list[Path]:
        """The pack's scenario files: on disk, and open ones not saved yet."""
        if not root.is_dir():
            return []
        folder = (root / "scenarios").resolve()
        found = set(folder.glob("*" + SCENARIO_SUFFIX)) if folder.is_dir() else set()
        found |= {p for p in self.packs.buffers if p.parent == folder
                  and p.suffix == SCENARIO_SUFFIX}
        return sorted(p.resolve() for p in found)

    def _check_scenarios(self, analysis: PackAnalysis, path: Path, text: str | None
                         ) -> list[lsp.Diagnostic]:
        if text is None:
            text = self.packs.text(path) or ""
        problems, failures, shown = self.packs.scenario_diagnostics(analysis, path, text)
        texts = Texts(analysis)
        out = [to_lsp(d, text, self.codec, texts.relative(d.message)) for d in problems]
        flagged = {(d.range.start.line, d.code) for d in out}
        for header, failure in failures:
            diagnostic = scenario_failure(text, shown, failure, header, self.codec, texts)
            if (diagnostic.range.start.line, "S010") in flagged or (
                    diagnostic.range.start.line, "S011") in flagged or (
                    diagnostic.range.start.line, "S012") in flagged:
                continue  # the line's own error says it already
            out.append(diagnostic)
        return out

    # -- publishing ----------------------------------------------------------------
    def publish(self, reports: dict[Path, list[lsp.Diagnostic]], force: bool = False) -> None:
        """Send each file's diagnostics: those of open files always (the author waits for
        them), the others when they changed (an edit re-checks the whole pack, and
        re-sending ten unchanged files would cost the editor more than the check)."""
        for path, items in reports.items():
            unchanged = self.reports.get(path) == items
            self.reports[path] = items
            if self.pull and self.is_open(path):
                continue  # the client pulls diagnostics of the files it has open
            if unchanged and not force and not self.is_open(path):
                continue
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=self.packs.uris.get(path) or file_uri(path), diagnostics=items))

    # -- the workspace ---------------------------------------------------------------
    def workspace_roots(self) -> list[Path]:
        """Every pack under the workspace folders (a folder with a pack.munch)."""
        folders = [fs_path(f.uri) for f in self.workspace.folders.values()]
        if not folders and self.workspace.root_path:
            folders = [Path(self.workspace.root_path)]
        found: list[Path] = []
        for folder in folders:
            found += _find_packs(folder, SEARCH_DEPTH)
        return sorted(set(found))


def _find_packs(folder: Path, depth: int) -> list[Path]:
    if not folder.is_dir():
        return []
    if (folder / MANIFEST).is_file():
        return [folder.resolve()]
    if depth == 0:
        return []
    out = []
    try:
        children = sorted(p for p in folder.iterdir() if p.is_dir()
                          and p.name not in SKIPPED_FOLDERS and not p.name.startswith("."))
    except OSError:
        return []
    for child in children:
        out += _find_packs(child, depth - 1)
    return out


server = MunchkinServer()


# ---------------------------------------------------------------- lifecycle and sync
@server.feature(lsp.INITIALIZE)
def initialize(ls: MunchkinServer, params: lsp.InitializeParams) -> None:
    options = params.initialization_options or {}
    if isinstance(options, dict) and "debounce_ms" in options:
        ls.debounce = max(0, float(options["debounce_ms"])) / 1000
    text_caps = params.capabilities.text_document
    ls.pull = bool(text_caps and text_caps.diagnostic)
    # check every pack of the workspace, so problems show in files not opened yet; begun
    # here, not at `initialized`, so the check overlaps the client's first round trip
    for root in ls.workspace_roots():
        if root not in ls.running:
            ls.schedule(root)


@server.feature(lsp.INITIALIZED)
def initialized(ls: MunchkinServer, _params: lsp.InitializedParams) -> None:
    """Ask to hear of pack and scenario files changed on disk."""
    ls.started.set()
    caps = ls.client_capabilities.workspace
    watched = caps and caps.did_change_watched_files
    if watched and watched.dynamic_registration:
        ls.client_register_capability(lsp.RegistrationParams([lsp.Registration(
            id="munchkin-watch", method=lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=lsp.DidChangeWatchedFilesRegistrationOptions([
                lsp.FileSystemWatcher(glob_pattern="**/*.munch"),
                lsp.FileSystemWatcher(glob_pattern="**/*.scn")]))]))


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: MunchkinServer, params: lsp.DidOpenTextDocumentParams) -> None:
    if ls.pull:  # pushed while closed: the client pulls from now on
        ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=params.text_document.uri, diagnostics=[]))
    ls.changed(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: MunchkinServer, params: lsp.DidChangeTextDocumentParams) -> None:
    ls.changed(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: MunchkinServer, params: lsp.DidSaveTextDocumentParams) -> None:
    ls.changed(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: MunchkinServer, params: lsp.DidCloseTextDocumentParams) -> None:
    path = fs_path(params.text_document.uri).resolve()
    ls.packs.buffers.pop(path, None)
    ls.schedule(ls.root_of(path))


@server.feature(lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def did_change_watched(ls: MunchkinServer, params: lsp.DidChangeWatchedFilesParams) -> None:
    """A file changed on disk (a checkout, another tool): re-check its pack; a deleted
    file's diagnostics are cleared."""
    roots = set()
    for change in params.changes:
        path = fs_path(change.uri).resolve()
        if change.type == lsp.FileChangeType.Deleted and not ls.is_open(path):
            ls.reports.pop(path, None)
            ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=change.uri, diagnostics=[]))
        roots.add(ls.root_of(path))
    for root in sorted(roots):
        ls.schedule(root)


@server.feature(lsp.TEXT_DOCUMENT_DIAGNOSTIC,
                lsp.DiagnosticOptions(inter_file_dependencies=True, workspace_diagnostics=False,
                                      identifier=SOURCE))
async def pull_diagnostics(ls: MunchkinServer, params: lsp.DocumentDiagnosticParams
                           ) -> lsp.RelatedFullDocumentDiagnosticReport:
    """Diagnostics a client pulls: the newest check's, once the pending edit is checked."""
    path = fs_path(params.text_document.uri).resolve()
    root = ls.root_of(path)
    if root not in ls.analyses:
        await ls.analysis_for(params.text_document.uri)
    await ls.settled(root)
    return lsp.RelatedFullDocumentDiagnosticReport(items=ls.reports.get(path, []))
