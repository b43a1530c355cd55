"""The package works when installed: grammar, data files and schema ship inside it.

A copy of the sources is installed with ``pip install --target`` into a temporary
folder, then run from another folder with only that folder on PYTHONPATH, on a copy of
packs/munchkin-1.6, so nothing can be read from the checkout.  Skipped only when pip
itself is missing.  The build needs setuptools>=68: pip fetches it (build isolation)
unless a new enough setuptools and wheel are already installed.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, SAMPLE

pytestmark = pytest.mark.skipif(importlib.util.find_spec("pip") is None,
                                reason="pip is not available")

SOURCES = ("pyproject.toml", "README.md", "munchkin_dsl", "grammar", "schemas", "docs")


def _local_build_possible() -> bool:
    """Whether pip can build without fetching setuptools (checked without importing it)."""
    try:
        version = importlib.metadata.version("setuptools")
    except importlib.metadata.PackageNotFoundError:
        return False
    return importlib.util.find_spec("wheel") is not None and int(version.split(".")[0]) >= 68


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("install")
    src = root / "src"
    src.mkdir()
    for name in SOURCES:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif path.is_file():
            shutil.copy2(path, src / name)
    target = root / "site"
    command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
               "--disable-pip-version-check", "--target", str(target), str(src)]
    if _local_build_possible():
        command.insert(4, "--no-build-isolation")
    proc = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=root)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return target


def run_installed(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(target)
    env["PYTHONIOENCODING"] = "utf-8"
    proc = subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr
    return proc


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    shutil.copytree(SAMPLE, tmp_path / "pack")
    return tmp_path


def test_data_files_are_inside_the_installed_package(installed: Path) -> None:
    pkg = installed / "munchkin_dsl"
    for rel in ("grammar/munchkin.lark", "schemas/engine-data.schema.json",
                "data/codes.toml", "data/kinds.toml", "data/limits.toml",
                "base/rulesets/munchkin-1.6.toml", "text/templates/en/effects.j2",
                "render/themes/tavern.toml", "text/pl_forms.toml"):
        assert (pkg / rel).is_file(), f"{rel} is not shipped in the package"


def test_installed_copy_is_the_one_imported(installed: Path, elsewhere: Path) -> None:
    code = ("import munchkin_dsl, importlib.resources as r, munchkin_dsl.language.parser as p\n"
            "print(munchkin_dsl.__file__)\n"
            "print(r.files('munchkin_dsl.grammar').joinpath('munchkin.lark'))\n"
            "print(len(p._grammar_text()))")
    proc = run_installed(installed, elsewhere, "-c", code)
    assert proc.returncode == 0, proc.stderr
    module, grammar, size = proc.stdout.splitlines()
    assert Path(module).resolve().is_relative_to(installed.resolve())
    assert Path(grammar).resolve().is_relative_to(installed.resolve())
    assert int(size) > 1000


def test_installed_copy_checks_and_compiles_the_sample_pack(installed: Path,
                                                             elsewhere: Path) -> None:
    check = run_installed(installed, elsewhere, "-m", "munchkin_dsl", "check", "pack")
    assert check.returncode == 0, check.stderr
    assert check.stderr.startswith("ok: ")
    out = elsewhere / "out.json"
    done = run_installed(installed, elsewhere, "-m", "munchkin_dsl", "compile", "pack",
                         "--pretty", "-o", str(out))
    assert done.returncode == 0, done.stderr
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["packs"][0]["id"] == "munchkin-1.6-sample"
    golden = REPO / "tests" / "golden" / "munchkin-1.6.json"
    if golden.is_file():
        assert out.read_bytes() == golden.read_bytes(), (
            "installed copy's output differs from tests/golden (stale golden? see "
            "test_golden.py)")


def test_installed_copy_explains_codes_and_reports_errors(installed: Path,
                                                          elsewhere: Path) -> None:
    explain = run_installed(installed, elsewhere, "-m", "munchkin_dsl", "check",
                            "--explain", "E101")
    assert explain.returncode == 0 and "Fails:" in explain.stdout
    (elsewhere / "bad.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\nrace r "R" { levl 1 }\n',
        encoding="utf-8")
    bad = run_installed(installed, elsewhere, "-m", "munchkin_dsl", "check", "bad.munch")
    assert bad.returncode == 1
    assert "bad.munch:2:14: error[E002]: unexpected 'levl'" in bad.stderr


def test_installed_console_script(installed: Path, elsewhere: Path) -> None:
    script = installed / "bin" / "munchkin"
    if not script.is_file():
        pytest.skip("pip --target did not write console scripts")
    proc = run_installed(installed, elsewhere, str(script), "check", "pack")
    assert proc.returncode == 0, proc.stderr
