"""The build cache: a second `check` or `compile` of an unchanged pack answers from disk.

Two levels, both keyed by what the result depends on, never by time alone:

* **the run**: every diagnostic of a `check` (and the JSON bytes of a `compile`), keyed by
  the tool, the command and its options, the working folder (paths in diagnostics are
  relative to it) and the PACK arguments.  The entry holds a *snapshot* of each pack's
  folder taken before the build: every entry's path, type, mode and size, the content hash
  of each pack text file and the modification time of other files (art).  A later run
  re-takes the snapshot (a few stat calls and a hash of the text, no parsing) and uses the
  entry only when the two are equal.  A whole folder is enough because a build reads
  nothing outside its pack folders (includes and art are confined to them) but the tool's
  own files, which the tool fingerprint covers;
* **the file**: each pack file's parse (its syntax tree and parse diagnostics), keyed by
  the tool, the file's name as shown and its text.  After one edited file of a 10,000-card
  pack only that file is parsed again; the others load in about a tenth of the time.

Checking, cross-checking and lowering are re-run on a miss: they read the whole pack's
names, so one file's change can move any card's result.  Output from the cache is the same
bytes as a cold run (``tests/test_build_cache.py`` compares them).  Nothing here imports
the parser, so a run answered from the cache never loads the grammar.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from munchkin_dsl import __version__
from munchkin_dsl.base.cache_store import Store, cache_root, caching_disabled
from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink
from munchkin_dsl.base.files import MAX_FILE_BYTES, Refused, read_confined

if TYPE_CHECKING:
    from munchkin_dsl.language.nodes import SourceUnit

#: A pack folder with more entries than this (a single file in a big folder) is not
#: snapshotted: its runs are not cached, its files' parses still are.
MAX_SNAPSHOT_ENTRIES = 5000
#: Files whose text is hashed in a snapshot; others are compared by size and time.
TEXT_SUFFIXES = (".munch", ".toml", ".resolve")
#: Bump when the layout of an entry changes.
ENTRY_VERSION = 1

Snapshot = tuple[tuple[str, int, int, str], ...]


@cache
def tool_fingerprint() -> str:
    """The version and every file of the installed package, and of the checkout's grammar
    folder (path, size, modification time): a changed rule, template, ruleset or grammar
    makes every entry stale."""
    package = Path(__file__).resolve().parents[1]
    digest = hashlib.blake2b(f"{__version__}/{ENTRY_VERSION}".encode(), digest_size=16)
    # in a checkout the grammar sits beside the package (installed, it is inside it), and a
    # grammar edit must make the entries stale as much as a rule's
    checkout = (package.parent / "pyproject.toml").exists()
    for root in (package, *([package.parent / "grammar"] if checkout else [])):
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".pyc", ".tmp")):
                    continue
                info = os.stat(os.path.join(folder, name))
                rel = os.path.relpath(os.path.join(folder, name), package.parent)
                digest.update(f"{rel}\0{info.st_size}\0{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _key(*parts: str) -> str:
    digest = hashlib.blake2b(digest_size=20)
    for part in parts:
        digest.update(part.encode("utf-8", "surrogateescape"))
        digest.update(b"\0")
    return digest.hexdigest()


def snapshot(root: Path) -> Snapshot | None:
    """What a build of the pack folder ``root`` can depend on, or None when too large."""
    found: list[tuple[str, int, int, str]] = []
    pending = [root]
    while pending:
        folder = pending.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if len(found) >= MAX_SNAPSHOT_ENTRIES:
                return None
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            rel = os.path.relpath(entry.path, root)
            mode = info.st_mode
            if stat.S_ISLNK(mode):
                detail = "->" + os.readlink(entry.path)
            elif stat.S_ISDIR(mode):
                pending.append(Path(entry.path))
                detail = ""
            elif stat.S_ISREG(mode) and entry.name.endswith(TEXT_SUFFIXES):
                detail = _file_hash(Path(entry.path), root)
            else:
                detail = str(info.st_mtime_ns)
            found.append((rel, mode, info.st_size if stat.S_ISREG(mode) else 0, detail))
    return tuple(found)


def _file_hash(path: Path, root: Path) -> str:
    try:
        data = read_confined(path, root, MAX_FILE_BYTES)
    except Refused as refused:  # the build reports it; the snapshot only notes it
        return f"refused:{refused.code}"
    return hashlib.blake2b(data, digest_size=16).hexdigest()


@dataclass(frozen=True)
class RunEntry:
    """What a run printed and wrote, and what it depended on."""

    snapshots: tuple[Snapshot, ...]
    diagnostics: tuple[Diagnostic, ...]
    #: the texts of the files that have diagnostics (to quote their lines)
    texts: dict[str, str]
    cards: int
    packs: int
    #: the engine JSON of a compile without errors
    output: bytes | None = None


class BuildCache:
    """The cache of one command run; every method is a no-op when caching is off."""

    def __init__(self, enabled: bool = True, root: Path | None = None) -> None:
        self.enabled = enabled and not caching_disabled()
        base = root if root is not None else cache_root()
        self.runs = Store(base, "runs")
        self.parses = Store(base, "parses")

    # ---------------------------------------------------------------- runs
    def run_key(self, command: str, packs: Sequence[str], options: str = "") -> str:
        resolved = [os.path.abspath(p) for p in packs]
        return _key(tool_fingerprint(), command, options, os.getcwd(), *resolved)

    def snapshots(self, packs: Sequence[str]) -> tuple[Snapshot, ...] | None:
        """One snapshot per PACK (its folder, or a single file's folder), or None when a
        pack cannot be snapshotted."""
        taken = []
        for pack in packs:
            path = Path(pack)
            if not path.exists():
                return None  # a usage error, never cached
            root = path if path.is_dir() else path.parent
            shot = snapshot(root)
            if shot is None:
                return None
            taken.append(shot)
        return tuple(taken)

    def lookup_run(self, key: str, packs: Sequence[str]) -> RunEntry | None:
        if not self.enabled:
            return None
        entry = self.runs.get(key)
        if not isinstance(entry, RunEntry):
            return None
        if entry.snapshots != self.snapshots(packs):
            return None
        return entry

    def store_run(self, key: str, entry: RunEntry) -> None:
        if self.enabled:
            self.runs.put(key, entry)

    # ---------------------------------------------------------------- files
    def parser(self) -> Callable[[str, str, DiagnosticSink], SourceUnit]:
        """The parser, answered from the cache for a file already parsed with the same text
        (imported here: a run answered by :meth:`lookup_run` never loads the grammar)."""
        from munchkin_dsl.language.parser import parse_text as parse

        if not self.enabled:
            return parse
        store = ParseStore("parse", self.parses)

        def cached(text: str, shown: str, sink: DiagnosticSink) -> SourceUnit:
            hit = store.get(shown, text)
            if hit is not None:
                sink.items.extend(hit[1])
                return hit[0]
            own = DiagnosticSink()
            unit = parse(text, shown, own)
            sink.items.extend(own.items)
            store.put(shown, text, unit, tuple(own.items))
            return unit

        return cached


class ParseStore:
    """One file's parse (its syntax tree and parse diagnostics) by the tool, the file's name
    as shown and its text, under a ``namespace`` per way of parsing: `check` parses whole
    files (``parse``), the language server card by card (``lsp-parse``), and the two must
    not answer for each other."""

    def __init__(self, namespace: str, store: Store | None = None) -> None:
        self.namespace = namespace
        self.store = store if store is not None else Store(cache_root(), "parses")

    def get(self, shown: str, text: str
            ) -> tuple[SourceUnit, tuple[Diagnostic, ...]] | None:
        hit = self.store.get(_key(tool_fingerprint(), self.namespace, shown, text))
        if isinstance(hit, tuple) and len(hit) == 2:
            return hit[0], tuple(hit[1])
        return None

    def put(self, shown: str, text: str, unit: SourceUnit,
            diagnostics: tuple[Diagnostic, ...]) -> None:
        self.store.put(_key(tool_fingerprint(), self.namespace, shown, text),
                       (unit, diagnostics))


def texts_with_diagnostics(texts: dict[str, str], diagnostics: Sequence[Diagnostic]
                           ) -> dict[str, str]:
    files = {d.span.file for d in diagnostics if d.span is not None}
    return {name: text for name, text in texts.items() if name in files}
