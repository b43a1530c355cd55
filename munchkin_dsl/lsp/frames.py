"""JSON-RPC frames read defensively from the client, on a thread of their own.

Why a module without pygls: the server's first frames (``initialize``, and the
``didOpen`` of the file the author looks at) are read before pygls is imported (see
:mod:`munchkin_dsl.lsp.early`), and the same reader then serves the rest of the session
(:mod:`munchkin_dsl.lsp.transport`), so every frame goes through one set of bounds.

pygls's own loop trusted the client: ``Content-Length: 99999999999999999999`` made it try
to read that much (the server died), and a negative or non-numeric length silenced it for
good.  Here every header line and body is bounded (:data:`MAX_MESSAGE_BYTES`); a frame
that cannot be read is handed on as a :class:`FrameError` (the loop answers it) and
reading goes on at the next ``Content-Length`` header.
"""

from __future__ import annotations

import queue
import re
import threading
from collections.abc import Callable
from typing import BinaryIO

#: The largest JSON-RPC message body read (a didOpen of the largest document, escaped).
MAX_MESSAGE_BYTES = 8 * 1024 * 1024
#: The largest document (in characters) the server keeps and checks as you type: the
#: largest sample pack file is under 5 kB; a 1 MB buffer took 47 s per completion.
MAX_DOCUMENT_BYTES = 512 * 1024
#: The longest header line read before it is treated as junk.
MAX_HEADER_LINE = 8 * 1024

_LENGTH = re.compile(rb"Content-Length:[ \t]*([^\r\n]*)\r?\n$", re.IGNORECASE)

#: what the reader hands on: a message body, a frame that could not be read, or None at
#: the end of input
Frame = bytes | Exception | None


class FrameError(Exception):
    """A frame whose header cannot be trusted; the message says why."""


def read_frame(stream: BinaryIO) -> bytes | None:
    """The next message body, None at the end of input; FrameError for a bad header (the
    body, if any, is then skipped as junk lines until the next header)."""
    length: int | None = None
    problem: str | None = None
    while True:
        line = stream.readline(MAX_HEADER_LINE)
        if not line:
            return None
        if line.strip() == b"":
            if length is None and problem is None:
                continue  # a stray blank line (or the tail of skipped junk)
            break
        match = _LENGTH.search(line)
        if match:
            value = match.group(1).strip()
            if not value.isdigit():
                problem = f"Content-Length {value[:40]!r} is not a byte count"
            elif len(value) > 12 or int(value) > MAX_MESSAGE_BYTES:
                problem = (f"a message of {value[:20].decode()} bytes is over the limit of "
                           f"{MAX_MESSAGE_BYTES} bytes")
            else:
                length, problem = int(value), None
    if problem is not None:
        raise FrameError(problem)
    assert length is not None
    body = stream.read(length)
    return body if len(body) == length else None


class FrameReader:
    """Reads frames from ``stream`` on a daemon thread, from the start, into a queue (so
    frames that arrive while the server is still loading are there when it asks), then,
    once the server's loop runs, straight to it (:meth:`forward`: no thread in between,
    an edit reaches the loop as soon as it is read)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.frames: queue.Queue[Frame] = queue.Queue()
        self._lock = threading.Lock()
        self._sink: Callable[[Frame], object] | None = None
        threading.Thread(target=self._read, name="munchkin-lsp-reader", daemon=True).start()

    def _read(self) -> None:
        while True:
            frame: Frame
            try:
                frame = read_frame(self.stream)
            except FrameError as exc:
                frame = exc
            except (OSError, ValueError):  # the stream closed under us: the end
                frame = None
            with self._lock:
                if self._sink is not None:
                    self._sink(frame)
                else:
                    self.frames.put(frame)
            if frame is None:
                return

    def forward(self, sink: Callable[[Frame], object]) -> None:
        """From now on hand each frame to ``sink`` (called on the reader's thread), the
        frames read so far first, in order."""
        with self._lock:
            for frame in self.ready():
                sink(frame)
            self._sink = sink

    def get(self) -> Frame:
        """The next frame, waiting for it."""
        return self.frames.get()

    def ready(self) -> list[Frame]:
        """The frames already read, without waiting."""
        out: list[Frame] = []
        while True:
            try:
                out.append(self.frames.get_nowait())
            except queue.Empty:
                return out
