"""Card images for print services and Tabletop Simulator, rasterised from our own PDF.

Why from the PDF: the card design exists once, in :mod:`.pdf`; rendering a print-shop
PDF (one card per page, bleed around it) and rasterising its pages with pdfium (the
PDF engine of Chrome, via the maintained ``pypdfium2`` binding) gives images that are
the printed cards pixel for pixel, with the same text fitting and the same diagnostics.

Two products:

* :func:`export_png`: one RGB PNG per card face and per card back, with bleed, at a
  chosen resolution (presets for The Game Crafter and MakePlayingCards in
  ``data/export_presets.toml``), plus ``cards.json`` listing every file.
* :func:`export_tts`: Tabletop Simulator deck sheets (at most 10×7 cards and 4096 px a
  side, one set per back design, since a TTS deck has one back) and a saved-object
  JSON whose ``CustomDeck`` entries point at the sheets by a base URL or ``file://``.

The set is all or nothing: built in a temporary folder beside the output folder and moved
into place (:func:`munchkin_dsl.base.files.staged_folder`), so a run killed half-way
leaves no partial set, a run with render errors writes nothing, and an existing file is
replaced only with ``force``.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from munchkin_dsl import data
from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink
from munchkin_dsl.base.files import safe_file_name, staged_folder, write_atomic
from munchkin_dsl.render.faces import CardFace
from munchkin_dsl.render.layout import PrintOptions
from munchkin_dsl.render.style import DECK_STYLE

#: Tabletop Simulator's limits for a custom deck sheet.
TTS_MAX_COLS = 10
TTS_MAX_ROWS = 7
TTS_MAX_PX = 4096
#: Width / height of TTS's standard card model (2.5 × 3.5 in).
TTS_ASPECT = 5 / 7
MM_PER_INCH = 25.4

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ImageSize:
    """A card image: trimmed card and bleed in mm, at ``dpi``."""

    card_mm: tuple[float, float]
    bleed_mm: float
    dpi: float

    @property
    def pixels(self) -> tuple[int, int]:
        w, h = self.card_mm
        return (round((w + 2 * self.bleed_mm) / MM_PER_INCH * self.dpi),
                round((h + 2 * self.bleed_mm) / MM_PER_INCH * self.dpi))

    def largest_dpi(self) -> int:
        """The highest whole dpi at which this card and bleed stay within
        :func:`max_card_pixels` (0 if none does)."""
        w, h = self.card_mm
        area_in = (w + 2 * self.bleed_mm) * (h + 2 * self.bleed_mm) / MM_PER_INCH ** 2
        dpi = math.floor(math.sqrt(max_card_pixels() / area_in))
        while dpi > 0 and math.prod(ImageSize(self.card_mm, self.bleed_mm, dpi).pixels) \
                > max_card_pixels():
            dpi -= 1  # rounding to whole pixels can push the exact bound over by a row
        return dpi

    def check_pixels(self) -> None:
        """ValueError (naming the options and the largest dpi that fits) when one card
        image would exceed :func:`max_card_pixels`: that bounds export's memory, as a
        card is rasterised whole."""
        w, h = self.pixels
        if w * h <= max_card_pixels():
            return
        raise ValueError(
            f"--card-size {self.card_mm[0]:g}x{self.card_mm[1]:g} with --bleed "
            f"{self.bleed_mm:g} at --dpi {self.dpi:g} makes {w}×{h} px per card, over the "
            f"limit of {max_card_pixels() / 1e6:g} million pixels; the largest --dpi for "
            f"this size and bleed is {self.largest_dpi()}")


def max_card_pixels() -> int:
    """The most pixels one exported card image may have (``card_image_px`` in
    data/print_limits.toml); rasterising holds about 7 bytes a pixel at once."""
    return int(data.load("print_limits")["card_image_px"]["max"])


def presets() -> dict[str, dict[str, Any]]:
    """Print-service image sizes by name (``tgc``, ``mpc``), from the data file."""
    return data.load("export_presets")


def preset_size(name: str) -> ImageSize:
    entry = presets()[name]
    w, h = entry["card_mm"]
    return ImageSize((float(w), float(h)), float(entry["bleed_mm"]), float(entry["dpi"]))


@dataclass
class ExportReport:
    """What an export wrote, for the command's report (``--format json``)."""

    output: str
    written: bool
    files: list[str] = field(default_factory=list)
    cards: int = 0
    size_px: tuple[int, int] = (0, 0)
    problems: tuple[Diagnostic, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"output": self.output, "written": self.written, "cards": self.cards,
                "size_px": list(self.size_px), "files": self.files,
                "problems": [d.to_json() for d in self.problems], **self.extra}


def _render_pages(faces: Sequence[CardFace], card_mm: tuple[float, float], bleed_mm: float,
                  sink: DiagnosticSink, min_font: float, strict: bool,
                  *, use: Callable[[Any], None]) -> tuple[bool, tuple[Diagnostic, ...]]:
    """Render ``faces`` as a shop-mode PDF with backs and hand pdfium's document to ``use``.

    Page ``2i`` is card ``i``'s face, page ``2i + 1`` its back.  Returns (ok, problems).
    """
    import pypdfium2 as pdfium

    from munchkin_dsl.render.pdf import render_pdf

    options = PrintOptions(mode="shop", card_size_mm=card_mm, bleed_mm=bleed_mm, backs=True,
                           min_font_pt=min_font, strict=strict)
    with tempfile.TemporaryDirectory(prefix="munchkin-export-") as tmp:
        path = Path(tmp) / "cards.pdf"
        report = render_pdf(faces, options, path, sink)
        if not report.written:
            return False, report.problems
        document = pdfium.PdfDocument(str(path))
        try:
            use(document)
        finally:
            document.close()
    return True, report.problems


def _rasterise(page: Any, size: tuple[int, int]) -> Any:
    """One PDF page as an RGB PIL image of exactly ``size`` pixels.

    pdfium rounds the bitmap size up, so the scale is chosen a hair under the exact one
    and the odd pixel of rounding is made up by a resize (never more than one pixel).
    """
    import pypdfium2.raw as pdfium_c

    pw, ph = page.get_size()
    scale = min(size[0] / pw, size[1] / ph) * (1 - 1e-9)
    # pdfium's own RGB order: PIL copies the bitmap once (freed right after) and no
    # further conversion copy is made; together about 7 bytes a pixel at the peak.
    image = page.render(scale=scale, rev_byteorder=True,
                        force_bitmap_format=pdfium_c.FPDFBitmap_BGR).to_pil()
    if image.mode != "RGB":
        image = image.convert("RGB")
    if image.size != size:
        from PIL import Image

        image = image.resize(size, Image.Resampling.LANCZOS)
    return image


def _png(image: Any, dpi: float | None = None) -> bytes:
    buffer = io.BytesIO()
    if dpi:
        image.save(buffer, format="PNG", dpi=(dpi, dpi))
    else:
        image.save(buffer, format="PNG")
    return buffer.getvalue()


def _safe_name(text: str) -> str:
    """A file-name-safe form of a card id (ids are already ASCII words in practice)."""
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in text) or "card"


# --------------------------------------------------------------------------- PNG


def export_png(faces: Sequence[CardFace], out_dir: str | os.PathLike[str], size: ImageSize,
               sink: DiagnosticSink, progress: Progress | None = None,
               min_font: float = 6.0, *, strict: bool = False,
               force: bool = False) -> ExportReport:
    """One PNG per card face (``ID-front.png``) and back (``ID-back.png``) with bleed.

    Backs that look alike are rasterised once and written per card, so print services
    that want a back per card (MakePlayingCards) and those that want one per deck (The
    Game Crafter) are both served.  ``cards.json`` lists every card's files.
    """
    size.check_pixels()
    out = Path(out_dir)
    px = size.pixels
    report = ExportReport(os.fspath(out), False, size_px=px, cards=len(faces))
    images: dict[int, bytes] = {}
    backs: dict[tuple[str, str], bytes] = {}

    def use(document: Any) -> None:
        for index, face in enumerate(faces):
            images[index] = _png(_rasterise(document[2 * index], px), size.dpi)
            key = face.back
            if key not in backs:
                backs[key] = _png(_rasterise(document[2 * index + 1], px), size.dpi)
            if progress is not None:
                progress(index + 1, len(faces))

    ok, problems = _render_pages(faces, size.card_mm, size.bleed_mm, sink, min_font, strict,
                                 use=use)
    report.problems = problems
    if not ok:
        return report
    manifest = []
    with staged_folder(out, force) as stage:
        for index, face in enumerate(faces):
            name = _safe_name(face.card_id)
            front, back = f"{name}-front.png", f"{name}-back.png"
            write_atomic(stage / front, images[index], sync=False)
            write_atomic(stage / back, backs[face.back], sync=False)
            report.files += [front, back]
            manifest.append({"id": face.card_id, "name": face.title, "deck": face.deck,
                             "front": front, "back": back})
        listing = {"size_px": list(px), "dpi": size.dpi, "card_mm": list(size.card_mm),
                   "bleed_mm": size.bleed_mm, "cards": manifest}
        write_atomic(stage / "cards.json",
                     json.dumps(listing, ensure_ascii=False, indent=2) + "\n")
        report.files.append("cards.json")
    report.written = True
    return report


# --------------------------------------------------------------------------- TTS


def tts_cell_pixels() -> tuple[int, int]:
    """One cell of a TTS deck sheet: TTS's card shape (5:7), as large as lets 10×7 cells
    fit 4096 px a side.  TTS stretches each cell onto its card model, so a cell of any
    other shape would print the card distorted (a 56×87 mm face by about 9 %)."""
    w = TTS_MAX_PX // TTS_MAX_COLS
    h = math.floor(w / TTS_ASPECT)
    if h * TTS_MAX_ROWS > TTS_MAX_PX:
        h = TTS_MAX_PX // TTS_MAX_ROWS
        w = math.floor(h * TTS_ASPECT)
    return w, h


def tts_card_pixels(card_mm: tuple[float, float]) -> tuple[int, int]:
    """The card image inside its cell: the largest of the card's own shape that fits;
    the rest of the cell is padded in the deck colour (see :func:`tts_cell_pixels`)."""
    w, h = card_mm
    cell_w, cell_h = tts_cell_pixels()
    per_px = min(cell_w / w, cell_h / h)
    return (min(cell_w, math.floor(w * per_px)), min(cell_h, math.floor(h * per_px)))


def _padded(image: Any, cell: tuple[int, int], colour: tuple[float, float, float]) -> Any:
    """``image`` centred on a cell filled with ``colour`` (the deck's frame colour)."""
    from PIL import Image

    if image.size == cell:
        return image
    rgb = tuple(round(255 * v) for v in colour)
    out = Image.new("RGB", cell, rgb)
    out.paste(image, ((cell[0] - image.width) // 2, (cell[1] - image.height) // 2))
    return out


@dataclass(frozen=True)
class TtsSheet:
    """One deck sheet: its file, grid and the faces on it (row by row)."""

    file: str
    cols: int
    rows: int
    faces: tuple[CardFace, ...]


def plan_sheets(faces: Sequence[CardFace]) -> list[tuple[tuple[str, str], list[TtsSheet]]]:
    """Faces grouped by back design (first appearance order), 70 per sheet at most.

    A TTS deck has one back image, so Door and Treasure (and each ruleset's differently
    named backs) get their own decks and sheets.
    """
    groups: dict[tuple[str, str], list[CardFace]] = {}
    for face in faces:
        groups.setdefault(face.back, []).append(face)
    per_sheet = TTS_MAX_COLS * TTS_MAX_ROWS
    used: set[str] = set()
    out = []
    for key, members in groups.items():
        slug = _safe_name(key[0])
        if slug in used:
            slug = f"{slug}-{len(used) + 1}"
        used.add(slug)
        sheets = []
        for number, start in enumerate(range(0, len(members), per_sheet), start=1):
            chunk = tuple(members[start:start + per_sheet])
            cols = min(TTS_MAX_COLS, len(chunk))
            rows = math.ceil(len(chunk) / cols)
            sheets.append(TtsSheet(f"{slug}-sheet-{number}.png", cols, rows, chunk))
        out.append((key, sheets))
    return out


def _guid(text: str) -> str:
    """A stable 6-hex-digit GUID, so the same pack gives the same JSON."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:6]


def _transform(x: float) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def card_description(face: CardFace) -> str:
    """What TTS shows under a card's name: everything the face prints, as lines.

    The kind line, level, bonus, treasures (or levels given), value, tags, rules text
    and Bad Stuff, so a player hovering over a card reads it all without zooming.
    """
    stats = [face.kind_line] if face.kind_line else []
    if face.level is not None:
        stats.append(f"{face.level_label or 'Level'} {face.level}")
    if face.bonus:
        stats.append(f"{face.bonus:+d}")
    stats += [part for part in (face.corner_left, face.corner_right, face.slot_label,
                                face.footer_left, face.value_line, face.mark) if part]
    parts = [" · ".join(stats)] if stats else []
    if face.tags:
        parts.append(" · ".join(face.tags))
    if face.body:
        parts.append(face.body)
    if face.bad_stuff:
        parts.append(f"{face.bad_stuff_label or 'Bad Stuff:'} {face.bad_stuff}")
    return "\n".join(parts)


def tts_object(faces_sheets: list[tuple[tuple[str, str], list[TtsSheet]]], url: Callable[[str],
               str], back_files: dict[tuple[str, str], str], name: str) -> dict[str, Any]:
    """The saved-object JSON: one deck (or single card) per back design.

    Card ids are ``DeckKey × 100 + index on the sheet``, as TTS computes them; each
    card's ``Memo`` holds its pack card id so tools (and the tests) can map back.
    """
    objects = []
    deck_key = 0
    for position, (key, sheets) in enumerate(faces_sheets):
        custom: dict[str, Any] = {}
        cards = []
        for sheet in sheets:
            deck_key += 1
            entry = {"FaceURL": url(sheet.file), "BackURL": url(back_files[key]),
                     "NumWidth": sheet.cols, "NumHeight": sheet.rows, "BackIsHidden": True,
                     "UniqueBack": False, "Type": 0}
            custom[str(deck_key)] = entry
            for index, face in enumerate(sheet.faces):
                cards.append({
                    "GUID": _guid(f"card:{deck_key}:{face.card_id}"), "Name": "Card",
                    "Transform": _transform(position * 3.0), "Nickname": face.title,
                    "Description": card_description(face), "Memo": face.card_id,
                    "CardID": deck_key * 100 + index,
                    "CustomDeck": {str(deck_key): entry},
                })
        if len(cards) == 1:
            objects.append(cards[0])
            continue
        objects.append({
            "GUID": _guid(f"deck:{key[0]}:{key[1]}"), "Name": "DeckCustom",
            "Transform": _transform(position * 3.0), "Nickname": key[1],
            "Description": "", "DeckIDs": [card["CardID"] for card in cards],
            "CustomDeck": custom, "ContainedObjects": cards,
        })
    return {"SaveName": name, "GameMode": "", "Date": "", "Table": "", "Sky": "",
            "Note": "", "Rules": "", "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": objects}


def export_tts(faces: Sequence[CardFace], out_dir: str | os.PathLike[str],  # noqa: PLR0913 (the export's options; keyword-only after the sixth)
               card_mm: tuple[float, float], sink: DiagnosticSink, base_url: str | None = None,
               name: str = "Munchkin cards", *, progress: Progress | None = None,
               min_font: float = 6.0, strict: bool = False,
               force: bool = False) -> ExportReport:
    """Tabletop Simulator sheets, backs and ``NAME.json`` (a saved object) in ``out_dir``.

    Without ``base_url`` the JSON points at the sheets by ``file:///`` paths, which
    work for solo testing on this machine; for multiplayer, upload the PNGs and pass
    the folder's URL.
    """
    from PIL import Image

    safe = safe_file_name(name)
    if safe is None:
        raise ValueError(f"--name {name[:80]!r} cannot be a file name: no '/', '\\', leading "
                         "dot or control characters, at most 200 bytes")
    out = Path(out_dir)
    cw, ch = tts_card_pixels(card_mm)
    cell = tts_cell_pixels()
    report = ExportReport(os.fspath(out), False, size_px=(cw, ch), cards=len(faces))
    planned = plan_sheets(faces)
    index_of = {id(face): i for i, face in enumerate(faces)}
    payload: dict[str, bytes] = {}
    back_files: dict[tuple[str, str], str] = {}

    def use(document: Any) -> None:
        done = 0
        for key, sheets in planned:
            first = index_of[id(sheets[0].faces[0])]
            back_files[key] = sheets[0].file.rsplit("-sheet-", 1)[0] + "-back.png"
            colour = DECK_STYLE[key[0]][0] if key[0] in DECK_STYLE else (1.0, 1.0, 1.0)
            payload[back_files[key]] = _png(_padded(
                _rasterise(document[2 * first + 1], (cw, ch)), cell, colour))
            for sheet in sheets:
                canvas = Image.new("RGB", (sheet.cols * cell[0], sheet.rows * cell[1]),
                                   (255, 255, 255))
                for slot, face in enumerate(sheet.faces):
                    image = _padded(_rasterise(document[2 * index_of[id(face)]], (cw, ch)),
                                    cell, DECK_STYLE[face.deck][0])
                    canvas.paste(image, ((slot % sheet.cols) * cell[0],
                                         (slot // sheet.cols) * cell[1]))
                    done += 1
                    if progress is not None:
                        progress(done, len(faces))
                payload[sheet.file] = _png(canvas)

    ok, problems = _render_pages(faces, card_mm, 0.0, sink, min_font, strict, use=use)
    report.problems = problems
    if not ok:
        return report
    if base_url:
        def url(file: str) -> str:
            return f"{base_url.rstrip('/')}/{file}"
    else:
        folder = out.resolve()

        def url(file: str) -> str:
            return (folder / file).as_uri()
    with staged_folder(out, force) as stage:
        for file, content in payload.items():
            write_atomic(stage / file, content, sync=False)
            report.files.append(file)
        saved = tts_object(planned, url, back_files, name)
        json_name = f"{safe}.json"
        write_atomic(stage / json_name, json.dumps(saved, ensure_ascii=False, indent=2) + "\n")
        report.files.append(json_name)
    report.extra = {"json": json_name, "cell_px": list(cell), "sheets": [
        {"file": s.file, "cols": s.cols, "rows": s.rows, "cards": len(s.faces),
         "back": back_files[key]} for key, sheets in planned for s in sheets]}
    report.written = True
    return report


__all__ = ["ExportReport", "ImageSize", "TtsSheet", "card_description", "export_png",
           "export_tts", "max_card_pixels", "plan_sheets", "preset_size", "presets",
           "tts_card_pixels", "tts_cell_pixels", "tts_object"]
