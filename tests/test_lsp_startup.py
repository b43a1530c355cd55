"""`munchkin lsp` at start: an opened file's syntax errors before the whole pack is checked,
and a second session on the same pack reading its files' parses from the build cache.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, SAMPLE
from lsp_wire import Wire

from munchkin_dsl.base.cache_store import Store, cache_root
from munchkin_dsl.compiler.build_cache import ParseStore
from munchkin_dsl.lsp.analysis import Workspace
from munchkin_dsl.lsp.early import KIND
from munchkin_dsl.lsp.server import PREVIEW_BYTES

CARD = 'monster extra-{n} "Extra {n}" {{\n  level 3\n  treasures 1\n  bad stuff: die\n}}\n'
#: the last file: a clash with a card of the sample pack (E102, needs the whole pack) and a
#: line that does not parse (needs only this file)
LAST = ('monster plutonium-dragon "Second Dragon" {\n  level 3\n  treasures 1\n'
        '  bad stuff: die\n}\n\nmonster broken-one "Broken One" {\n  level 3\n'
        '  treasures 1\n  flies over the moon\n  bad stuff: die\n}\n')


def big_pack(tmp_path: Path, files: int = 10, cards: int = 90) -> Path:
    """The sample pack with ``files`` more files of ``cards`` cards (the defaults: over
    the server's PREVIEW_BYTES) and :data:`LAST`."""
    pack = tmp_path / "pack"
    shutil.copytree(SAMPLE, pack)
    manifest = pack / "pack.munch"
    includes = []
    for f in range(files):
        name = f"extra-{f:02d}.munch"
        body = "\n".join(CARD.format(n=f * cards + i) for i in range(cards))
        (pack / name).write_text(body, encoding="utf-8")
        includes.append(name)
    (pack / "last.munch").write_text(LAST, encoding="utf-8")
    includes.append("last.munch")
    manifest.write_text(manifest.read_text(encoding="utf-8") + "".join(
        f'include "{name}"\n' for name in includes), encoding="utf-8")
    return pack


def publishes(wire: Wire, uri: str, until: int, timeout: float = 60.0) -> list[list[str]]:
    """The codes of each publishDiagnostics for ``uri``, in order, once one has ``until``."""
    seen: list[list[str]] = []
    for _ in range(int(timeout / 0.2)):
        seen = [[d.get("code") for d in n["params"]["diagnostics"]] for n in wire.notes
                if n.get("method") == "textDocument/publishDiagnostics"
                and n["params"]["uri"] == uri]
        if any(until in [len(s) for s in seen] or "E102" in s for s in seen):
            return seen
        wire.next(0.2)
    raise TimeoutError(f"no full diagnostics for {uri}: {seen}")


def test_an_opened_file_shows_its_syntax_errors_before_the_pack_is_checked(
        tmp_path: Path) -> None:
    pack = big_pack(tmp_path)
    assert sum(p.stat().st_size for p in pack.glob("*.munch")) > PREVIEW_BYTES
    last = pack / "last.munch"
    wire = Wire(pack, initialize=False)
    try:
        # as an editor does: initialize, initialized and the file it shows, back to back,
        # so the file is open while the first check of the whole pack runs
        wire.request("initialize", {"processId": None, "rootUri": pack.as_uri(),
                                    "capabilities": {}})
        wire.notify("initialized", {})
        wire.open(last.as_uri(), last.read_text(encoding="utf-8"))
        seen = publishes(wire, last.as_uri(), 0)
    finally:
        wire.proc.kill()
    first, final = seen[0], seen[-1]
    assert "E102" in final and "E102" not in first, seen
    syntax = [code for code in final if code in first]
    assert first and first == syntax, seen  # the preview: this file's syntax errors only


def analysed(workspace: Workspace, pack: Path) -> list[str]:
    return [str(d) for d in workspace.analyse(pack.resolve()).diagnostics]


def test_a_second_session_reads_the_parses_of_the_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUNCHKIN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    pack = big_pack(tmp_path, files=3, cards=5)
    first = Workspace()
    first.cache.store = ParseStore("lsp-parse")
    cold = analysed(first, pack)
    assert first.cache.misses and first.cache.unsaved
    first.cache.save()
    second = Workspace()
    second.cache.store = ParseStore("lsp-parse")
    assert analysed(second, pack) == cold
    assert second.cache.misses == 0 and not second.cache.unsaved  # nothing parsed again
    # an edit after that parses the edited file card by card, as in a fresh session
    edited = (pack / "extra-01.munch").resolve()
    text = edited.read_text(encoding="utf-8").replace("level 3", "level 4", 1)
    for workspace in (second, fresh := Workspace()):
        workspace.buffers[edited] = text
    assert analysed(second, pack) == analysed(fresh, pack)
    # `check`'s own parses (whole files) and the server's are never taken for each other
    assert ParseStore("parse").get("last.munch", (pack / "last.munch").read_text()) is None


def test_the_build_cache_off_means_the_server_keeps_no_parses(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUNCHKIN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("MUNCHKIN_NO_CACHE", "1")
    from munchkin_dsl.lsp.server import MunchkinServer

    assert MunchkinServer().packs.cache.store is None
    monkeypatch.delenv("MUNCHKIN_NO_CACHE")
    assert isinstance(MunchkinServer().packs.cache.store, ParseStore)


def session(pack: Path, opened: Path) -> tuple[list[dict[str, Any]], list[list[str]]]:
    """One editor session on ``pack`` with ``opened`` shown, as an editor starts it: every
    reply to ``initialize`` (id 1) seen until ``shutdown`` is answered, and the codes of each
    publishDiagnostics of ``opened`` until the whole pack is checked."""
    wire = Wire(pack, initialize=False)
    responses: list[dict[str, Any]] = []
    receive = wire.next

    def recording(timeout: float) -> dict[str, Any] | None:
        message = receive(timeout)
        if message is not None and "id" in message and "method" not in message:
            responses.append(message)
        return message

    wire.next = recording  # type: ignore[method-assign]
    try:
        init = wire.request("initialize", {
            "processId": None, "rootUri": pack.as_uri(), "capabilities": {"general": {
                "positionEncodings": ["utf-8", "utf-16"]}}})
        wire.notify("initialized", {})
        wire.open(opened.as_uri(), opened.read_text(encoding="utf-8"))
        seen = publishes(wire, opened.as_uri(), 0)
        folding = wire.call("textDocument/foldingRange",
                            {"textDocument": {"uri": opened.as_uri()}})
        assert folding.get("result"), folding  # pygls serves: it took the initialize too
        wire.call("shutdown", None)
        wire.notify("exit", None)
        wire.proc.wait(timeout=10)
    finally:
        wire.proc.kill()
    replies = [m for m in responses if m["id"] == init]
    return replies, seen


def test_a_client_seen_before_is_answered_and_shown_its_file_before_pygls_loads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second start answers initialize with the reply kept from the first (once, not
    twice: pygls's own is not sent again), and shows the opened file its syntax errors
    ahead of the whole pack.  The kept reply is marked between the sessions, to see that
    the one sent came from it; pygls's differs from it, so pygls's is kept again."""
    monkeypatch.setenv("MUNCHKIN_CACHE_DIR", str(tmp_path / "cache"))
    pack = big_pack(tmp_path)
    last = pack / "last.munch"
    [pygls_reply], _ = session(pack, last)
    store = Store(cache_root(), KIND)
    [entry] = (tmp_path / "cache" / KIND).glob("*.pickle")
    key = entry.name.removesuffix(".pickle")
    assert store.get(key) == pygls_reply["result"]
    marked = {**pygls_reply["result"], "serverInfo": {"name": "kept", "version": "0"}}
    store.put(key, marked)
    replies, seen = session(pack, last)
    assert [r["result"] for r in replies] == [marked], replies
    assert marked["capabilities"]["positionEncoding"] == "utf-8"
    first, final = seen[0], seen[-1]
    assert "E102" in final and "E102" not in first, seen
    assert first and first == [code for code in final if code in first], seen
    assert store.get(key) == pygls_reply["result"]


EARLY = """import io, json, sys, time
from pathlib import Path
from munchkin_dsl.base.cache_store import Store, cache_root
from munchkin_dsl.lsp.early import KIND, EarlyStart, reply_key
pack, caps = Path(sys.argv[1]), {"general": {"positionEncodings": ["utf-32"]}}
Store(cache_root(), KIND).put(reply_key(caps), {"capabilities": {"positionEncoding":
                                                                  "utf-32"}})
last = pack / "last.munch"
def frame(method, params, **extra):
    body = json.dumps({"jsonrpc": "2.0", "method": method, "params": params, **extra})
    return b"Content-Length: %d\\r\\n\\r\\n%s" % (len(body), body.encode())
stdin = io.BytesIO(frame("initialize", {"rootUri": pack.as_uri(), "capabilities": caps},
                         id=7) + frame("initialized", {}) + frame("textDocument/didOpen",
    {"textDocument": {"uri": last.as_uri(), "languageId": "munchkin", "version": 1,
                      "text": last.read_text()}}))
out = io.BytesIO()
early = EarlyStart(stdin, out)
while stdin.tell() < len(stdin.getvalue()):  # the three frames sent back to back, as editors do
    time.sleep(0.01)
early.run()
print(json.dumps({"out": out.getvalue().decode(), "backlog": len(early.backlog),
                  "loaded": sorted(m for m in ("pygls.lsp.server", "lsprotocol.types")
                                   if m in sys.modules)}))
"""


def test_the_early_start_needs_no_pygls(tmp_path: Path) -> None:
    """What the early start sends (the kept reply, the preview in the agreed encoding)
    needs neither pygls's server nor lsprotocol, and every frame it read is kept for the
    loop, in order."""
    pack = big_pack(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(REPO), MUNCHKIN_CACHE_DIR=str(tmp_path / "cache"))
    ran = subprocess.run([sys.executable, "-c", EARLY, str(pack)], capture_output=True,
                         text=True, env=env, timeout=120, check=True)
    report = json.loads(ran.stdout)
    assert report["loaded"] == [] and report["backlog"] >= 1
    bodies = [json.loads(part) for part in re.split(r"Content-Length: \d+\r\n\r\n",
                                                     report["out"]) if part]
    assert bodies[0] == {"jsonrpc": "2.0", "id": 7, "result": {
        "capabilities": {"positionEncoding": "utf-32"}}}
    [note] = bodies[1:]
    assert note["method"] == "textDocument/publishDiagnostics"
    assert note["params"]["uri"] == (pack / "last.munch").as_uri()
    codes = [d["code"] for d in note["params"]["diagnostics"]]
    assert codes and "E102" not in codes  # syntax errors only: the pack is not checked yet
