"""A checker diagnostic's LSP fields as plain JSON values: what the editor is told.

One place for what a diagnostic says in the editor: the same code, message and hint as
`munchkin check`, the severity, and the data a quick fix needs.
:func:`munchkin_dsl.lsp.reports.to_lsp` makes lsprotocol objects of these fields; the
server's early start (:mod:`munchkin_dsl.lsp.early`), which publishes the opened file's
syntax errors before lsprotocol is imported, writes them as JSON with :func:`as_json`.
"""

from __future__ import annotations

import re
from typing import Any

from munchkin_dsl.base.diagnostics import Diagnostic
from munchkin_dsl.lsp.columns import Columns

SOURCE = "munchkin"
#: LSP's DiagnosticSeverity numbers
ERROR, WARNING = 1, 2

_DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'")
_OVERRIDE = re.compile(r"`overrides rule (\w+)")
_DID_YOU_MEAN_PLAY = re.compile(r"did you mean `([^`]+)`")
#: the word a scenario diagnostic is about: "'WORD' is no ..." / "unknown play 'WORD' ..."
_QUOTED = re.compile(r"(?:[^']*?)'([^']+)'")


def fix_data(d: Diagnostic) -> dict[str, Any] | None:
    """What a quick fix needs, carried in the diagnostic's ``data``: the replacement
    (``replace``) and, when the diagnostic covers more than the wrong word, that word
    (``word``), so the fix changes only it."""
    data: dict[str, Any] = {}
    hint = d.hint or ""
    if m := _DID_YOU_MEAN.search(hint) or _DID_YOU_MEAN.search(d.message):
        data["replace"] = m.group(1)
    if d.code == "S012" and (m := _DID_YOU_MEAN_PLAY.search(hint)):
        data["replace"] = m.group(1).split(" ", 1)[-1]  # `A fights` -> the verb
    if d.code.startswith("S") and (m := _QUOTED.match(d.message)):
        data["word"] = m.group(1)
    if m := _OVERRIDE.search(hint):
        data["override"] = m.group(1)
    return data or None


def fields(d: Diagnostic, message: str | None = None) -> dict[str, Any]:
    """Everything but the range: message (with the hint), code, source, severity, data."""
    return {"message": (message or d.message) + (f"\nhint: {d.hint}" if d.hint else ""),
            "code": d.code, "source": SOURCE, "severity": ERROR if d.is_error else WARNING,
            "data": fix_data(d)}


def as_json(d: Diagnostic, text: str, columns: Columns) -> dict[str, Any]:
    """The whole diagnostic as the JSON of a ``publishDiagnostics`` item."""
    start, end = columns.span_points(d.span, text) if d.span else ((0, 0), (0, 1))
    out = {"range": {"start": {"line": start[0], "character": start[1]},
                     "end": {"line": end[0], "character": end[1]}}, **fields(d)}
    return {key: value for key, value in out.items() if value is not None}
