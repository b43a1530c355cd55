"""The language server keeps no state per message: a long session does not grow.

The long fuzz run's server grew about 2 MiB per 5,000 inputs: pygls files the future of
each notification it handles with a generator of its own (``didOpen``, ``didChange``,
``didClose``) in its table of pending requests and never takes it out, so each keystroke
kept about 1 KiB.  This test hands messages to the server's loop in-process, as the
reader thread does, and counts what is left.
"""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls")

from munchkin_dsl.lsp.main import server  # noqa: E402 - after the skip
from munchkin_dsl.lsp.transport import Loop  # noqa: E402

PACK = 'race elf "Elf" { +1 against undead }\n'


def _body(method: str, params: dict[str, Any], msg_id: int | None = None) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
    if msg_id is not None:
        message["id"] = msg_id
    return json.dumps(message).encode()


async def _session(workspace: Path, edits: int) -> int:
    """Open a file, edit it ``edits`` times, save and close it: the pending requests
    pygls keeps after that (none: the client sent no request)."""
    loop = Loop(server, io.BytesIO(), io.BytesIO())
    uri = (workspace / "pack.munch").as_uri()
    loop.handle(_body("initialize", {"processId": None, "rootUri": workspace.as_uri(),
                                     "capabilities": {}}, 1))
    loop.handle(_body("initialized", {}))
    loop.handle(_body("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "munchkin", "version": 1, "text": PACK}}))
    for version in range(2, edits + 2):
        loop.handle(_body("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": PACK.replace("+1", f"+{version % 9}")}]}))
        await asyncio.sleep(0)
    loop.handle(_body("textDocument/didSave", {"textDocument": {"uri": uri}}))
    loop.handle(_body("textDocument/didClose", {"textDocument": {"uri": uri}}))
    for task in list(server.running.values()):
        task.cancel()
    await asyncio.sleep(0)
    return len(server.protocol._request_futures)


def test_a_long_editing_session_keeps_no_future_per_message(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(PACK)
    pending = asyncio.run(_session(tmp_path, edits=300))
    # before the fix: a finished future per notification pygls handles with a generator
    # of its own (didOpen, the 300 didChange, didClose, ...): 303 kept
    assert pending == 0, f"{pending} finished futures kept"
