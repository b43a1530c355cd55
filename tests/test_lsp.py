"""`munchkin lsp` end to end: a real server process over stdio, driven by pytest-lsp.

Each test opens files of a pack copied into a temporary folder, then asks what an editor
asks: diagnostics as the author types (same codes and hints as `munchkin check`,
cross-file ones included), completion, hover, definition, references, outline,
formatting, quick fixes and semantic tokens.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from conftest import SAMPLE
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient

DIAGNOSTICS = "textDocument/publishDiagnostics"


@pytest_lsp.fixture(config=ClientServerConfig(
    server_command=[sys.executable, "-m", "munchkin_dsl", "lsp"]))
async def client(lsp_client: LanguageClient, tmp_path: Path):
    pack = tmp_path / "pack"
    shutil.copytree(SAMPLE, pack)
    lsp_client.pack = pack  # type: ignore[attr-defined]
    lsp_client.registered = []  # type: ignore[attr-defined]

    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        lsp_client.registered += params.registrations  # type: ignore[attr-defined]
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=push_client(), root_uri=pack.as_uri()))
    yield
    await lsp_client.shutdown_session()


def push_client(encodings: list[str] | None = None) -> lsp.ClientCapabilities:
    """VS Code's capabilities without pull diagnostics (so the server pushes them), with
    the position encodings given (VS Code offers none: UTF-16)."""
    caps = pytest_lsp.client_capabilities("visual-studio-code")
    assert caps.text_document is not None
    caps.text_document.diagnostic = None
    if encodings is not None:
        caps.general = lsp.GeneralClientCapabilities(position_encodings=encodings)
    return caps


def uri(client: LanguageClient, name: str) -> str:
    return (client.pack / name).as_uri()  # type: ignore[attr-defined]


async def open_file(client: LanguageClient, name: str, text: str | None = None,
                    wait: bool = True) -> str:
    path = client.pack / name  # type: ignore[attr-defined]
    text = path.read_text(encoding="utf-8") if text is None else text
    doc = uri(client, name)
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        lsp.TextDocumentItem(uri=doc, language_id="munchkin", version=1, text=text)))
    if wait:
        await wait_for_file(client, doc)
    return doc


async def wait_for_file(client: LanguageClient, doc: str) -> list[lsp.Diagnostic]:
    client.diagnostics.pop(doc, None)
    while doc not in client.diagnostics:
        await client.wait_for_notification(DIAGNOSTICS)
    return list(client.diagnostics[doc])


async def edit(client: LanguageClient, doc: str, version: int, line: int, start: int,
               end: int, text: str) -> None:
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(uri=doc, version=version),
        [lsp.TextDocumentContentChangePartial(
            range=lsp.Range(lsp.Position(line, start), lsp.Position(line, end)), text=text)]))


def line_of(client: LanguageClient, name: str, needle: str) -> int:
    lines = (client.pack / name).read_text(encoding="utf-8").split("\n")  # type: ignore
    return next(i for i, line in enumerate(lines) if needle in line)


# ---------------------------------------------------------------- diagnostics
@pytest.mark.asyncio
async def test_a_clean_pack_publishes_no_diagnostics(client: LanguageClient) -> None:
    doc = await open_file(client, "monsters.munch")
    assert list(client.diagnostics[doc]) == []


@pytest.mark.asyncio
async def test_typing_a_mistake_gives_the_checks_diagnostic_at_its_range(
        client: LanguageClient) -> None:
    doc = await open_file(client, "monsters.munch")
    row = line_of(client, "monsters.munch", "+4 against Elf")
    col = len("  +4 against ")
    await edit(client, doc, 2, row, col, col + 3, "Elfz")  # (`Elves` names the Elf now)
    diagnostics = await wait_for_file(client, doc)
    assert [(d.code, d.severity) for d in diagnostics] == [
        ("E101", lsp.DiagnosticSeverity.Error)]
    d = diagnostics[0]
    assert d.range == lsp.Range(lsp.Position(row, col), lsp.Position(row, col + 4))
    assert "unknown race, class, sex or tag 'Elfz'" in d.message
    assert "hint: did you mean 'Elf'?" in d.message


@pytest.mark.asyncio
async def test_rapid_edits_are_checked_once_typing_pauses(client: LanguageClient) -> None:
    doc = await open_file(client, "monsters.munch")
    row = line_of(client, "monsters.munch", "level 10")
    for version, text in enumerate(["levl", "lev", "levle"], start=2):
        await edit(client, doc, version, row, 2, 2 + (5 if version == 2 else len(
            ["levl", "lev", "levle"][version - 3])), text)
    diagnostics = await wait_for_file(client, doc)
    assert [d.code for d in diagnostics] == ["E002"]
    assert "did you mean 'level'?" in diagnostics[0].message


@pytest.mark.asyncio
async def test_cross_file_problems_are_published_on_the_other_file(
        client: LanguageClient) -> None:
    """A duplicate card id typed in one file shows in both files of the pack."""
    await open_file(client, "monsters.munch")
    doc = await open_file(client, "treasures.munch")
    other = uri(client, "monsters.munch")
    text = (client.pack / "treasures.munch").read_text(encoding="utf-8")  # type: ignore
    added = text + '\nitem net-troll "Troll Club" {\n  one hand\n  bonus +1\n  value 100\n}\n'
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(uri=doc, version=2),
        [lsp.TextDocumentContentChangeWholeDocument(text=added)]))
    client.diagnostics.pop(other, None)
    mine = await wait_for_file(client, doc)
    while other not in client.diagnostics:
        await client.wait_for_notification(DIAGNOSTICS)
    codes = {d.code for d in mine} | {d.code for d in client.diagnostics[other]}
    assert any(c.startswith("E1") for c in codes), codes


@pytest.mark.asyncio
async def test_a_broken_include_is_reported_on_the_manifest(client: LanguageClient) -> None:
    doc = await open_file(client, "pack.munch")
    row = line_of(client, "pack.munch", 'include "doors.munch"')
    await edit(client, doc, 2, row, 9, 14, "door")
    diagnostics = await wait_for_file(client, doc)
    assert [d.code for d in diagnostics] == ["E008"]
    assert "did you mean 'doors.munch'?" in diagnostics[0].message


@pytest.mark.asyncio
async def test_a_file_the_manifest_does_not_include_says_so(client: LanguageClient) -> None:
    doc = await open_file(client, "extra.munch", 'monster m "M" {\n  levle 1\n}\n')
    diagnostics = client.diagnostics[doc]
    assert [d.code for d in diagnostics] == ["E002", None]
    assert 'add `include "extra.munch"`' in diagnostics[1].message
    assert diagnostics[1].severity == lsp.DiagnosticSeverity.Information


# ---------------------------------------------------------------- completion
async def completion_labels(client: LanguageClient, doc: str, line: int, char: int
                            ) -> set[str]:
    result = await client.text_document_completion_async(lsp.CompletionParams(
        lsp.TextDocumentIdentifier(doc), lsp.Position(line, char)))
    items = result.items if isinstance(result, lsp.CompletionList) else result
    return {item.label for item in items}


@pytest.mark.asyncio
async def test_completion_offers_what_the_grammar_accepts_here(client: LanguageClient) -> None:
    text = ('monster m "M" {\n  level 1\n  treasures 1\n  bad stuff: \n  \n}\n'
            'monster n "N" {\n  +2 against \n  on kill: draw 1 \n}\n')
    doc = await open_file(client, "new.munch", text, wait=False)
    after_colon = await completion_labels(client, doc, 3, 13)
    assert {"lose", "discard", "die"} <= after_colon
    assert "level" not in after_colon and "treasures" not in after_colon  # stats: no
    line_start = await completion_labels(client, doc, 4, 2)
    assert {"level", "name", "tags", "bad", "in", "once"} <= line_start
    names = await completion_labels(client, doc, 7, 13)
    assert {"Elf", "Dwarf", "Cleric", "Undead"} <= names
    decks = await completion_labels(client, doc, 8, 18)
    assert {"door", "treasure"} <= decks and "Elf" not in decks
    top = await completion_labels(client, doc, 6, 0)
    assert {"monster", "item", "include"} <= top


@pytest.mark.asyncio
async def test_completion_in_the_header_and_in_scenarios(client: LanguageClient) -> None:
    doc = await open_file(client, "pack.munch", wait=False)
    row = line_of(client, "pack.munch", "languages en, ru")
    assert {"en", "ru", "pl"} <= await completion_labels(client, doc, row, len("  languages "))
    text = ("scenario: completion\nplayer A: level 1\nA fights \nexpect \nA \n\n"
            "expect A \n")
    scn = await open_file(client, "scenarios/new.scn", text, wait=False)
    fights = await completion_labels(client, scn, 2, len("A fights "))
    assert {"net-troll", "drooling-slime"} <= fights
    assert "boots-of-butt-kicking" not in fights and "expect" not in fights  # monsters only
    expect = await completion_labels(client, scn, 3, len("expect "))
    assert {"strength", "outcome", "treasures", "A"} <= expect and "net-troll" not in expect
    plays = await completion_labels(client, scn, 4, len("A "))
    assert {"fights", "runs away", "plays"} <= plays and "strength" not in plays
    start = await completion_labels(client, scn, 5, 0)
    assert {"scenario:", "player", "expect", "A", "resolve"} <= start
    assert "fights" not in start
    assert {"level", "dead"} <= await completion_labels(client, scn, 6, len("expect A "))
    # the words come from the scenario table, verbs the help once missed included
    assert {"dies", "opens a seal", "kicks open the door"} <= plays
    assert "packs:" in start


# ---------------------------------------------------------------- hover
async def hover_text(client: LanguageClient, doc: str, line: int, char: int) -> str:
    result = await client.text_document_hover_async(lsp.HoverParams(
        lsp.TextDocumentIdentifier(doc), lsp.Position(line, char)))
    assert result is not None
    return result.contents.value


@pytest.mark.asyncio
async def test_hover_on_a_card_shows_its_text_per_language_and_abilities(
        client: LanguageClient) -> None:
    doc = await open_file(client, "monsters.munch")
    row = line_of(client, "monsters.munch", "monster net-troll")
    text = await hover_text(client, doc, row, 10)
    assert "**Net Troll**" in text and "**en**" in text and "**ru**" in text
    assert "Сетевой Тролль" in text
    assert '"timing": "bad_stuff"' in text


@pytest.mark.asyncio
async def test_hover_on_a_keyword_shows_its_reference_entry(client: LanguageClient) -> None:
    doc = await open_file(client, "monsters.munch")
    row = line_of(client, "monsters.munch", "bad stuff: lose 2 levels")
    text = await hover_text(client, doc, row, 3)
    assert "Timings" in text and "when the monster catches a player" in text


@pytest.mark.asyncio
async def test_hover_on_a_diagnostic_shows_its_explanation(client: LanguageClient) -> None:
    doc = await open_file(client, "monsters.munch")
    row = line_of(client, "monsters.munch", "+4 against Elf")
    await edit(client, doc, 2, row, 13, 16, "Elvs")
    await wait_for_file(client, doc)
    text = await hover_text(client, doc, row, 14)
    assert "E101: unknown race, class, sex or tag" in text and "Passes:" in text


# ---------------------------------------------------------------- navigation
@pytest.mark.asyncio
async def test_definition_and_references_of_a_card_id(client: LanguageClient) -> None:
    await open_file(client, "monsters.munch")
    scn = await open_file(client, "scenarios/cards.scn", wait=False)
    row = line_of(client, "scenarios/cards.scn", "A fights net-troll")
    found = await client.text_document_definition_async(lsp.DefinitionParams(
        lsp.TextDocumentIdentifier(scn), lsp.Position(row, 12)))
    assert [loc.uri for loc in found] == [uri(client, "monsters.munch")]
    assert found[0].range.start == lsp.Position(
        line_of(client, "monsters.munch", "monster net-troll"), 8)
    refs = await client.text_document_references_async(lsp.ReferenceParams(
        text_document=lsp.TextDocumentIdentifier(scn), position=lsp.Position(row, 12),
        context=lsp.ReferenceContext(include_declaration=True)))
    files = {loc.uri for loc in refs}
    mentioning = {p.as_uri() for p in client.pack.rglob("*.*")  # type: ignore[attr-defined]
                  if p.suffix in (".munch", ".scn") and "net-troll" in p.read_text("utf-8")}
    assert files == mentioning and len(files) >= 3
    assert len(refs) == sum(p.read_text("utf-8").count("net-troll")
                            for p in client.pack.rglob("*.*")  # type: ignore[attr-defined]
                            if p.suffix in (".munch", ".scn"))


@pytest.mark.asyncio
async def test_definition_of_an_include_and_of_a_tag(client: LanguageClient) -> None:
    doc = await open_file(client, "pack.munch")
    row = line_of(client, "pack.munch", 'include "monsters.munch"')
    found = await client.text_document_definition_async(lsp.DefinitionParams(
        lsp.TextDocumentIdentifier(doc), lsp.Position(row, 12)))
    assert [loc.uri for loc in found] == [uri(client, "monsters.munch")]
    cls = await open_file(client, "doors.munch")
    row = line_of(client, "doors.munch", "if monster is Undead")
    col = (client.pack / "doors.munch").read_text().split("\n")[row].index("Undead")  # type: ignore
    found = await client.text_document_definition_async(lsp.DefinitionParams(
        lsp.TextDocumentIdentifier(cls), lsp.Position(row, col + 1)))
    assert uri(client, "monsters.munch") in [loc.uri for loc in found]


@pytest.mark.asyncio
async def test_document_symbols_outline_the_cards_by_kind(client: LanguageClient) -> None:
    doc = await open_file(client, "monsters.munch")
    symbols = await client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
        lsp.TextDocumentIdentifier(doc)))
    outline = {s.name: [c.name for c in s.children] for s in symbols}
    assert outline["monster"] == ["Net Troll", "Drooling Slime", "Wannabe Vampire"]
    assert outline["monster-enhancer"] == ["Enraged", "Baby", "Mate"]


# ---------------------------------------------------------------- edits
@pytest.mark.asyncio
async def test_formatting_goes_through_munchkin_fmt(client: LanguageClient) -> None:
    messy = 'monster m "M" { treasures 1;level 2\n    bad stuff :lose 1 level }\n'
    doc = await open_file(client, "messy.munch", messy, wait=False)
    edits = await client.text_document_formatting_async(lsp.DocumentFormattingParams(
        lsp.TextDocumentIdentifier(doc), lsp.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert len(edits) == 1
    assert edits[0].new_text == ('monster m "M" {\n  level 2\n  treasures 1\n'
                                 '  bad stuff: lose 1 level\n}\n')
    broken = await open_file(client, "broken.munch", 'monster m "M" {\n  levle 2\n}\n',
                             wait=False)
    assert await client.text_document_formatting_async(lsp.DocumentFormattingParams(
        lsp.TextDocumentIdentifier(broken),
        lsp.FormattingOptions(tab_size=2, insert_spaces=True))) is None


@pytest.mark.asyncio
async def test_code_action_applies_the_did_you_mean_fix(client: LanguageClient) -> None:
    doc = await open_file(client, "monsters.munch")
    row = line_of(client, "monsters.munch", "+4 against Elf")
    await edit(client, doc, 2, row, 13, 16, "Elfz")
    diagnostics = await wait_for_file(client, doc)
    actions = await client.text_document_code_action_async(lsp.CodeActionParams(
        lsp.TextDocumentIdentifier(doc), diagnostics[0].range,
        lsp.CodeActionContext(diagnostics=diagnostics)))
    assert [a.title for a in actions] == ["Change to 'Elf'"]
    change = actions[0].edit.changes[doc][0]
    await edit(client, doc, 3, change.range.start.line, change.range.start.character,
               change.range.end.character, change.new_text)
    assert await wait_for_file(client, doc) == []


@pytest.mark.asyncio
async def test_code_action_adds_an_overrides_clause(client: LanguageClient) -> None:
    doc = await open_file(client, "monsters.munch")
    row = line_of(client, "monsters.munch", "bad stuff: lose 2 levels")
    await edit(client, doc, 2, row, 2, 26, "on escape: gain 1 level")
    diagnostics = [d for d in await wait_for_file(client, doc) if d.code == "R201"]
    assert diagnostics, client.diagnostics[doc]
    actions = await client.text_document_code_action_async(lsp.CodeActionParams(
        lsp.TextDocumentIdentifier(doc), diagnostics[0].range,
        lsp.CodeActionContext(diagnostics=diagnostics)))
    override = [a for a in actions if "overrides rule" in a.title]
    assert override
    change = override[0].edit.changes[doc][0]
    assert change.range.start == lsp.Position(
        line_of(client, "monsters.munch", "monster net-troll") + 1, 0)
    assert change.new_text.startswith("  overrides rule 2 ")
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(uri=doc, version=3),
        [lsp.TextDocumentContentChangePartial(range=change.range, text=change.new_text)]))
    assert [d.code for d in await wait_for_file(client, doc) if d.code == "R201"] == []


@pytest.mark.asyncio
async def test_semantic_tokens(client: LanguageClient) -> None:
    doc = await open_file(client, "new.munch", 'monster m "M" {  # x\n  level 1\n}\n',
                          wait=False)
    result = await client.text_document_semantic_tokens_full_async(lsp.SemanticTokensParams(
        lsp.TextDocumentIdentifier(doc)))
    legend = ["keyword", "type", "variable", "enumMember", "string", "number", "comment",
              "operator"]
    data = result.data
    tokens = [(data[i], data[i + 1], data[i + 2], legend[data[i + 3]])
              for i in range(0, len(data), 5)]
    assert tokens == [(0, 0, 7, "type"), (0, 8, 1, "variable"), (0, 2, 3, "string"),
                      (0, 7, 3, "comment"), (1, 2, 5, "keyword"), (0, 6, 1, "number")]


def test_without_pygls_the_command_says_how_to_install_it() -> None:
    import subprocess

    block = ("import importlib.util, sys\n"
             "real = importlib.util.find_spec\n"
             "importlib.util.find_spec = lambda n, *a: None if n == 'pygls' else real(n, *a)\n"
             "from munchkin_dsl.cli import main\n"
             "sys.argv = ['munchkin', 'lsp']\n"
             "main()\n")
    proc = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "needs pygls" in proc.stderr and "pip install 'munchkin-dsl[lsp]'" in proc.stderr
