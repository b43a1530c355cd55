"""docs/scenarios.md: every example runs, passes, and together they use every word.

Each ```scn block is a whole scenario file, run against the sample pack its fence names
(```scn pack=star-munchkin; default munchkin-1.6), against a mix (```scn
mix=mixes/star-base.resolve packs=star-munchkin,munchkin-1.6) or, for a suite file
(```scn suite=tests/rules/1-shared), against the pack its `pack:` line names from there.
A marked rule the engine does not play yet says ```scn status=not-modelled.  A ```munch block right
before it adds cards to a copy of that pack (for what no sample pack has, such as a
manual rule).  The examples must pass with no diagnostic, and the words they use must
cover the whole table (data/scenario.toml), so a new word cannot go undocumented.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest
from conftest import REPO

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.commands.scenario_run import _pack_line
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.scenarios import runner as scenario
from munchkin_dsl.scenarios import words as scenario_words
from munchkin_dsl.scenarios.packs import PackCache

DOC = REPO / "docs" / "scenarios.md"
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```", re.S | re.M)


@dataclass
class Example:
    line: int
    text: str
    options: dict[str, str]
    cards: str | None = None
    used: set[tuple[str, str]] = field(default_factory=set)


def _examples() -> list[Example]:
    doc = DOC.read_text(encoding="utf-8")
    out: list[Example] = []
    extra: str | None = None
    for m in FENCE.finditer(doc):
        lang, info, body = m.group(1), m.group(2), m.group(3)
        if lang == "munch":
            extra = body
            continue
        if lang != "scn":
            extra = None
            continue
        options = dict(kv.split("=", 1) for kv in info.split())
        out.append(Example(doc.count("\n", 0, m.start()) + 2, body, options, extra))
        extra = None
    return out


@cache
def _pack_data(pack: str) -> EngineData:
    from munchkin_dsl.compiler.api import compile_packs

    result = compile_packs([REPO / "packs" / pack])
    assert result.data is not None, pack
    return result.data


@cache
def _mix_data(resolution: str, packs: str) -> EngineData:
    from munchkin_dsl.mix import mix_packs

    result = mix_packs([REPO / "packs" / p for p in packs.split(",")], REPO / resolution)
    assert result.merged is not None, [str(d) for d in result.sink.sorted()]
    return result.merged.data


def _with_cards(tmp: Path, pack: str, cards: str) -> tuple[Path, EngineData]:
    from munchkin_dsl.compiler.api import compile_packs

    copy = tmp / "packs" / pack
    shutil.copytree(REPO / "packs" / pack, copy)
    (copy / "docs-example.munch").write_text(cards, encoding="utf-8")
    with (copy / "pack.munch").open("a", encoding="utf-8") as f:
        f.write('include "docs-example.munch"\n')
    result = compile_packs([copy])
    assert result.data is not None, [str(d) for d in result.sink.sorted()]
    return copy, result.data


def _run(example: Example, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> list:
    """Run one example, recording which table phrases it used."""
    real = scenario_words.match

    def spy(section: str, words: list[str]) -> tuple | None:
        found = real(section, words)
        if found is not None:
            example.used.add((section, found[1]))
        return found

    monkeypatch.setattr(scenario_words, "match", spy)
    pack = example.options.get("pack", "munchkin-1.6")
    root = REPO / "packs" / pack
    if "suite" in example.options:  # a suite file: its `pack:` line names the pack(s)
        root = REPO / example.options["suite"]
        written = _pack_line(example.text)
        assert written, f"docs/scenarios.md:{example.line}: a suite example names its pack"
        example.used.add(("header", "pack"))
        data = PackCache().get(*(root / w for w in written.split()))
    elif "mix" in example.options:
        data = _mix_data(example.options["mix"], example.options["packs"])
    elif example.cards is not None:
        root, data = _with_cards(tmp, pack, example.cards)
    else:
        data = _pack_data(pack)
    sink = DiagnosticSink()
    file = root / "scenarios" / "docs-example.scn"
    results = scenario.run_file(file, data, sink, root, example.text)
    assert not list(sink), [str(d) for d in sink.sorted()]
    for line in scenario.parse(example.text, str(file), DiagnosticSink()):
        if line.not_modelled is not None:  # kept on the scenario, not among its setup lines
            example.used.add(("setup", "not modelled"))
        for ln in line.setup:
            key = ln.text.split(":", 1)[0].strip().casefold()
            if key in scenario_words.setup_keys():
                example.used.add(("setup", key))
        for ln in line.steps:
            for entry in scenario_words.entries("option"):
                if re.search(rf"(?<!\S){re.escape(entry.words)}(?!\S)", ln.text):
                    example.used.add(("option", entry.words))
    return results


EXAMPLES = _examples()


def _ids() -> Iterator[str]:
    for ex in EXAMPLES:
        title = re.search(r"scenario:\s*(.*)", ex.text)
        yield f"L{ex.line}-{title.group(1)[:30] if title else ''}"


@pytest.mark.parametrize("example", EXAMPLES, ids=list(_ids()))
def test_every_example_passes(example: Example, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    results = _run(example, tmp_path, monkeypatch)
    assert results, f"docs/scenarios.md:{example.line}: no scenario in the example"
    want = example.options.get("status", "passed").replace("-", " ")
    for r in results:
        assert r.status == want, f"docs/scenarios.md:{example.line}: {r.failures}"


def test_the_examples_use_every_word_of_the_table(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    used: set[tuple[str, str]] = set()
    for i, example in enumerate(EXAMPLES):
        _run(example, tmp_path / str(i), monkeypatch)
        used |= example.used
    missing = [f"{section}: {phrase}" for section in scenario_words.SECTIONS
               for entry in scenario_words.entries(section) for phrase in entry.phrases
               if (section, phrase) not in used]
    assert not missing, f"docs/scenarios.md has no example using: {missing}"


def test_every_form_of_the_table_is_in_the_doc() -> None:
    doc = DOC.read_text(encoding="utf-8").replace("\\|", "|")  # a table cell's escaped |
    for section in scenario_words.SECTIONS:
        for entry in scenario_words.entries(section):
            assert f"`{entry.form}`" in doc, entry.form
