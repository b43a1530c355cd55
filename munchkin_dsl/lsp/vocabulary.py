"""Everything the language server knows about the language's words, in one place.

Completion, hover and semantic tokens ask this module, never the grammar, the data files
or the docs directly, so when the vocabulary moves (new statements in the grammar, new
registry entries) only this adapter changes.

Sources: the grammar (keywords, and which are allowed at a point, through Lark's
interactive LALR parser), the effect registry (:mod:`munchkin_dsl.language.registry`: effect kinds
and their summaries), ``data/kinds.toml`` (card kinds and the words that start them),
``data/codes.toml`` through :mod:`munchkin_dsl.base.explain`, and the language reference
``docs/language.md`` (its tables' rows are the entries).
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, cast

from lark.exceptions import LarkError

from munchkin_dsl import data
from munchkin_dsl.scenarios import words as scenario_words

#: Card kind keywords as written at the start of a card, longest first.
KIND_WORDS: tuple[str, ...] = tuple(sorted((entry["words"] for entry in data.kinds().values()),
                                           key=lambda phrase: (-len(phrase), phrase)))

#: Words a pack author may write on the first line of each kind of block.
TOP_LEVEL_WORDS = ("pack", "include", *KIND_WORDS)


# ---------------------------------------------------------------- scenario files
# The scenario language's words come from its one table, data/scenario.toml, through
# munchkin_dsl/scenarios/words.py (the parser and `munchkin test --help` read it too).
#: setup keys (`KEY:` lines)
SCENARIO_SETUP: tuple[str, ...] = scenario_words.setup_keys()
#: words that start or shape a play: the verbs, the lines without a player, the options
SCENARIO_VERBS: list[str] = [*scenario_words.phrases("play"), *scenario_words.phrases("step"),
                             *scenario_words.phrases("option")]
#: the other words: player attributes and what expectations name
SCENARIO_WORDS: list[str] = [w for w in scenario_words.all_words() if w not in SCENARIO_VERBS]


def scenario_detail(word: str) -> str | None:
    """A scenario word's form and meaning from the table, shown beside its completion."""
    key = word.rstrip(":")
    for section in scenario_words.SECTIONS:
        for entry in scenario_words.entries(section):
            if key in entry.phrases:
                return f"{entry.form}: {entry.does}"
    return None


def scenario_completions() -> list[str]:
    """What a scenario line may start or go on with."""
    return ["scenario:", "player", "expect", *(f"{key}:" for key in SCENARIO_SETUP),
            *SCENARIO_VERBS]


def keywords() -> list[str]:
    """Every keyword of the language."""
    from munchkin_dsl.language.parser import keywords as grammar_keywords

    return grammar_keywords()


@cache
def keyword_set() -> frozenset[str]:
    return frozenset(keywords()) | {w for kind in KIND_WORDS for w in kind.split()}


@cache
def _terminal_words() -> dict[str, str]:
    """Grammar terminal name -> the keyword or punctuation it matches."""
    from munchkin_dsl.language.parser import compiled_parser  # the one compiled grammar of the run

    out = {}
    for term in compiled_parser().lark.terminals:
        if term.pattern.type == "str":
            out[term.name] = term.pattern.value
    return out


def accepted_after(prefix: str) -> tuple[list[str], bool] | None:
    """What the grammar accepts after ``prefix`` (a block's first line and one statement).

    (keywords, whether a name or quoted text may come), or None when the prefix itself
    does not parse (then the caller offers every keyword).
    """
    from munchkin_dsl.language.parser import compiled_parser

    try:
        interactive = compiled_parser().lark.parse_interactive(prefix)
        interactive.exhaust_lexer()
        accepted: set[str] = cast(Any, interactive).accepts()  # unannotated in lark
    except LarkError:
        return None
    words = _terminal_words()
    keywords = sorted({words[name] for name in accepted
                       if name in words and re.fullmatch(r"[a-z][a-z-]*", words[name])})
    return keywords, bool(accepted & {"WORD", "STRING"})


def effect_summaries() -> dict[str, str]:
    """Effect kind -> what it does, in one line."""
    from munchkin_dsl.language.registry import effects

    return {kind: spec.summary for kind, spec in effects().items()}


def card_kinds() -> list[str]:
    """Card kind ids (``monster``, ``monster-enhancer``, ...)."""
    return sorted(data.kinds())


def explain(code: str) -> str | None:
    """A diagnostic code's ``--explain`` text."""
    from munchkin_dsl.base.explain import explain_code

    return explain_code(code)


# ---------------------------------------------------------------- the language reference
@cache
def _reference_text() -> str:
    try:
        return resources.files("munchkin_dsl.docs").joinpath("language.md").read_text(
            encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        here = Path(__file__).resolve().parents[2] / "docs" / "language.md"
        return here.read_text(encoding="utf-8") if here.is_file() else ""


@cache
def _reference_rows() -> list[tuple[str, str, str]]:
    """(section heading, header row, row) for every table row of the reference."""
    rows = []
    heading = header = ""
    for line in _reference_text().splitlines():
        if line.startswith("#"):
            heading, header = line.lstrip("# ").strip(), ""
        elif line.startswith("|") and not set(line) <= set("|-: "):
            if not header:
                header = line
            else:
                rows.append((heading, header, line))
    return rows


def _same_word(written: str, word: str) -> bool:
    """`gain(s)` in the reference stands for `gain` and `gains`."""
    base = written.replace("(s)", "")
    return word in (written, base, base + "s")


def _names(cell: str, phrase: list[str]) -> bool:
    words = cell.split()
    return any(all(_same_word(words[i + j], w) for j, w in enumerate(phrase))
               for i in range(len(words) - len(phrase) + 1))


def reference(words: list[str]) -> str | None:
    """The reference entry for a keyword or phrase: the table rows whose first cell names it.

    ``words`` is the word at the cursor and its neighbours (e.g. ``["bad", "stuff"]``);
    the longest phrase with an entry wins, so `bad stuff` finds its timing row, not `bad`.
    """
    for size in range(len(words), 0, -1):
        for start in range(len(words) - size + 1):
            phrase = words[start:start + size]
            found = [f"**{heading}**\n\n{header}\n|{'---|' * (header.count('|') - 1)}\n{row}"
                     for heading, header, row in _reference_rows()
                     if any(_names(cell, phrase)
                            for cell in re.findall(r"`([^`]+)`", row.split("|")[1]))]
            if found:
                return "\n\n".join(found[:3])
    return None


# ---------------------------------------------------------------- word classes (colours)
@cache
def _rules() -> list[tuple[str, list[str]]]:
    """(rule name, symbols of one expansion) for every rule of the compiled grammar."""
    from munchkin_dsl.language.parser import compiled_parser

    return [(rule.origin.name, [sym.name for sym in rule.expansion])
            for rule in compiled_parser().lark.rules]


def _keyword_prefix(symbols: list[str]) -> str:
    words = _terminal_words()
    out = []
    for name in symbols:
        word = words.get(name)
        if word is None or not word[:1].isalpha():
            break
        out.append(word)
    return " ".join(out)


def timing_phrases() -> list[str]:
    """When-phrases (`on reveal`, `bad stuff`, `once per combat`), longest first."""
    phrases = {_keyword_prefix(symbols) for origin, symbols in _rules()
               if origin in ("timing", "frequency")}
    return sorted((p for p in phrases if p), key=lambda p: (-len(p), p))


def effect_words() -> list[str]:
    """The verbs that start effects after the ':' (`gain`, `discard`, `escape`, ...)."""
    words = _terminal_words()
    rules = _rules()
    verbs: dict[str, set[str]] = {}
    for origin, symbols in rules:
        if origin in ("_loses", "_discard"):
            verbs.setdefault(origin, set()).update(words[s] for s in symbols if s in words)
    actions = {s for origin, symbols in rules if origin == "action" for s in symbols}
    found: set[str] = set()
    for origin, symbols in rules:
        if origin not in actions:
            continue
        for name in symbols:
            if name in verbs:
                found |= verbs[name]
                break
            if name in words and words[name][:1].isalpha():
                found.add(words[name])
                break
    # a modifier (`+2 to monster`) starts with its number; its words are not verbs
    return sorted((found | verbs.get("_discard", set())) - {"to", "against"})


def statement_words() -> list[str]:
    """First words of a card's or header's fixed lines (`level`, `name`, `title`...)."""
    firsts = {_keyword_prefix(symbols[:1]) for origin, symbols in _rules()
              if origin in ("card_stmt", "header_stmt") and symbols}
    return sorted(w for w in firsts if w)
