"""Diagnostics as SARIF 2.1.0, so a repository host's code scanning shows pack problems inline.

One run, the tool ``munchkin`` with one rule per diagnostic code that occurs (title,
why and the --explain text from ``data/codes.toml``), one result per diagnostic.  Files
are given relative to the folder the check ran in (``%SRCROOT%``), which is how code
scanning maps results onto the repository.  Columns count Unicode code points, as the
checker's spans do.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import PurePath
from typing import Any

from munchkin_dsl import __version__, data
from munchkin_dsl.base.diagnostics import Diagnostic

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"


def _rule(code: str) -> dict[str, Any]:
    from munchkin_dsl.base.explain import explain_code

    rule: dict[str, Any] = {"id": code}
    entry = data.load("codes").get(code)
    if entry is not None:
        rule["shortDescription"] = {"text": entry["title"]}
        rule["fullDescription"] = {"text": entry["why"]}
        rule["help"] = {"text": explain_code(code) or entry["why"]}
    return rule


def _location(diagnostic: Diagnostic) -> list[dict[str, Any]]:
    span = diagnostic.span
    if span is None:
        return []
    path = PurePath(span.file)
    artifact: dict[str, Any] = ({"uri": path.as_uri()} if path.is_absolute()
                      else {"uri": path.as_posix(), "uriBaseId": "%SRCROOT%"})
    region = {"startLine": span.line, "startColumn": span.column,
              "endLine": max(span.end_line, span.line), "endColumn": max(span.end_column, 1)}
    return [{"physicalLocation": {"artifactLocation": artifact, "region": region}}]


def render_sarif(diagnostics: Iterable[Diagnostic]) -> str:
    """The SARIF log of one run (stable order and bytes for the same diagnostics)."""
    items = list(diagnostics)
    codes = sorted({d.code for d in items})
    index = {code: i for i, code in enumerate(codes)}
    results = []
    for d in items:
        text = d.message + (f" (hint: {d.hint})" if d.hint else "")
        result = {"ruleId": d.code, "ruleIndex": index[d.code], "level": d.severity.value,
                  "message": {"text": text}}
        locations = _location(d)
        if locations:
            result["locations"] = locations
        results.append(result)
    log = {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "munchkin", "version": __version__,
                                "rules": [_rule(code) for code in codes]}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }
    return json.dumps(log, ensure_ascii=False, indent=2)
