"""Stage 0 of the pipeline: find a pack's files and read them as text.

A pack is either one ``.munch`` file or a folder holding ``pack.munch`` (its
manifest) and the files that manifest includes.  Includes are confined to the pack
folder so a pack cannot read files elsewhere on the author's disk.  Bytes that are
not text (binary data, a wrong encoding) become diagnostics here, before the
parser sees them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from munchkin_dsl.diagnostics import DiagnosticSink, Span
from munchkin_dsl.nodes import SourceUnit
from munchkin_dsl.parser import parse_text

MANIFEST = "pack.munch"
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_FILES = 10_000


class PackNotFound(Exception):
    """The PACK argument names nothing readable: a usage error (exit 2), not a diagnostic."""


@dataclass(frozen=True)
class LoadedPack:
    """A pack's parsed files in include order, with their texts for caret rendering."""

    root: Path
    units: tuple[SourceUnit, ...]
    texts: dict[str, str]
    #: display name -> path relative to the pack folder (stable whatever the cwd)
    relative: dict[str, str] = field(default_factory=dict)

    def stable_source(self, span: object) -> str:
        """``file:line:col`` with the file relative to the pack folder, for engine data."""
        text = str(span)
        for shown, rel in self.relative.items():
            if text.startswith(shown + ":"):
                return rel + text[len(shown):]
        return text

    @property
    def header_unit(self) -> SourceUnit | None:
        return next((u for u in self.units if u.header is not None), None)


def resolve_pack_path(path: str | Path) -> tuple[Path, Path]:
    """Return (pack folder, first file) for a PACK argument, or raise PackNotFound."""
    p = Path(path)
    if p.is_dir():
        manifest = p / MANIFEST
        if not manifest.is_file():
            raise PackNotFound(f"{p}: folder has no {MANIFEST} manifest")
        return p, manifest
    if p.is_file():
        return p.parent, p
    raise PackNotFound(f"{p}: no such pack file or folder")


def display_name(path: Path) -> str:
    """Paths in diagnostics are relative to the working folder when they can be."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def read_text(path: Path, shown: str, sink: DiagnosticSink) -> str | None:
    """Read a file as UTF-8; anything that is not text is a diagnostic, never a crash."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            sink.error("E012", f"the file is {size / (1024 * 1024):.1f} MiB; a pack file may be "
                       f"at most {MAX_FILE_BYTES / (1024 * 1024):.1f} MiB", Span.point(shown),
                       "split the pack into several files with `include`")
            return None
        data = path.read_bytes()
    except OSError as exc:
        sink.error("E012", f"cannot read the file: {exc.strerror or exc}", Span.point(shown))
        return None
    if b"\x00" in data:
        offset = data.index(b"\x00")
        line = data.count(b"\n", 0, offset) + 1
        col = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
        sink.error("E006", "this is a binary file, not pack text", Span.point(shown, line, col),
                   "pack files are UTF-8 text; check that PACK names the right file")
        return None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = len(data[data.rfind(b"\n", 0, exc.start) + 1:exc.start].decode(
            "utf-8", "replace")) + 1
        sink.error("E005", f"the file is not valid UTF-8 (byte 0x{data[exc.start]:02x})",
                   Span.point(shown, line, col),
                   "save the file as UTF-8 (a cp1251 or latin-1 file must be converted)")
        return None


#: How a pack file is read and parsed; the language server passes its own (editor buffers,
#: a parse cache), so it checks exactly what `munchkin check` checks.
Reader = Callable[[Path, str, DiagnosticSink], "str | None"]
Parser = Callable[[str, str, DiagnosticSink], SourceUnit]


def load_pack(path: str | Path, sink: DiagnosticSink, read: Reader = read_text,
              parse: Parser = parse_text) -> LoadedPack:
    """Read and parse every file of a pack, following includes inside the pack folder."""
    root, first = resolve_pack_path(path)
    root_resolved = root.resolve()
    units: list[SourceUnit] = []
    texts: dict[str, str] = {}
    relative: dict[str, str] = {}
    seen: set[Path] = set()
    queue: list[Path] = [first]
    while queue and len(seen) < MAX_FILES:
        current = queue.pop(0)
        resolved = current.resolve()
        if resolved in seen:
            continue
        seen.add(resolved)
        shown = display_name(current)
        text = read(current, shown, sink)
        if text is None:
            continue
        texts[shown] = text
        relative[shown] = resolved.relative_to(root_resolved).as_posix() if _inside(
            resolved, root_resolved) else current.name
        unit = parse(text, shown, sink)
        units.append(unit)
        for inc in unit.includes:
            target = (current.parent / inc.path)
            try:
                target.resolve().relative_to(root_resolved)
            except ValueError:
                sink.error("E007", f"include '{inc.path}' points outside the pack folder",
                           inc.span, "a pack may include only files inside its own folder")
                continue
            if target.is_dir():
                sink.error("E008", f"'{inc.path}' is a folder, not a pack file", inc.span,
                           "include the .munch files inside it one by one")
                continue
            if not target.is_file():
                sink.error("E008", f"included file '{inc.path}' does not exist", inc.span,
                           _missing_include_hint(current, inc.path))
                continue
            if target.resolve() in seen:
                continue
            queue.append(target)
    return LoadedPack(root, tuple(units), texts, relative)


def _inside(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
    except ValueError:
        return False
    return True


def _missing_include_hint(including: Path, name: str) -> str:
    import difflib

    candidates = sorted(p.name for p in including.parent.glob("*.munch")
                        if p.name != including.name)
    close = difflib.get_close_matches(Path(name).name, candidates, n=1)
    if close:
        return f"did you mean '{close[0]}'?"
    return "check the file name; paths are relative to the including file"
