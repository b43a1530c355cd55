"""Columns between the checker and the editor as LSP objects: the one conversion layer
every feature uses.

The arithmetic (code points <-> UTF-8, UTF-16 or UTF-32 units, see
:mod:`munchkin_dsl.lsp.columns`) with positions and ranges as lsprotocol's types.  Every
position that crosses the protocol goes through a :class:`Codec`, so a column is right on
a Russian or Polish line in every encoding.
"""

from __future__ import annotations

from dataclasses import dataclass

from lsprotocol import types as lsp

from munchkin_dsl.base.diagnostics import Span
from munchkin_dsl.lsp.columns import UTF8, UTF16, UTF32, Columns, encoding_of

__all__ = ["UTF8", "UTF16", "UTF32", "Codec", "codec_for"]


@dataclass(frozen=True)
class Codec(Columns):
    """Code-point columns <-> client positions and ranges, in one position encoding."""

    def position(self, lines: list[str], line: int, column: int) -> lsp.Position:
        """A 0-based line and code-point column as a client position."""
        return lsp.Position(*self.point(lines, line, column))

    def span_range(self, span: Span, text: str | list[str]) -> lsp.Range:
        """A checker span (1-based, code points) in ``text`` as a client range."""
        start, end = self.span_points(span, text)
        return lsp.Range(lsp.Position(*start), lsp.Position(*end))

    def token_range(self, lines: list[str], line: int, column: int, length: int) -> lsp.Range:
        """The range of ``length`` code points from ``column`` on 0-based ``line``."""
        return lsp.Range(self.position(lines, line, column),
                         self.position(lines, line, column + length))

    def end_of(self, lines: list[str]) -> lsp.Position:
        """The position after the last character of a document."""
        return lsp.Position(len(lines) - 1, self.units(lines[-1]) if lines else 0)


def codec_for(encoding: object) -> Codec:
    """The codec for a negotiated ``positionEncoding`` (anything unknown: UTF-16)."""
    return Codec(encoding_of(encoding))
