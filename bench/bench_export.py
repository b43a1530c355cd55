"""Benchmark ``munchkin export png`` and ``export tts`` on N cards (default 1,000).

The cards are a real pack's compiled faces (munchkin-1.6 by default) repeated with
distinct ids.  Baseline, measured in the same run: the bare floor of any rasteriser
built on our PDF, i.e. ``render_pdf`` of the same shop-mode PDF plus pdfium rendering
every page at the same resolution and Pillow encoding it as PNG, with no export logic
(no back sharing, no manifest, no sheets, no atomic writes).  The ratio says what the
export adds on top; the absolute figures say how long a 1,000-card pack takes.

    PYTHONPATH=. python bench/bench_export.py [N] [--pack packs/munchkin-1.6] [--dpi 300]
"""

from __future__ import annotations

import io
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.render import CardFace, PrintOptions, render_pdf
from munchkin_dsl.render.export import ImageSize, export_png, export_tts, tts_card_pixels
from munchkin_dsl.render.fonts import load_fonts


def pack_faces(path: str, n: int) -> list[CardFace]:
    from munchkin_dsl.compiler.api import compile_packs
    from munchkin_dsl.render.from_cards import faces_of_packs

    result = compile_packs([path])
    if result.data is None:
        raise SystemExit(f"{path} has errors; run `munchkin check {path}`")
    base, _ = faces_of_packs(result.packs, result.data.cards, None, ("en", "ru", "pl"))
    return [replace(base[i % len(base)], card_id=f"{base[i % len(base)].card_id}-{i}")
            for i in range(n)]


def floor(faces: list[CardFace], card_mm: tuple[float, float], bleed: float,
          size: tuple[int, int], backs: bool) -> float:
    """render_pdf + pdfium + PNG encode of every face page: the least any export costs."""
    import pypdfium2 as pdfium

    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "f.pdf"
        render_pdf(faces, PrintOptions(mode="shop", card_size_mm=card_mm, bleed_mm=bleed,
                                       backs=backs), path, DiagnosticSink())
        document = pdfium.PdfDocument(str(path))
        step = 2 if backs else 1
        for i in range(0, len(document), step):
            page = document[i]
            scale = size[0] / page.get_size()[0]
            image = page.render(scale=scale).to_pil()
            image.save(io.BytesIO(), format="PNG")
        document.close()
    return time.perf_counter() - t0


def main(n: int, pack: str, dpi: float) -> None:
    faces = pack_faces(pack, n)
    load_fonts()
    card_mm = (56.0, 87.0)
    size = ImageSize(card_mm, 3.0, dpi)
    with tempfile.TemporaryDirectory() as tmp:
        export_png(faces[:5], Path(tmp) / "warm", size, DiagnosticSink())
        t0 = time.perf_counter()
        png = export_png(faces, Path(tmp) / "png", size, DiagnosticSink())
        t1 = time.perf_counter()
        tts = export_tts(faces, Path(tmp) / "tts", card_mm, DiagnosticSink())
        t2 = time.perf_counter()
        png_bytes = sum(p.stat().st_size for p in (Path(tmp) / "png").iterdir())
        tts_bytes = sum(p.stat().st_size for p in (Path(tmp) / "tts").iterdir())
    png_floor = floor(faces, card_mm, 3.0, size.pixels, backs=True)
    tts_floor = floor(faces, card_mm, 0.0, tts_card_pixels(card_mm), backs=True)
    w, h = size.pixels
    print(f"cards: {n} from {pack}")
    print(f"export png : {t1 - t0:6.2f} s  {n / (t1 - t0):6.1f} cards/s  "
          f"{len(png.files)} files of {w}x{h} px ({dpi:g} dpi), {png_bytes / 1e6:.1f} MB")
    print(f"  floor    : {png_floor:6.2f} s  (render_pdf + pdfium + PNG encode of each face)")
    print(f"  ratio    : {(t1 - t0) / png_floor:.2f}x")
    sheets = tts.extra["sheets"]
    print(f"export tts : {t2 - t1:6.2f} s  {n / (t2 - t1):6.1f} cards/s  {len(sheets)} sheets "
          f"of up to 10x7 cards of {tts.size_px[0]}x{tts.size_px[1]} px, {tts_bytes / 1e6:.1f} MB")
    print(f"  floor    : {tts_floor:6.2f} s  (render_pdf + pdfium + PNG encode of each card)")
    print(f"  ratio    : {(t2 - t1) / tts_floor:.2f}x")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=1000, help="cards to export")
    parser.add_argument("--pack", default="packs/munchkin-1.6", help="pack whose cards to use")
    parser.add_argument("--dpi", type=float, default=300.0, help="PNG resolution")
    args = parser.parse_args()
    main(args.n, args.pack, args.dpi)
