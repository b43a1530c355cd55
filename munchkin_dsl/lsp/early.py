"""`munchkin lsp`'s first moments: ``initialize`` answered and the opened file's syntax
errors shown before pygls is imported.

Why: pygls and lsprotocol (about 570 attrs classes, one per LSP message) and the server's
features take longer to import than everything the author waits for at start: answering
``initialize`` and showing the file in front of them.  An editor sends ``initialize``,
then ``initialized`` and the ``didOpen`` of the file it shows, back to back.  So before
the heavy imports the server reads its first frames (:class:`FrameReader`, the same reader
the whole session uses) and:

* answers ``initialize`` at once with the reply pygls gave the last time this client
  started this tool (the same client capabilities, the same files of munchkin-dsl, pygls
  and lsprotocol: :func:`reply_key`; the reply depends on nothing else), kept in the cache
  folder by :class:`munchkin_dsl.lsp.transport.Loop` when pygls answers a new client;
* loads the parser while the client answers, then shows each pack file the client opened
  meanwhile its syntax errors, as the server does during a large pack's first check (see
  ``PREVIEW_BYTES`` in :mod:`munchkin_dsl.lsp.analysis`; same parse cache, same rule, same
  diagnostics), written as JSON (:mod:`munchkin_dsl.lsp.diagnostic_json`).

Then pygls is imported and handed every frame read here, in order, ``initialize`` included
(its reply, already sent, is not sent again; :class:`munchkin_dsl.lsp.transport.Loop`).  A
client met for the first time, or a first frame that is not a well-formed ``initialize``,
goes the ordinary way.  The reply is read under ``--no-cache`` too: like the parser's
tables it depends on no pack.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from pathlib import Path
from typing import Any, BinaryIO

from munchkin_dsl.lsp.frames import MAX_DOCUMENT_BYTES, Frame, FrameReader

#: the cache folder's kind for the kept ``initialize`` replies
KIND = "lsp-initialize"
#: bump when what is kept changes shape
ENTRY_VERSION = 1


def _package_stamp(name: str) -> str:
    """A package's version as its files tell it (path, size, modification time of its
    ``__init__``), without importing it."""
    spec = importlib.util.find_spec(name)
    origin = spec.origin if spec is not None else None
    if not origin:
        return f"{name}:none"
    info = os.stat(origin)
    return f"{origin}:{info.st_size}:{info.st_mtime_ns}"


def reply_key(capabilities: Any) -> str:
    """What pygls's ``initialize`` reply is a function of: the client's capabilities (the
    position encoding is chosen from them), the server's features (munchkin-dsl's files)
    and pygls's and lsprotocol's versions."""
    from munchkin_dsl.compiler.build_cache import tool_fingerprint

    digest = hashlib.blake2b(digest_size=20)
    for part in (str(ENTRY_VERSION), tool_fingerprint(), _package_stamp("pygls"),
                 _package_stamp("lsprotocol"), json.dumps(capabilities, sort_keys=True)):
        digest.update(part.encode("utf-8", "surrogateescape"))
        digest.update(b"\0")
    return digest.hexdigest()


def _message(frame: Frame) -> dict[str, Any] | None:
    if not isinstance(frame, bytes):
        return None
    try:
        raw = json.loads(frame)
    except (ValueError, RecursionError):
        return None
    return raw if isinstance(raw, dict) and raw.get("jsonrpc") == "2.0" else None


class EarlyStart:
    """The frames read before pygls, and what was done with them."""

    def __init__(self, stdin: BinaryIO, stdout: BinaryIO) -> None:
        self.reader = FrameReader(stdin)
        self.stdout = stdout
        #: frames read here, for the loop to handle first, in order
        self.backlog: list[Frame] = []
        #: the first frame's ``initialize``: its id, and the key pygls's reply is kept
        #: under (None: the first frame was something else)
        self.initialize_id: int | str | None = None
        self.key: str | None = None
        #: the id of the ``initialize`` answered here (pygls's reply is then not sent)
        self.answered: int | str | None = None
        #: the reply sent, to compare with pygls's
        self.reply: dict[str, Any] | None = None
        #: the workspace whose parse cache holds the files previewed here (the server's)
        self.workspace: Any = None
        #: pack files whose syntax errors were shown here
        self.previewed: set[Path] = set()

    def send(self, payload: dict[str, Any]) -> None:
        body = json.dumps(payload, ensure_ascii=True).encode("ascii")
        self.stdout.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.stdout.flush()

    def run(self) -> None:
        """Read the first frame; when it is an ``initialize`` from a known client, answer
        it and show the files opened meanwhile their syntax errors."""
        first = self.reader.get()
        self.backlog.append(first)
        message = _message(first)
        if message is None or message.get("method") != "initialize":
            return
        msg_id, params = message.get("id"), message.get("params")
        if not isinstance(msg_id, (int, str)) or not isinstance(params, dict):
            return
        self.initialize_id, self.key = msg_id, reply_key(params.get("capabilities"))
        from munchkin_dsl.base.cache_store import Store, cache_root

        reply = Store(cache_root(), KIND).get(self.key)
        if not isinstance(reply, dict):
            return
        self.send({"jsonrpc": "2.0", "id": msg_id, "result": reply})
        self.answered, self.reply = msg_id, reply
        capabilities = reply.get("capabilities")
        encoding = capabilities.get("positionEncoding") if isinstance(capabilities,
                                                                      dict) else None
        self.preview(params, encoding)

    def preview(self, params: dict[str, Any], encoding: object) -> None:
        """Load the parser (the client is answering meanwhile), then show each pack file
        opened since its syntax errors."""
        from munchkin_dsl.language.parser import compiled_parser
        from munchkin_dsl.lsp.analysis import Workspace

        self.workspace = workspace = Workspace.for_editor()
        workspace.roots = _roots(params)
        compiled_parser()
        for frame in self.reader.ready():
            self.backlog.append(frame)
            message = _message(frame)
            if message is not None and message.get("method") == "textDocument/didOpen":
                self.show(message.get("params"), encoding)

    def show(self, params: Any, encoding: object) -> None:
        """Publish an opened pack file's syntax errors when the server would (a file of
        the workspace, in a pack large enough, see ``PREVIEW_BYTES``)."""
        from pygls.uris import to_fs_path

        from munchkin_dsl.base.diagnostics import DiagnosticSink
        from munchkin_dsl.language.source import display_name
        from munchkin_dsl.lsp.analysis import PREVIEW_BYTES, pack_bytes
        from munchkin_dsl.lsp.columns import Columns, encoding_of
        from munchkin_dsl.lsp.diagnostic_json import as_json

        doc = params.get("textDocument") if isinstance(params, dict) else None
        uri = doc.get("uri") if isinstance(doc, dict) else None
        text = doc.get("text") if isinstance(doc, dict) else None
        if not isinstance(uri, str) or not isinstance(text, str) or not uri.startswith(
                "file:") or len(text) > MAX_DOCUMENT_BYTES:
            return
        fs = to_fs_path(uri)
        if fs is None:
            return
        path = Path(fs).resolve()
        workspace = self.workspace
        if path.suffix != ".munch" or (workspace.roots and not workspace.may_read(path)):
            return
        root = workspace.pack_root(path)
        if pack_bytes(root) < PREVIEW_BYTES:
            return
        sink = DiagnosticSink()
        workspace.cache.parse(text, display_name(path), sink)
        columns = Columns(encoding_of(encoding))
        self.send({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                   "params": {"uri": uri, "diagnostics": [as_json(d, text, columns)
                                                          for d in sink.sorted()]}})
        self.previewed.add(path)


def _roots(params: dict[str, Any]) -> list[Path]:
    """The workspace folders ``initialize`` names (as the transport reads them later)."""
    from pygls.uris import to_fs_path

    uris = [f.get("uri") for f in params.get("workspaceFolders") or []
            if isinstance(f, dict)] + [params.get("rootUri")]
    folders = [to_fs_path(u) for u in uris if isinstance(u, str)]
    folders.append(params.get("rootPath") if isinstance(params.get("rootPath"), str) else None)
    return sorted({Path(f).resolve() for f in folders if f})
