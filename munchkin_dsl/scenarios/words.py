"""The scenario language's words, read from ``munchkin_dsl/data/scenario.toml``.

One table, five readers: the scenario parser matches plays and expectations against it,
``munchkin test --help`` prints :func:`syntax` from it, an unknown word gets its "did you
mean" from :func:`suggest` over it, and the language server's completion and the VS Code
grammar (munchkin_dsl/lsp/vocabulary.py) list its words.  Keeping the words in data means a
new verb cannot be parsed yet missing from the help, as ``opens`` and ``dies`` once were.
"""

from __future__ import annotations

import difflib
import re
import textwrap
from dataclasses import dataclass
from functools import cache

from munchkin_dsl import data

#: the table's sections, in the order the help prints them, with their headings
SECTIONS: dict[str, str] = {
    "header": "Before the first scenario (files outside a pack)",
    "setup": "Setup lines (before the first play)",
    "attribute": "player NAME: ATTRIBUTE, ATTRIBUTE ... (an indented line continues it)",
    "play": "Plays",
    "option": "Words after a play that pick its target",
    "step": "Lines without a player",
    "expect": "Expectations",
    "expect_player": "Expectations about one player",
}


@dataclass(frozen=True)
class Entry:
    """One word (or phrase) of the scenario language."""

    section: str
    words: str
    aliases: tuple[str, ...]
    form: str
    does: str
    handler: str
    #: nothing may follow the phrase (`resolve`, `NAME dies`)
    no_args: bool = False

    @property
    def phrases(self) -> tuple[str, ...]:
        return (self.words, *self.aliases)


@cache
def entries(section: str) -> tuple[Entry, ...]:
    """The entries of one section, in table order."""
    if section not in SECTIONS:
        raise KeyError(section)
    return tuple(Entry(section, row["words"], tuple(row.get("aliases", ())), row["form"],
                       row["does"], row.get("handler", row["words"].replace(" ", "_")),
                       bool(row.get("no_args", False)))
                 for row in data.load("scenario").get(section, []))


def phrases(section: str) -> list[str]:
    """Every phrase of a section (words and aliases), longest first."""
    return sorted({ph for e in entries(section) for ph in e.phrases},
                  key=lambda ph: (-len(ph.split()), ph))


def match(section: str, words: list[str]) -> tuple[Entry, str, int] | None:
    """The entry whose phrase starts ``words`` (the longest wins): (entry, phrase, width)."""
    low = [w.casefold() for w in words]
    best: tuple[Entry, str, int] | None = None
    for entry in entries(section):
        for phrase in entry.phrases:
            parts = phrase.split()
            if low[:len(parts)] == parts and (best is None or len(parts) > best[2]):
                best = (entry, phrase, len(parts))
    return best


def suggest(section: str, words: list[str]) -> str | None:
    """The phrase of ``section`` closest to the start of ``words`` (a typo's correction)."""
    low = [w.casefold() for w in words]
    scored: list[tuple[float, str]] = []
    for phrase in phrases(section):
        written = " ".join(low[:len(phrase.split())])
        ratio = difflib.SequenceMatcher(None, written, phrase).ratio()
        if ratio >= 0.6:
            scored.append((ratio, phrase))
    return max(scored)[1] if scored else None


def setup_keys() -> tuple[str, ...]:
    return tuple(e.words for e in entries("setup"))


def all_words() -> list[str]:
    """Every word of the table that may appear after a line's first word (for colouring)."""
    out: set[str] = set()
    for section in ("attribute", "expect", "expect_player"):
        for entry in entries(section):
            out.update(w.rstrip(":") for ph in entry.phrases for w in ph.split())
    for section in SECTIONS:  # the fixed words of the forms: vs, to, for, and, win...
        for entry in entries(section):
            out.update(w for w in re.findall(r"[a-z][a-z-]+", entry.form) if w != "expect")
    return sorted(out)


def syntax(width: int = 38, total: int = 96) -> str:
    """The language in one screen: ``form  does`` per entry, one section per paragraph."""

    def row(form: str, does: str) -> list[str]:
        wrapped = textwrap.wrap(does, total - width) or [""]
        head = [form.ljust(width) + wrapped[0]] if len(form) < width else [
            form, " " * width + wrapped[0]]
        return head + [" " * width + more for more in wrapped[1:]]

    lines = row("scenario: TITLE", "starts a scenario (a file may hold several); "
                "# starts a comment")
    for section, heading in SECTIONS.items():
        lines += ["", heading + ":"]
        for entry in entries(section):
            lines += row("  " + entry.form, entry.does)
    return "\n".join(lines) + "\n"
