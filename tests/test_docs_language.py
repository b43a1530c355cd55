"""The examples of docs/language.md §12 (card families) are cards that check clean.

Each fenced ``munch`` block of the section is compiled as a pack of its own, in
munchkin-1.6 unless its first line says ``# ruleset: ID``; any error fails with the
block's place in the document, so an example can never drift from the language.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import check_pack

DOC = Path(__file__).resolve().parent.parent / "docs" / "language.md"
SECTION = "## 12. Card families"


def _blocks() -> list[tuple[int, str]]:
    text = DOC.read_text(encoding="utf-8")
    start = text.index(SECTION)
    out = []
    for m in re.finditer(r"```munch\n(.*?)```", text[start:], re.S):
        line = text.count("\n", 0, start + m.start()) + 1
        out.append((line, m.group(1)))
    return out


BLOCKS = _blocks()


def test_the_section_has_examples_for_every_family_it_covers() -> None:
    assert len(BLOCKS) >= 10


@pytest.mark.parametrize(("line", "body"), BLOCKS, ids=[f"line{n}" for n, _ in BLOCKS])
def test_example_checks_clean(line: int, body: str, tmp_path: Path) -> None:
    first = body.splitlines()[0]
    ruleset = first.split(":", 1)[1].strip() if first.startswith("# ruleset:") else "munchkin-1.6"
    (tmp_path / "pack.munch").write_text(
        f'pack docs {{ title "Docs"; version "1"; ruleset {ruleset} }}\n' + body,
        encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    problems = [f"{d.severity}: {d}" for d in sink.items]  # warnings too: examples are clean
    assert not problems, f"docs/language.md:{line}: {problems}"
