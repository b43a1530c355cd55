r"""Source text -> AST in one pass: Lark's LALR tables and lexers, with each AST node built
the moment its grammar rule is reduced.

Why not ``lark.parse`` and then a Transformer: Lark's parse tree (a ``Tree`` and a
``Meta`` per rule, kept whole until the chunk is parsed, then walked a second time) cost
about as much again as the parse.  Why not ``Lark(..., transformer=...)``: Lark's inline
callbacks get no positions, and every node needs its span.  So this module runs the LALR
loop itself, over Lark's parse table and the regexes of Lark's contextual lexer (one per
parser state), and does what Lark's lexer and tree builder do with
``propagate_positions=True``:

* tokens are Lark's ``Token``\s with the same types (a name spelled as a keyword the
  state accepts becomes that keyword), values and positions;
* beside the value stack, each value's first and last token: a rule's span runs from the
  first token of its first child that takes up text to the last token of its last one,
  filtered-out keywords and ``_NL`` included, as ``Meta``'s does;
* the children a rule's method sees are shaped as in Lark's tree: anonymous and ``_``
  tokens dropped, the children of ``_rule``\s spliced in, a ``?rule`` with one child
  replaced by that child (a rule's value then spans the whole ``?rule``, as Lark's
  ``container`` positions do; a token keeps its own);
* every other rule calls its callback with ``(meta, children)``: ``meta`` is the pair
  (first token, last token), or None for a rule that matched no text.

A syntax error is not reported from here: the text is parsed again by ``lark.parse``,
which raises the same exception it always did (with its interactive parser for the
lists of expected tokens), so error recovery and its messages do not change.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from lark import Lark, Token
from lark.lexer import ContextualLexer, PatternStr, UnlessCallback
from lark.parsers.lalr_analysis import Shift

__all__ = ["InlineParser"]

#: A rule's builder: ``(meta, children) -> value``.
Callback = Callable[[Any, list[Any]], Any]


class _Plan:
    """What to do when one rule is reduced, worked out once per grammar rule."""

    __slots__ = ("callback", "keep", "lone", "one", "origin", "single", "size", "splice",
                 "unit")

    def __init__(self, rule: Any, callback: Callback | None) -> None:
        expansion = rule.expansion
        kept = [(i, not s.is_term and s.name.startswith("_")) for i, s in enumerate(expansion)
                if rule.options.keep_all_tokens or not (s.is_term and s.filter_out)]
        self.size = len(expansion)
        self.origin = str(rule.origin.name)
        #: the indexes of the children the rule keeps (None: all of them, unchanged)
        self.keep: tuple[int, ...] | None = (
            None if len(kept) == len(expansion) and not any(x for _, x in kept)
            else tuple(i for i, _ in kept))
        #: the kept children that are `_rule`s, whose own children are spliced in
        self.splice: frozenset[int] = frozenset(i for i, x in kept if x)
        #: a `?rule` (not renamed by `-> alias`): one child stands for the whole rule
        self.single: bool = bool(rule.options.expand1 and not rule.alias)
        #: the child that stands for a `?rule`, when it is always the same one (else -1)
        self.lone = (0 if self.keep is None and self.size == 1 else
                     self.keep[0] if self.keep is not None and len(self.keep) == 1
                     and not self.splice else -1)
        #: a `?rule` of one child, kept: the value and its span stay as they are
        self.unit = self.single and self.size == 1 and self.lone == 0
        #: a rule of one child: 0 drops it (`_sep: _NL`), 1 keeps it, 2 splices it
        self.one = 2 if self.splice else 0 if self.keep == () else 1
        #: None for a `_rule`: its value is the list of its children
        self.callback = callback

    def shape(self, children: list[Any]) -> list[Any]:
        """The children Lark's tree would hold: filtered tokens out, `_rule`s spliced."""
        if self.keep is None:
            return children
        if not self.splice:
            return [children[i] for i in self.keep]
        kids: list[Any] = []
        for i in self.keep:
            if i in self.splice:
                kids += children[i]
            else:
                kids.append(children[i])
        return kids


class _SyntaxError(Exception):
    """No token matches, or the table has no move for it: the text is parsed again by
    Lark to report it."""


class _Scan:
    """One state's lexer (Lark's :class:`~lark.lexer.BasicLexer` of the contextual lexer)
    read into what the loop needs: its regexes, and the keywords a name turns into."""

    __slots__ = ("callbacks", "ignore", "keywords", "match", "newline")

    def __init__(self, lexer: Any) -> None:
        scanner = lexer.scanner  # builds the regexes (and lexer.callback) on first use
        mres = scanner._mres  # noqa: SLF001 - the compiled alternations Lark matches with
        self.match: Callable[[str, int], re.Match[str] | None] = (
            mres[0].match if len(mres) == 1 else partial(_first_match, tuple(mres)))
        self.ignore: frozenset[str] = lexer.ignore_types
        self.newline: frozenset[str] = lexer.newline_types
        #: terminal -> {keyword text: keyword terminal} (a name that is a keyword here)
        self.keywords: dict[str, dict[str, str]] = {}
        #: terminal -> any other callback Lark's lexer runs on its tokens
        self.callbacks: dict[str, Callable[[Token], Token]] = {}
        for kind, callback in lexer.callback.items():
            words = _plain_keywords(callback)
            if words is None:
                self.callbacks[kind] = callback
            else:
                self.keywords[kind] = words


def _first_match(mres: tuple[re.Pattern[str], ...], text: str, pos: int
                 ) -> re.Match[str] | None:
    for mre in mres:
        m = mre.match(text, pos)
        if m:
            return m
    return None


def _plain_keywords(callback: Any) -> dict[str, str] | None:
    """The keywords of Lark's ``UnlessCallback`` (a name that is spelled as a keyword
    becomes the keyword) as a dict, when they are plain strings without flags."""
    if not isinstance(callback, UnlessCallback):
        return None
    terminals = callback.scanner.terminals
    if not all(isinstance(t.pattern, PatternStr) and not t.pattern.flags for t in terminals):
        return None
    words: dict[str, str] = {}
    for t in terminals:  # the first terminal of a text wins, as in the alternation
        words.setdefault(t.pattern.value, t.name)
    return words


_new_str = str.__new__


class InlineParser:
    """Parse text with a Lark LALR parser, building values with ``callbacks`` (rule name
    or alias -> callback) instead of a tree; a rule with no callback and a name that does
    not start with ``_`` goes to ``default(name)``, which returns its callback."""

    def __init__(self, lark: Lark, callbacks: Mapping[str, Callback],
                 default: Callable[[str], Callback]) -> None:
        frontend = lark.parser
        lexer = frontend.lexer
        if not isinstance(lexer, ContextualLexer):
            raise TypeError("the inline parser drives Lark's contextual lexer")
        self.lark = lark
        self._lexers = lexer.lexers
        table = frontend.parser._parse_table  # noqa: SLF001 - Lark keeps its table here
        (start,) = frontend.parser_conf.start
        self._start_state: int = table.start_states[start]
        self._end_state: int = table.end_states[start]
        plans: dict[Any, _Plan] = {}
        for rule in lark.rules:
            name = str(rule.alias or rule.options.template_source or rule.origin.name)
            callback = None if name.startswith("_") else (
                callbacks[name] if name in callbacks else default(name))
            plans[rule] = _Plan(rule, callback)
        #: per state: symbol -> the next state (a shift, or the goto after a reduce), or
        #: the plan of the rule to reduce
        self._rows: list[dict[str, int | _Plan]] = [
            {symbol: arg if action is Shift else plans[arg]
             for symbol, (action, arg) in table.states[state].items()}
            for state in range(len(table.states))]
        self._scans: list[_Scan | None] = [None] * len(self._rows)

    def parse(self, text: str) -> Any:
        """The start rule's value; raises Lark's own ``UnexpectedInput`` on a syntax error."""
        try:
            return self._parse(text)
        except _SyntaxError:
            self.lark.parse(text)  # raises the error as Lark words it
            raise AssertionError("the inline parser refused text Lark accepts") from None

    def _scan(self, state: int) -> _Scan:
        lexer = self._lexers[state]
        scan = next((s for st, s in enumerate(self._scans)  # states share lexers
                     if s is not None and self._lexers[st] is lexer), None) or _Scan(lexer)
        self._scans[state] = scan
        return scan

    def _parse(self, text: str) -> Any:  # noqa: C901, PLR0912, PLR0915 (one loop per token, with no call but the rules' own: the cost of a parse is mostly this loop)
        rows = self._rows
        scans = self._scans
        end_state = self._end_state
        state_stack: list[int] = [self._start_state]
        values: list[Any] = []
        # The first and the last token of each value on the stack (None: no text).
        starts: list[Token | None] = []
        ends: list[Token | None] = []
        size_text = len(text)
        pos, line, line_start = 0, 1, 0
        while True:
            # -- the next token, lexed as Lark's contextual lexer does in this state
            token: Token | None = None
            while pos < size_text:
                scan = scans[state_stack[-1]] or self._scan(state_stack[-1])
                m = scan.match(text, pos)
                if m is None:
                    raise _SyntaxError
                text_of: str = m.group()
                kind: str = m.lastgroup  # type: ignore[assignment]  # one group matched
                end = m.end()
                column = pos - line_start + 1
                start_line, start_pos = line, pos
                if kind in scan.newline:
                    count = text_of.count("\n")
                    if count:
                        line += count
                        line_start = pos + text_of.rindex("\n") + 1
                pos = end
                if kind in scan.ignore:
                    continue
                token = _new_str(Token, text_of)
                token.type, token.value, token.start_pos = kind, text_of, start_pos
                token.line, token.column, token.end_pos = start_line, column, end
                token.end_line, token.end_column = line, end - line_start + 1
                if kind in scan.keywords:
                    token.type = kind = scan.keywords[kind].get(text_of, kind)
                elif kind in scan.callbacks:
                    token = scan.callbacks[kind](token)
                    kind = token.type
                break
            else:
                kind = "$END"
            # -- reduce until the token can be shifted (or the text is accepted)
            while True:
                action = rows[state_stack[-1]].get(kind)
                if action is None:
                    raise _SyntaxError
                if type(action) is int:
                    state_stack.append(action)
                    values.append(token)
                    starts.append(token)
                    ends.append(token)
                    break
                plan: _Plan = action  # type: ignore[assignment]
                size = plan.size
                if size == 1:  # one child: its first and last token are the rule's
                    del state_stack[-1]
                    if not plan.unit:
                        one = plan.one
                        children = ([values[-1]] if one == 1 else [] if one == 0
                                    else list(values[-1]))
                        if plan.single and len(children) == 1:
                            values[-1] = children[0]
                            if isinstance(children[0], Token):  # spliced from a `_rule`
                                starts[-1] = ends[-1] = children[0]
                        elif plan.callback is None:
                            values[-1] = children
                        else:
                            first = starts[-1]
                            values[-1] = plan.callback(
                                None if first is None else (first, ends[-1]), children)
                else:
                    if size:
                        children = values[-size:]
                        first = starts[-size]
                        if first is None:
                            first = next((t for t in starts[-size:] if t is not None), None)
                        last = ends[-1]
                        if last is None and first is not None:
                            last = next(t for t in reversed(ends[-size:]) if t is not None)
                        lone = starts[plan.lone - size] if plan.lone >= 0 else None
                        del state_stack[-size:], values[-size:], starts[-size:], ends[-size:]
                        children = plan.shape(children)
                    else:
                        children, first, last, lone = [], None, None, None
                    value: Any
                    if plan.single and len(children) == 1:
                        value = children[0]
                        # A lone token keeps its own span; a rule's value takes the span
                        # of the whole `?rule` (Lark's container positions).
                        if isinstance(value, Token) and (plan.lone < 0 or lone is value):
                            first = last = value
                    elif plan.callback is None:
                        value = children
                    else:
                        value = plan.callback(None if first is None else (first, last),
                                              children)
                    values.append(value)
                    starts.append(first)
                    ends.append(last)
                goto: int = rows[state_stack[-1]][plan.origin]  # type: ignore[assignment]
                state_stack.append(goto)
                if token is None and goto == end_state:
                    return values[-1]
