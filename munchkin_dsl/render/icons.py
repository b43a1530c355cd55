"""Vector icons drawn on card faces: picture placeholders by card kind, slot icons.

Every icon is a few reportlab path operations in a unit square (0..1 both ways, origin
bottom-left), drawn here rather than shipped as image files: they stay sharp at any
print size, cost a few hundred bytes per PDF (each is a form drawn once), need no
licence beyond the package's own, and their colour follows the deck.  Which icon
stands for which card kind or slot is data (:data:`KIND_ICONS`, :data:`SLOT_ICONS`),
so a new kind needs one table row, not another branch in the drawing code.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, cast

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

Draw = Callable[[Canvas], None]

#: reportlab's fill rules (canvas.FILL_EVEN_ODD / FILL_NON_ZERO, which its stubs omit)
FILL_EVEN_ODD, FILL_NON_ZERO = 0, 1

#: Card kind -> the icon of its picture placeholder.
KIND_ICONS: dict[str, str] = {
    "monster": "monster", "monster-enhancer": "monster",
    "curse": "skull", "trap": "skull", "disaster": "skull",
    "race": "mask", "class": "shield", "sidekick": "person", "hireling": "person",
    "item": "sword", "one-shot": "potion", "treasure": "coin", "item-enhancer": "sparkle",
    "seal": "seal", "door": "door",
}
#: Deck -> the icon used when a face does not say its kind (hand-built faces).
DECK_ICONS: dict[str, str] = {"door": "door", "treasure": "chest", "seal": "seal"}
#: Item slot -> its icon (the picture of an item with a slot shows the slot's icon too).
SLOT_ICONS: dict[str, str] = {
    "headgear": "helmet", "armor": "armor", "footgear": "boot",
    "one_hand": "sword", "two_hands": "two_swords",
}


def _fill(c: Canvas, path: PDFPathObject, even_odd: bool = False) -> None:
    c.drawPath(path, stroke=0, fill=1, fillMode=FILL_EVEN_ODD if even_odd else FILL_NON_ZERO)


def _poly(c: Canvas, points: list[tuple[float, float]], even_odd: bool = False,
          path: PDFPathObject | None = None) -> PDFPathObject:
    p = path if path is not None else c.beginPath()
    p.moveTo(*points[0])
    for point in points[1:]:
        p.lineTo(*point)
    p.close()
    if path is None:
        _fill(c, p, even_odd)
    return p


def _monster(c: Canvas) -> None:
    p = c.beginPath()
    p.circle(0.5, 0.45, 0.33)
    _poly(c, [(0.2, 0.62), (0.08, 0.95), (0.38, 0.72)], path=p)
    _poly(c, [(0.8, 0.62), (0.92, 0.95), (0.62, 0.72)], path=p)
    _fill(c, p)
    holes = c.beginPath()
    holes.circle(0.38, 0.52, 0.07)
    holes.circle(0.62, 0.52, 0.07)
    _poly(c, [(0.3, 0.3), (0.36, 0.22), (0.42, 0.3), (0.5, 0.21), (0.58, 0.3),
              (0.64, 0.22), (0.7, 0.3), (0.7, 0.34), (0.3, 0.34)], path=holes)
    c.saveState()
    # Opaque white, not alpha: icons are drawn inside form XObjects, whose resources
    # reportlab does not give the ExtGState an alpha needs (an invalid /gRLs0 gs).
    c.setFillColorRGB(1, 1, 1)
    _fill(c, holes)
    c.restoreState()


def _skull(c: Canvas) -> None:
    p = c.beginPath()
    p.circle(0.5, 0.58, 0.32)
    p.roundRect(0.3, 0.12, 0.4, 0.3, 0.06)
    _fill(c, p)
    holes = c.beginPath()
    holes.circle(0.38, 0.58, 0.09)
    holes.circle(0.62, 0.58, 0.09)
    _poly(c, [(0.5, 0.47), (0.45, 0.38), (0.55, 0.38)], path=holes)
    for x in (0.4, 0.5, 0.6):
        holes.rect(x - 0.015, 0.12, 0.03, 0.12)
    c.saveState()
    # Opaque white, not alpha: icons are drawn inside form XObjects, whose resources
    # reportlab does not give the ExtGState an alpha needs (an invalid /gRLs0 gs).
    c.setFillColorRGB(1, 1, 1)
    _fill(c, holes)
    c.restoreState()


def _mask(c: Canvas) -> None:
    p = c.beginPath()
    p.ellipse(0.18, 0.08, 0.64, 0.84)
    p.ellipse(0.3, 0.5, 0.16, 0.1)
    p.ellipse(0.54, 0.5, 0.16, 0.1)
    p.ellipse(0.4, 0.22, 0.2, 0.07)
    _fill(c, p, even_odd=True)


def _shield(c: Canvas) -> None:
    p = c.beginPath()
    p.moveTo(0.15, 0.9)
    p.lineTo(0.85, 0.9)
    p.lineTo(0.85, 0.5)
    p.curveTo(0.85, 0.25, 0.6, 0.12, 0.5, 0.05)
    p.curveTo(0.4, 0.12, 0.15, 0.25, 0.15, 0.5)
    p.close()
    p.rect(0.45, 0.2, 0.1, 0.6)
    p.rect(0.25, 0.55, 0.5, 0.1)
    _fill(c, p, even_odd=True)


def _person(c: Canvas) -> None:
    p = c.beginPath()
    p.circle(0.5, 0.72, 0.16)
    p.moveTo(0.18, 0.08)
    p.curveTo(0.18, 0.45, 0.82, 0.45, 0.82, 0.08)
    p.close()
    _fill(c, p)


def _sword_path(c: Canvas) -> PDFPathObject:
    p = c.beginPath()
    _poly(c, [(0.47, 0.3), (0.47, 0.9), (0.5, 0.97), (0.53, 0.9), (0.53, 0.3)], path=p)
    p.rect(0.32, 0.25, 0.36, 0.06)
    p.rect(0.47, 0.08, 0.06, 0.17)
    p.circle(0.5, 0.07, 0.045)
    return p


def _sword(c: Canvas) -> None:
    c.saveState()
    c.translate(0.5, 0.5)
    c.rotate(-35)
    c.translate(-0.5, -0.5)
    _fill(c, _sword_path(c))
    c.restoreState()


def _two_swords(c: Canvas) -> None:
    for angle in (-35, 35):
        c.saveState()
        c.translate(0.5, 0.5)
        c.rotate(angle)
        c.translate(-0.5, -0.5)
        _fill(c, _sword_path(c))
        c.restoreState()


def _potion(c: Canvas) -> None:
    p = c.beginPath()
    p.circle(0.5, 0.33, 0.27)
    p.rect(0.42, 0.55, 0.16, 0.25)
    p.rect(0.38, 0.8, 0.24, 0.1)
    _fill(c, p)


def _coin(c: Canvas) -> None:
    p = c.beginPath()
    p.circle(0.5, 0.5, 0.4)
    p.circle(0.5, 0.5, 0.31)
    p.circle(0.5, 0.5, 0.24)
    _fill(c, p, even_odd=True)


def _star_points(cx: float, cy: float, outer: float, inner: float,
                 points: int) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi / 2 + i * math.pi / points
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def _sparkle(c: Canvas) -> None:
    _poly(c, _star_points(0.5, 0.5, 0.45, 0.12, 4))


def _seal(c: Canvas) -> None:
    p = c.beginPath()
    p.circle(0.5, 0.5, 0.44)
    p.circle(0.5, 0.5, 0.36)
    _poly(c, _star_points(0.5, 0.5, 0.3, 0.12, 5), path=p)
    _fill(c, p, even_odd=True)


def _door(c: Canvas) -> None:
    p = c.beginPath()
    p.moveTo(0.22, 0.05)
    p.lineTo(0.22, 0.62)
    p.curveTo(0.22, 0.98, 0.78, 0.98, 0.78, 0.62)
    p.lineTo(0.78, 0.05)
    p.close()
    p.circle(0.66, 0.42, 0.045)
    _fill(c, p, even_odd=True)


def _chest(c: Canvas) -> None:
    p = c.beginPath()
    p.rect(0.1, 0.15, 0.8, 0.42)
    p.moveTo(0.1, 0.6)
    p.curveTo(0.1, 0.88, 0.9, 0.88, 0.9, 0.6)
    p.close()
    p.rect(0.44, 0.42, 0.12, 0.14)
    _fill(c, p, even_odd=True)


def _helmet(c: Canvas) -> None:
    p = c.beginPath()
    p.moveTo(0.15, 0.35)
    p.curveTo(0.15, 0.95, 0.85, 0.95, 0.85, 0.35)
    p.close()
    p.rect(0.08, 0.27, 0.84, 0.1)
    p.rect(0.46, 0.08, 0.08, 0.22)
    _fill(c, p)


def _armor(c: Canvas) -> None:
    _poly(c, [(0.2, 0.9), (0.38, 0.9), (0.5, 0.78), (0.62, 0.9), (0.8, 0.9), (0.92, 0.7),
              (0.78, 0.6), (0.75, 0.1), (0.25, 0.1), (0.22, 0.6), (0.08, 0.7)])


def _boot(c: Canvas) -> None:
    _poly(c, [(0.3, 0.92), (0.58, 0.92), (0.58, 0.4), (0.9, 0.3), (0.92, 0.1), (0.25, 0.1),
              (0.25, 0.3), (0.3, 0.4)])


ICONS: dict[str, Draw] = {
    "monster": _monster, "skull": _skull, "mask": _mask, "shield": _shield,
    "person": _person, "sword": _sword, "two_swords": _two_swords, "potion": _potion,
    "coin": _coin, "sparkle": _sparkle, "seal": _seal, "door": _door, "chest": _chest,
    "helmet": _helmet, "armor": _armor, "boot": _boot,
}


#: Each icon's operators as its drawing function wrote them (see :func:`draw_icon`).
_OPERATORS: dict[str, list[str]] = {}


def draw_icon(c: Canvas, name: str, x: float, y: float, size: float) -> None:
    """Draw icon ``name`` in the current fill colour, in the square at (x, y) of ``size``.

    An icon is drawn in its unit square after the canvas is scaled, so the operators
    it writes are the same every time: they are recorded the first time and written
    again as they are (every placeholder picture draws one; formatting the numbers of
    their paths was a tenth of the time of drawing a card).  Icons draw only paths and
    colours between a saveState and its restoreState, so nothing of the canvas's state
    outlives them and the replay leaves the canvas as the drawing would.
    """
    c.saveState()
    c.translate(x, y)
    c.scale(size, size)
    code: list[str] = cast(Any, c)._code  # reportlab has no public way to the operators
    recorded = _OPERATORS.get(name)
    if recorded is None:
        start = len(code)
        ICONS[name](c)
        _OPERATORS[name] = code[start:]
    else:
        code.extend(recorded)
    c.restoreState()


def picture_icon(kind: str, deck: str, slot: str | None) -> str:
    """The placeholder icon for a card: its slot's, else its kind's, else its deck's."""
    if slot in SLOT_ICONS:
        return SLOT_ICONS[slot]
    return KIND_ICONS.get(kind) or DECK_ICONS[deck]


__all__ = ["DECK_ICONS", "ICONS", "KIND_ICONS", "SLOT_ICONS", "draw_icon", "picture_icon"]
