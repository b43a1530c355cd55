"""The language server's stdio loop: JSON-RPC frames read defensively, URIs confined.

pygls's own loop trusts the client: ``Content-Length: 99999999999999999999`` made it try
to read that much (the server died), a negative or non-numeric length silenced it for
good, and a request whose params do not validate (a negative position) never got a
reply.  An editor may also hand the server any URI (``file:///etc/shadow``, a FIFO in
the workspace), and pygls reads a document that is not open from disk, unconfined.

This loop replaces pygls's ``start_io`` and keeps pygls for everything after framing:

* every header line and body is bounded (:mod:`.frames`, whose reader thread reads
  from the start, see :mod:`.early`); a frame that cannot be read is answered with
  the JSON-RPC error code for it (-32700 parse error, -32600 invalid request) and the
  loop finds the next ``Content-Length`` header;
* params that do not validate are answered with -32602 and the request's id;
* a request or notification naming a document is served only for a document the editor
  opened (an ``untitled:`` buffer too) or, for ``didOpen``, a ``file:`` URI inside the
  workspace folders; anything else is a -32602 error saying so, never a read;
* a document over :data:`MAX_DOCUMENT_BYTES` is not kept: it gets one diagnostic saying
  why, and requests on it an error (the checks are for files of pack size).

Pack files the checks read from disk go through :mod:`munchkin_dsl.base.files`, confined
to the workspace folders (:class:`munchkin_dsl.lsp.analysis.Workspace`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
import threading
from pathlib import Path
from typing import Any, BinaryIO, cast

from lsprotocol import types as lsp
from pygls.exceptions import JsonRpcException
from pygls.io_ import StdoutWriter
from pygls.uris import to_fs_path

from munchkin_dsl.base.cache_store import Store, cache_root
from munchkin_dsl.lsp.early import KIND, EarlyStart
from munchkin_dsl.lsp.frames import MAX_DOCUMENT_BYTES, Frame
from munchkin_dsl.lsp.server import MunchkinServer, server

PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS = -32700, -32600, -32602

_OPENING = {lsp.TEXT_DOCUMENT_DID_OPEN}
_FREE = {lsp.TEXT_DOCUMENT_DID_CLOSE, lsp.TEXT_DOCUMENT_DID_SAVE}
log = logging.getLogger(__name__)


class _Writer:
    """pygls's writer, watching for pygls's reply to ``initialize``: it is kept in the cache
    folder, so the next start with this client answers at once (:mod:`.early`), and it is
    not sent when the early start has answered already."""

    def __init__(self, stdout: BinaryIO, early: EarlyStart) -> None:
        self.inner = StdoutWriter(stdout)
        self.early = early
        self.watching = early.key is not None

    def write(self, data: bytes) -> None:
        if self.watching and self._is_initialize_reply(data):
            return
        self.inner.write(data)

    def close(self) -> None:
        cast(Any, self.inner).close()  # pygls's close is untyped

    def _is_initialize_reply(self, data: bytes) -> bool:
        early = self.early
        if b'"id"' not in data:
            return False
        try:
            message = json.loads(data.partition(b"\r\n\r\n")[2])
        except ValueError:
            return False
        if not isinstance(message, dict) or message.get("id") != early.initialize_id or not (
                "result" in message or "error" in message):
            return False
        self.watching = False
        result = message.get("result")
        if isinstance(result, dict) and early.key is not None and result != early.reply:
            if early.reply is not None:
                log.warning("munchkin lsp: the initialize reply sent at start was not "
                            "pygls's; kept pygls's for the next start")
            Store(cache_root(), KIND).put(early.key, result)
        return early.answered is not None


class Loop:
    """Takes the frames the reader thread reads (those the early start read first) and
    hands each to pygls on the event loop."""

    def __init__(self, ls: MunchkinServer, stdin: BinaryIO, stdout: BinaryIO,
                 early: EarlyStart | None = None) -> None:
        self.ls = ls
        self.early = early if early is not None else EarlyStart(stdin, stdout)
        self.writer = _Writer(stdout, self.early)
        self.too_big: set[str] = set()
        ls.protocol.set_writer(self.writer)
        if self.early.workspace is not None:  # it holds the parses of the files previewed
            ls.packs = self.early.workspace
            ls.previewed |= self.early.previewed

    # -- sending ------------------------------------------------------------------
    def send(self, payload: dict[str, Any]) -> None:
        body = json.dumps(payload, ensure_ascii=True).encode("ascii")
        self.writer.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))

    def error(self, msg_id: Any, code: int, message: str) -> None:
        self.send({"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}})

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    # -- the loop -----------------------------------------------------------------
    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        stop = self.ls._stop_event = threading.Event()
        backlog = self.early.backlog
        frames: asyncio.Queue[Frame] = asyncio.Queue()

        def deliver(frame: Frame) -> None:  # on the reader's thread
            with contextlib.suppress(RuntimeError):  # a closed loop: the session is over
                loop.call_soon_threadsafe(frames.put_nowait, frame)

        self.early.reader.forward(deliver)
        while not stop.is_set():
            frame = backlog.pop(0) if backlog else await frames.get()
            if isinstance(frame, Exception):
                self.error(None, INVALID_REQUEST, f"munchkin lsp: {frame}")
                continue
            if frame is None:
                break
            self.handle(frame)

    def handle(self, body: bytes) -> None:
        try:
            raw = json.loads(body)
        except (ValueError, RecursionError) as exc:
            self.error(None, PARSE_ERROR, f"munchkin lsp: the message is not JSON ({exc})"[:300])
            return
        if not isinstance(raw, dict) or raw.get("jsonrpc") != "2.0":
            self.error(None, INVALID_REQUEST, 'munchkin lsp: a message is a JSON object with '
                       '"jsonrpc": "2.0"')
            return
        msg_id = raw.get("id") if isinstance(raw.get("id"), (int, str)) else None
        is_request = "id" in raw and "method" in raw
        refusal = self.refusal(raw)
        if refusal is not None:
            if is_request:
                self.error(msg_id, INVALID_PARAMS, refusal)
            else:
                self.notify("window/logMessage", {"type": 1, "message": refusal})
            return
        try:
            message = self.ls.protocol.structure_message(raw)
        except JsonRpcException as exc:
            if is_request or "id" in raw:
                self.error(msg_id, exc.code if is_request else INVALID_REQUEST,
                           f"munchkin lsp: invalid params for {str(raw.get('method'))[:80]}")
            return
        except RecursionError:
            self.error(msg_id, INVALID_REQUEST, "munchkin lsp: the message nests too deeply")
            return
        try:
            self.ls.protocol.handle_message(message)
        except Exception:  # noqa: BLE001 - one bad message must not stop the server
            log.exception("munchkin lsp: handling a message failed")
            if is_request:
                self.error(msg_id, -32603, "munchkin lsp: internal error (a bug; see the log)")
        forget_finished(self.ls)
        self.after(raw)

    # -- documents ------------------------------------------------------------------
    def refusal(self, raw: dict[str, Any]) -> str | None:
        """Why a message naming a document is not served, or None."""
        params = raw.get("params")
        doc = params.get("textDocument") if isinstance(params, dict) else None
        uri = doc.get("uri") if isinstance(doc, dict) else None
        if not isinstance(uri, str):
            return None
        method = raw.get("method")
        shown = uri[:200]
        if uri in self.too_big:
            if method == lsp.TEXT_DOCUMENT_DID_CLOSE:
                self.too_big.discard(uri)
            return (f"munchkin lsp: {shown} is over {MAX_DOCUMENT_BYTES // 1024} KiB and is "
                    "not checked in the editor; run `munchkin check`")
        if self.is_open(uri) or method in _FREE:
            return None
        outside = (self.outside(uri, shown) if method in _OPENING else
                   f"munchkin lsp: {shown} is not an open document; the server reads only "
                   "documents the editor opened and pack files inside the workspace folders")
        if outside is not None or uri.startswith("untitled:"):
            return outside
        text = doc.get("text") if isinstance(doc, dict) else None
        if isinstance(text, str) and len(text) > MAX_DOCUMENT_BYTES:
            self.oversized(uri, len(text))
            return f"munchkin lsp: {shown} is too large to check as you type"
        return None

    def outside(self, uri: str, shown: str) -> str | None:
        """Why a document being opened is not read: not a ``file:`` URI inside the
        workspace folders (an untitled buffer is checked as a lone file)."""
        if uri.startswith("untitled:"):
            return None
        path = to_fs_path(uri) if uri.startswith("file:") else None
        if path is None or not self.ls.packs.may_read(Path(path)) and self.ls.packs.roots:
            return (f"munchkin lsp: {shown} is not a file: URI inside the workspace folders "
                    f"({', '.join(str(r) for r in self.ls.packs.roots) or 'none'}); not read")
        return None

    def is_open(self, uri: str) -> bool:
        try:
            return uri in self.ls.workspace.text_documents
        except (RuntimeError, AttributeError):  # before initialize: no workspace yet
            return False

    def oversized(self, uri: str, size: int) -> None:
        self.too_big.add(uri)
        self.notify("textDocument/publishDiagnostics", {"uri": uri, "diagnostics": [{
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}},
            "severity": 1, "source": "munchkin", "code": "E012",
            "message": f"this file is {size / 1024:.0f} KiB; the editor checks files up to "
                       f"{MAX_DOCUMENT_BYTES // 1024} KiB\nhint: split it with `include`, or "
                       "run `munchkin check` on the pack"}]})

    def after(self, raw: dict[str, Any]) -> None:
        """After initialize: the workspace folders become the server's read roots.  After
        an edit: a document that grew over the limit is dropped."""
        method = raw.get("method")
        if method == lsp.INITIALIZE:
            ws = self.ls.workspace
            folders = [to_fs_path(f.uri) for f in ws.folders.values()] + [ws.root_path]
            self.ls.packs.roots = sorted({Path(f).resolve() for f in folders if f})
        elif method == lsp.TEXT_DOCUMENT_DID_OPEN:
            uri = raw["params"]["textDocument"]["uri"]
            path = Path(to_fs_path(uri) or uri).resolve()
            if not uri.startswith("file:") or not path.exists():
                self.ls.packs.uris[path] = uri  # diagnostics go back to its own URI
        elif method == lsp.TEXT_DOCUMENT_DID_CHANGE:
            uri = raw["params"]["textDocument"]["uri"]
            if self.is_open(uri):
                size = len(self.ls.workspace.get_text_document(uri).source)
                if size > MAX_DOCUMENT_BYTES:
                    self.ls.workspace.remove_text_document(uri)
                    path = Path(to_fs_path(uri) or uri).resolve()
                    self.ls.packs.buffers.pop(path, None)
                    self.oversized(uri, size)


def forget_finished(ls: MunchkinServer) -> int:
    """Drop the finished futures pygls keeps by message id; return how many are left.

    pygls (2.1) runs its own handlers of ``didOpen``, ``didChange``, ``didClose``,
    ``initialized`` and the like as generators and files each one's future under a fresh
    id in the table of pending requests, which only a request's reply or a cancel empties:
    a notification's entry stays forever, about 1 KiB per keystroke in a long editing
    session (the long fuzz run's server grew 2 MiB per 5,000 inputs).  A finished future
    has nothing left to wait for: a request's own reply is sent by a callback that does
    not need the entry (it pops it if still there), and a cancel that finds no entry
    only logs that the request is unknown, which by then it is.
    """
    pending = ls.protocol._request_futures
    for msg_id in [key for key, future in pending.items() if future.done()]:
        pending.pop(msg_id, None)
    return len(pending)


def serve(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None,
          early: EarlyStart | None = None) -> None:
    """Run the server on stdin/stdout until the client exits or closes the pipe (after
    ``early``, which read its first frames, when given)."""
    loop = Loop(server, stdin or sys.stdin.buffer, stdout or sys.stdout.buffer, early)
    try:
        asyncio.run(loop.run())
    except BrokenPipeError:
        log.error("munchkin lsp: the client closed the connection")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        cast(Any, server).shutdown()  # pygls's shutdown is untyped
