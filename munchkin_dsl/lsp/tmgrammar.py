"""The VS Code extension's TextMate grammars, generated from the language's vocabulary.

Colours need the language's words (card kinds, timings, effect verbs, statement words,
keywords); writing them by hand into a JSON grammar would drift from the Lark grammar, so
they come from :mod:`munchkin_dsl.lsp.vocabulary` and this module writes
``editors/vscode/syntaxes/*.tmLanguage.json``.  A test checks the committed files equal
what this produces; after a grammar change run:

    python -m munchkin_dsl.lsp.tmgrammar editors/vscode/syntaxes
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from munchkin_dsl.lsp import vocabulary

#: a WORD boundary: pack words may hold '-' (`one-shot`, `net-troll`)
_B, _E = r"(?<![\w'-])", r"(?![\w'-])"


def _alternatives(phrases: list[str]) -> str:
    ordered = sorted(set(phrases), key=lambda p: (-len(p), p))
    return "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in ordered)


def pack_grammar() -> dict[str, Any]:
    """The grammar of .munch files (scope source.munchkin)."""
    kinds = _alternatives(list(vocabulary.KIND_WORDS))
    timings = _alternatives(vocabulary.timing_phrases())
    statements = _alternatives(vocabulary.statement_words())
    effects = _alternatives(vocabulary.effect_words())
    others = _alternatives(sorted(vocabulary.keyword_set()))
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/"
                   "tmlanguage.json",
        "name": "Munchkin pack",
        "scopeName": "source.munchkin",
        "fileTypes": ["munch"],
        "patterns": [
            {"include": "#comment"}, {"include": "#string"},
            {"match": r"^\s*(pack)\s+([^\s{]+)",
             "captures": {"1": {"name": "keyword.other.pack.munchkin"},
                          "2": {"name": "entity.name.namespace.pack.munchkin"}}},
            {"match": r"^\s*(include)" + _E,
             "captures": {"1": {"name": "keyword.control.import.munchkin"}}},
            {"match": rf"^({kinds})\s+([^\s\"{{]+)(?=\s*\")",
             "captures": {"1": {"name": "storage.type.kind.munchkin"},
                          "2": {"name": "entity.name.type.card.munchkin"}}},
            {"match": rf"^\s*({statements}){_E}",
             "captures": {"1": {"name": "keyword.other.statement.munchkin"}}},
            {"match": rf"{_B}(roll)\s+(\d+\+)",
             "captures": {"1": {"name": "keyword.control.roll.munchkin"},
                          "2": {"name": "constant.numeric.roll.munchkin"}}},
            {"match": rf"{_B}(?:{timings}){_E}", "name": "keyword.control.timing.munchkin"},
            {"match": rf"{_B}(?:{effects}){_E}", "name": "keyword.other.effect.munchkin"},
            {"match": r"(?<![\w'.-])[+-]?\d+(?![\w'-]|\.\w)", "name": "constant.numeric.munchkin"},
            {"match": rf"{_B}(?:{others}){_E}", "name": "keyword.other.munchkin"},
            {"match": ":", "name": "punctuation.separator.key-value.munchkin"},
            {"match": "[,;]", "name": "punctuation.separator.munchkin"},
            {"match": r"\{", "name": "punctuation.section.block.begin.munchkin"},
            {"match": r"\}", "name": "punctuation.section.block.end.munchkin"},
        ],
        "repository": {
            "comment": {"match": "#.*$", "name": "comment.line.number-sign.munchkin"},
            "string": {"begin": '"', "end": '"|$', "name": "string.quoted.double.munchkin",
                       "patterns": [{"match": r"\\.", "name": "constant.character.escape"}]},
        },
    }


def scenario_grammar() -> dict[str, Any]:
    """The grammar of .scn files (scope source.munchkin-scenario)."""
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/"
                   "tmlanguage.json",
        "name": "Munchkin scenario",
        "scopeName": "source.munchkin-scenario",
        "fileTypes": ["scn"],
        "patterns": [
            {"match": "#.*$", "name": "comment.line.number-sign.munchkin"},
            {"match": r"^(scenario):(.*?)(?=\s*(#|$))",
             "captures": {"1": {"name": "keyword.control.scenario.munchkin"},
                          "2": {"name": "entity.name.section.scenario.munchkin"}}},
            {"match": rf"^({_alternatives(list(vocabulary.SCENARIO_SETUP))}):",
             "captures": {"1": {"name": "keyword.other.setup.munchkin"}}},
            {"match": r"^(player)\s+(\S+):",
             "captures": {"1": {"name": "keyword.other.player.munchkin"},
                          "2": {"name": "variable.other.player.munchkin"}}},
            {"match": r"^\s*(expect)(?:\s+(refused):)?" + _E,
             "captures": {"1": {"name": "keyword.control.expect.munchkin"},
                          "2": {"name": "keyword.control.expect.munchkin"}}},
            {"match": rf"{_B}(?:{_alternatives(vocabulary.SCENARIO_VERBS)}){_E}",
             "name": "keyword.other.play.munchkin"},
            {"match": rf"{_B}(?:{_alternatives(vocabulary.SCENARIO_WORDS)}){_E}",
             "name": "keyword.other.munchkin"},
            {"match": r"(?<![\w'.-])[+-]?\d+(?![\w'-]|\.\w)", "name": "constant.numeric.munchkin"},
            {"match": "[:,]", "name": "punctuation.separator.munchkin"},
        ],
    }


GRAMMARS = {"munchkin.tmLanguage.json": pack_grammar,
            "munchkin-scenario.tmLanguage.json": scenario_grammar}


def render(build: Callable[[], dict[str, Any]]) -> str:
    return json.dumps(build(), ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str]) -> int:
    from munchkin_dsl.base.files import write_atomic

    folder = Path(argv[0] if argv else "editors/vscode/syntaxes")
    folder.mkdir(parents=True, exist_ok=True)
    for name, build in GRAMMARS.items():
        write_atomic(folder / name, render(build))
        print(f"wrote {folder / name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
