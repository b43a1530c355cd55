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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum


class Severity(StrEnum):
    """Errors make a run fail (exit 1); warnings are reported but do not."""

    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
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

    def to_json(self) -> dict:
        data: dict = {
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


@dataclass
class DiagnosticSink:
    """Collects diagnostics from every stage of one run, in the order found."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, code: str, message: str, span: Span | None = None,
              hint: str | None = None) -> None:
        self.items.append(Diagnostic(code, Severity.ERROR, message, span, hint))

    def warning(self, code: str, message: str, span: Span | None = None,
                hint: str | None = None) -> None:
        self.items.append(Diagnostic(code, Severity.WARNING, message, span, hint))

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


def render_text(diagnostic: Diagnostic, sources: dict[str, str] | None = None) -> str:
    """Render like a compiler: location, code and message, source line, caret, hint."""
    where = f"{diagnostic.span}: " if diagnostic.span else ""
    lines = [f"{where}{diagnostic.severity.value}[{diagnostic.code}]: {diagnostic.message}"]
    span = diagnostic.span
    text = (sources or {}).get(span.file) if span else None
    if span is not None and text is not None:
        source_lines = text.splitlines()
        if 1 <= span.line <= len(source_lines):
            line_text = source_lines[span.line - 1].replace("\t", " ")
            if len(line_text) > 200:
                start = max(0, span.column - 80)
                line_text = line_text[start:start + 160]
                col = span.column - start
            else:
                col = span.column
            width = 1
            if span.end_line == span.line:
                width = max(1, span.end_column - span.column)
            width = min(width, max(1, len(line_text) - col + 1))
            gutter = f"{span.line:>4} | "
            lines.append(gutter + line_text)
            lines.append(" " * (len(gutter) + col - 1) + "^" * width)
    if diagnostic.hint:
        lines.append(f"  hint: {diagnostic.hint}")
    return "\n".join(lines)


def render_json(diagnostics: Iterable[Diagnostic]) -> str:
    """Machine-readable diagnostics for editors and CI, stable key order."""
    items = [d.to_json() for d in diagnostics]
    summary = {
        "errors": sum(1 for d in items if d["severity"] == "error"),
        "warnings": sum(1 for d in items if d["severity"] == "warning"),
    }
    return json.dumps({"diagnostics": items, "summary": summary}, ensure_ascii=False, indent=2)
