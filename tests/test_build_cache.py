"""The build cache: what a cached run prints and writes is what a cold run does.

Each test runs the real command in a subprocess with its own cache folder, and compares
the cached answer with a ``--no-cache`` run of the same packs, byte for byte.
"""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, SAMPLE


def run(cache: Path, *args: str | Path, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "MUNCHKIN_CACHE_DIR": str(cache), "PYTHONIOENCODING": "utf-8"}
    env.pop("MUNCHKIN_NO_CACHE", None)
    return subprocess.run([sys.executable, "-m", "munchkin_dsl", *map(str, args)], cwd=cwd,
                          capture_output=True, env=env, timeout=120)


def entries(cache: Path, kind: str) -> list[Path]:
    folder = cache / kind
    return sorted(folder.glob("*.pickle")) if folder.is_dir() else []


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    copy = tmp_path / "pack"
    shutil.copytree(SAMPLE, copy)
    return copy


BROKEN = 'monster broken "Broken" {\n  level 3\n  treasures 1\n  +2 against Elfz\n}\n'


def test_second_check_answers_from_the_cache_with_the_same_output(pack: Path,
                                                                   tmp_path: Path) -> None:
    (pack / "broken.munch").write_text(BROKEN, encoding="utf-8")
    manifest = pack / "pack.munch"
    manifest.write_text(manifest.read_text(encoding="utf-8") + 'include "broken.munch"\n',
                        encoding="utf-8")
    cache = tmp_path / "cache"
    cold = run(cache, "check", pack, cwd=tmp_path)
    assert cold.returncode == 1 and b"E101" in cold.stderr
    assert len(entries(cache, "runs")) == 1
    warm = run(cache, "check", pack, cwd=tmp_path)
    assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, cold.stdout,
                                                           cold.stderr)
    for fmt in ("json", "sarif"):
        once = run(cache, "check", pack, "--format", fmt, cwd=tmp_path)
        again = run(cache, "check", pack, "--format", fmt, cwd=tmp_path)
        uncached = run(cache, "check", pack, "--format", fmt, "--no-cache", cwd=tmp_path)
        assert once.stdout == again.stdout == uncached.stdout


def test_a_cached_run_never_loads_the_parser(pack: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert run(cache, "check", pack, cwd=tmp_path).returncode == 0
    probe = ("import sys\n"
             "from munchkin_dsl.commands._build import run_build\n"
             f"out = run_build([{str(pack)!r}], 'check')\n"
             "print(out.cached, 'munchkin_dsl.language.parser' in sys.modules, 'lark' in "
             "sys.modules)\n")
    env = {**os.environ, "MUNCHKIN_CACHE_DIR": str(cache)}
    env.pop("MUNCHKIN_NO_CACHE", None)
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=60)
    assert proc.stdout.split() == ["True", "False", "False"], proc.stderr


def test_cached_compile_writes_the_bytes_a_cold_compile_writes(pack: Path,
                                                               tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    for pretty in ((), ("--pretty",)):
        cold = tmp_path / "cold.json"
        assert run(cache, "compile", pack, *pretty, "--no-cache", "-o", cold,
                   cwd=tmp_path).returncode == 0
        for name in ("first.json", "second.json"):
            proc = run(cache, "compile", pack, *pretty, "-o", name, cwd=tmp_path)
            assert proc.returncode == 0, proc.stderr
            assert (tmp_path / name).read_bytes() == cold.read_bytes()
    golden = REPO / "tests" / "golden" / f"{SAMPLE.name}.json"
    assert (tmp_path / "second.json").read_bytes() == golden.read_bytes()


def test_after_one_edit_only_that_file_is_parsed_again(pack: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert run(cache, "compile", pack, "-o", "a.json", cwd=tmp_path).returncode == 0
    parsed = len(entries(cache, "parses"))
    files = sorted(p for p in pack.glob("*.munch") if p.name != "pack.munch")
    assert parsed == len(files) + 1  # every card file and the manifest
    edited = files[0]
    edited.write_text(edited.read_text(encoding="utf-8").replace("level 1", "level 2", 1),
                      encoding="utf-8")
    warm = run(cache, "compile", pack, "-o", "b.json", cwd=tmp_path)
    cold = run(cache, "compile", pack, "--no-cache", "-o", "c.json", cwd=tmp_path)
    assert warm.returncode == cold.returncode == 0
    assert (tmp_path / "b.json").read_bytes() == (tmp_path / "c.json").read_bytes()
    assert (tmp_path / "b.json").read_bytes() != (tmp_path / "a.json").read_bytes()
    assert len(entries(cache, "parses")) == parsed + 1


def test_a_change_the_snapshot_sees_is_a_miss(pack: Path, tmp_path: Path) -> None:
    """A new file, a file made unreadable and a changed art file each re-run the build."""
    cache = tmp_path / "cache"
    assert run(cache, "check", pack, cwd=tmp_path).returncode == 0
    manifest = pack / "pack.munch"
    manifest.write_text(manifest.read_text(encoding="utf-8") + 'include "late.munch"\n',
                        encoding="utf-8")
    missing = run(cache, "check", pack, cwd=tmp_path)
    assert missing.returncode == 1 and b"E008" in missing.stderr
    (pack / "late.munch").write_text(BROKEN, encoding="utf-8")
    assert b"E101" in run(cache, "check", pack, cwd=tmp_path).stderr
    if os.geteuid() != 0:  # root reads a file whatever its mode
        (pack / "late.munch").chmod(0)
        assert b"E101" not in run(cache, "check", pack, cwd=tmp_path).stderr


def test_corrupt_and_foreign_entries_are_misses(pack: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cold = run(cache, "check", pack, "--format", "json", cwd=tmp_path)
    damaged = entries(cache, "runs") + entries(cache, "parses")
    for number, entry in enumerate(damaged):
        data = entry.read_bytes()
        entry.write_bytes(data[: len(data) // 2] if number % 2 else b"not a pickle")
    again = run(cache, "check", pack, "--format", "json", cwd=tmp_path)
    assert again.returncode == cold.returncode and again.stdout == cold.stdout
    for entry in damaged:  # each was dropped as a miss and written anew
        pickle.loads(entry.read_bytes())
    third = run(cache, "check", pack, "--format", "json", cwd=tmp_path)
    assert third.stdout == cold.stdout


def test_concurrent_runs_share_the_cache_safely(pack: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = {**os.environ, "MUNCHKIN_CACHE_DIR": str(cache)}
    env.pop("MUNCHKIN_NO_CACHE", None)
    procs = [subprocess.Popen([sys.executable, "-m", "munchkin_dsl", "compile", str(pack),
                               "-o", f"out{i}.json"], cwd=tmp_path, env=env,
                              stderr=subprocess.PIPE)
             for i in range(4)]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    outputs = {(tmp_path / f"out{i}.json").read_bytes() for i in range(4)}
    assert len(outputs) == 1
    assert not list((cache / "runs").glob("*.tmp")) and not list((cache / "parses").glob("*.tmp"))


def test_no_cache_reads_and_writes_nothing(pack: Path, tmp_path: Path) -> None:
    """No build result is kept; only what depends on the tool alone and goes to the same
    folder: the parser tables and the inline parser's (language/grammar_cache.py), the
    dataclasses' compiled code (base/dataclass_code.py) and the parsed data tables
    (data/)."""
    cache = tmp_path / "cache"
    assert run(cache, "check", pack, "--no-cache", cwd=tmp_path).returncode == 0
    assert run(cache, "compile", pack, "--no-cache", "-o", "x.json", cwd=tmp_path).returncode == 0
    assert sorted(p.name for p in cache.iterdir()) == ["data", "grammar", "grammar-inline",
                                                      "python"]
    assert len(entries(cache, "grammar")) == len(entries(cache, "python")) == 1


def test_a_grammar_edit_in_a_checkout_makes_the_cache_stale() -> None:
    """In a checkout the grammar is beside the package, not in it: an edit to it must change
    the tool's fingerprint, or a second run would answer from parses of the old grammar."""
    from munchkin_dsl.compiler import build_cache

    grammar = Path(build_cache.__file__).resolve().parents[2] / "grammar" / "munchkin.lark"
    if not grammar.exists():  # an installed package: the grammar is inside it
        pytest.skip("not a checkout")
    before = grammar.stat()
    build_cache.tool_fingerprint.cache_clear()
    old = build_cache.tool_fingerprint()
    try:
        os.utime(grammar, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000_000))
        build_cache.tool_fingerprint.cache_clear()
        assert build_cache.tool_fingerprint() != old
    finally:
        os.utime(grammar, ns=(before.st_atime_ns, before.st_mtime_ns))
        build_cache.tool_fingerprint.cache_clear()
    assert build_cache.tool_fingerprint() == old
