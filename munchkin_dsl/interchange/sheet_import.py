"""`munchkin import`: a sheet back into a pack, checked cell by cell, written all or nothing.

Two passes.  First each cell is checked for what only the sheet can say (an unknown
column, a kind that is no card kind, a level that is not a whole number, a slot that is
no slot, a file name outside the pack).  Then the rows are turned into pack files and the
ordinary checker runs on them; each of its diagnostics is moved from the generated line
to the cell that line came from (:class:`~.sheet.Origin`), so the author is told "row 7,
column rules, line 2" and not a line of a file they never wrote.  Only a sheet with no
error is written, through a staged folder (:func:`munchkin_dsl.base.files.replacement_folder`).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath

from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink, Span
from munchkin_dsl.base.files import remove, replacement_folder, swap_in, write_files
from munchkin_dsl.interchange.munch_text import column_letter
from munchkin_dsl.interchange.sheet import (
    MANIFEST,
    NO_VALUE,
    PACK_KIND,
    SLOTS,
    STAT_COLUMNS,
    Generated,
    Origin,
    Row,
    generate,
    kind_words,
)
from munchkin_dsl.interchange.sheet_files import Table

_INT = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[+-]?[0-9]+")
_LANG_COLUMN = re.compile(r"(name|text):([a-z]{2})")
_NUMBER_COLUMNS = {"level": _INT, "treasures": _INT, "bonus": _SIGNED, "value": _INT}
_MISSING_NAME = re.compile(r"has no (\w+) name")
_FIXED_COLUMNS = ("file", "id", "kind", *STAT_COLUMNS, "rules")


@dataclass(frozen=True)
class CellPlace:
    """How diagnostics name the sheet: the file, and its sheet (only an .xlsx has several)."""

    file: str
    sheet: str | None
    header: tuple[str, ...]

    def where(self, row: int, column: str, cell_line: int = 1) -> tuple[str, Span]:
        index = self.header.index(column) if column in self.header else 0
        sheet = f"sheet '{self.sheet}', " if self.sheet else ""
        line = f", line {cell_line}" if cell_line > 1 else ""
        text = f"{sheet}row {row}, column {column} ({column_letter(index)}){line}"
        return text, Span.point(self.file, row, index + 1)


def _error(sink: DiagnosticSink, place: CellPlace, row: int, column: str, code: str,
           message: str, *, hint: str | None) -> None:
    where, span = place.where(row, column)
    sink.error(code, f"{where}: {message}", span, hint)


def _check_header(table: Table, place: CellPlace, sink: DiagnosticSink) -> None:
    for index, name in enumerate(table.header):
        if not name or name in _FIXED_COLUMNS or _LANG_COLUMN.fullmatch(name):
            continue
        near = difflib.get_close_matches(name, [*_FIXED_COLUMNS, "name:en", "text:en"], 1)
        sink.error("X101", f"row 1, column {column_letter(index)}: unknown column '{name}'",
                   Span.point(place.file, 1, index + 1),
                   f"did you mean '{near[0]}'?" if near else
                   "columns are file, id, kind, name:LANG, text:LANG, level, treasures, "
                   "bonus, value, slot, tags and rules")
    for needed in ("id", "kind", "name:en"):
        if needed not in table.header:
            sink.error("X101", f"row 1: the sheet has no column '{needed}'",
                       Span.point(place.file, 1, 1),
                       "the first row names the columns; export a pack to see them")


def _check_row(number: int, row: Row, place: CellPlace, sink: DiagnosticSink,
               words: dict[str, str]) -> None:
    kind = row.get("kind").strip()
    written = set(words.values())
    if kind in words:  # `monster-enhancer` written the engine's way
        row.cells["kind"] = kind = words[kind]
    if kind != PACK_KIND and kind not in written:
        near = difflib.get_close_matches(kind, sorted(written), 1)
        _error(sink, place, number, "kind", "X102",
               f"'{kind}' is not a card kind" if kind else "the card has no kind",
               hint=f"did you mean '{near[0]}'?" if near else
               f"a kind is one of: {', '.join(sorted(written))} (or 'pack' for the header row)")
    if not row.get("id").strip():
        _error(sink, place, number, "id", "X103", "the row has no id",
               hint="every card needs a stable id such as net-troll")
    for column, pattern in _NUMBER_COLUMNS.items():
        value = row.get(column).strip()
        if not value or pattern.fullmatch(value) or (column == "value" and value == NO_VALUE):
            continue
        _error(sink, place, number, column, "X104", f"'{value}' is not a whole number",
               hint="write digits only (bonus may start with + or -; value may be 'no value')")
    slot = row.get("slot").strip()
    if slot and slot not in SLOTS:
        near = difflib.get_close_matches(slot, SLOTS, 1)
        _error(sink, place, number, "slot", "X105", f"'{slot}' is not a slot",
               hint=f"did you mean '{near[0]}'?" if near
               else f"a slot is one of: {', '.join(SLOTS)}")
    file = row.get("file").strip()
    if file:
        path = PurePosixPath(file)
        if path.is_absolute() or ".." in path.parts or path.suffix != ".munch" or "\\" in file:
            _error(sink, place, number, "file", "X106",
                   f"'{file}' is not a .munch file name inside the pack",
                   hint="write a relative name such as monsters.munch")
    for column in row.cells:
        if column in _FIXED_COLUMNS or not row.cells[column]:
            continue
        if "\n" in row.cells[column] and column.startswith("name:"):
            _error(sink, place, number, column, "X107", "a name must be one line",
                   hint="remove the line break from the cell")


def _pack_rows(table: Table, place: CellPlace, sink: DiagnosticSink) -> None:
    packs = [n for n, row in table.rows if row.get("kind").strip() == PACK_KIND]
    if not packs:
        sink.error("X108", "the sheet has no pack row (kind 'pack')",
                   Span.point(place.file, 2, 1),
                   "add a first row with kind pack, the pack id, its title under name:en and "
                   "its ruleset under rules (e.g. `ruleset munchkin-1.6`)")
    for extra in packs[1:]:
        _error(sink, place, extra, "kind", "X108", "a second pack row; a sheet is one pack",
               hint="remove the row, or import the second pack from its own sheet")


def check_cells(table: Table, place: CellPlace, sink: DiagnosticSink) -> None:
    """Every problem only the sheet can show, one diagnostic per bad cell."""
    _check_header(table, place, sink)
    words = kind_words()
    for number, row in table.rows:
        _check_row(number, row, place, sink, words)
    _pack_rows(table, place, sink)


def move_to_cell(diagnostic: Diagnostic, generated: Generated, relative: dict[str, str],
                 place: CellPlace) -> Diagnostic:
    """A checker diagnostic on a generated file, re-anchored at the cell it came from."""
    span = diagnostic.span
    if span is None:
        return diagnostic
    file = relative.get(span.file, span.file)
    origin: Origin | None = generated.origin(file, span.line, span.column)
    if origin is None:
        origin = _nearest(generated, file, span.line)
    if origin is None:
        return replace(diagnostic, span=Span.point(place.file, 1, 1))
    column = origin.column
    missing = _MISSING_NAME.search(diagnostic.message) if diagnostic.code == "W109" else None
    if missing and f"name:{missing.group(1)}" in place.header:
        column = f"name:{missing.group(1)}"  # the empty cell to fill, not the English name
    where, cell = place.where(origin.row, column, origin.cell_line)
    return replace(diagnostic, message=f"{where}: {diagnostic.message}", span=cell)


def _nearest(generated: Generated, file: str, line: int) -> Origin | None:
    """The closest line above with an origin (a closing brace belongs to its card)."""
    for number in range(line, 0, -1):
        found = generated.origin(file, number, 1)
        if found is not None:
            return found
    return None


@dataclass
class Imported:
    """What an import did: the files it wrote (none when it failed)."""

    files: list[str]
    cards: int


def import_table(table: Table, place: CellPlace, target: Path, sink: DiagnosticSink,
                 replace_existing: bool) -> Imported:
    """Check the sheet, generate the pack, check it, and write it all or nothing."""
    from munchkin_dsl.compiler.api import build

    check_cells(table, place, sink)
    if sink.has_errors:
        return Imported([], 0)
    langs = [c for c in table.header if _LANG_COLUMN.fullmatch(c)]
    generated = generate(table.rows, langs)
    texts = generated.texts()
    with replacement_folder(target, keep_from_old=replace_existing) as stage:
        for old in stage.rglob("*.munch"):
            remove(old)
        write_files(stage, texts)
        result = build([stage / MANIFEST], purpose="check")
        for pack in result.packs:
            relative = pack.loaded.relative
            sink.extend(move_to_cell(d, generated, relative, place) for d in result.sink.items)
        if sink.has_errors:
            return Imported([], 0)
        from munchkin_dsl.language.formatter import format_text

        write_files(stage, {name: format_text(text, name).text or text
                            for name, text in texts.items()})
        swap_in(stage, target)
    cards = sum(1 for _, row in table.rows if row.get("kind").strip() != PACK_KIND)
    return Imported(sorted(texts), cards)


__all__ = ["CellPlace", "Imported", "check_cells", "import_table", "move_to_cell"]
