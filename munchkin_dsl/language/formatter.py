"""`munchkin fmt`'s engine: one canonical layout for pack files, comments kept.

The formatter works on lines and tokens, not on the AST, on purpose: the AST drops
comments and blank lines, and its clause internals change as the language grows, while
the layout rules (one statement per line, two-space indentation, single spaces between
words, no space before `,` `:` `;`, a blank line between cards, fixed lines in the order
of ``data/layout.toml``) only need to know where statements and blocks begin and end.
A statement the formatter has never heard of is therefore laid out like any other line,
never dropped or rewritten.

Meaning is never changed: a file is formatted only when it parses without errors (the
parser is the gate), tokens are copied verbatim (strings, words, numbers), and the only
reordering is of a block's fixed lines (stats), which the language reads by kind, not by
position; effect lines keep their relative order.  The tests check
``compile(fmt(x)) == compile(x)`` and ``fmt(fmt(x)) == fmt(x)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from munchkin_dsl import data
from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink, split_lines

INDENT = "  "
TRAILING_COMMENT_GAP = "  "

#: The pack language's tokens, as the grammar defines them (a test checks WORD and
#: STRING against grammar/munchkin.lark).  Anything else is one "other" character: such
#: a file does not parse, so the formatter never lays it out.
WORD_PATTERN = (r"[A-Za-z_\u00C0-\u024F\u0400-\u04FF][A-Za-z0-9_'\u00C0-\u024F\u0400-\u04FF]*"
                r"(?:[-.][A-Za-z0-9_\u00C0-\u024F\u0400-\u04FF]+)*!?")
STRING_PATTERN = r'"(?:[^"\\\n]|\\.)*"'
_TOKEN = re.compile(
    rf"(?P<COMMENT>#[^\n]*)|(?P<STRING>{STRING_PATTERN})|(?P<SIGNED>[+-][0-9]+)"
    rf"|(?P<INT>[0-9]+)|(?P<WORD>{WORD_PATTERN})|(?P<PUNCT>[{{}}:;,+])|(?P<WS>[ \t\f\r]+)"
    r"|(?P<OTHER>.)")

#: No space goes before these tokens.
_TIGHT_BEFORE = {",", ":", ";"}


@dataclass(frozen=True)
class Token:
    kind: str
    text: str


@dataclass
class Stmt:
    """One statement: its tokens, the comment lines above it, a comment after it."""

    tokens: list[Token]
    before: list[str] = field(default_factory=list)
    trailing: str | None = None
    blank_before: bool = False

    @property
    def words(self) -> list[str]:
        return [t.text for t in self.tokens]


@dataclass
class Block(Stmt):
    """A `pack ... {` or card `KIND ID "Name" {` block and its body."""

    body: list[Stmt] = field(default_factory=list)
    end_comments: list[str] = field(default_factory=list)
    close_trailing: str | None = None


@dataclass
class CommentGroup(Stmt):
    """Top-level comment lines separated from what follows by a blank line."""


def tokens_with_columns(line: str) -> list[tuple[int, Token]]:
    """The tokens of one line with their 0-based start columns, whitespace dropped."""
    out = []
    for match in _TOKEN.finditer(line):
        kind = match.lastgroup or "OTHER"
        if kind != "WS":
            out.append((match.start(), Token(kind, match.group())))
    return out


def tokenize_line(line: str) -> list[Token]:
    """The tokens of one line, whitespace dropped; a comment is one token."""
    return [token for _, token in tokens_with_columns(line)]


def _join(tokens: list[Token]) -> str:
    text = ""
    for i, tok in enumerate(tokens):
        if i and not (tok.text in _TIGHT_BEFORE or (tok.text == "+" and tokens[i - 1].kind
                                                    == "INT")):
            text += " "
        text += tok.text
    return text


# ---------------------------------------------------------------- reading the layout
class _LayoutReader:
    """The state of reading a file's layout line by line: the statements so far, the
    comment lines waiting for the next statement, the open block and its tokens."""

    def __init__(self) -> None:
        self.top: list[Stmt] = []
        self.pending: list[str] = []     # comment lines waiting for the next statement
        self.blank = False               # a blank line since the last top-level item
        self.block: Block | None = None
        self.current: list[Token] = []

    def flush(self) -> Stmt | None:
        if not self.current:
            return None
        stmt = Stmt(self.current, self.pending, blank_before=self.blank)
        self.current, self.pending = [], []
        if self.block is None:
            self.blank = False
            self.top.append(stmt)
        else:
            self.block.body.append(stmt)
        return stmt

    def comment_group(self) -> None:
        """Comments followed by a blank line (or the end) stand alone."""
        if self.pending:
            self.top.append(CommentGroup([], self.pending, blank_before=self.blank))
            self.pending = []

    def empty_line(self, comment: str | None) -> None:
        """A line with no code: a comment waits for its statement, a blank line counts."""
        if comment is not None:
            self.pending.append(comment)
        elif self.block is None:
            self.comment_group()
            self.blank = bool(self.top)

    def code_line(self, tokens: list[Token], comment: str | None) -> None:
        # where a comment at the end of this line belongs: a statement, or a block's `}`
        last: Stmt | None = None
        closed: Block | None = None
        for tok in tokens:
            if tok.text == "{" and self.block is None:
                self.block = Block(self.current, self.pending, blank_before=self.blank)
                self.current, self.pending, self.blank = [], [], False
                self.top.append(self.block)
                last, closed = self.block, None
            elif tok.text == "}" and self.block is not None:
                self.flush()
                self.block.end_comments, self.pending = self.pending, []
                last, closed, self.block = None, self.block, None
            elif tok.text == ";":
                last = self.flush() or last
            else:
                self.current.append(tok)
                if (self.block is None and len(self.current) == 2
                        and self.current[0].text == "include"):
                    last, closed = self.flush(), None
        if self.current:
            last, closed = self.flush(), None
        if comment is None:
            return
        if closed is not None:
            closed.close_trailing = comment
        elif last is not None:
            last.trailing = comment
        else:
            self.pending.append(comment)


def _structure(text: str) -> list[Stmt]:
    """Cut the file into top-level statements, blocks and comment groups.

    Only called on text that parses, so braces balance and blocks do not nest.
    """
    reader = _LayoutReader()
    # the parser's line convention (\n, \r\n, \r only): a U+2028 inside a string is text
    lines = split_lines(text)
    if lines and lines[-1] == "":
        lines.pop()
    for line in lines:
        tokens = tokenize_line(line)
        comment = tokens.pop().text.rstrip() if tokens and tokens[-1].kind == "COMMENT" else None
        if tokens:
            reader.code_line(tokens, comment)
        else:
            reader.empty_line(comment)
    reader.comment_group()
    return reader.top


# ---------------------------------------------------------------- the canonical order
@cache
def _orders() -> dict[str, tuple[tuple[tuple[str, ...], bool], ...]]:
    table = data.load("layout")
    return {section: tuple((tuple(p.rstrip("$").split()), p.endswith("$"))
                           for p in entry["order"])
            for section, entry in table.items()}


def _rank(stmt: Stmt, section: str) -> int:
    words = stmt.words
    if ":" in words:
        return len(_orders()[section])
    for rank, (pattern, exact) in enumerate(_orders()[section]):
        if tuple(words[:len(pattern)]) == pattern and (not exact or len(words) == len(pattern)):
            return rank
    return len(_orders()[section])


# ---------------------------------------------------------------- writing
def _line(indent: str, stmt_text: str, trailing: str | None) -> str:
    text = indent + stmt_text
    return text + TRAILING_COMMENT_GAP + trailing if trailing else text


def _emit_block(block: Block, out: list[str]) -> None:
    section = "pack" if block.words[:1] == ["pack"] else "card"
    out.extend(block.before)
    out.append(_line("", _join(block.tokens) + " {", block.trailing))
    for stmt in sorted(block.body, key=lambda s: _rank(s, section)):
        out.extend(INDENT + c for c in stmt.before)
        out.append(_line(INDENT, _join(stmt.tokens), stmt.trailing))
    out.extend(INDENT + c for c in block.end_comments)
    out.append(_line("", "}", block.close_trailing))


def layout(text: str) -> str:
    """The canonical layout of ``text``, which must parse without errors."""
    out: list[str] = []
    previous: Stmt | None = None
    for item in _structure(text):
        if previous is not None:
            both_includes = (not isinstance(item, Block | CommentGroup)
                             and not isinstance(previous, Block | CommentGroup)
                             and not item.before and not item.blank_before)
            if not both_includes:
                out.append("")
        if isinstance(item, Block):
            _emit_block(item, out)
        elif isinstance(item, CommentGroup):
            out.extend(item.before)
        else:
            out.extend(item.before)
            out.append(_line("", _join(item.tokens), item.trailing))
        previous = item
    return "\n".join(out) + "\n" if out else ""


@dataclass(frozen=True)
class FormatResult:
    """The formatted text, or the original with the syntax errors that stopped it."""

    text: str
    changed: bool
    diagnostics: tuple[Diagnostic, ...] = ()


def format_text(text: str, file: str = "<input>") -> FormatResult:
    """Format one file's text; a file with syntax errors is returned untouched."""
    from munchkin_dsl.language.parser import parse_text

    sink = DiagnosticSink()
    parse_text(text, file, sink)
    if sink.has_errors:
        return FormatResult(text, False, tuple(sink.sorted()))
    formatted = layout(text)
    return FormatResult(formatted, formatted != text)
