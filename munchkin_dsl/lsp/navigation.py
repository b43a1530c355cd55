"""Finding things: definition, references, rename, document highlight, the outline of a
pack or scenario file, and workspace symbols.

Card ids are the pack's stable keys: references finds them in every pack file and every
scenario of the pack, and rename changes all of them at once (``prepareRename`` refuses
anything that is not a card id, since a keyword, a race name or a string is no key).
"""

from __future__ import annotations

import re
from pathlib import Path

from lsprotocol import types as lsp

from munchkin_dsl.base.diagnostics import Span
from munchkin_dsl.lsp.analysis import SCENARIO_SUFFIX, PackAnalysis
from munchkin_dsl.lsp.cursor import occurrences, token_at
from munchkin_dsl.lsp.server import MunchkinServer, file_uri, fs_path, server

#: card kind -> the outline's symbol kind
SYMBOL_KINDS = {"monster": lsp.SymbolKind.Class, "monster-enhancer": lsp.SymbolKind.Interface,
                "race": lsp.SymbolKind.Struct, "class": lsp.SymbolKind.Struct,
                "item": lsp.SymbolKind.Object, "item-enhancer": lsp.SymbolKind.Object,
                "one-shot": lsp.SymbolKind.Event, "treasure": lsp.SymbolKind.Constant,
                "seal": lsp.SymbolKind.Enum}

#: a card id as the grammar's WORD allows it (no trailing `!`, no spaces)
CARD_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_']*(?:[-.][A-Za-z0-9_]+)*")
_SCENARIO_LINE = re.compile(r"^scenario:\s*(.*)$")


def pack_files(ls: MunchkinServer, analysis: PackAnalysis) -> list[Path]:
    return list(analysis.paths.values()) + ls.scenario_files(analysis.root)


def word_at(ls: MunchkinServer, uri: str, position: lsp.Position
            ) -> tuple[str, int, str, str] | None:
    """(the line, start column, the word, its token kind) under the cursor, or None."""
    lines = ls.lines(uri)
    line = lines[position.line] if position.line < len(lines) else ""
    if uri.endswith(SCENARIO_SUFFIX):
        line = line.split("#", 1)[0]
    token = token_at(line, position.character, ls.codec)
    return None if token is None else (line, token[0], token[1], token[2])


def id_occurrences(text: str, card_id: str, scenario: bool) -> list[tuple[int, int, int]]:
    """(line, column, length) of each use of a card id: exact WORD tokens in a pack,
    whole words before any comment in a scenario."""
    if not scenario:
        return [o for o in occurrences(text, card_id)
                if text.split("\n")[o[0]][o[1]:o[1] + o[2]] == card_id
                and text.split("\n")[o[0]][o[1] - 1:o[1]] != '"']
    pattern = re.compile(rf"(?<![\w-]){re.escape(card_id)}(?![\w-])")
    return [(number, m.start(), len(card_id))
            for number, source in enumerate(text.split("\n"))
            for m in pattern.finditer(source.split("#", 1)[0])]


def location(ls: MunchkinServer, analysis: PackAnalysis, span: Span) -> lsp.Location:
    path = analysis.path_of(span)
    text = analysis.checked.loaded.texts.get(span.file, "")
    return lsp.Location(file_uri(path) if path else span.file, ls.codec.span_range(span, text))


# ---------------------------------------------------------------- definition / references
@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
async def definition(ls: MunchkinServer, params: lsp.DefinitionParams
                     ) -> list[lsp.Location] | None:
    uri = params.text_document.uri
    found = word_at(ls, uri, params.position)
    if found is None:
        return None
    line, _, word, _ = found
    analysis = await ls.analysis_for(uri)
    here = fs_path(uri)
    if line.lstrip().startswith("include"):
        target = (here.parent / word).resolve()
        if target.is_file() and ls.packs.may_read(target):
            return [lsp.Location(file_uri(target),
                                 lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)))]
    spans = [c.id_span for c in analysis.checked.cards if word == c.id]
    folded = word.casefold()
    spans += [c.name_span for c in analysis.checked.cards
              if c.kind in ("race", "class") and c.name.casefold() == folded]
    for card in analysis.checked.cards:
        for stat in card.stats:
            if stat.kind == "tags":
                spans += [r.span for r in stat.args if r.name.casefold() == folded]
    return [location(ls, analysis, s) for s in spans[:20] if analysis.path_of(s)] or None


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
async def references(ls: MunchkinServer, params: lsp.ReferenceParams
                     ) -> list[lsp.Location] | None:
    uri = params.text_document.uri
    found = word_at(ls, uri, params.position)
    if found is None:
        return None
    word = found[2]
    analysis = await ls.analysis_for(uri)
    out = []
    for path in pack_files(ls, analysis):
        text = ls.packs.text(path) or ""
        lines = text.split("\n")
        for number, col, length in occurrences(text, word):
            out.append(lsp.Location(file_uri(path),
                                    ls.codec.token_range(lines, number, col, length)))
    return out


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT)
def highlight(ls: MunchkinServer, params: lsp.DocumentHighlightParams
              ) -> list[lsp.DocumentHighlight] | None:
    """Every use of the word under the cursor in this file."""
    uri = params.text_document.uri
    found = word_at(ls, uri, params.position)
    if found is None or found[3] in ("COMMENT", "INT"):
        return None
    text = ls.workspace.get_text_document(uri).source
    lines = text.split("\n")
    return [lsp.DocumentHighlight(ls.codec.token_range(lines, number, col, length),
                                  lsp.DocumentHighlightKind.Text)
            for number, col, length in occurrences(text, found[2])]


# ---------------------------------------------------------------- rename
def _card_id_at(ls: MunchkinServer, analysis: PackAnalysis, uri: str,
                position: lsp.Position) -> tuple[str, lsp.Range] | None:
    found = word_at(ls, uri, position)
    if found is None or found[3] != "WORD":
        return None
    line, start, word, _ = found
    if word not in {c.id for c in analysis.checked.cards}:
        return None
    return word, ls.codec.token_range([line], 0, start, len(word))


@server.feature(lsp.TEXT_DOCUMENT_PREPARE_RENAME)
async def prepare_rename(ls: MunchkinServer, params: lsp.PrepareRenameParams
                         ) -> lsp.PrepareRenamePlaceholder:
    analysis = await ls.analysis_for(params.text_document.uri)
    found = _card_id_at(ls, analysis, params.text_document.uri, params.position)
    if found is None:
        raise ValueError("only a card id can be renamed here (keywords, names and text "
                         "are not keys; rename a card's name by editing its string)")
    word, rng = found
    rng = lsp.Range(lsp.Position(params.position.line, rng.start.character),
                    lsp.Position(params.position.line, rng.end.character))
    return lsp.PrepareRenamePlaceholder(range=rng, placeholder=word)


@server.feature(lsp.TEXT_DOCUMENT_RENAME, lsp.RenameOptions(prepare_provider=True))
async def rename(ls: MunchkinServer, params: lsp.RenameParams) -> lsp.WorkspaceEdit:
    """A card id renamed in every pack file and every scenario of the pack."""
    uri = params.text_document.uri
    analysis = await ls.analysis_for(uri)
    found = _card_id_at(ls, analysis, uri, params.position)
    if found is None:
        raise ValueError("only a card id can be renamed")
    old, new = found[0], params.new_name
    if not CARD_ID.fullmatch(new):
        raise ValueError(f"'{new}' is not a card id: letters, digits, _ and ' with - or . "
                         "between them, e.g. net-troll")
    if new != old and new in {c.id for c in analysis.checked.cards}:
        raise ValueError(f"card id '{new}' is already used by another card")
    changes: dict[str, list[lsp.TextEdit]] = {}
    for path in pack_files(ls, analysis):
        text = ls.packs.text(path) or ""
        lines = text.split("\n")
        edits = [lsp.TextEdit(ls.codec.token_range(lines, number, col, length), new)
                 for number, col, length in id_occurrences(text, old,
                                                           path.suffix == SCENARIO_SUFFIX)]
        if edits:
            changes[file_uri(path)] = edits
    return lsp.WorkspaceEdit(changes=changes)


# ---------------------------------------------------------------- outline
@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
async def document_symbols(ls: MunchkinServer, params: lsp.DocumentSymbolParams
                           ) -> list[lsp.DocumentSymbol]:
    uri = params.text_document.uri
    text = ls.workspace.get_text_document(uri).source
    if uri.endswith(SCENARIO_SUFFIX):
        return scenario_symbols(ls, text)
    analysis = await ls.analysis_for(uri)
    groups: dict[str, list[lsp.DocumentSymbol]] = {}
    for card in analysis.cards_in(fs_path(uri).resolve()):
        groups.setdefault(card.kind, []).append(lsp.DocumentSymbol(
            name=card.name, detail=card.id, kind=SYMBOL_KINDS.get(card.kind,
                                                                  lsp.SymbolKind.Object),
            range=ls.codec.span_range(card.span, text),
            selection_range=ls.codec.span_range(card.id_span, text)))
    out = []
    for kind, cards in groups.items():
        rng = lsp.Range(cards[0].range.start, cards[-1].range.end)
        out.append(lsp.DocumentSymbol(name=kind, kind=lsp.SymbolKind.Namespace, range=rng,
                                      selection_range=cards[0].selection_range,
                                      detail=f"{len(cards)} card(s)", children=cards))
    return out


def scenario_blocks(text: str) -> list[tuple[int, int, str]]:
    """(first line, last non-blank line, title) of each scenario of a scenario file."""
    lines = text.split("\n")
    starts = [(i, m.group(1).split("#", 1)[0].strip()) for i, line in enumerate(lines)
              if (m := _SCENARIO_LINE.match(line))]
    out = []
    for index, (start, title) in enumerate(starts):
        end = starts[index + 1][0] - 1 if index + 1 < len(starts) else len(lines) - 1
        while end > start and not lines[end].strip():
            end -= 1
        out.append((start, end, title))
    return out


def scenario_symbols(ls: MunchkinServer, text: str) -> list[lsp.DocumentSymbol]:
    """A scenario file's outline: its scenarios, each with its players."""
    lines = text.split("\n")
    out = []
    for start, end, title in scenario_blocks(text):
        children = [lsp.DocumentSymbol(
            name=line.split(":", 1)[0].split()[-1], detail=line.split(":", 1)[1].strip(),
            kind=lsp.SymbolKind.Variable,
            range=ls.codec.token_range(lines, i, 0, len(line)),
            selection_range=ls.codec.token_range(lines, i, 0, len(line)))
            for i in range(start + 1, end + 1)
            if (line := lines[i]).startswith("player ") and ":" in line]
        out.append(lsp.DocumentSymbol(
            name=title or "(untitled scenario)", kind=lsp.SymbolKind.Function,
            range=lsp.Range(lsp.Position(start, 0), ls.codec.position(lines, end,
                                                                       len(lines[end]))),
            selection_range=ls.codec.token_range(lines, start, 0, len(lines[start])),
            children=children))
    return out


@server.feature(lsp.WORKSPACE_SYMBOL)
def workspace_symbols(ls: MunchkinServer, params: lsp.WorkspaceSymbolParams
                      ) -> list[lsp.SymbolInformation]:
    """Cards of every checked pack whose id or name contains the query."""
    query = params.query.casefold()
    out = []
    for analysis in list(ls.analyses.values()):
        for card in analysis.checked.cards:
            if query not in card.id.casefold() and query not in card.name.casefold():
                continue
            if analysis.path_of(card.span) is None:
                continue
            out.append(lsp.SymbolInformation(
                name=f"{card.name} ({card.id})",
                kind=SYMBOL_KINDS.get(card.kind, lsp.SymbolKind.Object),
                location=location(ls, analysis, card.id_span),
                container_name=analysis.root.name))
            if len(out) >= 500:
                return out
    return out
