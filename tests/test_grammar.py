"""The grammar is LALR(1) with no conflicts and no terminal collisions.

Lark resolves shift/reduce conflicts silently unless ``strict=True``; building the
parser that way proves the grammar unambiguous, as the language promises.
"""

from __future__ import annotations

import pytest
from lark import Lark
from lark.exceptions import GrammarError

from munchkin_dsl.language.parser import _grammar_text


def test_grammar_builds_in_strict_lalr_mode() -> None:
    pytest.importorskip("interegular")
    Lark(_grammar_text(), parser="lalr", lexer="contextual", strict=True,
         maybe_placeholders=False)


def test_strict_mode_would_catch_an_ambiguous_rule() -> None:
    pytest.importorskip("interegular")
    # `sum: sum "+" sum` is the classic shift/reduce conflict; without strict=True Lark
    # would silently prefer the shift.
    ambiguous = 'start: sum\nsum: sum "+" sum | "n"\n'
    Lark(ambiguous, parser="lalr")  # accepted when not strict ...
    with pytest.raises(GrammarError):  # ... and refused when strict
        Lark(ambiguous, parser="lalr", strict=True)
