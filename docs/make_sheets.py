"""Regenerate the sheet images shown in the README: one printed A4 sheet per language.

Prints a sample pack with ``munchkin print`` and rasterises its first page with pdfium,
so the pictures are exactly what a user gets.  Run after a change to the card design:

    python docs/make_sheets.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium

ROOT = Path(__file__).resolve().parents[1]
#: language -> (pack, output image)
SHEETS = {
    "en": ("packs/munchkin-1.6", "docs/sheet-en.png"),
    "ru": ("packs/star-munchkin", "docs/sheet-ru.png"),
    "pl": ("packs/munchkin-apocalypse", "docs/sheet-pl.png"),
}
DPI = 100


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for lang, (pack, image) in SHEETS.items():
            pdf = Path(tmp) / f"{lang}.pdf"
            subprocess.run([sys.executable, "-m", "munchkin_dsl", "print", str(ROOT / pack),
                            "--lang", lang, "-o", str(pdf)], check=True)
            document = pdfium.PdfDocument(str(pdf))
            document[0].render(scale=DPI / 72).to_pil().convert("RGB").save(ROOT / image)
            document.close()
            print(f"wrote {image}")


if __name__ == "__main__":
    main()
