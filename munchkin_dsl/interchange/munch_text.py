"""Pieces of pack source the interchange formats need: a statement's text, quoting.

Both the spreadsheet and the translation merge copy statements the author wrote
(`bad stuff: lose 2 levels`) rather than re-printing them from the AST, so the pack
comes back in the author's wording; these helpers cut a statement out of its file by
its span and write a text back as a quoted pack string.
"""

from __future__ import annotations

from munchkin_dsl.base.diagnostics import Span, line_index

#: A pack string's escapes, the inverse of the parser's unquoting.
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t"}


def quote(text: str) -> str:
    """``Say "hi"`` -> ``"Say \\"hi\\""``: a text as a pack string literal."""
    return '"' + "".join(_ESCAPES.get(ch, ch) for ch in text) + '"'


def span_text(texts: dict[str, str], span: Span) -> str:
    """The source text a span covers (a statement spans one line in practice)."""
    lines = line_index(texts[span.file])
    if span.line == span.end_line:
        return lines[span.line - 1][span.column - 1:span.end_column - 1]
    parts = [lines[span.line - 1][span.column - 1:]]
    parts += lines[span.line:span.end_line - 1]
    parts.append(lines[span.end_line - 1][:span.end_column - 1])
    return "\n".join(parts)


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: how a spreadsheet names a column."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


__all__ = ["column_letter", "quote", "span_text"]
