"""Hostile folder layouts and output targets: one smallest reproducer per finding of issue 8.

Reads: every pack file (manifest, include, art, scenario, resolution file) goes through
:func:`munchkin_dsl.base.confine.read_confined`, so a symlink out of the pack, a device, a
FIFO, a folder, a symlink loop or an overlong name is a diagnostic, never a read outside
the pack, a hang or an internal error.  Writes: -o refuses a device, FIFO, folder or
symlink with exit 2, and ``-o -`` writes to standard output.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, SAMPLE, PackWriter, codes

from munchkin_dsl.base.files import (
    STALE_SECONDS,
    Refused,
    UnsafeTarget,
    check_target,
    read_confined,
    write_atomic,
)
from munchkin_dsl.cli import main

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX file types")

SECRET = "TOP-SECRET-LINE do not echo me"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16
GOOD = HEADER + 'race r "R" { +1 to run away }\n'


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert "internal error" not in result.stderr, result.stderr
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """A file outside the pack folder whose content must never be read."""
    path = tmp_path / "outside" / "secret.txt"
    path.parent.mkdir()
    path.write_text(SECRET + "\n", encoding="utf-8")
    return path


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> PackWriter:
    root = tmp_path / "pack"
    root.mkdir()
    monkeypatch.chdir(root)
    writer = PackWriter(root)
    writer.write("pack.munch", GOOD)
    return writer


# ---------------------------------------------------------------- the read function
def test_read_confined_refuses_each_kind_of_file(tmp_path: Path, secret: Path) -> None:
    root = tmp_path / "r"
    root.mkdir()
    (root / "ok.txt").write_text("ok", encoding="utf-8")
    (root / "out").symlink_to(secret)
    (root / "zero").symlink_to("/dev/zero")
    os.mkfifo(root / "fifo")
    (root / "dir").mkdir()
    (root / "loop").symlink_to(root / "loop")
    assert read_confined(root / "ok.txt", root) == b"ok"
    expected = {"out": "E020", "zero": "E020", "fifo": "E021", "dir": "E021", "loop": "E022",
                "x" * 300: "E022", "missing": "E012"}
    for name, code in expected.items():
        with pytest.raises(Refused) as info:
            read_confined(root / name, root)
        assert info.value.code == code, (name, info.value)
    with pytest.raises(Refused) as info:  # a device named directly (not confined)
        read_confined(Path("/dev/zero"), None)
    assert info.value.code == "E021"


def test_read_confined_reads_at_most_the_limit(tmp_path: Path) -> None:
    (tmp_path / "big").write_bytes(b"x" * 1000)
    with pytest.raises(Refused) as info:
        read_confined(tmp_path / "big", tmp_path, limit=999)
    assert info.value.code == "E012"
    assert read_confined(tmp_path / "big", tmp_path, prefix=8) == b"x" * 8


# ---------------------------------------------------------------- pack files
def test_manifest_symlink_outside_the_pack_is_refused_and_not_echoed(
        pack: PackWriter, secret: Path) -> None:
    (pack.root / "pack.munch").unlink()
    (pack.root / "pack.munch").symlink_to(secret)
    code, out, err = invoke("check", pack.root)
    assert code == 1 and "E020" in err and SECRET not in out + err


def test_manifest_fifo_is_refused_without_hanging(pack: PackWriter) -> None:
    (pack.root / "pack.munch").unlink()
    os.mkfifo(pack.root / "pack.munch")
    _, diags = pack.check()
    assert codes(diags) == ["E021"]


def test_manifest_symlink_loop_is_e022(pack: PackWriter) -> None:
    (pack.root / "pack.munch").unlink()
    (pack.root / "pack.munch").symlink_to("pack.munch")
    code, _, err = invoke("check", pack.root)
    assert code == 1 and "[E022]" in err


@pytest.mark.parametrize("make", ["loop", "long", "dev"])
def test_hostile_include_is_a_diagnostic(pack: PackWriter, make: str) -> None:
    name = {"loop": "loop.munch", "long": "a" * 300 + ".munch", "dev": "zero.munch"}[make]
    if make == "loop":
        (pack.root / name).symlink_to(pack.root / name)
    if make == "dev":
        (pack.root / name).symlink_to("/dev/zero")
    pack.write("pack.munch", GOOD + f'include "{name}"\n')
    _, diags = pack.check()
    expected = {"loop": ["E022"], "long": ["E022"], "dev": ["E007"]}[make]
    assert codes(diags) == expected
    assert diags[0].span.line == 3


@pytest.mark.parametrize("make", ["loop", "long", "fifo", "dir", "outside"])
def test_hostile_art_is_a_diagnostic(pack: PackWriter, secret: Path, make: str) -> None:
    name = {"loop": "loop.png", "long": "a" * 300 + ".png", "fifo": "fifo.png",
            "dir": "dir.png", "outside": "link.png"}[make]
    if make == "loop":
        (pack.root / name).symlink_to(pack.root / name)
    elif make == "fifo":
        os.mkfifo(pack.root / name)
    elif make == "dir":
        (pack.root / name).mkdir()
    elif make == "outside":
        (pack.root / name).symlink_to(secret)
    pack.write("pack.munch", HEADER + f'race r "R" {{ art "{name}" }}\n')
    _, diags = pack.check()
    expected = {"loop": "E022", "long": "E022", "fifo": "E021", "dir": "E021",
                "outside": "E120"}[make]
    assert codes(diags) == [expected]


def test_missing_art_lists_the_pack_folder_once(pack: PackWriter,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    from munchkin_dsl.compiler.checks import art

    walks: list[Path] = []
    real = art.os.walk
    monkeypatch.setattr(art.os, "walk", lambda root, **kw: walks.append(root) or real(
        root, **kw))
    pack.write("art/troll.png", PNG)
    pack.write("pack.munch", HEADER + "".join(
        f'race r{i} "R{i}" {{ art "art/trol{i}.png" }}\n' for i in range(5)))
    _, diags = pack.check()
    assert codes(diags) == ["E121"] * 5 and len(walks) == 1
    assert diags[0].hint == "did you mean 'art/troll.png'?"


# ---------------------------------------------------------------- scenario files
def _scenario_pack(pack: PackWriter) -> Path:
    (pack.root / "scenarios").mkdir()
    return pack.root / "scenarios"


@pytest.mark.parametrize("make", ["outside", "zero", "fifo", "dir", "loop"])
def test_hostile_scenario_file_is_refused(pack: PackWriter, secret: Path, make: str) -> None:
    folder = _scenario_pack(pack)
    target = folder / "x.scn"
    if make == "outside":
        target.symlink_to(secret)
    elif make == "zero":
        target.symlink_to("/dev/zero")
    elif make == "fifo":
        os.mkfifo(target)
    elif make == "dir":
        target.mkdir()
    else:
        target.symlink_to(target)
    code, out, err = invoke("test", pack.root)
    expected = {"outside": "E020", "zero": "E020", "fifo": "E021", "dir": "E021",
                "loop": "E022"}[make]
    assert code == 1 and f"[{expected}]" in out + err
    assert SECRET not in out + err


def test_scenario_folder_linked_outside_is_refused(pack: PackWriter, secret: Path) -> None:
    (secret.parent / "a.scn").write_text(f"scenario: {SECRET}\nplayer A: level 1\n",
                                         encoding="utf-8")
    (pack.root / "scenarios").symlink_to(secret.parent)
    code, out, err = invoke("test", pack.root, "--format", "json")
    assert code == 1 and SECRET not in out + err
    assert [d["code"] for d in json.loads(out)["diagnostics"]] == ["E020"]


def test_scenario_file_with_a_bom_is_accepted(pack: PackWriter) -> None:
    folder = _scenario_pack(pack)
    (folder / "a.scn").write_bytes(b"\xef\xbb\xbfscenario: bom\nplayer A: level 3\n"
                                   b"expect A level 3\n")
    code, out, _ = invoke("test", pack.root)
    assert code == 0 and "PASS  bom" in out


# ---------------------------------------------------------------- outputs
@pytest.mark.parametrize("make", ["fifo", "symlink", "dir", "device"])
def test_output_that_is_not_a_regular_file_is_a_usage_error(pack: PackWriter, tmp_path: Path,
                                                            make: str) -> None:
    target = tmp_path / "target"
    real = tmp_path / "real.json"
    real.write_text("keep", encoding="utf-8")
    if make == "fifo":
        os.mkfifo(target)
    elif make == "symlink":
        target.symlink_to(real)
    elif make == "dir":
        target.mkdir()
    else:
        target = Path("/dev/null")
    for command in (["compile", pack.root], ["mix", pack.root],
                    ["print", pack.root, "--mode", "proof"]):
        code, _, err = invoke(*command, "-o", target)
        assert code == 2, (command, err)
        assert str(target) in err and ("link" in err or "FIFO" in err or "folder" in err
                                       or "device" in err)
    assert real.read_text(encoding="utf-8") == "keep"
    if make == "symlink":
        assert target.is_symlink()


def test_write_atomic_refuses_what_a_rename_would_destroy(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    for bad in (tmp_path / "fifo", tmp_path, Path("/dev/null")):
        with pytest.raises(UnsafeTarget):
            write_atomic(bad, "x")
    check_target(tmp_path / "new.json")  # a new path is fine
    write_atomic(tmp_path / "new.json", "x")
    assert (tmp_path / "new.json").read_text(encoding="utf-8") == "x"


def test_dash_writes_to_standard_output(pack: PackWriter) -> None:
    code, out, _ = invoke("compile", pack.root, "-o", "-")
    assert code == 0 and json.loads(out)["cards"][0]["id"] == "r"
    code, out, err = invoke("mix", pack.root, "-o", "-")
    assert code == 0 and json.loads(out)["cards"][0]["id"] == "r"
    result = CliRunner().invoke(main, ["print", str(pack.root), "-o", "-"])
    assert result.exit_code == 0 and result.stdout_bytes.startswith(b"%PDF-")
    code, _, err = invoke("print", pack.root, "-o", "-", "--format", "json")
    assert code == 2 and "standard output" in err


def test_stale_temp_file_of_a_killed_run_is_removed(tmp_path: Path) -> None:
    stale = tmp_path / ".out.json.abc123.tmp"
    stale.write_text("half", encoding="utf-8")
    old = time.time() - STALE_SECONDS - 5
    os.utime(stale, (old, old))
    fresh = tmp_path / ".out.json.def456.tmp"  # maybe another run writing right now
    fresh.write_text("busy", encoding="utf-8")
    write_atomic(tmp_path / "out.json", "{}")
    assert not stale.exists() and fresh.exists()


KILLED_WRITER = """
import sys
from munchkin_dsl.base.files import write_atomic
sys.stdout.write("ready\\n"); sys.stdout.flush()
write_atomic(sys.argv[1], b"x" * (64 * 1024 * 1024))
"""


@pytest.mark.parametrize("delay", [0.05, 0.3])
def test_kill_during_a_write_leaves_no_temp_file_and_no_half_output(
        tmp_path: Path, delay: float) -> None:
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(target)],
                            stdout=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert target.read_bytes() in (b"old", b"x" * (64 * 1024 * 1024))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.bin"]


def test_named_temp_file_of_a_killed_writer_is_removed_by_the_next_write(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where O_TMPFILE is missing the temp file has a name; the next run removes it."""
    from munchkin_dsl.base import files as atomic

    monkeypatch.setattr(atomic, "_write_unnamed", lambda *args: False)
    target = tmp_path / "out.bin"
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    dead_pid = proc.pid
    proc.kill()
    proc.wait()
    leftover = tmp_path / f".out.bin.{dead_pid}-abcd1234.tmp"
    leftover.write_bytes(b"half")
    alive = tmp_path / f".out.bin.{os.getpid() + 0}-ffff0000.tmp"  # our own: left alone
    alive.write_bytes(b"busy")
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert not leftover.exists() and alive.exists()


def test_unnamed_temp_file_is_used_where_the_platform_has_it(tmp_path: Path) -> None:
    from munchkin_dsl.base import files as atomic

    if not hasattr(os, "O_TMPFILE"):
        pytest.skip("no O_TMPFILE on this platform")
    assert atomic._write_unnamed(tmp_path, tmp_path / "x", atomic._pieces(b"data")) is True
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x"]


def test_an_output_written_in_pieces_is_whole_by_either_way(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """compile writes its JSON in pieces; the named-file way (no O_TMPFILE) asks for the
    pieces again and writes the same bytes."""
    from munchkin_dsl.base import files as atomic

    def pieces() -> list[str]:
        return ["{", '"a": "\u00e9\u0436"', "}\n"]

    write_atomic(tmp_path / "one.json", pieces)
    monkeypatch.setattr(atomic, "_write_unnamed", lambda *args: False)
    write_atomic(tmp_path / "two.json", pieces)
    expected = "".join(pieces()).encode("utf-8")
    assert (tmp_path / "one.json").read_bytes() == (tmp_path / "two.json").read_bytes() == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.json", "two.json"]


def test_sample_pack_still_reads_through_the_confinement() -> None:
    code, _, err = invoke("check", SAMPLE)
    assert code == 0, err
