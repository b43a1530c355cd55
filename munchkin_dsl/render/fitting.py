"""Text fitting: the largest size from a few steps at which each card's text fits,
with the picture giving way first (placeholder art further than real art)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from munchkin_dsl.render.faces import CardFace
from munchkin_dsl.render.fonts import FontSet
from munchkin_dsl.render.layout import (
    SAFE_INSET_MM,
    Rect,
    mm,
)
from munchkin_dsl.render.style import (
    BAD_STUFF_LABELS,
    CORNER_PT,
    FOOTER_PT,
    KIND_PT,
    LEADING,
    SIZE_STEP,
    TAGS_PT,
    TITLE_PT,
    look,
)

# --------------------------------------------------------------------------- text fitting


@dataclass
class Line:
    """A single-line field fitted to a width."""

    text: str
    size: float
    fits: bool


@dataclass
class Block:
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
def font_sizes(default: float, minimum: float) -> list[float]:
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


def body_steps(k: float, minimum: float) -> list[float]:
    """The body sizes tried for a card scaled by ``k``: :data:`BODY_STEPS` down to the
    minimum, which is always the last step."""
    steps = [round(step * k, 3) for step in BODY_STEPS if step * k > minimum + 1e-9]
    return [*steps, minimum]


def _fit_line(fonts: FontSet, text: str, font: str, default: float, minimum: float,
              width: float) -> Line:
    for size in font_sizes(default, minimum):
        if fonts.width(text, font, size) <= width:
            return Line(text, size, True)
    return Line(text, minimum, not text)


def ellipsize(fonts: FontSet, text: str, font: str, size: float, width: float) -> str:
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
                first_indent: float = 0.0, *, lang: str | None = None) -> Block:
    paragraphs = []
    for i, para in enumerate(text.split("\n")):
        indent = first_indent if i == 0 else 0.0
        paragraphs.append(fonts.wrap(para.strip(), font, size, width, indent, lang))
    return Block(paragraphs, size)


@dataclass
class Boxes:
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
#: way to text before the text shrinks, but never disappears.
ART_FRACTIONS = (0.50, 0.42, 0.36, 0.30, 0.24, 0.18, 0.12)
#: The smallest picture for real art; a placeholder gives way down to the last fraction.
ART_MIN_FRACTION = 0.30
#: Body sizes (pt at 56×87 mm) tried largest first: a few clear steps, so cards of a deck
#: share sizes, and the text is at the largest step that fits (a step smaller only when
#: the larger one does not fit even with the smallest picture allowed).
BODY_STEPS = (8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0)


def _has_bottom_line(face: CardFace) -> bool:
    return bool(face.footer_left or face.value_line or face.slot)


def card_boxes(face: CardFace, card: Rect, art_frac: float | None = None) -> Boxes:
    """Card-front geometry; sizes are for 56×87 mm and scale with the card.

    Top to bottom, as on a Munchkin card: title band, type line, tags, picture (with
    the level or bonus badge on its corner), rules text, Bad Stuff box, the bottom line
    (treasures, slot, value) and the fine print.
    """
    k = min(card.w / mm(56), card.h / mm(87))
    if art_frac is None:
        art_frac = look().art_height
    frame_w = mm(look().frame_mm) * k
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
    return Boxes(k, card, inner, header, cx, cw, kind_baseline, tags_baseline,
                  corner_baseline, art, flex, footer_baseline, fine_baseline)


@dataclass
class Fitted:
    """A card's texts fitted into its boxes, ready to draw."""

    face: CardFace
    boxes: Boxes
    title: Block
    title_fits: bool
    kind: Line
    tags: Line
    left: Line
    right: Line
    corner_fits: bool
    footer: Line
    value: Line
    body: Block
    bad: Block | None
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
        self._cache: dict[float, tuple[Block, Block | None, float]] = {}

    def at(self, size: float) -> tuple[Block, Block | None, float]:
        """(rules, Bad Stuff, total height) at ``size``."""
        found = self._cache.get(size)
        if found is not None:
            return found
        fonts, face, width = self.fonts, self.face, self.width
        body = _wrap_block(fonts, face.body, fonts.regular, size, width, lang=face.lang) \
            if face.body else Block([], size)
        need = body.height()
        bad = None
        if face.bad_stuff:
            indent = fonts.width(self.label + " ", fonts.bold, size)
            bad = _wrap_block(fonts, face.bad_stuff, fonts.regular, size,
                              width - 2 * self.pad, indent, lang=face.lang)
            need += 2 * self.pad + bad.height() + (self.bad_gap if face.body else 0.0)
        self._cache[size] = (body, bad, need)
        return self._cache[size]

    def fit(self, height: float, sizes: list[float]) -> tuple[Block, Block | None, bool]:
        """At the first of ``sizes`` whose text fits ``height``; else at the last size."""
        for size in sizes:
            body, bad, need = self.at(size)
            if need <= height:
                return body, bad, True
        body, bad, _ = self.at(sizes[-1])
        return body, bad, False


def _fit_title(fonts: FontSet, text: str, room: float, cw: float, k: float,
               minimum: float) -> tuple[Block, bool]:
    """The title at the largest size whose lines fit the header's ``room`` (else the
    smallest), and whether it fits."""
    title = Block([[""]], minimum)
    for size in font_sizes(TITLE_PT * k, minimum):
        title = Block([fonts.wrap(text, fonts.bold, size, cw)], size)
        if title.line_count * 1.08 * size <= room:
            return title, True
    return title, False


def _fit_corners(fonts: FontSet, face: CardFace, cw: float, gap: float, k: float,
                 minimum: float) -> tuple[Line, Line, bool]:
    """The two top corners at the largest size at which both fit the content width."""
    left = right = Line("", minimum, True)
    if not (face.corner_left or face.corner_right):
        return left, right, True
    for size in font_sizes(CORNER_PT * k, minimum):
        need = (fonts.width(face.corner_left, fonts.bold, size)
                + fonts.width(face.corner_right, fonts.bold, size))
        if face.corner_left and face.corner_right:
            need += gap
        left = Line(face.corner_left, size, True)
        right = Line(face.corner_right, size, True)
        if need <= cw:
            return left, right, True
    return left, right, False


def fit_card(fonts: FontSet, face: CardFace, card: Rect, minimum: float) -> Fitted:
    k = min(card.w / mm(56), card.h / mm(87))
    label = face.bad_stuff_label or BAD_STUFF_LABELS.get(face.lang, BAD_STUFF_LABELS["en"])
    sizes = body_steps(k, minimum)
    top = look().art_height
    fractions = [top] + [f for f in ART_FRACTIONS
                         if f < top and (f >= ART_MIN_FRACTION or not face.art_path)]
    # Largest size first; at each size the picture gives way before the text shrinks.
    rules = _RulesSizes(fonts, face, card_boxes(face, card).flex.w, label, k)
    fits = False
    for size in sizes:
        for frac in fractions:
            boxes = card_boxes(face, card, frac)
            body, bad, fits = rules.fit(boxes.flex.h, [size])
            if fits:
                break
        if fits:
            break
    cw = boxes.content_w

    title, title_fits = _fit_title(fonts, face.title, boxes.header.h - mm(1.2) * k, cw, k,
                                   minimum)

    kind = _fit_line(fonts, face.kind_line, fonts.oblique, KIND_PT * k, minimum, cw)
    tags = _fit_line(fonts, " · ".join(face.tags), fonts.bold, TAGS_PT * k, minimum, cw)
    gap = mm(2) * k
    left, right, corner_fits = _fit_corners(fonts, face, cw, gap, k, minimum)
    value = _fit_line(fonts, face.value_line, fonts.bold, FOOTER_PT * k, minimum, cw / 2)
    value_w = fonts.width(value.text, fonts.bold, value.size) + gap if value.text else 0.0
    left_text = face.footer_left or face.slot_label
    icon_w = slot_icon_size(k) + mm(1) * k if (face.slot and not face.footer_left) else 0.0
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
    return Fitted(face, boxes, title, title_fits, kind, tags, left, right, corner_fits,
                   footer, value, body, bad, body_box, bad_box, body_fits, bad_fits, label)


def slot_icon_size(k: float) -> float:
    return mm(3.0) * k
