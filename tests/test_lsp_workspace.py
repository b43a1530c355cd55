"""`munchkin lsp` round two, end to end over stdio (pytest-lsp): columns in each position
encoding on Russian lines, the whole workspace's diagnostics (files never opened, clashes
in both files, scenario failures on their line, files changed on disk, pull
diagnostics), rename, scenario files as first-class documents, and the structure
features (folding, links, highlight, symbols, selection ranges, lenses, inlay hints, the
card preview).
"""

from __future__ import annotations

import asyncio
import base64
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from conftest import SAMPLE
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient
from test_lsp import DIAGNOSTICS, open_file, push_client, uri, wait_for_file

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "munchkin_dsl", "lsp"])

#: a duplicate id in a second file, and a scenario whose expectation fails
CLASH = '\nitem net-troll "Troll Club" {\n  one hand\n  bonus +1\n  value 100\n}\n'
FAILING = ("scenario: a wrong expectation\nplayer A: level 4\nA fights net-troll\n"
           "expect strength 4 vs 99\n")


async def start(client: LanguageClient, pack: Path, caps: lsp.ClientCapabilities) -> None:
    client.pack = pack  # type: ignore[attr-defined]
    client.registered = []  # type: ignore[attr-defined]

    @client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams) -> None:
        client.registered += params.registrations  # type: ignore[attr-defined]

    client.result = await client.initialize_session(lsp.InitializeParams(  # type: ignore[attr-defined]
        capabilities=caps, root_uri=pack.as_uri(),
        workspace_folders=[lsp.WorkspaceFolder(pack.as_uri(), "pack")]))


def copy_pack(tmp_path: Path) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(SAMPLE, pack)
    return pack


@pytest_lsp.fixture(config=SERVER, params=["utf-8", "utf-16", "utf-32"])
async def encoded(lsp_client: LanguageClient, tmp_path: Path, request: pytest.FixtureRequest):
    await start(lsp_client, copy_pack(tmp_path), push_client([request.param]))
    lsp_client.encoding = request.param  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=SERVER)
async def broken(lsp_client: LanguageClient, tmp_path: Path):
    """A pack with a clash between two files and a failing scenario, none of them open
    (scenarios run once the pack has no errors)."""
    pack = copy_pack(tmp_path)
    with (pack / "treasures.munch").open("a", encoding="utf-8") as f:
        f.write(CLASH)
    (pack / "scenarios" / "failing.scn").write_text(FAILING, encoding="utf-8")
    await start(lsp_client, pack, push_client())
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=SERVER)
async def client(lsp_client: LanguageClient, tmp_path: Path):
    await start(lsp_client, copy_pack(tmp_path), push_client())
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=SERVER)
async def puller(lsp_client: LanguageClient, tmp_path: Path):
    caps = pytest_lsp.client_capabilities("visual-studio-code")  # pulls diagnostics
    await start(lsp_client, copy_pack(tmp_path), caps)
    yield
    await lsp_client.shutdown_session()


async def wait_for(client: LanguageClient, doc: str, ok) -> list[lsp.Diagnostic]:
    """Diagnostics of ``doc`` once ``ok(diagnostics)`` holds (a minute at most)."""
    async with asyncio.timeout(60):
        while not (doc in client.diagnostics and ok(list(client.diagnostics[doc]))):
            await client.wait_for_notification(DIAGNOSTICS)
    return list(client.diagnostics[doc])


def units(text: str, encoding: str) -> int:
    """Length of ``text`` in the encoding's units, computed apart from the server."""
    codec = {"utf-8": "utf-8", "utf-16": "utf-16-le", "utf-32": "utf-32-le"}[encoding]
    return len(text.encode(codec)) // {"utf-8": 1, "utf-16": 2, "utf-32": 4}[encoding]


# ---------------------------------------------------------------- position encodings
@pytest.mark.asyncio
async def test_columns_on_a_russian_line_in_the_negotiated_encoding(
        encoded: LanguageClient) -> None:
    encoding = encoded.encoding  # type: ignore[attr-defined]
    assert encoded.result.capabilities.position_encoding  # type: ignore[attr-defined] == encoding
    doc = await open_file(encoded, "monsters.munch")
    lines = (encoded.pack / "monsters.munch").read_text(encoding="utf-8").split("\n")  # type: ignore
    row = next(i for i, line in enumerate(lines) if "Сетевой Тролль" in line)
    end = units(lines[row], encoding)
    encoded.text_document_did_change(lsp.DidChangeTextDocumentParams(
        lsp.VersionedTextDocumentIdentifier(uri=doc, version=2),
        [lsp.TextDocumentContentChangePartial(
            range=lsp.Range(lsp.Position(row, end), lsp.Position(row, end)),
            text="; levle 3")]))
    diagnostics = [d for d in await wait_for_file(encoded, doc) if d.code == "E002"]
    assert len(diagnostics) == 1
    start = units(lines[row] + "; ", encoding)
    assert diagnostics[0].range == lsp.Range(lsp.Position(row, start),
                                             lsp.Position(row, start + 5))
    hover = await encoded.text_document_hover_async(lsp.HoverParams(
        lsp.TextDocumentIdentifier(doc), lsp.Position(row, start + 2)))
    assert hover is not None and "E002" in hover.contents.value  # type: ignore[union-attr]
    tokens = await encoded.text_document_semantic_tokens_full_async(
        lsp.SemanticTokensParams(lsp.TextDocumentIdentifier(doc)))
    data, line, col, found = tokens.data, 0, 0, []
    for i in range(0, len(data), 5):
        line += data[i]
        col = data[i + 1] if data[i] else col + data[i + 1]
        if line == row:
            found.append((col, data[i + 2]))
    name = '"Сетевой Тролль"'
    assert (units(lines[row][:lines[row].index(name)], encoding), units(name, encoding)) \
        in found  # the whole string, not half of it


# ---------------------------------------------------------------- the whole workspace
@pytest.mark.asyncio
async def test_files_never_opened_are_checked_and_clashes_shown_in_both(
        broken: LanguageClient) -> None:
    treasures = uri(broken, "treasures.munch")
    monsters = uri(broken, "monsters.munch")
    mine = await wait_for(broken, treasures, lambda ds: any(d.code == "E102" for d in ds))
    theirs = await wait_for(broken, monsters, lambda ds: any(d.code == "E102" for d in ds))
    clash = next(d for d in mine if d.code == "E102")
    other = next(d for d in theirs if d.code == "E102")
    assert clash.related_information and clash.related_information[0].location.uri == monsters
    assert other.related_information and other.related_information[0].location.uri == treasures
    assert other.related_information[0].location.range == clash.range
    assert "monsters.munch" in clash.message and "treasures.munch" in other.message
    tmp = str(broken.pack.parent)  # type: ignore[attr-defined]
    assert tmp not in clash.message and tmp not in other.message

    # fixed on disk (a checkout, another editor): the watched-files event clears it
    path = broken.pack / "treasures.munch"  # type: ignore[attr-defined]
    path.write_text(path.read_text(encoding="utf-8").replace(CLASH, ""), encoding="utf-8")
    broken.workspace_did_change_watched_files(lsp.DidChangeWatchedFilesParams(
        [lsp.FileEvent(treasures, lsp.FileChangeType.Changed)]))
    await wait_for(broken, treasures, lambda ds: ds == [])
    await wait_for(broken, monsters, lambda ds: ds == [])
    scenario = uri(broken, "scenarios/failing.scn")
    failed = await wait_for(broken, scenario, lambda ds: bool(ds))  # runs once the pack compiles
    assert len(failed) == 1 and failed[0].range.start.line == 3  # the `expect` line
    assert "4 vs 99" in failed[0].message and "4 vs 10" in failed[0].message
    assert tmp not in failed[0].message

    assert [r.method for r in broken.registered] == [  # type: ignore[attr-defined]
        lsp.WORKSPACE_DID_CHANGE_WATCHED_FILES]


@pytest.mark.asyncio
async def test_a_client_that_pulls_gets_the_same_diagnostics(puller: LanguageClient) -> None:
    text = (puller.pack / "monsters.munch").read_text(encoding="utf-8")  # type: ignore
    doc = uri(puller, "monsters.munch")
    puller.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        doc, "munchkin", 1, text.replace("level 10", "levle 10", 1))))
    report = await puller.text_document_diagnostic_async(lsp.DocumentDiagnosticParams(
        lsp.TextDocumentIdentifier(doc)))
    assert [d.code for d in report.items] == ["E002"]
    assert "did you mean 'level'?" in report.items[0].message


# ---------------------------------------------------------------- rename
@pytest.mark.asyncio
async def test_rename_a_card_id_across_pack_and_scenarios(client: LanguageClient) -> None:
    doc = await open_file(client, "monsters.munch")
    lines = (client.pack / "monsters.munch").read_text(encoding="utf-8").split("\n")  # type: ignore
    row = next(i for i, line in enumerate(lines) if "monster net-troll" in line)
    col = lines[row].index("net-troll") + 2
    prepared = await client.text_document_prepare_rename_async(lsp.PrepareRenameParams(
        lsp.TextDocumentIdentifier(doc), lsp.Position(row, col)))
    assert prepared.placeholder == "net-troll"  # type: ignore[union-attr]
    edit = await client.text_document_rename_async(lsp.RenameParams(
        lsp.TextDocumentIdentifier(doc), lsp.Position(row, col), "web-troll"))
    changes = edit.changes or {}
    assert set(changes) >= {doc, uri(client, "scenarios/cards.scn")}
    scn = (client.pack / "scenarios" / "cards.scn").read_text(encoding="utf-8")  # type: ignore
    assert len(changes[uri(client, "scenarios/cards.scn")]) == scn.count("net-troll")
    assert all(e.new_text == "web-troll" for es in changes.values() for e in es)
    level = next(i for i, line in enumerate(lines) if "level 10" in line)
    with pytest.raises(Exception, match="only a card id"):
        await client.text_document_prepare_rename_async(lsp.PrepareRenameParams(
            lsp.TextDocumentIdentifier(doc), lsp.Position(level, 3)))
    with pytest.raises(Exception, match="already used"):
        await client.text_document_rename_async(lsp.RenameParams(
            lsp.TextDocumentIdentifier(doc), lsp.Position(row, col), "drooling-slime"))


# ---------------------------------------------------------------- scenario files
@pytest.mark.asyncio
async def test_scenario_files_have_outline_formatting_and_quick_fixes(
        client: LanguageClient) -> None:
    text = ("scenario: one   \nplayer A: level 4\nA figths net-troll\n\n\n"
            "scenario: two\nplayer B: level 1\nB fights net-trol\n")
    doc = await open_file(client, "scenarios/new.scn", text)
    diagnostics = await wait_for(client, doc, lambda ds: {"S012", "S010"} <= {
        d.code for d in ds})
    actions = await client.text_document_code_action_async(lsp.CodeActionParams(
        lsp.TextDocumentIdentifier(doc), diagnostics[0].range,
        lsp.CodeActionContext(diagnostics=diagnostics)))
    fixes = {a.title: a.edit.changes[doc][0] for a in actions}  # type: ignore[union-attr]
    assert fixes["Change to 'fights'"].range == lsp.Range(lsp.Position(2, 2),
                                                          lsp.Position(2, 8))
    assert fixes["Change to 'net-troll'"].range.start == lsp.Position(7, 9)
    symbols = await client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
        lsp.TextDocumentIdentifier(doc)))
    assert [(s.name, [c.name for c in s.children or []]) for s in symbols] == [
        ("one", ["A"]), ("two", ["B"])]
    edits = await client.text_document_formatting_async(lsp.DocumentFormattingParams(
        lsp.TextDocumentIdentifier(doc), lsp.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert edits[0].new_text == text.replace("one   ", "one").replace("\n\n\n", "\n\n")
    ranged = await client.text_document_range_formatting_async(
        lsp.DocumentRangeFormattingParams(
            lsp.TextDocumentIdentifier(doc), lsp.Range(lsp.Position(0, 0), lsp.Position(0, 5)),
            lsp.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert [(e.range.start.line, e.range.end.line, e.new_text) for e in ranged] == [
        (0, 1, "scenario: one\n")]  # the blank lines below the range stay
    signature = await client.text_document_signature_help_async(lsp.SignatureHelpParams(
        lsp.TextDocumentIdentifier(doc), lsp.Position(7, len("B fights "))))
    assert signature is not None
    assert [s.label for s in signature.signatures] == ["NAME fights MONSTER"]
    folds = await client.text_document_folding_range_async(lsp.FoldingRangeParams(
        lsp.TextDocumentIdentifier(doc)))
    assert [(f.start_line, f.end_line) for f in folds] == [(0, 2), (5, 7)]


# ---------------------------------------------------------------- structure and lenses
@pytest.mark.asyncio
async def test_links_highlights_symbols_lenses_hints_and_preview(
        client: LanguageClient) -> None:
    manifest = await open_file(client, "pack.munch")
    links = await client.text_document_document_link_async(lsp.DocumentLinkParams(
        lsp.TextDocumentIdentifier(manifest)))
    assert uri(client, "monsters.munch") in {link.target for link in links}
    doc = await open_file(client, "monsters.munch")
    lines = (client.pack / "monsters.munch").read_text(encoding="utf-8").split("\n")  # type: ignore
    row = next(i for i, line in enumerate(lines) if "+4 against Elf" in line)
    highlights = await client.text_document_document_highlight_async(
        lsp.DocumentHighlightParams(lsp.TextDocumentIdentifier(doc),
                                    lsp.Position(row, lines[row].index("Elf") + 1)))
    assert len(highlights) == sum(line.count("Elf") for line in lines)
    symbols = await client.workspace_symbol_async(lsp.WorkspaceSymbolParams("troll"))
    assert any("net-troll" in s.name for s in symbols)  # type: ignore[union-attr]
    lenses = await client.text_document_code_lens_async(lsp.CodeLensParams(
        lsp.TextDocumentIdentifier(doc)))
    titles = [lens.command.title for lens in lenses if lens.command]
    assert "preview" in titles and any(t.startswith("▶ run") for t in titles)
    run = next(lens.command for lens in lenses
               if lens.command and lens.command.title.startswith("▶ run"))
    result = await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        run.command, run.arguments))
    assert result["results"] and all(r["status"] == "passed" for r in result["results"])
    hints = await client.text_document_inlay_hint_async(lsp.InlayHintParams(
        lsp.TextDocumentIdentifier(doc), lsp.Range(lsp.Position(0, 0),
                                                   lsp.Position(len(lines), 0))))
    assert any(h.label == "= 5 against Elf" for h in hints)  # level 1 slime, +4 vs Elf
    ranges = await client.text_document_selection_range_async(lsp.SelectionRangeParams(
        lsp.TextDocumentIdentifier(doc), [lsp.Position(row, lines[row].index("Elf") + 1)]))
    word, line = ranges[0].range, ranges[0].parent.range  # type: ignore[union-attr]
    assert (word.end.character - word.start.character, line.start.line) == (3, row)
    id_row = next(i for i, line in enumerate(lines) if "monster drooling-slime" in line)
    hover = await client.text_document_hover_async(lsp.HoverParams(
        lsp.TextDocumentIdentifier(doc), lsp.Position(id_row, 12)))
    assert hover is not None  # the printed face, as an image:
    assert "](data:image/png;base64," in hover.contents.value  # type: ignore[union-attr]
    preview = await client.protocol.send_request_async("munchkin/preview", {
        "uri": doc, "position": {"line": row, "character": 2}, "width": 200})
    png = base64.b64decode(preview.data)
    assert preview.card == "drooling-slime" and png.startswith(b"\x89PNG")
