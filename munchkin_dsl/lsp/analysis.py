"""Checking packs for the editor: the same checks as `munchkin check`, re-run cheaply.

An edit changes one file.  Parsing is the expensive stage and is per file, so parse
results are cached by file and content: re-checking a pack after an edit parses only the
edited file and re-runs the pack-wide checks (names, duplicates, ruleset fit) on the
cached ASTs of the others.  Files open in the editor are read from their buffers, the
rest from disk.  Everything goes through :func:`munchkin_dsl.api.check_pack` and
:func:`munchkin_dsl.source.load_pack`, so the editor and the command line agree on every
diagnostic.  Nothing here knows about LSP; :mod:`munchkin_dsl.lsp.server` does that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from munchkin_dsl.api import CheckedPack, check_pack
from munchkin_dsl.diagnostics import Diagnostic, DiagnosticSink, Span
from munchkin_dsl.nodes import SourceUnit
from munchkin_dsl.parser import parse_text
from munchkin_dsl.source import MANIFEST, display_name, load_pack, read_text

if TYPE_CHECKING:
    from munchkin_dsl.effects import CardData

SCENARIO_SUFFIX = ".scn"


@dataclass
class ParseCache:
    """Parse results by file, reused while the file's text is unchanged."""

    entries: dict[str, tuple[str, SourceUnit, tuple[Diagnostic, ...]]] = field(
        default_factory=dict)
    hits: int = 0
    misses: int = 0

    def parse(self, text: str, shown: str, sink: DiagnosticSink) -> SourceUnit:
        entry = self.entries.get(shown)
        if entry is not None and entry[0] == text:
            self.hits += 1
        else:
            self.misses += 1
            local = DiagnosticSink()
            entry = (text, parse_text(text, shown, local), tuple(local.items))
            self.entries[shown] = entry
        sink.extend(entry[2])
        return entry[1]


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
            from munchkin_dsl.api import lower_pack

            self._cards = lower_pack(self.checked)
        return self._cards


@dataclass
class Workspace:
    """Open editor buffers, the parse cache, and the packs they belong to."""

    buffers: dict[Path, str] = field(default_factory=dict)
    cache: ParseCache = field(default_factory=ParseCache)

    def text(self, path: Path) -> str | None:
        path = path.resolve()
        if path in self.buffers:
            return self.buffers[path]
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    @staticmethod
    def pack_root(path: Path) -> Path:
        """The pack a file belongs to: the nearest folder up with a pack.munch, or the file."""
        path = path.resolve()
        for folder in path.parents:
            if (folder / MANIFEST).is_file():
                return folder
            if (folder / ".git").exists():
                break
        return path

    def analyse(self, root: Path) -> PackAnalysis:
        """Check the pack at ``root`` (a folder or a lone file) as `munchkin check` would."""
        paths: dict[str, Path] = {}

        def read(path: Path, shown: str, sink: DiagnosticSink) -> str | None:
            paths[shown] = path.resolve()
            resolved = path.resolve()
            if resolved in self.buffers:
                return self.buffers[resolved]
            return read_text(path, shown, sink)

        sink = DiagnosticSink()
        loaded = load_pack(root, sink, read=read, parse=self.cache.parse)
        checked = check_pack(root, sink, loaded=loaded)
        return PackAnalysis(root, checked, sink.sorted(), paths)

    def scenario_diagnostics(self, analysis: PackAnalysis, path: Path
                             ) -> tuple[list[Diagnostic], list[tuple[int, str]]]:
        """A scenario file's problems, and its failing scenarios as (line, message)."""
        from munchkin_dsl.engine.scenario import Runner, parse
        from munchkin_dsl.engine_data import EngineData

        text = self.text(path) or ""
        sink = DiagnosticSink()
        shown = display_name(path)
        scenarios = parse(text, shown, sink)
        cards = analysis.compiled()
        failures: list[tuple[int, str]] = []
        if cards is None:
            return sink.sorted(), failures
        info = analysis.checked.info
        data = EngineData(packs=(info,) if info else (), cards=tuple(cards))
        for scenario in scenarios:
            result = Runner(data, scenario, sink).run()
            if not result.passed:
                failures.append((scenario.line, "; ".join(result.failures) or "fails"))
        return sink.sorted(), failures
