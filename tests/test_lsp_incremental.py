"""The language server's incremental checking reports exactly what a full check reports.

Edits are made one after another to a copy of each sample pack (the parse and check
caches carry over between them, as in an editing session): lines inserted, deleted,
duplicated and changed, words misspelled, cards duplicated.  After each edit the
workspace's diagnostics must equal those of ``api.check_pack`` on the same files.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import sample_packs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.lsp.analysis import Workspace, shifted

WORDS = ["level", "levle", "Elf", "Elves", "treasures", "bad stuff:", "+3", "}", "{", "tags",
         "Undead", "name ru", '"x"', ";", "lose 1 level", "gain 1 level", "on escape:",
         "monster dup \"Dup\" { level 1; treasures 1 }", "race r \"R\" {", "include \"no.munch\""]


def facts(items: list[Diagnostic]) -> list[tuple]:
    return [(d.code, str(d.span), d.span and (d.span.end_line, d.span.end_column),
             d.message, d.hint) for d in items]


@st.composite
def edit(draw: st.DrawFn, lines: list[str]) -> list[str]:
    lines = list(lines)
    row = draw(st.integers(0, max(0, len(lines) - 1)))
    op = draw(st.sampled_from(["insert", "delete", "duplicate", "replace", "word"]))
    if op == "insert":
        lines.insert(row, draw(st.sampled_from(["", "  " + draw(st.sampled_from(WORDS)),
                                                draw(st.sampled_from(WORDS))])))
    elif op == "delete" and lines:
        del lines[row]
    elif op == "duplicate" and lines:
        lines.insert(row, lines[row])
    elif op == "replace" and lines:
        lines[row] = "  " + " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1,
                                                   max_size=3)))
    elif lines:
        words = lines[row].split(" ")
        at = draw(st.integers(0, len(words) - 1))
        words[at] = draw(st.sampled_from(WORDS))
        lines[row] = " ".join(words)
    return lines


@pytest.mark.parametrize("pack", sample_packs(), ids=lambda p: p.name)
@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_incremental_diagnostics_equal_a_full_check(pack: Path, tmp_path_factory, data) -> None:
    root = tmp_path_factory.mktemp("inc") / pack.name
    shutil.copytree(pack, root)
    workspace = Workspace()
    files = sorted(root.glob("*.munch"))
    for _ in range(6):
        file = data.draw(st.sampled_from(files))
        lines = file.read_text(encoding="utf-8").split("\n")
        file.write_text("\n".join(data.draw(edit(lines))), encoding="utf-8")
        full = DiagnosticSink()
        check_pack(root, full)
        assert facts(workspace.analyse(root).diagnostics) == facts(full.sorted())
    assert workspace.cache.hits > 0  # the caches were used, not bypassed


def test_an_edit_reparses_and_rechecks_only_the_card_it_touched(tmp_path: Path) -> None:
    root = tmp_path / "pack"
    shutil.copytree(sample_packs()[0], root)
    workspace = Workspace()
    workspace.analyse(root)
    checks = workspace.card_checks[root]
    file = root / "monsters.munch"
    text = file.read_text(encoding="utf-8")
    in_file = sum(1 for line in text.split("\n") if line.rstrip().endswith("{"))
    assert "level 10" in text
    misses, checked = workspace.cache.misses, checks.checked
    text = text.replace("level 10", "level 11", 1)
    workspace.buffers[file.resolve()] = text
    assert workspace.analyse(root).diagnostics == []
    assert workspace.cache.misses - misses == 1   # the edited card, nothing else
    assert checks.checked - checked == 1          # only the edited card was checked again
    # A new line moves the cards below it: they are re-placed from the cache (not parsed)
    # and checked again; the other files' cards are not.
    misses, checked = workspace.cache.misses, checks.checked
    workspace.buffers[file.resolve()] = "# a new first line\n" + text
    analysis = workspace.analyse(root)
    assert workspace.cache.misses - misses == 1   # the first chunk (now with the comment)
    assert 1 <= checks.checked - checked <= in_file
    first = next(c for c in analysis.checked.cards if c.span.file.endswith(file.name))
    header = next(i for i, line in enumerate(text.split("\n")) if line.endswith("{"))
    assert first.span.line == header + 2


def test_shifted_moves_every_span_and_keeps_the_rest() -> None:
    sink = DiagnosticSink()
    from munchkin_dsl.language.parser import parse_text

    unit = parse_text('monster m "M" {\n  levle 1\n  +1 against Elf\n}\n', "f.munch", sink)
    moved = shifted(unit, 10)
    assert moved.cards[0].span.line == unit.cards[0].span.line + 10
    assert moved.cards[0].lines[0].span.line == unit.cards[0].lines[0].span.line + 10
    assert shifted(sink.items, 3)[0].span.line == sink.items[0].span.line + 3
    assert shifted(unit, 0) is unit


def test_the_cache_keeps_only_what_the_current_texts_use(tmp_path: Path) -> None:
    root = tmp_path / "pack"
    shutil.copytree(sample_packs()[0], root)
    workspace = Workspace()
    file = (root / "monsters.munch").resolve()
    text = file.read_text(encoding="utf-8")
    workspace.analyse(root)
    sizes = (len(workspace.cache.chunks), len(workspace.cache.placed))
    for level in range(11, 40):  # typing: every keystroke a new version of one card
        workspace.buffers[file] = text.replace("level 10", f"level {level}", 1)
        workspace.analyse(root)
    assert (len(workspace.cache.chunks), len(workspace.cache.placed)) == sizes
