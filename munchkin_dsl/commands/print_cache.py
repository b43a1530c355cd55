"""`print` through the build cache: printing unchanged packs again answers from disk.

The entry is keyed like a `check` or `compile` run (the tool, the command, the working
folder and the PACK arguments; :class:`~munchkin_dsl.compiler.build_cache.BuildCache`)
plus everything else the PDF depends on: the print options, the language, and the theme
(its look and the bytes of its three fonts, so a theme outside the pack folder is covered
too).  It holds the pack folders' snapshots taken before the build, and is used only while
they are unchanged (art files included: a snapshot notes every file of the folder).  It
keeps what the run printed (diagnostics, notes, the JSON report) and the PDF bytes, so a
hit writes the same file and prints the same lines as the run that filled it, without
loading reportlab, the compiler or the templates.

A run whose PDF was not written (errors, ``--strict`` problems) is not stored.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink
from munchkin_dsl.compiler.build_cache import BuildCache, Snapshot, texts_with_diagnostics

if TYPE_CHECKING:
    from munchkin_dsl.render.layout import PrintOptions
    from munchkin_dsl.render.theme import Theme


@dataclass(frozen=True)
class PrintEntry:
    """What a print run printed and wrote, and the pack folders it depended on."""

    snapshots: tuple[Snapshot, ...]
    diagnostics: tuple[Diagnostic, ...]
    #: the texts of the files that have diagnostics (to quote their lines)
    texts: dict[str, str]
    notes: tuple[str, ...]
    #: the render report as JSON (its ``output`` is replaced by the file a hit writes)
    report: dict[str, Any]
    pdf: bytes


def settings(options: PrintOptions, lang: str | None, allow_missing: bool,
             theme: Theme | None) -> str:
    """Everything besides the packs that the PDF and the messages depend on, as text:
    the options, the theme, and the versions of the libraries that write the PDF and
    break its lines (the tool's own files are in the run key already)."""
    import pyphen
    import reportlab

    look = "default"
    if theme is not None:
        fonts = sorted((role, name, hashlib.blake2b(data, digest_size=16).hexdigest())
                       for role, (name, data) in theme.fonts.items())
        look = repr((theme.look, fonts))
    return repr((options, lang, allow_missing, look, reportlab.Version, pyphen.__version__))


class PrintCache:
    """The cache of one print run; a no-op when caching is off."""

    def __init__(self, packs: Sequence[str], settings: str, *, enabled: bool) -> None:
        self.cache = BuildCache(enabled=enabled)
        self.packs = packs
        self.key = self.cache.run_key("print", packs, settings) if self.cache.enabled else ""
        self.before: tuple[Snapshot, ...] | None = None

    def lookup(self) -> PrintEntry | None:
        """The entry of an earlier run of the same print of unchanged packs, or None
        (then the snapshots are kept, taken before the build, for :meth:`store`)."""
        if not self.cache.enabled:
            return None
        now = self.cache.snapshots(self.packs)
        entry = self.cache.runs.get(self.key)
        if isinstance(entry, PrintEntry) and now is not None and entry.snapshots == now:
            return entry
        self.before = now
        return None

    def store(self, sink: DiagnosticSink, texts: dict[str, str], notes: Sequence[str],
              report: dict[str, Any], pdf: bytes) -> None:
        """Keep a written print, only if no pack file changed while it was built."""
        if self.before is None or self.before != self.cache.snapshots(self.packs):
            return
        self.cache.runs.put(self.key, PrintEntry(
            self.before, tuple(sink.items), texts_with_diagnostics(texts, sink.items),
            tuple(notes), dict(report), pdf))


__all__ = ["PrintCache", "PrintEntry", "settings"]
