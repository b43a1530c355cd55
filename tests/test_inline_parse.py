"""The inline parser (language/inline_parse.py) against Lark's own tree builder.

The AST is built as Lark's LALR tables reduce each rule, without a parse tree; the rules'
methods must still see what they saw in Lark's tree: the same children (tokens with the
same types, values and positions) and the same span (Lark's ``propagate_positions``).
Both are recorded here, rule by rule in reduction order, over every shipped pack, and
compared; and a syntax error must come out as the exception ``lark.parse`` raises.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from munchkin_dsl.language.inline_parse import InlineParser
from munchkin_dsl.language.parser import compiled_parser, split_chunks

REPO = Path(__file__).resolve().parents[1]
PACK_FILES = sorted((REPO / "packs").rglob("*.munch"))


def _child(c: Any) -> Any:
    if isinstance(c, Token):
        return (c.type, str(c), c.line, c.column, c.end_line, c.end_column)
    return "rule"


def _from_tree(tree: Tree[Token]) -> list[Any]:
    """(rule, span, children) of every node of Lark's tree, children first (the order
    in which an LALR parser reduces them)."""
    out: list[Any] = []
    for child in tree.children:
        if isinstance(child, Tree):
            out.extend(_from_tree(child))
    meta = tree.meta
    span = None if meta.empty else (meta.line, meta.column, meta.end_line, meta.end_column)
    out.append((str(tree.data), span, [_child(c) for c in tree.children]))
    return out


def _recording_parser(calls: list[Any], lark: Lark | None = None) -> InlineParser:
    def callback_for(name: str) -> Any:
        def record(meta: Any, children: list[Any]) -> str:
            span = None if meta is None else (meta[0].line, meta[0].column, meta[1].end_line,
                                               meta[1].end_column)
            calls.append((name, span, [_child(c) for c in children]))
            return name
        return record

    return InlineParser(lark or compiled_parser().lark, {}, callback_for)


def test_every_rule_sees_the_children_and_span_of_lark_tree() -> None:
    lark = compiled_parser().lark
    calls: list[Any] = []
    inline = _recording_parser(calls)
    chunks = 0
    for path in PACK_FILES:
        for _, chunk in split_chunks(path.read_text(encoding="utf-8")):
            calls.clear()
            inline.parse(chunk)
            assert calls == _from_tree(lark.parse(chunk)), f"{path}: {chunk[:60]!r}"
            chunks += 1
    assert chunks > 200  # every card and header of the shipped packs


#: The shapes the pack grammar may grow (the parts other sessions add): a `?rule` whose one
#: child is a token after a keyword, or a rule; `_rule`s spliced, also as the only child;
#: a rule that matches nothing; a name that is a keyword only where the keyword fits.
SHAPES = r"""
start: (item? _NL)*
item: "set" pick            -> set_it
    | "box" _inner          -> box
    | "list" NAME ("," NAME)* -> names
    | "opt" maybe NAME      -> opt
    | "wrap" wrap           -> wrapped
    | pick2 "end"           -> first_pick
?pick: "the" NUM
     | sub
sub: "of" NAME
?pick2: "nth" NUM
      | "via" sub
_inner: "[" NAME* "]"
maybe: "really"?
?wrap: _one
_one: NAME
NAME: /[a-z]+/
NUM: /[0-9]+/
_NL: /\n/
%ignore /[ \t]+/
"""


@pytest.mark.parametrize("text", [
    "set the 4\nset of x\nbox [ a b ]\nbox [ ]\nlist a, b, set\nopt x\nopt really y\n",
    "wrap abc\nset   the  12\n\n",
    "nth 5 end\nvia of x end\n",
])
def test_the_shapes_lark_gives_to_other_grammars(text: str) -> None:
    lark = Lark(SHAPES, parser="lalr", lexer="contextual", propagate_positions=True)
    calls: list[Any] = []
    _recording_parser(calls, lark).parse(text)
    assert calls == _from_tree(lark.parse(text))


@pytest.mark.parametrize("text", [
    'monster m "M" {\n  level 3\n  treasures\n}\n',       # a token missing
    'monster m "M" {\n  level 3 $\n}\n',                   # a character no token starts with
    'monster m "M" {\n  level 3\n',                        # the end inside a block
    'item i "I" {\n  in combat: +2 to the moon\n}\n',       # a phrase that is not an effect
])
def test_a_syntax_error_is_the_one_lark_raises(text: str) -> None:
    lark = compiled_parser().lark
    with pytest.raises(UnexpectedInput) as theirs:
        lark.parse(text)
    with pytest.raises(UnexpectedInput) as ours:
        _recording_parser([]).parse(text)
    assert type(ours.value) is type(theirs.value)
    assert (ours.value.line, ours.value.column) == (theirs.value.line, theirs.value.column)
    assert str(ours.value) == str(theirs.value)
