"""Golden tests: compiled output compared byte for byte with committed files.

* every pack folder in ``packs/`` compiles to exactly ``tests/golden/<pack>.json`` (the
  ``--pretty`` form, so a change reads as a diff; the compact form holds the same bytes
  but for whitespace, ``test_cli`` checks that);
* every case folder ``tests/golden/cases/<name>/`` holds a ``pack.munch`` (and maybe
  files it includes) plus ``expected.json`` (the engine data, when it compiles) and/or
  ``expected-diagnostics.json`` (``--format json`` diagnostics, when it has any).

After an intended change to the compiler or a pack, regenerate and review the diff:

    python -m tests.test_golden --regenerate        # from the repository root
    UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py

Regeneration also deletes golden files of packs that no longer exist.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from munchkin_dsl.base.diagnostics import render_json
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.engine_data import dumps

REPO = Path(__file__).resolve().parents[1]
PACKS = REPO / "packs"
GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = GOLDEN / "cases"
EXPECTED = "expected.json"
EXPECTED_DIAGNOSTICS = "expected-diagnostics.json"
HOW = ("regenerate with `python -m tests.test_golden --regenerate` "
       "(or UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py) and review the diff")


def updating() -> bool:
    return os.environ.get("UPDATE_GOLDEN", "") not in ("", "0")


def pack_names() -> list[str]:
    if not PACKS.is_dir():
        return []
    return sorted(p.name for p in PACKS.iterdir() if (p / "pack.munch").is_file())


def case_names() -> list[str]:
    if not CASES.is_dir():
        return []
    return sorted(p.name for p in CASES.iterdir() if (p / "pack.munch").is_file())


@contextmanager
def working_folder(path: Path) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(path)
    try:
        yield
    finally:
        os.chdir(before)


def compile_pack_text(name: str) -> str:
    """The engine JSON of packs/<name>; raises AssertionError listing errors if it fails."""
    result = compile_packs([PACKS / name])
    if result.data is None:
        problems = "\n".join(f"  {d.span}: {d.code} {d.message}" for d in result.sink.sorted())
        raise AssertionError(f"packs/{name} does not compile:\n{problems}")
    return dumps(result.data, pretty=True)


def case_outputs(name: str) -> dict[str, str]:
    """File name -> text a case should have; compiled from inside its folder."""
    with working_folder(CASES / name):
        result = compile_packs(["."])
    out: dict[str, str] = {}
    if result.data is not None:
        out[EXPECTED] = dumps(result.data, pretty=True)
    if len(result.sink):
        out[EXPECTED_DIAGNOSTICS] = render_json(result.sink.sorted()) + "\n"
    return out


def _write(path: Path, text: str) -> bool:
    old = path.read_text(encoding="utf-8") if path.is_file() else None
    if old == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))
    return True


def regenerate() -> list[str]:
    """Rewrite every golden file; return the paths that changed (relative to tests/)."""
    changed: list[str] = []
    names = pack_names()
    for name in names:
        if _write(GOLDEN / f"{name}.json", compile_pack_text(name)):
            changed.append(f"golden/{name}.json")
    for stale in sorted(GOLDEN.glob("*.json")):
        if stale.stem not in names:
            stale.unlink()
            changed.append(f"golden/{stale.name} (deleted)")
    for name in case_names():
        outputs = case_outputs(name)
        for file in (EXPECTED, EXPECTED_DIAGNOSTICS):
            path = CASES / name / file
            if file in outputs:
                if _write(path, outputs[file]):
                    changed.append(f"golden/cases/{name}/{file}")
            elif path.exists():
                path.unlink()
                changed.append(f"golden/cases/{name}/{file} (deleted)")
    return changed


def _compare(path: Path, actual: str) -> None:
    if updating():
        _write(path, actual)
        return
    shown = path.relative_to(REPO)
    if not path.is_file():
        pytest.fail(f"no golden file {shown}; {HOW}", pytrace=False)
    expected = path.read_bytes().decode("utf-8")
    if expected != actual:
        import difflib

        diff = "".join(list(difflib.unified_diff(
            expected.splitlines(keepends=True), actual.splitlines(keepends=True),
            str(shown), "compiled now", n=2))[:80])
        pytest.fail(f"{shown} differs from the compiled output; if the change is intended, "
                    f"{HOW}\n{diff}", pytrace=False)


# ---------------------------------------------------------------- tests
def test_there_are_packs_and_cases() -> None:
    assert "munchkin-1.6" in pack_names()
    assert len(case_names()) >= 4


@pytest.mark.parametrize("name", pack_names())
def test_pack_matches_golden(name: str) -> None:
    _compare(GOLDEN / f"{name}.json", compile_pack_text(name))


def test_no_golden_file_without_a_pack() -> None:
    stale = sorted(p.name for p in GOLDEN.glob("*.json") if p.stem not in pack_names())
    if stale and updating():
        for name in stale:
            (GOLDEN / name).unlink()
        return
    assert stale == [], f"golden files for packs that no longer exist: {stale}; {HOW}"


@pytest.mark.parametrize("name", case_names())
def test_case_matches_golden(name: str) -> None:
    outputs = case_outputs(name)
    folder = CASES / name
    for file in (EXPECTED, EXPECTED_DIAGNOSTICS):
        if file in outputs:
            _compare(folder / file, outputs[file])
        elif (folder / file).exists():
            if updating():
                (folder / file).unlink()
            else:
                pytest.fail(f"{folder.relative_to(REPO)}/{file} is expected but the case no "
                            f"longer produces it; {HOW}", pytrace=False)


def test_golden_output_does_not_depend_on_the_working_folder(tmp_path: Path) -> None:
    name = "munchkin-1.6"
    first = compile_pack_text(name)
    with working_folder(tmp_path):
        second = compile_pack_text(name)
    with working_folder(PACKS / name):
        third = compile_pack_text(name)
    assert first == second == third


def main(argv: list[str]) -> int:
    if argv != ["--regenerate"]:
        print("usage: python -m tests.test_golden --regenerate", file=sys.stderr)
        return 2
    changed = regenerate()
    for path in changed:
        print(f"updated tests/{path}")
    print(f"{len(changed)} golden file(s) changed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
