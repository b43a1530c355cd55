"""Limits on pack text, checked on the raw lines before the parser sees them.

Some inputs break the work itself rather than the grammar: an integer of thousands of
digits makes ``int()`` raise, hundreds of ``may``/``otherwise`` on one line make the
tree builder recurse past Python's limit, a megabyte-long line or name makes the
parser and every later stage slow and hungry.  Rejecting them *before* parsing, from a
linear scan of the text, keeps those failures out of the parser by construction and
gives each limit its own code:

E030 a line longer than MAX_LINE_CHARS, E031 a number of more than MAX_DIGITS digits,
E032 more than MAX_NESTING ``may``/``otherwise`` on one line, E033 a quoted text longer
than MAX_TEXT_CHARS, E034 a name (id, keyword, tag) longer than MAX_WORD_CHARS; and a
warning, W035, for a quoted text holding a control character.

An offending line is blanked (its newline kept, so line numbers stay right) and the
rest of the file is parsed, so the author still sees every other problem in one run.
The numbers are far above anything in the shipped packs (longest line ~200 characters,
longest number 5 digits) and documented in data/codes.toml.
"""

from __future__ import annotations

import re

from munchkin_dsl.base.diagnostics import DiagnosticSink, Span

MAX_LINE_CHARS = 256 * 1024
MAX_DIGITS = 12
MAX_NESTING = 32
MAX_TEXT_CHARS = 4096
MAX_WORD_CHARS = 256

_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"?')
_WORD = re.compile(r"[^\W\d][\w'.-]*")
_DIGITS = re.compile(r"\d+")
_NESTERS = re.compile(r"(?<![\w'-])(?:may|otherwise)(?![\w'-])")


def _code_part(line: str) -> tuple[str, list[tuple[int, int]]]:
    """The line with quoted texts blanked and the comment cut, and the texts' spans.

    Blanking keeps columns: the scan of numbers and words sees only code, never text.
    """
    parts: list[str] = []
    strings: list[tuple[int, int]] = []
    i = 0
    while i < len(line):
        quote = line.find('"', i)
        hash_at = line.find("#", i)
        if hash_at >= 0 and (quote < 0 or hash_at < quote):
            parts.append(line[i:hash_at])
            break
        if quote < 0:
            parts.append(line[i:])
            break
        parts.append(line[i:quote])
        match = _STRING.match(line, quote)
        end = match.end() if match else len(line)
        strings.append((quote, end))
        parts.append(" " * (end - quote))
        i = end
    return "".join(parts), strings


def _problems(line: str) -> list[tuple[str, str, int, int, str]]:
    """(code, message, start column, end column, hint) for each limit this line breaks."""
    if len(line) > MAX_LINE_CHARS:
        return [("E030", f"this line is {len(line):,} characters long; a line may be at most "
                 f"{MAX_LINE_CHARS:,}", 1, 2, "break the card over several lines")]
    code, strings = _code_part(line)
    found: list[tuple[str, str, int, int, str]] = []
    for start, end in strings:
        if end - start - 2 > MAX_TEXT_CHARS:
            found.append(("E033", f"this text is {end - start - 2:,} characters long; a text "
                          f"may be at most {MAX_TEXT_CHARS:,}", start + 1, start + 2,
                          "shorten the text; a card holds a few hundred characters"))
    for match in _WORD.finditer(code):
        if len(match.group()) > MAX_WORD_CHARS:
            found.append(("E034", f"this name is {len(match.group()):,} characters long; a "
                          f"name may be at most {MAX_WORD_CHARS}", match.start() + 1,
                          match.start() + 2, "use a shorter id; the printed name is the "
                          "quoted text"))
    for match in _DIGITS.finditer(code):
        if len(match.group()) > MAX_DIGITS and _is_number(code, match.start()):
            found.append(("E031", f"this number has {len(match.group()):,} digits; a number "
                          f"may have at most {MAX_DIGITS}", match.start() + 1,
                          match.start() + 2, "numbers on cards are small: levels, bonuses, "
                          "gold values"))
    nesters = list(_NESTERS.finditer(code))
    if len(nesters) > MAX_NESTING:
        at = nesters[MAX_NESTING].start()
        found.append(("E032", f"{len(nesters)} `may`/`otherwise` on one line; at most "
                      f"{MAX_NESTING} may be nested", at + 1, at + 2,
                      "split the effect into several abilities"))
    return found


def _is_number(code: str, start: int) -> bool:
    """Whether the digit run at ``start`` is a number token rather than part of a name."""
    before = code[start - 1] if start else " "
    if before in "+-":
        before = code[start - 2] if start >= 2 else " "
        return not (before.isalnum() or before in "_'.")
    return not (before.isalnum() or before in "_'.")


#: Anything that might break a limit other than nesting: a run of digits or word
#: characters past its limit, or a line long enough to hold a text past its limit.  It
#: may also match inside a text (then the exact per-line scan decides).
_SUSPECT = re.compile(rf"\d{{{MAX_DIGITS + 1}}}|[^\W\d][\w'.-]{{{MAX_WORD_CHARS},}}"
                      rf"|^[^\n]{{{MAX_TEXT_CHARS + 1}}}", re.MULTILINE)
#: The same for a text with no run of word characters long enough to hold a long word:
#: trying the word branch at every letter of every word was most of the scan's time.
_SUSPECT_SHORT_WORDS = re.compile(rf"\d{{{MAX_DIGITS + 1}}}|^[^\n]{{{MAX_TEXT_CHARS + 1}}}",
                                  re.MULTILINE)
_LONG_RUN = re.compile(rf"(?<![\w'.-])[\w'.-]{{{MAX_WORD_CHARS + 1}}}")


def _suspect_lines(text: str, lines: list[str]) -> list[int]:
    """Indexes of the lines that may break a limit, found by one scan of the whole text.

    Nearly every line of a real pack breaks none, so the exact scan (:func:`_problems`)
    runs only where a regex over the text finds a long run, or where a line has more
    `may`/`otherwise` substrings than the nesting limit allows words.
    """
    found: set[int] = set()
    line, counted = 0, 0
    suspect = _SUSPECT if _LONG_RUN.search(text) else _SUSPECT_SHORT_WORDS
    for match in suspect.finditer(text):
        line += text.count("\n", counted, match.start())  # matches come in order: linear
        counted = match.start()
        found.add(line)
    if text.count("may") + text.count("otherwise") > MAX_NESTING:
        found.update(index for index, row in enumerate(lines)
                     if row.count("may") + row.count("otherwise") > MAX_NESTING)
    return sorted(found)


#: Control characters a terminal or a printer would act on (tab is layout, not one).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _warn_controls(lines: list[str], file: str, sink: DiagnosticSink) -> None:
    """W035 for each quoted text (a card name...) holding a control character: it prints
    as nothing and, shown raw, recolours or retitles a terminal (issue 20)."""
    for index, line in enumerate(lines):
        if not _CONTROL.search(line):
            continue
        for match in _STRING.finditer(line):
            bad = _CONTROL.search(match.group())
            if bad:
                code = ord(bad.group())
                sink.warning("W035", f"this text holds the control character "
                             f"U+{code:04X}; it prints as nothing and can change a "
                             "terminal that shows it",
                             Span(file, index + 1, match.start() + 1, index + 1,
                                  match.end() + 1), "remove it (it often comes from a copy "
                             "and paste)")


def check_limits(text: str, file: str, sink: DiagnosticSink) -> str:
    """Report every limit ``text`` breaks and return it with the offending lines blanked.

    Lines are split on ``\\n`` exactly as the parser counts them.  The common case (no
    problem) returns ``text`` itself without copying it.
    """
    lines = text.split("\n")
    if _CONTROL.search(text):
        _warn_controls(lines, file, sink)
    broken: list[int] = []
    for index in _suspect_lines(text, lines):
        line = lines[index]
        problems = _problems(line)
        for code, message, start, end, hint in problems:
            sink.error(code, message, Span(file, index + 1, start, index + 1, end), hint)
        if problems:
            broken.append(index)
    if not broken:
        return text
    for index in broken:
        lines[index] = ""
    return "\n".join(lines)
