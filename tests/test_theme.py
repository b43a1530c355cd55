"""Theme files: what a theme changes, and how a bad one is reported (P006, no traceback)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import sample_packs

from munchkin_dsl.render.style import DEFAULT_LOOK, hex_colour
from munchkin_dsl.render.theme import ThemeError, load_theme, resolve_theme_path


def _write(tmp: Path, text: str) -> Path:
    path = tmp / "theme.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _problems(path: Path) -> list[tuple[int, int, str]]:
    with pytest.raises(ThemeError) as info:
        load_theme(path)
    return [(d.span.line, d.span.column, d.message) for d in info.value.diagnostics
            if d.span is not None]


def test_shipped_theme_changes_colours_fonts_frame_and_art() -> None:
    theme = load_theme(resolve_theme_path("tavern"))
    assert theme.look.decks["door"][0] == hex_colour("#2f4a3a")
    assert theme.look.paper == hex_colour("#f4ecd8")
    assert (theme.look.frame_mm, theme.look.art_height) == (2.0, 0.46)
    assert theme.fonts["title"][0] == "PT Sans Bold"
    assert theme.fonts["title"][1][:4] == b"\x00\x01\x00\x00"  # a TrueType file


def test_empty_theme_is_the_default_look(tmp_path: Path) -> None:
    theme = load_theme(_write(tmp_path, "# nothing changed\n"))
    assert theme.look == DEFAULT_LOOK
    assert theme.fonts["body"][0] == "DejaVu Sans"


def test_toml_syntax_error_has_its_line_and_column(tmp_path: Path) -> None:
    path = _write(tmp_path, '[colours]\npaper = "#ffffff"\nink = \n')
    [(line, col, message)] = _problems(path)
    assert (line, col) == (3, 7)
    assert message.startswith("theme: not valid TOML")


def test_every_bad_key_is_reported_at_its_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "\n".join([
        "[colours]",
        'paper = "white"',
        "[colours.door]",
        'frame = "#112233"',
        'glow = "#112233"',
        "[frame]",
        "width_mm = 40",
        "[fonts]",
        'title = "Comic Sans"',
        "[sparkles]",
        "x = 1",
    ]) + "\n")
    found = _problems(path)
    assert [(line, col) for line, col, _ in found] == [(10, 2), (2, 1), (5, 1), (7, 1), (9, 1)]
    messages = " | ".join(m for _, _, m in found)
    assert "unknown table [sparkles]" in messages and "'white'" in messages
    assert "unknown key 'glow'" in messages and "frame.width_mm" in messages
    assert "unknown font 'Comic Sans'" in messages


def test_inline_table_problem_points_at_its_key(tmp_path: Path) -> None:
    path = _write(tmp_path, '[colours]\ndoor = { frame = "#112233", title = "red" }\n')
    [(line, col, message)] = _problems(path)
    assert (line, col) == (2, 29) and "colours.door.title" in message


def test_font_outside_the_theme_folder_is_refused(tmp_path: Path) -> None:
    inner = tmp_path / "theme"
    inner.mkdir()
    (tmp_path / "outside.ttf").write_bytes(b"\x00\x01\x00\x00")
    path = _write(inner, '[fonts]\nbody = "../outside.ttf"\n')
    [(line, col, message)] = _problems(path)
    assert (line, col) == (2, 1) and "outside.ttf" in message


def test_a_file_that_is_not_a_truetype_font_is_reported(tmp_path: Path) -> None:
    (tmp_path / "junk.ttf").write_bytes(b"not a font at all" * 10)
    path = _write(tmp_path, '[fonts]\ntitle = "junk.ttf"\n')
    [(line, col, message)] = _problems(path)
    assert (line, col) == (2, 1) and "cannot be embedded" in message


def _print(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "munchkin_dsl", "print", *args],
                          capture_output=True, text=True, timeout=300, cwd=cwd)


def test_cli_reports_a_bad_theme_file_and_writes_nothing(tmp_path: Path) -> None:
    theme = _write(tmp_path, '[colours]\nink = "#12"\n')
    out = tmp_path / "cards.pdf"
    proc = _print(str(sample_packs()[0]), "-o", str(out), "--theme", str(theme))
    assert proc.returncode == 1, proc.stderr
    assert f"{theme}:2:1" in proc.stderr and "P006" in proc.stderr
    assert "Traceback" not in proc.stderr and not out.exists()


def test_cli_unknown_theme_name_is_a_usage_error(tmp_path: Path) -> None:
    proc = _print(str(sample_packs()[0]), "-o", str(tmp_path / "c.pdf"), "--theme", "nope")
    assert proc.returncode == 2 and "tavern" in proc.stderr


def test_theme_toml_next_to_the_pack_is_used(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(sample_packs()[0], pack)
    shutil.copy(resolve_theme_path("tavern"), pack / "theme.toml")
    plain = _print(str(sample_packs()[0]), "-o", str(tmp_path / "plain.pdf"))
    themed = _print(str(pack), "-o", str(tmp_path / "themed.pdf"))
    assert plain.returncode == 0 and themed.returncode == 0, themed.stderr
    assert b"PTSans-Bold" in (tmp_path / "themed.pdf").read_bytes()
    assert b"PTSans" not in (tmp_path / "plain.pdf").read_bytes()
