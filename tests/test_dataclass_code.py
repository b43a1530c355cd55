"""The dataclasses' generated code, reused from the cache folder: the same classes.

``base/dataclass_code.py`` shadows the dataclasses module's ``exec`` while `munchkin`
runs as a program; a class built with code it kept must be the class dataclasses builds.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO, SAMPLE

from munchkin_dsl.base import dataclass_code

GENERATED = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")


def make() -> type:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Node:
        name: str
        count: int = 0
        tags: tuple[str, ...] = ()
        extra: dict[str, int] = dataclasses.field(default_factory=dict, compare=False,
                                                  hash=False)
    return Node


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("MUNCHKIN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(dataclass_code, "_known", {})
    monkeypatch.setattr(dataclass_code, "_installed", False)
    monkeypatch.setattr(dataclass_code, "_added", False)
    try:
        yield tmp_path / "cache"
    finally:
        if hasattr(dataclasses, "exec"):
            del dataclasses.exec  # type: ignore[attr-defined]


def test_a_class_built_with_kept_code_is_the_class_dataclasses_builds(installed: Path
                                                                      ) -> None:
    plain = make()
    dataclass_code.install()
    compiled = make()        # compiled now, and kept
    dataclass_code.save()
    dataclass_code._known.clear()
    dataclass_code._installed = False
    dataclass_code.install()  # read back from the cache folder
    assert dataclass_code._known
    reused = make()
    for name in GENERATED:
        assert getattr(reused, name).__code__ == getattr(plain, name).__code__, name
        assert getattr(compiled, name).__code__ == getattr(plain, name).__code__, name
    a, b = reused("x", 2, ("t",), {"e": 1}), reused("x", 2, ("t",))
    assert a == b and hash(a) == hash(b) and repr(b) == repr(plain("x", 2, ("t",)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.name = "y"  # type: ignore[misc]
    assert dataclasses.replace(a, count=3).count == 3
    assert [f.name for f in dataclasses.fields(reused)] == ["name", "count", "tags", "extra"]
    assert reused.__slots__ == plain.__slots__ == ("name", "count", "tags", "extra")


def test_a_damaged_entry_is_compiled_again(installed: Path) -> None:
    dataclass_code.install()
    make()
    dataclass_code.save()
    [entry] = (installed / dataclass_code.KIND).glob("*.pickle")
    entry.write_bytes(b"not a pickle")
    dataclass_code._known.clear()
    dataclass_code._installed = False
    dataclass_code.install()
    assert not dataclass_code._known
    node = make()
    assert node("n") == node("n")
    dataclass_code.save()
    assert isinstance(pickle.loads(entry.read_bytes()), dict)


def test_only_the_program_reuses_code(tmp_path: Path) -> None:
    """Importing the package, or calling main with arguments, leaves dataclasses alone;
    the program (twice: compiling, then reusing) checks as before."""
    from munchkin_dsl.cli import main

    with pytest.raises(SystemExit):
        main(["check", str(SAMPLE)])
    assert not hasattr(dataclasses, "exec")
    env = {**os.environ, "PYTHONPATH": str(REPO), "MUNCHKIN_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-m", "munchkin_dsl", "check", str(SAMPLE),
                            "--format", "json"], capture_output=True, env=env, timeout=120)
            for _ in range(2)]
    assert runs[0].returncode == runs[1].returncode == 0
    assert runs[0].stdout == runs[1].stdout and runs[0].stderr == runs[1].stderr
    assert len(list((tmp_path / dataclass_code.KIND).glob("*.pickle"))) == 1


def make_attrs() -> type:
    import attrs

    @attrs.define(frozen=True)
    class Message:
        uri: str
        line: int = 0
        tags: tuple[str, ...] = ()
    return Message


def test_an_attrs_class_built_with_kept_code_is_the_class_attrs_builds(
        installed: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The language server's attrs classes (lsprotocol's): the same methods, reused."""
    from attr import _make

    plain = make_attrs()
    dataclass_code.install_attrs()  # not the program yet: attrs is left alone
    assert "compile" not in vars(_make)
    dataclass_code.install()
    monkeypatch.setattr(_make, "compile", compile, raising=False)  # undone after the test
    dataclass_code.install_attrs()
    assert vars(_make)["compile"] is dataclass_code._compile
    compiled = make_attrs()
    dataclass_code.save()
    dataclass_code._known.clear()
    dataclass_code._installed = False
    dataclass_code.install()
    assert any(key.startswith("<attrs generated") for key in dataclass_code._known)
    reused = make_attrs()
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__"):
        for cls in (compiled, reused):
            code, want = getattr(cls, name).__code__, getattr(plain, name).__code__
            assert (code.co_code, code.co_consts, code.co_flags) == (
                want.co_code, want.co_consts, want.co_flags), name
    a = reused("file:///a", 2, ("t",))
    assert a == reused("file:///a", 2, ("t",)) and hash(a) == hash(reused("file:///a", 2,
                                                                             ("t",)))
    assert repr(a) == repr(plain("file:///a", 2, ("t",)))
    assert reused.__init__.__annotations__ == plain.__init__.__annotations__
