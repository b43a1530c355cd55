"""Reading a scenario file: logical lines, scenarios, their setup and steps.

Why apart from running: the language server parses a file on every keystroke to show its
scenarios and setup errors, and the parse needs nothing of the engine; a line keeps where it
came from (:class:`Line`) so every later stage can put a caret under the word at fault.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from munchkin_dsl.base.diagnostics import DiagnosticSink, Span, split_lines
from munchkin_dsl.base.files import Refused, read_confined
from munchkin_dsl.scenarios import words as scenario_words


class ScenarioError(Exception):
    """A step the scenario asked for could not be done (bad name, illegal play)."""


class ScenarioSyntaxError(ScenarioError):
    """A line the scenario language does not read: reported with its own code, the caret
    under the word at fault and a hint (a "did you mean" over the verb table)."""

    def __init__(self, code: str, message: str, word: int = 0, hint: str | None = None,
                 width: int | None = None) -> None:
        super().__init__(message)
        self.code, self.word, self.hint, self.width = code, word, hint, width


@dataclass
class Line:
    """One logical line: its words and where it starts.

    An indented line continues the one above, so one logical line may cover several
    physical ones; ``parts`` maps an offset in ``text`` back to its physical line and
    column, so a caret under a word of a continuation line lands on that line."""

    text: str
    file: str
    line: int
    column: int
    #: (offset in text, physical line, column) of each continuation line
    parts: list[tuple[int, int, int]] = field(default_factory=list)

    def continue_with(self, body: str, line: int, column: int) -> None:
        self.text += " "
        self.parts.append((len(self.text), line, column))
        self.text += body

    def span(self, col_offset: int = 0, width: int = 1) -> Span:
        start, line, column, end = 0, self.line, self.column, len(self.text)
        for offset, part_line, part_column in self.parts:
            if offset > col_offset:
                end = offset - 1  # the physical line ends before the joining space
                break
            start, line, column = offset, part_line, part_column
        col = column + col_offset - start
        width = max(1, min(width, end - col_offset)) if col_offset < end else 1
        return Span(self.file, line, col, line, col + width)

    def word_span(self, index: int, width: int | None = None) -> Span:
        """The span of the ``index``-th word (to the end of the line when ``width`` is 0)."""
        offset = 0
        for i, match in enumerate(re.finditer(r"\S+", self.text)):
            offset = match.start()
            if i == index:
                size = len(match.group()) if width is None else width
                return self.span(offset, size or max(1, len(self.text) - offset))
        return self.span(len(self.text), 1)


@dataclass
class Scenario:
    title: str
    file: str
    line: int
    setup: list[Line] = field(default_factory=list)
    steps: list[Line] = field(default_factory=list)
    #: why the engine does not play this rule yet (`not modelled: WHY`), or None
    not_modelled: str | None = None
    #: the pack the file names with `pack: PATH` (rules suite files), relative to the file
    pack: str | None = None



_SETUP_KEYS = scenario_words.setup_keys()


def parse(text: str, file: str, sink: DiagnosticSink) -> list[Scenario]:
    """Scenario text -> scenarios; problems go to ``sink`` with file:line:col."""
    logical: list[Line] = []
    for number, raw in enumerate(split_lines(text), start=1):
        body = raw.split("#", 1)[0].rstrip()
        if not body.strip():
            continue
        if raw[:1] in (" ", "\t") and logical:
            logical[-1].continue_with(body.strip(), number,
                                      len(body) - len(body.lstrip()) + 1)
            continue
        col = len(body) - len(body.lstrip()) + 1
        logical.append(Line(body.strip(), file, number, col))
    scenarios: list[Scenario] = []
    pack: str | None = None
    for ln in logical:
        low = ln.text.casefold()
        if low.startswith("scenario:"):
            scenarios.append(Scenario(ln.text.split(":", 1)[1].strip() or "untitled", file,
                                      ln.line, pack=pack))
            continue
        if not scenarios and low.startswith("pack:"):
            pack = ln.text.split(":", 1)[1].strip()
            continue
        if not scenarios:
            sink.error("S001", "a scenario file starts with `scenario: TITLE`", ln.span(),
                       "add a line `scenario: what this checks` before the setup")
            return []
        sc = scenarios[-1]
        head, colon, _ = low.partition(":")
        if colon and not sc.steps and not low.startswith(("player ", "expect")) \
                and head.strip() not in _SETUP_KEYS and len(head.split()) <= 2:
            close = scenario_words.suggest("setup", head.split())
            sink.error("S004", f"unknown setup line '{head.strip()}:'", ln.word_span(0),
                       f"did you mean '{close}:'?" if close else
                       "setup lines are " + ", ".join(f"`{k}:`" for k in _SETUP_KEYS)
                       + " and `player NAME:`")
            continue
        if low.startswith("player ") or any(low.startswith(k + ":") for k in _SETUP_KEYS):
            if sc.steps:
                sink.error("S002", "setup lines come before the first play", ln.span(),
                           "move this line above the first play of the scenario")
                continue
            if low.startswith("not modelled:"):
                sc.not_modelled = ln.text.split(":", 1)[1].strip() or "not modelled"
                continue
            sc.setup.append(ln)
        else:
            sc.steps.append(ln)
    return scenarios


def read_scenario(path: Path, root: Path | None, sink: DiagnosticSink) -> str | None:
    """A scenario file's text, read like a pack file: confined to the pack folder (a symlink
    out, a device, a FIFO or a folder is refused), a BOM dropped, lines cut at \\n, \\r\\n
    and \\r only."""
    try:
        data = read_confined(path, root, name=str(path))
    except Refused as refused:
        sink.error(refused.code, refused.message, Span.point(str(path)), refused.hint)
        return None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        sink.error("S000", f"cannot read the scenario file: not UTF-8 text (byte "
                   f"0x{data[exc.start]:02x})", Span.point(str(path), line),
                   "save the file as UTF-8")
        return None
    return "\n".join(split_lines(text))


#: the setup keys (`seed:`, `turn:`...), for the editor's completion
SETUP_KEYS = _SETUP_KEYS
