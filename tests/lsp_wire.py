"""A raw JSON-RPC client for `munchkin lsp`: frames written byte for byte, replies read.

pytest-lsp speaks only well-formed LSP; the hostile-input tests and the JSON-RPC fuzzer
need to send broken frames (a 20-digit Content-Length, a negative one, junk) and see
that the server answers and keeps serving.  The server runs as a subprocess, as an
editor runs it; a reader thread parses its frames into a queue.
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


#: `munchkin lsp` with an audit hook logging every open (the fuzzer's outside-read check)
_AUDITED = """import os, sys
log = open({log!r}, "a", buffering=1)
def hook(event, args):
    if event == "open" and args and isinstance(args[0], (str, bytes)):
        log.write(os.fsdecode(args[0]) + "\\n")
sys.addaudithook(hook)
sys.argv = ["munchkin", "lsp"]
from munchkin_dsl.cli import main
main()
"""


class Wire:
    """One running `munchkin lsp` with a workspace folder."""

    def __init__(self, workspace: Path, initialize: bool = True,
                 audit_log: Path | None = None) -> None:
        env = dict(os.environ, PYTHONPATH=str(REPO))
        command = [sys.executable, "-m", "munchkin_dsl", "lsp"]
        if audit_log is not None:  # every file the server opens, one per line
            command = [sys.executable, "-c", _AUDITED.format(log=str(audit_log))]
        self.proc = subprocess.Popen(command,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd=workspace, env=env)
        self.workspace = workspace
        self.ids = itertools.count(1)
        self.inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.notes: list[dict[str, Any]] = []
        threading.Thread(target=self._read, daemon=True).start()
        if initialize:
            self.call("initialize", {"processId": None, "rootUri": workspace.as_uri(),
                                     "capabilities": {},
                                     "initializationOptions": {"debounce_ms": 0},
                                     "workspaceFolders": [{"uri": workspace.as_uri(),
                                                           "name": "w"}]})
            self.notify("initialized", {})

    def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                if line.strip() == b"":
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if length is None:
                continue
            self.inbox.put(json.loads(out.read(length)))

    # -- sending ------------------------------------------------------------------
    def raw(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message: dict[str, Any] | bytes) -> None:
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.raw(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))

    def request(self, method: str, params: Any) -> int:
        msg_id = next(self.ids)
        self.send({"jsonrpc": "2.0", "id": msg_id, "method": method, "params": params})
        return msg_id

    def notify(self, method: str, params: Any) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    # -- receiving ------------------------------------------------------------------
    def next(self, timeout: float) -> dict[str, Any] | None:
        try:
            message = self.inbox.get(timeout=timeout)
        except queue.Empty:
            return None
        if message is not None and "id" not in message:
            self.notes.append(message)
        return message

    def reply(self, msg_id: int | None, timeout: float = 20.0) -> dict[str, Any]:
        """The response to ``msg_id`` (None: the next error response without an id)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            message = self.next(end - time.monotonic())
            if message is None:
                break
            if "id" in message and "method" not in message and message["id"] == msg_id:
                return message
        raise TimeoutError(f"no reply to {msg_id} within {timeout} s "
                           f"(server {'alive' if self.alive() else 'dead'})")

    def call(self, method: str, params: Any, timeout: float = 20.0) -> dict[str, Any]:
        return self.reply(self.request(method, params), timeout)

    def diagnostics_for(self, uri: str, timeout: float = 20.0) -> list[dict[str, Any]]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for note in self.notes:
                if note.get("method") == "textDocument/publishDiagnostics" \
                        and note["params"]["uri"] == uri:
                    return note["params"]["diagnostics"]
            self.next(0.2)
        raise TimeoutError(f"no diagnostics for {uri}")

    def open(self, uri: str, text: str, language: str = "munchkin") -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": 1, "text": text}})

    def alive(self) -> bool:
        return self.proc.poll() is None

    def close(self) -> None:
        if self.alive():
            try:
                self.call("shutdown", None, timeout=5)
                self.notify("exit", None)
                self.proc.wait(timeout=5)
            except (TimeoutError, OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
