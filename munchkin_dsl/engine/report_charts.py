"""The balance report's charts, PNG and SVG, drawn with matplotlib.

Deterministic: no dates or software versions in the metadata, a fixed ``svg.hashsalt``
(SVG element ids), the Agg backend and a fixed size and DPI, so the same report gives the
same bytes.  Each file is written through write_atomic (whole or not at all).
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from munchkin_dsl.base.atomic import write_atomic

#: the cards shown in the card chart (largest win-rate differences)
TOP_CARDS = 20


def _figure_bytes(fig: Any, fmt: str) -> bytes:
    buf = io.BytesIO()
    meta = {"Software": None} if fmt == "png" else {"Date": None, "Creator": None}
    fig.savefig(buf, format=fmt, metadata=meta, dpi=100)
    return buf.getvalue()


def _cards(ax: Any, doc: dict[str, Any]) -> None:
    rows = sorted((c for c in doc["cards"] if c["drawn"]),
                  key=lambda c: (-abs(c["drew_diff"]), c["card"]))[:TOP_CARDS][::-1]
    names = [c["card"] + (" (filler)" if c["filler"] else "") for c in rows]
    diffs = [c["drew_diff"] for c in rows]
    err = [[c["drew_diff"] - c["drew_ci_low"] for c in rows],
           [c["drew_ci_high"] - c["drew_diff"] for c in rows]]
    colours = ["#c0504d" if c["drew_significant"] else "#8c8c8c" for c in rows]
    ax.barh(range(len(rows)), diffs, xerr=err, color=colours, capsize=2)
    ax.set_yticks(range(len(rows)), names, fontsize=7)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("win rate of seats that drew the card minus the others (95 % CI; red: "
                  "significant)")
    ax.set_title("Cards: who drew them won more (or less)")


def _monsters(ax: Any, doc: dict[str, Any]) -> None:
    rows = sorted(doc["monsters"], key=lambda m: (m["defeat_rate"], m["monster"]))[:25]
    bands = list(rows[0]["by_fighter_level"]) if rows else []
    grid = [[(m["by_fighter_level"][b]["defeat_rate"] if m["by_fighter_level"][b][
        "defeat_rate"] is not None else float("nan")) for b in bands] for m in rows]
    if rows:
        im = ax.imshow(grid, aspect="auto", cmap="RdYlGn", vmin=0, vmax=1)
        ax.figure.colorbar(im, ax=ax, label="defeat rate")
    ax.set_xticks(range(len(bands)), [f"fighter level {b}" for b in bands], fontsize=8)
    ax.set_yticks(range(len(rows)), [m["monster"] + (" (filler)" if m["filler"] else "")
                                     for m in rows], fontsize=7)
    ax.set_title("Monsters: defeat rate by the fighter's level (hardest 25)")


def _seats(axes: Any, doc: dict[str, Any]) -> None:
    left, right = axes
    seats = doc["seats"]
    left.bar([f"seat {s['seat']}\n{s['policy']}" for s in seats],
             [s["win_rate"] for s in seats], color="#3b6ea5")
    left.set_ylabel("win rate")
    left.set_title("Seat win rates")
    hist = doc["length"]["histogram"]
    right.bar([int(k) for k in hist], list(hist.values()), color="#3b6ea5")
    right.set_xlabel("turns in the game")
    right.set_ylabel("games")
    right.set_title("Game length")


def write_charts(doc: dict[str, Any], folder: Path) -> None:
    """cards, monsters and seats charts, each as .png and .svg in ``folder``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with matplotlib.rc_context({"svg.hashsalt": "munchkin-dsl", "font.family": "DejaVu Sans",
                                "svg.fonttype": "path"}):
        for name, draw, shape in (("cards", _cards, (1, 1)), ("monsters", _monsters, (1, 1)),
                                  ("seats", _seats, (1, 2))):
            fig, ax = plt.subplots(*shape, figsize=(10, 7))
            draw(ax, doc)
            fig.tight_layout()
            for fmt in ("png", "svg"):
                write_atomic(folder / f"{name}.{fmt}", _figure_bytes(fig, fmt))
            plt.close(fig)
