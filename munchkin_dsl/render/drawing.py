"""Drawing one card front or back (and its placeholder picture) on a reportlab canvas."""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from munchkin_dsl.base.files import Refused
from munchkin_dsl.base.images import read_art
from munchkin_dsl.render.emblem import Emblem, draw_mark, draw_pattern, emblem_for
from munchkin_dsl.render.faces import CardFace
from munchkin_dsl.render.fitting import Block, Boxes, Fitted, Line, ellipsize, slot_icon_size
from munchkin_dsl.render.fonts import FontSet
from munchkin_dsl.render.icons import draw_icon, picture_icon
from munchkin_dsl.render.layout import (
    SAFE_INSET_MM,
    Layout,
    Rect,
    mm,
)
from munchkin_dsl.render.style import (
    FINE_PT,
    LEADING,
    MAGENTA,
    RED,
    WHITE,
    Colour,
    hex_colour,
    look,
)

# --------------------------------------------------------------------------- drawing


def fill(c: Canvas, colour: Colour) -> None:
    c.setFillColorRGB(*colour)


def stroke(c: Canvas, colour: Colour) -> None:
    c.setStrokeColorRGB(*colour)


def _clip_to(c: Canvas, rect: Rect) -> None:
    path = c.beginPath()
    path.rect(rect.x, rect.y, rect.w, rect.h)
    c.clipPath(path, stroke=0, fill=0)


class Forms:
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


def _draw_lines(c: Canvas, fonts: FontSet, font: str, block: Block, x: float, top: float,
                *, first_prefix: tuple[str, str] | None = None) -> None:
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


class Images:
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
                    cast(Any, reader).getRGBData()  # reportlab's method is unannotated
                    self._cache[path] = reader
                except Exception as exc:  # noqa: BLE001 - any decoder failure means unreadable
                    self._cache[path] = f"cannot be read ({type(exc).__name__})"
        return self._cache[path]


def _draw_art(c: Canvas, box: Rect, image: ImageReader | str) -> None:
    fill(c, hex_colour("#efe6d2"))
    stroke(c, look().muted)
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


def _draw_base(c: Canvas, deck: str, b: Boxes, dx: float, dy: float, bw: float,
               *, bh: float) -> None:
    """The part of a front every card of a deck shares, with the bleed corner at (0, 0).

    Frame in the deck colour from the bleed edge, the paper-coloured face inside it
    and the header band, drawn up to the card edge so no seam shows between the
    paper's rounded top corners and the band.
    """
    colour = look().decks[deck][0]
    k = b.scale
    fill(c, colour)
    c.rect(0, 0, bw, bh, stroke=0, fill=1)
    fill(c, look().paper)
    c.roundRect(b.inner.x - dx, b.inner.y - dy, b.inner.w, b.inner.h, mm(look().corner_mm) * k,
                stroke=0, fill=1)
    fill(c, colour)
    c.rect(b.header.x - dx, b.header.y - dy, b.header.w, b.frame.top - b.header.y,
           stroke=0, fill=1)


def draw_front(c: Canvas, fonts: FontSet, fit: Fitted, bleed: Rect, images: Images,
               proof: bool, *, forms: Forms, fine_print: bool = True) -> None:
    face, b = fit.face, fit.boxes
    colour, title_colour, tint = look().decks[face.deck]

    forms.place(f"base_{face.deck}", bleed.x, bleed.y, bleed.w, bleed.h,
                lambda: _draw_base(c, face.deck, b, bleed.x, bleed.y, bleed.w, bh=bleed.h))
    mid = b.content_x + b.content_w / 2
    _draw_title(c, fonts, fit, title_colour, mid)
    _draw_head_lines(c, fonts, fit, colour, mid)
    _draw_picture(c, fonts, forms, face, b, images)
    _draw_rules(c, fonts, fit, colour, tint)
    _draw_footer(c, fonts, forms, fit, colour)
    if fine_print or proof:  # proofs always name the card they show
        _draw_fine_print(c, fonts, face, b)

    if proof:
        _draw_proof_marks(c, fonts, fit)


def _draw_title(c: Canvas, fonts: FontSet, fit: Fitted, title_colour: Colour,
                mid: float) -> None:
    """The title, centred in the header band."""
    b = fit.boxes
    fill(c, title_colour)
    t = fit.title
    lines = [line for para in t.paragraphs for line in para]
    line_h = 1.08 * t.size
    block_h = len(lines) * line_h
    y = b.header.y + (b.header.h + block_h) / 2 - 0.82 * t.size
    if not fit.title_fits:
        c.saveState()
        _clip_to(c, b.header)
    c.setFont(fonts.bold, t.size)
    for line in lines:
        c.drawString(mid - fonts.width(line, fonts.bold, t.size) / 2, y, line)
        y -= line_h
    if not fit.title_fits:
        c.restoreState()


def _draw_head_lines(c: Canvas, fonts: FontSet, fit: Fitted, colour: Colour,
                     mid: float) -> None:
    """The kind line, the tags and the corner figures under the title."""
    face, b = fit.face, fit.boxes
    fill(c, look().ink)
    if b.kind_baseline is not None:
        _draw_single(c, fonts, fit.kind, fonts.oblique, mid, b.kind_baseline, b=b, centred=True)
    if b.tags_baseline is not None:
        fill(c, colour if face.deck != "treasure" else look().ink)
        _draw_single(c, fonts, fit.tags, fonts.bold, mid, b.tags_baseline, b=b, centred=True)
        fill(c, look().ink)
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


def _draw_rules(c: Canvas, fonts: FontSet, fit: Fitted, colour: Colour, tint: Colour) -> None:
    """Rules text, then the Bad Stuff box anchored at the bottom of the text area."""
    k = fit.boxes.scale
    fill(c, look().ink)
    if fit.body.paragraphs:
        if not fit.body_fits:
            c.saveState()
            _clip_to(c, fit.body_box)
        _draw_lines(c, fonts, fonts.regular, fit.body, fit.body_box.x, fit.body_box.top)
        if not fit.body_fits:
            c.restoreState()
    if fit.bad is not None and fit.bad_box is not None:
        box = fit.bad_box
        fill(c, tint)
        stroke(c, colour)
        c.setLineWidth(0.6)
        c.roundRect(box.x, box.y, box.w, box.h, mm(0.8) * k, stroke=1, fill=1)
        pad = mm(1.2) * k
        if not fit.bad_fits:
            c.saveState()
            _clip_to(c, box.inset(0.3))
        fill(c, look().ink)
        _draw_lines(c, fonts, fonts.regular, fit.bad, box.x + pad, box.top - pad,
                    first_prefix=(fonts.bold, fit.label))
        if not fit.bad_fits:
            c.restoreState()


def _draw_footer(c: Canvas, fonts: FontSet, forms: Forms, fit: Fitted, colour: Colour) -> None:
    """Bottom line: treasures (or the slot icon and word) left, value right."""
    face, b = fit.face, fit.boxes
    k = b.scale
    if b.footer_baseline is None:
        return
    fill(c, look().ink)
    x = b.content_x
    if face.slot and not face.footer_left:
        size = slot_icon_size(k)
        fill(c, colour)
        _place_icon(c, forms, picture_icon("", face.deck, face.slot), face.deck,
                    x, b.footer_baseline - mm(0.6) * k, size=size)
        x += size + mm(1) * k
        fill(c, look().ink)
    _draw_single(c, fonts, fit.footer, fonts.bold, x, b.footer_baseline, b=b)
    if fit.value.text:
        vx = b.content_x + b.content_w - fonts.width(fit.value.text, fonts.bold,
                                                     fit.value.size)
        _draw_single(c, fonts, fit.value, fonts.bold, vx, b.footer_baseline, b=b)


def _draw_fine_print(c: Canvas, fonts: FontSet, face: CardFace, b: Boxes) -> None:
    """The card id and ruleset in 4.5 pt at the foot (off with ``--no-footer``)."""
    k = b.scale
    fill(c, look().muted)
    size = FINE_PT * k
    mark = face.ruleset_mark
    mark_w = fonts.width(mark, fonts.regular, size) if mark else 0.0
    ident = ellipsize(fonts, face.card_id, fonts.regular, size,
                       b.content_w - mark_w - mm(2) * k)
    c.setFont(fonts.regular, size)
    c.drawString(b.content_x, b.fine_baseline, ident)
    if mark:
        c.drawString(b.content_x + b.content_w - mark_w, b.fine_baseline, mark)


def _place_icon(c: Canvas, forms: Forms, name: str, deck: str, x: float, y: float,
                *, size: float) -> None:
    """An icon in the current fill colour, as a form (drawn once per name, deck and size)."""
    colour = _icon_colour(deck)
    key = f"icon_{name}_{deck}_{round(size, 2)}"
    def draw() -> None:
        fill(c, colour)
        draw_icon(c, name, 0, 0, size)

    forms.place(key, x, y, size, size, draw)


def _draw_placeholder(c: Canvas, emblem: Emblem, w: float, h: float, k: float) -> None:
    """A picture for a card without art: deck tint, a pattern, the card's emblem.

    A placeholder rather than a blank box: the card still reads as a Door or Treasure
    card of its kind at a glance, it is obviously a stand-in, not finished art, and no
    two cards look alike (:mod:`.emblem`).
    """
    deck = emblem.deck
    _, _, tint = look().decks[deck]
    fill(c, tint)
    c.rect(0, 0, w, h, stroke=0, fill=1)
    c.saveState()
    _clip_to(c, Rect(0, 0, w, h))
    # Opaque mixes rather than transparency: same look in every viewer and rasteriser.
    ink = _mix(tint, _icon_colour(deck), 0.14)
    stroke(c, ink)
    fill(c, ink)
    c.setLineWidth(mm(0.7) * k)
    draw_pattern(c, emblem, w, h, mm(emblem.step) * k)
    c.restoreState()
    size = min(w, h) * emblem.scale
    fill(c, _mix(tint, _icon_colour(deck), 0.85))
    c.saveState()
    c.translate(w / 2, h / 2)
    c.rotate(emblem.tilt)
    draw_icon(c, emblem.icon, -size / 2, -size / 2, size)
    c.restoreState()
    mark = mm(2.2) * k
    for i, shape in enumerate(emblem.marks):
        draw_mark(c, shape, w - (i + 1) * (mark + mm(1) * k), mm(1) * k, mark)
    stroke(c, look().decks[deck][0])
    c.setLineWidth(0.5)
    c.rect(0, 0, w, h, stroke=1, fill=0)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    """``t`` of the way from colour ``a`` to ``b``."""
    return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _icon_colour(deck: str) -> Colour:
    """Icons in the deck colour, except on gold Treasure cards where that lacks contrast."""
    colour, title_colour, _ = look().decks[deck]
    return title_colour if deck == "treasure" else colour


def _draw_picture(c: Canvas, fonts: FontSet, forms: Forms, face: CardFace, b: Boxes,
                  images: Images) -> None:
    """The picture area (art or placeholder) with the level/bonus badges and the mark.

    Everything that repeats from card to card (placeholder, badge shapes and captions,
    ribbons) is a form drawn once; per card only the numbers are text, placed with the
    cached widths, since formatting coordinates is most of reportlab's cost.
    """
    box = b.art
    k = b.scale
    colour, title_colour, _ = look().decks[face.deck]
    image = images.get(face.art_path) if face.art_path is not None else None
    if isinstance(image, ImageReader):
        _draw_art(c, box, image)
    else:
        # Drawn in place, clipped to the box as a form's bounding box would clip it: every
        # card's emblem differs, so a form per picture was never reused, and 1,000 forms
        # (each its own PDF object, resources and compressed stream) cost more than
        # drawing the pictures.  The shared parts (the pattern grids) stay forms.
        emblem = emblem_for(face.kind, face.deck, face.slot, face.tags, face.card_id)
        c.saveState()
        c.translate(box.x, box.y)
        _clip_to(c, Rect(0, 0, box.w, box.h))
        _draw_placeholder(c, emblem, box.w, box.h, k)
        c.restoreState()
    if face.level is not None:
        r = mm(5.0) * k
        x, y = box.x + mm(0.8) * k, box.top - 2 * r - mm(0.8) * k
        caption = (face.level_label or "Level").upper()
        forms.place(f"level_{face.deck}_{caption.encode().hex()}_{round(r, 2)}", x, y,
                    2 * r, 2 * r, lambda: _draw_level_disc(c, fonts, face.deck, caption, r, k))
        number = str(face.level)
        size = min(11.0 * k, 1.4 * r / max(fonts.width(number, fonts.bold, 1.0), 1e-6))
        fill(c, title_colour)
        c.setFont(fonts.bold, size)
        c.drawString(x + r - fonts.width(number, fonts.bold, size) / 2, y + r - size * 0.62,
                     number)
    if face.bonus:  # no "+0" starburst on an item without a bonus
        r = mm(5.4) * k
        x, y = box.right - 2 * r - mm(0.6) * k, box.top - 2 * r - mm(0.6) * k
        forms.place(f"bonus_{round(r, 2)}", x, y, 2 * r, 2 * r,
                    lambda: _draw_starburst(c, r, k))
        text = _minus(f"{face.bonus:+d}")
        size = min(11.0 * k, 1.3 * r / max(fonts.width(text, fonts.bold, 1.0), 1e-6))
        fill(c, look().ink)
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
                    lambda: _draw_ribbon(c, fonts, face.deck, text, size, w, h=h, k=k))


def _draw_level_disc(c: Canvas, fonts: FontSet, deck: str, caption: str, r: float,
                     k: float) -> None:
    """The level badge without its number: a deck-coloured disc and "LEVEL" across it."""
    colour, title_colour, _ = look().decks[deck]
    fill(c, colour)
    stroke(c, title_colour)
    c.setLineWidth(0.8 * k)
    c.circle(r, r, r - 0.4 * k, stroke=1, fill=1)
    fill(c, title_colour)
    # The caption's top corners stay inside the disc: at most 1.3 r wide, 0.3 r up.
    size = min(4.2 * k, 1.3 * r / max(fonts.width(caption, fonts.bold, 1.0), 1e-6))
    c.setFont(fonts.bold, size)
    c.drawString(r - fonts.width(caption, fonts.bold, size) / 2, r + r * 0.3, caption)


def _draw_starburst(c: Canvas, r: float, k: float) -> None:
    """The bonus badge's gold starburst, centred in a 2r square."""
    fill(c, look().decks["treasure"][0])
    stroke(c, look().ink)
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
                 *, h: float, k: float) -> None:
    """The Big / Aggregate ribbon on the picture's corner."""
    colour, title_colour, _ = look().decks[deck]
    fill(c, colour)
    c.roundRect(0, 0, w, h, mm(0.8) * k, stroke=0, fill=1)
    fill(c, title_colour)
    c.setFont(fonts.bold, size)
    c.drawString((w - fonts.width(text, fonts.bold, size)) / 2, (h - size) / 2 + 0.18 * size,
                 text)


def _minus(text: str) -> str:
    """A real minus sign (U+2212) for a leading hyphen before a number."""
    return "\u2212" + text[1:] if text.startswith("-") else text


def _draw_single(c: Canvas, fonts: FontSet, line: Line, font: str, x: float,
                 baseline: float, *, b: Boxes, centred: bool = False) -> None:
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


def _draw_proof_marks(c: Canvas, fonts: FontSet, fit: Fitted) -> None:
    card = fit.boxes.frame
    safe = card.inset(mm(SAFE_INSET_MM))
    c.saveState()
    c.setLineWidth(0.4)
    stroke(c, MAGENTA)
    c.setDash(2, 2)
    c.rect(safe.x, safe.y, safe.w, safe.h, stroke=1, fill=0)
    c.setDash()
    # The card id on a white tag, readable over any design.
    size = 5.5
    text = fit.face.card_id
    w = fonts.width(text, fonts.bold, size) + 4
    fill(c, WHITE)
    c.rect(card.x + 2, card.top - size - 5, w, size + 3, stroke=0, fill=1)
    fill(c, MAGENTA)
    c.setFont(fonts.bold, size)
    c.drawString(card.x + 4, card.top - size - 3.4, text)
    if fit.overflow:
        stroke(c, RED)
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


def draw_back_page(c: Canvas, fonts: FontSet, forms: Forms, layout: Layout,
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
                       upside_down=upside_down)
        return
    grow = mm(layout.back_bleed_mm)
    cell = mm(layout.bleed_mm + layout.gutter_mm / 2)
    clip = grow > cell + 1e-6
    if clip:
        for pos, face in enumerate(faces):
            bleed = layout.backs[pos].inset(-grow)
            fill(c, look().decks[face.deck][0])
            c.rect(bleed.x, bleed.y, bleed.w, bleed.h, stroke=0, fill=1)
    for pos, face in enumerate(faces):
        trim = layout.backs[pos]
        if clip:
            c.saveState()
            _clip_to(c, trim.inset(-cell))
        _draw_back(c, fonts, forms, face, trim.inset(-grow), grow, upside_down=upside_down)
        if clip:
            c.restoreState()


def _draw_back(c: Canvas, fonts: FontSet, forms: Forms, face: CardFace, rect: Rect,
               margin: float, *, upside_down: bool) -> None:
    """A deck's back design; upside down for short-edge duplex so it reads like the front.

    ``rect`` is the back with its bleed, ``margin`` how far the trim line lies inside it.
    """
    deck, label = face.back
    name = (f"back_{deck}_{'down' if upside_down else 'up'}_{label.encode().hex()}"
            f"_{round(rect.w, 2)}x{round(rect.h, 2)}")
    forms.place(name, rect.x, rect.y, rect.w, rect.h,
                lambda: _draw_back_design(c, fonts, deck, label, rect.w, rect.h, margin=margin,
                                          upside_down=upside_down))


def _draw_back_design(c: Canvas, fonts: FontSet, deck: str, label: str, w: float, h: float,
                      *, margin: float, upside_down: bool) -> None:
    """Deck colour to the bleed edge; ring and name inside the trim's safe area.

    Keeping the ring inside the safe area means a cutting error of up to 3 mm never
    shows as a lopsided frame, the reason the design is laid out from the trim line
    rather than from the (bleed-sized) rectangle drawn.
    """
    colour, title_colour, _ = look().decks[deck]
    fill(c, colour)
    c.rect(0, 0, w, h, stroke=0, fill=1)
    trim = Rect(margin, margin, w - 2 * margin, h - 2 * margin)
    k = min(trim.w / mm(56), trim.h / mm(87))
    ring = trim.inset(mm(SAFE_INSET_MM) * k + mm(0.5) * k)
    stroke(c, title_colour)
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
    fill(c, title_colour)
    c.setFont(fonts.bold, size)
    c.drawCentredString(0, -0.36 * size, text)
    c.restoreState()
