"""Everything the language server knows about the language's words, in one place.

Completion, hover and semantic tokens ask this module, never the grammar, the data files
or the docs directly, so when the vocabulary moves (new statements in the grammar, new
registry entries) only this adapter changes.

Sources: the grammar (keywords, and which are allowed at a point, through Lark's
interactive LALR parser), the effect registry (:mod:`munchkin_dsl.language.registry`: effect kinds
and their summaries), ``data/kinds.toml`` (card kinds and the words that start them),
``data/codes.toml`` through :mod:`munchkin_dsl.base.explain`, and the language's tables
of forms (:mod:`munchkin_dsl.language.reference`: the declarations docs/language.md's
tables are written from), never the docs file itself.
"""

from __future__ import annotations

import re
from functools import cache
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


def card_kinds() -> list[str]:
    """Card kind ids (``monster``, ``monster-enhancer``, ...)."""
    return sorted(data.kinds())


def explain(code: str) -> str | None:
    """A diagnostic code's ``--explain`` text."""
    from munchkin_dsl.base.explain import explain_code

    return explain_code(code)


# ---------------------------------------------------------------- the language reference
def reference(words: list[str]) -> str | None:
    """The reference entry for a keyword or phrase: the rows of the language's tables of
    forms (:mod:`munchkin_dsl.language.reference`, the same rows docs/language.md prints)
    whose form writes it.

    ``words`` is the word at the cursor and its neighbours (e.g. ``["bad", "stuff"]``);
    the longest phrase with an entry wins, so `bad stuff` finds its event, not `bad`.
    """
    from munchkin_dsl.language import reference as forms

    found = []
    for table, row in forms.lookup(words):
        single = forms.Table(table.key, table.title, table.columns, (row,))
        found.append(f"**{table.title}**\n\n{single.markdown()}")
    return "\n\n".join(found) if found else None


def keyword_detail(word: str) -> str | None:
    """What the form a keyword starts does, in one line (beside its completion)."""
    from munchkin_dsl.language import reference as forms

    row = forms.first_word_rows().get(word)
    return row.does if row is not None else None


def keyword_documentation(word: str) -> str | None:
    """The form a keyword starts and an example line, as Markdown (a completion's
    documentation)."""
    from munchkin_dsl.language import reference as forms

    row = forms.first_word_rows().get(word)
    if row is None:
        return None
    return row.form + (f"\n\ne.g. `{row.example}`" if row.example else "")


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
    # a modifier (`+2 to monster`) starts with its number; its words are not verbs; an
    # effect that starts with its subject (`victim may not help`) starts with a selector's
    # word, which stays a selector's colour; `+200 gold for each item you sell` starts with
    # its number too, its `for`/`on` are no verbs
    subjects = {words[symbols[0]] for origin, symbols in rules
                if (origin == "target" or origin.startswith("sel_")) and symbols
                and symbols[0] in words}
    return sorted((found | verbs.get("_discard", set())) - {"to", "against", "for", "on"}
                  - subjects)


def statement_words() -> list[str]:
    """First words of a card's or header's fixed lines (`level`, `name`, `title`...)."""
    firsts = {_keyword_prefix(symbols[:1]) for origin, symbols in _rules()
              if origin in ("card_stmt", "header_stmt") and symbols}
    return sorted(w for w in firsts if w)
