"""Columns between the checker and the editor: the one conversion layer every feature uses.

The checker counts columns in code points (1-based, :class:`~munchkin_dsl.base.diagnostics.Span`);
an LSP client counts them in the units of the position encoding agreed at ``initialize``:
UTF-16 code units unless the client's ``general.positionEncodings`` offers UTF-8 or UTF-32
(pygls picks the client's first supported choice and applies incremental edits with it).
A Russian letter is one code point, two UTF-8 bytes and one UTF-16 unit; an emoji is one
code point, four bytes and two UTF-16 units; a combining mark is a code point of its own.
Every position that crosses the protocol goes through a :class:`Codec`, so a column is
right on a Russian or Polish line in every encoding.
"""

from __future__ import annotations

from dataclasses import dataclass

from lsprotocol import types as lsp

from munchkin_dsl.base.diagnostics import Span

UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"


@dataclass(frozen=True)
class Codec:
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

    def position(self, lines: list[str], line: int, column: int) -> lsp.Position:
        """A 0-based line and code-point column as a client position."""
        if 0 <= line < len(lines):
            return lsp.Position(line, self.character(lines[line], column))
        return lsp.Position(max(0, line), max(0, column))

    def span_range(self, span: Span, text: str | list[str]) -> lsp.Range:
        """A checker span (1-based, code points) in ``text`` as a client range."""
        lines = text.split("\n") if isinstance(text, str) else text
        start = self.position(lines, span.line - 1, span.column - 1)
        end = self.position(lines, span.end_line - 1, span.end_column - 1)
        if (end.line, end.character) < (start.line, start.character):
            end = lsp.Position(start.line, start.character + 1)
        return lsp.Range(start, end)

    def token_range(self, lines: list[str], line: int, column: int, length: int) -> lsp.Range:
        """The range of ``length`` code points from ``column`` on 0-based ``line``."""
        return lsp.Range(self.position(lines, line, column),
                         self.position(lines, line, column + length))

    def end_of(self, lines: list[str]) -> lsp.Position:
        """The position after the last character of a document."""
        return lsp.Position(len(lines) - 1, self.units(lines[-1]) if lines else 0)


def codec_for(encoding: object) -> Codec:
    """The codec for a negotiated ``positionEncoding`` (anything unknown: UTF-16)."""
    value = str(getattr(encoding, "value", encoding) or UTF16)
    return Codec(value if value in (UTF8, UTF16, UTF32) else UTF16)
