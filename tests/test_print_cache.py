"""`print` through the build cache: a cached print writes and says what a cold one does.

Each test runs the real command in a subprocess with its own cache folder and compares
the answer with a ``--no-cache`` run, byte for byte; a change to anything the PDF depends
on (a card, its art, an option, the theme) must not be answered from the cache.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

HEADER = 'pack p { title "P"; version "1"; ruleset munchkin-1.6; languages en, pl }\n'
CARDS = ('race elf "Elf" {\n  name pl "Elf"\n  +1 to run away\n}\n'
         'monster troll "Net Troll" {\n  name pl "Troll"\n  level 10\n  treasures 3\n'
         '  bad stuff: lose 2 levels\n}\n')


def run(cache: Path, *args: str | Path, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "MUNCHKIN_CACHE_DIR": str(cache), "PYTHONIOENCODING": "utf-8"}
    env.pop("MUNCHKIN_NO_CACHE", None)
    return subprocess.run([sys.executable, "-m", "munchkin_dsl", *map(str, args)], cwd=cwd,
                          capture_output=True, env=env, timeout=120)


def entries(cache: Path) -> list[Path]:
    folder = cache / "runs"
    return sorted(folder.glob("*.pickle")) if folder.is_dir() else []


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    root = tmp_path / "pack"
    root.mkdir()
    (root / "pack.munch").write_text(HEADER + CARDS, encoding="utf-8")
    return root


def printed(cache: Path, pack: Path, out: str, *options: str,
            cwd: Path) -> tuple[subprocess.CompletedProcess[bytes], bytes]:
    proc = run(cache, "print", pack, "-o", out, *options, cwd=cwd)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc, (cwd / out).read_bytes()


def test_second_print_answers_from_the_cache_with_the_same_bytes_and_words(
        pack: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    # A card the font cannot draw all of: the cached run must repeat its P002 warning.
    (pack / "pack.munch").write_text(
        HEADER + CARDS + 'race dragon "Dragon 🐉" {\n  name pl "Smok"\n  +1 to run away\n}\n',
        encoding="utf-8")
    cold, cold_pdf = printed(cache, pack, "a.pdf", cwd=tmp_path)
    assert b"warning[P002]" in cold.stderr
    assert len(entries(cache)) == 1
    (tmp_path / "a.pdf").unlink()
    warm, warm_pdf = printed(cache, pack, "a.pdf", cwd=tmp_path)
    assert warm_pdf == cold_pdf
    assert (warm.stdout, warm.stderr) == (cold.stdout, cold.stderr)
    # Another output file: the same PDF, and the report names the file written.
    other, other_pdf = printed(cache, pack, "b.pdf", "--format", "json", cwd=tmp_path)
    uncached, uncached_pdf = printed(cache, pack, "b.pdf", "--format", "json", "--no-cache",
                                     cwd=tmp_path)
    assert other_pdf == uncached_pdf == cold_pdf
    assert other.stdout == uncached.stdout and b'"output": "b.pdf"' in other.stdout


def test_a_hit_does_not_render(pack: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    printed(cache, pack, "a.pdf", cwd=tmp_path)
    probe = ("import sys\n"
             "from munchkin_dsl.cli import main\n"
             "try:\n"
             f"    main(['print', {str(pack)!r}, '-o', 'c.pdf'])\n"
             "except SystemExit:\n"
             "    pass\n"
             "print('reportlab.pdfgen.canvas' in sys.modules, 'jinja2' in sys.modules, "
             "'munchkin_dsl.language.parser' in sys.modules)\n")
    env = {**os.environ, "MUNCHKIN_CACHE_DIR": str(cache)}
    env.pop("MUNCHKIN_NO_CACHE", None)
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=60)
    assert proc.stdout.split() == ["False", "False", "False"], proc.stderr
    assert (tmp_path / "c.pdf").read_bytes() == (tmp_path / "a.pdf").read_bytes()


@pytest.mark.parametrize("change", ["card", "art", "option", "theme"])
def test_a_change_the_pdf_depends_on_is_not_answered_from_the_cache(
        pack: Path, tmp_path: Path, change: str) -> None:
    cache = tmp_path / "cache"
    theme = tmp_path / "look" / "theme.toml"
    theme.parent.mkdir()
    theme.write_text('[colours]\npaper = "#f4ecd8"\n', encoding="utf-8")
    (pack / "art").mkdir()
    options = ["--theme", str(theme)]
    _, before = printed(cache, pack, "a.pdf", *options, cwd=tmp_path)
    if change == "card":
        (pack / "pack.munch").write_text(HEADER + CARDS.replace("Net Troll", "Web Troll"),
                                         encoding="utf-8")
    elif change == "art":
        Image.new("RGB", (4, 4), (200, 40, 40)).save(pack / "art" / "elf.png")
        text = HEADER + CARDS.replace('+1 to run away', '+1 to run away\n  art "art/elf.png"')
        (pack / "pack.munch").write_text(text, encoding="utf-8")
        _, before = printed(cache, pack, "a.pdf", *options, cwd=tmp_path)  # with the art
        Image.new("RGB", (4, 4), (40, 40, 200)).save(pack / "art" / "elf.png")
    elif change == "option":
        options.append("--no-footer")
    else:
        theme.write_text('[colours]\npaper = "#ffffff"\n', encoding="utf-8")
    warm, after = printed(cache, pack, "a.pdf", *options, cwd=tmp_path)
    cold, fresh = printed(cache, pack, "a.pdf", *options, "--no-cache", cwd=tmp_path)
    assert after == fresh
    assert warm.stderr == cold.stderr
    assert after != before


def test_damaged_entries_are_a_miss(pack: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _, cold = printed(cache, pack, "a.pdf", cwd=tmp_path)
    for entry in entries(cache):
        entry.write_bytes(b"\x80\x05garbage")
    _, again = printed(cache, pack, "a.pdf", cwd=tmp_path)
    assert again == cold


def test_a_print_that_wrote_nothing_is_not_stored(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    root = tmp_path / "odd"
    root.mkdir()
    (root / "pack.munch").write_text(
        HEADER + 'race dragon "Dragon 🐉" {\n  name pl "Smok"\n  +1 to run away\n}\n',
        encoding="utf-8")
    proc = run(cache, "print", root, "-o", "odd.pdf", "--strict", cwd=tmp_path)
    assert proc.returncode == 1 and b"error[P002]" in proc.stderr
    assert not (tmp_path / "odd.pdf").exists()
    assert [e for e in entries(cache) if b"PrintEntry" in e.read_bytes()] == []
    again = run(cache, "print", root, "-o", "odd.pdf", "--strict", cwd=tmp_path)
    assert (again.returncode, again.stderr) == (proc.returncode, proc.stderr)
