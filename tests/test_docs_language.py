"""The examples of docs/language.md §12 (card families) are cards that check clean, and
the tables of the declared parts (§6) are written from the part classes.

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
from munchkin_dsl.language import algebra
from munchkin_dsl.tools.write_docs_tables import rewrite

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


# ---------------------------------------------------------------- the declared parts

#: Where an example of a part is tried: (card kind, its required lines, line prefix).
_HOSTS = (("item", "bonus +1; value 200; ", ""), ("monster", "level 4; treasures 1; ", ""),
          ("one-shot", "value 200; ", "in combat: "), ("curse", "", ""),
          ("monster", "level 4; treasures 1; ", "bad stuff: "),
          ("item", "bonus +1; value 200; ", "on kill: "),
          ("item", "bonus +1; value 200; ", "when you would lose a level: "))


def test_the_part_tables_are_written_from_the_declarations() -> None:
    """Every `<!-- parts:... -->` table is what the part classes say (run
    `python -m munchkin_dsl.tools.write_docs_tables` after changing a part)."""
    text = DOC.read_text(encoding="utf-8")
    assert text.count("<!-- parts:") == 4
    assert rewrite(text) == text


def _clean(body: str, tmp_path: Path) -> list[str]:
    (tmp_path / "pack.munch").write_text(
        'pack docs { title "Docs"; version "1"; ruleset munchkin-1.6 }\n'
        'item pony "Pony" { tags Steed; bonus +1; value 200 }\n' + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [str(d) for d in sink.items]


@pytest.mark.parametrize("part", algebra.declared(), ids=lambda p: p.rule)
def test_every_part_example_checks_clean(part: type[algebra.Part], tmp_path: Path) -> None:
    """The example in each part's table row is a line an author can write: clean on at
    least one card kind (an effect's bare example with a kind's usual prefix)."""
    tried = []
    for n, (kind, required, prefix) in enumerate(_HOSTS):
        line = part.example if ":" in part.example else prefix + part.example
        problems = _clean(f'{kind} c{n} "C{n}" {{ {required}{line} }}\n', tmp_path)
        if not problems:
            return
        tried.append(f"{kind}: {line}: {problems}")
    raise AssertionError("\n".join(tried))
