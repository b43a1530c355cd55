"""Things shown beside the text: code lenses (run a card's scenarios, preview its face),
inlay hints (a monster's strength against each race or class it names, a card's missing
translations), the commands the lenses call, and the live card preview.

The preview is a custom request, ``munchkin/preview`` (params: ``uri``, ``position`` or
``card``, optional ``lang`` and ``width``), answering ``{card, lang, mime, data}`` with
the card's printed face as a PNG (base64): the same faces and renderer as `munchkin print`
(:func:`munchkin_dsl.render.from_cards.card_face`, :func:`munchkin_dsl.render.render_pdf`),
rasterised by pdfium.  The VS Code extension shows it in a panel that follows the cursor
and the text; hovering a card id shows it too, as an image.
"""

from __future__ import annotations

import base64
import re
import tempfile
from pathlib import Path
from typing import Any

from lsprotocol import types as lsp

from munchkin_dsl.language.nodes import Card
from munchkin_dsl.lsp.analysis import SCENARIO_SUFFIX, PackAnalysis
from munchkin_dsl.lsp.cursor import token_at
from munchkin_dsl.lsp.server import MunchkinServer, fs_path, server

RUN_SCENARIOS = "munchkin.server.runScenarios"
PREVIEW = "munchkin.server.previewCard"
PREVIEW_REQUEST = "munchkin/preview"
#: preview width in pixels unless the client asks for another
PREVIEW_WIDTH = 360
_AGAINST = re.compile(r"([+-]\d+)\s+against\s+(\"[^\"]+\"|[\w'-]+)")


# ---------------------------------------------------------------- code lenses
@server.feature(lsp.TEXT_DOCUMENT_CODE_LENS)
async def code_lenses(ls: MunchkinServer, params: lsp.CodeLensParams) -> list[lsp.CodeLens]:
    """Above each card: "run N scenarios" (those naming the card) and "preview"."""
    uri = params.text_document.uri
    if uri.endswith(SCENARIO_SUFFIX):
        return []
    analysis = await ls.analysis_for(uri)
    text = ls.workspace.get_text_document(uri).source
    uses = scenario_uses(ls, analysis)
    out = []
    for card in analysis.cards_in(fs_path(uri).resolve()):
        rng = ls.codec.span_range(card.id_span, text)
        count = len(uses.get(card.id, []))
        if count:
            out.append(lsp.CodeLens(rng, lsp.Command(
                f"▶ run {count} scenario{'s' if count != 1 else ''}", RUN_SCENARIOS, arguments=
                [uri, card.id])))
        out.append(lsp.CodeLens(rng, lsp.Command("preview", PREVIEW, arguments=[uri, card.id])))
    return out


def scenario_uses(ls: MunchkinServer, analysis: PackAnalysis
                  ) -> dict[str, list[tuple[Path, int]]]:
    """card id -> (scenario file, scenario header line) of each scenario that names it."""
    from munchkin_dsl.lsp.navigation import scenario_blocks

    ids = {c.id for c in analysis.checked.cards}
    out: dict[str, list[tuple[Path, int]]] = {}
    for path in ls.scenario_files(analysis.root):
        text = ls.packs.text(path) or ""
        lines = text.split("\n")
        for start, end, _ in scenario_blocks(text):
            words = {w for line in lines[start + 1:end + 1]
                     for w in re.findall(r"[\w'-]+", line.split("#", 1)[0])}
            for card_id in sorted(words & ids):
                out.setdefault(card_id, []).append((path, start + 1))
    return out


@server.command(RUN_SCENARIOS)
async def run_scenarios(ls: MunchkinServer, uri: str, card_id: str) -> dict[str, Any]:
    """Run the scenarios that name ``card_id``; show and return how they went."""
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.compiler.engine_data import EngineData
    from munchkin_dsl.scenarios.packs import PackCache
    from munchkin_dsl.scenarios.runner import Runner, parse

    analysis = await ls.analysis_for(uri)
    cards = analysis.compiled()
    if cards is None:
        message = "the pack has errors: fix them to run its scenarios"
        ls.window_show_message(lsp.ShowMessageParams(lsp.MessageType.Warning, message))
        return {"card": card_id, "error": message, "results": []}
    info = analysis.checked.info
    data = EngineData(packs=(info,) if info else (), cards=tuple(cards))
    results = []
    root = analysis.root
    for path, line in scenario_uses(ls, analysis).get(card_id, []):
        text = ls.packs.text(path) or ""
        sink = DiagnosticSink()
        scenario = next(s for s in parse(text, path.name, sink) if s.line == line)
        result = Runner(data, scenario, sink, root, PackCache()).run()
        results.append({"file": path.relative_to(root).as_posix() if root in path.parents
                        else path.name, "line": line, "title": scenario.title,
                        "status": result.status, "failures": result.failures})
    passed = sum(r["status"] == "passed" for r in results)
    summary = f"{card_id}: {passed} of {len(results)} scenario(s) passed"
    for r in results:
        if r["status"] != "passed":
            summary += f"\n{r['file']}:{r['line']} {r['title']}: {r['status']}"
    ls.window_show_message(lsp.ShowMessageParams(
        lsp.MessageType.Info if passed == len(results) else lsp.MessageType.Warning, summary))
    return {"card": card_id, "results": results}


# ---------------------------------------------------------------- inlay hints
@server.feature(lsp.TEXT_DOCUMENT_INLAY_HINT)
async def inlay_hints(ls: MunchkinServer, params: lsp.InlayHintParams) -> list[lsp.InlayHint]:
    uri = params.text_document.uri
    if uri.endswith(SCENARIO_SUFFIX):
        return []
    analysis = await ls.analysis_for(uri)
    lines = ls.lines(uri)
    first, last = params.range.start.line, params.range.end.line
    languages = [lang for lang in analysis.checked.languages if lang != "en"]
    out = []
    for card in analysis.cards_in(fs_path(uri).resolve()):
        if card.span.end_line - 1 < first or card.span.line - 1 > last:
            continue
        named = {lang for lang, _, _ in card.names()}
        missing = [lang for lang in languages if lang not in named]
        if missing:
            row = card.name_span.end_line - 1
            out.append(lsp.InlayHint(
                ls.codec.position(lines, row, card.name_span.end_column - 1),
                f"no name in {', '.join(missing)}", kind=lsp.InlayHintKind.Parameter,
                padding_left=True))
        level = _level(card)
        if card.kind != "monster" or level is None:
            continue
        for row in range(card.span.line - 1, min(card.span.end_line, len(lines))):
            for m in _AGAINST.finditer(lines[row]):
                strength = level + int(m.group(1))
                out.append(lsp.InlayHint(
                    ls.codec.position(lines, row, m.end()),
                    f"= {strength} against {m.group(2).strip(chr(34))}",
                    kind=lsp.InlayHintKind.Type, padding_left=True))
    return out


def _level(card: Card) -> int | None:
    for stat in card.stats:
        if stat.kind == "level" and stat.args and isinstance(stat.args[0], int):
            return int(stat.args[0])
    return None


# ---------------------------------------------------------------- the card preview
def card_at(ls: MunchkinServer, analysis: PackAnalysis, uri: str,
            position: lsp.Position) -> str | None:
    """The card under the cursor: a card id the cursor is on, else the card it is in."""
    lines = ls.lines(uri)
    line = lines[position.line] if position.line < len(lines) else ""
    token = token_at(line, position.character, ls.codec)
    ids = {c.id for c in analysis.checked.cards}
    if token is not None and token[1] in ids:
        return token[1]
    for card in analysis.cards_in(fs_path(uri).resolve()):
        if card.span.line - 1 <= position.line <= card.span.end_line - 1:
            return card.id
    return None


def render_preview(analysis: PackAnalysis, card_id: str, lang: str | None,
                   width: int) -> dict[str, Any] | None:
    """The card's printed face as a PNG, or None while the pack has errors."""
    import pypdfium2 as pdfium

    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.render import PrintOptions, render_pdf
    from munchkin_dsl.render.from_cards import card_face
    from munchkin_dsl.text.cardtext import ruleset_for

    cards = analysis.compiled()
    card = next((c for c in cards or () if c.id == card_id), None)
    if card is None:
        return None
    languages = list(analysis.checked.languages) or ["en"]
    lang = lang if lang in languages else languages[0]
    root = analysis.root if analysis.root.is_dir() else analysis.root.parent
    face = card_face(card, ruleset_for(card, analysis.checked.rulesets), lang, root)
    options = PrintOptions(mode="shop", bleed_mm=0.0, backs=False)
    with tempfile.TemporaryDirectory(prefix="munchkin-preview-") as tmp:
        pdf = Path(tmp) / "card.pdf"
        report = render_pdf([face], options, pdf, DiagnosticSink())
        if not report.written:
            return None
        document = pdfium.PdfDocument(str(pdf))
        try:
            page = document[0]
            scale = width / page.get_size()[0]
            image = page.render(scale=scale).to_pil().convert("RGB")
        finally:
            document.close()
    import io

    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return {"card": card_id, "lang": lang, "mime": "image/png",
            "width": image.size[0], "height": image.size[1],
            "data": base64.b64encode(buffer.getvalue()).decode("ascii")}


@server.feature(PREVIEW_REQUEST)
async def preview(ls: MunchkinServer, params: Any) -> dict[str, Any] | None:
    """``munchkin/preview``: the printed face of the card under the cursor (or named)."""
    uri = _field(params, "uri")
    analysis = await ls.analysis_for(uri)
    card_id = _field(params, "card")
    position = _field(params, "position")
    if card_id is None and position is not None:
        card_id = card_at(ls, analysis, uri, lsp.Position(int(_field(position, "line")),
                                                          int(_field(position, "character"))))
    if card_id is None:
        return None
    width = int(_field(params, "width") or PREVIEW_WIDTH)
    return render_preview(analysis, card_id, _field(params, "lang"), max(64, min(width, 1600)))


@server.command(PREVIEW)
async def preview_command(ls: MunchkinServer, uri: str, card_id: str) -> dict[str, Any] | None:
    analysis = await ls.analysis_for(uri)
    return render_preview(analysis, card_id, None, PREVIEW_WIDTH)


def _field(params: Any, name: str) -> Any:
    """A field of a custom request's params (a dict, or pygls's attribute object)."""
    if isinstance(params, dict):
        return params.get(name)
    return getattr(params, name, None)

