"""`munchkin lsp`: the language server (pygls, stdio) for pack (.munch) and scenario (.scn) files.

What it answers, and from where:

* diagnostics - :mod:`munchkin_dsl.lsp.analysis` (the checks of `munchkin check`, on
  editor buffers, re-run after a short pause in typing, published for every file of the
  pack so cross-file problems show where they are);
* completion, hover on words, semantic tokens - :mod:`munchkin_dsl.lsp.vocabulary`;
* hover on a card - its generated rules text per language and its compiled abilities;
* definition / references - card ids, tags, includes, by token across the pack and its
  scenarios; document symbols - the file's cards by kind;
* formatting - :mod:`munchkin_dsl.language.formatter`; code actions - the diagnostics' did-you-mean
  fixes and `overrides rule N` for fixed-rule conflicts.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from munchkin_dsl import __version__
from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink, Span
from munchkin_dsl.language.formatter import format_text, tokens_with_columns
from munchkin_dsl.language.source import display_name
from munchkin_dsl.lsp import vocabulary
from munchkin_dsl.lsp.analysis import SCENARIO_SUFFIX, PackAnalysis, Workspace

DEFAULT_DEBOUNCE_MS = 200
SOURCE = "munchkin"

#: semantic token types, in legend order
TOKEN_TYPES = ["keyword", "type", "variable", "enumMember", "string", "number", "comment",
               "operator"]

#: card kind -> the outline's symbol kind
SYMBOL_KINDS = {"monster": lsp.SymbolKind.Class, "monster-enhancer": lsp.SymbolKind.Interface,
                "race": lsp.SymbolKind.Struct, "class": lsp.SymbolKind.Struct,
                "item": lsp.SymbolKind.Object, "item-enhancer": lsp.SymbolKind.Object,
                "one-shot": lsp.SymbolKind.Event, "treasure": lsp.SymbolKind.Constant,
                "seal": lsp.SymbolKind.Enum}

#: scope category -> how its names are offered in completion
NAME_CATEGORIES = {"races": (lsp.CompletionItemKind.Class, "race"),
                   "classes": (lsp.CompletionItemKind.Class, "class"),
                   "tags": (lsp.CompletionItemKind.EnumMember, "tag"),
                   "sexes": (lsp.CompletionItemKind.EnumMember, "sex")}

_DID_YOU_MEAN = re.compile(r"did you mean '([^']+)'")
_OVERRIDE = re.compile(r"`overrides rule (\w+)")
def _fs_path(uri: str) -> Path:
    """The file a document URI names (an editor's untitled buffer: its URI as a name)."""
    return Path(to_fs_path(uri) or uri)


_PARTIAL = re.compile(r"[\w'.!-]*$")


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _col_from_utf16(line: str, units: int) -> int:
    """The code-point index of a UTF-16 offset in ``line``."""
    count = 0
    for index, char in enumerate(line):
        if count >= units:
            return index
        count += 2 if ord(char) > 0xFFFF else 1
    return len(line)


class MunchkinServer(LanguageServer):
    """The pygls server plus the workspace of packs it checks."""

    def __init__(self) -> None:
        super().__init__("munchkin-lsp", __version__,
                         text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental)
        self.packs = Workspace()
        self.analyses: dict[Path, PackAnalysis] = {}
        self.pending: dict[Path, asyncio.Task] = {}
        self.debounce = DEFAULT_DEBOUNCE_MS / 1000

    # -- documents and packs --------------------------------------------------------
    def lines(self, uri: str) -> list[str]:
        return self.workspace.get_text_document(uri).source.split("\n")

    def root_of(self, path: Path) -> Path:
        if path.suffix == SCENARIO_SUFFIX and path.parent.name == "scenarios":
            return self.packs.pack_root(path.parent / "x.munch")
        return self.packs.pack_root(path)

    def analysis_for(self, uri: str) -> PackAnalysis:
        root = self.root_of(_fs_path(uri))
        if root not in self.analyses:
            self.analyses[root] = self.packs.analyse(root)
        return self.analyses[root]

    def changed(self, uri: str) -> None:
        path = _fs_path(uri).resolve()
        self.packs.buffers[path] = self.workspace.get_text_document(uri).source
        self.schedule(self.root_of(path))

    def schedule(self, root: Path) -> None:
        """Re-check ``root`` once typing pauses (a newer edit cancels the waiting one)."""
        task = self.pending.pop(root, None)
        if task is not None:
            task.cancel()
        self.pending[root] = asyncio.ensure_future(self._check_later(root))

    async def _check_later(self, root: Path) -> None:
        await asyncio.sleep(self.debounce)
        self.pending.pop(root, None)
        try:
            self.publish(root)
        except Exception:  # noqa: BLE001 - a tool bug must reach the editor's log
            import traceback

            self.window_log_message(lsp.LogMessageParams(
                type=lsp.MessageType.Error,
                message=f"munchkin lsp: checking {root} failed (a bug in munchkin-dsl, not in "
                        f"the pack):\n{traceback.format_exc()}"))

    def publish(self, root: Path) -> None:
        analysis = self.packs.analyse(root)
        self.analyses[root] = analysis
        texts = analysis.checked.loaded.texts
        shown = {path: name for name, path in analysis.paths.items()}
        for path, items in analysis.by_file().items():
            text = texts.get(shown.get(path, ""), "")
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=self.packs.uris.get(path) or from_fs_path(str(path)),
                diagnostics=[to_lsp(d, text) for d in items]))
        if not root.is_dir():
            return
        self.publish_outsiders(root, analysis)
        scenarios = root / "scenarios"
        for path in sorted(p for p in self.packs.buffers if p.parent == scenarios.resolve()
                           and p.suffix == SCENARIO_SUFFIX):
            problems, failures = self.packs.scenario_diagnostics(analysis, path)
            text = self.packs.text(path) or ""
            out = [to_lsp(d, text) for d in problems]
            for line, message in failures:
                out.append(lsp.Diagnostic(
                    range=lsp.Range(lsp.Position(line - 1, 0), lsp.Position(line - 1, 200)),
                    message=f"scenario fails: {message}", source="munchkin test",
                    severity=lsp.DiagnosticSeverity.Warning))
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=from_fs_path(str(path)), diagnostics=out))


    def publish_outsiders(self, root: Path, analysis: PackAnalysis) -> None:
        """Open pack files the manifest does not include: their syntax errors, and a note
        that `munchkin check` does not see them."""
        included = set(analysis.paths.values())
        for path in sorted(p for p in self.packs.buffers if p.suffix == ".munch"
                           and p not in included and root.resolve() in p.parents):
            text = self.packs.buffers[path]
            sink = DiagnosticSink()
            self.packs.cache.parse(text, display_name(path), sink)
            out = [to_lsp(d, text) for d in sink.sorted()]
            rel = path.relative_to(root.resolve()).as_posix()
            out.append(lsp.Diagnostic(
                range=lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)), source=SOURCE,
                severity=lsp.DiagnosticSeverity.Information,
                message=f"pack.munch does not include this file, so the pack's checks do "
                        f"not see it\nhint: add `include \"{rel}\"` to pack.munch"))
            self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
                uri=from_fs_path(str(path)), diagnostics=out))


def span_range(span: Span, text: str) -> lsp.Range:
    lines = text.split("\n")

    def position(line: int, column: int) -> lsp.Position:
        if 1 <= line <= len(lines):
            source = lines[line - 1]
            return lsp.Position(line - 1, utf16_len(source[:max(0, column - 1)]))
        return lsp.Position(max(0, line - 1), max(0, column - 1))

    start = position(span.line, span.column)
    end = position(span.end_line, span.end_column)
    if (end.line, end.character) < (start.line, start.character):
        end = lsp.Position(start.line, start.character + 1)
    return lsp.Range(start, end)


def to_lsp(d: Diagnostic, text: str) -> lsp.Diagnostic:
    """One checker diagnostic as LSP: same code, message and hint as `munchkin check`."""
    rng = span_range(d.span, text) if d.span else lsp.Range(lsp.Position(0, 0),
                                                              lsp.Position(0, 1))
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    data: dict = {}
    if d.hint and (m := _DID_YOU_MEAN.search(d.hint)):
        data["replace"] = m.group(1)
    if d.hint and (m := _OVERRIDE.search(d.hint)):
        data["override"] = m.group(1)
    return lsp.Diagnostic(
        range=rng, message=message, code=d.code, source=SOURCE, data=data or None,
        severity=lsp.DiagnosticSeverity.Error if d.is_error else lsp.DiagnosticSeverity.Warning)


server = MunchkinServer()


# ---------------------------------------------------------------- document sync
@server.feature(lsp.INITIALIZE)
def initialize(ls: MunchkinServer, params: lsp.InitializeParams) -> None:
    options = params.initialization_options or {}
    if isinstance(options, dict) and "debounce_ms" in options:
        ls.debounce = max(0, float(options["debounce_ms"])) / 1000


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: MunchkinServer, params: lsp.DidOpenTextDocumentParams) -> None:
    ls.changed(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: MunchkinServer, params: lsp.DidChangeTextDocumentParams) -> None:
    ls.changed(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: MunchkinServer, params: lsp.DidSaveTextDocumentParams) -> None:
    ls.changed(params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: MunchkinServer, params: lsp.DidCloseTextDocumentParams) -> None:
    path = _fs_path(params.text_document.uri).resolve()
    ls.packs.buffers.pop(path, None)
    ls.schedule(ls.root_of(path))


# ---------------------------------------------------------------- words at the cursor
def _token_at(line: str, char: int) -> tuple[int, str] | None:
    """(start column, text) of the token under a UTF-16 position, strings unquoted."""
    col = _col_from_utf16(line, char)
    for start, token in tokens_with_columns(line):
        if start <= col <= start + len(token.text) and token.kind in ("WORD", "STRING",
                                                                        "COMMENT", "INT"):
            text = token.text[1:-1] if token.kind == "STRING" else token.text
            return start, text
    return None


def _words_around(line: str, char: int, reach: int = 4) -> list[str]:
    tokens = [(s, t.text) for s, t in tokens_with_columns(line) if t.kind == "WORD"]
    col = _col_from_utf16(line, char)
    here = next((i for i, (s, text) in enumerate(tokens) if s <= col <= s + len(text)), None)
    if here is None:
        return []
    return [text for _, text in tokens[max(0, here - reach):here + reach + 1]]


def _statement_prefix(lines: list[str], line_no: int, before: str) -> tuple[str, str | None]:
    """(the text the grammar should see, the block's header) for a completion point."""
    header: str | None = None
    stmt_start = 0
    for index, text in enumerate([*lines[:line_no], before]):
        current = index == line_no
        for col, token in tokens_with_columns(text):
            if token.text == "{":
                header = text[:col + 1]
                if current:
                    stmt_start = col + 1
            elif token.text == "}":
                header = None
                if current:
                    stmt_start = col + 1
            elif token.text == ";" and current:
                stmt_start = col + 1
    stmt = before[stmt_start:]
    if header is None:
        return stmt, None
    same_line = before.startswith(header) and stmt_start >= len(header)
    return (header + stmt if same_line else header + "\n" + stmt), header


# ---------------------------------------------------------------- completion
@server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                lsp.CompletionOptions(trigger_characters=[" ", ",", ":"]))
def completion(ls: MunchkinServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    uri = params.text_document.uri
    lines = ls.lines(uri)
    pos = params.position
    line = lines[pos.line] if pos.line < len(lines) else ""
    before = line[:_col_from_utf16(line, pos.character)]
    partial = _PARTIAL.search(before)  # always matches (it may match nothing)
    before = before[:partial.start()] if partial else before
    analysis = ls.analysis_for(uri)
    items: list[lsp.CompletionItem] = []
    if uri.endswith(SCENARIO_SUFFIX):
        items += [lsp.CompletionItem(w, kind=lsp.CompletionItemKind.Keyword,
                                     detail=vocabulary.scenario_detail(w))
                  for w in vocabulary.scenario_completions()]
        items += _card_items(analysis)
        return lsp.CompletionList(is_incomplete=False, items=items)
    prefix, header = _statement_prefix(lines, pos.line, before)
    accepted = vocabulary.accepted_after(prefix)
    if not accepted or not (accepted[0] or accepted[1]):
        keywords, names = vocabulary.keywords(), True
    else:
        keywords, names = accepted
    summaries = vocabulary.effect_summaries()
    items += [lsp.CompletionItem(w, kind=lsp.CompletionItemKind.Keyword,
                                 detail=summaries.get(w)) for w in keywords]
    if names:
        items += _name_items(analysis, before, header)
    return lsp.CompletionList(is_incomplete=False, items=items)


def _card_items(analysis: PackAnalysis) -> list[lsp.CompletionItem]:
    return [lsp.CompletionItem(card.id, kind=lsp.CompletionItemKind.Reference,
                               detail=f"{card.kind} \"{card.name}\"")
            for card in analysis.checked.cards]


def _name_items(analysis: PackAnalysis, before: str, header: str | None
                ) -> list[lsp.CompletionItem]:
    """Names that fit where a name may come: languages, rulesets, decks, races, tags..."""
    from munchkin_dsl.base.rulesets import ruleset_ids
    from munchkin_dsl.compiler.resolve import LANGUAGES

    words = [t.text for _, t in tokens_with_columns(before) if t.kind in ("WORD", "INT")]
    last = words[-1] if words else ""
    first = words[0] if words else ""
    value = lsp.CompletionItemKind.Value
    if header is None and last == "include":
        root = analysis.root if analysis.root.is_dir() else analysis.root.parent
        return [lsp.CompletionItem(f'"{p.name}"', kind=lsp.CompletionItemKind.File)
                for p in sorted(root.glob("*.munch")) if p.name != "pack.munch"]
    if header is None:
        return []
    if first in ("languages", "name", "text", "title") and (first == "languages"
                                                          or len(words) == 1):
        return [lsp.CompletionItem(code, kind=value) for code in LANGUAGES]
    if first == "ruleset":
        return [lsp.CompletionItem(rid, kind=value) for rid in ruleset_ids()]
    scope = analysis.checked.scope
    if last.isdigit() and len(words) > 1 and words[-2] in ("draw", "draws"):
        return [lsp.CompletionItem(d, kind=value) for d in sorted(set(scope.decks.values()))]
    out = []
    for category, (kind, detail) in NAME_CATEGORIES.items():
        for name in sorted(set(getattr(scope, category).values())):
            label = f'"{name}"' if " " in name else name
            out.append(lsp.CompletionItem(label, kind=kind, detail=detail))
    return out


# ---------------------------------------------------------------- hover
@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def hover(ls: MunchkinServer, params: lsp.HoverParams) -> lsp.Hover | None:
    uri = params.text_document.uri
    lines = ls.lines(uri)
    pos = params.position
    line = lines[pos.line] if pos.line < len(lines) else ""
    analysis = ls.analysis_for(uri)
    parts: list[str] = []
    path = _fs_path(uri).resolve()
    for d in analysis.diagnostics:  # a diagnostic under the cursor: its --explain text
        if d.span and analysis.path_of(d.span) == path and d.span.line - 1 == pos.line:
            text = vocabulary.explain(d.code)
            if text and text not in parts:
                parts.append("```text\n" + text + "\n```")
    token = _token_at(line, pos.character)
    if token is not None:
        word = token[1]
        card = next((c for c in analysis.checked.cards if word in (c.id, c.name)), None)
        code_text = vocabulary.explain(word) if re.fullmatch(r"[EWRS]\d{3}", word) else None
        if card is not None:
            parts.insert(0, _card_hover(analysis, card))
        elif code_text:
            parts.insert(0, "```text\n" + code_text + "\n```")
        elif word in vocabulary.keyword_set():
            entry = vocabulary.reference(_words_around(line, pos.character))
            if entry:
                parts.insert(0, entry)
    if not parts:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown,
                                                value="\n\n---\n\n".join(parts)))


def _card_hover(analysis: PackAnalysis, card) -> str:
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


# ---------------------------------------------------------------- definition / references
def _pack_files(ls: MunchkinServer, analysis: PackAnalysis) -> list[Path]:
    files = list(analysis.paths.values())
    if analysis.root.is_dir():
        files += sorted((analysis.root / "scenarios").glob("*" + SCENARIO_SUFFIX))
    return files


def _word_at(ls: MunchkinServer, uri: str, position: lsp.Position) -> tuple[str, str] | None:
    """(the line, the word under the cursor), or None off any word."""
    lines = ls.lines(uri)
    line = lines[position.line] if position.line < len(lines) else ""
    token = _token_at(line, position.character)
    return None if token is None else (line, token[1])


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def definition(ls: MunchkinServer, params: lsp.DefinitionParams) -> list[lsp.Location] | None:
    uri = params.text_document.uri
    found = _word_at(ls, uri, params.position)
    if found is None:
        return None
    line, word = found
    analysis = ls.analysis_for(uri)
    here = _fs_path(uri)
    if line.lstrip().startswith("include"):
        target = (here.parent / word).resolve()
        if target.is_file() and ls.packs.may_read(target):
            return [lsp.Location(from_fs_path(str(target)),
                                 lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)))]
    spans = [c.id_span for c in analysis.checked.cards if word == c.id]
    folded = word.casefold()
    spans += [c.name_span for c in analysis.checked.cards
              if c.kind in ("race", "class") and c.name.casefold() == folded]
    for card in analysis.checked.cards:
        for stat in card.stats:
            if stat.kind == "tags":
                spans += [r.span for r in stat.args if r.name.casefold() == folded]
    return [_location(analysis, s) for s in spans[:20] if analysis.path_of(s)] or None


def _location(analysis: PackAnalysis, span: Span) -> lsp.Location:
    path = analysis.path_of(span)
    text = analysis.checked.loaded.texts.get(span.file, "")
    return lsp.Location(from_fs_path(str(path)), span_range(span, text))


@server.feature(lsp.TEXT_DOCUMENT_REFERENCES)
def references(ls: MunchkinServer, params: lsp.ReferenceParams) -> list[lsp.Location] | None:
    uri = params.text_document.uri
    found = _word_at(ls, uri, params.position)
    if found is None:
        return None
    word = found[1].casefold()
    analysis = ls.analysis_for(uri)
    out = []
    for path in _pack_files(ls, analysis):
        text = ls.packs.text(path) or ""
        for number, source in enumerate(text.split("\n")):
            for col, tok in tokens_with_columns(source):
                value = tok.text[1:-1] if tok.kind == "STRING" else tok.text
                if tok.kind in ("WORD", "STRING") and value.casefold() == word:
                    start = utf16_len(source[:col])
                    out.append(lsp.Location(from_fs_path(str(path)), lsp.Range(
                        lsp.Position(number, start),
                        lsp.Position(number, start + utf16_len(tok.text)))))
    return out


# ---------------------------------------------------------------- outline
@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbols(ls: MunchkinServer, params: lsp.DocumentSymbolParams
                     ) -> list[lsp.DocumentSymbol]:
    uri = params.text_document.uri
    if uri.endswith(SCENARIO_SUFFIX):
        return []
    analysis = ls.analysis_for(uri)
    path = _fs_path(uri).resolve()
    text = ls.workspace.get_text_document(uri).source
    groups: dict[str, list[lsp.DocumentSymbol]] = {}
    for card in analysis.checked.cards:
        if analysis.path_of(card.span) != path:
            continue
        groups.setdefault(card.kind, []).append(lsp.DocumentSymbol(
            name=card.name, detail=card.id, kind=SYMBOL_KINDS.get(card.kind,
                                                                  lsp.SymbolKind.Object),
            range=span_range(card.span, text), selection_range=span_range(card.id_span, text)))
    out = []
    for kind, cards in groups.items():
        rng = lsp.Range(cards[0].range.start, cards[-1].range.end)
        out.append(lsp.DocumentSymbol(name=kind, kind=lsp.SymbolKind.Namespace, range=rng,
                                      selection_range=cards[0].selection_range,
                                      detail=f"{len(cards)} card(s)", children=cards))
    return out


# ---------------------------------------------------------------- formatting
@server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: MunchkinServer, params: lsp.DocumentFormattingParams
               ) -> list[lsp.TextEdit] | None:
    uri = params.text_document.uri
    if uri.endswith(SCENARIO_SUFFIX):
        return None
    text = ls.workspace.get_text_document(uri).source
    result = format_text(text)
    if result.diagnostics or not result.changed:
        return [] if not result.diagnostics else None
    lines = text.split("\n")
    end = lsp.Position(len(lines) - 1, utf16_len(lines[-1]))
    return [lsp.TextEdit(lsp.Range(lsp.Position(0, 0), end), result.text)]


# ---------------------------------------------------------------- code actions
@server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
def code_actions(ls: MunchkinServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    uri = params.text_document.uri
    lines = ls.lines(uri)
    actions = []
    for diagnostic in params.context.diagnostics:
        data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
        if "replace" in data:
            actions.append(lsp.CodeAction(
                title=f"Change to '{data['replace']}'", kind=lsp.CodeActionKind.QuickFix,
                diagnostics=[diagnostic], is_preferred=True,
                edit=lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(diagnostic.range,
                                                                    data["replace"])]})))
        if "override" in data:
            header = next((i for i in range(diagnostic.range.start.line, -1, -1)
                           if i < len(lines) and lines[i].rstrip().endswith("{")
                           and not lines[i].startswith((" ", "\t"))), None)
            if header is None:
                continue
            insert = lsp.Position(header + 1, 0)
            line = f'  overrides rule {data["override"]} "why the card breaks the rule"\n'
            actions.append(lsp.CodeAction(
                title=f"Add `overrides rule {data['override']}` to the card",
                kind=lsp.CodeActionKind.QuickFix, diagnostics=[diagnostic],
                edit=lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(
                    lsp.Range(insert, insert), line)]})))
    return actions


# ---------------------------------------------------------------- semantic tokens
@server.feature(lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
                lsp.SemanticTokensLegend(token_types=TOKEN_TYPES, token_modifiers=[]))
def semantic_tokens(ls: MunchkinServer, params: lsp.SemanticTokensParams
                    ) -> lsp.SemanticTokens:
    lines = ls.lines(params.text_document.uri)
    return lsp.SemanticTokens(data=encode_tokens(lines))


def classify_line(line: str, top_level: bool) -> list[tuple[int, int, str]]:
    """(column, length, type) of each token of a pack line; a card's first line names its
    kind (type) and id (variable)."""
    keywords = vocabulary.keyword_set()
    tokens = tokens_with_columns(line)
    out = []
    kind_words = 0
    if top_level and tokens and tokens[-1][1].text == "{" or (
            top_level and any(t.text == "{" for _, t in tokens)):
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


def encode_tokens(lines: list[str]) -> list[int]:
    """LSP's relative encoding of the tokens of every line (UTF-16 columns)."""
    data: list[int] = []
    prev_line = prev_start = 0
    depth = 0
    for number, line in enumerate(lines):
        for col, length, kind in classify_line(line, depth == 0):
            start = utf16_len(line[:col])
            width = utf16_len(line[col:col + length])
            delta_line = number - prev_line
            data += [delta_line, start - prev_start if delta_line == 0 else start, width,
                     TOKEN_TYPES.index(kind), 0]
            prev_line, prev_start = number, start
        for _, token in tokens_with_columns(line):
            depth += {"{": 1, "}": -1}.get(token.text, 0)
        depth = max(depth, 0)
    return data


def main() -> None:
    server.start_io()
