"""Balance figures for the pack book, read from a `munchkin simulate --report DIR` folder.

What is read (anything else in the folder is ignored; a missing folder or file is no
error, the pages just have no balance section):

* ``DIR/report.json``: the simulation report, as `munchkin simulate --format json`
  prints it (without a ``report.json``, every ``DIR/*.json`` is read the same way).
  Every top-level object keyed by card id (``monsters``, ``items``,
  ``manual_rules_not_played``, or any a later report adds) gives that card a table row
  per key: ``monsters.net-troll = {"fights": 120, "player_win_rate": 0.41, ...}``.
  Numbers between 0 and 1 whose key ends in ``rate`` are drawn as bars.  The report's
  other scalar figures (games, players, seed, length) go on the pack page.
* Charts: ``DIR/*.svg``, ``DIR/*.png`` and the same one folder down (``DIR/charts/``).  A chart
  whose file name is a card id, or holds one between ``-``, ``_`` or ``.`` and the ends
  (``net-troll.svg``, ``win-rate-net-troll.png``; the longest id wins) is shown on that
  card's page, the others on the pack page.
  They are copied into the site (``balance/``) and shown as images, never inlined, so
  an SVG's scripts cannot run.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from munchkin_dsl.base.confine import Refused, read_confined
from munchkin_dsl.site.model import slug

CHART_SUFFIXES = (".svg", ".png")
REPORT = "report.json"


@dataclass
class Balance:
    """What a report folder says: per-card figures, pack figures, and chart files."""

    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    summary: dict[str, Any] = field(default_factory=dict)
    #: site path (``balance/NAME``) -> bytes
    files: dict[str, bytes] = field(default_factory=dict)
    #: card id -> site paths of its charts; "" -> the pack's
    charts: dict[str, list[str]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


def _read(path: Path, root: Path, problems: list[str]) -> bytes | None:
    try:
        return read_confined(path, root, name=str(path))
    except Refused as refused:
        problems.append(refused.message)
        return None


def read_balance(folder: Path | None, card_ids: Iterable[str]) -> Balance:
    """The balance figures in ``folder`` for ``card_ids`` (empty when there is no folder)."""
    out = Balance()
    if folder is None or not folder.is_dir():
        return out
    ids = set(card_ids)
    reports = [folder / REPORT] if (folder / REPORT).is_file() else sorted(folder.glob("*.json"))
    for path in reports:
        _figures(path, folder, ids, out)
    subfolders = sorted(p for p in folder.iterdir() if p.is_dir() and not p.is_symlink())
    for where in (folder, *subfolders):
        for chart in sorted(where.iterdir()):
            if chart.suffix.lower() not in CHART_SUFFIXES or not chart.is_file():
                continue
            content = _read(chart, folder, out.problems)
            if content is None:
                continue
            relative = chart.relative_to(folder).with_suffix("").as_posix().replace("/", "-")
            name = f"balance/{slug(relative)}{chart.suffix.lower()}"
            out.files[name] = content
            owners = [card_id for card_id in ids
                      if re.search(rf"(?:^|[-_.]){re.escape(card_id)}(?:$|[-_.])", chart.stem)]
            owner = max(owners, key=lambda i: (len(i), i)) if owners else ""
            out.charts.setdefault(owner, []).append(name)
    return out


def _figures(path: Path, folder: Path, ids: set[str], out: Balance) -> None:
    """One report file's per-card objects and scalar figures into ``out``."""
    raw = _read(path, folder, out.problems)
    if raw is None:
        return
    try:
        report = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        out.problems.append(f"{path} is not JSON ({exc}); its balance figures were left out")
        return
    if not isinstance(report, dict):
        return
    for key, value in sorted(report.items()):
        if isinstance(value, dict) and ids & value.keys():
            for card_id in sorted(ids & value.keys()):
                out.cards.setdefault(card_id, {})[key] = value[card_id]
        elif isinstance(value, int | float | str) and not isinstance(value, bool):
            out.summary[key] = value


def bars(figures: dict[str, Any]) -> list[tuple[str, str, float | None]]:
    """(label, shown value, bar fraction or None) for one card's figures, flattened."""
    rows: list[tuple[str, str, float | None]] = []
    for group, value in figures.items():
        items = value.items() if isinstance(value, dict) else [("", value)]
        for key, number in items:
            label = f"{group} {key}".strip().replace("_", " ")
            fraction = None
            if (isinstance(number, float | int) and not isinstance(number, bool)
                    and key.endswith("rate") and 0 <= number <= 1):
                fraction = float(number)
            rows.append((label, f"{number:.0%}" if fraction is not None else str(number),
                         fraction))
    return rows


__all__ = ["Balance", "CHART_SUFFIXES", "REPORT", "bars", "read_balance"]
