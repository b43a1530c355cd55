"""The translation workflow on a pack: its strings per language, merging files, the status.

Shared by the three `munchkin i18n` commands; the formats are in :mod:`.catalog`, the
strings in :mod:`.strings`, the text edits in :mod:`.merge`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from munchkin_dsl.base.diagnostics import DiagnosticSink, Span
from munchkin_dsl.interchange.catalog import Unit
from munchkin_dsl.interchange.merge import MergeReport, merge
from munchkin_dsl.interchange.strings import Entry, pack_entries

if TYPE_CHECKING:
    from munchkin_dsl.compiler.api import CheckedPack


def entries_of(pack: CheckedPack) -> list[Entry]:
    return pack_entries(pack.header, pack.cards, pack.loaded.texts)


def target_languages(pack: CheckedPack, wanted: Sequence[str] = ()) -> list[str]:
    """The languages to translate into: ``wanted``, or every declared language but English."""
    return list(wanted) or [code for code in pack.languages if code != "en"]


def check_in_memory(path: str, texts: dict[str, str], sink: DiagnosticSink) -> CheckedPack:
    """Check the pack as it would be with ``texts`` (display name -> text) on disk."""
    from munchkin_dsl.compiler.api import check_pack
    from munchkin_dsl.language.source import load_pack, read_text

    def read(file: Path, shown: str, into: DiagnosticSink, root: Path | None,
             span: Span | None) -> str | None:
        if shown in texts:
            return texts[shown]
        return read_text(file, shown, into, root, span)

    return check_pack(path, sink, loaded=load_pack(path, sink, read=read))


@dataclass
class Status:
    """One language's translation status."""

    lang: str
    total: int = 0
    untranslated: list[Entry] = field(default_factory=list)
    outdated: list[Entry] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {"strings": self.total,
                "translated": self.total - len(self.untranslated),
                "untranslated": [e.context for e in self.untranslated],
                "outdated": [e.context for e in self.outdated]}


def status(pack: CheckedPack, langs: Sequence[str], sink: DiagnosticSink) -> list[Status]:
    """Untranslated (X201) and outdated (X202) strings per language, as warnings."""
    entries = entries_of(pack)
    out = []
    for lang in langs:
        result = Status(lang, len(entries))
        for entry in entries:
            translation = entry.translations.get(lang)
            if translation is None:
                result.untranslated.append(entry)
                sink.warning("X201", f"no {lang} translation of {entry.note} "
                             f"\u201c{entry.source}\u201d", entry.where,
                             f"translate it (`munchkin i18n export` writes a {lang} file)")
            elif translation.fuzzy:
                result.outdated.append(entry)
                was = (f" (translated from \u201c{translation.previous}\u201d)"
                       if translation.previous else "")
                sink.warning("X202", f"the {lang} translation of {entry.note} is outdated"
                             f"{was}", translation.literal,
                             "review it against the English text, then remove the "
                             f"`# fuzzy {lang}` comment")
        out.append(result)
    return out


def merge_files(path: str, pack: CheckedPack, catalogs: Sequence[tuple[str, list[Unit]]],
                sink: DiagnosticSink) -> tuple[dict[str, str], dict[str, MergeReport]]:
    """Every catalog merged in turn (each on the text the previous one left); the new
    texts of the changed files.  The result is checked: a merge that would add an error
    is reported and nothing is returned to write."""
    texts = dict(pack.loaded.texts)
    changed: set[str] = set()
    reports: dict[str, MergeReport] = {}
    current = pack
    for lang, units in catalogs:
        new, report = merge(entries_of(current), units, lang, texts)
        reports[lang] = report
        texts.update(new)
        changed |= set(new)
        current = check_in_memory(path, texts, DiagnosticSink())
    after = DiagnosticSink()
    check_in_memory(path, texts, after)
    if after.has_errors:
        sink.extend(after.items)
        return {}, reports
    return {file: texts[file] for file in sorted(changed)}, reports


__all__ = ["Status", "check_in_memory", "entries_of", "merge_files", "status",
           "target_languages"]
