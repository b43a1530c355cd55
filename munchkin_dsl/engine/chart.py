"""The simulation report as a chart PDF, drawn with reportlab.graphics.

Three pages: seat win rates, a histogram of game lengths, and per-monster fight win rate
with Bad Stuff frequency.  The PDF is deterministic (``rl_config.invariant``: no creation
date, a fixed document id), so the same seed gives a byte-identical file, and it is written
through :func:`munchkin_dsl.base.files.write_atomic` so a failed run never leaves half a file.
"""

from __future__ import annotations

import os
from io import BytesIO

from munchkin_dsl.base.files import write_atomic
from munchkin_dsl.engine.simulate import Report

PAGE_W, PAGE_H = 595, 842  # A4 in points
BINS = 10


def _histogram(turns: list[int], bins: int = BINS) -> tuple[list[str], list[int]]:
    """Game lengths in ``bins`` equal ranges: (labels, counts)."""
    if not turns:
        return ["-"], [0]
    low, high = min(turns), max(turns)
    width = max(1, -(-(high - low + 1) // bins))
    counts = [0] * bins
    for t in turns:
        counts[min(bins - 1, (t - low) // width)] += 1
    labels = [f"{low + i * width}-{low + (i + 1) * width - 1}" for i in range(bins)]
    while len(counts) > 1 and counts[-1] == 0:  # no empty ranges past the longest game
        counts.pop()
        labels.pop()
    return labels, counts


def _bar_page(title: str, subtitle: str, names: list[str], series: list[list[float]],
              legend: list[str], value_max: float | None, *, percent: bool) -> object:
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.charts.legends import Legend
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.lib import colors

    palette = [colors.HexColor("#3b6ea5"), colors.HexColor("#c0504d")]
    d = Drawing(PAGE_W, PAGE_H)
    d.add(String(50, PAGE_H - 60, title, fontName="Helvetica-Bold", fontSize=18))
    d.add(String(50, PAGE_H - 82, subtitle, fontName="Helvetica", fontSize=10))
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 70, 260, PAGE_W - 120, PAGE_H - 400
    chart.data = [list(s) or [0] for s in series]
    chart.categoryAxis.categoryNames = names or ["-"]
    chart.categoryAxis.labels.angle = 45 if len(names) > 6 else 0
    chart.categoryAxis.labels.boxAnchor = "ne" if len(names) > 6 else "n"
    chart.categoryAxis.labels.fontSize = 7 if len(names) > 12 else 9
    chart.valueAxis.valueMin = 0
    top = max([v for s in series for v in s] or [0])
    chart.valueAxis.valueMax = value_max if value_max is not None else max(1, top * 1.15)
    if percent:
        chart.valueAxis.labelTextFormat = lambda v: f"{v:.0%}"
    for i, colour in enumerate(palette[: len(series)]):
        chart.bars[i].fillColor = colour
    chart.barLabels.fontSize = 6
    chart.barLabelFormat = (lambda v: f"{v:.0%}") if percent else "%d"
    chart.barLabels.nudge = 6
    d.add(chart)
    if len(legend) > 1:
        leg = Legend()
        leg.x, leg.y = 70, PAGE_H - 110
        leg.alignment = "right"
        leg.fontSize = 9
        leg.colorNamePairs = list(zip(palette, legend, strict=False))
        d.add(leg)
    return d


def chart_pdf(rep: Report, title: str = "munchkin simulate") -> bytes:
    """The report's charts as PDF bytes (deterministic for a given report)."""
    from reportlab import rl_config
    from reportlab.graphics import renderPDF
    from reportlab.pdfgen.canvas import Canvas

    doc = rep.to_json()
    head = (f"{rep.games} games, {rep.players} players, seed {rep.seed}"
            + (f", optional rules: {', '.join(rep.optional_rules)}" if rep.optional_rules
               else ""))
    seats = [f"seat {int(s) + 1}" for s in doc["seat_win_rate"]]
    rates = [float(v) for v in doc["seat_win_rate"].values()]
    labels, counts = _histogram(rep.turns)
    monsters = sorted(doc["monsters"])
    wins = [doc["monsters"][m]["player_win_rate"] for m in monsters]
    bad = [doc["monsters"][m]["bad_stuff_rate"] for m in monsters]
    pages = [
        _bar_page("Seat win rates", f"{head}; unfinished games: {rep.unfinished}", seats,
                  [rates], ["win rate"], 1.0, percent=True),
        _bar_page("Game length (turns)", f"{head}; mean {doc['length']['mean']}, median "
                  f"{doc['length']['median']}", labels, [[float(n) for n in counts]],
                  ["games"], None, percent=False),
        _bar_page("Monsters: fights won and Bad Stuff", f"{head}; per fight against each "
                  "monster", monsters, [wins, bad],
                  ["player side wins", "Bad Stuff per fight"], 1.0, percent=True),
    ]
    saved = rl_config.invariant
    rl_config.invariant = 1  # no timestamps or random ids: same report, same bytes
    try:
        buf = BytesIO()
        canvas = Canvas(buf, pagesize=(PAGE_W, PAGE_H), invariant=1, pageCompression=1)
        canvas.setTitle(title)
        canvas.setAuthor("munchkin-dsl")
        canvas.setCreator("munchkin simulate")
        for drawing in pages:
            renderPDF.draw(drawing, canvas, 0, 0)  # type: ignore[arg-type]
            canvas.showPage()
        canvas.save()
    finally:
        rl_config.invariant = saved
    return buf.getvalue()


def write_chart(rep: Report, path: str | os.PathLike[str]) -> None:
    """Write the chart PDF atomically."""
    write_atomic(path, chart_pdf(rep))
