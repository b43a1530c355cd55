"""Checking packs for the editor: the same checks as `munchkin check`, re-run cheaply.

An edit changes one card.  Parse results are cached by content at the parser's own unit,
the top-level chunk (a card), and moved to the chunk's current line; per-card check
results are cached while the pack's names, rulesets and languages stay the same; the
checks that compare cards (duplicate ids and names) and the header's run on the whole
pack every time.  So re-checking after an edit parses and checks one card.  Files open
in the editor are read from their buffers, the rest from disk.  Everything goes through
:func:`munchkin_dsl.compiler.api.check_pack` and
:func:`munchkin_dsl.language.source.load_pack`, so the editor and the command line agree on
every diagnostic.  Nothing here knows about LSP; :mod:`munchkin_dsl.lsp.server` does that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from munchkin_dsl.base.cache_store import caching_disabled
from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink, Span
from munchkin_dsl.base.files import MAX_FILE_BYTES, Refused, is_inside, read_confined
from munchkin_dsl.compiler.api import CheckedPack, check_pack
from munchkin_dsl.compiler.build_cache import ParseStore
from munchkin_dsl.compiler.checks import CheckContext, card_checks, pack_checks
from munchkin_dsl.language import parser
from munchkin_dsl.language.nodes import Card, Include, SourceUnit
from munchkin_dsl.language.source import (
    MANIFEST,
    LoadedPack,
    display_name,
    load_pack,
    read_text,
)

if TYPE_CHECKING:
    from munchkin_dsl.compiler.effects import CardData

SCENARIO_SUFFIX = ".scn"
#: a pack this large (about 400 cards) takes a noticeable while to check at start, so files
#: opened meanwhile show their syntax errors first (smaller packs: the whole check at once)
PREVIEW_BYTES = 64 * 1024


def pack_bytes(root: Path) -> int:
    """The size of a pack folder's pack files (0 for a lone file)."""
    if not root.is_dir():
        return 0
    total = 0
    for path in root.rglob("*.munch"):
        try:
            total += path.stat().st_size
        except OSError:
            continue
    return total


def shifted(value: Any, lines: int) -> Any:
    """``value`` (AST nodes, diagnostics, containers of them) with every Span moved down.

    Works on any frozen dataclass, so it keeps working as the AST's node types change.
    """
    if lines == 0:
        return value
    if isinstance(value, Span):
        return replace(value, line=value.line + lines, end_line=value.end_line + lines)
    if is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in fields(value):
            old = getattr(value, f.name)
            new = shifted(old, lines)
            if new is not old:
                changes[f.name] = new
        return replace(value, **changes) if changes else value
    if isinstance(value, tuple):
        items = tuple(shifted(v, lines) for v in value)
        return value if all(a is b for a, b in zip(items, value, strict=True)) else items
    if isinstance(value, dict):
        return {k: shifted(v, lines) for k, v in value.items()}
    return [shifted(v, lines) for v in value] if isinstance(value, list) else value


@dataclass
class ParseCache:
    """Parse results by top-level chunk (one card, include or header), reused by content.

    The parser already cuts a file into chunks and parses them one by one (that is its
    error recovery); this cache keeps each chunk's nodes and syntax diagnostics, parsed
    where the chunk first was and moved to where it now is, so an edit re-parses one card, not its
    file.  A file with a pack header is parsed whole (``parse_text``), since only it can
    report header problems that span chunks; manifests are small.
    """

    #: (chunk text, last chunk?, file) -> its nodes and syntax diagnostics, and the line
    #: offset they were parsed at (moved from there when the chunk moves)
    chunks: dict[tuple[str, bool, str], tuple[list[Any], tuple[Diagnostic, ...], int]] = field(
        default_factory=dict)
    #: the same, moved to a line offset
    placed: dict[tuple[str, bool, str, int], tuple[list[Any], tuple[Diagnostic, ...]]] = field(
        default_factory=dict)
    #: the placements each file's current text uses
    in_use: dict[str, set[tuple[str, bool, str, int]]] = field(default_factory=dict)
    #: each file's last text and what it parsed to (a file with a pack header is parsed
    #: whole, the others chunk by chunk)
    files: dict[str, tuple[str, SourceUnit, tuple[Diagnostic, ...]]] = field(
        default_factory=dict)
    hits: int = 0
    misses: int = 0
    #: where whole files' parses are kept between sessions (the server sets it; see
    #: :meth:`parse`), and those parsed this session but not written there yet
    store: ParseStore | None = None
    unsaved: list[tuple[str, str, SourceUnit, tuple[Diagnostic, ...]]] = field(
        default_factory=list)

    def _chunk(self, chunk: str, shown: str, offset: int, last: bool
               ) -> tuple[list[Any], tuple[Diagnostic, ...]]:
        key = (chunk, last, shown)
        placed = self.placed.get((*key, offset))
        if placed is not None:
            self.hits += 1
            return placed
        base = self.chunks.get(key)
        if base is None:  # parsed where it is: no moving on the first check of a pack
            self.misses += 1
            local = DiagnosticSink()
            placed = (parser.parse_chunk(chunk, shown, offset, local, last=last),
                      tuple(local.items))
            self.chunks[key] = (*placed, offset)
        else:
            self.hits += 1
            moved = offset - base[2]
            placed = (shifted(base[0], moved), shifted(base[1], moved))
        self.placed[(*key, offset)] = placed
        return placed

    def parse(self, text: str, shown: str, sink: DiagnosticSink) -> SourceUnit:
        """``shown``'s syntax tree; a file met for the first time this session is taken
        from :attr:`store` when an earlier session parsed the same text (so reopening an
        editor on a large pack does not parse it again), else parsed and queued for
        :meth:`save`."""
        whole = self.files.get(shown)
        if whole is not None and whole[0] == text:  # an unchanged file: nothing to do
            self.hits += 1
            sink.extend(whole[2])
            return whole[1]
        if whole is None and self.store is not None:
            stored = self.store.get(shown, text)
            if stored is not None:
                self.hits += 1
                self.files[shown] = (text, *stored)
                sink.extend(stored[1])
                return stored[0]
            unit = self._parse(text, shown, sink)
            self.unsaved.append((shown, *self.files[shown]))
            return unit
        return self._parse(text, shown, sink)

    def save(self) -> None:
        """Write the parses queued by :meth:`parse` to :attr:`store` (after the first
        diagnostics are out: writing is not what the author waits for)."""
        while self.unsaved and self.store is not None:
            shown, text, unit, diagnostics = self.unsaved.pop()
            self.store.put(shown, text, unit, diagnostics)

    def _parse(self, text: str, shown: str, sink: DiagnosticSink) -> SourceUnit:
        chunks = parser.split_chunks(text)
        if any(chunk.startswith("pack") for _, chunk in chunks):
            self.misses += 1
            local = DiagnosticSink()
            whole = (text, parser.parse_text(text, shown, local), tuple(local.items))
            self.files[shown] = whole
            sink.extend(whole[2])
            return whole[1]
        local = DiagnosticSink()
        includes: list[Include] = []
        cards: list[Card] = []
        in_use: set[tuple[str, bool, str, int]] = set()
        for index, (offset, chunk) in enumerate(chunks):
            last = index == len(chunks) - 1
            items, diagnostics = self._chunk(chunk, shown, offset, last)
            in_use.add((chunk, last, shown, offset))
            local.extend(diagnostics)
            for item in items:
                if isinstance(item, Include):
                    includes.append(item)
                elif isinstance(item, Card):
                    cards.append(item)
        self._forget(shown, in_use)
        unit = SourceUnit(shown, None, tuple(includes), tuple(cards), False)
        self.files[shown] = (text, unit, tuple(local.items))
        sink.extend(local.items)
        return unit

    def _forget(self, shown: str, in_use: set[tuple[str, bool, str, int]]) -> None:
        """Drop the file's chunks that its current text no longer has (a long editing
        session would otherwise keep every version of every card it typed)."""
        old = self.in_use.get(shown, set())
        for key in old - in_use:
            self.placed.pop(key, None)
        kept = {key[:3] for key in in_use}
        for chunk in {key[:3] for key in old} - kept:
            self.chunks.pop(chunk, None)
        self.in_use[shown] = in_use


@dataclass
class CardChecks:
    """Per-card check results, reused for cards an edit did not touch.

    A card's problems depend on the card and on the pack's names, rulesets and languages
    (see :func:`munchkin_dsl.compiler.checks.card_checks`); when those change every card is
    checked again.  Checks that compare cards (duplicates) run on the whole pack.
    """

    context: tuple[Any, ...] | None = None
    results: dict[int, tuple[Card, tuple[Diagnostic, ...]]] = field(default_factory=dict)
    checked: int = 0

    def run(self, ctx: CheckContext) -> None:
        for check in pack_checks():
            check(ctx)
        scope = ctx.scope
        context = (tuple(sorted(scope.races.items())), tuple(sorted(scope.classes.items())),
                   tuple(sorted(scope.tags.items())), tuple(sorted(scope.decks.items())),
                   tuple(r.id for r in ctx.rulesets), ctx.languages, ctx.root)
        if context != self.context:
            self.context, self.results = context, {}
        fresh: dict[int, tuple[Card, tuple[Diagnostic, ...]]] = {}
        for card in ctx.cards:
            entry = self.results.get(id(card))
            if entry is None or entry[0] is not card:
                local = DiagnosticSink()
                one = replace(ctx, cards=[card], sink=local)
                for check in card_checks():
                    check(one)
                entry = (card, tuple(local.items))
                self.checked += 1
            fresh[id(card)] = entry
            ctx.sink.extend(entry[1])
        self.results = fresh


@dataclass
class PackAnalysis:
    """One check of one pack: its diagnostics by file, its cards, its compiled data."""

    root: Path
    checked: CheckedPack
    diagnostics: list[Diagnostic]
    paths: dict[str, Path]            # display name -> file
    _cards: list[CardData] | None = None

    def path_of(self, span: Span) -> Path | None:
        return self.paths.get(span.file)

    def cards_in(self, path: Path) -> list[Card]:
        """The cards written in one file of the pack, in file order."""
        return [card for card in self.checked.cards if self.path_of(card.span) == path]

    def by_file(self) -> dict[Path, list[Diagnostic]]:
        """Every file of the pack (those without problems too, so old ones are cleared)."""
        out: dict[Path, list[Diagnostic]] = {path: [] for path in self.paths.values()}
        for d in self.diagnostics:
            path = self.path_of(d.span) if d.span else None
            out.setdefault(path or self.root / MANIFEST, []).append(d)
        return out

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.diagnostics)

    def compiled(self) -> list[CardData] | None:
        """The pack's cards as engine objects, or None while the pack has errors."""
        if self.has_errors:
            return None
        if self._cards is None:
            from munchkin_dsl.compiler.api import lower_pack

            self._cards = lower_pack(self.checked)
        return self._cards


@dataclass
class Workspace:
    """Open editor buffers, the parse cache, and the packs they belong to."""

    buffers: dict[Path, str] = field(default_factory=dict)
    cache: ParseCache = field(default_factory=ParseCache)
    card_checks: dict[Path, CardChecks] = field(default_factory=dict)
    #: the editor's workspace folders (set by lsp.transport): the only files read from disk
    roots: list[Path] = field(default_factory=list)
    #: buffers the editor named by a URI of its own (``untitled:Untitled-1``)
    uris: dict[Path, str] = field(default_factory=dict)

    @classmethod
    def for_editor(cls) -> Workspace:
        """The language server's: reopening the editor on a pack reads its files' parses
        from the build cache (unless the cache is off)."""
        workspace = cls()
        workspace.cache.store = None if caching_disabled() else ParseStore("lsp-parse")
        return workspace

    def allowed(self) -> list[Path]:
        """Where files may be read: the workspace folders, else the open files' packs."""
        return self.roots or sorted({self.pack_root(p) for p in self.buffers})

    def may_read(self, path: Path) -> bool:
        return is_inside(path, self.allowed())

    def text(self, path: Path) -> str | None:
        """An open buffer's text, else the file's, read through the file layer: confined
        to :meth:`allowed`, never a FIFO or device, at most MAX_FILE_BYTES."""
        if path.resolve() in self.buffers:
            return self.buffers[path.resolve()]
        try:
            return read_confined(path, self.allowed(), MAX_FILE_BYTES).decode("utf-8")
        except (Refused, UnicodeDecodeError):
            return None

    def pack_root(self, path: Path) -> Path:
        """The pack a file belongs to: the nearest folder up with a pack.munch, or the file
        (never a folder above the workspace folders)."""
        path = path.resolve()
        for folder in path.parents:
            if self.roots and not is_inside(folder, self.roots):
                break
            if (folder / MANIFEST).is_file():
                return folder
            if (folder / ".git").exists():
                break
        return path

    def analyse(self, root: Path, buffers: dict[Path, str] | None = None,
                before_parse: Callable[[], None] | None = None) -> PackAnalysis:
        """Check the pack at ``root`` (a folder or a lone file) as `munchkin check` would,
        reading open files from ``buffers`` (default: :attr:`buffers`; the server passes a
        snapshot, since it checks on a worker thread while edits keep arriving).
        ``before_parse`` is called before each file is parsed (the server uses it to show
        a file just opened its syntax errors while the rest of the pack is checked)."""
        paths: dict[str, Path] = {}
        open_files = self.buffers if buffers is None else buffers
        parse = self.cache.parse
        if before_parse is not None:
            hook = before_parse

            def parse(text: str, shown: str, sink: DiagnosticSink) -> SourceUnit:
                hook()
                return self.cache.parse(text, shown, sink)

        def read(path: Path, shown: str, sink: DiagnosticSink, root: Path | None = None,
                 span: Span | None = None) -> str | None:
            resolved = paths[shown] = path.resolve()
            if resolved in open_files:
                return open_files[resolved]
            return read_text(path, shown, sink, root, span)

        sink = DiagnosticSink()
        if root in self.buffers and not root.exists():  # an untitled or unsaved buffer
            shown = display_name(root)
            paths[shown] = root
            unit = self.cache.parse(self.buffers[root], shown, sink)
            loaded = LoadedPack(root.parent, (unit,), {shown: self.buffers[root]},
                                {shown: root.name})
        else:
            loaded = load_pack(root, sink, read=read, parse=parse)
        checks = self.card_checks.setdefault(root, CardChecks())
        checked = check_pack(root, sink, loaded=loaded, run=checks.run)
        return PackAnalysis(root, checked, sink.sorted(), paths)

    def scenario_diagnostics(self, analysis: PackAnalysis, path: Path, text: str
                             ) -> tuple[list[Diagnostic], list[tuple[int, str]], str]:
        """A scenario file's problems, its failures as (the scenario's header line, the
        runner's ``FILE:LINE: ...`` message), and the name the messages call the file."""
        from munchkin_dsl.compiler.engine_data import EngineData
        from munchkin_dsl.scenarios.packs import PackCache
        from munchkin_dsl.scenarios.runner import Runner, parse

        sink = DiagnosticSink()
        shown = display_name(path)
        scenarios = parse(text, shown, sink)
        cards = analysis.compiled()
        failures: list[tuple[int, str]] = []
        if cards is None:
            return sink.sorted(), failures, shown
        info = analysis.checked.info
        data = EngineData(packs=(info,) if info else (), cards=tuple(cards))
        packs = PackCache()  # other packs `packs:` lines name, compiled once per file
        for scenario in scenarios:
            result = Runner(data, scenario, sink, analysis.root, packs).run()
            if not result.passed:
                failures += [(scenario.line, f) for f in result.failures or ["fails"]]
        return sink.sorted(), failures, shown
