"""What is under and before the cursor: tokens, words, the statement being typed.

Every function takes the client position through a :class:`~munchkin_dsl.lsp.positions.Codec`,
so a Russian or Polish line gives the same word in every position encoding.
"""

from __future__ import annotations

from munchkin_dsl.language.formatter import tokens_with_columns
from munchkin_dsl.lsp.positions import Codec

#: token kinds a cursor can stand on and mean something
WORD_KINDS = ("WORD", "STRING", "COMMENT", "INT")


def token_at(line: str, char: int, codec: Codec) -> tuple[int, str, str] | None:
    """(start column, text, kind) of the token under a client column, strings unquoted
    (the start is then the column after the quote)."""
    col = codec.column(line, char)
    for start, token in tokens_with_columns(line):
        if start <= col <= start + len(token.text) and token.kind in WORD_KINDS:
            if token.kind == "STRING":
                return start + 1, token.text[1:-1], token.kind
            return start, token.text, token.kind
    return None


def words_around(line: str, char: int, codec: Codec, reach: int = 4) -> list[str]:
    tokens = [(s, t.text) for s, t in tokens_with_columns(line) if t.kind == "WORD"]
    col = codec.column(line, char)
    here = next((i for i, (s, text) in enumerate(tokens) if s <= col <= s + len(text)), None)
    if here is None:
        return []
    return [text for _, text in tokens[max(0, here - reach):here + reach + 1]]


def statement_prefix(lines: list[str], line_no: int, before: str) -> tuple[str, str | None]:
    """(the text the grammar should see, the block's header) for a completion point."""
    header: str | None = None
    stmt_start = 0
    for index, text in enumerate([*lines[:line_no], before]):
        current = index == line_no
        for col, token in tokens_with_columns(text):
            if token.text == "{":
                header = text[:col + 1]
                if current:
                    stmt_start = col + 1
            elif token.text == "}":
                header = None
                if current:
                    stmt_start = col + 1
            elif token.text == ";" and current:
                stmt_start = col + 1
    stmt = before[stmt_start:]
    if header is None:
        return stmt, None
    same_line = before.startswith(header) and stmt_start >= len(header)
    return (header + stmt if same_line else header + "\n" + stmt), header


def occurrences(text: str, word: str) -> list[tuple[int, int, int]]:
    """(0-based line, code-point column, length) of each WORD or STRING token equal to
    ``word`` (case-insensitive; a string's quotes are not part of the occurrence)."""
    folded = word.casefold()
    out = []
    for number, source in enumerate(text.split("\n")):
        for col, tok in tokens_with_columns(source):
            if tok.kind == "STRING" and tok.text[1:-1].casefold() == folded:
                out.append((number, col + 1, len(tok.text) - 2))
            elif tok.kind == "WORD" and tok.text.casefold() == folded:
                out.append((number, col, len(tok.text)))
    return out
