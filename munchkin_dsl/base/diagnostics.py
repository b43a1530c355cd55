"""Diagnostics: the one record every stage reports problems with.

Every stage (parse, resolve and check, lower, render, mix) reports through
:class:`Diagnostic` so the CLI can print all of them the same way: a stable code,
``file:line:col``, the source line with a caret under the span, a one-sentence
message and a hint.  Stages *collect* diagnostics in a :class:`DiagnosticSink`
rather than raising, because a pack author wants every problem of a run at once,
not the first one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any


class Severity(StrEnum):
    """Errors make a run fail (exit 1); warnings are reported but do not."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True, slots=True)
class Span:
    """A region of one source file; lines and columns are 1-based, end is exclusive."""

    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, file: str, line: int = 1, column: int = 1) -> Span:
        return cls(file, line, column, line, column + 1)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in a pack, anchored to a span of its source."""

    code: str
    severity: Severity
    message: str
    span: Span | None = None
    hint: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "hint": self.hint,
        }
        if self.span is not None:
            data.update(
                file=self.span.file,
                line=self.span.line,
                column=self.span.column,
                end_line=self.span.end_line,
                end_column=self.span.end_column,
            )
        return data


#: How a hint tells the author to keep a rule the language cannot write yet.
MANUAL_HINT = 'or keep the rule as `manual "..."` for players to apply by hand'


@lru_cache(maxsize=1)
def manual_codes() -> frozenset[str]:
    """The codes whose line may be a rule the language cannot write (data/codes.toml
    `manual = true`): their hint always ends with how to keep it as a manual rule."""
    from munchkin_dsl import data

    return frozenset(code for code, entry in data.load("codes").items()
                     if isinstance(entry, dict) and entry.get("manual"))


def with_manual(code: str, hint: str | None) -> str | None:
    """``hint`` with the way to keep the rule as `manual`, for a code of
    :func:`manual_codes` whose hint does not say it already (one place adds it, so no
    check forgets it)."""
    if hint is None or code not in manual_codes() or "`manual" in hint:
        return hint
    return f"{hint.rstrip('. ')}; {MANUAL_HINT}"


@dataclass
class DiagnosticSink:
    """Collects diagnostics from every stage of one run, in the order found."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, code: str, message: str, span: Span | None = None,
              hint: str | None = None) -> None:
        self.items.append(Diagnostic(code, Severity.ERROR, message, span,
                                     with_manual(code, hint)))

    def warning(self, code: str, message: str, span: Span | None = None,
                hint: str | None = None) -> None:
        self.items.append(Diagnostic(code, Severity.WARNING, message, span,
                                     with_manual(code, hint)))

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.items.extend(diagnostics)

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.items)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def sorted(self) -> list[Diagnostic]:
        """Diagnostics in source order; the order found breaks ties so output is stable."""
        indexed = list(enumerate(self.items))
        indexed.sort(key=lambda pair: (
            (pair[1].span.file, pair[1].span.line, pair[1].span.column)
            if pair[1].span else ("", 0, 0),
            pair[0],
        ))
        return [d for _, d in indexed]


#: Line breaks as the parser and every editor count them; U+2028, U+0085, \v and \f
#: are characters inside a line, not line ends (str.splitlines would count them).
_NEWLINE = re.compile(r"\r\n|\r|\n")
#: C0 and C1 controls, DEL and the bidi overrides: never written raw to a terminal, where
#: ESC and OSC sequences would recolour, retitle or hide text.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e"
                       "\u2066-\u2069]")
#: A line longer than this is shown as a window around the column.
_SHOWN = 200


def split_lines(text: str) -> list[str]:
    """``text`` cut at \\n, \\r\\n and \\r only (see _NEWLINE)."""
    return _NEWLINE.split(text)


@lru_cache(maxsize=16)
def line_index(text: str) -> tuple[str, ...]:
    """The lines of one file, built once however many diagnostics quote it.

    Keyed by the text itself: a str caches its hash and a hit compares by identity
    first, so a lookup costs O(1) after the first, where re-splitting the file for each
    diagnostic made 8,000 diagnostics on an 800 kB file quadratic.
    """
    return tuple(split_lines(text))


def _escape_one(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """``text`` with control characters shown as ``\\x1b`` / ``\\u202e``, for terminals.

    Newline and tab are left as they are: they lay a report out and start no sequence.
    """
    return _CONTROLS.sub(_escape_one, text)


#: A run of this many characters without a space in a message is cut (a 15 kB word
#: quoted in a message was echoed whole, once in the message and again in the line).
_LONG_RUN = re.compile(r"\S{121,}")


def _cut_run(match: re.Match[str]) -> str:
    run = match.group()
    return f"{run[:60]}…[{len(run):,} characters]…{run[-20:]}"


def terminal_text(text: str) -> str:
    """A message or hint as a terminal shows it: long runs cut, controls escaped."""
    return escape_controls(_LONG_RUN.sub(_cut_run, text))


def render_text(diagnostic: Diagnostic, sources: dict[str, str] | None = None) -> str:
    """Render like a compiler: location, code and message, source line, caret, hint.

    Everything from the input (file name, message, source line, hint) is escaped with
    :func:`escape_controls`; the caret is placed under the escaped text.
    """
    where = f"{escape_controls(str(diagnostic.span))}: " if diagnostic.span else ""
    lines = [f"{where}{diagnostic.severity.value}[{diagnostic.code}]: "
             f"{terminal_text(diagnostic.message)}"]
    span = diagnostic.span
    text = (sources or {}).get(span.file) if span else None
    if span is not None and text is not None:
        source_lines = line_index(text)
        if 1 <= span.line <= len(source_lines):
            raw = source_lines[span.line - 1]
            start = max(0, span.column - 80) if len(raw) > _SHOWN else 0
            window = raw[start:start + 160] if len(raw) > _SHOWN else raw
            col = span.column - start
            width = 1
            if span.end_line == span.line:
                width = max(1, span.end_column - span.column)
            width = min(width, max(1, len(window) - col + 1))
            before = escape_controls(window[:col - 1]).replace("\t", " ")
            marked = escape_controls(window[col - 1:col - 1 + width]).replace("\t", " ")
            after = escape_controls(window[col - 1 + width:]).replace("\t", " ")
            gutter = f"{span.line:>4} | "
            lines.append(gutter + before + marked + after)
            lines.append(" " * (len(gutter) + len(before)) + "^" * max(1, len(marked)))
    if diagnostic.hint:
        lines.append(f"  hint: {terminal_text(diagnostic.hint)}")
    return "\n".join(lines)


def render_json(diagnostics: Iterable[Diagnostic]) -> str:
    """Machine-readable diagnostics for editors and CI, stable key order."""
    items = [d.to_json() for d in diagnostics]
    summary = {
        "errors": sum(1 for d in items if d["severity"] == "error"),
        "warnings": sum(1 for d in items if d["severity"] == "warning"),
    }
    return json.dumps({"diagnostics": items, "summary": summary}, ensure_ascii=False, indent=2)
