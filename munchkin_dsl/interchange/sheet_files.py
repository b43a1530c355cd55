"""Spreadsheet files: a checked pack's rows written as CSV or Excel, and read back.

CSV is UTF-8 with a byte-order mark (so Excel and LibreOffice open Cyrillic and Polish
text correctly) and ``\\r\\n`` row ends, as RFC 4180 says.  Excel files are written with
openpyxl, the maintained library for .xlsx; an .xlsx is a zip whose entries carry
timestamps and whose properties carry creation and modification times, so both are set
to a fixed date: the same pack gives byte-identical files.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from munchkin_dsl.interchange.sheet import Row, card_row, columns, header_row

if TYPE_CHECKING:
    from munchkin_dsl.compiler.api import CheckedPack

#: The sheet name in an Excel file (and the name diagnostics give a CSV's only sheet).
SHEET = "cards"
#: The fixed date of every generated .xlsx (properties and zip entries): reproducible files.
FIXED_DATE = datetime.datetime(2000, 1, 1, 0, 0, 0)
FORMATS = ("csv", "xlsx")
_MODIFIED = re.compile(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)")


@dataclass
class Table:
    """A sheet as read or to be written: its columns and its rows, each with its row number."""

    sheet: str
    header: list[str]
    rows: list[tuple[int, Row]]


def pack_table(pack: CheckedPack) -> Table:
    """The pack header row, then one row per card, in the pack's order."""
    texts = pack.loaded.texts
    relative = pack.loaded.relative
    langs = list(pack.languages)
    for card in pack.cards:
        for stat in card.stats:
            if stat.kind in ("name", "text") and stat.args[0].name not in langs:
                langs.append(stat.args[0].name)
    rows: list[Row] = []
    if pack.header is not None:
        rows.append(header_row(pack.header, texts, relative.get(pack.header.span.file, "")))
    for card in pack.cards:
        rows.append(card_row(card, texts, relative.get(card.span.file, "")))
    return Table(SHEET, columns(langs), [(n, row) for n, row in enumerate(rows, start=2)])


#: Columns an .xlsx stores as numbers when the cell is digits (so a sheet sorts by level).
NUMBER_COLUMNS = ("level", "treasures", "value")


def _matrix(table: Table) -> list[list[str]]:
    return [table.header] + [[row.get(c) for c in table.header] for _, row in table.rows]


def csv_bytes(table: Table) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerows(_matrix(table))
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def xlsx_bytes(table: Table) -> bytes:
    """The table as an Excel workbook, byte-identical for the same table."""
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = table.sheet
    for values in _matrix(table):
        # Cells are text: an id like "1e3" or a value "0400" must come back as written.
        sheet.append([value if value != "" else None for value in values])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    wrap = Alignment(wrap_text=True, vertical="top")
    numeric = {table.header.index(c) for c in NUMBER_COLUMNS if c in table.header}
    for row in sheet.iter_rows(min_row=2):
        for index, cell in enumerate(row):
            cell.alignment = wrap
            if cell.value is None:
                continue
            if index in numeric and str(cell.value).isdigit():
                cell.value = int(str(cell.value))
            else:
                cell.data_type = "s"
    sheet.freeze_panes = "D2"
    book.properties.creator = "munchkin-dsl"
    book.properties.created = FIXED_DATE
    book.properties.modified = FIXED_DATE
    raw = io.BytesIO()
    book.save(raw)
    return _fixed_zip(raw.getvalue())


def _fixed_zip(data: bytes) -> bytes:
    """The same zip with every entry's timestamp set to :data:`FIXED_DATE`."""
    out = io.BytesIO()
    stamp = FIXED_DATE.timetuple()[:6]
    with zipfile.ZipFile(io.BytesIO(data)) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=stamp)
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o600 << 16
            content = source.read(info.filename)
            if info.filename == "docProps/core.xml":  # openpyxl stamps `modified` at save
                content = _MODIFIED.sub(rb"\g<1>" + FIXED_DATE.strftime(
                    "%Y-%m-%dT%H:%M:%SZ").encode() + rb"\g<2>", content)
            target.writestr(fixed, content)
    return out.getvalue()


class SheetError(Exception):
    """A file that is no readable sheet at all (not one bad cell): a usage error."""


def _cell_text(value: object) -> str:
    """A cell as text: numbers typed into Excel (10, 10.0) read as the author sees them."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime):
        return value.isoformat(sep=" ")
    return str(value).replace("\r\n", "\n").replace("\r", "\n")


def _table(sheet: str, matrix: Sequence[Sequence[object]]) -> Table:
    if not matrix:
        raise SheetError("the sheet is empty; the first row must name the columns "
                         "(`munchkin export csv PACK -o FILE` writes a sheet to start from)")
    header = [_cell_text(v).strip() for v in matrix[0]]
    rows = []
    for number, values in enumerate(matrix[1:], start=2):
        cells = {header[i]: _cell_text(v) for i, v in enumerate(values)
                 if i < len(header) and header[i]}
        if any(v.strip() for v in cells.values()):
            rows.append((number, Row(cells)))
    return Table(sheet, header, rows)


def read_table(path: Path, data: bytes) -> Table:
    """A CSV or .xlsx file's first sheet as a table; SheetError when it is neither."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise SheetError(f"{path.name} is not UTF-8 text (byte {exc.start}); save the "
                             "CSV as UTF-8") from exc
        try:
            return _table(path.name, list(csv.reader(io.StringIO(text, newline=""))))
        except csv.Error as exc:
            raise SheetError(f"{path.name} is not valid CSV: {exc}") from exc
    if suffix == ".xlsx":
        from openpyxl import load_workbook

        try:
            book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        except Exception as exc:  # noqa: BLE001 - openpyxl raises many kinds for a bad zip
            raise SheetError(f"{path.name} is not an Excel workbook ({type(exc).__name__})"
                             ) from exc
        sheet = book[SHEET] if SHEET in book.sheetnames else book.worksheets[0]
        matrix = [list(row) for row in sheet.iter_rows(values_only=True)]
        book.close()
        return _table(sheet.title, matrix)
    raise SheetError(f"{path.name}: a sheet must be a .csv or .xlsx file")


__all__ = ["FIXED_DATE", "FORMATS", "SHEET", "SheetError", "Table", "csv_bytes", "pack_table",
           "read_table", "xlsx_bytes"]
