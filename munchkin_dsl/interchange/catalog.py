"""Translation files: gettext PO (polib) and XLIFF 1.1 (translate-toolkit), out and in.

One file per target language.  Each unit is keyed by the string's context
(``ID|KIND|FIELD``, :mod:`.strings`): ``msgctxt`` in PO, the ``trans-unit`` ``id`` in
XLIFF; its source is the English text, its target the translation in the pack (empty when
there is none), a note says which card and field it is, and the reference gives the pack
file and line.  An outdated translation is exported fuzzy (with the old source as PO's
``#| msgid``).  Nothing in the files depends on the time: the same pack gives the same
bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from munchkin_dsl.interchange.strings import Entry

FORMATS = {"po": ".po", "xliff": ".xlf"}


class CatalogError(Exception):
    """A file that is no readable PO or XLIFF file: a usage error."""


@dataclass(frozen=True)
class Unit:
    """One translated string read from a file."""

    context: str
    source: str
    target: str
    fuzzy: bool


def write_po(entries: Sequence[Entry], lang: str, pack: str, files: dict[str, str]) -> bytes:
    import polib

    catalog = polib.POFile(wrapwidth=0)
    catalog.metadata = {
        "Project-Id-Version": pack,
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Generator": "munchkin-dsl",
        "X-Source-Language": "en",
    }
    for entry in entries:
        translation = entry.translations.get(lang)
        unit = polib.POEntry(
            msgctxt=entry.context, msgid=entry.source,
            msgstr=translation.text if translation else "",
            comment=entry.note,
            occurrences=[(files.get(entry.where.file, entry.where.file), str(entry.where.line))])
        if translation is not None and translation.fuzzy:
            unit.flags.append("fuzzy")
            if translation.previous is not None:
                unit.previous_msgid = translation.previous
        catalog.append(unit)
    return str(catalog).encode("utf-8")


def write_xliff(entries: Sequence[Entry], lang: str, pack: str, files: dict[str, str]
                ) -> bytes:
    from translate.storage import xliff

    store: Any = xliff.xlifffile(sourcelanguage="en")
    store.settargetlanguage(lang)
    for entry in entries:
        translation = entry.translations.get(lang)
        unit = store.addsourceunit(entry.source)
        unit.setid(entry.context)
        unit.addnote(entry.note, origin="developer")
        unit.addlocation(f"{files.get(entry.where.file, entry.where.file)}:{entry.where.line}")
        if translation is not None:
            unit.target = translation.text
            unit.markfuzzy(translation.fuzzy)
            if not translation.fuzzy:
                unit.markapproved(True)
    store.setfilename(store.getfilenode(store.getfilenames()[0]), pack)
    return bytes(store)


def _read_po(path: Path, data: bytes) -> tuple[str, list[Unit]]:
    import polib

    try:
        # the leading newline keeps polib from taking a one-line text for a file path
        catalog = polib.pofile("\n" + data.decode("utf-8"))
    except (UnicodeDecodeError, OSError, ValueError) as exc:
        raise CatalogError(f"{path} is not a readable PO file: {exc}") from exc
    lang = catalog.metadata.get("Language", "") or path.stem
    units = [Unit(e.msgctxt or "", e.msgid, e.msgstr, "fuzzy" in e.flags)
             for e in catalog if not e.obsolete]
    return lang, units


def _read_xliff(path: Path, data: bytes) -> tuple[str, list[Unit]]:
    from translate.storage import xliff

    try:
        store = cast(Any, xliff.xlifffile).parsestring(data)  # translate is unannotated
    except Exception as exc:  # noqa: BLE001 - lxml and the toolkit raise many kinds
        raise CatalogError(f"{path} is not a readable XLIFF file: {exc}") from exc
    lang = store.gettargetlanguage() or path.stem
    units = []
    for unit in store.getunits():
        context = (unit.getid() or "").split("\x04")[-1]
        target = unit.target or ""
        units.append(Unit(context, unit.source or "", str(target), bool(unit.isfuzzy())))
    return lang, units


def read_catalog(path: Path, data: bytes) -> tuple[str, list[Unit]]:
    """The target language and the units of a .po or .xlf/.xliff file."""
    suffix = path.suffix.lower()
    if suffix == ".po":
        lang, units = _read_po(path, data)
    elif suffix in (".xlf", ".xliff"):
        lang, units = _read_xliff(path, data)
    else:
        raise CatalogError(f"{path}: a translation file must be .po, .xlf or .xliff")
    if not any(unit.context for unit in units):
        raise CatalogError(f"{path} holds no string of a pack (none has a context "
                           "ID|KIND|FIELD); export one with `munchkin i18n export PACK`")
    return lang, units


__all__ = ["FORMATS", "CatalogError", "Unit", "read_catalog", "write_po", "write_xliff"]
