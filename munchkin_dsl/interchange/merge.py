"""Translations merged back into pack files, as small edits to the author's own text.

Nothing is re-printed: a translation that exists has just its quoted text replaced, a new
one is inserted as a line after the English string's line (or its last translation) with
the same indentation, or inline (``; name ru "..."``) when the card stands on one line, and
a label's translation is added after the label (``"Theft", ru "Кража":``).  Comments,
blank lines and the order of everything else stay as they were.

A translation whose English source changed since the file was exported (its ``msgid`` is
no longer the pack's text), or that the translator left fuzzy, is written with the mark
``# fuzzy LANG: source was "..."`` at the end of its line (:mod:`.strings`); a reviewed
translation of the current source removes the mark.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from munchkin_dsl.base.diagnostics import line_index
from munchkin_dsl.interchange.catalog import Unit
from munchkin_dsl.interchange.munch_text import quote
from munchkin_dsl.interchange.strings import FUZZY, Entry

#: The statement keyword a translation of each field is written with.
KEYWORDS = {"name": "name", "text": "text", "manual": "manual", "title": "title"}


@dataclass
class MergeReport:
    """What a merge did, for the command's summary and JSON."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    unknown: list[str] = field(default_factory=list)


@dataclass
class _Edits:
    """Edits of one file, in the original text's coordinates."""

    #: line -> (start column, end column, replacement), 1-based, end exclusive
    inline: dict[int, list[tuple[int, int, str]]] = field(default_factory=lambda: defaultdict(list))
    #: line -> new lines to insert after it
    after: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    #: line -> lang -> previous source (mark fuzzy) or "" with clear=True (remove the mark)
    marks: dict[int, dict[str, str | None]] = field(default_factory=lambda: defaultdict(dict))
    clear: dict[int, set[str]] = field(default_factory=lambda: defaultdict(set))


def _mark(lang: str, previous: str | None) -> str:
    return f"# fuzzy {lang}" + (f": source was {quote(previous)}" if previous else "")


def _code_after(line: str, column: int) -> bool:
    """True when code (not just a comment) follows ``column`` on the line."""
    rest = line[column - 1:].strip()
    return bool(rest) and not rest.startswith("#")


def _indent(line: str) -> str:
    return line[:len(line) - len(line.lstrip())]


def _insert(edits: _Edits, lines: Sequence[str], entry: Entry, statement: str,
            lang: str, fuzzy: bool, *, previous: str | None) -> None:
    """Add a new translation statement for ``entry``."""
    anchor = entry.anchor
    line = lines[anchor.line - 1]
    mark = f"  {_mark(lang, previous)}" if fuzzy else ""
    if entry.how == "label":
        edits.inline[anchor.line].append((anchor.end_column, anchor.end_column,
                                          f", {lang} {statement.split(' ', 2)[2]}"))
        if fuzzy:
            edits.marks[anchor.line][lang] = previous
        return
    if entry.how == "name" and anchor == entry.where:  # no translation yet: after the `{`
        brace = line.find("{", anchor.end_column - 1)
        if brace >= 0 and _code_after(line, brace + 2):
            edits.inline[anchor.line].append((brace + 2, brace + 2, f" {statement};"))
            if fuzzy:
                edits.marks[anchor.line][lang] = previous
            return
        following = lines[anchor.line] if anchor.line < len(lines) else ""
        indent = _indent(following) if following.strip() else _indent(line) + "  "
        edits.after[anchor.line].append(f"{indent}{statement}{mark}")
        return
    if _code_after(line, anchor.end_column):
        edits.inline[anchor.line].append((anchor.end_column, anchor.end_column,
                                          f"; {statement}"))
        if fuzzy:
            edits.marks[anchor.line][lang] = previous
        return
    edits.after[anchor.line].append(f"{_indent(line)}{statement}{mark}")


def plan(entries: Sequence[Entry], units: Sequence[Unit], lang: str, texts: dict[str, str]
         ) -> tuple[dict[str, _Edits], MergeReport]:
    """The edits that merge ``units`` (one language) into the pack, file by file."""
    by_context = {entry.context: entry for entry in entries}
    edits: dict[str, _Edits] = defaultdict(_Edits)
    report = MergeReport()
    for unit in units:
        entry = by_context.get(unit.context)
        if entry is None:
            report.unknown.append(unit.context)
            continue
        if not unit.target:
            report.untranslated += 1
            continue
        changed_source = unit.source != entry.source
        fuzzy = unit.fuzzy or changed_source
        previous = unit.source if changed_source else None
        report.fuzzy += fuzzy
        existing = entry.translations.get(lang)
        field_name = entry.context.rsplit("|", 1)[1].split(".")[0]
        statement = f"{KEYWORDS.get(field_name, field_name)} {lang} {quote(unit.target)}"
        if existing is None:
            lines = line_index(texts[entry.anchor.file])
            _insert(edits[entry.anchor.file], lines, entry, statement, lang, fuzzy,
                    previous=previous)
            report.added += 1
            continue
        if existing.text == unit.target and existing.fuzzy == fuzzy and not changed_source:
            report.unchanged += 1
            continue
        literal = existing.literal
        file_edits = edits[literal.file]
        file_edits.inline[literal.line].append((literal.column, literal.end_column,
                                                quote(unit.target)))
        file_edits.clear[literal.line].add(lang)
        if fuzzy:
            file_edits.marks[literal.line][lang] = previous if previous else existing.previous
        report.updated += 1
    return edits, report


def _apply_marks(line: str, clear: set[str], marks: dict[str, str | None]) -> str:
    dropped = clear | set(marks)

    def drop(match: re.Match[str]) -> str:
        return "" if match.group("lang") in dropped else match.group()

    line = FUZZY.sub(drop, line)
    line = re.sub(r"\s+#\s*$", "", line.rstrip())
    for lang, previous in sorted(marks.items()):
        line += f"  {_mark(lang, previous)}"
    return line


def apply(text: str, edits: _Edits) -> str:
    """The file's text with ``edits`` made (inline ones right to left, then marks, then
    inserted lines)."""
    lines = list(line_index(text))
    out: list[str] = []
    for number, line in enumerate(lines, start=1):
        for start, end, replacement in sorted(edits.inline.get(number, []), reverse=True,
                                              key=lambda e: (e[0], e[1])):
            line = line[:start - 1] + replacement + line[end - 1:]
        if number in edits.marks or number in edits.clear:
            line = _apply_marks(line, edits.clear.get(number, set()),
                                edits.marks.get(number, {}))
        out.append(line)
        out.extend(edits.after.get(number, []))
    return "\n".join(out)  # split_lines keeps the empty last line of a text ending in \n


def merge(entries: Sequence[Entry], units: Sequence[Unit], lang: str, texts: dict[str, str]
          ) -> tuple[dict[str, str], MergeReport]:
    """The changed files' new texts (by display name) and what was merged."""
    edits, report = plan(entries, units, lang, texts)
    return {file: apply(texts[file], file_edits) for file, file_edits in edits.items()}, report


__all__ = ["KEYWORDS", "MergeReport", "apply", "merge", "plan"]
