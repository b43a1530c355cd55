"""Issue 20, hostile input round two: one regression test per numbered problem.

Each test names the problem it pins down (``# problem N``); each failed before the
fix (the issue's reproducer) and passes after it.  The language server's problems
(1, 2, 5, 10) are in tests/test_lsp_hostile.py.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO

from munchkin_dsl.cli import main

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX file types")
REPLAY = REPO / "tests" / "replays" / "replay-munchkin-1.6-12-0.json"
SECRET = "root:x:0:0:SECRET-LINE"


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert "internal error" not in result.stderr, result.stderr
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    path = tmp_path / "outside" / "passwd"
    path.parent.mkdir()
    path.write_text(SECRET + "\n")
    return path


# ------------------------------------------------------------------ problem 3: replay
def _replay_with(tmp_path: Path, **fields: object) -> Path:
    doc = json.loads(REPLAY.read_text(encoding="utf-8"))
    doc.update(fields)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_replay_does_not_read_a_pack_outside_the_working_folder(  # problem 3
        tmp_path: Path, secret: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    for pack in (str(secret), "../outside/passwd", "/proc/self/environ"):
        code, out, err = invoke("replay", _replay_with(work, packs=[pack]))
        assert code == 2 and "outside" in err
        assert SECRET not in out + err


def test_replay_file_symlinked_out_of_its_folder_is_refused(  # problem 3
        tmp_path: Path, secret: Path) -> None:
    link = tmp_path / "r.json"
    link.symlink_to(secret)
    code, out, err = invoke("replay", link)
    assert code == 2 and SECRET not in out + err
    (tmp_path / "env.json").symlink_to("/proc/self/environ")
    code, out, err = invoke("replay", tmp_path / "env.json")
    assert code == 2 and "PATH=" not in out + err


@pytest.mark.parametrize("fields", [
    {"packs": "packs/munchkin-1.6"}, {"packs": [1]}, {"seed": [1]}, {"seed": ["a", 1]},
    {"seed": [-1, 0]}, {"players": "4"}, {"players": 4.5}, {"optional_rules": [None]},
    {"actions": {"a": 1}}, {"winners": [1]}, {"failure": 3}, {"ruleset": 7},
    {"players": 10 ** 30}, {"seed": [2 ** 70, 0]},
])
def test_edited_replay_fields_are_usage_errors_not_crashes(  # problem 11
        tmp_path: Path, fields: dict[str, object], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    code, _, err = invoke("replay", _replay_with(tmp_path, **fields))
    assert code == 2, err


# ------------------------------------------------------------------ problem 8: fmt
MESSY = 'race   r "R"   {  }\n'


def test_fmt_leaves_a_read_only_file_alone_and_says_so(tmp_path: Path) -> None:  # problem 8
    ro = tmp_path / "ro.munch"
    ro.write_text(MESSY)
    ro.chmod(0o444)
    code, _, err = invoke("fmt", tmp_path)
    assert ro.read_text() == MESSY and stat.S_IMODE(ro.stat().st_mode) == 0o444
    assert code == 1 and "read-only" in err


def test_fmt_keeps_the_file_mode(tmp_path: Path) -> None:  # problem 8
    own = tmp_path / "own.munch"
    own.write_text(MESSY)
    own.chmod(0o600)
    code, _, err = invoke("fmt", own)
    assert code == 0, err
    assert own.read_text() != MESSY and stat.S_IMODE(own.stat().st_mode) == 0o600


def test_fmt_of_a_folder_with_symlinks_formats_every_real_file(  # problem 11
        tmp_path: Path, secret: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    for name in ("a.munch", "z.munch"):
        (pack / name).write_text(MESSY)
    (pack / "b-alias.munch").symlink_to("z.munch")
    (pack / "c-evil.munch").symlink_to(secret)
    code, out, err = invoke("fmt", pack)
    assert (pack / "a.munch").read_text() != MESSY
    assert (pack / "z.munch").read_text() != MESSY          # after the links, still done
    assert (pack / "b-alias.munch").is_symlink() and (pack / "c-evil.munch").is_symlink()
    assert secret.read_text() == SECRET + "\n" and SECRET not in out + err
    assert code == 1 and "E020" in err


# ------------------------------------------------------------------ problems 11, 12: new
@pytest.mark.parametrize("name", ["a" * 300, "dangling", "/proc/self/x",
                                  "x\x1b]0;pwned\x07y"])
def test_new_refuses_impossible_folders_with_a_usage_error(  # problems 11, 12
        tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dangling").symlink_to("nowhere")
    code, out, err = invoke("new", name, "--ruleset", "munchkin-1.6")
    assert code == 2 and err.startswith("error:")
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert len(err) < 400
    assert not (tmp_path / "nowhere").exists()


def test_new_writes_the_whole_pack_or_nothing(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = invoke("new", "my-pack", "--ruleset", "munchkin-1.6")
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["my-pack"]
    assert (tmp_path / "my-pack" / "scenarios" / "cards.scn").is_file()


# ------------------------------------------------------------------ problem 6: limits
class _FirstGame(Exception):
    pass


def test_simulate_starts_the_first_game_before_allocating_per_game(  # problem 6
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`simulate -n 100000000` built a list of every seed (and result) first: 2.9 GB."""
    import tracemalloc

    from munchkin_dsl.engine import simulate as sim

    def first_game(*args: object, **kwargs: object) -> None:
        raise _FirstGame

    monkeypatch.setattr(sim, "play_one", first_game)
    tracemalloc.start()
    try:
        with pytest.raises(_FirstGame):
            sim.simulate([], None, 2_000_000, 4, 1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024, f"{peak / 1e6:.0f} MB before the first game"


def test_a_scenario_seats_no_more_players_than_its_ruleset(  # problem 6
        tmp_path: Path) -> None:
    import shutil

    from munchkin_dsl.base.rulesets import load_ruleset

    pack = tmp_path / "pack"
    shutil.copytree(REPO / "packs" / "munchkin-1.6", pack,
                    ignore=shutil.ignore_patterns("scenarios", "art"))
    (pack / "scenarios").mkdir()
    most = load_ruleset("munchkin-1.6").players[1]
    people = "".join(f"player P{i}: level 1\n" for i in range(most + 1))
    (pack / "scenarios" / "crowd.scn").write_text(
        f'scenario: a crowd\n{people}expect P0 level 1\n', encoding="utf-8")
    code, out, err = invoke("test", pack, "--format", "json")
    assert code == 1
    assert f"seats at most {most}" in out


# ------------------------------------------------------------------ problems 4, 7: art
def _png_header(width: int, height: int) -> bytes:
    import struct
    import zlib

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk
            + struct.pack(">I", zlib.crc32(chunk)) + b"\x00" * 64)


def _art_pack(tmp_path: Path, art: str) -> Path:
    pack = tmp_path / "pack"
    pack.mkdir(exist_ok=True)
    text = (REPO / "tests" / "fuzz_print_pack" / "pack.munch").read_text(encoding="utf-8")
    (pack / "pack.munch").write_text(
        text.replace("  level 10\n", f'  level 10\n  art "{art}"\n', 1), encoding="utf-8")
    return pack


def test_an_image_declaring_huge_dimensions_is_refused_before_decoding(  # problem 4
        tmp_path: Path) -> None:
    pack = _art_pack(tmp_path, "bomb.png")
    (pack / "bomb.png").write_bytes(_png_header(13_000, 13_000))
    code, out, _ = invoke("check", pack, "--format", "json")
    found = [d for d in json.loads(out)["diagnostics"] if d["code"] == "E123"]
    assert code == 1 and found and "bomb.png" in found[0]["message"]
    assert "13000×13000" in found[0]["message"]
    code, _, err = invoke("print", pack, "-o", tmp_path / "out.pdf")
    assert code == 1 and "E123" in err and not (tmp_path / "out.pdf").exists()


def test_the_print_path_refuses_a_bomb_even_without_the_check(tmp_path: Path) -> None:
    from munchkin_dsl.base.files import Refused
    from munchkin_dsl.base.images import declared_size, read_art

    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(_png_header(13_000, 13_000))
    with pytest.raises(Refused) as refused:
        read_art(bomb)
    assert refused.value.code == "E123"
    jpeg = (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
            b"\xff\xc0\x00\x11\x08\x04\x1a\x02\xee\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01")
    assert declared_size(jpeg) == (750, 1050)
    assert declared_size(b"GIF89a\x10\x00\x20\x00") == (16, 32)


def test_art_did_you_mean_compares_a_bounded_number_of_names(  # problem 7
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from munchkin_dsl.compiler.checks import art

    pack = _art_pack(tmp_path, "art/d7/trol-7-3.png")
    for d in range(12):
        folder = pack / "art" / f"d{d}"
        folder.mkdir(parents=True)
        for f in range(300):
            (folder / f"troll-{d}-{f}.png").touch()
    pools: list[int] = []
    real = art.nearest

    def counting(name: str, pool: list[str], n: int = 3) -> list[str]:
        pools.append(len(pool))
        return real(name, pool, n)

    monkeypatch.setattr(art, "nearest", counting)
    monkeypatch.setattr(art, "MAX_INDEXED", 1_000)
    monkeypatch.setattr(art, "MAX_CANDIDATES", 500)
    code, out, _ = invoke("check", pack, "--format", "json")
    missing = [d for d in json.loads(out)["diagnostics"] if d["code"] == "E121"]
    assert missing and "art/d7/troll-7-3.png" in missing[0]["hint"]
    assert pools and max(pools) <= 500


# ------------------------------------------------------------------ problem 12: terminal
HEAD = 'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'


def test_a_control_character_in_a_card_name_is_a_warning(tmp_path: Path) -> None:  # 12
    pack = tmp_path / "pack.munch"
    pack.write_text(HEAD + 'race r "R\x1b]0;pwned\x07" { }\n', encoding="utf-8")
    code, out, err = invoke("check", pack)
    assert code == 0 and "W035" in out + err
    assert "\x1b" not in out + err and "\x07" not in out + err


def test_an_include_cycle_is_reported(tmp_path: Path) -> None:  # problem 12
    (tmp_path / "pack.munch").write_text(HEAD + 'include "a.munch"\n', encoding="utf-8")
    (tmp_path / "a.munch").write_text('include "b.munch"\n', encoding="utf-8")
    (tmp_path / "b.munch").write_text('include "a.munch"\nrace r "R" { }\n', encoding="utf-8")
    code, out, _ = invoke("check", tmp_path, "--format", "json")
    cycles = [d for d in json.loads(out)["diagnostics"] if d["code"] == "W009"]
    assert code == 0 and [(d["file"].rsplit("/", 1)[-1], d["line"]) for d in cycles] == [
        ("b.munch", 1)]


def test_an_oversized_resolution_file_is_called_a_resolution_file(  # problem 12
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from munchkin_dsl.mix import resolution

    monkeypatch.setattr(resolution, "MAX_RESOLUTION_BYTES", 1024)
    (tmp_path / "mix.resolve").write_text("# x\n" * 1000)
    code, _, err = invoke("mix", REPO / "packs" / "munchkin-1.6", REPO / "packs" /
                          "star-munchkin", "--resolve", tmp_path / "mix.resolve",
                          "-o", tmp_path / "m.json")
    assert code == 2 and "a resolution file may be at most" in err and "pack" not in \
        err.split("may be at most")[0].split("MiB;")[-1]


def test_one_error_does_not_echo_a_15_kB_line_twice(tmp_path: Path) -> None:  # problem 12
    pack = tmp_path / "pack"
    shutil_copy_pack(pack)
    (pack / "scenarios" / "long.scn").write_text(
        "scenario: long\nplayer A: level 1, " + "q" * 15_000 + "\nexpect A level 1\n",
        encoding="utf-8")
    code, out, err = invoke("test", pack)
    assert code == 1 and "15,0" in out + err
    assert len(out + err) < 4_000


def shutil_copy_pack(pack: Path) -> None:
    import shutil

    pack.mkdir()
    shutil.copy(REPO / "tests" / "fuzz_print_pack" / "pack.munch", pack / "pack.munch")
    (pack / "scenarios").mkdir()


# ------------------------------------------------------------------ problems 9, 11: export
TINY = REPO / "tests" / "fuzz_print_pack"


def test_export_refuses_to_replace_existing_files_without_force(tmp_path: Path) -> None:  # 9
    out = tmp_path / "out"
    out.mkdir()
    (out / "cards.json").write_text("mine")
    code, _, err = invoke("export", "png", TINY, "-o", out, "--dpi", "30")
    assert code == 2 and "--force" in err
    assert sorted(p.name for p in out.iterdir()) == ["cards.json"]
    assert (out / "cards.json").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]      # no staged leftovers
    code, _, err = invoke("export", "png", TINY, "-o", out, "--dpi", "30", "--force")
    assert code == 0, err
    assert (out / "cards.json").read_text() != "mine" and len(list(out.iterdir())) > 2


def test_an_export_that_fails_half_way_leaves_no_partial_set(  # problem 9
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from munchkin_dsl.render import export

    real = export.write_atomic
    written: list[str] = []

    def dies_at_the_fifth(path: Path, data: object, sync: bool = True) -> None:
        if len(written) == 4:
            raise OSError(28, "No space left on device")
        written.append(Path(path).name)
        real(path, data, sync)  # type: ignore[arg-type]

    monkeypatch.setattr(export, "write_atomic", dies_at_the_fifth)
    code, _, err = invoke("export", "png", TINY, "-o", tmp_path / "out", "--dpi", "30")
    assert code == 2 and len(written) == 4
    assert list(tmp_path.iterdir()) == []


def test_a_killed_exports_staged_folder_is_removed_by_the_next(tmp_path: Path) -> None:  # 9
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    left = tmp_path / f".out.{proc.pid}-dead.tmp"
    left.mkdir()
    (left / "a-front.png").write_bytes(b"half")
    code, _, err = invoke("export", "png", TINY, "-o", tmp_path / "out", "--dpi", "30")
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


@pytest.mark.parametrize("name", ["../../x", ".hidden", "a/b", "x\x1b[31m", "n" * 300])
def test_export_tts_name_must_be_a_plain_file_name(tmp_path: Path, name: str) -> None:  # 9
    code, out, err = invoke("export", "tts", TINY, "-o", tmp_path / "out", "--name", name)
    assert code == 2 and "--name" in err and "\x1b" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [
    ["--card-size", "infx10"], ["--card-size", "nanx88"], ["--card-size", "1e9x1e9"],
    ["--card-size", "5x5"], ["--bleed", "nan"], ["--bleed", "inf"], ["--bleed", "-1"],
    ["--bleed", "1e308"], ["--dpi", "nan"],
])
def test_export_numeric_options_are_validated(tmp_path: Path, args: list[str]) -> None:  # 11
    code, _, err = invoke("export", "png", TINY, "-o", tmp_path / "out", *args)
    assert code == 2 and err.startswith("error:"), err
    assert list(tmp_path.iterdir()) == []
