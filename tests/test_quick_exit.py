"""The program ends right after `check`, `compile` and `fmt` (no interpreter teardown),
with the same output and exit code as the command run in-process; others exit normally."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO, SAMPLE

from munchkin_dsl.cli import QUICK_EXIT, main

#: the program, with an exit handler that says whether the interpreter's teardown ran
PROGRAM = """
import atexit, sys
atexit.register(lambda: sys.stderr.write("<teardown>"))
sys.argv = ["munchkin", *sys.argv[1:]]
from munchkin_dsl.cli import main
main()
"""
BROKEN = 'monster broken "Broken" {\n  level 3\n  treasures 1\n  +2 against Elvs\n}\n'


def program(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONIOENCODING": "utf-8",
           "MUNCHKIN_NO_CACHE": "1"}
    return subprocess.run([sys.executable, "-c", PROGRAM, *args], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=120)


@pytest.mark.parametrize("args", [
    ("check", str(SAMPLE)),
    ("check", "broken.munch", "--format", "json"),
    ("check", "broken.munch"),
    ("check", "missing-pack"),
    ("compile", str(SAMPLE), "-o", "out.json"),
    ("fmt", "--check", "broken.munch"),
])
def test_quick_commands_end_at_once_with_the_same_output(args: tuple[str, ...],
                                                         tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    assert args[0] in QUICK_EXIT
    (tmp_path / "broken.munch").write_text(BROKEN, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MUNCHKIN_NO_CACHE", "1")
    inside = CliRunner().invoke(main, list(args))
    out = program(*args, cwd=tmp_path)
    assert "<teardown>" not in out.stderr
    assert (out.returncode, out.stdout, out.stderr) == (inside.exit_code, inside.stdout,
                                                        inside.stderr)


def test_other_commands_exit_normally(tmp_path: Path) -> None:
    out = program("rules", cwd=tmp_path)
    assert "rules" not in QUICK_EXIT
    assert out.returncode == 0 and out.stderr.endswith("<teardown>")


def test_main_called_with_arguments_in_process_raises_system_exit() -> None:
    """As tests and tools call it: the command's exit is an exception, never the end of
    the calling process."""
    with pytest.raises(SystemExit) as done:
        main(["check", str(SAMPLE)])
    assert done.value.code == 0
