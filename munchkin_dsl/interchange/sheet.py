"""A pack as a table: one row per card, and the pack's files generated back from the rows.

The columns are the card's identity, its names and texts per language, the printed
numbers a designer edits in bulk (level, treasures, bonus, value, slot, tags) and
``rules``: every other line of the card *as written* (effect lines, manual rules,
``big``, ``usable by``...), one per line of the cell.  The first row is the pack itself
(kind ``pack``: its id, title per language, and its other header lines under ``rules``),
so a sheet alone is a whole pack.  ``file`` keeps each card in the file it came from.

Generating a pack from rows records, for every character range of every generated line,
the row and column it came from (:class:`Origin`), so a checker diagnostic on the
generated text is reported at the spreadsheet cell the author has to fix.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from munchkin_dsl import data
from munchkin_dsl.interchange.munch_text import quote, span_text
from munchkin_dsl.language.nodes import Card, Header, Stat

#: The kind of the row holding the pack header.
PACK_KIND = "pack"
#: The file a card without a ``file`` cell goes to.
DEFAULT_FILE = "cards.munch"
MANIFEST = "pack.munch"

#: Printed numbers and properties with a column of their own: column -> the stat kinds it
#: holds (the parser's names) and the keyword written before the cell's value.
STAT_COLUMNS: dict[str, tuple[tuple[str, ...], str]] = {
    "level": (("level",), "level"),
    "treasures": (("treasures",), "treasures"),
    "bonus": (("bonus",), "bonus"),
    "value": (("value", "no_value"), "value"),
    "slot": (("slot",), ""),
    "tags": (("tags",), "tags"),
}
#: The values a ``slot`` cell may hold, as written in a card.
SLOTS = ("headgear", "armor", "footgear", "one hand", "two hands")
NO_VALUE = "no value"
#: Header lines with a column of their own on the pack row.
HEADER_COLUMNS = {"title": "name", "title_lang": "name"}


def kind_words() -> dict[str, str]:
    """Card kind (``monster-enhancer``) -> how it is written (``monster enhancer``)."""
    return {kind: entry["words"] for kind, entry in data.kinds().items()}


def columns(languages: Sequence[str]) -> list[str]:
    """The sheet's columns for a pack in ``languages`` (English first)."""
    langs = ["en", *[code for code in languages if code != "en"]]
    return (["file", "id", "kind"] + [f"name:{code}" for code in langs]
            + [f"text:{code}" for code in langs] + list(STAT_COLUMNS) + ["rules"])


@dataclass
class Row:
    """One card (or the pack header) as cells, by column name."""

    cells: dict[str, str] = field(default_factory=dict)

    def get(self, column: str) -> str:
        return self.cells.get(column, "")


def _lang_of(stat: Stat) -> str:
    return str(stat.args[0].name)


def _cell_of(stat: Stat, texts: dict[str, str]) -> tuple[str, str] | None:
    """(column, value) when ``stat`` has a column of its own, else None."""
    if stat.kind in ("name", "text", "title_lang"):
        column = HEADER_COLUMNS.get(stat.kind, stat.kind)
        return f"{column}:{_lang_of(stat)}", stat.args[1]
    if stat.kind == "title":
        return "name:en", stat.args[0]
    for column, (kinds, keyword) in STAT_COLUMNS.items():
        if stat.kind in kinds:
            written = span_text(texts, stat.span)
            if stat.kind == "no_value":
                return column, NO_VALUE
            return column, written[len(keyword):].strip() if keyword else written
    return None


def _fill(row: Row, stats: Sequence[Stat], others: list[tuple[tuple[int, int], str]],
          texts: dict[str, str]) -> None:
    """Put each stat in its column, or (a second one of the same column) under rules."""
    taken: dict[str, int] = {}
    for stat in stats:
        found = _cell_of(stat, texts)
        if found is not None:
            taken[found[0]] = taken.get(found[0], 0) + 1
    for stat in stats:
        found = _cell_of(stat, texts)
        if found is not None and taken[found[0]] == 1 and found[0] not in row.cells:
            row.cells[found[0]] = found[1]
        else:
            others.append(((stat.span.line, stat.span.column), span_text(texts, stat.span)))


def card_row(card: Card, texts: dict[str, str], file: str) -> Row:
    """One parsed card as a row: columns for names, texts and numbers; the rest as written."""
    row = Row({"file": file, "id": card.id, "kind": kind_words()[card.kind],
               "name:en": card.name})
    others: list[tuple[tuple[int, int], str]] = []
    _fill(row, card.stats, others, texts)
    others += [((line.span.line, line.span.column), span_text(texts, line.span))
               for line in card.lines]
    row.cells["rules"] = "\n".join(text for _, text in sorted(others))
    return row


def header_row(header: Header, texts: dict[str, str], file: str) -> Row:
    """The pack header as the first row: id, titles, and the other header lines."""
    row = Row({"file": file, "id": header.id, "kind": PACK_KIND})
    others: list[tuple[tuple[int, int], str]] = []
    _fill(row, [f for f in header.fields if f.kind in ("title", "title_lang")], others, texts)
    others += [((f.span.line, f.span.column), span_text(texts, f.span))
               for f in header.fields if f.kind not in ("title", "title_lang")]
    row.cells["rules"] = "\n".join(text for _, text in sorted(others))
    return row


# --------------------------------------------------------------------------- rows -> pack


@dataclass(frozen=True)
class Origin:
    """Where a range of a generated line came from: a row (1-based, as the sheet shows it),
    a column, and the line of that cell (for the multi-line ``rules`` cell)."""

    row: int
    column: str
    cell_line: int = 1
    start: int = 1  # first column of the range on the generated line (1-based)


@dataclass
class Generated:
    """The pack files made from a sheet, and where each generated line came from."""

    files: dict[str, list[str]] = field(default_factory=dict)
    origins: dict[str, list[list[Origin]]] = field(default_factory=dict)

    def add(self, file: str, pieces: Sequence[tuple[str, Origin | None]]) -> None:
        """Append one line made of (text, origin) pieces to ``file``."""
        text = ""
        ranges: list[Origin] = []
        for piece, origin in pieces:
            if origin is not None:
                ranges.append(Origin(origin.row, origin.column, origin.cell_line,
                                     len(text) + 1))
            text += piece
        self.files.setdefault(file, []).append(text)
        self.origins.setdefault(file, []).append(ranges)

    def origin(self, file: str, line: int, column: int) -> Origin | None:
        """The cell a position of a generated file came from (None: generated glue)."""
        lines = self.origins.get(file, [])
        if not 1 <= line <= len(lines) or not lines[line - 1]:
            return None
        found = lines[line - 1][0]
        for origin in lines[line - 1]:
            if origin.start <= column:
                found = origin
        return found

    def texts(self) -> dict[str, str]:
        return {name: "\n".join(lines) + "\n" for name, lines in self.files.items()}


def _stat_line(column: str, value: str) -> str:
    """The card line a stat column's cell stands for."""
    if column.startswith(("name:", "text:")):
        field_name, lang = column.split(":", 1)
        return f"{field_name} {lang} {quote(value)}"
    keyword = STAT_COLUMNS[column][1]
    if column == "value" and value == NO_VALUE:
        return NO_VALUE
    if column == "bonus" and value[:1].isdigit():
        value = "+" + value
    return f"{keyword} {value}" if keyword else value


def _body(out: Generated, file: str, number: int, row: Row, lang_columns: Sequence[str],
          header: bool) -> None:
    """The lines inside a card's (or the header's) braces."""
    for column in lang_columns:
        value = row.get(column)
        if not value or column == "name:en":
            continue
        if header:
            if not column.startswith("name:"):
                continue
            line = f"title {column[5:]} {quote(value)}"
        else:
            line = _stat_line(column, value)
        out.add(file, [("  ", None), (line, Origin(number, column))])
    if not header:
        for column in STAT_COLUMNS:
            if row.get(column):
                out.add(file, [("  ", None),
                               (_stat_line(column, row.get(column)), Origin(number, column))])
    for index, line in enumerate(row.get("rules").split("\n"), start=1):
        if line.strip():
            out.add(file, [("  ", None), (line.strip(), Origin(number, "rules", index))])


def generate(rows: Sequence[tuple[int, Row]], lang_columns: Sequence[str]) -> Generated:
    """The pack's files from its rows (each with its sheet row number).

    The pack row becomes ``pack.munch``'s header followed by one ``include`` per other
    file, in the order the files first appear; cards go to their ``file`` (default
    ``cards.munch``).  Rows are assumed checked cell by cell (:mod:`.sheet_import`).
    """
    out = Generated()
    files: list[str] = []
    for _, row in rows:
        if row.get("kind") == PACK_KIND:
            continue
        file = row.get("file") or DEFAULT_FILE
        if file != MANIFEST and file not in files:
            files.append(file)
    for number, row in rows:
        if row.get("kind") != PACK_KIND:
            continue
        out.add(MANIFEST, [("pack ", None), (row.get("id"), Origin(number, "id")),
                           (" {", None)])
        out.add(MANIFEST, [("  title ", None),
                           (quote(row.get("name:en")), Origin(number, "name:en"))])
        _body(out, MANIFEST, number, row, lang_columns, header=True)
        out.add(MANIFEST, [("}", None)])
        out.add(MANIFEST, [("", None)])
        for file in files:
            out.add(MANIFEST, [(f"include {quote(file)}", None)])
    for number, row in rows:
        kind = row.get("kind")
        if kind == PACK_KIND:
            continue
        file = row.get("file") or DEFAULT_FILE
        if out.files.get(file):
            out.add(file, [("", None)])
        out.add(file, [(kind, Origin(number, "kind")), (" ", None),
                       (row.get("id"), Origin(number, "id")), (" ", None),
                       (quote(row.get("name:en")), Origin(number, "name:en")), (" {", None)])
        _body(out, file, number, row, lang_columns, header=False)
        out.add(file, [("}", None)])
    return out


__all__ = ["DEFAULT_FILE", "MANIFEST", "NO_VALUE", "PACK_KIND", "SLOTS", "STAT_COLUMNS",
           "Generated", "Origin", "Row", "card_row", "columns", "generate", "header_row",
           "kind_words"]
