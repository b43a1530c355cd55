"""Columns between the checker and the editor, as plain numbers (no LSP objects).

The checker counts columns in code points (1-based, :class:`~munchkin_dsl.base.diagnostics.Span`);
an LSP client counts them in the units of the position encoding agreed at ``initialize``:
UTF-16 code units unless the client's ``general.positionEncodings`` offers UTF-8 or UTF-32
(pygls picks the client's first supported choice and applies incremental edits with it).
A Russian letter is one code point, two UTF-8 bytes and one UTF-16 unit; an emoji is one
code point, four bytes and two UTF-16 units; a combining mark is a code point of its own.

This is the arithmetic; :class:`munchkin_dsl.lsp.positions.Codec` adds the LSP objects
every feature uses.  It is a module of its own because the server's early start
(:mod:`munchkin_dsl.lsp.early`) places diagnostics before lsprotocol is imported.
"""

from __future__ import annotations

from dataclasses import dataclass

from munchkin_dsl.base.diagnostics import Span

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"

#: a place in a document: 0-based line, column in the client's units
Point = tuple[int, int]


def encoding_of(value: object) -> str:
    """A negotiated ``positionEncoding`` (a string or lsprotocol's enum; anything unknown:
    UTF-16, the encoding every client supports)."""
    text = str(getattr(value, "value", value) or UTF16)
    return text if text in (UTF8, UTF16, UTF32) else UTF16


@dataclass(frozen=True)
class Columns:
    """Code-point columns <-> client columns, in one position encoding."""

    encoding: str = UTF16

    def units(self, text: str) -> int:
        """How many client units ``text`` takes."""
        if self.encoding == UTF8:
            return len(text.encode("utf-8"))
        if self.encoding == UTF32:
            return len(text)
        return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)

    def column(self, line: str, units: int) -> int:
        """The code-point index of a client column in ``line`` (a column inside a character,
        or past the end, lands at that character's start / the line's end)."""
        if self.encoding == UTF32:
            return max(0, min(units, len(line)))
        count = 0
        for index, char in enumerate(line):
            width = self.units(char)
            if count + width > units:
                return index
            count += width
        return len(line)

    def character(self, line: str, column: int) -> int:
        """The client column of code-point index ``column`` in ``line``."""
        return self.units(line[:max(0, column)])

    def point(self, lines: list[str], line: int, column: int) -> Point:
        """A 0-based line and code-point column as a client place."""
        if 0 <= line < len(lines):
            return line, self.character(lines[line], column)
        return max(0, line), max(0, column)

    def span_points(self, span: Span, text: str | list[str]) -> tuple[Point, Point]:
        """A checker span (1-based, code points) in ``text`` as a client start and end (never
        an end before the start)."""
        lines = text.split("\n") if isinstance(text, str) else text
        start = self.point(lines, span.line - 1, span.column - 1)
        end = self.point(lines, span.end_line - 1, span.end_column - 1)
        if end < start:
            end = (start[0], start[1] + 1)
        return start, end
