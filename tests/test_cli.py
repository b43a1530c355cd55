"""The command line as a user runs it: real subprocesses, exit codes, streams, files.

Every run goes through :func:`run`, which also asserts that no output ever holds a
Python traceback - a crash is a bug whatever the input.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import HEADER, REPO, SAMPLE

from munchkin_dsl import __version__

GOLDEN = REPO / "tests" / "golden"
BAD = HEADER + 'race r "R" {\n  +1 against Elvs\n}\n'
GOOD = HEADER + 'race r "R" {\n  +1 to run away\n}\n'
WARN = HEADER + 'item i "I" { bonus +1; value 250 }\n'


def _script() -> str | None:
    beside = Path(sys.executable).with_name("munchkin")
    return str(beside) if beside.is_file() else shutil.which("munchkin")


SCRIPT = _script()
ENTRY_POINTS = ["module", pytest.param("script", marks=pytest.mark.skipif(
    SCRIPT is None, reason="the munchkin console script is not installed"))]


@dataclass
class Run:
    code: int
    out: str
    err: str


def run(*args: str | Path, cwd: Path | None = None, via: str = "module",
        timeout: float = 60) -> Run:
    prefix = [SCRIPT] if via == "script" else [sys.executable, "-m", "munchkin_dsl"]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "100"}
    proc = subprocess.run([*prefix, *map(str, args)], cwd=cwd, capture_output=True,
                          env=env, timeout=timeout)
    result = Run(proc.returncode, proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8"))
    assert "Traceback" not in result.out + result.err, result.err
    return result


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / "bad.munch").write_text(BAD, encoding="utf-8")
    (tmp_path / "good.munch").write_text(GOOD, encoding="utf-8")
    (tmp_path / "warn.munch").write_text(WARN, encoding="utf-8")
    return tmp_path


# ---------------------------------------------------------------- exit codes and streams
@pytest.mark.parametrize("via", ENTRY_POINTS)
def test_version(via: str) -> None:
    r = run("--version", via=via)
    assert r.code == 0
    assert r.out.strip() == f"munchkin, version {__version__}"


@pytest.mark.parametrize("via", ENTRY_POINTS)
def test_clean_pack_exits_0_and_says_ok_on_stderr(via: str, tmp_path: Path) -> None:
    r = run("check", SAMPLE, via=via, cwd=tmp_path)
    assert r.code == 0
    assert r.out == ""
    assert re.search(r"^ok: \d+ cards in 1 pack\(s\); 0 errors, 0 warnings$", r.err, re.M)


@pytest.mark.parametrize("via", ENTRY_POINTS)
def test_problems_exit_1_with_diagnostics_on_stderr_only(via: str, work: Path) -> None:
    r = run("check", "bad.munch", cwd=work, via=via)
    assert r.code == 1
    assert r.out == ""
    lines = r.err.splitlines()
    assert lines[0] == "bad.munch:3:14: error[E101]: unknown race, class, sex or tag 'Elvs'"
    assert lines[1] == "   3 |   +1 against Elvs"
    assert lines[2] == "                    ^^^^"
    assert lines[3].startswith("  hint: no ruleset or card in the pack defines 'Elvs'")
    assert lines[-1] == "failed: 1 cards in 1 pack(s); 1 error, 0 warnings"


def test_diagnostics_of_several_packs_in_one_run(work: Path) -> None:
    r = run("check", "bad.munch", "good.munch", "warn.munch", cwd=work)
    assert r.code == 1
    assert "bad.munch:3:14: error[E101]" in r.err
    assert "warn.munch:2:24: warning[W301]" in r.err
    # the three files share pack id 't' and good/bad card id 'r': fine to check together,
    # and said so, since they could not be compiled together
    assert "good.munch:1:6: warning[W113]: pack id 't' is also the id of the pack at " \
           "bad.munch:1:6" in r.err
    assert "good.munch:2:6: warning[W114]: card id 'r' is also used in pack 't'" in r.err
    assert r.err.splitlines()[-1] == "failed: 3 cards in 3 pack(s); 1 error, 4 warnings"


def test_warnings_exit_0_unless_warnings_as_errors(work: Path) -> None:
    assert run("check", "warn.munch", cwd=work).code == 0
    assert run("check", "-W", "warn.munch", cwd=work).code == 1
    assert run("check", "--warnings-as-errors", "good.munch", cwd=work).code == 0


@pytest.mark.parametrize("args", [
    pytest.param(("check",), id="check-without-pack"),
    pytest.param(("compile",), id="compile-without-pack"),
    pytest.param(("check", "no/such/pack"), id="check-missing-path"),
    pytest.param(("compile", "no/such/pack", "-o", "out.json"), id="compile-missing-path"),
    pytest.param(("check", "--bogus", "good.munch"), id="bad-option"),
    pytest.param(("check", "--format", "xml", "good.munch"), id="bad-option-value"),
    pytest.param(("no-such-command",), id="unknown-command"),
    pytest.param((), id="no-arguments"),
    pytest.param(("check", "--explain", "X999"), id="unknown-code"),
    pytest.param(("check", "."), id="folder-without-manifest"),
])
def test_usage_errors_exit_2(work: Path, args: tuple[str, ...]) -> None:
    r = run(*args, cwd=work)
    assert r.code == 2, (r.out, r.err)
    assert r.err.strip() != ""
    assert not (work / "out.json").exists()


def test_missing_pack_message(work: Path) -> None:
    r = run("check", "good.munch", "no/such/pack", cwd=work)
    assert r.code == 2
    assert r.out == ""
    assert "no/such/pack: no such pack file or folder" in r.err


# ---------------------------------------------------------------- --format json
def test_json_diagnostics_on_stdout(work: Path) -> None:
    r = run("check", "bad.munch", "warn.munch", "--format", "json", cwd=work)
    assert r.code == 1
    assert r.err == ""
    doc = json.loads(r.out)
    assert [(d["code"], d["file"], d["line"], d["column"]) for d in doc["diagnostics"]] == [
        ("E101", "bad.munch", 3, 14), ("W113", "warn.munch", 1, 6),
        ("W301", "warn.munch", 2, 24)]
    assert doc["summary"] == {"errors": 1, "warnings": 2}
    assert doc["cards"] == 2 and doc["packs"] == 2
    first = doc["diagnostics"][0]
    assert first["severity"] == "error" and first["end_column"] == 18
    assert first["message"] == "unknown race, class, sex or tag 'Elvs'"


def test_json_of_a_clean_pack(tmp_path: Path) -> None:
    r = run("check", SAMPLE, "--format", "json", cwd=tmp_path)
    assert r.code == 0
    doc = json.loads(r.out)
    assert doc["diagnostics"] == [] and doc["summary"] == {"errors": 0, "warnings": 0}


def test_compile_failure_with_json_format(work: Path) -> None:
    r = run("compile", "bad.munch", "--format", "json", cwd=work)
    assert r.code == 1
    assert [d["code"] for d in json.loads(r.out)["diagnostics"]] == ["E101"]
    assert "nothing written" in r.err


# ---------------------------------------------------------------- compile
def test_compile_to_stdout(work: Path) -> None:
    r = run("compile", "good.munch", cwd=work)
    assert r.code == 0
    assert r.err == ""
    doc = json.loads(r.out)
    assert [c["id"] for c in doc["cards"]] == ["r"]


def test_compile_writes_the_golden_bytes_twice(tmp_path: Path) -> None:
    outs = []
    for name in ("a.json", "b.json"):
        r = run("compile", SAMPLE, "--pretty", "-o", tmp_path / name, cwd=tmp_path)
        assert r.code == 0
        assert r.out == ""
        assert re.match(r"compiled \d+ cards from 1 pack\(s\) to ", r.err)
        outs.append((tmp_path / name).read_bytes())
    assert outs[0] == outs[1]
    golden = GOLDEN / f"{SAMPLE.name}.json"
    assert outs[0] == golden.read_bytes(), (
        "CLI output differs from tests/golden; see test_golden.py for how to regenerate")


def test_compact_output_is_the_golden_data_without_indentation(tmp_path: Path) -> None:
    """The default output is compact: the same document as --pretty, fewer bytes."""
    r = run("compile", SAMPLE, "-o", tmp_path / "c.json", cwd=tmp_path)
    assert r.code == 0
    compact = (tmp_path / "c.json").read_bytes()
    golden = (GOLDEN / f"{SAMPLE.name}.json").read_bytes()
    assert b"\n " not in compact and compact.endswith(b"}\n")
    assert len(compact) < len(golden)
    assert json.dumps(json.loads(compact), ensure_ascii=False, indent=2) + "\n" == (
        golden.decode("utf-8"))


def test_failed_compile_leaves_existing_output_untouched(work: Path) -> None:
    out = work / "OUT.json"
    original = b'{"previous": "build"}\n'
    out.write_bytes(original)
    before = sorted(p.name for p in work.iterdir())
    r = run("compile", "bad.munch", "-o", "OUT.json", cwd=work)
    assert r.code == 1
    assert out.read_bytes() == original
    assert "compile failed: 1 error, 0 warnings; nothing written" in r.err
    assert sorted(p.name for p in work.iterdir()) == before  # no temporary file left


def test_warnings_as_errors_compile_writes_nothing(work: Path) -> None:
    r = run("compile", "-W", "warn.munch", "-o", "OUT.json", cwd=work)
    assert r.code == 1
    assert not (work / "OUT.json").exists()


def test_successful_compile_replaces_output(work: Path) -> None:
    out = work / "OUT.json"
    out.write_text("old", encoding="utf-8")
    assert run("compile", "good.munch", "-o", "OUT.json", cwd=work).code == 0
    assert json.loads(out.read_text("utf-8"))["cards"][0]["id"] == "r"
    assert [p.name for p in work.iterdir() if p.name.endswith(".tmp")] == []


def test_compile_creates_the_output_folder(work: Path) -> None:
    assert run("compile", "good.munch", "-o", "out/deep/x.json", cwd=work).code == 0
    assert (work / "out" / "deep" / "x.json").is_file()


def test_unwritable_output_is_a_usage_error(work: Path) -> None:
    (work / "blocker").write_text("a file, not a folder", encoding="utf-8")
    r = run("compile", "good.munch", "-o", "blocker/x.json", cwd=work)
    assert r.code == 2
    assert "cannot write blocker/x.json" in r.err


def test_output_file_has_normal_permissions(work: Path) -> None:
    out = work / "OUT.json"
    out.write_text("old", encoding="utf-8")
    out.chmod(0o644)
    assert run("compile", "good.munch", "-o", "OUT.json", cwd=work).code == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o644


# ---------------------------------------------------------------- help and --explain
def _commands() -> list[str]:
    text = run("--help").out
    section = text.split("Commands:", 1)[1]
    return re.findall(r"^  (\S+)\s", section, re.M)


def test_every_command_help_has_an_example() -> None:
    commands = _commands()
    assert {"check", "compile"} <= set(commands)
    assert "Example" in run("--help").out
    for name in commands:
        r = run(name, "--help")
        assert r.code == 0, name
        assert "Example" in r.out, f"`munchkin {name} --help` has no example"


def test_explain_prints_fails_and_passes() -> None:
    r = run("check", "--explain", "E101")
    assert r.code == 0
    assert r.out.startswith("E101: unknown race, class, sex or tag")
    assert "Fails:\n    +4 against Elves" in r.out
    assert "Passes:\n    +4 against Elf" in r.out


def test_explain_is_case_insensitive() -> None:
    assert run("check", "--explain", "e205").out.startswith("E205:")


# ---------------------------------------------------------------- nasty inputs never crash
@pytest.mark.parametrize(("name", "content"), [
    ("binary.munch", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"),
    ("cp1251.munch", 'race r "Эльф" { }\n'.encode("cp1251")),
    ("braces.munch", b"{" * 50_000),
    ("empty.munch", b""),
    ("comments.munch", b"# only\n# comments\n"),
    ("nul.munch", HEADER.encode() + b'race r "R" {\x00}\n'),
    ("bom.munch", b"\xef\xbb\xbf" + GOOD.encode()),
])
def test_nasty_files_give_diagnostics_not_crashes(tmp_path: Path, name: str,
                                                  content: bytes) -> None:
    (tmp_path / name).write_bytes(content)
    for fmt in ("text", "json"):
        r = run("check", name, "--format", fmt, cwd=tmp_path)
        assert r.code in (0, 1)
    r = run("compile", name, "-o", "out.json", cwd=tmp_path)
    assert r.code in (0, 1)
    assert (r.code == 0) == (tmp_path / "out.json").exists()


def test_directory_named_like_a_file(tmp_path: Path) -> None:
    (tmp_path / "odd.munch").mkdir()
    r = run("check", "odd.munch", cwd=tmp_path)
    assert r.code == 2
    assert "folder has no pack.munch manifest" in r.err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_include_of_a_fifo_does_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.munch")
    (tmp_path / "pack.munch").write_text(HEADER + 'include "pipe.munch"\n', encoding="utf-8")
    r = run("check", ".", cwd=tmp_path, timeout=20)
    assert r.code in (0, 1)
