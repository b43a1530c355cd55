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

from munchkin_dsl.base import regex_code

__all__ = ["InlineParser"]

#: A rule's builder: ``(meta, children) -> value``.
Callback = Callable[[Any, list[Any]], Any]


#: What :class:`_Plan` needs of a grammar rule, as plain data (kept in the cache folder).
PlanData = tuple[int, str, "tuple[int, ...] | None", tuple[int, ...], bool, int, bool, int]


def plan_data(rule: Any) -> PlanData:
    """What to do when ``rule`` is reduced, worked out from Lark's rule once per grammar."""
    expansion = rule.expansion
    kept = [(i, not s.is_term and s.name.startswith("_")) for i, s in enumerate(expansion)
            if rule.options.keep_all_tokens or not (s.is_term and s.filter_out)]
    size = len(expansion)
    #: the indexes of the children the rule keeps (None: all of them, unchanged)
    keep: tuple[int, ...] | None = (
        None if len(kept) == len(expansion) and not any(x for _, x in kept)
        else tuple(i for i, _ in kept))
    #: the kept children that are `_rule`s, whose own children are spliced in
    splice = tuple(i for i, x in kept if x)
    #: a `?rule` (not renamed by `-> alias`): one child stands for the whole rule
    single = bool(rule.options.expand1 and not rule.alias)
    #: the child that stands for a `?rule`, when it is always the same one (else -1)
    lone = (0 if keep is None and size == 1 else
            keep[0] if keep is not None and len(keep) == 1 and not splice else -1)
    #: a `?rule` of one child, kept: the value and its span stay as they are
    unit = single and size == 1 and lone == 0
    #: a rule of one child: 0 drops it (`_sep: _NL`), 1 keeps it, 2 splices it
    one = 2 if splice else 0 if keep == () else 1
    return size, str(rule.origin.name), keep, splice, single, lone, unit, one


class _Plan:
    """What to do when one rule is reduced, worked out once per grammar rule."""

    __slots__ = ("callback", "keep", "lone", "one", "origin", "single", "size", "splice",
                 "unit")

    def __init__(self, data: PlanData, callback: Callback | None) -> None:
        (self.size, self.origin, self.keep, splice, self.single, self.lone, self.unit,
         self.one) = data
        self.splice: frozenset[int] = frozenset(splice)
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


#: One state's lexer as plain data: its alternations ``(pattern, flags)`` (Lark splits a
#: long one in several), the terminals it ignores and those that may hold a newline, and
#: terminal -> {keyword text: keyword terminal} (a name that is spelled as a keyword here).
ScanData = tuple[tuple[tuple[str, int], ...], tuple[str, ...], tuple[str, ...],
                 dict[str, dict[str, str]]]


class _Scan:
    """One state's lexer (Lark's :class:`~lark.lexer.BasicLexer` of the contextual lexer)
    read into what the loop needs: its regexes, and the keywords a name turns into."""

    __slots__ = ("callbacks", "ignore", "keywords", "match", "newline")

    def __init__(self, data: ScanData, callbacks: dict[str, Callable[[Token], Token]],
                 codes: tuple[Any, ...] | None = None) -> None:
        patterns, ignore, newline, self.keywords = data
        mres = [regex_code.compile_pattern(pattern, flags, None if codes is None else code)
                for (pattern, flags), code in zip(patterns, codes or patterns, strict=True)]
        self.match: Callable[[str, int], re.Match[str] | None] = (
            mres[0].match if len(mres) == 1 else partial(_first_match, tuple(mres)))
        self.ignore = frozenset(ignore)
        self.newline = frozenset(newline)
        #: terminal -> any other callback Lark's lexer runs on its tokens
        self.callbacks = callbacks


def _scan_data(lexer: Any) -> tuple[ScanData, dict[str, Callable[[Token], Token]]]:
    """A lexer of Lark's contextual lexer as :data:`ScanData`, and the callbacks that are
    not plain keywords (none in the pack grammar; they keep the tables out of the cache)."""
    scanner = lexer.scanner  # builds the regexes (and lexer.callback) on first use
    mres = scanner._mres  # noqa: SLF001 - the compiled alternations Lark matches with
    keywords: dict[str, dict[str, str]] = {}
    callbacks: dict[str, Callable[[Token], Token]] = {}
    for kind, callback in lexer.callback.items():
        words = _plain_keywords(callback)
        if words is None:
            callbacks[kind] = callback
        else:
            keywords[kind] = words
    return ((tuple((m.pattern, m.flags) for m in mres), tuple(sorted(lexer.ignore_types)),
             tuple(sorted(lexer.newline_types)), keywords), callbacks)


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


class Tables:
    """What the loop reads of a Lark LALR parser, as plain data, so that it can be kept in
    the cache folder and loaded without Lark's objects (``marshal``, a tenth of the time
    of unpickling the parser; ``language/grammar_cache.py``).

    ``rows``: per state, symbol -> the next state (a shift, or the goto after a reduce)
    or ``~i`` (``-1 - i``) to reduce by rule ``i`` of ``plans``, with the name of its callback;
    ``lexer_of``: per state, the index of its lexer in ``scans`` (states share lexers).
    """

    def __init__(self, start: int, end: int, rows: list[dict[str, int]],
                 plans: list[tuple[str, PlanData]], lexer_of: list[int],
                 scans: list[ScanData], *, codes: list[tuple[Any, ...]] | None = None,
                 callbacks: list[dict[str, Callable[[Token], Token]]] | None = None) -> None:
        self.start, self.end, self.rows, self.plans = start, end, rows, plans
        self.lexer_of, self.scans = lexer_of, scans
        #: per lexer, its alternations compiled (:mod:`.regex_code`), in a loaded table
        self.codes = codes
        #: per lexer, the callbacks that are not plain keywords (a live parser's only)
        self.callbacks = callbacks or [{} for _ in scans]

    @classmethod
    def of(cls, lark: Lark) -> Tables:
        frontend = lark.parser
        lexer = frontend.lexer
        if not isinstance(lexer, ContextualLexer):
            raise TypeError("the inline parser drives Lark's contextual lexer")
        table = frontend.parser._parse_table  # noqa: SLF001 - Lark keeps its table here
        (start,) = frontend.parser_conf.start
        index = {rule: i for i, rule in enumerate(lark.rules)}
        plans = [(str(r.alias or r.options.template_source or r.origin.name), plan_data(r))
                 for r in lark.rules]
        rows = [{symbol: arg if action is Shift else ~index[arg]
                 for symbol, (action, arg) in table.states[state].items()}
                for state in range(len(table.states))]
        seen: dict[int, int] = {}
        lexer_of = [seen.setdefault(id(lexer.lexers[state]), len(seen))
                    for state in range(len(table.states))]
        lexers = {id(lexer.lexers[state]): lexer.lexers[state]
                  for state in range(len(table.states))}
        data = [_scan_data(lexers[key]) for key in seen]
        return cls(table.start_states[start], table.end_states[start], rows, plans, lexer_of,
                   [d for d, _ in data], callbacks=[c for _, c in data])

    def plain(self) -> tuple[Any, ...] | None:
        """The tables for ``marshal``, with each regex's compiled code; None when a lexer
        runs a callback that is not a keyword (code, which plain data cannot hold)."""
        if any(self.callbacks):
            return None
        codes = [tuple(regex_code.code_of(p, f) for p, f in patterns)
                 for patterns, *_ in self.scans]
        return (self.start, self.end, self.rows, self.plans, self.lexer_of, self.scans, codes)

    @classmethod
    def from_plain(cls, data: tuple[Any, ...]) -> Tables:
        *tables, codes = data
        return cls(*tables, codes=codes)


_new_str = str.__new__


class InlineParser:
    """Parse text with a Lark LALR parser, building values with ``callbacks`` (rule name
    or alias -> callback) instead of a tree; a rule with no callback and a name that does
    not start with ``_`` goes to ``default(name)``, which returns its callback.

    ``lark`` is the parser itself, or its :class:`Tables` and a function that returns the
    parser, called only for a syntax error (Lark words the error)."""

    def __init__(self, lark: Lark | tuple[Tables, Callable[[], Lark]],
                 callbacks: Mapping[str, Callback],
                 default: Callable[[str], Callback]) -> None:
        if isinstance(lark, tuple):
            tables, self._lark = lark
        else:
            tables, self._lark = Tables.of(lark), lambda: lark
        self._tables = tables
        self._start_state = tables.start
        self._end_state = tables.end
        #: the rule to reduce by, for an action ``~i`` (a negative number) of ``rows``
        self._plans = [_Plan(data, None if name.startswith("_") else
                             callbacks[name] if name in callbacks else default(name))
                       for name, data in tables.plans]
        #: per state: symbol -> the next state (a shift, or the goto after a reduce), or
        #: ``~i`` to reduce by plan ``i`` (the tables' own rows: no copy of 2,000 dicts)
        self._rows = tables.rows
        self._scans: list[_Scan | None] = [None] * len(self._rows)
        self._built: list[_Scan | None] = [None] * len(tables.scans)

    @property
    def lark(self) -> Lark:
        return self._lark()

    def parse(self, text: str) -> Any:
        """The start rule's value; raises Lark's own ``UnexpectedInput`` on a syntax error."""
        try:
            return self._parse(text)
        except _SyntaxError:
            self.lark.parse(text)  # raises the error as Lark words it
            raise AssertionError("the inline parser refused text Lark accepts") from None

    def _scan(self, state: int) -> _Scan:
        tables = self._tables
        index = tables.lexer_of[state]
        scan = self._built[index]
        if scan is None:
            scan = self._built[index] = _Scan(
                tables.scans[index], tables.callbacks[index],
                None if tables.codes is None else tables.codes[index])
        self._scans[state] = scan
        return scan

    def _parse(self, text: str) -> Any:  # noqa: C901, PLR0912, PLR0915 (one loop per token, with no call but the rules' own: the cost of a parse is mostly this loop)
        rows = self._rows
        plans = self._plans
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
                if action >= 0:
                    state_stack.append(action)
                    values.append(token)
                    starts.append(token)
                    ends.append(token)
                    break
                plan = plans[~action]
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
                goto = rows[state_stack[-1]][plan.origin]
                state_stack.append(goto)
                if token is None and goto == end_state:
                    return values[-1]
