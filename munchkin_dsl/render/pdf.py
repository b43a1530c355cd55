"""Drawing print-and-play PDFs from prepared card faces.

Three products share one card design: ``sheet`` (cards in a grid on A4/Letter with
crop marks and a 1:1 ruler, for home printing and cutting), ``shop`` (one card per
page with bleed and TrimBox/BleedBox, for print services) and ``proof`` (a sheet
with safe area, cut guides, card ids and fit problems outlined in red, for
checking a pack).  Output is vector with real text, byte-identical for the same
input (reportlab's invariant mode), built in memory and written atomically, so a
failed run never leaves a broken file.  Problems are reported as diagnostics
(P001-P004) rather than raised, so a pack author sees all of them at once.
"""

from __future__ import annotations

import io
import math
import os
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

from reportlab import rl_config
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfdoc import PDFArray, PDFBase85Encode, PDFName, PDFStream, PDFZCompress
from reportlab.pdfgen.canvas import Canvas

from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink, Severity, Span
from munchkin_dsl.base.files import Refused, write_atomic
from munchkin_dsl.base.images import read_art
from munchkin_dsl.render.faces import DECKS, CardFace
from munchkin_dsl.render.fonts import FontSet, load_fonts
from munchkin_dsl.render.icons import draw_icon, picture_icon
from munchkin_dsl.render.layout import (
    SAFE_INSET_MM,
    Layout,
    LayoutError,
    PrintOptions,
    Rect,
    mirror_point,
    mm,
    plan_layout,
)

Colour = tuple[float, float, float]


def _hex(value: str) -> Colour:
    value = value.lstrip("#")
    return tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


#: Per deck: frame/header colour, title colour on it, Bad Stuff box tint.
DECK_STYLE: dict[str, tuple[Colour, Colour, Colour]] = {
    "door": (_hex("#6b2a1a"), _hex("#fff8ec"), _hex("#f3ddd2")),
    "treasure": (_hex("#c9962b"), _hex("#2e2006"), _hex("#f6e7c1")),
    "seal": (_hex("#4a2a6b"), _hex("#f7f0ff"), _hex("#e6dcf2")),
}
PAPER: Colour = _hex("#fbf6e9")
INK: Colour = _hex("#1e1a16")
MUTED: Colour = _hex("#6e655a")
RED: Colour = (0.86, 0.08, 0.08)
MAGENTA: Colour = (0.85, 0.1, 0.6)
CYAN: Colour = (0.0, 0.6, 0.8)
WHITE: Colour = (1.0, 1.0, 1.0)

#: The caption of the Bad Stuff box per card language (ru: the Hobby World term).
BAD_STUFF_LABELS = {"en": "Bad Stuff:", "ru": "Непотребство:", "pl": "Niemiłe skutki:"}

#: Default sizes (pt) for a 56×87 mm card; other sizes scale them.
TITLE_PT = 9.5
KIND_PT = 6.5
CORNER_PT = 8.5
BODY_PT = 8.0
FOOTER_PT = 7.0
#: Tags the rules refer to (Undead) are read, so they are near body size.
TAGS_PT = 7.0
FINE_PT = 4.5
LEADING = 1.2
SIZE_STEP = 0.25

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class CardFit:
    """How one printed card's text was fitted: the sizes used and what did not fit."""

    card_id: str
    page: int
    title_pt: float
    body_pt: float
    fits: bool
    overflow: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"card_id": self.card_id, "page": self.page, "title_pt": self.title_pt,
                "body_pt": self.body_pt, "fits": self.fits, "overflow": list(self.overflow)}


@dataclass(frozen=True)
class RenderReport:
    """What ``munchkin print`` reports: layout, counts, font sizes, problems.

    ``written`` is false when an error (P004, or any problem under ``strict``) kept
    the file from being written, so an existing output is left as it was.
    """

    layout: dict
    pages: int
    cards: int
    font_sizes: tuple[CardFit, ...]
    problems: tuple[Diagnostic, ...]
    output: str
    written: bool

    @property
    def body_sizes(self) -> dict[str, float]:
        """Body font size per card id (copies of a card share it)."""
        return {fit.card_id: fit.body_pt for fit in self.font_sizes}

    def to_json(self) -> dict:
        return {
            "output": self.output,
            "written": self.written,
            "layout": self.layout,
            "pages": self.pages,
            "cards": self.cards,
            "font_sizes": [fit.to_json() for fit in self.font_sizes],
            "problems": [d.to_json() for d in self.problems],
        }


# --------------------------------------------------------------------------- diagnostics


@dataclass
class _Problems:
    """Collects this run's diagnostics, applying ``strict`` to every render warning."""

    strict: bool
    items: list[Diagnostic] = field(default_factory=list)

    def add(self, code: str, message: str, span: Span | None, hint: str | None = None,
            error: bool = False) -> None:
        severity = Severity.ERROR if (error or self.strict) else Severity.WARNING
        self.items.append(Diagnostic(code, severity, message, span, hint))

    @property
    def has_errors(self) -> bool:
        return any(d.is_error for d in self.items)


def _char_name(ch: str) -> str:
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


# --------------------------------------------------------------------------- text fitting


@dataclass
class _Line:
    """A single-line field fitted to a width."""

    text: str
    size: float
    fits: bool


@dataclass
class _Block:
    """Wrapped paragraphs at one size."""

    paragraphs: list[list[str]]
    size: float

    @property
    def line_count(self) -> int:
        return sum(len(p) for p in self.paragraphs)

    def height(self) -> float:
        if not self.paragraphs:
            return 0.0
        gaps = (len(self.paragraphs) - 1) * 0.35 * self.size
        return self.line_count * LEADING * self.size + gaps


@lru_cache(maxsize=256)
def _sizes(default: float, minimum: float) -> list[float]:
    """Candidate sizes from the default down to the minimum, in fixed steps (cached;
    callers only read the list)."""
    if default <= minimum:
        return [minimum]
    out = []
    size = default
    while size > minimum + 1e-9:
        out.append(round(size, 3))
        size -= SIZE_STEP
    out.append(minimum)
    return out


def _fit_line(fonts: FontSet, text: str, font: str, default: float, minimum: float,
              width: float) -> _Line:
    for size in _sizes(default, minimum):
        if fonts.width(text, font, size) <= width:
            return _Line(text, size, True)
    return _Line(text, minimum, not text)


def _ellipsize(fonts: FontSet, text: str, font: str, size: float, width: float) -> str:
    """Fine print (tags, ids) is shortened with an ellipsis rather than reported."""
    if fonts.width(text, font, size) <= width:
        return text
    # The longest prefix that fits with the ellipsis, by binary search: widths grow with
    # the prefix, so this finds what cutting one character at a time found, in
    # O(n log n) instead of O(n^2) (a 64k-character id took 77 s).
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if fonts.width(text[:mid] + "…", font, size) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low] + "…"


def _wrap_block(fonts: FontSet, text: str, font: str, size: float, width: float,
                first_indent: float = 0.0, lang: str | None = None) -> _Block:
    paragraphs = []
    for i, para in enumerate(text.split("\n")):
        indent = first_indent if i == 0 else 0.0
        paragraphs.append(fonts.wrap(para.strip(), font, size, width, indent, lang))
    return _Block(paragraphs, size)


@dataclass
class _Boxes:
    """Where each part of a card front goes, for one card rectangle."""

    scale: float
    frame: Rect
    inner: Rect
    header: Rect
    content_x: float
    content_w: float
    kind_baseline: float | None
    tags_baseline: float | None
    corner_baseline: float | None
    art: Rect
    flex: Rect
    footer_baseline: float | None
    fine_baseline: float


#: Heights tried for the picture, as a fraction of the card height: the picture gives
#: way to text before the text shrinks much, but never disappears.
ART_FRACTIONS = (0.50, 0.42, 0.36, 0.30, 0.24, 0.18, 0.12)
#: How far the body may shrink (pt at 56×87 mm) before the picture is made smaller.
BODY_SHRINK_BEFORE_ART = 1.0


def _has_bottom_line(face: CardFace) -> bool:
    return bool(face.footer_left or face.value_line or face.slot)


def _boxes(face: CardFace, card: Rect, art_frac: float = ART_FRACTIONS[0]) -> _Boxes:
    """Card-front geometry; sizes are for 56×87 mm and scale with the card.

    Top to bottom, as on a Munchkin card: title band, type line, tags, picture (with
    the level or bonus badge on its corner), rules text, Bad Stuff box, the bottom line
    (treasures, slot, value) and the fine print.
    """
    k = min(card.w / mm(56), card.h / mm(87))
    frame_w = mm(1.5) * k
    inner = card.inset(frame_w)
    safe = mm(SAFE_INSET_MM) * k
    cx, cw = card.x + safe, card.w - 2 * safe
    header_h = mm(10) * k
    header = Rect(inner.x, inner.top - header_h, inner.w, header_h)
    y = header.y - mm(1.0) * k
    kind_baseline = tags_baseline = corner_baseline = None
    if face.kind_line:
        kind_baseline = y - KIND_PT * k
        y -= mm(3.4) * k
    if face.tags:
        tags_baseline = y - TAGS_PT * k * 0.95
        y -= mm(3.3) * k
    if face.corner_left or face.corner_right:
        corner_baseline = y - CORNER_PT * k * 0.95
        y -= mm(4.4) * k
    y -= mm(0.6) * k
    art_h = card.h * art_frac
    art = Rect(cx, y - art_h, cw, art_h)
    y = art.y - mm(1.5) * k
    bottom = card.y + safe
    # Descenders of the fine print stay inside the safe area.
    fine_baseline = bottom + mm(0.4) * k
    b = bottom + mm(2.8) * k
    footer_baseline = None
    if _has_bottom_line(face):
        footer_baseline = b
        b += mm(3.4) * k
    flex = Rect(cx, b + mm(0.5) * k, cw, max(0.0, y - b - mm(0.5) * k))
    return _Boxes(k, card, inner, header, cx, cw, kind_baseline, tags_baseline,
                  corner_baseline, art, flex, footer_baseline, fine_baseline)


@dataclass
class _Fitted:
    """A card's texts fitted into its boxes, ready to draw."""

    face: CardFace
    boxes: _Boxes
    title: _Block
    title_fits: bool
    kind: _Line
    tags: _Line
    left: _Line
    right: _Line
    corner_fits: bool
    footer: _Line
    value: _Line
    body: _Block
    bad: _Block | None
    body_box: Rect
    bad_box: Rect | None
    body_fits: bool
    bad_fits: bool
    label: str

    @property
    def overflow(self) -> tuple[str, ...]:
        parts = []
        if not self.title_fits:
            parts.append("title")
        if not self.kind.fits:
            parts.append("kind line")
        if not self.tags.fits:
            parts.append("tags")
        if not self.corner_fits:
            parts.append("corner stats")
        if not self.body_fits:
            parts.append("rules text")
        if self.bad is not None and not self.bad_fits:
            parts.append("Bad Stuff")
        if not self.footer.fits or not self.value.fits:
            parts.append("footer")
        return tuple(parts)


class _RulesSizes:
    """The rules text and Bad Stuff wrapped at each candidate size, each size once.

    The text width does not depend on the picture's height, so trying several picture
    heights only compares heights; wrapping is the expensive part and is cached here.
    """

    def __init__(self, fonts: FontSet, face: CardFace, width: float, label: str,
                 k: float) -> None:
        self.fonts, self.face, self.width, self.label = fonts, face, width, label
        self.pad = mm(1.2) * k
        self.bad_gap = mm(1.5) * k
        self._cache: dict[float, tuple[_Block, _Block | None, float]] = {}

    def at(self, size: float) -> tuple[_Block, _Block | None, float]:
        """(rules, Bad Stuff, total height) at ``size``."""
        found = self._cache.get(size)
        if found is not None:
            return found
        fonts, face, width = self.fonts, self.face, self.width
        body = _wrap_block(fonts, face.body, fonts.regular, size, width, lang=face.lang) \
            if face.body else _Block([], size)
        need = body.height()
        bad = None
        if face.bad_stuff:
            indent = fonts.width(self.label + " ", fonts.bold, size)
            bad = _wrap_block(fonts, face.bad_stuff, fonts.regular, size,
                              width - 2 * self.pad, indent, face.lang)
            need += 2 * self.pad + bad.height() + (self.bad_gap if face.body else 0.0)
        self._cache[size] = (body, bad, need)
        return self._cache[size]

    def fit(self, height: float, sizes: list[float]) -> tuple[_Block, _Block | None, bool]:
        """At the first of ``sizes`` whose text fits ``height``; else at the last size."""
        for size in sizes:
            body, bad, need = self.at(size)
            if need <= height:
                return body, bad, True
        body, bad, _ = self.at(sizes[-1])
        return body, bad, False


def _fit_card(fonts: FontSet, face: CardFace, card: Rect, minimum: float) -> _Fitted:
    k = min(card.w / mm(56), card.h / mm(87))
    label = face.bad_stuff_label or BAD_STUFF_LABELS.get(face.lang, BAD_STUFF_LABELS["en"])
    all_sizes = _sizes(BODY_PT * k, minimum)
    early = [s for s in all_sizes if s >= BODY_PT * k - BODY_SHRINK_BEFORE_ART * k] or all_sizes
    # The picture shrinks before the text shrinks far; the last try allows every size.
    rules: _RulesSizes | None = None
    for frac in ART_FRACTIONS:
        boxes = _boxes(face, card, frac)
        if rules is None:
            rules = _RulesSizes(fonts, face, boxes.flex.w, label, k)
        sizes = all_sizes if frac == ART_FRACTIONS[-1] else early
        body, bad, fits = rules.fit(boxes.flex.h, sizes)
        if fits:
            break
    cw = boxes.content_w

    title = _Block([[""]], minimum)
    title_fits = False
    room = boxes.header.h - mm(1.2) * k
    for size in _sizes(TITLE_PT * k, minimum):
        block = _Block([fonts.wrap(face.title, fonts.bold, size, cw)], size)
        height = block.line_count * 1.08 * size
        title = block
        if height <= room:
            title_fits = True
            break

    kind = _fit_line(fonts, face.kind_line, fonts.oblique, KIND_PT * k, minimum, cw)
    tags = _fit_line(fonts, " · ".join(face.tags), fonts.bold, TAGS_PT * k, minimum, cw)
    gap = mm(2) * k
    left = right = _Line("", minimum, True)
    corner_fits = True
    if face.corner_left or face.corner_right:
        corner_fits = False
        for size in _sizes(CORNER_PT * k, minimum):
            need = (fonts.width(face.corner_left, fonts.bold, size)
                    + fonts.width(face.corner_right, fonts.bold, size))
            if face.corner_left and face.corner_right:
                need += gap
            left = _Line(face.corner_left, size, True)
            right = _Line(face.corner_right, size, True)
            if need <= cw:
                corner_fits = True
                break
    value = _fit_line(fonts, face.value_line, fonts.bold, FOOTER_PT * k, minimum, cw / 2)
    value_w = fonts.width(value.text, fonts.bold, value.size) + gap if value.text else 0.0
    left_text = face.footer_left or face.slot_label
    icon_w = _slot_icon_size(k) + mm(1) * k if (face.slot and not face.footer_left) else 0.0
    footer = _fit_line(fonts, left_text, fonts.bold, FOOTER_PT * k, minimum,
                       cw - value_w - icon_w)

    flex = boxes.flex
    pad = mm(1.2) * k
    bad_gap = mm(1.5) * k
    body_fits = bad_fits = True
    bad_box = None
    if bad is not None:
        bad_need = 2 * pad + bad.height()
        if fits:
            bad_h = bad_need
        else:
            share = flex.h / 2 if face.body else flex.h
            bad_h = min(bad_need, max(share, flex.h - body.height() - bad_gap))
            bad_fits = bad_need <= bad_h + 1e-6
        bad_box = Rect(flex.x, flex.y, flex.w, bad_h)
        body_top, body_bottom = flex.top, bad_box.top + (bad_gap if face.body else 0.0)
    else:
        body_top, body_bottom = flex.top, flex.y
    body_box = Rect(flex.x, body_bottom, flex.w, max(0.0, body_top - body_bottom))
    if not fits:
        body_fits = body.height() <= body_box.h + 1e-6
    return _Fitted(face, boxes, title, title_fits, kind, tags, left, right, corner_fits,
                   footer, value, body, bad, body_box, bad_box, body_fits, bad_fits, label)


def _slot_icon_size(k: float) -> float:
    return mm(3.0) * k


# --------------------------------------------------------------------------- drawing


def _fill(c: Canvas, colour: Colour) -> None:
    c.setFillColorRGB(*colour)


def _stroke(c: Canvas, colour: Colour) -> None:
    c.setStrokeColorRGB(*colour)


def _clip_to(c: Canvas, rect: Rect) -> None:
    path = c.beginPath()
    path.rect(rect.x, rect.y, rect.w, rect.h)
    c.clipPath(path, stroke=0, fill=0)


class _Forms:
    """Drawings repeated on many pages or cards, defined once as PDF form XObjects.

    Besides a smaller file this is most of the speed: reportlab formats every
    coordinate in Python, so redrawing a ruler with 100 ticks per page or a rounded
    card frame per card costs more than all of a card's text.
    """

    def __init__(self, c: Canvas) -> None:
        self.c = c
        self.defined: set[str] = set()

    def place(self, name: str, x: float, y: float, w: float, h: float,
              draw: Callable[[], None]) -> None:
        """Draw form ``name`` with its origin at (x, y), defining it by ``draw`` once."""
        c = self.c
        if name not in self.defined:
            c.beginForm(name, 0, 0, w, h)
            draw()
            c.endForm()
            self.defined.add(name)
        c.saveState()
        c.translate(x, y)
        c.doForm(name)
        c.restoreState()


def _draw_lines(c: Canvas, fonts: FontSet, font: str, block: _Block, x: float, top: float,
                first_prefix: tuple[str, str] | None = None) -> None:
    """Draw wrapped paragraphs top-down from ``top``; optional bold inline caption.

    One PDF text object for the whole block (a text origin per line) rather than a
    ``drawString`` per line: each of those opens and closes its own text object, which
    is most of the cost of a card's text in reportlab.
    """
    size = block.size
    leading = LEADING * size
    y = top - 0.95 * size
    text = c.beginText()
    text.setFont(font, size)
    first = True
    for para in block.paragraphs:
        for line in para:
            lx = x
            if first and first_prefix is not None:
                cap_font, caption = first_prefix
                text.setFont(cap_font, size)
                text.setTextOrigin(x, y)
                text.textOut(caption)
                text.setFont(font, size)
                lx = x + fonts.width(caption + " ", cap_font, size)
            first = False
            if line:
                text.setTextOrigin(lx, y)
                text.textOut(line)
            y -= leading
        y -= 0.35 * size
    c.drawText(text)


class _Images:
    """Art images read once per path; ``None`` for a missing or unreadable file."""

    def __init__(self) -> None:
        self._cache: dict[str, ImageReader | str] = {}

    def get(self, path: str) -> ImageReader | str:
        """The image, or a one-line reason it cannot be used."""
        if path not in self._cache:
            try:
                # The check stage confined art to the pack folder (E120); this read still
                # refuses a device, FIFO or folder and bounds the size.
                raw = read_art(Path(path))  # refuses a decompression bomb (E123)
            except Refused as refused:
                self._cache[path] = ("file not found" if refused.reason == "missing"
                                     else refused.message)
            else:
                try:
                    reader = ImageReader(io.BytesIO(raw))
                    reader.getSize()
                    reader.getRGBData()
                    self._cache[path] = reader
                except Exception as exc:  # noqa: BLE001 - any decoder failure means unreadable
                    self._cache[path] = f"cannot be read ({type(exc).__name__})"
        return self._cache[path]


def _draw_art(c: Canvas, box: Rect, image: ImageReader | str) -> None:
    _fill(c, _hex("#efe6d2"))
    _stroke(c, MUTED)
    c.setLineWidth(0.4)
    c.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)
    if isinstance(image, ImageReader):
        iw, ih = image.getSize()
        scale = max(box.w / iw, box.h / ih)
        dw, dh = iw * scale, ih * scale
        c.saveState()
        _clip_to(c, box)
        c.drawImage(image, box.x + (box.w - dw) / 2, box.y + (box.h - dh) / 2, dw, dh)
        c.restoreState()
    c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)


def _draw_base(c: Canvas, deck: str, b: _Boxes, dx: float, dy: float, bw: float,
               bh: float) -> None:
    """The part of a front every card of a deck shares, with the bleed corner at (0, 0).

    Frame in the deck colour from the bleed edge, the paper-coloured face inside it
    and the header band, drawn up to the card edge so no seam shows between the
    paper's rounded top corners and the band.
    """
    colour = DECK_STYLE[deck][0]
    k = b.scale
    _fill(c, colour)
    c.rect(0, 0, bw, bh, stroke=0, fill=1)
    _fill(c, PAPER)
    c.roundRect(b.inner.x - dx, b.inner.y - dy, b.inner.w, b.inner.h, mm(1.2) * k,
                stroke=0, fill=1)
    _fill(c, colour)
    c.rect(b.header.x - dx, b.header.y - dy, b.header.w, b.frame.top - b.header.y,
           stroke=0, fill=1)


def _draw_front(c: Canvas, fonts: FontSet, fit: _Fitted, bleed: Rect, images: _Images,
                proof: bool, forms: _Forms) -> None:
    face, b = fit.face, fit.boxes
    k = b.scale
    colour, title_colour, tint = DECK_STYLE[face.deck]

    forms.place(f"base_{face.deck}", bleed.x, bleed.y, bleed.w, bleed.h,
                lambda: _draw_base(c, face.deck, b, bleed.x, bleed.y, bleed.w, bleed.h))

    # Title, centred in the header band.
    _fill(c, title_colour)
    t = fit.title
    lines = [line for para in t.paragraphs for line in para]
    line_h = 1.08 * t.size
    block_h = len(lines) * line_h
    y = b.header.y + (b.header.h + block_h) / 2 - 0.82 * t.size
    if not fit.title_fits:
        c.saveState()
        _clip_to(c, b.header)
    c.setFont(fonts.bold, t.size)
    mid = b.content_x + b.content_w / 2
    for line in lines:
        c.drawString(mid - fonts.width(line, fonts.bold, t.size) / 2, y, line)
        y -= line_h
    if not fit.title_fits:
        c.restoreState()

    _fill(c, INK)
    if b.kind_baseline is not None:
        _draw_single(c, fonts, fit.kind, fonts.oblique, mid, b.kind_baseline, b, centred=True)
    if b.tags_baseline is not None:
        _fill(c, colour if face.deck != "treasure" else INK)
        _draw_single(c, fonts, fit.tags, fonts.bold, mid, b.tags_baseline, b, centred=True)
        _fill(c, INK)
    if b.corner_baseline is not None:
        if not fit.corner_fits:
            c.saveState()
            _clip_to(c, Rect(b.content_x, b.corner_baseline - 3, b.content_w, 20))
        c.setFont(fonts.bold, fit.left.size)
        if fit.left.text:
            c.drawString(b.content_x, b.corner_baseline, fit.left.text)
        if fit.right.text:
            right = b.content_x + b.content_w - fonts.width(fit.right.text, fonts.bold,
                                                            fit.right.size)
            c.drawString(right, b.corner_baseline, fit.right.text)
        if not fit.corner_fits:
            c.restoreState()

    _draw_picture(c, fonts, forms, face, b, images)

    # Rules text, then the Bad Stuff box anchored at the bottom of the text area.
    _fill(c, INK)
    if fit.body.paragraphs:
        if not fit.body_fits:
            c.saveState()
            _clip_to(c, fit.body_box)
        _draw_lines(c, fonts, fonts.regular, fit.body, fit.body_box.x, fit.body_box.top)
        if not fit.body_fits:
            c.restoreState()
    if fit.bad is not None and fit.bad_box is not None:
        box = fit.bad_box
        _fill(c, tint)
        _stroke(c, colour)
        c.setLineWidth(0.6)
        c.roundRect(box.x, box.y, box.w, box.h, mm(0.8) * k, stroke=1, fill=1)
        pad = mm(1.2) * k
        if not fit.bad_fits:
            c.saveState()
            _clip_to(c, box.inset(0.3))
        _fill(c, INK)
        _draw_lines(c, fonts, fonts.regular, fit.bad, box.x + pad, box.top - pad,
                    (fonts.bold, fit.label))
        if not fit.bad_fits:
            c.restoreState()

    # Bottom line: treasures (or the slot icon and word) left, value right.
    if b.footer_baseline is not None:
        _fill(c, INK)
        x = b.content_x
        if face.slot and not face.footer_left:
            size = _slot_icon_size(k)
            _fill(c, colour)
            _place_icon(c, forms, picture_icon("", face.deck, face.slot), face.deck,
                        x, b.footer_baseline - mm(0.6) * k, size)
            x += size + mm(1) * k
            _fill(c, INK)
        _draw_single(c, fonts, fit.footer, fonts.bold, x, b.footer_baseline, b)
        if fit.value.text:
            vx = b.content_x + b.content_w - fonts.width(fit.value.text, fonts.bold,
                                                         fit.value.size)
            _draw_single(c, fonts, fit.value, fonts.bold, vx, b.footer_baseline, b)
    _fill(c, MUTED)
    size = FINE_PT * k
    mark = face.ruleset_mark
    mark_w = fonts.width(mark, fonts.regular, size) if mark else 0.0
    ident = _ellipsize(fonts, face.card_id, fonts.regular, size,
                       b.content_w - mark_w - mm(2) * k)
    c.setFont(fonts.regular, size)
    c.drawString(b.content_x, b.fine_baseline, ident)
    if mark:
        c.drawString(b.content_x + b.content_w - mark_w, b.fine_baseline, mark)

    if proof:
        _draw_proof_marks(c, fonts, fit)


def _place_icon(c: Canvas, forms: _Forms, name: str, deck: str, x: float, y: float,
                size: float) -> None:
    """An icon in the current fill colour, as a form (drawn once per name, deck and size)."""
    colour = _icon_colour(deck)
    key = f"icon_{name}_{deck}_{round(size, 2)}"
    def draw() -> None:
        _fill(c, colour)
        draw_icon(c, name, 0, 0, size)

    forms.place(key, x, y, size, size, draw)


def _draw_placeholder(c: Canvas, deck: str, icon: str, w: float, h: float, k: float) -> None:
    """A picture for a card without art: deck tint, diagonal hatching, the kind's emblem.

    A placeholder rather than a blank box: the card still reads as a Door or Treasure
    card of its kind at a glance, and it is obviously a stand-in, not finished art.
    """
    _, _, tint = DECK_STYLE[deck]
    _fill(c, tint)
    c.rect(0, 0, w, h, stroke=0, fill=1)
    c.saveState()
    _clip_to(c, Rect(0, 0, w, h))
    # Opaque mixes rather than transparency: same look in every viewer and rasteriser.
    _stroke(c, _mix(tint, _icon_colour(deck), 0.12))
    c.setLineWidth(mm(0.7) * k)
    step = mm(3.0) * k
    x = -h
    while x < w:
        c.line(x, 0, x + h, h)
        x += step
    c.restoreState()
    size = min(w, h) * 0.72
    _fill(c, _mix(tint, _icon_colour(deck), 0.85))
    draw_icon(c, icon, (w - size) / 2, (h - size) / 2, size)
    _stroke(c, DECK_STYLE[deck][0])
    c.setLineWidth(0.5)
    c.rect(0, 0, w, h, stroke=1, fill=0)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    """``t`` of the way from colour ``a`` to ``b``."""
    return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _icon_colour(deck: str) -> Colour:
    """Icons in the deck colour, except on gold Treasure cards where that lacks contrast."""
    colour, title_colour, _ = DECK_STYLE[deck]
    return title_colour if deck == "treasure" else colour


def _draw_picture(c: Canvas, fonts: FontSet, forms: _Forms, face: CardFace, b: _Boxes,
                  images: _Images) -> None:
    """The picture area (art or placeholder) with the level/bonus badges and the mark.

    Everything that repeats from card to card (placeholder, badge shapes and captions,
    ribbons) is a form drawn once; per card only the numbers are text, placed with the
    cached widths, since formatting coordinates is most of reportlab's cost.
    """
    box = b.art
    k = b.scale
    colour, title_colour, _ = DECK_STYLE[face.deck]
    image = images.get(face.art_path) if face.art_path is not None else None
    if isinstance(image, ImageReader):
        _draw_art(c, box, image)
    else:
        icon = picture_icon(face.kind, face.deck, face.slot)
        key = f"picture_{face.deck}_{icon}_{round(box.w, 1)}x{round(box.h, 1)}"
        forms.place(key, box.x, box.y, box.w, box.h,
                    lambda: _draw_placeholder(c, face.deck, icon, box.w, box.h, k))
    if face.level is not None:
        r = mm(5.0) * k
        x, y = box.x + mm(0.8) * k, box.top - 2 * r - mm(0.8) * k
        caption = (face.level_label or "Level").upper()
        forms.place(f"level_{face.deck}_{caption.encode().hex()}_{round(r, 2)}", x, y,
                    2 * r, 2 * r, lambda: _draw_level_disc(c, fonts, face.deck, caption, r, k))
        number = str(face.level)
        size = min(11.0 * k, 1.4 * r / max(fonts.width(number, fonts.bold, 1.0), 1e-6))
        _fill(c, title_colour)
        c.setFont(fonts.bold, size)
        c.drawString(x + r - fonts.width(number, fonts.bold, size) / 2, y + r - size * 0.62,
                     number)
    if face.bonus is not None:
        r = mm(5.4) * k
        x, y = box.right - 2 * r - mm(0.6) * k, box.top - 2 * r - mm(0.6) * k
        forms.place(f"bonus_{round(r, 2)}", x, y, 2 * r, 2 * r,
                    lambda: _draw_starburst(c, r, k))
        text = _minus(f"{face.bonus:+d}")
        size = min(11.0 * k, 1.3 * r / max(fonts.width(text, fonts.bold, 1.0), 1e-6))
        _fill(c, INK)
        c.setFont(fonts.bold, size)
        c.drawString(x + r - fonts.width(text, fonts.bold, size) / 2, y + r - size * 0.36,
                     text)
    if face.mark:
        text = face.mark.upper()
        size = 6.0 * k
        w = fonts.width(text, fonts.bold, size) + mm(3) * k
        h = size + mm(1.6) * k
        forms.place(f"mark_{face.deck}_{text.encode().hex()}_{round(k, 3)}",
                    box.right - w - mm(0.8) * k, box.y + mm(0.8) * k, w, h,
                    lambda: _draw_ribbon(c, fonts, face.deck, text, size, w, h, k))


def _draw_level_disc(c: Canvas, fonts: FontSet, deck: str, caption: str, r: float,
                     k: float) -> None:
    """The level badge without its number: a deck-coloured disc and "LEVEL" across it."""
    colour, title_colour, _ = DECK_STYLE[deck]
    _fill(c, colour)
    _stroke(c, title_colour)
    c.setLineWidth(0.8 * k)
    c.circle(r, r, r - 0.4 * k, stroke=1, fill=1)
    _fill(c, title_colour)
    # The caption's top corners stay inside the disc: at most 1.3 r wide, 0.3 r up.
    size = min(4.2 * k, 1.3 * r / max(fonts.width(caption, fonts.bold, 1.0), 1e-6))
    c.setFont(fonts.bold, size)
    c.drawString(r - fonts.width(caption, fonts.bold, size) / 2, r + r * 0.3, caption)


def _draw_starburst(c: Canvas, r: float, k: float) -> None:
    """The bonus badge's gold starburst, centred in a 2r square."""
    _fill(c, DECK_STYLE["treasure"][0])
    _stroke(c, INK)
    c.setLineWidth(0.6 * k)
    outer = r - 0.3 * k
    path = c.beginPath()
    for i in range(24):
        radius = outer if i % 2 == 0 else outer * 0.78
        point = (r + radius * math.cos(math.pi * i / 12), r + radius * math.sin(math.pi * i / 12))
        if i == 0:
            path.moveTo(*point)
        else:
            path.lineTo(*point)
    path.close()
    c.drawPath(path, stroke=1, fill=1)


def _draw_ribbon(c: Canvas, fonts: FontSet, deck: str, text: str, size: float, w: float,
                 h: float, k: float) -> None:
    """The Big / Aggregate ribbon on the picture's corner."""
    colour, title_colour, _ = DECK_STYLE[deck]
    _fill(c, colour)
    c.roundRect(0, 0, w, h, mm(0.8) * k, stroke=0, fill=1)
    _fill(c, title_colour)
    c.setFont(fonts.bold, size)
    c.drawString((w - fonts.width(text, fonts.bold, size)) / 2, (h - size) / 2 + 0.18 * size,
                 text)


def _minus(text: str) -> str:
    """A real minus sign (U+2212) for a leading hyphen before a number."""
    return "\u2212" + text[1:] if text.startswith("-") else text


def _draw_single(c: Canvas, fonts: FontSet, line: _Line, font: str, x: float,
                 baseline: float, b: _Boxes, centred: bool = False) -> None:
    if not line.text:
        return
    if not line.fits:
        c.saveState()
        _clip_to(c, Rect(b.content_x, baseline - line.size, b.content_w, 3 * line.size))
    c.setFont(font, line.size)
    if centred:
        x -= fonts.width(line.text, font, line.size) / 2
    c.drawString(x, baseline, line.text)
    if not line.fits:
        c.restoreState()


def _draw_proof_marks(c: Canvas, fonts: FontSet, fit: _Fitted) -> None:
    card = fit.boxes.frame
    safe = card.inset(mm(SAFE_INSET_MM))
    c.saveState()
    c.setLineWidth(0.4)
    _stroke(c, MAGENTA)
    c.setDash(2, 2)
    c.rect(safe.x, safe.y, safe.w, safe.h, stroke=1, fill=0)
    c.setDash()
    # The card id on a white tag, readable over any design.
    size = 5.5
    text = fit.face.card_id
    w = fonts.width(text, fonts.bold, size) + 4
    _fill(c, WHITE)
    c.rect(card.x + 2, card.top - size - 5, w, size + 3, stroke=0, fill=1)
    _fill(c, MAGENTA)
    c.setFont(fonts.bold, size)
    c.drawString(card.x + 4, card.top - size - 3.4, text)
    if fit.overflow:
        _stroke(c, RED)
        c.setLineWidth(2)
        inner = card.inset(1)
        c.rect(inner.x, inner.y, inner.w, inner.h, stroke=1, fill=0)
        c.setLineWidth(1)
        boxes = []
        if not fit.body_fits:
            boxes.append(fit.body_box)
        if fit.bad_box is not None and not fit.bad_fits:
            boxes.append(fit.bad_box)
        if not fit.title_fits:
            boxes.append(fit.boxes.header)
        for box in boxes:
            c.rect(box.x, box.y, box.w, box.h, stroke=1, fill=0)
    c.restoreState()


def _draw_back_page(c: Canvas, fonts: FontSet, forms: _Forms, layout: Layout,
                    faces: Sequence[CardFace], upside_down: bool) -> None:
    """Each card's back behind its front, extended by the back bleed.

    On a sheet every back reaches ``layout.back_bleed_mm`` beyond its card so a duplex
    shift shows the back's colour, not paper.  With a small gutter that reaches over the
    neighbouring card, and the page may mix decks, so the bleed is laid down first as
    plain colour and each back's design then drawn clipped to its own cell (trim plus
    half the space to the next card): no back shows a strip of another deck's colour,
    and each back's text is drawn once.
    """
    if layout.mode == "shop":
        for face in faces:
            _draw_back(c, fonts, forms, face, layout.bleeds[0], mm(layout.bleed_mm),
                       upside_down)
        return
    grow = mm(layout.back_bleed_mm)
    cell = mm(layout.bleed_mm + layout.gutter_mm / 2)
    clip = grow > cell + 1e-6
    if clip:
        for pos, face in enumerate(faces):
            bleed = layout.backs[pos].inset(-grow)
            _fill(c, DECK_STYLE[face.deck][0])
            c.rect(bleed.x, bleed.y, bleed.w, bleed.h, stroke=0, fill=1)
    for pos, face in enumerate(faces):
        trim = layout.backs[pos]
        if clip:
            c.saveState()
            _clip_to(c, trim.inset(-cell))
        _draw_back(c, fonts, forms, face, trim.inset(-grow), grow, upside_down)
        if clip:
            c.restoreState()


def _draw_back(c: Canvas, fonts: FontSet, forms: _Forms, face: CardFace, rect: Rect,
               margin: float, upside_down: bool) -> None:
    """A deck's back design; upside down for short-edge duplex so it reads like the front.

    ``rect`` is the back with its bleed, ``margin`` how far the trim line lies inside it.
    """
    deck, label = face.back
    name = (f"back_{deck}_{'down' if upside_down else 'up'}_{label.encode().hex()}"
            f"_{round(rect.w, 2)}x{round(rect.h, 2)}")
    forms.place(name, rect.x, rect.y, rect.w, rect.h,
                lambda: _draw_back_design(c, fonts, deck, label, rect.w, rect.h, margin,
                                          upside_down))


def _draw_back_design(c: Canvas, fonts: FontSet, deck: str, label: str, w: float, h: float,
                      margin: float, upside_down: bool) -> None:
    """Deck colour to the bleed edge; ring and name inside the trim's safe area.

    Keeping the ring inside the safe area means a cutting error of up to 3 mm never
    shows as a lopsided frame, the reason the design is laid out from the trim line
    rather than from the (bleed-sized) rectangle drawn.
    """
    colour, title_colour, _ = DECK_STYLE[deck]
    _fill(c, colour)
    c.rect(0, 0, w, h, stroke=0, fill=1)
    trim = Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    k = min(trim.w / mm(56), trim.h / mm(87))
    ring = trim.inset(mm(SAFE_INSET_MM) * k + mm(0.5) * k)
    _stroke(c, title_colour)
    c.setLineWidth(1.2 * k)
    c.roundRect(ring.x, ring.y, ring.w, ring.h, mm(2) * k, stroke=1, fill=0)
    inner = ring.inset(mm(1.5) * k)
    c.setLineWidth(0.4 * k)
    c.roundRect(inner.x, inner.y, inner.w, inner.h, mm(1.5) * k, stroke=1, fill=0)
    text = label.upper()
    # Big word along the long side, sized to fill most of it.
    size = min(ring.w * 0.5, (ring.h * 0.8) / max(fonts.width(text, fonts.bold, 1.0), 1e-6))
    c.saveState()
    c.translate(trim.x + trim.w / 2, trim.y + trim.h / 2)
    c.rotate(270 if upside_down else 90)
    _fill(c, title_colour)
    c.setFont(fonts.bold, size)
    c.drawCentredString(0, -0.36 * size, text)
    c.restoreState()


def _draw_sheet_furniture(c: Canvas, fonts: FontSet, forms: _Forms, layout: Layout,
                          caption: str, proof: bool) -> None:
    """Crop marks, the 1:1 ruler, (proof) cut guides, all one form, and the page caption."""
    forms.place("sheet_proof" if proof else "sheet", 0, 0, layout.page_w, layout.page_h,
                lambda: _draw_sheet_marks(c, fonts, layout, proof))
    _, _, _, top = layout.margins_mm
    if top >= 10:
        _fill(c, MUTED)
        c.setFont(fonts.regular, 6.5)
        c.drawString(layout.cards[0].x, layout.page_h - mm(6.5), caption)


def _draw_sheet_marks(c: Canvas, fonts: FontSet, layout: Layout, proof: bool) -> None:
    _stroke(c, (0, 0, 0))
    c.setLineWidth(0.3)
    for m in layout.crop_marks:
        c.line(m.x0, m.y0, m.x1, m.y1)
    if layout.ruler is not None:
        _draw_ruler(c, fonts, layout)
    if proof:
        _stroke(c, CYAN)
        c.setLineWidth(0.25)
        c.setDash(3, 2)
        xs = sorted({round(v, 4) for r in layout.cards for v in (r.x, r.right)})
        ys = sorted({round(v, 4) for r in layout.cards for v in (r.y, r.top)})
        for x in xs:
            c.line(x, 0, x, layout.page_h)
        for y in ys:
            c.line(0, y, layout.page_w, y)


def _draw_ruler(c: Canvas, fonts: FontSet, layout: Layout) -> None:
    r = layout.ruler
    assert r is not None
    d = r.inward
    length = mm(r.length_mm)
    _stroke(c, (0, 0, 0))
    _fill(c, (0, 0, 0))
    c.setLineWidth(0.3)
    c.setFont(fonts.regular, 4.5)
    caption = f"{r.length_mm} mm: print at 100 % (actual size), then check with a ruler"
    if r.horizontal:
        c.line(r.x, r.y, r.x + length, r.y)
        for i in range(r.length_mm + 1):
            tick = mm(3 if i % 10 == 0 else 2 if i % 5 == 0 else 1)
            x = r.x + mm(i)
            c.line(x, r.y, x, r.y + d * tick)
            if i % 10 == 0:
                c.drawCentredString(x, r.y - d * mm(2.2) - (1.2 if d < 0 else 0), str(i))
        cap_x = r.x + length + mm(3)
        if cap_x + fonts.width(caption, fonts.regular, 4.5) < layout.page_w - mm(5):
            c.drawString(cap_x, r.y + d * mm(0.5), caption)
        else:
            c.drawString(r.x, r.y - d * mm(4.2), caption)
    else:
        c.line(r.x, r.y, r.x, r.y + length)
        for i in range(r.length_mm + 1):
            tick = mm(3 if i % 10 == 0 else 2 if i % 5 == 0 else 1)
            y = r.y + mm(i)
            c.line(r.x, y, r.x + d * tick, y)
            if i % 10 == 0 and d > 0:
                c.drawRightString(r.x - mm(0.8), y - 1.6, str(i))
            elif i % 10 == 0:
                c.drawString(r.x + mm(0.8), y - 1.6, str(i))
        c.saveState()
        c.translate(r.x - d * mm(3.2), r.y + length + mm(3))
        c.rotate(90)
        c.drawString(0, 0, caption)
        c.restoreState()


# --------------------------------------------------------------------------- pages


@dataclass(frozen=True)
class _Page:
    """One front page: the faces on it, by layout position."""

    faces: tuple[CardFace, ...]


def _paginate(faces: Sequence[CardFace], per_page: int) -> list[_Page]:
    """Fill pages in input order; decks mix, since each back mirrors its own front."""
    return [_Page(tuple(faces[i:i + per_page])) for i in range(0, len(faces), per_page)]


def _end_page(c: Canvas) -> None:
    """``showPage``, then compress the page's drawing commands at once.

    reportlab keeps every page's commands as uncompressed text until ``save`` and only
    compresses them while writing: about 30 kB a page, 20 MB held for a 1 MB pack (700
    pages), the largest part of `print`'s memory.  Compressed here with the same filters in
    the same order, the page stream is the same bytes; ``save`` sees the filter already
    applied and writes it as it is."""
    c.showPage()
    page = cast(Any, c)._doc.Pages.pages[-1]  # reportlab has no public way to the page
    if page.Contents or not page.compression or not page.stream:
        return
    filters: list[Any] = [PDFBase85Encode, PDFZCompress] if rl_config.useA85 else [
        PDFZCompress]
    content = page.stream
    names: list[Any] = []
    for step in reversed(filters):  # as PDFStream.format applies them
        content = step.encode(content)
        names.insert(0, PDFName(step.pdfname))
    stream: Any = PDFStream(content=content)
    stream.dictionary["Filter"] = PDFArray(names)
    stream.__Comment__ = "page stream"
    page.Contents = stream
    page.stream = None


def _new_canvas(buffer: io.BytesIO, layout: Layout, title: str) -> Canvas:
    c = Canvas(buffer, pagesize=(layout.page_w, layout.page_h), invariant=1,
               pageCompression=1)
    c.setTitle(title)
    c.setCreator("munchkin-dsl")
    c.setAuthor("munchkin-dsl")
    return c


def _check_glyphs(fonts: FontSet, face: CardFace, problems: _Problems) -> CardFace:
    """Report characters the font cannot draw (P002) and replace them with ``?``."""
    fields: dict[str, str] = {
        "title": face.title, "kind_line": face.kind_line, "corner_left": face.corner_left,
        "corner_right": face.corner_right, "body": face.body, "bad_stuff": face.bad_stuff,
        "footer_left": face.footer_left, "ruleset_mark": face.ruleset_mark,
        "bad_stuff_label": face.bad_stuff_label, "back_label": face.back_label,
        "level_label": face.level_label, "slot_label": face.slot_label, "mark": face.mark,
        "value_line": face.value_line, "card_id": face.card_id,
    }
    # One pass over all the card's text; the set of its characters is small.
    missing = fonts.missing("".join(sorted(set("".join((*fields.values(), *face.tags))))))
    if not missing:
        return face
    for ch in missing:
        problems.add(
            "P002",
            f"card {face.card_id!r} uses {ch!r} ({_char_name(ch)}), which the card font "
            f"(DejaVu Sans) has no glyph for; it is printed as '?'",
            face.span,
            hint="replace the character or spell it out",
        )
    changed = {name: fonts.sanitize(text) for name, text in fields.items()}
    # The id keeps its spelling in the report; only its printed form is sanitised.
    changed.pop("card_id")
    printed = replace(face, **cast(dict[str, Any], changed),
                      tags=tuple(fonts.sanitize(t) for t in face.tags))
    return printed


def render_pdf(faces: Sequence[CardFace], options: PrintOptions,
               out_path: str | os.PathLike[str], sink: DiagnosticSink,
               progress: Progress | None = None) -> RenderReport:
    """Render ``faces`` as a PDF at ``out_path`` and report what was done.

    Problems go to ``sink`` (and the report): P001 text that does not fit even at
    ``options.min_font_pt``, P002 characters without a glyph, P003 unusable art,
    P004 a layout that does not fit the page, P005 a word wider than its box even at
    its hyphenation points.  Under ``options.strict`` every
    problem is an error.  When any error is found the file is not written.
    ``progress(done, total)`` is called after each card is drawn.
    """
    problems = _Problems(options.strict)
    output = os.fspath(out_path)
    try:
        layout = plan_layout(options)
    except LayoutError as exc:
        problems.add("P004", str(exc), None, hint="choose a smaller card size or larger paper",
                     error=True)
        sink.extend(problems.items)
        return RenderReport({}, 0, 0, (), tuple(problems.items), output, False)

    fonts = load_fonts()
    images = _Images()
    proof = options.mode == "proof"
    shop = options.mode == "shop"
    upside_down = options.duplex == "short"
    if options.backs and not shop:
        _check_backs_on_page(layout, problems)

    buffer = io.BytesIO()
    c = _new_canvas(buffer, layout, "Munchkin cards")
    forms = _Forms(c)
    if shop:
        # Boxes apply to this and every later page: MediaBox = BleedBox, TrimBox inside.
        c.setBleedBox((0, 0, layout.page_w, layout.page_h))
        trim = layout.cards[0]
        c.setTrimBox((trim.x, trim.y, trim.right, trim.top))
    pages = _paginate(faces, layout.per_page)
    fits: list[CardFit] = []
    total = len(faces)
    done = 0
    page_no = 0
    for index, page in enumerate(pages):
        page_no += 1
        if not shop:
            caption = f"munchkin-dsl · sheet {index + 1} of {len(pages)}"
            _draw_sheet_furniture(c, fonts, forms, layout, caption, proof)
        for pos, raw in enumerate(page.faces):
            face = _check_glyphs(fonts, raw, problems)
            card = layout.cards[pos]
            fit = _fit_card(fonts, face, card, options.min_font_pt)
            if face.art_path is not None:
                image = images.get(face.art_path)
                if isinstance(image, str):
                    problems.add("P003", f"art for card {face.card_id!r} {image}: "
                                 f"{face.art_path}", face.span,
                                 hint="check the art path; a placeholder picture "
                                      "is printed instead")
            _check_long_words(fonts, fit, problems)
            if fit.overflow:
                problems.add(
                    "P001",
                    f"text of card {face.card_id!r} does not fit even at "
                    f"{options.min_font_pt:g} pt: {', '.join(fit.overflow)}; it is cut off",
                    face.span, hint="shorten the text or lower the minimum font size",
                )
            _draw_front(c, fonts, fit, layout.bleeds[pos], images, proof, forms)
            fits.append(CardFit(face.card_id, page_no, fit.title.size, fit.body.size,
                                not fit.overflow, fit.overflow))
            done += 1
            if progress is not None:
                progress(done, total)
        _end_page(c)
        if options.backs:
            page_no += 1
            _draw_back_page(c, fonts, forms, layout, page.faces, upside_down)
            _end_page(c)
    if not pages:
        # An empty PDF is not valid; an empty pack still gets one (blank) sheet.
        c.showPage()
        page_no = 1
    c.save()

    sink.extend(problems.items)
    written = not problems.has_errors
    if written:
        write_atomic(output, buffer.getvalue())
    return RenderReport(layout.to_json(), page_no, len(faces), tuple(fits),
                        tuple(problems.items), output, written)


def _check_long_words(fonts: FontSet, fit: _Fitted, problems: _Problems) -> None:
    """P005: a word wider than its box even at hyphenation points is split mid-syllable."""
    face = fit.face
    pad = mm(1.2) * fit.boxes.scale
    boxes = ((face.body, fit.body.size, fit.body_box.w),
             (face.bad_stuff, fit.bad.size if fit.bad else 0.0, fit.body_box.w - 2 * pad))
    seen: list[str] = []
    for text, size, width in boxes:
        if not text or not size:
            continue
        for word in fonts.unbreakable(text, fonts.regular, size, width, face.lang):
            if word not in seen:
                seen.append(word)
    for word in seen:
        problems.add("P005", f"card {face.card_id!r}: the word {word!r} is wider than its "
                     f"text box and has no hyphenation point that helps; it is split "
                     f"between letters", face.span,
                     hint="shorten the word, add a hyphen or a space, or shorten the text "
                          "so it is set larger")


def _check_backs_on_page(layout: Layout, problems: _Problems) -> None:
    """A back offset that pushes backs off the paper is a layout problem (P004)."""
    for rect in layout.backs:
        if rect.x < 0 or rect.y < 0 or rect.right > layout.page_w or rect.top > layout.page_h:
            problems.add("P004", "with this back offset some card backs fall off the page",
                         None, hint="check the back offset measured on the calibration sheet")
            return


# --------------------------------------------------------------------------- calibration


def calibration_targets(layout: Layout) -> list[tuple[float, float]]:
    """Target points (mm) for a calibration sheet: centres of the corner and middle cards.

    Measuring where the cards of this very print will be (rather than at fixed spots of
    a portrait page) makes the offset right for this paper, orientation and card size.
    """
    cards = layout.cards
    picks = [cards[i] for i in (0, layout.cols - 1, len(cards) - layout.cols, len(cards) - 1)]
    points = [(r.x + r.w / 2, r.y + r.h / 2) for r in picks]
    points.append((layout.page_w / 2, layout.page_h / 2))
    out: list[tuple[float, float]] = []
    for x, y in points:
        point = (round(x / mm(1), 2), round(y / mm(1), 2))
        if point not in out:
            out.append(point)
    return out


def render_calibration(options: PrintOptions,
                       out_path: str | os.PathLike[str]) -> RenderReport:
    """Write a two-page duplex calibration sheet for measuring the back offset.

    The sheet has the page size and orientation of the print it calibrates (``paper``,
    ``card_size_mm``, ``mode``: A4 or Letter portrait or landscape, or a card-sized
    print-shop page) and shows the card outlines.  The front has crosshair targets at
    the centres of the corner and middle cards; the back has a target where each must
    land after duplex printing (mirrored for ``options.duplex``, shifted by the current
    ``options.back_offset_mm``) with millimetre scales around it.  Held against the
    light, the scale reading under the front target is the correction to add to the
    back offset.
    """
    output = os.fspath(out_path)
    try:
        layout = plan_layout(replace(options, backs=True))
    except LayoutError as exc:
        raise ValueError(str(exc)) from exc
    pw, ph = layout.page_w, layout.page_h
    # Text and marks scale down on a card-sized print-shop page.
    k = min(1.0, pw / mm(210))
    fonts = load_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(pw, ph), invariant=1, pageCompression=1)
    c.setTitle("Munchkin duplex calibration")
    c.setCreator("munchkin-dsl")
    targets = calibration_targets(layout)
    dx, dy = options.back_offset_mm

    # Front: card outlines, targets, labels, instructions.
    _outline_cards(c, layout.cards)
    _fill(c, INK)
    c.setFont(fonts.bold, 14 * k)
    c.drawString(mm(8) * k, ph - mm(9) * k, "Duplex calibration: front")
    c.setFont(fonts.regular, 6 * k)
    lines = [
        f"1. Print both pages double-sided ({options.duplex}-edge flip) at 100 % / actual "
        "size.  2. Hold the sheet against a light, BACK page facing you;",
        "at each target read the back scales where the front cross shows through: x right "
        "(+) or left (−), y up (+) or down (−), in mm.",
        f"3. Add the average to the current offset ({dx:+.1f},{dy:+.1f} mm) and pass it as "
        "--back-offset.",
    ]
    y = ph - mm(12.5) * k
    if layout.mode == "shop":
        lines = [f"{options.duplex}-edge, offset {dx:+.1f},{dy:+.1f} mm"]
    for line in lines:
        c.drawString(mm(8) * k, y, line)
        y -= 7.2 * k
    for i, (tx, ty) in enumerate(targets):
        _crosshair(c, mm(tx), mm(ty), mm(8) * k)
        c.setFont(fonts.regular, 6 * k)
        c.drawString(mm(tx) + mm(3) * k, mm(ty) + mm(3) * k,
                     f"{chr(65 + i)} ({tx:g}, {ty:g}) mm")
    c.showPage()

    # Back: where the backs go, mirrored targets plus the current offset, ±5 mm scales.
    _outline_cards(c, layout.backs)
    _fill(c, INK)
    c.setFont(fonts.bold, 14 * k)
    c.drawString(mm(8) * k, ph - mm(9) * k, "Duplex calibration: back")
    c.setFont(fonts.regular, 7 * k)
    c.drawString(mm(8) * k, ph - mm(13) * k,
                 f"{options.duplex}-edge duplex, current offset {dx:+.1f},{dy:+.1f} mm")
    for i, (tx, ty) in enumerate(targets):
        bx, by = mirror_point(mm(tx), mm(ty), pw, ph, options.duplex)
        bx, by = bx + mm(dx), by + mm(dy)
        _crosshair(c, bx, by, mm(4))
        _scales(c, fonts, bx, by)
        c.setFont(fonts.regular, 6)
        c.drawString(bx + mm(6.5), by + mm(6.5), chr(65 + i))
    c.showPage()
    c.save()
    write_atomic(output, buffer.getvalue())
    w, h = layout.card_size_mm
    if layout.mode == "shop":
        page = f"{w + 2 * layout.bleed_mm:g}×{h + 2 * layout.bleed_mm:g} mm print-shop page"
    else:
        paper = options.paper.upper() if options.paper == "a4" else options.paper.capitalize()
        page = f"{paper} {layout.orientation}"
    report_layout = {
        "mode": "calibration",
        "paper": layout.paper,
        "orientation": layout.orientation,
        "page_pt": [round(pw, 3), round(ph, 3)],
        "card_size_mm": [w, h],
        "cards_per_page": layout.per_page,
        "duplex": options.duplex,
        "back_offset_mm": [dx, dy],
        "targets_mm": [list(t) for t in targets],
        "description": f"{page} duplex calibration sheet for {w:g}×{h:g} mm cards "
                       f"({layout.per_page} per page), {options.duplex}-edge flip, current "
                       f"back offset {dx:+.1f},{dy:+.1f} mm",
    }
    return RenderReport(report_layout, 2, 0, (), (), output, True)


def _outline_cards(c: Canvas, rects: Sequence[Rect]) -> None:
    """Light card outlines, so the sheet shows where this print's cards will be."""
    c.saveState()
    _stroke(c, (0.75, 0.75, 0.75))
    c.setLineWidth(0.4)
    c.setDash(2, 2)
    for rect in rects:
        c.rect(rect.x, rect.y, rect.w, rect.h, stroke=1, fill=0)
    c.restoreState()


def _crosshair(c: Canvas, x: float, y: float, arm: float) -> None:
    _stroke(c, (0, 0, 0))
    c.setLineWidth(0.3)
    c.line(x - arm, y, x + arm, y)
    c.line(x, y - arm, x, y + arm)
    c.circle(x, y, arm / 2, stroke=1, fill=0)


def _scales(c: Canvas, fonts: FontSet, x: float, y: float) -> None:
    """±5 mm scales in 0.5 mm steps through a back target, labelled every 2 mm."""
    c.setLineWidth(0.2)
    c.setFont(fonts.regular, 4)
    base_y, base_x = y - mm(6), x - mm(6)
    for i in range(-10, 11):
        off = mm(i / 2)
        tick = mm(1.6 if i == 0 else 1.2 if i % 2 == 0 else 0.6)
        c.line(x + off, base_y, x + off, base_y + tick)
        c.line(base_x, y + off, base_x + tick, y + off)
        if i % 4 == 0:
            label = f"{i // 2:+d}" if i else "0"
            c.drawCentredString(x + off, base_y - mm(2), label)
            c.drawRightString(base_x - mm(0.6), y + off - 1.4, label)
    c.line(x - mm(5), base_y, x + mm(5), base_y)
    c.line(base_x, y - mm(5), base_x, y + mm(5))
    c.drawString(x + mm(5.6), base_y - mm(0.6), "x mm")
    c.drawString(base_x - mm(1.5), y + mm(5.8), "y mm")


__all__ = ["DECKS", "CardFit", "RenderReport", "render_calibration", "render_pdf"]
