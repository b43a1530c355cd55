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
