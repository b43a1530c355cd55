"""`munchkin site`: the pack book, a folder of static pages that works from ``file://``.

Layout of the output folder (every link relative, nothing fetched from elsewhere):

* ``index.html``: every card as its printed face, with filters (kind, tag, level,
  language) and a search over names and texts (``static/site.js``; without scripts
  every card is simply listed);
* ``cards/ID.html``: one page per card (texts, rules in words, diagnostics, scenarios,
  balance figures);
* ``packs/ID.html``: one page per pack (ruleset, counts by kind, warnings; with several
  packs, the conflicts `munchkin mix` finds between them);
* ``faces/ID.LANG.png``: the card faces, rendered by the print pipeline
  (:mod:`munchkin_dsl.render.export`) in each language the pack declares;
* ``static/``: the style sheet and the script; ``balance/``: charts copied from a
  `simulate --report` folder.

The same packs give byte-identical files: nothing depends on time, paths outside the
packs or dictionary order.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2

from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink
from munchkin_dsl.render.export import ImageSize, export_png
from munchkin_dsl.render.from_cards import card_face, split_by_pack
from munchkin_dsl.render.layout import CARD_PRESETS
from munchkin_dsl.site.balance import Balance, bars, read_balance
from munchkin_dsl.site.model import (
    CardView,
    PackView,
    attach_diagnostics,
    attach_scenarios,
    card_view,
    pack_view,
    slug,
)
from munchkin_dsl.text.cardtext import ruleset_for

if TYPE_CHECKING:
    from munchkin_dsl.compiler.api import CompileResult

#: Face images: 100 dpi without bleed (220 x 343 px for a Munchkin card), shown 1:1.
FACE_DPI = 100.0
STATIC = ("site.css", "site.js")


@dataclass
class SiteOptions:
    """What a site build takes besides the compiled packs."""

    report: Path | None = None
    title: str = ""
    conflicts: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class SiteResult:
    """The site's files (relative path -> content) and what a caller reports."""

    files: dict[str, bytes]
    cards: int
    pages: int
    notes: list[str] = field(default_factory=list)
    problems: tuple[Diagnostic, ...] = ()


def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("munchkin_dsl.site", "templates"),
        autoescape=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    env.filters["tojson_attr"] = lambda value: json.dumps(value, ensure_ascii=False,
                                                          sort_keys=True)
    env.globals["bars"] = bars
    return env


def _faces(result: CompileResult, views: list[CardView], sink: DiagnosticSink
           ) -> tuple[dict[str, bytes], tuple[Diagnostic, ...]]:
    """Every card's face in each of its languages, as PNG bytes by site path."""
    assert result.data is not None
    faces = []
    names = []
    remaining = iter(views)
    for checked, cards in split_by_pack(result.packs, result.data.cards):
        files = {rel: shown for shown, rel in checked.loaded.relative.items()}
        for card in cards:
            view = next(remaining)
            ruleset = ruleset_for(card, checked.rulesets)
            for lang in view.langs:
                faces.append(card_face(card, ruleset, lang, checked.loaded.root, files))
                names.append(f"faces/{view.slug}.{lang}.png")
    size = ImageSize(CARD_PRESETS["munchkin"], 0.0, FACE_DPI)
    out: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory(prefix="munchkin-site-") as tmp:
        # export_png names files by card id; a card in two languages is rendered twice,
        # so each language goes through its own run into its own folder.
        by_lang: dict[str, list[int]] = {}
        for index, name in enumerate(names):
            by_lang.setdefault(name.rsplit(".", 2)[1], []).append(index)
        problems: list[Diagnostic] = []
        for lang, indexes in sorted(by_lang.items()):
            folder = Path(tmp) / lang
            report = export_png([faces[i] for i in indexes], folder, size, sink)
            problems += report.problems
            if not report.written:
                return {}, tuple(problems)
            listing = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
            for index, entry in zip(indexes, listing["cards"], strict=True):
                out[names[index]] = (folder / entry["front"]).read_bytes()
    return out, tuple(problems)


def _static() -> dict[str, bytes]:
    base = resources.files("munchkin_dsl.site").joinpath("static")
    return {f"static/{name}": base.joinpath(name).read_bytes() for name in STATIC}


def lowered(result: CompileResult) -> CompileResult:
    """Packs checked together as `check` does (two packs may share a card name or id: a
    site may show a line and its reprint side by side), each lowered on its own."""
    from munchkin_dsl.compiler.api import CompileResult, lower_pack
    from munchkin_dsl.compiler.engine_data import EngineData

    cards = tuple(card for pack in result.packs for card in lower_pack(pack))
    infos = tuple(p.info for p in result.packs if p.info is not None)
    return CompileResult(EngineData(packs=infos, cards=cards), result.packs, result.sink)


def _views(result: CompileResult, balance_dir: Path | None
           ) -> tuple[list[PackView], list[CardView], Balance]:
    from munchkin_dsl.compiler.engine_data import EngineData

    assert result.data is not None
    packs: list[PackView] = []
    views: list[CardView] = []
    used: set[str] = set()
    for checked, cards in split_by_pack(result.packs, result.data.cards):
        mine = [card_view(card, checked) for card in cards]
        for view in mine:
            if view.slug in used:  # the same id in two packs of one site
                view.slug = f"{slug(view.pack)}--{view.slug}"
            used.add(view.slug)
        # the pack's own diagnostics and those across packs (W114, W115) in its files
        own_files = set(checked.loaded.texts)
        rest = attach_diagnostics(mine, checked, [
            d for d in result.sink.items if d.span is not None and d.span.file in own_files])
        own = EngineData(packs=(checked.info,) if checked.info else (), cards=tuple(cards))
        attach_scenarios(mine, checked, own)
        packs.append(pack_view(checked, mine, rest))
        views += mine
    balance = read_balance(balance_dir, {view.card.id for view in views})
    for view in views:
        view.balance = balance.cards.get(view.card.id, {})
        view.charts = balance.charts.get(view.card.id, [])
    return packs, views, balance


def build_site(result: CompileResult, options: SiteOptions, sink: DiagnosticSink
               ) -> SiteResult:
    """Every page, face and asset of the site, in memory (the caller writes the folder)."""
    packs, views, balance = _views(result, options.report)
    faces, problems = _faces(result, views, sink)
    if not faces and views:
        return SiteResult({}, 0, 0, problems=problems)
    env = _environment()
    cards = [view for pack in packs for view in pack.cards]
    kinds = sorted({view.kind_word for view in cards})
    tags = sorted({tag for view in cards for tag in view.tags}, key=str.casefold)
    langs = sorted({lang for view in cards for lang in view.langs},
                   key=lambda code: (code != "en", code))
    levels = sorted({view.card.level for view in cards if view.card.level is not None})
    title = options.title or " + ".join(pack.title for pack in packs)
    common = {"site_title": title, "packs": packs, "languages": langs}
    files: dict[str, bytes] = {}

    def page(path: str, template: str, **values: Any) -> None:
        root = "../" * path.count("/")
        text = env.get_template(template).render(root=root, **common, **values)
        files[path] = text.encode("utf-8")

    page("index.html", "index.html.j2", cards=cards, kinds=kinds, tags=tags, levels=levels)
    for pack in packs:
        page(f"packs/{pack.slug}.html", "pack.html.j2", pack=pack,
             conflicts=options.conflicts if len(packs) > 1 else [],
             summary=balance.summary, charts=balance.charts.get("", []))
    for view in cards:
        page(f"cards/{view.slug}.html", "card.html.j2", view=view, card=view.card)
    files.update(faces)
    files.update(balance.files)
    files.update(_static())
    notes = [f"note: {problem}" for problem in balance.problems]
    return SiteResult(files, len(cards), len(cards) + len(packs) + 1, notes, problems)


def mix_conflicts(paths: Sequence[str]) -> list[dict[str, Any]]:
    """The conflicts `munchkin mix` reports for these packs, for the pack pages."""
    from munchkin_dsl.mix import mix_packs

    mixed = mix_packs(paths)
    by_id = {s.conflict.id: s for s in mixed.settlements} if mixed.settlements else {}
    out = []
    for conflict in mixed.conflicts:
        settled = by_id.get(conflict.id)
        out.append({"id": conflict.id, "title": conflict.title, "family": conflict.family,
                    "sides": [(side.who, side.value) for side in conflict.sides],
                    "settled": (settled.by if settled is not None else "open"),
                    "note": conflict.is_note})
    return out


__all__ = ["FACE_DPI", "SiteOptions", "SiteResult", "build_site", "lowered",
           "mix_conflicts"]
