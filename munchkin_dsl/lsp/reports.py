"""Checker results as LSP diagnostics, file by file, for every file of a pack.

Pure functions (no server, no protocol I/O) so the push and pull paths and the tests share
them.  Three things here go beyond copying `munchkin check`'s diagnostics:

* a clash between two cards (E102 duplicate id, E103 duplicate name, any message naming
  ``at FILE:LINE:COL``) is reported on both cards, each with ``relatedInformation``
  pointing at the other, so typing a duplicate id shows the problem where the author is;
* a failing scenario is reported on the line that failed (the failing ``expect``), with
  the expected and actual values the runner gives, and no absolute paths;
* paths in messages are written relative to the pack, whatever the server's working
  folder (`munchkin check` shows them relative to the shell's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lsprotocol import types as lsp
from pygls.uris import from_fs_path

from munchkin_dsl.base.diagnostics import Diagnostic, Span
from munchkin_dsl.lsp.analysis import PackAnalysis
from munchkin_dsl.lsp.diagnostic_json import fields
from munchkin_dsl.lsp.positions import Codec

SCENARIO_SOURCE = "munchkin test"

#: a place another diagnostic names: "... at FILE:LINE:COL"
_AT_SPAN = re.compile(r" at (\S+?):(\d+):(\d+)")


@dataclass
class Texts:
    """The text and path of each file of a pack by its display name, for ranges."""

    analysis: PackAnalysis

    def text(self, shown: str) -> str:
        return self.analysis.checked.loaded.texts.get(shown, "")

    def relative(self, message: str) -> str:
        """``message`` with the pack's file names written relative to the pack folder."""
        root = self.analysis.root if self.analysis.root.is_dir() else self.analysis.root.parent
        for shown, path in sorted(self.analysis.paths.items(), key=lambda kv: -len(kv[0])):
            try:
                rel = path.relative_to(root.resolve()).as_posix()
            except ValueError:
                continue
            if shown != rel:
                message = message.replace(shown, rel)
        return message


def to_lsp(d: Diagnostic, text: str, codec: Codec, message: str | None = None,
           related: list[lsp.DiagnosticRelatedInformation] | None = None) -> lsp.Diagnostic:
    """One checker diagnostic as LSP: same code, message and hint as `munchkin check`."""
    rng = codec.span_range(d.span, text) if d.span else lsp.Range(lsp.Position(0, 0),
                                                                  lsp.Position(0, 1))
    told = fields(d, message)
    return lsp.Diagnostic(
        range=rng, message=told["message"], code=told["code"], source=told["source"],
        data=told["data"], related_information=related or None,
        severity=lsp.DiagnosticSeverity(told["severity"]))


def pack_reports(analysis: PackAnalysis, codec: Codec) -> dict[Path, list[lsp.Diagnostic]]:
    """Every file of the pack -> its diagnostics (an empty list clears old ones)."""
    texts = Texts(analysis)
    out: dict[Path, list[lsp.Diagnostic]] = {}
    shown_of = {path: shown for shown, path in analysis.paths.items()}
    for path, items in analysis.by_file().items():
        text = texts.text(shown_of.get(path, ""))
        bucket = out.setdefault(path, [])
        for d in items:
            other = _other_span(d, analysis)
            if other is None or d.span is None:
                bucket.append(to_lsp(d, text, codec, texts.relative(d.message)))
                continue
            other_path = analysis.path_of(other)
            assert other_path is not None  # _other_span only finds spans of pack files
            here = lsp.Location(from_fs_path(str(path)) or "", codec.span_range(d.span, text))
            there = lsp.Location(from_fs_path(str(other_path)) or "",
                                 codec.span_range(other, texts.text(other.file)))
            bucket.append(to_lsp(d, text, codec, texts.relative(d.message), [
                lsp.DiagnosticRelatedInformation(there, "the other card")]))
            mirror = Diagnostic(d.code, d.severity, _mirror_message(d, texts), other, d.hint)
            out.setdefault(other_path, []).append(to_lsp(
                mirror, texts.text(other.file), codec, None, [
                    lsp.DiagnosticRelatedInformation(here, "the other card")]))
    return out


def _other_span(d: Diagnostic, analysis: PackAnalysis) -> Span | None:
    """The span of the other card a clash names (``... at FILE:LINE:COL``), if it is in
    the pack; same width as the diagnostic's own span when on one line."""
    m = _AT_SPAN.search(d.message)
    if m is None or d.span is None or m.group(1) not in analysis.paths:
        return None
    line, column = int(m.group(2)), int(m.group(3))
    width = d.span.end_column - d.span.column if d.span.end_line == d.span.line else 1
    return Span(m.group(1), line, column, line, column + max(1, width))


def _mirror_message(d: Diagnostic, texts: Texts) -> str:
    """The clash as told on the other card: "... is also used by the card at HERE"."""
    assert d.span is not None
    head = _AT_SPAN.sub("", d.message).replace("is already used by the card",
                                                "is also used by the card")
    return texts.relative(f"{head} at {d.span}")


def scenario_failure(text: str, shown: str, failure: str, fallback_line: int,
                     codec: Codec, relative: Texts | None) -> lsp.Diagnostic:
    """A failing scenario's message (``FILE:LINE: the line: what failed``) on its line."""
    line, message = fallback_line, failure
    prefix = f"{shown}:"
    if failure.startswith(prefix):
        number, _, rest = failure[len(prefix):].partition(": ")
        if number.isdigit():
            line, message = int(number), rest
    lines = text.split("\n")
    row = max(0, min(line - 1, len(lines) - 1)) if lines else 0
    source = lines[row] if lines else ""
    start = len(source) - len(source.lstrip())
    body = source.split("#", 1)[0].rstrip()
    if body.strip() and message.startswith(body.strip() + ": "):
        message = message[len(body.strip()) + 2:]  # the line itself is under the squiggle
    if relative is not None:
        message = relative.relative(message)
    return lsp.Diagnostic(
        range=codec.token_range(lines, row, start, max(1, len(body) - start)),
        message=f"scenario fails: {message}", source=SCENARIO_SOURCE,
        code="scenario", severity=lsp.DiagnosticSeverity.Warning)
