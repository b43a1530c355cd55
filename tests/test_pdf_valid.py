"""Every sample pack's PDFs are valid for a print shop: qpdf and Poppler accept them.

A print service's preflight runs tools like these; a file they warn about may be
rejected or printed without its transparency.  Checked here, per pack and per declared
language, on the files `munchkin print` writes (sheets with backs, and shop pages):

* ``qpdf --check`` finds no syntax or stream error and prints no warning;
* Poppler (``pdftoppm``) renders every page without a syntax error or warning;
* ``pdffonts`` lists only embedded, subset fonts;
* shop pages carry a TrimBox inside a BleedBox (``pdfinfo -box``).

The binaries come from Debian's qpdf and poppler-utils (installed by .ci/run).  Without
them the tests skip locally, but fail when ``CI=true``, so CI cannot pass by skipping.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import sample_packs

TOOLS = ("qpdf", "pdftoppm", "pdffonts", "pdfinfo")
MISSING = [tool for tool in TOOLS if shutil.which(tool) is None]


def _require_tools() -> None:
    if not MISSING:
        return
    message = (f"{', '.join(MISSING)} not installed (Debian: apt-get install qpdf "
               "poppler-utils)")
    if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
        pytest.fail(f"CI=true but {message}")
    pytest.skip(message)


def _languages(pack: Path) -> list[str]:
    header = (pack / "pack.munch").read_text(encoding="utf-8")
    match = re.search(r"^\s*languages\s+(.+)$", header, re.MULTILINE)
    assert match, f"{pack} declares no languages"
    return [code.strip() for code in match.group(1).split(",")]


CASES = [(pack, lang) for pack in sample_packs() for lang in _languages(pack)]


def _print(pack: Path, out: Path, *args: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "munchkin_dsl", "print", str(pack), "-o",
                           str(out), *args], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


def _tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), capture_output=True, text=True, timeout=300)


def _assert_valid(pdf: Path, tmp: Path) -> None:
    check = _tool("qpdf", "--check", str(pdf))
    assert check.returncode == 0, check.stdout + check.stderr  # 3 = warnings, 2 = errors
    assert "No syntax or stream encoding errors found" in check.stdout
    assert "WARNING" not in (check.stdout + check.stderr).upper()
    render = _tool("pdftoppm", "-r", "12", "-png", str(pdf), str(tmp / "page"))
    assert render.returncode == 0, render.stderr
    assert render.stderr == "", render.stderr  # Poppler reports "Syntax Error: ..." here
    assert list(tmp.glob("page*.png")), "Poppler rendered no page"
    fonts = _tool("pdffonts", str(pdf))
    assert fonts.returncode == 0 and fonts.stderr == "", fonts.stderr
    rows = fonts.stdout.splitlines()[2:]
    assert rows, "no fonts listed"
    for row in rows:
        name, *_rest = row.split()
        emb, sub = row.split()[-5:-3]
        assert (emb, sub) == ("yes", "yes"), f"font {name} not embedded and subset: {row}"
        assert re.match(r"[A-Z]{6}\+", name), f"font {name} has no subset tag"


@pytest.mark.parametrize(("pack", "lang"), CASES, ids=[f"{p.name}-{lang}" for p, lang in CASES])
def test_sample_pack_pdf_passes_qpdf_and_poppler(pack: Path, lang: str, tmp_path: Path) -> None:
    _require_tools()
    out = tmp_path / "cards.pdf"
    _print(pack, out, "--lang", lang, "--backs")
    _assert_valid(out, tmp_path)


def _boxes(pdf: Path) -> dict[str, tuple[float, ...]]:
    info = _tool("pdfinfo", "-box", "-l", "1", str(pdf))
    assert info.returncode == 0, info.stderr
    boxes = {}
    for line in info.stdout.splitlines():
        match = re.match(r"(?:Page\s+\d+\s+)?(\w+Box):\s+([\d.\s]+)$", line)
        if match:
            boxes[match.group(1)] = tuple(float(v) for v in match.group(2).split())
    return boxes


def test_shop_pdf_is_valid_with_trim_and_bleed_boxes(tmp_path: Path) -> None:
    _require_tools()
    pack = sample_packs()[0]
    out = tmp_path / "shop.pdf"
    _print(pack, out, "--mode", "shop")
    _assert_valid(out, tmp_path)
    boxes = _boxes(out)
    trim, bleed, media = boxes["TrimBox"], boxes["BleedBox"], boxes["MediaBox"]
    three_mm = 3 * 72 / 25.4
    assert trim[0] - bleed[0] == pytest.approx(three_mm, abs=0.05)
    assert bleed[2] - trim[2] == pytest.approx(three_mm, abs=0.05)
    assert bleed[2] <= media[2] and bleed[3] <= media[3]


def test_themed_pdf_is_valid_and_differs_in_fonts_and_colours(tmp_path: Path) -> None:
    """The shipped theme: valid PDF, its fonts embedded (not DejaVu), its colours drawn."""
    _require_tools()
    from reportlab.lib.rl_accel import fp_str

    from munchkin_dsl.render.style import hex_colour

    pack = sample_packs()[0]
    plain, themed = tmp_path / "plain.pdf", tmp_path / "themed.pdf"
    _print(pack, plain, "--backs")
    _print(pack, themed, "--backs", "--theme", "tavern")
    _assert_valid(themed, tmp_path)
    assert plain.read_bytes() != themed.read_bytes()
    fonts = _tool("pdffonts", str(themed)).stdout
    assert "PTSans-Bold" in fonts and "PTSans-Regular" in fonts, fonts
    assert "DejaVu" not in fonts, fonts
    expanded = tmp_path / "themed-qdf.pdf"
    assert _tool("qpdf", "--qdf", "--object-streams=disable", str(themed),
                 str(expanded)).returncode == 0
    door_frame = fp_str(*hex_colour("#2f4a3a")) + " rg"  # tavern.toml [colours.door] frame
    assert door_frame.encode() in expanded.read_bytes()
