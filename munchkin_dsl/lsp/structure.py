"""The shape of a file: semantic tokens (packs by the pack grammar's tokens, scenario files
by the scenario language's words), folding ranges, document links, selection ranges."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from lsprotocol import types as lsp

from munchkin_dsl.language.formatter import tokens_with_columns
from munchkin_dsl.lsp import vocabulary
from munchkin_dsl.lsp.analysis import SCENARIO_SUFFIX
from munchkin_dsl.lsp.navigation import scenario_blocks
from munchkin_dsl.lsp.positions import Codec
from munchkin_dsl.lsp.server import MunchkinServer, file_uri, fs_path, server
from munchkin_dsl.scenarios import words as scenario_words

#: semantic token types, in legend order
TOKEN_TYPES = ["keyword", "type", "variable", "enumMember", "string", "number", "comment",
               "operator"]

#: pack statements that name a file beside the pack: (keyword, what the link opens)
LINKED_STATEMENTS = ("include", "art")

_STRING = re.compile(r'"([^"\\]*)"')
_PLAYER_LINE = re.compile(r"^\s*player\s+([^\s:]+)\s*:")
_WORD = re.compile(r"[^\s,:]+:?")


@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
                lsp.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=[]))
def semantic_tokens(ls: MunchkinServer, params: lsp.SemanticTokensParams
                    ) -> lsp.SemanticTokens:
    lines = ls.lines(params.text_document.uri)
    if params.text_document.uri.endswith(SCENARIO_SUFFIX):
        return lsp.SemanticTokens(data=encode(lines, scenario_classes(lines), ls.codec))
    return lsp.SemanticTokens(data=encode(lines, pack_classes(lines), ls.codec))


def classify_line(line: str, top_level: bool) -> list[tuple[int, int, str]]:
    """(column, length, type) of each token of a pack line; a card's first line names its
    kind (type) and id (variable)."""
    keywords = vocabulary.keyword_set()
    tokens = tokens_with_columns(line)
    out = []
    kind_words = 0
    if top_level and any(t.text == "{" for _, t in tokens):
        words = [t.text for _, t in tokens]
        kind_words = 2 if len(words) > 1 and words[1] == "enhancer" else 1
        if words[0] == "pack":
            kind_words = 1
    for index, (col, token) in enumerate(tokens):
        if index < kind_words:
            kind = "keyword" if token.text == "pack" else "type"
        elif index == kind_words and kind_words and token.kind == "WORD":
            kind = "variable"
        elif token.kind == "WORD":
            kind = "keyword" if token.text in keywords else "enumMember"
        elif token.kind == "STRING":
            kind = "string"
        elif token.kind in ("INT", "SIGNED"):
            kind = "number"
        elif token.kind == "COMMENT":
            kind = "comment"
        elif token.text in ":,;+":
            kind = "operator"
        else:
            continue
        out.append((col, len(token.text), kind))
    return out


def pack_classes(lines: list[str]) -> list[list[tuple[int, int, str]]]:
    out = []
    depth = 0
    for line in lines:
        out.append(classify_line(line, depth == 0))
        for _, token in tokens_with_columns(line):
            depth += {"{": 1, "}": -1}.get(token.text, 0)
        depth = max(depth, 0)
    return out


@cache
def scenario_keywords() -> frozenset[str]:
    """Every word of every phrase of the scenario language's table."""
    words = {"scenario:", "player", "expect"}
    for section in scenario_words.SECTIONS:
        for entry in scenario_words.entries(section):
            for phrase in entry.phrases:
                words.update(phrase.replace(":", " :").split())
    words.update(f"{key}:" for key in scenario_words.setup_keys())
    return frozenset(words)


def scenario_classes(lines: list[str]) -> list[list[tuple[int, int, str]]]:
    """(column, length, type) per line of a scenario file: the table's words are keywords,
    players variables, numbers numbers, a scenario's title a string, ``#...`` comments."""
    players = {m.group(1) for line in lines if (m := _PLAYER_LINE.match(line))}
    keywords = scenario_keywords()
    out = []
    for line in lines:
        body, _, comment = line.partition("#")
        row: list[tuple[int, int, str]] = []
        if body.startswith("scenario:"):
            row.append((0, len("scenario:"), "keyword"))
            title = body[len("scenario:"):].strip()
            if title:
                row.append((body.index(title, len("scenario:")), len(title), "string"))
        else:
            for m in _WORD.finditer(body):
                word = m.group(0)
                bare = word.rstrip(":")
                if word in keywords or bare in keywords:
                    kind = "keyword"
                elif bare in players:
                    kind = "variable"
                elif bare.lstrip("+-").isdigit():
                    kind = "number"
                else:
                    kind = "enumMember"
                row.append((m.start(), len(bare) if kind != "keyword" else len(word), kind))
        if "#" in line:
            row.append((len(body), len(comment) + 1, "comment"))
        out.append(row)
    return out


def encode(lines: list[str], classes: list[list[tuple[int, int, str]]], codec: Codec
           ) -> list[int]:
    """LSP's relative encoding of the tokens of every line (in the client's columns)."""
    data: list[int] = []
    prev_line = prev_start = 0
    for number, (line, row) in enumerate(zip(lines, classes, strict=True)):
        for col, length, kind in row:
            start = codec.character(line, col)
            width = codec.units(line[col:col + length])
            delta_line = number - prev_line
            data += [delta_line, start - prev_start if delta_line == 0 else start, width,
                     TOKEN_TYPES.index(kind), 0]
            prev_line, prev_start = number, start
    return data


# ---------------------------------------------------------------- folding
@server.feature(lsp.TEXT_DOCUMENT_FOLDING_RANGE)
def folding(ls: MunchkinServer, params: lsp.FoldingRangeParams) -> list[lsp.FoldingRange]:
    """Cards and the pack header (``{`` ... ``}``) in packs; scenarios in scenario files."""
    text = ls.workspace.get_text_document(params.text_document.uri).source
    if params.text_document.uri.endswith(SCENARIO_SUFFIX):
        return [lsp.FoldingRange(start, end) for start, end, _ in scenario_blocks(text)
                if end > start]
    return [lsp.FoldingRange(start, end) for start, end in brace_blocks(text.split("\n"))
            if end > start]


def brace_blocks(lines: list[str]) -> list[tuple[int, int]]:
    """(opening line, closing line) of each ``{ ... }`` block, outermost first."""
    stack: list[int] = []
    out = []
    for number, line in enumerate(lines):
        for _, token in tokens_with_columns(line):
            if token.text == "{":
                stack.append(number)
            elif token.text == "}" and stack:
                out.append((stack.pop(), number))
    return sorted(out)


# ---------------------------------------------------------------- links
@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_LINK)
def document_links(ls: MunchkinServer, params: lsp.DocumentLinkParams
                   ) -> list[lsp.DocumentLink]:
    """``include "file.munch"`` and ``art "file.png"``: links to the files they name."""
    uri = params.text_document.uri
    if uri.endswith(SCENARIO_SUFFIX):
        return []
    folder = fs_path(uri).parent
    lines = ls.lines(uri)
    out = []
    for number, line in enumerate(lines):
        words = line.split()
        if not words or words[0] not in LINKED_STATEMENTS:
            continue
        m = _STRING.search(line)
        if m is None:
            continue
        target = (folder / m.group(1)).resolve()
        if not _inside(target, folder) or not target.is_file():
            continue
        out.append(lsp.DocumentLink(
            range=ls.codec.token_range(lines, number, m.start(1), len(m.group(1))),
            target=file_uri(target), tooltip=f"open {m.group(1)}"))
    return out


def _inside(target: Path, folder: Path) -> bool:
    """Links stay inside the pack's folder (as `munchkin check` reads files)."""
    try:
        target.relative_to(folder.resolve())
    except ValueError:
        return False
    return True


# ---------------------------------------------------------------- selection ranges
@server.feature(lsp.TEXT_DOCUMENT_SELECTION_RANGE)
def selection_ranges(ls: MunchkinServer, params: lsp.SelectionRangeParams
                     ) -> list[lsp.SelectionRange]:
    """word -> line -> block (card or scenario) -> file, for each position."""
    uri = params.text_document.uri
    text = ls.workspace.get_text_document(uri).source
    lines = text.split("\n")
    blocks = ([(s, e) for s, e, _ in scenario_blocks(text)] if uri.endswith(SCENARIO_SUFFIX)
              else brace_blocks(lines))
    whole = lsp.SelectionRange(lsp.Range(lsp.Position(0, 0), ls.codec.end_of(lines)))
    out = []
    for pos in params.positions:
        row = min(pos.line, len(lines) - 1)
        line = lines[row]
        current = whole
        for start, end in sorted((b for b in blocks if b[0] <= row <= b[1]),
                                 key=lambda b: b[0] - b[1]):
            current = lsp.SelectionRange(lsp.Range(
                lsp.Position(start, 0), ls.codec.position(lines, end, len(lines[end]))),
                current)
        indent = len(line) - len(line.lstrip())
        current = lsp.SelectionRange(ls.codec.token_range(lines, row, indent,
                                                          len(line.rstrip()) - indent),
                                     current)
        col = ls.codec.column(line, pos.character)
        for m in re.finditer(r"[\w'.!-]+|\"[^\"]*\"", line):
            if m.start() <= col <= m.end():
                current = lsp.SelectionRange(
                    ls.codec.token_range(lines, row, m.start(), m.end() - m.start()), current)
                break
        out.append(current)
    return out
