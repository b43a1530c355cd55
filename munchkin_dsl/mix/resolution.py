"""Mixer stage 4: the resolution file an author writes to settle open choices.

Format (TOML, documented in docs/mixing.md): one table per conflict id, with the option
chosen and, optionally, why::

    [hand-limit]
    choose = "5"
    note = "Dwarves are strong enough already"

    ["fixed-rule.R1"]            # or [fixed-rule.R1]: dotted tables are joined back
    choose = "base:explicit"

    ["id:super-munchkin"]
    choose = "keep:munchkin-1.6-sample"

A choice may name an option by its id or by the id of a ruleset whose rule it is
(``choose = "munchkin-classic-ru"``).  A table may also override what a rulebook settles
(the report then says so).  TOML gives no positions, so a small line scanner finds where
each table and value is written; every problem is a diagnostic with ``file:line:col`` and
a did-you-mean (codes M001-M006, M010-M012), never an exception.
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from munchkin_dsl.base.diagnostics import DiagnosticSink, Span, split_lines
from munchkin_dsl.base.files import Refused, read_confined
from munchkin_dsl.compiler.resolve import did_you_mean
from munchkin_dsl.mix.model import Conflict

KEYS = ("choose", "note")
#: Limits checked before tomllib runs (M011, M012) and the largest file read.
MAX_NESTING = 32
MAX_DIGITS = 30
MAX_RESOLUTION_BYTES = 4 * 1024 * 1024
_KEY_LINE = re.compile(r"""^(\s*)([A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')\s*=\s*(.*)$""")
_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


@dataclass(frozen=True)
class Entry:
    """One table of the resolution file."""

    conflict_id: str
    choose: str | None
    note: str | None
    span: Span
    choose_span: Span


@dataclass(frozen=True)
class Settlement:
    """How one conflict ends up: the option in force, who chose it, and where that is said.

    ``by`` is ``rulebook`` (a mixing note), ``identical`` (identical cards), ``file`` (the
    resolution file), ``open`` (nobody chose: the mix cannot be written) or ``note``
    (nothing to choose).
    """

    conflict: Conflict
    choice: str | None
    by: str
    where: str = ""
    note: str | None = None
    overrides_default: bool = False


def _read_key(text: str, start: int) -> tuple[list[str], int] | None:
    """Parse a dotted TOML key at ``start``; (parts, end index) or None when malformed."""
    parts: list[str] = []
    i = start
    while True:
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] == '"':
            end = i + 1
            while end < len(text) and text[end] != '"':
                end += 2 if text[end] == "\\" else 1
            try:
                parts.append(json.loads(text[i:end + 1]))
            except ValueError:
                return None
            i = end + 1
        elif i < len(text) and text[i] == "'":
            end = text.find("'", i + 1)
            if end < 0:
                return None
            parts.append(text[i + 1:end])
            i = end + 1
        else:
            match = re.match(r"[A-Za-z0-9_-]+", text[i:])
            if not match:
                return None
            parts.append(match.group())
            i += match.end()
        while i < len(text) and text[i] in " \t":
            i += 1
        if i < len(text) and text[i] == ".":
            i += 1
            continue
        return parts, i


@dataclass
class _Positions:
    """Where tables and keys are written: table id -> header span, (id, key) -> value span."""

    tables: dict[str, list[Span]]
    values: dict[tuple[str, str], Span]
    keys: dict[tuple[str, str], Span]


def _scan(path: str, text: str) -> _Positions:
    tables: dict[str, list[Span]] = {}
    values: dict[tuple[str, str], Span] = {}
    keys: dict[tuple[str, str], Span] = {}
    current = ""
    for number, line in enumerate(split_lines(text), start=1):
        stripped = line.lstrip()
        if stripped.startswith("[") and not stripped.startswith("[["):
            column = len(line) - len(stripped) + 2
            parsed = _read_key(line, column - 1)
            if parsed:
                parts, end = parsed
                current = ".".join(parts)
                tables.setdefault(current, []).append(Span(path, number, column, number,
                                                           end + 1))
            continue
        match = _KEY_LINE.match(line)
        if match:
            indent, key, value = match.groups()
            key = key.strip("\"'")
            key_col = len(indent) + 1
            keys.setdefault((current, key), Span(path, number, key_col, number,
                                                 key_col + len(match.group(2))))
            value_col = len(line) - len(value) + 1
            values.setdefault((current, key), Span(path, number, value_col, number,
                                                   value_col + len(value.split("#")[0].rstrip())))
    return _Positions(tables, values, keys)


def _flatten(table: dict[str, Any], prefix: str = "") -> Iterable[tuple[str, Any]]:
    """(conflict id, value) pairs: nested tables are joined with dots back into one id."""
    for key, value in table.items():
        name = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict) and value and all(isinstance(v, dict)
                                                     for v in value.values()):
            yield from _flatten(value, name)
        else:
            yield name, value


def _position(text: str, offset: int) -> tuple[int, int]:
    """Line and column (1-based) of ``offset``, lines cut at \\n, \\r\\n and \\r as in every
    other diagnostic (split_lines): counting only \\n, a lone \\r earlier in the file or
    an escaped line end in a string put the caret on the wrong line."""
    lines = split_lines(text[:offset])
    return len(lines), len(lines[-1]) + 1


def _over_limits(shown: str, text: str, sink: DiagnosticSink) -> bool:
    """Report arrays or tables nested deeper than MAX_NESTING (M011) and integers of more
    than MAX_DIGITS digits (M012), before tomllib recurses or converts them.

    One pass over the text outside strings and comments; True when anything was found.
    """
    depth = 0
    quote = ""
    digits = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "\n\r":
            digits = 0
            if quote in ('"', "'"):
                quote = ""  # a one-line string cannot span lines; tomllib reports it
        elif quote:
            if ch == "\\" and quote in ('"', '"""'):
                i += 1
            elif text.startswith(quote, i):
                i += len(quote) - 1
                quote = ""
        elif ch == "#":
            end = min((e for e in (text.find("\n", i), text.find("\r", i)) if e >= 0),
                      default=len(text))
            i = end - 1
        elif ch in "\"'":
            quote = ch * 3 if text.startswith(ch * 3, i) else ch
            i += len(quote) - 1
        elif ch in "[{":
            depth += 1
            if depth > MAX_NESTING:
                sink.error("M011", f"arrays or tables nested more than {MAX_NESTING} deep",
                           Span.point(shown, *_position(text, i)),
                           "a resolution file is flat: one [CONFLICT-ID] table per conflict")
                return True
        elif ch in "]}":
            depth = max(0, depth - 1)
        elif ch.isdigit() or (ch == "_" and digits):
            digits += 1
            if digits > MAX_DIGITS:
                sink.error("M012", f"a number of more than {MAX_DIGITS} digits",
                           Span.point(shown, *_position(text, i - digits + 1)),
                           'choices are quoted texts: choose = "OPTION"')
                return True
        if ch not in "\n\r" and not (ch.isdigit() or ch == "_"):
            digits = 0
        i += 1
    return False


def read_resolution_file(path: str | Path, sink: DiagnosticSink) -> tuple[list[Entry], str]:
    """Parse a resolution file into entries, reporting format problems; (entries, text).

    Raises OSError when the file cannot be read (a usage error for the CLI).
    """
    shown = str(path)
    try:
        raw = read_confined(Path(path), Path(path).absolute().parent, MAX_RESOLUTION_BYTES,
                            name=shown, what="a resolution file")
    except Refused as refused:
        raise OSError(refused.message) from refused
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        sink.error("M005", f"the resolution file is not UTF-8 text ({exc.reason})",
                   Span.point(shown), "save it as UTF-8")
        return [], ""
    if _over_limits(shown, text, sink):
        return [], text
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        at = _AT.search(message)
        lines = split_lines(text) or [""]
        line, col = (int(at.group(1)), int(at.group(2))) if at else (len(lines),
                                                                     len(lines[-1]) + 1)
        sink.error("M005", "the resolution file is not valid TOML: " + _AT.sub("", message)
                   .strip(), Span.point(shown, line, col),
                   'write one table per conflict: [CONFLICT-ID] then choose = "OPTION"')
        return [], text
    pos = _scan(shown, text)
    entries: list[Entry] = []
    seen: dict[str, Span] = {}
    for conflict_id, value in _flatten(data):
        written = pos.tables.get(conflict_id, [])
        nth = 1 if conflict_id in seen else 0
        span = (written[nth] if len(written) > nth else None) \
            or pos.keys.get(("", conflict_id)) or Span.point(shown)
        if not isinstance(value, dict):
            sink.error("M006", f"'{conflict_id}' is a key outside any table", span,
                       f'write it as a table: [{_quote(conflict_id)}] then choose = "OPTION"')
            continue
        if conflict_id in seen:
            sink.error("M006", f"conflict '{conflict_id}' is settled twice (first at "
                       f"{seen[conflict_id]})", span, "keep one of the two tables")
            continue
        seen[conflict_id] = span
        for key in value:
            if key not in KEYS:
                key_span = pos.keys.get((conflict_id, key), span)
                sink.error("M004", f"unknown key '{key}' in [{_quote(conflict_id)}]", key_span,
                           did_you_mean(difflib.get_close_matches(key, KEYS, n=1, cutoff=0.5))
                           or "a table holds choose = \"OPTION\" and, optionally, note = "
                              "\"why\"")
        choose, note = value.get("choose"), value.get("note")
        choose_span = pos.values.get((conflict_id, "choose"), span)
        if choose is None:
            sink.error("M003", f"[{_quote(conflict_id)}] does not say what to choose", span,
                       'add choose = "OPTION" (the report lists the options)')
        elif not isinstance(choose, str):
            sink.error("M003", f"choose must be a quoted option, not {type(choose).__name__}",
                       choose_span, f'write choose = "{choose}"')
            choose = None
        if note is not None and not isinstance(note, str):
            sink.error("M003", "note must be a quoted text", pos.values.get(
                (conflict_id, "note"), span), 'write note = "why this choice"')
            note = None
        entries.append(Entry(conflict_id, choose, note, span, choose_span))
    return entries, text


def _quote(conflict_id: str) -> str:
    """The table header for a conflict id: bare when TOML allows, quoted otherwise."""
    return conflict_id if re.fullmatch(r"[A-Za-z0-9_-]+", conflict_id) else \
        json.dumps(conflict_id, ensure_ascii=False)


def table_header(conflict_id: str) -> str:
    return f"[{_quote(conflict_id)}]"


def settle(conflicts: Sequence[Conflict], entries: Sequence[Entry], sink: DiagnosticSink
           ) -> list[Settlement]:
    """Apply the resolution file's entries to the conflicts; unknown ids and options are
    diagnostics (M001 a warning: a file may serve several mixes; M002 an error), a choice
    for a note is a warning (M010)."""
    by_id = {c.id: c for c in conflicts}
    chosen: dict[str, Entry] = {}
    choosable = [c.id for c in conflicts if not c.is_note]
    for entry in entries:
        conflict = by_id.get(entry.conflict_id)
        if conflict is None:
            close = difflib.get_close_matches(entry.conflict_id, choosable, n=3, cutoff=0.6)
            # a warning, not an error: one resolution file may serve several mixes, each
            # settling only the conflicts it has (issue 12); a typo still shows its hint
            sink.warning("M001", f"this mix has no conflict '{entry.conflict_id}'; the table "
                         "is ignored", entry.span,
                         did_you_mean(close) or (
                             "the conflicts of this mix are: " + ", ".join(choosable)
                             if choosable else "this mix has nothing to choose"))
            continue
        if conflict.is_note:
            sink.warning("M010", f"'{conflict.id}' is a note, there is nothing to choose",
                         entry.span, "remove this table")
            continue
        if entry.choose is None:
            continue
        if conflict.option(entry.choose) is None:
            names = [name for o in conflict.options for name in (o.id, *o.aliases)]
            close = difflib.get_close_matches(entry.choose, names, n=3, cutoff=0.75)
            sink.error("M002", f"'{entry.choose}' is not an option of '{conflict.id}'",
                       entry.choose_span,
                       did_you_mean(close) or "choose one of: "
                       + ", ".join(f'"{o.id}"' for o in conflict.options))
            continue
        chosen[conflict.id] = entry
    out: list[Settlement] = []
    for conflict in conflicts:
        settled = chosen.get(conflict.id)
        if conflict.is_note:
            out.append(Settlement(conflict, None, "note"))
        elif settled is not None and settled.choose is not None:
            option = conflict.option(settled.choose)
            assert option is not None
            out.append(Settlement(conflict, option.id, "file", str(settled.choose_span),
                                  settled.note, conflict.default not in (None, option.id)))
        elif conflict.default is not None:
            by = "rulebook" if conflict.citations else "identical"
            where = "; ".join(c.source for c in conflict.citations)
            out.append(Settlement(conflict, conflict.default, by, where,
                                  conflict.default_reason))
        else:
            out.append(Settlement(conflict, None, "open"))
    return out
