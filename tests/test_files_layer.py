"""Every read and write of the package goes through :mod:`munchkin_dsl.base.files`.

Issue 20: the language server and newer commands read files their own way (a scenario
symlinked to /etc/passwd, a FIFO, /dev/zero), and ``fmt`` rewrote read-only files.  The
fix is one file layer; this test keeps it the only one.  It scans the syntax tree of every
module for the ways Python opens, reads, writes, renames or removes a file and fails on
any outside the layer, except the short list below, each with its reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "munchkin_dsl"
LAYER = PACKAGE / "base" / "files.py"

#: calls that open, read or change a file by name (module function or method name)
FUNCTIONS = {("os", "open"), ("os", "fdopen"), ("io", "open"), ("codecs", "open"),
             ("os", "replace"), ("os", "rename"), ("os", "remove"), ("os", "unlink"),
             ("shutil", "copy"), ("shutil", "copyfile"), ("shutil", "move"),
             ("shutil", "rmtree"), ("tempfile", "mkstemp"), ("tempfile", "mkdtemp"),
             ("tempfile", "NamedTemporaryFile"), ("Image", "open")}
METHODS = {"read_text", "read_bytes", "write_text", "write_bytes", "open", "unlink",
           "rename", "touch"}  # (not "replace": str and dataclasses have one; os.replace is caught)

#: (module path, call) -> why it may bypass the layer.  Package data (read through
#: ``importlib.resources.files(...)``) is exempt without a listing: it ships with the
#: package, it is not user input.
ALLOWED: dict[tuple[str, str], str] = {
    ("language/parser.py", "read_text"):
        "the grammar file shipped in the package, read when importlib.resources cannot",
    ("base/rulesets/__init__.py", "read_text"):
        "a ruleset's TOML shipped in the package (an importlib.resources entry)",
    ("engine/deck_model.py", "read_text"):
        "a ruleset's deck model TOML shipped in the package (an importlib.resources entry)",
    ("engine/deck_model.py", "write_text"):
        "the filler pack simulate generates, written into its own temporary folder",
    ("site/build.py", "read_text"):
        "the listing export_png just wrote into the build's own temporary folder",
    ("site/build.py", "read_bytes"):
        "the faces export_png just wrote into the build's own temporary folder, and the "
        "site's static files shipped in the package",
    ("tools/write_docs_tables.py", "read_text"):
        "a developer script: reads docs/language.md of the checkout",
    ("tools/write_docs_tables.py", "write_text"):
        "a developer script: writes the generated tables into docs/language.md",
    ("commands/lsp.py", "open"):
        "standard input's descriptor, duplicated for the language server's frame reader "
        "(no file by name)",
}


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _package_data(node: ast.expr) -> bool:
    """Whether ``node`` is a chain starting at ``resources.files(...)``."""
    while isinstance(node, (ast.Attribute, ast.Call)):
        if isinstance(node, ast.Call):
            if _name(node.func) == "files" and isinstance(node.func, ast.Attribute) \
                    and _name(node.func.value) == "resources":
                return True
            node = node.func
        else:
            node = node.value
    return False


def file_calls(source: str) -> list[tuple[int, str]]:
    """(line, call) of every way of touching a file in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "open":
            found.append((node.lineno, "open"))
        elif isinstance(func, ast.Attribute):
            owner = _name(func.value)
            if (owner, func.attr) in FUNCTIONS:
                found.append((node.lineno, f"{owner}.{func.attr}"))
            elif func.attr in METHODS and owner not in ("os", "shutil", "tempfile") \
                    and not _package_data(func.value) and not isinstance(func.value, ast.Constant):
                found.append((node.lineno, func.attr))
    return found


def test_the_scan_finds_every_way_of_opening_a_file() -> None:
    """The scanner itself: each form is caught, package data is not."""
    sample = "\n".join([
        "open('x')", "os.open('x', 0)", "Path('x').read_text()", "p.write_bytes(b'')",
        "Image.open(io)", "os.replace('a', 'b')", "shutil.rmtree('x')", "p.open('rb')",
        "resources.files('m').joinpath('t.toml').read_text()", "'a'.replace('b', 'c')",
    ])
    assert [call for _, call in file_calls(sample)] == [
        "open", "os.open", "read_text", "write_bytes", "Image.open", "os.replace",
        "shutil.rmtree", "open"]


def test_no_module_opens_a_file_outside_the_file_layer() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == LAYER:
            continue
        rel = path.relative_to(PACKAGE).as_posix()
        for line, call in file_calls(path.read_text(encoding="utf-8")):
            if (rel, call) not in ALLOWED:
                offenders.append(f"{rel}:{line}: {call}")
    assert not offenders, ("read and write files through munchkin_dsl.base.files:\n"
                           + "\n".join(offenders))


def test_every_allowance_is_still_needed() -> None:
    """An allow-list entry whose call is gone must go too (the list only shrinks)."""
    used = {(path.relative_to(PACKAGE).as_posix(), call) for path in PACKAGE.rglob("*.py")
            for _, call in file_calls(path.read_text(encoding="utf-8"))}
    assert set(ALLOWED) <= used


def test_a_replaced_folder_is_all_or_nothing_and_a_killed_stage_is_cleared(tmp_path: Path) -> None:
    """`munchkin import` and `munchkin site` replace a whole folder through the file layer:
    a failure before the swap leaves the old folder as it was, and the stage a killed run
    left behind (its writer's pid gone) is removed by the next run."""
    from munchkin_dsl.base.files import replacement_folder, swap_in, write_files

    target = tmp_path / "pack"
    target.mkdir()
    (target / "old.munch").write_text("old")
    killed = tmp_path / ".pack.999999999-dead.tmp"
    killed.mkdir()
    (killed / "half.munch").write_text("half")
    try:
        with replacement_folder(target, keep_from_old=True) as stage:
            write_files(stage, {"new.munch": "new"})
            raise RuntimeError("failed half-way")
    except RuntimeError:
        pass
    assert sorted(p.name for p in target.iterdir()) == ["old.munch"]
    assert not killed.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["pack"]
    with replacement_folder(target, keep_from_old=True) as stage:
        write_files(stage, {"sub/new.munch": "new"})
        swap_in(stage, target)
    assert sorted(p.relative_to(target).as_posix() for p in target.rglob("*.munch")) == [
        "old.munch", "sub/new.munch"]
    assert [p.name for p in tmp_path.iterdir()] == ["pack"]


def test_a_target_name_with_glob_characters_cleans_only_its_own_leftovers(tmp_path: Path) -> None:
    """A pack named `**x` was an internal error (found by the long fuzz run of `new`), and
    a target named `a*` would have taken another file's leftover for its own."""
    from munchkin_dsl.base.files import write_atomic

    other = tmp_path / ".ab.999999999-dead.tmp"
    other.write_text("another file's leftover")
    write_atomic(tmp_path / "a*", "x")
    write_atomic(tmp_path / "**x", "y")
    assert other.exists()
    assert (tmp_path / "a*").read_text() == "x" and (tmp_path / "**x").read_text() == "y"


def test_a_path_no_file_can_have_is_inside_nothing() -> None:
    """An unpaired surrogate from a JSON replay (`"packs": ["a\\udb99"]`) was an internal
    error when resolved (found by the long fuzz run of `replay`)."""
    from munchkin_dsl.base.files import is_inside, nameable

    assert not nameable("a\udb99") and not nameable("a\x00b") and nameable("Эльф/ß")
    assert not is_inside(Path("a\udb99"), Path.cwd())
    assert not is_inside(Path("a\udb99"), None)


def test_a_deck_model_is_looked_up_only_for_a_ruleset() -> None:
    """A replay's ruleset name reached the deck-model file lookup: 300 letters were an
    internal error (file name too long), `../x` a path; now both are 'no deck model'."""
    import pytest

    from munchkin_dsl.engine.deck_model import DeckModelError, load_model

    for name in ("a" * 300, "../rulesets/munchkin-1.6", "x\udb99"):
        with pytest.raises(DeckModelError):
            load_model(name)
    assert load_model("munchkin-1.6").categories
