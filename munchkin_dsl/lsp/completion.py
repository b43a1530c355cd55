"""Completion: what the grammar accepts at the cursor in a pack, and what the scenario
language accepts at the cursor in a scenario file.

Packs ask the grammar (:func:`munchkin_dsl.lsp.vocabulary.accepted_after`).  Scenario lines
are read with the scenario words' table (``data/scenario.toml``, through
:mod:`munchkin_dsl.scenarios.words`): after ``A fights `` come the monsters of the pack,
after ``expect `` the expectations, after ``A `` the plays, and so on (:data:`AFTER_PLAY`).
"""

from __future__ import annotations

import re

from lsprotocol import types as lsp

from munchkin_dsl.language.formatter import tokens_with_columns
from munchkin_dsl.lsp import vocabulary
from munchkin_dsl.lsp.analysis import SCENARIO_SUFFIX, PackAnalysis
from munchkin_dsl.lsp.cursor import statement_prefix
from munchkin_dsl.lsp.server import MunchkinServer, server
from munchkin_dsl.scenarios import words as scenario_words

#: scope category -> how its names are offered in completion
NAME_CATEGORIES = {"races": (lsp.CompletionItemKind.Class, "race"),
                   "classes": (lsp.CompletionItemKind.Class, "class"),
                   "tags": (lsp.CompletionItemKind.EnumMember, "tag"),
                   "sexes": (lsp.CompletionItemKind.EnumMember, "sex")}

#: a play's verb -> the card kinds that may follow it (None: any card)
AFTER_PLAY: dict[str, tuple[str, ...] | None] = {
    "fights": ("monster",), "plays": None, "uses": None, "equips": None, "unequips": None,
    "sells": None, "gives": None, "trades": None, "chooses": None, "discards": None}

#: setup keys whose values are card ids
CARD_SETUP_KEYS = ("door deck", "treasure deck", "seal deck", "door discards",
                   "treasure discards", "open seals")

_PARTIAL = re.compile(r"[\w'.!-]*$")
_PLAYER_LINE = re.compile(r"^\s*player\s+([^\s:]+)\s*:")


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                lsp.CompletionOptions(trigger_characters=[" ", ",", ":"]))
async def completion(ls: MunchkinServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    uri = params.text_document.uri
    lines = ls.lines(uri)
    pos = params.position
    line = lines[pos.line] if pos.line < len(lines) else ""
    before = line[:ls.codec.column(line, pos.character)]
    partial = _PARTIAL.search(before)  # always matches (it may match nothing)
    before = before[:partial.start()] if partial else before
    analysis = await ls.analysis_for(uri)
    if uri.endswith(SCENARIO_SUFFIX):
        return lsp.CompletionList(is_incomplete=False,
                                  items=scenario_items(analysis, lines, before))
    prefix, header = statement_prefix(lines, pos.line, before)
    accepted = vocabulary.accepted_after(prefix)
    if not accepted or not (accepted[0] or accepted[1]):
        keywords, names = vocabulary.keywords(), True
    else:
        keywords, names = accepted
    items = [lsp.CompletionItem(w, kind=lsp.CompletionItemKind.Keyword,
                                detail=vocabulary.keyword_detail(w),
                                documentation=_markdown(vocabulary.keyword_documentation(w)))
             for w in keywords]
    if names:
        items += name_items(analysis, before, header)
    return lsp.CompletionList(is_incomplete=False, items=items)


def _markdown(text: str | None) -> lsp.MarkupContent | None:
    return lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text) if text else None


# ---------------------------------------------------------------- scenario files
def scenario_items(analysis: PackAnalysis, lines: list[str], before: str
                   ) -> list[lsp.CompletionItem]:
    """What fits after ``before`` on a scenario line."""
    players = [m.group(1) for text in lines if (m := _PLAYER_LINE.match(text))]
    words = before.split("#", 1)[0].split()
    stripped = before.strip()
    if ":" in stripped and not stripped.startswith(("expect", *players)):
        return _setup_value_items(analysis, stripped.split(":", 1)[0].strip())
    if not words:
        return [*_keyword_items(["scenario:", "player", "expect",
                                 *(f"{key}:" for key in scenario_words.setup_keys()),
                                 *scenario_words.phrases("step")]),
                *_player_items(players)]
    if words[0] == "expect":
        return _expect_items(analysis, words, players)
    if words[0] in players:
        return _play_items(analysis, words, players)
    return []


def _setup_value_items(analysis: PackAnalysis, key: str) -> list[lsp.CompletionItem]:
    """What fits after ``key:`` on a setup line."""
    if key == "player":
        return []
    if key.startswith("player "):
        return _attribute_items() + card_items(analysis, ("race", "class"))
    if key == "ruleset":
        from munchkin_dsl.base.rulesets import ruleset_ids

        return [lsp.CompletionItem(r, kind=lsp.CompletionItemKind.Value)
                for r in ruleset_ids()]
    if key in CARD_SETUP_KEYS:
        return card_items(analysis)
    return []


def _expect_items(analysis: PackAnalysis, words: list[str], players: list[str]
                  ) -> list[lsp.CompletionItem]:
    if len(words) == 1:
        return [*_entry_items("expect"), *_player_items(players)]
    if len(words) == 2 and words[1] in players:
        return _entry_items("expect_player")
    return card_items(analysis)


def _play_items(analysis: PackAnalysis, words: list[str], players: list[str]
                ) -> list[lsp.CompletionItem]:
    if len(words) == 1:
        return _entry_items("play")
    verb = words[1]
    if verb in AFTER_PLAY:
        kinds = AFTER_PLAY[verb]
        options = _entry_items("option") if len(words) > 2 else []
        return card_items(analysis, kinds) + options + (
            _player_items(players) if verb in ("gives", "trades") else [])
    return _entry_items("option")


def _keyword_items(words: list[str]) -> list[lsp.CompletionItem]:
    return [lsp.CompletionItem(w, kind=lsp.CompletionItemKind.Keyword,
                               detail=vocabulary.scenario_detail(w)) for w in words]


def _entry_items(section: str) -> list[lsp.CompletionItem]:
    return [lsp.CompletionItem(phrase, kind=lsp.CompletionItemKind.Keyword,
                               detail=entry.form, documentation=entry.does)
            for entry in scenario_words.entries(section) for phrase in entry.phrases]


def _attribute_items() -> list[lsp.CompletionItem]:
    return _entry_items("attribute")


def _player_items(players: list[str]) -> list[lsp.CompletionItem]:
    return [lsp.CompletionItem(p, kind=lsp.CompletionItemKind.Variable, detail="player")
            for p in dict.fromkeys(players)]


def card_items(analysis: PackAnalysis, kinds: tuple[str, ...] | None = None
               ) -> list[lsp.CompletionItem]:
    """The pack's cards (of ``kinds`` only, when given) by id."""
    return [lsp.CompletionItem(card.id, kind=lsp.CompletionItemKind.Reference,
                               detail=f"{card.kind} \"{card.name}\"")
            for card in analysis.checked.cards if kinds is None or card.kind in kinds]


# ---------------------------------------------------------------- packs
def name_items(analysis: PackAnalysis, before: str, header: str | None
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


# ---------------------------------------------------------------- signature help
@server.feature(lsp.TEXT_DOCUMENT_SIGNATURE_HELP,
                lsp.SignatureHelpOptions(trigger_characters=[" "]))
def signature_help(ls: MunchkinServer, params: lsp.SignatureHelpParams
                   ) -> lsp.SignatureHelp | None:
    """On a scenario line, the form of the play or expectation being typed (``NAME fights
    MONSTER``, ``expect strength P vs M``), from the scenario words' table."""
    uri = params.text_document.uri
    if not uri.endswith(SCENARIO_SUFFIX):
        return None
    lines = ls.lines(uri)
    line = lines[params.position.line] if params.position.line < len(lines) else ""
    words = line[:ls.codec.column(line, params.position.character)].split("#", 1)[0].split()
    entry = scenario_entry(words, [m.group(1) for text in lines
                                   if (m := _PLAYER_LINE.match(text))])
    if entry is None:
        return None
    return lsp.SignatureHelp(signatures=[lsp.SignatureInformation(
        label=entry.form, documentation=entry.does)], active_signature=0)


def scenario_entry(words: list[str], players: list[str]) -> scenario_words.Entry | None:
    """The table entry a scenario line's words follow, or None."""
    if len(words) >= 2 and words[0] == "expect":
        found = scenario_words.match("expect", words[1:])
        if found is None and words[1] in players:
            found = scenario_words.match("expect_player", words[2:])
        return found[0] if found else None
    if len(words) >= 2 and words[0] in players:
        found = scenario_words.match("play", words[1:])
        return found[0] if found else None
    found = scenario_words.match("step", words)
    return found[0] if found else None
