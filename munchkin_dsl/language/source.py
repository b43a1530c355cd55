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

from munchkin_dsl.base.diagnostics import DiagnosticSink, Span
from munchkin_dsl.base.files import MAX_FILE_BYTES, Refused, read_confined, resolve_inside
from munchkin_dsl.language.nodes import SourceUnit
from munchkin_dsl.language.parser import parse_text

MANIFEST = "pack.munch"
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
        if not (manifest.exists() or manifest.is_symlink()):  # a FIFO or loop: E021/E022
            raise PackNotFound(f"{p}: folder has no {MANIFEST} manifest")
        return p, manifest
    if p.is_file():
        return p.parent, p
    raise PackNotFound(f"{p}: no such pack file or folder")


def display_name(path: Path) -> str:
    """Paths in diagnostics are relative to the working folder when they can be."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):  # outside the cwd, or a symlink loop
        return str(path)


def byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """(line, column) of byte ``offset`` as the rest of the tool counts: lines end at \\n,
    \\r\\n or \\r, columns count characters (a bad byte as one)."""
    prefix = data[:offset].decode("utf-8", "replace")
    if "\r" in prefix:
        prefix = prefix.replace("\r\n", "\n").replace("\r", "\n")
    start = prefix.rfind("\n") + 1
    return prefix.count("\n") + 1, len(prefix) - start + 1


def read_text(path: Path, shown: str, sink: DiagnosticSink, root: Path | None = None,
              span: Span | None = None) -> str | None:
    """Read a pack file as UTF-8 through :func:`read_confined`; a refusal or bytes that are
    not text are diagnostics, never a crash.  ``span`` is where to report a refusal (the
    include line); by default the file's own first character."""
    try:
        data = read_confined(path, root, MAX_FILE_BYTES, name=shown)
    except Refused as refused:
        # A file that is no file is reported where it was named; a file too big or
        # unreadable, at its own first character, as before.
        at = span if refused.code in ("E020", "E021", "E022") else None
        sink.error(refused.code, refused.message, at or Span.point(shown), refused.hint)
        return None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if b"\x00" in data:
        line, col = byte_position(data, data.index(b"\x00"))
        sink.error("E006", "this is a binary file, not pack text", Span.point(shown, line, col),
                   "pack files are UTF-8 text; check that PACK names the right file")
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, col = byte_position(data, exc.start)
        sink.error("E005", f"the file is not valid UTF-8 (byte 0x{data[exc.start]:02x})",
                   Span.point(shown, line, col),
                   "save the file as UTF-8 (a cp1251 or latin-1 file must be converted)")
        return None
    # Lines end at \n, \r\n or \r, and nowhere else (not at U+2028, \v, \f): one
    # convention, so the parser's line numbers and the quoted line always agree.
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


#: How a pack file is read and parsed; the language server passes its own (editor buffers,
#: a parse cache), so it checks exactly what `munchkin check` checks.  A reader gets the
#: pack root and the line that named the file, to confine and report as `read_text` does.
Reader = Callable[[Path, str, DiagnosticSink, "Path | None", "Span | None"], "str | None"]
Parser = Callable[[str, str, DiagnosticSink], SourceUnit]


def load_pack(path: str | Path, sink: DiagnosticSink, read: Reader = read_text,
              parse: Parser = parse_text) -> LoadedPack:
    """Read and parse every file of a pack, following includes inside the pack folder.

    Every file, the manifest included, is read by :func:`read_confined`, which refuses a
    symlink out of the folder, a device, FIFO or folder, a symlink loop and an oversize
    file with a diagnostic at the line that named it.
    """
    root, first = resolve_pack_path(path)
    root_resolved = root.resolve()
    units: list[SourceUnit] = []
    texts: dict[str, str] = {}
    relative: dict[str, str] = {}
    seen: set[Path] = set()
    included_by: dict[Path, Path] = {}  # file -> the file whose include first named it
    queue: list[tuple[Path, Span | None]] = [(first, None)]
    while queue and len(seen) < MAX_FILES:
        current, named_at = queue.pop(0)
        shown = display_name(current)
        try:
            resolved = resolve_inside(current, root_resolved, shown)
        except Refused as refused:
            sink.error(refused.code, refused.message, named_at or Span.point(shown),
                       refused.hint)
            continue
        if resolved in seen:
            continue
        seen.add(resolved)
        text = read(current, shown, sink, root_resolved, named_at)
        if text is None:
            continue
        texts[shown] = text
        relative[shown] = resolved.relative_to(root_resolved).as_posix()
        unit = parse(text, shown, sink)
        units.append(unit)
        for inc in unit.includes:
            target = current.parent / inc.path
            try:
                resolved_target = resolve_inside(target, root_resolved, inc.path)
            except Refused as refused:
                if refused.code == "E020":
                    sink.error("E007", f"include '{inc.path}' points outside the pack folder",
                               inc.span, "a pack may include only files inside its own folder")
                elif refused.reason == "missing":
                    sink.error("E008", f"included file '{inc.path}' does not exist", inc.span,
                               _missing_include_hint(current, inc.path))
                else:
                    sink.error(refused.code, refused.message, inc.span, refused.hint)
                continue
            if resolved_target.is_dir():
                sink.error("E008", f"'{inc.path}' is a folder, not a pack file", inc.span,
                           "include the .munch files inside it one by one")
                continue
            if resolved_target not in seen:
                queue.append((target, inc.span))
                included_by.setdefault(resolved_target, resolved)
            elif _includes_back(resolved, resolved_target, included_by):
                sink.warning("W009", f"include cycle: '{inc.path}' is already included on "
                             "the way to this file", inc.span, "remove this include; every "
                             "file is read once, so the cycle does nothing")
    return LoadedPack(root, tuple(units), texts, relative)


def _includes_back(current: Path, target: Path, included_by: dict[Path, Path]) -> bool:
    """Whether ``target`` is ``current`` or one of the files that included it."""
    node: Path | None = current
    while node is not None:
        if node == target:
            return True
        node = included_by.get(node)
    return False


def _missing_include_hint(including: Path, name: str) -> str:
    import difflib

    candidates = sorted(p.name for p in including.parent.glob("*.munch")
                        if p.name != including.name)
    close = difflib.get_close_matches(Path(name).name, candidates, n=1)
    if close:
        return f"did you mean '{close[0]}'?"
    return "check the file name; paths are relative to the including file"
