"""`munchkin fmt`: the canonical layout, comments kept, meaning never changed.

The properties (``compile(fmt(x)) == compile(x)`` and ``fmt(fmt(x)) == fmt(x)``) run
over every sample pack and over hypothesis-generated packs: real cards of every sample
pack, laid out badly at random (indentation, spacing, statements joined with `;` or
put on the card's header line, blank lines, comments on their own lines and after
statements, lines shuffled).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PACKS, REPO, sample_packs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.engine_data import dumps
from munchkin_dsl.language.formatter import (
    STRING_PATTERN,
    WORD_PATTERN,
    format_text,
    layout,
    tokenize_line,
)

_POSITION = re.compile(r"^[^\s:]+\.munch:\d+:\d+$")


def _without_positions(obj: object) -> object:
    """Engine data with the `file:line:col` sources dropped (formatting moves lines)."""
    if isinstance(obj, dict):
        return {k: _without_positions(v) for k, v in obj.items()
                if not (isinstance(v, str) and _POSITION.match(v))}
    if isinstance(obj, list):
        return [_without_positions(v) for v in obj]
    return obj


def compiled(pack: Path) -> object:
    """What a pack means: its engine data, or the codes of its diagnostics."""
    result = compile_packs([pack])
    if result.data is None:
        return sorted(d.code for d in result.sink.items)
    return _without_positions(json.loads(dumps(result.data)))


def fmt(text: str) -> str:
    result = format_text(text)
    assert not result.diagnostics, result.diagnostics
    return result.text


# ---------------------------------------------------------------- the layout
def test_one_statement_per_line_indentation_and_spacing() -> None:
    text = ('pack p { title "P"; version "1"\n ruleset munchkin-1.6 ;languages en,ru }\n'
            'monster troll "Troll" {treasures 2 ;   level   3\n\tbad stuff : lose 2 levels\n'
            '\t\troll 4 + : +1 to you }\n')
    assert fmt(text) == (
        'pack p {\n  title "P"\n  version "1"\n  ruleset munchkin-1.6\n  languages en, ru\n}\n'
        '\nmonster troll "Troll" {\n  level 3\n  treasures 2\n  bad stuff: lose 2 levels\n'
        '  roll 4+: +1 to you\n}\n')


def test_comments_stay_with_their_lines() -> None:
    text = ('# file comment\n\n# troll\nmonster troll "Troll" {  # head\n'
            '  # the bad stuff\n  bad stuff: lose 2 levels # ouch\n'
            '  level 3\n  # last words\n} # after\n# the end\n')
    assert fmt(text) == (
        '# file comment\n\n# troll\nmonster troll "Troll" {  # head\n  level 3\n'
        '  # the bad stuff\n  bad stuff: lose 2 levels  # ouch\n  # last words\n'
        '}  # after\n\n# the end\n')


def test_blank_lines_between_cards_and_none_inside() -> None:
    text = ('include "a.munch"\ninclude "b.munch"\nmonster a "A" {\n\n\n  level 1\n\n'
            '  treasures 1\n}\n\n\n\nmonster b "B" { level 2; treasures 1 }')
    assert fmt(text) == ('include "a.munch"\ninclude "b.munch"\n\nmonster a "A" {\n  level 1\n'
                         '  treasures 1\n}\n\nmonster b "B" {\n  level 2\n  treasures 1\n}\n')


def test_stats_first_in_table_order_effect_lines_keep_their_order() -> None:
    text = ('item i "I" {\n  +1 to run away\n  value 300\n  bonus +2\n  big item limit 2\n'
            '  big\n  two hands\n  name ru "И"\n  any time: +1 to you\n}\n')
    assert fmt(text) == ('item i "I" {\n  name ru "И"\n  two hands\n  big\n  bonus +2\n'
                         '  value 300\n  +1 to run away\n  big item limit 2\n'
                         '  any time: +1 to you\n}\n')


def test_unknown_statements_are_kept_verbatim_in_place() -> None:
    """A statement the layout table does not know (a newer language's) is never lost."""
    text = ('monster m "M" {\n  manual   "Wins ties." ;  manual ru "Ничья."\n  level 1\n'
            '  frobnicate  the   widget\n  treasures 1\n}\n')
    assert layout(text) == ('monster m "M" {\n  level 1\n  treasures 1\n'
                            '  manual "Wins ties."\n  manual ru "Ничья."\n'
                            '  frobnicate the widget\n}\n')


def test_a_file_with_syntax_errors_is_left_untouched_with_its_diagnostics() -> None:
    text = 'monster x "X" {\n    levle 3\n}\n'
    result = format_text(text, "x.munch")
    assert result.text == text and not result.changed
    assert [d.code for d in result.diagnostics] == ["E002"]
    assert str(result.diagnostics[0].span) == "x.munch:2:5"


def test_the_token_patterns_are_the_grammars() -> None:
    grammar = (REPO / "grammar" / "munchkin.lark").read_text(encoding="utf-8")
    assert f"WORD: /{WORD_PATTERN}/" in grammar
    assert f"STRING: /{STRING_PATTERN}/" in grammar


def test_strings_and_comments_are_single_tokens() -> None:
    assert [t.text for t in tokenize_line('text ru "a ; { # }" # x; y')] == [
        "text", "ru", '"a ; { # }"', "# x; y"]


# ---------------------------------------------------------------- the properties
@pytest.mark.parametrize("pack", sample_packs(), ids=lambda p: p.name)
def test_sample_packs_keep_their_meaning_and_formatting_is_idempotent(
        pack: Path, tmp_path: Path) -> None:
    copy = tmp_path / pack.name
    shutil.copytree(pack, copy)
    for file in copy.rglob("*.munch"):
        once = fmt(file.read_text(encoding="utf-8"))
        assert fmt(once) == once, file.name
        file.write_text(once, encoding="utf-8")
    assert compiled(copy) == compiled(pack)


def _one_file_packs() -> list[tuple[str, list[str]]]:
    """Each sample pack as (header, cards' texts), the includes dropped."""
    out = []
    for pack in sample_packs():
        header = "\n".join(line for line in (pack / "pack.munch").read_text(
            encoding="utf-8").splitlines() if not line.startswith("include "))
        cards: list[str] = []
        for file in sorted(pack.glob("[!p]*.munch")):
            cards.extend(re.findall(r'^[a-z][^\n]*\{\n.*?^\}', file.read_text(encoding="utf-8"),
                                    re.MULTILINE | re.DOTALL))
        out.append((header, cards))
    return out


PACK_SOURCES = _one_file_packs()


@st.composite
def badly_laid_out_pack(draw: st.DrawFn) -> str:
    header, cards = draw(st.sampled_from(PACK_SOURCES))
    chosen = draw(st.lists(st.sampled_from(cards), min_size=1, max_size=6, unique=True))
    space = st.sampled_from([" ", "  ", "\t", "   "])
    parts = [header]
    for card in chosen:
        head, *body = card.splitlines()[:-1]
        lines = [" ".join(t.text for t in tokenize_line(line)) for line in body]
        lines = [draw(space).join(t.text for t in tokenize_line(line)) for line in lines]
        lines = draw(st.permutations(lines)) if draw(st.booleans()) else lines
        out: list[str] = []
        for line in lines:
            choice = draw(st.integers(0, 5))
            if choice == 0 and out:
                out[-1] += draw(st.sampled_from([";", " ; ", "; "])) + line
            elif choice == 1:
                out.append(draw(space) + line + draw(space) + "# note")
            elif choice == 2:
                out += ["", draw(space) + "# about the next line", line]
            else:
                out.append(draw(space) * draw(st.integers(0, 3)) + line)
        if draw(st.booleans()) and out:
            parts.append(head + " " + "; ".join(lines) + " }")
        else:
            parts.append("\n".join([head, *out, "}"]))
        parts.append("\n" * draw(st.integers(0, 3)) + draw(st.sampled_from(["", "# c\n"])))
    return "\n".join(parts)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=badly_laid_out_pack())
def test_generated_packs_keep_their_meaning_and_formatting_is_idempotent(
        tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    folder = tmp_path_factory.mktemp("gen")
    (folder / "pack.munch").write_text(text, encoding="utf-8")
    before = compiled(folder)
    result = format_text(text)
    if result.diagnostics:  # the generator joined lines into something that does not parse
        assert result.text == text
        return
    assert fmt(result.text) == result.text
    (folder / "pack.munch").write_text(result.text, encoding="utf-8")
    assert compiled(folder) == before


# ---------------------------------------------------------------- the command
def run(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "munchkin_dsl", "fmt", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd)


def test_every_sample_pack_is_formatted() -> None:
    """What CI checks: `munchkin fmt --check packs/*` has nothing to change."""
    result = run("--check", *sorted(PACKS.iterdir()))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""


def test_check_lists_files_diff_shows_them_and_neither_writes(tmp_path: Path) -> None:
    messy = 'monster a "A" { level 1; treasures 1 }\n'
    (tmp_path / "a.munch").write_text(messy, encoding="utf-8")
    (tmp_path / "b.munch").write_text(fmt(messy), encoding="utf-8")
    check = run("--check", ".", cwd=tmp_path)
    assert (check.returncode, check.stdout) == (1, "a.munch\n")
    diff = run("--diff", "a.munch", cwd=tmp_path)
    assert diff.returncode == 0
    assert "--- a.munch" in diff.stdout and "+  level 1" in diff.stdout
    assert (tmp_path / "a.munch").read_text(encoding="utf-8") == messy
    write = run(".", cwd=tmp_path)
    assert write.returncode == 0 and "formatted a.munch" in write.stderr
    assert (tmp_path / "a.munch").read_text(encoding="utf-8") == fmt(messy)
    assert run("--check", ".", cwd=tmp_path).returncode == 0


def test_syntax_errors_leave_the_file_and_exit_1(tmp_path: Path) -> None:
    bad = 'monster a "A" {\n  levle 1\n}\n'
    (tmp_path / "bad.munch").write_text(bad, encoding="utf-8")
    result = run("bad.munch", cwd=tmp_path)
    assert result.returncode == 1
    assert "bad.munch:2:3: error[E002]" in result.stderr and "left untouched" in result.stderr
    assert "Traceback" not in result.stderr
    assert (tmp_path / "bad.munch").read_text(encoding="utf-8") == bad


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    result = run("nope.munch", cwd=tmp_path)
    assert result.returncode == 2 and "no such file" in result.stderr
