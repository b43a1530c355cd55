"""The per-user cache folder and a small content-addressed store in it.

Cached between runs: the parser built from the grammar and the inline parser's tables
(``language/grammar_cache.py``),
the compiled code of the AST's dataclasses (``base/dataclass_code.py``), build results
(``compiler/build_cache.py``, and `print`'s in ``commands/print_cache.py``), compiled card
text templates (``text/template_cache.py``) and parsed hyphenation dictionaries
(``render/fonts``).  All live under one folder, chosen here:
``$MUNCHKIN_CACHE_DIR`` when set, else ``$XDG_CACHE_HOME/munchkin-dsl`` or
``~/.cache/munchkin-dsl``.  ``MUNCHKIN_NO_CACHE=1`` (or a command's ``--no-cache``) turns
the build cache off.

Why a store of its own rather than ``shelve`` or SQLite: entries are written by several
runs at once (an editor, a watch loop and a CI job over the same packs), and must never be
seen half-written.  Each entry is one file written beside its final name and renamed over
it, so a reader sees the old entry, the new one, or none; a file that does not load (cut
short by a crash, from another version, tampered with) is a miss and is removed.  Entries
are pickles: the folder is the user's own, like mypy's and ruff's caches, and a pack has no
way to write into it.
"""

from __future__ import annotations

import contextlib
import os
import pickle
from pathlib import Path
from typing import Any

from munchkin_dsl.base.files import read_confined, remove, write_atomic

#: Entries kept per kind of entry; the oldest are removed past it.
MAX_ENTRIES = 4000
#: The largest entry read back (a compile of a very large pack and its diagnostics).
MAX_ENTRY_BYTES = 1 << 30


def cache_root() -> Path:
    """The cache folder (it may not exist yet)."""
    explicit = os.environ.get("MUNCHKIN_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "munchkin-dsl"


def caching_disabled() -> bool:
    return os.environ.get("MUNCHKIN_NO_CACHE", "") not in ("", "0")


class Store:
    """Pickled values under hex keys in ``root/kind/``; every failure is a miss."""

    def __init__(self, root: Path, kind: str) -> None:
        self.folder = root / kind

    def _path(self, key: str) -> Path:
        return self.folder / f"{key}.pickle"

    def get(self, key: str) -> Any | None:
        path = self._path(key)
        if not path.exists():
            return None
        try:
            return pickle.loads(read_confined(path, self.folder, MAX_ENTRY_BYTES,
                                              what="a cache entry"))
        except Exception:  # noqa: BLE001 - a cache entry that does not load is only a miss
            self._discard(path)
            return None

    def put(self, key: str, value: Any) -> None:
        """Write ``value`` atomically; a cache that cannot be written is silently skipped."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
            write_atomic(self._path(key), data, sync=False)
        except OSError:
            return
        self._prune()

    def discard(self, key: str) -> None:
        """Remove an entry that turned out unusable after it was read."""
        self._discard(self._path(key))

    def _prune(self) -> None:
        try:
            entries = list(os.scandir(self.folder))
        except OSError:
            return
        if len(entries) <= MAX_ENTRIES:
            return
        def age(entry: os.DirEntry[str]) -> float:
            try:
                return entry.stat().st_mtime
            except OSError:
                return 0.0
        for entry in sorted(entries, key=age)[: len(entries) - MAX_ENTRIES * 4 // 5]:
            self._discard(Path(entry.path))

    @staticmethod
    def _discard(path: Path) -> None:
        with contextlib.suppress(OSError):
            remove(path)
