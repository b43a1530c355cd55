"""A distinct placeholder picture per card: a deterministic vector emblem.

Without art every monster had the same face and a sword stood for every slotless item.
The emblem keeps what the picture tells a player (the kind or slot icon, the deck tint)
and varies the rest by a hash of the card's kind, slot, tags and id: which icon of the
kind's family, the background pattern and its angle, the icon's size and tilt, and a
corner mark per tag.  Same card, same picture (a stable hash, not Python's salted
``hash``), and no two cards of a sample pack alike (tests/test_render_pdf.py checks it).
"""

from __future__ import annotations

import functools
import hashlib
import math
from dataclasses import dataclass

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from munchkin_dsl.render.icons import DECK_ICONS, KIND_ICONS, SLOT_ICONS

#: Icons a kind's picture may use (its own icon first); a slot's icon is never varied,
#: since it says where the item is worn.
FAMILIES: dict[str, tuple[str, ...]] = {
    "monster": ("monster", "skull", "mask"),
    "monster-enhancer": ("monster", "sparkle"),
    "race": ("mask", "person"),
    "class": ("shield", "sword"),
    "item": ("chest", "coin", "sparkle", "potion"),
    "one-shot": ("potion", "sparkle", "coin"),
    "curse": ("skull", "sparkle"),
    "trap": ("skull", "sparkle"),
    "disaster": ("skull", "sparkle"),
}
#: Background patterns the picture is drawn on.
PATTERNS: tuple[str, ...] = ("lines", "cross", "dots", "rings")
#: Angles of the pattern, in degrees.
ANGLES: tuple[int, ...] = (-60, -45, -30, -15, 0, 15, 30, 45, 60, 90)
#: Icon sizes, as a fraction of the picture's shorter side.
SCALES: tuple[float, ...] = (0.62, 0.68, 0.74)
#: Icon tilts, in degrees.
TILTS: tuple[int, ...] = (-8, -4, 0, 4, 8)
#: Pattern spacing, in mm at 56×87 mm.
STEPS: tuple[float, ...] = (2.4, 3.0, 3.6)
#: The most grid steps from a picture's centre to its corner: bounds a pattern's lines
#: or circles (about pi * 48² of them) whatever the card's shape.
MAX_PATTERN_STEPS = 48
#: Corner marks, one per tag (the tag's hash picks the shape).
MARKS: tuple[str, ...] = ("circle", "diamond", "triangle", "square")


@dataclass(frozen=True)
class Emblem:
    """What the placeholder draws; equal emblems draw the same picture (the deck gives
    the tint, so cards of different decks never look alike)."""

    deck: str
    icon: str
    pattern: str
    angle: int
    scale: float
    tilt: int
    step: float = 3.0
    marks: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """A name for the drawing, for the PDF form that holds it."""
        return (f"{self.deck}_{self.icon}_{self.pattern}_{self.angle}_{self.scale}_{self.tilt}_"
                f"{self.step}_{'-'.join(self.marks)}")


def _digest(*parts: str) -> int:
    return int.from_bytes(hashlib.sha256("\x1f".join(parts).encode()).digest()[:8], "big")


def emblem_for(kind: str, deck: str, slot: str | None, tags: tuple[str, ...],
               card_id: str) -> Emblem:
    """The emblem of one card (deterministic in its arguments)."""
    h = _digest(kind, deck, slot or "", *tags, card_id)
    if slot in SLOT_ICONS:
        icon = SLOT_ICONS[slot]
    else:
        family = FAMILIES.get(kind) or (KIND_ICONS.get(kind) or DECK_ICONS[deck],)
        icon = family[h % len(family)]
        h //= len(family)
    pattern = PATTERNS[h % len(PATTERNS)]
    h //= len(PATTERNS)
    angle = ANGLES[h % len(ANGLES)]
    h //= len(ANGLES)
    scale = SCALES[h % len(SCALES)]
    h //= len(SCALES)
    tilt = TILTS[h % len(TILTS)]
    h //= len(TILTS)
    step = STEPS[h % len(STEPS)]
    marks = tuple(MARKS[_digest(tag) % len(MARKS)] for tag in tags[:3])
    return Emblem(deck, icon, pattern, angle, scale, tilt, step, marks)


def draw_pattern(c: Canvas, emblem: Emblem, w: float, h: float, step: float) -> None:
    """The background: lines, crossed lines, dots or rings, turned by the emblem's angle.

    Each distinct grid (pattern, step, reach) is drawn once per PDF as a form XObject and
    every card that uses it places the form under its own rotation: 1,000 cards wrote
    21 MB of pattern paths before, one copy per card.  A form is drawn in the graphics
    state of the place it is used, so each card's colours and line widths still apply.
    """
    c.translate(w / 2, h / 2)
    c.rotate(emblem.angle)
    # The step scales with the card's smaller side, the reach with its diagonal: on a
    # 500×20 mm card that was 2 million circles and 900 MB of path text; a card of any
    # usual shape is far inside the bound, so its PDF is unchanged.
    step = max(step, math.hypot(w, h) / 2 / MAX_PATTERN_STEPS)
    reach = math.hypot(w, h) / 2 + step
    count = int(reach // step) + 1
    name = f"pattern_{emblem.pattern}_{step:.3f}_{count}".replace(".", "_").replace("-", "m")
    if not c.hasForm(name):
        edge = math.ceil((count + 1) * step)  # the form's box, in whole points
        c.beginForm(name, -edge, -edge, edge, edge)
        _draw_grid(c, emblem.pattern, step, count, reach)
        c.endForm()
    c.doForm(name)


def _draw_grid(c: Canvas, pattern: str, step: float, count: int, reach: float) -> None:
    if pattern in ("lines", "cross"):
        for i in range(-count, count + 1):
            c.line(i * step, -reach, i * step, reach)
            if pattern == "cross":
                c.line(-reach, i * step, reach, i * step)
        return
    path = _circle_grid(step, count, 0.18 if pattern == "dots" else 0.32)
    if pattern == "dots":
        c.drawPath(path, stroke=0, fill=1)
    else:
        c.drawPath(path, stroke=1, fill=0)


@functools.lru_cache(maxsize=64)
def _circle_grid(step: float, count: int, radius: float) -> PDFPathObject:
    """The dots or rings of a pattern, built once per size and reused by every card.

    The grid does not depend on the emblem's angle (the canvas is rotated before it is
    drawn), so cards share a handful of grids; building one was most of what printing a
    pack without art cost (hundreds of circles, each eight formatted numbers per card).
    The path is only read when drawn, so sharing it leaves the PDF bytes unchanged.
    """
    code = ["n"]
    # Only the circles of the disc the card's picture can show: every point of a picture
    # lies within `reach` of its centre at any angle, and `count * step` exceeds `reach`
    # (see draw_pattern), so a circle whose centre is farther off is never seen; the
    # square's corners were a fifth of the grid's circles and of its bytes in the PDF.
    seen = (count * step) ** 2
    for i in range(-count, count + 1):
        for j in range(-count, count + 1):
            x, y = i * step, j * step + (step / 2 if i % 2 else 0.0)
            if x * x + y * y <= seen:
                code += circle_code(x, y, step * radius)
    return PDFPathObject(code)


def _quarter_factors() -> tuple[tuple[float, ...], ...]:
    """What reportlab's ``bezierArc(..., 0, 360)`` multiplies the radii by, per quarter:
    cos/sin of the ends and the control points' factors, with its own expressions."""
    frag = 90.0
    kappa = abs(4.0 / 3.0 * (1.0 - math.cos(frag * math.pi / 360.0))
                / math.sin(frag * math.pi / 360.0))
    out = []
    for i in range(4):
        t0 = (0 + i * frag) * math.pi / 180.0
        t1 = (0 + (i + 1) * frag) * math.pi / 180.0
        c0, s0, c1, s1 = math.cos(t0), math.sin(t0), math.cos(t1), math.sin(t1)
        out.append((c0, s0, c0 - kappa * s0, s0 + kappa * c0, c1 + kappa * s1,
                    s1 - kappa * c1, c1, s1))
    return tuple(out)


_QUARTERS = _quarter_factors()


def circle_code(x: float, y: float, r: float) -> list[str]:
    """The path operators of reportlab's ``path.circle(x, y, r)`` (r > 0), same bytes.

    A grid has hundreds of circles and reportlab spends five Python calls and a list of
    eight-number tuples on each; this does the same arithmetic in the same order (so the
    same floats and the same formatted numbers, which tests/test_render_pdf.py checks
    against reportlab) in one call.
    """
    x1 = x - r
    y1 = y - r
    width = 2 * r
    x2, y2 = x1 + width, y1 + width  # reportlab: max(x), min(y) of the box, for r > 0
    cx, cy = (x1 + x2) / 2.0, (y2 + y1) / 2.0
    rx, ry = (x2 - x1) / 2.0, (y1 - y2) / 2.0
    q = _QUARTERS[0]
    code = [f"{fp_str(cx + rx * q[0], cy - ry * q[1])} m"]
    for q in _QUARTERS:
        numbers = fp_str(cx + rx * q[2], cy - ry * q[3], cx + rx * q[4], cy - ry * q[5],
                         cx + rx * q[6], cy - ry * q[7])
        code.append(f"{numbers} c")
    return code


def draw_mark(c: Canvas, shape: str, x: float, y: float, size: float) -> None:
    """A small corner mark for one of the card's tags, in the deck's frame colour."""
    path = c.beginPath()
    if shape == "circle":
        path.circle(x + size / 2, y + size / 2, size / 2)
    elif shape == "square":
        path.rect(x, y, size, size)
    else:
        points = ([(x + size / 2, y), (x + size, y + size / 2), (x + size / 2, y + size),
                   (x, y + size / 2)] if shape == "diamond"
                  else [(x, y), (x + size, y), (x + size / 2, y + size)])
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        path.close()
    c.drawPath(path, stroke=0, fill=1)


__all__ = ["ANGLES", "FAMILIES", "MARKS", "MAX_PATTERN_STEPS", "PATTERNS", "SCALES", "STEPS",
           "TILTS", "Emblem", "draw_mark", "draw_pattern", "emblem_for"]
