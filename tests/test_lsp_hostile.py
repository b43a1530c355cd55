"""Issue 20's language-server problems (1, 2, 5, 10), each against a running `munchkin lsp`.

The server is started as an editor starts it (tests/lsp_wire.py) with one workspace
folder holding a small pack; a secret file beside the workspace must never come back.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from lsp_wire import REPO, Wire

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs POSIX file types")
SECRET = "SECRET-LINE-net-troll"


def _workspace(tmp_path: Path) -> Path:
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.munch").write_text(f"# {SECRET}\nnet-troll\n")
    pack = tmp_path / "ws" / "pack"
    pack.mkdir(parents=True)
    shutil.copy(REPO / "tests" / "fuzz_print_pack" / "pack.munch", pack / "pack.munch")
    (pack / "scenarios").mkdir()
    return tmp_path / "ws"


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return _workspace(tmp_path)


@pytest.fixture
def wire(ws: Path) -> Iterator[Wire]:
    client = Wire(ws)
    yield client
    client.close()


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Wire, Path]]:
    """One server for the tests that leave no state behind (a server starts in seconds)."""
    ws = _workspace(tmp_path_factory.mktemp("shared"))
    client = Wire(ws)
    yield client, ws
    client.close()


def _pos(line: int, character: int) -> dict[str, int]:
    return {"line": line, "character": character}


def _open_pack(wire: Wire, ws: Path) -> str:
    path = ws / "pack" / "pack.munch"
    uri = path.as_uri()
    wire.open(uri, path.read_text())
    return uri


def _line_of(text: str, word: str) -> tuple[int, int]:
    for number, line in enumerate(text.split("\n")):
        if word in line:
            return number, line.index(word) + 1
    raise AssertionError(word)


def test_references_do_not_follow_scenarios_out_or_hang(  # problem 1
        wire: Wire, ws: Path) -> None:
    scenarios = ws / "pack" / "scenarios"
    (scenarios / "leak.scn").symlink_to(ws.parent / "outside" / "secret.munch")
    os.mkfifo(scenarios / "fifo.scn")
    (scenarios / "zero.scn").symlink_to("/dev/zero")
    uri = _open_pack(wire, ws)
    line, col = _line_of((ws / "pack" / "pack.munch").read_text(), "net-troll")
    started = time.monotonic()
    reply = wire.call("textDocument/references", {
        "textDocument": {"uri": uri}, "position": _pos(line, col),
        "context": {"includeDeclaration": True}}, timeout=30)
    assert time.monotonic() - started < 20
    found = {loc["uri"] for loc in reply["result"] or []}
    assert found and all("outside" not in u and "leak" not in u and "zero" not in u
                         for u in found)
    assert wire.call("textDocument/hover", {"textDocument": {"uri": uri},
                                            "position": _pos(line, col)})["id"]


@pytest.mark.parametrize("method", ["textDocument/semanticTokens/full",
                                    "textDocument/documentSymbol",
                                    "textDocument/formatting"])
def test_the_server_reads_no_document_it_was_not_given(  # problem 2
        shared: tuple[Wire, Path], method: str) -> None:
    wire, ws = shared
    outside = (ws.parent / "outside" / "secret.munch").as_uri()
    traversal = (ws / "pack").as_uri() + "/../../outside/secret.munch"
    for uri in (outside, traversal, "file:///etc/shadow", "http://example.org/x.munch"):
        params: dict = {"textDocument": {"uri": uri}}
        if method.endswith("formatting"):
            params["options"] = {"tabSize": 2, "insertSpaces": True}
        reply = wire.call(method, params)
        assert reply["error"]["code"] == -32602, reply
        assert "not an open document" in reply["error"]["message"]
        assert SECRET not in str(reply)


def test_opening_a_file_outside_the_workspace_reads_nothing(  # problem 2
        wire: Wire, ws: Path) -> None:
    outside = ws.parent / "outside" / "secret.munch"
    wire.open(outside.as_uri(), "race x \"X\" {}\n")
    reply = wire.call("textDocument/documentSymbol", {"textDocument": {"uri": outside.as_uri()}})
    assert reply["error"]["code"] == -32602 and SECRET not in str(wire.notes)
    assert any("not a file: URI inside the workspace" in str(n) for n in wire.notes)


def test_definition_of_an_include_outside_the_workspace_is_nothing(  # problem 2
        wire: Wire, ws: Path) -> None:
    path = ws / "pack" / "pack.munch"
    text = path.read_text() + 'include "../../outside/secret.munch"\n'
    uri = path.as_uri()
    wire.open(uri, text)
    line, col = _line_of(text, "outside/secret")
    reply = wire.call("textDocument/definition", {"textDocument": {"uri": uri},
                                                  "position": _pos(line, col + 3)})
    assert "error" not in reply and not reply["result"]


def test_a_huge_document_gets_a_diagnostic_not_a_stall(  # problem 5
        wire: Wire, ws: Path) -> None:
    uri = (ws / "pack" / "big.munch").as_uri()
    card = 'monster m{n} "M{n}" {{\n  level 1\n  bad stuff: lose 1 level\n}}\n'
    wire.open(uri, "".join(card.format(n=n) for n in range(40_000)))
    diagnostics = wire.diagnostics_for(uri)
    assert diagnostics[0]["code"] == "E012" and "KiB" in diagnostics[0]["message"]
    started = time.monotonic()
    reply = wire.call("textDocument/completion", {"textDocument": {"uri": uri},
                                                  "position": _pos(1, 2)})
    assert "error" in reply and time.monotonic() - started < 5
    small = _open_pack(wire, ws)
    assert "result" in wire.call("textDocument/documentSymbol", {"textDocument": {"uri": small}})


@pytest.mark.parametrize("frame", [
    b"Content-Length: 99999999999999999999\r\n\r\n{}",
    b"Content-Length: -5\r\n\r\n{}",
    b"Content-Length: lots\r\n\r\n{}",
    b"Content-Length: 7\r\n\r\n{not js",
    b"Content-Length: 2\r\n\r\n[]",
])
def test_a_malformed_frame_is_answered_and_the_server_keeps_serving(  # problem 10
        shared: tuple[Wire, Path], frame: bytes) -> None:
    wire, ws = shared
    wire.raw(frame)
    error = wire.reply(None)["error"]
    assert error["code"] in (-32700, -32600)
    uri = _open_pack(wire, ws)
    assert "result" in wire.call("textDocument/documentSymbol", {"textDocument": {"uri": uri}})


def test_invalid_params_get_an_invalid_params_reply(shared: tuple[Wire, Path]) -> None:  # 10
    wire, ws = shared
    uri = _open_pack(wire, ws)
    for position in (_pos(-1, 0), {"line": "x"}, None):
        reply = wire.call("textDocument/hover", {"textDocument": {"uri": uri},
                                                 "position": position})
        assert reply["error"]["code"] == -32602
    assert "result" in wire.call("textDocument/documentSymbol", {"textDocument": {"uri": uri}})


def test_an_untitled_buffer_gets_diagnostics(wire: Wire) -> None:  # problem 10
    uri = "untitled:Untitled-1"
    wire.open(uri, 'race r "R" {\n  +1 against Elvs\n}\n')
    diagnostics = wire.diagnostics_for(uri)
    assert diagnostics, "an untitled buffer is checked like a lone pack file"
    assert not any("bug" in str(n).lower() for n in wire.notes)
