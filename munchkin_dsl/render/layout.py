"""Page and card geometry for ``munchkin print``: pure functions, no reportlab.

Everything here is arithmetic on millimetres and PDF points, so the geometry can be
tested exactly (cards per page, crop marks never over a card, mirrored backs) and
reported (``describe``/``to_json``) without drawing anything.  Coordinates are PDF
points with the origin at the bottom-left of the page, as reportlab draws them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from munchkin_dsl import data

#: Points per millimetre (1 pt = 1/72 inch, 1 inch = 25.4 mm).
PT_PER_MM = 72.0 / 25.4

PAPER_SIZES_MM: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}
CARD_PRESETS: dict[str, tuple[float, float]] = {
    "munchkin": (56.0, 87.0),
    "poker": (63.0, 88.0),
}
MODES = ("sheet", "shop", "proof")
DUPLEX = ("long", "short")

#: Area near the paper edge most home printers cannot print on.
HARD_MARGIN_MM = 5.0
#: Crop marks start this far from the outermost cut line (so they never touch a card)...
CROP_GAP_MM = 1.0
#: ...and are this long.
CROP_LENGTH_MM = 3.0
#: A sheet margin must hold the crop marks inside the printable area.
MIN_MARGIN_MM = HARD_MARGIN_MM + CROP_GAP_MM + CROP_LENGTH_MM
#: Shorter crop marks, used only where they let one more row or column of cards fit
#: (A4: 5×2 munchkin cards landscape instead of 3×3 portrait, 10 per page instead of 9).
COMPACT_CROP_LENGTH_MM = 2.5
#: Depth of the ruler band: 3 mm ticks plus labels below them.
RULER_BAND_MM = 7.0
#: Gap between the crop marks and the ruler band.
RULER_GAP_MM = 1.0
#: Safe area: text and important art stay this far inside the trim line.
SAFE_INSET_MM = 3.0
#: How far a back is printed beyond its card on a home sheet by default, so a duplex
#: shift of up to this much shows the back's colour, not white paper, at the cut.
BACK_BLEED_MM = 2.0


def mm(value: float) -> float:
    """Millimetres to PDF points."""
    return value * PT_PER_MM


def parse_card_size(spec: str) -> tuple[float, float]:
    """``"munchkin"``, ``"poker"`` or ``"WxH"`` (mm) to a (width, height) in mm.

    Kept here so the CLI option and the tests share one parser.
    """
    key = spec.strip().lower()
    if key in CARD_PRESETS:
        return CARD_PRESETS[key]
    parts = key.replace("×", "x").split("x")
    if len(parts) == 2:
        try:
            width, height = float(parts[0]), float(parts[1])
        except ValueError:
            pass
        else:
            if width > 0 and height > 0:
                return (width, height)
    raise ValueError(
        f"card size must be one of {sorted(CARD_PRESETS)} or WIDTHxHEIGHT in mm, not {spec!r}"
    )


@dataclass(frozen=True)
class PrintOptions:
    """How to print: mode, paper, card size, bleed, backs and duplex alignment.

    ``bleed_mm`` left as ``None`` means the mode's default: none on a home-printed
    sheet (cards are cut on the trim line), 3 mm for a print shop, which trims
    inside the bleed.  ``back_offset_mm`` is the correction measured with the
    calibration sheet, added to every back position (x right, y up, in mm).
    ``back_bleed_mm`` (``None``: 2 mm on home sheets, the bleed in shop mode) is how far
    each back extends beyond its card, so a misaligned duplex shows no white sliver.
    """

    mode: str = "sheet"
    paper: str = "a4"
    card_size_mm: tuple[float, float] = CARD_PRESETS["munchkin"]
    gutter_mm: float = 0.0
    bleed_mm: float | None = None
    backs: bool = False
    duplex: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    back_bleed_mm: float | None = None
    min_font_pt: float = 6.0
    strict: bool = False
    #: The 4.5 pt card id and ruleset at each card's foot (``--no-footer`` turns it off).
    fine_print: bool = True

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {self.mode!r}")
        if self.paper not in PAPER_SIZES_MM:
            raise ValueError(f"paper must be one of {tuple(PAPER_SIZES_MM)}, not {self.paper!r}")
        if self.duplex not in DUPLEX:
            raise ValueError(f"duplex must be one of {DUPLEX}, not {self.duplex!r}")
        if isinstance(self.card_size_mm, str):
            object.__setattr__(self, "card_size_mm", parse_card_size(self.card_size_mm))
        width, height = self.card_size_mm
        if width <= 0 or height <= 0:
            raise ValueError(f"card size must be positive, not {self.card_size_mm!r}")
        object.__setattr__(self, "card_size_mm", (float(width), float(height)))
        if self.bleed_mm is None:
            object.__setattr__(self, "bleed_mm", 3.0 if self.mode == "shop" else 0.0)
        if self.back_bleed_mm is None:
            object.__setattr__(self, "back_bleed_mm",
                               self.bleed_mm if self.mode == "shop" else BACK_BLEED_MM)
        assert self.bleed_mm is not None and self.back_bleed_mm is not None  # set just above
        if self.bleed_mm < 0 or self.gutter_mm < 0 or self.back_bleed_mm < 0:
            raise ValueError("bleed, back bleed and gutter must not be negative")
        if self.min_font_pt <= 0:
            raise ValueError("minimum font size must be positive")
        dx, dy = self.back_offset_mm
        object.__setattr__(self, "back_offset_mm", (float(dx), float(dy)))
        for key, value in (("card_width", width), ("card_height", height),
                           ("gutter", self.gutter_mm), ("bleed", self.bleed_mm),
                           ("back_offset", dx), ("back_offset", dy),
                           ("min_font", self.min_font_pt)):
            check_print_limit(key, value)


def check_print_limit(key: str, value: float) -> None:
    """ValueError unless ``value`` is finite and inside data/print_limits.toml's range."""
    rng = data.load("print_limits")[key]
    if not math.isfinite(value) or not rng["min"] <= value <= rng["max"]:
        raise ValueError(f"{rng['what']} must be a number from {rng['min']:g} to "
                         f"{rng['max']:g}, not {value!r}")


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in points; (x, y) is its bottom-left corner."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def inset(self, d: float) -> Rect:
        """Shrink (or grow, with negative ``d``) on all four sides."""
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def contains_point(self, px: float, py: float) -> bool:
        """Inclusive containment, so a mark touching a card edge counts as over it."""
        return self.x <= px <= self.right and self.y <= py <= self.top

    def intersects_segment(self, seg: Segment) -> bool:
        """Whether an axis-aligned segment touches this rectangle (edges included)."""
        lo_x, hi_x = sorted((seg.x0, seg.x1))
        lo_y, hi_y = sorted((seg.y0, seg.y1))
        return not (hi_x < self.x or lo_x > self.right or hi_y < self.y or lo_y > self.top)

    def to_json(self) -> dict[str, float]:
        return {k: round(v, 3) for k, v in (("x", self.x), ("y", self.y),
                                             ("w", self.w), ("h", self.h))}


@dataclass(frozen=True)
class Segment:
    """A straight line from (x0, y0) to (x1, y1) in points: one crop mark."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class Ruler:
    """A 1:1 scale printed so the user can check the sheet was printed at 100 %.

    ``(x, y)`` is the 0 mm end of the scale line.  Ticks grow towards the cards
    (``inward`` is +1 when that is increasing y for a horizontal ruler or increasing
    x for a vertical one, else -1); labels sit on the page-edge side.
    """

    x: float
    y: float
    length_mm: int
    horizontal: bool
    where: str
    inward: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"x": round(self.x, 3), "y": round(self.y, 3), "length_mm": self.length_mm,
                "horizontal": self.horizontal, "where": self.where, "inward": self.inward}


class LayoutError(ValueError):
    """The cards cannot be placed on the page at full size (reported as P004)."""


@dataclass(frozen=True)
class Layout:
    """Where everything goes on one page; every page of a run shares it.

    ``cards`` are trim rectangles in reading order (rows top to bottom, left to
    right); ``backs[i]`` is where the back of ``cards[i]`` must be drawn on the back
    page so that it lands behind it after duplex printing.
    """

    mode: str
    paper: str
    orientation: str
    page_w: float
    page_h: float
    card_size_mm: tuple[float, float]
    bleed_mm: float
    gutter_mm: float
    cols: int
    rows: int
    cards: tuple[Rect, ...]
    bleeds: tuple[Rect, ...]
    backs: tuple[Rect, ...]
    crop_marks: tuple[Segment, ...] = field(default_factory=tuple)
    ruler: Ruler | None = None
    margins_mm: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    duplex: str = "long"
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    with_backs: bool = False
    back_bleed_mm: float = 0.0

    @property
    def per_page(self) -> int:
        return len(self.cards)

    @property
    def mirror(self) -> str:
        """Which axis backs are mirrored across: ``"horizontal"`` or ``"vertical"``."""
        return _mirror_axis(self.duplex, self.page_w, self.page_h)

    def describe(self) -> str:
        """One line for the command's report, e.g. ``A4 portrait, 3×3 cards of 56×87 mm``."""
        w, h = self.card_size_mm
        size = f"{_num(w)}×{_num(h)} mm"
        if self.mode == "shop":
            page = f"{_num(w + 2 * self.bleed_mm)}×{_num(h + 2 * self.bleed_mm)} mm"
            text = (f"print-shop pages of {page}: one {size} card per page "
                    f"with {_num(self.bleed_mm)} mm bleed (TrimBox/BleedBox set)")
        else:
            paper = self.paper.upper() if self.paper == "a4" else self.paper.capitalize()
            left, right, bottom, top = self.margins_mm
            text = (f"{paper} {self.orientation}, {self.cols}×{self.rows} cards of {size}"
                    f" ({self.per_page} per page), gutter {_num(self.gutter_mm)} mm, "
                    f"margins {_num(min(left, right))}×{_num(min(bottom, top))} mm, crop marks")
            if self.bleed_mm:
                text += f", {_num(self.bleed_mm)} mm bleed"
            if self.ruler is not None:
                text += f", {self.ruler.length_mm} mm ruler in the {self.ruler.where} margin"
            if self.mode == "proof":
                text += ", proof marks (safe area, cut guides, card ids)"
        if self.with_backs:
            dx, dy = self.back_offset_mm
            text += (f"; backs for {self.duplex}-edge duplex (mirrored {self.mirror}ly), "
                     f"offset {dx:+.1f},{dy:+.1f} mm")
            if self.mode != "shop" and self.back_bleed_mm:
                text += f", {_num(self.back_bleed_mm)} mm back bleed"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "paper": self.paper,
            "orientation": self.orientation,
            "page_pt": [round(self.page_w, 3), round(self.page_h, 3)],
            "card_size_mm": list(self.card_size_mm),
            "bleed_mm": self.bleed_mm,
            "gutter_mm": self.gutter_mm,
            "cols": self.cols,
            "rows": self.rows,
            "per_page": self.per_page,
            "margins_mm": {k: round(v, 2) for k, v in
                           zip(("left", "right", "bottom", "top"), self.margins_mm, strict=True)},
            "cards": [r.to_json() for r in self.cards],
            "backs": [r.to_json() for r in self.backs] if self.with_backs else [],
            "crop_marks": len(self.crop_marks),
            "ruler": self.ruler.to_json() if self.ruler else None,
            "duplex": self.duplex if self.with_backs else None,
            "mirror": self.mirror if self.with_backs else None,
            "back_offset_mm": list(self.back_offset_mm) if self.with_backs else None,
            "back_bleed_mm": self.back_bleed_mm if self.with_backs else None,
            "description": self.describe(),
        }


def _num(value: float) -> str:
    """Millimetres without a trailing ``.0`` (``56`` but ``215.9``)."""
    return f"{value:g}"


def _mirror_axis(duplex: str, page_w: float, page_h: float) -> str:
    """Flipping the sheet over its long edge mirrors across the long side's direction.

    On a portrait page the long edge is vertical, so long-edge duplex mirrors
    horizontally (x -> W - x) and short-edge vertically (y -> H - y); on a
    landscape page it is the other way round.  Drivers differ in how they treat
    landscape documents, which is what the back offset and calibration sheet are for.
    """
    portrait = page_h >= page_w
    if (duplex == "long") == portrait:
        return "horizontal"
    return "vertical"


def mirror_rect(rect: Rect, page_w: float, page_h: float, duplex: str,
                offset_mm: tuple[float, float] = (0.0, 0.0)) -> Rect:
    """Where the back of ``rect`` goes on the back page, plus the measured offset."""
    if _mirror_axis(duplex, page_w, page_h) == "horizontal":
        x, y = page_w - rect.right, rect.y
    else:
        x, y = rect.x, page_h - rect.top
    return Rect(x + mm(offset_mm[0]), y + mm(offset_mm[1]), rect.w, rect.h)


def mirror_point(px: float, py: float, page_w: float, page_h: float,
                 duplex: str) -> tuple[float, float]:
    """Where a front-page point lands on the back page after duplex printing."""
    if _mirror_axis(duplex, page_w, page_h) == "horizontal":
        return (page_w - px, py)
    return (px, page_h - py)


def plan_layout(options: PrintOptions) -> Layout:
    """Lay out one page for ``options``; raises :class:`LayoutError` if nothing fits."""
    if options.mode == "shop":
        return _plan_shop(options)
    return _plan_sheet(options)


def _plan_shop(options: PrintOptions) -> Layout:
    w, h = options.card_size_mm
    bleed = options.bleed_mm or 0.0
    page_w, page_h = mm(w + 2 * bleed), mm(h + 2 * bleed)
    trim = Rect(mm(bleed), mm(bleed), mm(w), mm(h))
    return Layout(
        mode="shop", paper="card", orientation="portrait" if h >= w else "landscape",
        page_w=page_w, page_h=page_h, card_size_mm=(w, h), bleed_mm=bleed,
        gutter_mm=0.0, cols=1, rows=1, cards=(trim,), bleeds=(Rect(0, 0, page_w, page_h),),
        backs=(trim,), duplex=options.duplex, back_offset_mm=options.back_offset_mm,
        with_backs=options.backs, back_bleed_mm=bleed,
    )


def _grid_count(avail_w: float, avail_h: float, cell_w: float, cell_h: float,
                gutter: float) -> tuple[int, int]:
    """How many cells of a size fit across and down, with gutters between them."""
    cols = int((avail_w + gutter + 1e-9) // (cell_w + gutter))
    rows = int((avail_h + gutter + 1e-9) // (cell_h + gutter))
    return max(cols, 0), max(rows, 0)


def _plan_sheet(options: PrintOptions) -> Layout:
    w, h = options.card_size_mm
    bleed = options.bleed_mm or 0.0
    gutter = options.gutter_mm
    cell_w, cell_h = w + 2 * bleed, h + 2 * bleed
    paper_w, paper_h = PAPER_SIZES_MM[options.paper]

    best: tuple[int, int, str, float, float] | None = None
    crop = CROP_LENGTH_MM
    for length in (CROP_LENGTH_MM, COMPACT_CROP_LENGTH_MM):
        margin = HARD_MARGIN_MM + CROP_GAP_MM + length
        for orientation, pw, ph in (("portrait", paper_w, paper_h),
                                    ("landscape", paper_h, paper_w)):
            cols, rows = _grid_count(pw - 2 * margin, ph - 2 * margin, cell_w, cell_h,
                                     gutter)
            if cols * rows > (best[0] * best[1] if best else 0):
                best, crop = (cols, rows, orientation, pw, ph), length
    if best is None:
        raise LayoutError(
            f"a {_num(w)}×{_num(h)} mm card (bleed {_num(bleed)} mm) does not fit on "
            f"{options.paper} paper with {_num(MIN_MARGIN_MM)} mm margins for crop marks"
        )
    cols, rows, orientation, pw, ph = best

    grid_w = cols * cell_w + (cols - 1) * gutter
    grid_h = rows * cell_h + (rows - 1) * gutter
    left = (pw - grid_w) / 2
    bottom = (ph - grid_h) / 2
    margins = (left, pw - grid_w - left, bottom, ph - grid_h - bottom)

    cards: list[Rect] = []
    bleeds: list[Rect] = []
    for row in range(rows):
        for col in range(cols):
            bx = left + col * (cell_w + gutter)
            by = bottom + grid_h - cell_h - row * (cell_h + gutter)
            bleeds.append(Rect(mm(bx), mm(by), mm(cell_w), mm(cell_h)))
            cards.append(Rect(mm(bx + bleed), mm(by + bleed), mm(w), mm(h)))

    page_w, page_h = mm(pw), mm(ph)
    backs = tuple(mirror_rect(r, page_w, page_h, options.duplex, options.back_offset_mm)
                  for r in cards)
    marks = _crop_marks(cards, bleeds, mm(left), mm(bottom), mm(grid_w), mm(grid_h), crop_mm=crop)
    cut_xs = sorted({round(v / PT_PER_MM, 6) for r in cards for v in (r.x, r.right)})
    cut_ys = sorted({round(v / PT_PER_MM, 6) for r in cards for v in (r.y, r.top)})
    ruler = _place_ruler(pw, ph, left, bottom, grid_w, grid_h, cut_xs=cut_xs, cut_ys=cut_ys)
    return Layout(
        mode=options.mode, paper=options.paper, orientation=orientation,
        page_w=page_w, page_h=page_h, card_size_mm=(w, h), bleed_mm=bleed, gutter_mm=gutter,
        cols=cols, rows=rows, cards=tuple(cards), bleeds=tuple(bleeds), backs=backs,
        crop_marks=marks, ruler=ruler, margins_mm=margins, duplex=options.duplex,
        back_offset_mm=options.back_offset_mm, with_backs=options.backs,
        back_bleed_mm=max(bleed, options.back_bleed_mm or 0.0),
    )


def _crop_marks(cards: list[Rect], bleeds: list[Rect], gx: float, gy: float,
                gw: float, gh: float, *, crop_mm: float = CROP_LENGTH_MM) -> tuple[Segment, ...]:
    """Marks on every cut line, only outside the grid (bleeds included).

    With no gutter a mark between two cards would be printed on a card, so marks
    live in the page margins only, extending each cut line beyond the grid.
    """
    gap, length = mm(CROP_GAP_MM), mm(crop_mm)
    xs = sorted({round(v, 6) for r in cards for v in (r.x, r.right)})
    ys = sorted({round(v, 6) for r in cards for v in (r.y, r.top)})
    top, right = gy + gh, gx + gw
    marks: list[Segment] = []
    for x in xs:
        marks.append(Segment(x, top + gap, x, top + gap + length))
        marks.append(Segment(x, gy - gap, x, gy - gap - length))
    for y in ys:
        marks.append(Segment(gx - gap, y, gx - gap - length, y))
        marks.append(Segment(right + gap, y, right + gap + length, y))
    blocked = cards + bleeds
    return tuple(m for m in marks if not any(r.intersects_segment(m) for r in blocked))


def _place_ruler(pw: float, ph: float, left: float, bottom: float,
                 grid_w: float, grid_h: float, *, cut_xs: list[float],
                 cut_ys: list[float]) -> Ruler | None:
    """Put the 1:1 ruler in the first margin with room: bottom, top, left, right.

    Preferably beyond the crop marks (100 mm long when it fits, else 50 mm); when no
    margin is that deep, between two crop marks of the bottom or top margin, under
    one card column, where marks never are.  ``cut_xs``/``cut_ys`` are in mm.
    """
    need = HARD_MARGIN_MM + RULER_BAND_MM + RULER_GAP_MM + CROP_GAP_MM + CROP_LENGTH_MM
    right = pw - grid_w - left
    top = ph - grid_h - bottom
    usable_w = pw - 2 * HARD_MARGIN_MM
    usable_h = ph - 2 * HARD_MARGIN_MM
    # The scale line sits 4.5 mm (its label side) beyond the hard margin.
    label = 4.5
    sides = (("bottom", bottom, usable_w, True), ("top", top, usable_w, True),
             ("left", left, usable_h, False), ("right", right, usable_h, False))
    for where, depth, span, horizontal in sides:
        if depth < need:
            continue
        length = 100 if span >= 110 else 50 if span >= 60 else 0
        if not length:
            continue
        if horizontal:
            x = min(max(left, HARD_MARGIN_MM), pw - HARD_MARGIN_MM - length)
            y = HARD_MARGIN_MM + label if where == "bottom" else ph - HARD_MARGIN_MM - label
        else:
            y = min(max(bottom, HARD_MARGIN_MM), ph - HARD_MARGIN_MM - length)
            x = HARD_MARGIN_MM + label if where == "left" else pw - HARD_MARGIN_MM - label
        inward = 1 if where in ("bottom", "left") else -1
        return Ruler(mm(x), mm(y), length, horizontal, where, inward)
    # Fallback: inside the crop-mark band, between two neighbouring cut lines.
    for where, depth, cuts, horizontal in (("bottom", bottom, cut_xs, True),
                                           ("top", top, cut_xs, True),
                                           ("left", left, cut_ys, False),
                                           ("right", right, cut_ys, False)):
        if depth < HARD_MARGIN_MM + RULER_BAND_MM:
            continue
        gaps = sorted(((b - a, a) for a, b in zip(cuts, cuts[1:], strict=False)),
                      key=lambda g: (-g[0], g[1]))
        if not gaps or gaps[0][0] < 52:
            continue
        width, start = gaps[0]
        length = 100 if width >= 102 else 50
        along = start + (width - length) / 2
        inward = 1 if where in ("bottom", "left") else -1
        if horizontal:
            y = HARD_MARGIN_MM + label if where == "bottom" else ph - HARD_MARGIN_MM - label
            return Ruler(mm(along), mm(y), length, True, where, inward)
        x = HARD_MARGIN_MM + label if where == "left" else pw - HARD_MARGIN_MM - label
        return Ruler(mm(x), mm(along), length, False, where, inward)
    return None
