"""The PDF layer of ``munchkin print``: lay out prepared card faces and draw them.

Independent of the language: callers build :class:`CardFace` objects (the compiler
does it from compiled cards, tests build them by hand), choose
:class:`PrintOptions`, and call :func:`render_pdf`.  Geometry lives in
:mod:`.layout` (pure, testable without drawing), fonts in :mod:`.fonts`, drawing
in :mod:`.pdf`.  Importing this package does not import reportlab until a
function that needs it is called, so ``munchkin check`` stays fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from munchkin_dsl.render.faces import CardFace, parse_source
from munchkin_dsl.render.layout import (
    CARD_PRESETS,
    PAPER_SIZES_MM,
    Layout,
    LayoutError,
    PrintOptions,
    Rect,
    Ruler,
    Segment,
    parse_card_size,
    plan_layout,
)

if TYPE_CHECKING:
    from munchkin_dsl.render.pdf import CardFit, RenderReport, render_calibration, render_pdf

_LAZY = {"CardFit", "RenderReport", "render_calibration", "render_pdf"}


def __getattr__(name: str) -> Any:
    # reportlab is imported only when drawing is actually asked for.
    if name in _LAZY:
        from munchkin_dsl.render import pdf

        return getattr(pdf, name)
    raise AttributeError(name)


__all__ = [
    "CARD_PRESETS",
    "PAPER_SIZES_MM",
    "CardFace",
    "CardFit",
    "Layout",
    "LayoutError",
    "PrintOptions",
    "Rect",
    "RenderReport",
    "Ruler",
    "Segment",
    "parse_card_size",
    "parse_source",
    "plan_layout",
    "render_calibration",
    "render_pdf",
]
