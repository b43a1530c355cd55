"""The parser tables in the cache folder: keyed by the grammar text, safe to share.

A new part appends rules to the grammar (``language/parts``); its tables must be built
afresh, never taken from an older grammar's entry.  A damaged entry is a miss; runs that
start together on an empty cache all parse; ``MUNCHKIN_CACHE_DIR`` decides the folder.
"""

from __future__ import annotations

import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, SAMPLE
from lark import Lark
from lark.exceptions import UnexpectedInput

from munchkin_dsl.base import regex_code
from munchkin_dsl.language import grammar_cache, parser, part_grammar
from munchkin_dsl.language.grammar_cache import INLINE_KIND, KIND, load_lark, tables_key

#: A grammar shaped like ours: a rule of alternatives, with a declared part appended.
TOY = 'start: line+\nline: "hello" NAME _NL\n%import common.CNAME -> NAME\n' \
      '%import common.NEWLINE -> _NL\n%ignore " "\n'
PART = TOY.replace('line: "hello" NAME _NL', 'line: "hello" NAME _NL\n    | part _NL') + \
    '// ---- the declared parts\npart: "goodbye" NAME\n'
OPTIONS = {"parser": "lalr", "lexer": "contextual", "propagate_positions": True}


def tables(cache: Path) -> list[Path]:
    return sorted((cache / KIND).glob("*.pickle"))


def stored(entry: Path) -> object:
    """What an entry holds: the pickled parser (bytes in the store's pickle)."""
    value = pickle.loads(entry.read_bytes())
    return pickle.loads(value) if isinstance(value, bytes) else value


def test_tables_are_saved_once_and_loaded_after(cache: Path) -> None:
    built = load_lark(TOY, **OPTIONS)
    assert len(tables(cache)) == 1
    loaded = load_lark(TOY, **OPTIONS)
    text = "hello bob\nhello alice\n"
    assert loaded.parse(text) == built.parse(text)
    assert loaded is not built and len(tables(cache)) == 1


def test_an_appended_part_rule_gets_tables_of_its_own(cache: Path) -> None:
    old = load_lark(TOY, **OPTIONS)
    with pytest.raises(Exception, match="goodbye|Unexpected"):
        old.parse("goodbye bob\n")
    new = load_lark(PART, **OPTIONS)  # the old entry is not taken for the new grammar
    assert new.parse("goodbye bob\n").children[0].children[0].data == "part"
    assert len(tables(cache)) == 2
    again = load_lark(PART, **OPTIONS)  # and the new grammar's own entry is reused
    assert again.parse("goodbye bob\nhello ann\n") == new.parse("goodbye bob\nhello ann\n")


def test_the_real_grammars_key_follows_the_declared_parts(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """The key is taken from the grammar text with the parts' rules in it, so a part added
    by a new module (here: one more rule from ``part_grammar.grammar_rules``) changes it."""
    before = parser._grammar_text()
    rules = part_grammar.grammar_rules()
    monkeypatch.setattr(part_grammar, "grammar_rules", lambda: rules + '\nnew_part: "zap" WORD\n')
    parser._grammar_text.cache_clear()
    try:
        after = parser._grammar_text()
    finally:
        parser._grammar_text.cache_clear()
    assert after != before and 'new_part: "zap" WORD' in after
    assert tables_key(after, OPTIONS) != tables_key(before, OPTIONS)
    monkeypatch.undo()
    assert tables_key(before, OPTIONS) == tables_key(parser._grammar_text(), OPTIONS)


def test_loaded_tables_parse_the_sample_pack_as_fresh_ones_do(cache: Path) -> None:
    grammar = parser._grammar_text()
    options = {"parser": "lalr", "lexer": "contextual", "propagate_positions": True,
               "maybe_placeholders": False, "keep_all_tokens": False}
    fresh = load_lark(grammar, **options)  # built: the cache folder is empty
    loaded = load_lark(grammar, **options)
    assert len(tables(cache)) == 1 and loaded is not fresh
    for path in sorted(SAMPLE.glob("*.munch")):
        text = path.read_text(encoding="utf-8")
        assert loaded.parse(text) == fresh.parse(text), path.name
        # and the same errors, where and what was expected, on broken copies
        for broken in (text.replace("level", "levle", 1), text.replace("{", "", 2),
                       text[: len(text) // 2], text.replace('"', "", 1)):
            assert outcome(loaded, broken) == outcome(fresh, broken), path.name


def outcome(lark: Lark, text: str) -> object:
    try:
        return lark.parse(text)
    except UnexpectedInput as err:
        return (type(err).__name__, err.line, err.column, str(getattr(err, "token", "")),
                sorted(getattr(err, "expected", ()) or ()),
                sorted(getattr(err, "allowed", ()) or ()))


@pytest.mark.parametrize("damage", [b"not a pickle", None, b""])
def test_a_damaged_entry_is_rebuilt(cache: Path, damage: bytes | None) -> None:
    load_lark(TOY, **OPTIONS)
    [entry] = tables(cache)
    data = entry.read_bytes()
    entry.write_bytes(data[: len(data) // 2] if damage is None else damage)
    assert load_lark(TOY, **OPTIONS).parse("hello bob\n")
    assert isinstance(stored(entry), Lark)  # written anew, whole


def test_an_entry_of_the_wrong_shape_is_rebuilt(cache: Path) -> None:
    load_lark(TOY, **OPTIONS)
    [entry] = tables(cache)
    for wrong in ({"data": {}, "memo": {}}, pickle.dumps(["not", "a", "parser"]), 42):
        entry.write_bytes(pickle.dumps(wrong))
        assert load_lark(TOY, **OPTIONS).parse("hello bob\n")
        assert isinstance(stored(entry), Lark)


def test_a_parser_that_will_not_pickle_is_kept_in_larks_own_form(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: object, obj: object) -> None:
        raise pickle.PicklingError("a future lark object")

    monkeypatch.setattr(grammar_cache._Pickler, "dump", refuse)
    built = load_lark(TOY, **OPTIONS)
    [entry] = tables(cache)
    assert set(pickle.loads(entry.read_bytes())) == {"data", "memo"}
    assert load_lark(TOY, **OPTIONS).parse("hello a\n") == built.parse("hello a\n")


PROBE = f"""
import sys
from munchkin_dsl.language.grammar_cache import load_lark
lark = load_lark({TOY!r}, parser="lalr")
print(lark.parse("hello " + sys.argv[1] + "\\n").children[0].children[0])
"""


def test_runs_starting_together_on_an_empty_cache_all_parse(cache: Path, tmp_path: Path
                                                            ) -> None:
    env = {**os.environ, "MUNCHKIN_CACHE_DIR": str(cache), "PYTHONPATH": str(REPO)}
    procs = [subprocess.Popen([sys.executable, "-c", PROBE, f"n{i}"], env=env, cwd=tmp_path,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for i in range(4)]
    for i, proc in enumerate(procs):
        out, err = proc.communicate(timeout=120)
        assert (proc.returncode, out.strip()) == (0, f"n{i}"), err
    assert len(tables(cache)) == 1
    assert not list((cache / KIND).glob("*.tmp"))


# ---------------------------------------------------------------- the inline tables
def _ast(text: str) -> object:
    sink = parser.DiagnosticSink()
    unit = parser.parse_text(text, "x.munch", sink)
    return unit, [(d.code, d.span) for d in sink.items]


def test_the_inline_tables_are_saved_once_and_parse_as_the_live_parser_does(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run loads the inline parser's tables (with each lexer's regexes compiled in
    advance) from the cache folder, not Lark's parser: the same syntax trees and the same
    errors, on every shipped pack and on broken copies, as tables read off a live parser."""
    grammar = parser._grammar_text()
    live = grammar_cache.load_tables(grammar, parser._lark, **parser._OPTIONS)
    assert live.codes is None and len(list((cache / INLINE_KIND).glob("*.pickle"))) == 1
    loaded = grammar_cache.load_tables(grammar, lambda: pytest.fail("rebuilt"),
                                       **parser._OPTIONS)
    assert loaded.codes is not None and loaded.rows == live.rows
    texts = [p.read_text(encoding="utf-8") for p in sorted((REPO / "packs").rglob("*.munch"))]
    texts += [t.replace("level", "levle", 1) for t in texts[:20]]
    texts += [t.replace("{", "", 2) for t in texts[:20]]
    parser._inline_parser.cache_clear()
    try:
        with_loaded = [_ast(t) for t in texts]  # the entry is in the (test's) folder now
        assert parser._inline_parser()._tables.codes is not None
        monkeypatch.setattr(parser, "load_tables", lambda g, build, **o: live)
        parser._inline_parser.cache_clear()
        with_live = [_ast(t) for t in texts]
        assert parser._inline_parser()._tables is live
    finally:
        parser._inline_parser.cache_clear()
    assert with_loaded == with_live
    assert any(errors for _, errors in with_live)  # the broken copies were reported


@pytest.mark.parametrize("damage", [b"not a pickle", b"", pickle.dumps(b"\x00garbage"),
                                    pickle.dumps(42)])
def test_a_damaged_inline_entry_is_rebuilt(cache: Path, damage: bytes) -> None:
    grammar = parser._grammar_text()
    grammar_cache.load_tables(grammar, parser._lark, **parser._OPTIONS)
    [entry] = (cache / INLINE_KIND).glob("*.pickle")
    entry.write_bytes(damage)
    again = grammar_cache.load_tables(grammar, parser._lark, **parser._OPTIONS)
    assert again.codes is None  # taken from the parser, and stored whole again
    assert grammar_cache.load_tables(grammar, parser._lark, **parser._OPTIONS).codes


def test_a_regex_compiled_from_its_stored_code_matches_as_re_compile_does() -> None:
    pattern = r"(?P<WORD>[a-z]+)|(?P<INT>\d+)|(?P<_NL>(\r?\n)+\s*)"
    code = regex_code.code_of(pattern, re.M)
    fresh, stored_ = re.compile(pattern, re.M), regex_code.compile_pattern(pattern, re.M, code)
    for text in ("abc 12", "12abc", "\n\n  x", "?"):
        for pos in range(len(text)):
            a, b = fresh.match(text, pos), stored_.match(text, pos)
            assert (a and (a.lastgroup, a.span())) == (b and (b.lastgroup, b.span()))
    assert stored_.groupindex == fresh.groupindex and stored_.flags == fresh.flags
    # code from another engine, or code the engine refuses: compiled from the pattern
    assert code is not None
    other = (("other",), *code[1:])
    assert regex_code.compile_pattern(pattern, re.M, other).match("ab").lastgroup == "WORD"
    broken = (code[0], code[1], [999999], *code[3:])
    assert regex_code.compile_pattern(pattern, re.M, broken).match("12").lastgroup == "INT"
