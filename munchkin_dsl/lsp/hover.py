"""Hover: a card's rules text per language and compiled abilities, a word's reference
entry, a diagnostic code's ``--explain`` text."""

from __future__ import annotations

import json
import re

from lsprotocol import types as lsp

from munchkin_dsl.language.nodes import Card
from munchkin_dsl.lsp import vocabulary
from munchkin_dsl.lsp.analysis import PackAnalysis
from munchkin_dsl.lsp.cursor import token_at, words_around
from munchkin_dsl.lsp.lenses import render_preview
from munchkin_dsl.lsp.server import MunchkinServer, fs_path, server

#: width of the printed face shown on hover, in pixels
HOVER_FACE_WIDTH = 240
#: rendered faces by (card id, the compiled card's repr): a hover re-renders only a card
#: whose text changed
_FACES: dict[tuple[str, str], str] = {}

_CODE = re.compile(r"[EWRS]\d{3}")


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
async def hover(ls: MunchkinServer, params: lsp.HoverParams) -> lsp.Hover | None:
    uri = params.text_document.uri
    lines = ls.lines(uri)
    pos = params.position
    line = lines[pos.line] if pos.line < len(lines) else ""
    analysis = await ls.analysis_for(uri)
    parts: list[str] = []
    path = fs_path(uri).resolve()
    for d in analysis.diagnostics:  # a diagnostic under the cursor: its --explain text
        if d.span and analysis.path_of(d.span) == path and d.span.line - 1 == pos.line:
            text = vocabulary.explain(d.code)
            if text and text not in parts:
                parts.append("```text\n" + text + "\n```")
    token = token_at(line, pos.character, ls.codec)
    if token is not None:
        word = token[1]
        card = next((c for c in analysis.checked.cards if word in (c.id, c.name)), None)
        code_text = vocabulary.explain(word) if _CODE.fullmatch(word) else None
        if card is not None:
            parts.insert(0, card_hover(analysis, card))
            image = await face_image(ls, analysis, card.id)
            if image:
                parts.insert(1, image)
        elif code_text:
            parts.insert(0, "```text\n" + code_text + "\n```")
        elif word in vocabulary.keyword_set():
            entry = vocabulary.reference(words_around(line, pos.character, ls.codec))
            if entry:
                parts.insert(0, entry)
    if not parts:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown,
                                                value="\n\n---\n\n".join(parts)))


async def face_image(ls: MunchkinServer, analysis: PackAnalysis, card_id: str) -> str | None:
    """The card's printed face as a Markdown image (a PNG data URI), rendered by the
    worker thread; None while the pack has errors."""
    compiled = analysis.compiled()
    data = next((c for c in compiled or () if c.id == card_id), None)
    if data is None:
        return None
    key = (card_id, repr(data))
    if key not in _FACES:
        import asyncio

        face = await asyncio.get_running_loop().run_in_executor(
            ls.executor, render_preview, analysis, card_id, None, HOVER_FACE_WIDTH)
        if face is None:
            return None
        if len(_FACES) > 200:
            _FACES.clear()
        _FACES[key] = f"![{card_id}](data:{face['mime']};base64,{face['data']})"
    return _FACES[key]


def card_hover(analysis: PackAnalysis, card: Card) -> str:
    """A card's rules text in each of the pack's languages, and its compiled abilities."""
    head = f"**{card.name}** ({card.kind} `{card.id}`)"
    compiled = analysis.compiled()
    if compiled is None:
        return head + "\n\n*(the pack has errors: fix them to see the card's text)*"
    from munchkin_dsl.compiler.engine_data import to_jsonable
    from munchkin_dsl.text.cardtext import card_text, card_title, ruleset_for

    data = next((c for c in compiled if c.id == card.id), None)
    if data is None:
        return head
    ruleset = ruleset_for(data, analysis.checked.rulesets)
    parts = [head]
    for lang in analysis.checked.languages:
        try:
            text = card_text(data, ruleset, lang)
        except Exception:  # noqa: BLE001 - a language without card templates
            continue
        body = "\n\n".join(p for p in (f"*{text.kind_line}*", text.body, text.bad_stuff,
                                       text.footer) if p)
        parts.append(f"**{lang}**: {card_title(data, lang)}\n\n{body}")
    abilities = to_jsonable(data).get("abilities", [])
    parts.append("```json\n" + json.dumps(abilities, ensure_ascii=False, indent=1) + "\n```")
    return "\n\n".join(parts)
