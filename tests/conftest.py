"""Shared helpers for the compiler tests: write a small pack, check it, read the results.

Diagnostics name files relative to the working folder, so every helper that writes a
pack first moves into the test's own ``tmp_path``; a file written as ``pack.munch`` is
then reported as ``pack.munch:LINE:COL``.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink, Span
from munchkin_dsl.compiler.api import CheckedPack, check_pack
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.language.nodes import SourceUnit
from munchkin_dsl.language.parser import parse_text

#: The commands run by the tests share one build cache of their own (never the user's), so
#: every repeated `check` or `compile` in the suite is also a test of the cache's answers.
os.environ.setdefault("MUNCHKIN_CACHE_DIR", tempfile.mkdtemp(prefix="munchkin-test-cache-"))

REPO = Path(__file__).resolve().parents[1]
PACKS = REPO / "packs"
SAMPLE = PACKS / "munchkin-1.6"

#: A one-line header, so the first body line of a test pack is line 2.
HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'


def sample_packs() -> list[Path]:
    """Every pack folder under packs/ (other rulesets' packs appear as they are written)."""
    return sorted(p for p in PACKS.iterdir() if (p / "pack.munch").is_file())


def parse(text: str, file: str = "t.munch") -> tuple[SourceUnit, list[Diagnostic]]:
    sink = DiagnosticSink()
    unit = parse_text(text, file, sink)
    return unit, sink.sorted()


def span_tuple(span: Span | None) -> tuple[int, int, int, int] | None:
    if span is None:
        return None
    return (span.line, span.column, span.end_line, span.end_column)


class PackWriter:
    """Writes pack files into one temporary folder and checks them from inside it."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def write(self, name: str, text: str | bytes) -> Path:
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    def check(self, target: str | Path = ".") -> tuple[CheckedPack, list[Diagnostic]]:
        sink = DiagnosticSink()
        checked = check_pack(self.root / target, sink)
        return checked, sink.sorted()

    def diagnostics(self, body: str, header: str | None = HEADER) -> list[Diagnostic]:
        """Write ``header + body`` as pack.munch and return its diagnostics in source order."""
        self.write("pack.munch", (header or "") + body)
        return self.check("pack.munch")[1]


@pytest.fixture
def packdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> PackWriter:
    """A pack folder that is also the working folder, so spans read ``pack.munch:L:C``."""
    monkeypatch.chdir(tmp_path)
    return PackWriter(tmp_path)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of the test's own (``MUNCHKIN_CACHE_DIR``)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("MUNCHKIN_CACHE_DIR", str(folder))
    return folder


@pytest.fixture
def check_text(packdir: PackWriter) -> Callable[..., list[Diagnostic]]:
    """``check_text(body, header=HEADER)`` -> the diagnostics of a one-file pack."""
    return packdir.diagnostics


def codes(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.code for d in diagnostics]


def pack_codes(body: str, tmp_path: Path) -> list[str]:
    """The codes `check` gives a one-file pack of HEADER + ``body`` written in ``tmp_path``."""
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.compiler.api import check_pack

    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [d.code for d in sink.items]


def lower(packdir: PackWriter, body: str) -> dict[str, CardData]:
    """The cards of a one-file pack (HEADER + ``body``) lowered to effect objects, by id:
    the building-block tests read what a line compiles to."""
    from munchkin_dsl.compiler.api import compile_packs, lower_pack

    packdir.write("pack.munch", HEADER + body)
    result = compile_packs(["pack.munch"])
    assert result.data is not None, [str(d) for d in result.sink]
    return {c.id: c for c in lower_pack(result.packs[0])}


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The grammar sweep's counts in the run's summary (CI output), when the sweep ran."""
    import sys

    sweep = getattr(sys.modules.get("test_grammar_conformance"), "sweep", None)
    if sweep is not None and sweep.cache_info().currsize:
        run = sweep()
        terminalreporter.write_line(f"grammar conformance sweep (seed 19): {run.summary()} "
                                    f"({sum(run.seconds.values()):.0f} s)")


def assert_scenarios_pass(pack: Path, count: int) -> None:
    """`munchkin test PACK` plays ``count`` scenarios and every one passes (the shared
    check of the scenario packs under tests/data)."""
    from click.testing import CliRunner  # noqa: PLC0415  (the CLI only where a test plays)

    from munchkin_dsl.cli import main  # noqa: PLC0415

    result = CliRunner().invoke(main, ["test", str(pack)])
    assert result.exit_code == 0, result.output
    assert f"{count} passed, 0 failed" in result.output, result.output
