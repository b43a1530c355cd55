"""Changing text: formatting (whole file or a range) of packs and scenario files, and
quick fixes.

Packs are formatted by :mod:`munchkin_dsl.language.formatter` (`munchkin fmt`); scenario
files by :func:`format_scenarios` (layout only: trailing spaces, one blank line between
scenarios, one final newline; the words are never touched).  A range format applies the
whole-file result's changes that fall inside the range, so both agree.  Quick fixes:
a diagnostic's did-you-mean (packs and scenarios; an unknown name in a scenario is matched
against the pack's card ids and names), and ``overrides rule N`` for fixed-rule conflicts.
"""

from __future__ import annotations

import difflib
import re

from lsprotocol import types as lsp

from munchkin_dsl.language.formatter import format_text
from munchkin_dsl.lsp.analysis import SCENARIO_SUFFIX
from munchkin_dsl.lsp.server import MunchkinServer, server

_SCENARIO_HEADER = re.compile(r"^scenario:")


def format_scenarios(text: str) -> str:
    """A scenario file's layout, normalised; the words are never changed."""
    out: list[str] = []
    for raw in text.replace("\r\n", "\n").split("\n"):
        line = raw.rstrip()
        if not line:
            if out and out[-1] != "":
                out.append("")
            continue
        if _SCENARIO_HEADER.match(line) and out and out[-1] != "":
            out.append("")
        out.append(line)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def formatted(uri: str, text: str) -> str | None:
    """The file formatted, or None when it cannot be (syntax errors)."""
    if uri.endswith(SCENARIO_SUFFIX):
        return format_scenarios(text)
    result = format_text(text)
    return None if result.diagnostics else result.text


def line_edits(ls: MunchkinServer, old: str, new: str,
               within: lsp.Range | None = None) -> list[lsp.TextEdit]:
    """The changed lines between two texts as edits (those inside ``within`` only)."""
    a, b = old.split("\n"), new.split("\n")
    edits = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if within is not None and not (within.start.line <= i1 and
                                       max(i1, i2 - 1) <= within.end.line):
            continue
        replacement = "".join(line + "\n" for line in b[j1:j2])
        if i2 < len(a):
            edits.append(lsp.TextEdit(lsp.Range(lsp.Position(i1, 0), lsp.Position(i2, 0)),
                                      replacement))
        else:  # the change reaches the end of the file (no newline after the last line)
            start = lsp.Position(i1, 0)
            if i1 == len(a) and a:
                start = ls.codec.end_of(a)
                replacement = "\n" + replacement
            edits.append(lsp.TextEdit(lsp.Range(start, ls.codec.end_of(a)),
                                      replacement[:-1] if j2 == len(b) else replacement))
    return edits


def _before_after(ls: MunchkinServer, uri: str) -> tuple[str, str | None]:
    """The document's text and its formatted text (None when it cannot be formatted)."""
    text = ls.workspace.get_text_document(uri).source
    return text, formatted(uri, text)


@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: MunchkinServer, params: lsp.DocumentFormattingParams
               ) -> list[lsp.TextEdit] | None:
    text, new = _before_after(ls, params.text_document.uri)
    if new is None or new == text:
        return None if new is None else []
    lines = text.split("\n")
    return [lsp.TextEdit(lsp.Range(lsp.Position(0, 0), ls.codec.end_of(lines)), new)]


@server.feature(lsp.TEXT_DOCUMENT_RANGE_FORMATTING)
def range_formatting(ls: MunchkinServer, params: lsp.DocumentRangeFormattingParams
                     ) -> list[lsp.TextEdit] | None:
    text, new = _before_after(ls, params.text_document.uri)
    return None if new is None else line_edits(ls, text, new, params.range)


# ---------------------------------------------------------------- code actions
@server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
async def code_actions(ls: MunchkinServer, params: lsp.CodeActionParams
                       ) -> list[lsp.CodeAction]:
    uri = params.text_document.uri
    lines = ls.lines(uri)
    actions = []
    for diagnostic in params.context.diagnostics:
        data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
        rng = _word_range(ls, lines, diagnostic.range, data.get("word"))
        replace = data.get("replace")
        if replace is None and data.get("word") and diagnostic.code == "S010":
            replace = await _closest_card(ls, uri, data["word"])
        if replace:
            actions.append(lsp.CodeAction(
                title=f"Change to '{replace}'", kind=lsp.CodeActionKind.QuickFix,
                diagnostics=[diagnostic], is_preferred=True,
                edit=lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(rng, replace)]})))
        if "override" in data:
            action = _override_action(uri, lines, diagnostic, data["override"])
            if action is not None:
                actions.append(action)
    return actions


def _word_range(ls: MunchkinServer, lines: list[str], rng: lsp.Range, word: str | None
                ) -> lsp.Range:
    """``word``'s range inside a diagnostic's range (the range itself when not found)."""
    if not word or rng.start.line >= len(lines):
        return rng
    line = lines[rng.start.line]
    start = ls.codec.column(line, rng.start.character)
    found = line.find(word, start)
    if found < 0:
        return rng
    return ls.codec.token_range(lines, rng.start.line, found, len(word))


async def _closest_card(ls: MunchkinServer, uri: str, word: str) -> str | None:
    """The card id or name of the pack closest to a scenario's unknown name."""
    analysis = await ls.analysis_for(uri)
    ids = [c.id for c in analysis.checked.cards]
    close = difflib.get_close_matches(word, ids, n=1, cutoff=0.6)
    return close[0] if close else None


def _override_action(uri: str, lines: list[str], diagnostic: lsp.Diagnostic, rule: str
                     ) -> lsp.CodeAction | None:
    header = next((i for i in range(diagnostic.range.start.line, -1, -1)
                   if i < len(lines) and lines[i].rstrip().endswith("{")
                   and not lines[i].startswith((" ", "\t"))), None)
    if header is None:
        return None
    insert = lsp.Position(header + 1, 0)
    line = f'  overrides rule {rule} "why the card breaks the rule"\n'
    return lsp.CodeAction(
        title=f"Add `overrides rule {rule}` to the card",
        kind=lsp.CodeActionKind.QuickFix, diagnostics=[diagnostic],
        edit=lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(lsp.Range(insert, insert),
                                                           line)]}))
