"""Drawing print-and-play PDFs from prepared card faces.

Three products share one card design: ``sheet`` (cards in a grid on A4/Letter with
crop marks and a 1:1 ruler, for home printing and cutting), ``shop`` (one card per
page with bleed and TrimBox/BleedBox, for print services) and ``proof`` (a sheet
with safe area, cut guides, card ids and fit problems outlined in red, for
checking a pack).  Output is vector with real text, byte-identical for the same
input (reportlab's invariant mode), built in memory and written atomically, so a
failed run never leaves a broken file.  Problems are reported as diagnostics
(P001-P004) rather than raised, so a pack author sees all of them at once.

The code is in :mod:`.fitting` (text sizes and boxes), :mod:`.drawing` (one card) and
:mod:`.sheets` (pages, marks, writing the file, calibration); this module keeps the
public names in one place for callers.
"""

from __future__ import annotations

from munchkin_dsl.render.drawing import draw_front
from munchkin_dsl.render.fitting import ellipsize, fit_card
from munchkin_dsl.render.sheets import (
    CardFit,
    RenderReport,
    calibration_targets,
    render_calibration,
    render_pdf,
)
from munchkin_dsl.render.style import BODY_PT, DECK_STYLE

__all__ = ["BODY_PT", "DECK_STYLE", "CardFit", "RenderReport", "calibration_targets",
           "draw_front", "ellipsize", "fit_card", "render_calibration", "render_pdf"]
