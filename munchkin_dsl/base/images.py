"""Art images checked before they are decoded: their declared size, from the header.

A 0.5 MB PNG may declare 13,000×13,000 pixels; decoding it took 1.7 GB for one printed
card and 3.5 GB for an export of three.  The header states the size, so it is read
(:data:`HEAD_BYTES` at most) and checked against :data:`MAX_ART_PIXELS` before any
decoder sees the file: `munchkin check` reports E123 at the card's `art` line, and the
print path refuses the file with the same message.
"""

from __future__ import annotations

import struct
from pathlib import Path

from munchkin_dsl.base.files import MAX_ART_BYTES, Refused, Roots, read_confined

#: The most pixels an art image may have: a 300 dpi card is under 1 MP, a poster-size
#: source image 50 MP; 50 MP of RGBA is 200 MB decoded.
MAX_ART_PIXELS = 50_000_000
#: How much of a file is read to find its size (a JPEG's size follows its EXIF block).
HEAD_BYTES = 256 * 1024

PNG = b"\x89PNG\r\n\x1a\n"
JPEG = b"\xff\xd8\xff"
GIF = (b"GIF87a", b"GIF89a")
#: JPEG start-of-frame markers (they carry the size): C0-CF except DHT, JPG, DAC
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def declared_size(head: bytes) -> tuple[int, int] | None:
    """(width, height) the image header declares, or None when it states none."""
    if head.startswith(PNG) and len(head) >= 24 and head[12:16] == b"IHDR":
        w, h = struct.unpack(">II", head[16:24])
        return w, h
    if head.startswith(GIF) and len(head) >= 10:
        w, h = struct.unpack("<HH", head[6:10])
        return w, h
    if head.startswith(JPEG):
        return _jpeg_size(head)
    return None


def _jpeg_size(head: bytes) -> tuple[int, int] | None:
    i = 2
    while i + 9 <= len(head):
        if head[i] != 0xFF:
            return None
        marker = head[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            i += 2
            continue
        (length,) = struct.unpack(">H", head[i + 2:i + 4])
        if marker in _SOF:
            h, w = struct.unpack(">HH", head[i + 5:i + 9])
            return w, h
        i += 2 + length
    return None


def size_problem(head: bytes, name: str, strict: bool = False) -> str | None:
    """Why an image with this header must not be decoded, or None.  A header that states
    no size is a problem only when ``strict`` (before decoding: it might hide a bomb;
    `check` leaves a damaged header to the decoder's own E122-style failure at print)."""
    size = declared_size(head)
    if size is None:
        return (f"art file '{name}' states no image size in its first {HEAD_BYTES // 1024} "
                "KiB" if strict else None)
    w, h = size
    if w == 0 or h == 0:
        return f"art file '{name}' declares an empty image ({w}×{h} pixels)"
    if w * h > MAX_ART_PIXELS:
        return (f"art file '{name}' declares {w}×{h} pixels ({w * h / 1e6:.0f} MP); art may "
                f"have at most {MAX_ART_PIXELS / 1e6:.0f} MP")
    return None


def read_art(path: Path, root: Roots = None, name: str | None = None) -> bytes:
    """An art file's bytes for decoding, through the file layer; Refused (E123) when its
    header declares more than :data:`MAX_ART_PIXELS` or no size at all."""
    shown = name or str(path)
    data = read_confined(path, root, MAX_ART_BYTES, name=shown)
    problem = size_problem(data[:HEAD_BYTES], shown, strict=True)
    if problem is not None:
        raise Refused("E123", problem, "scale the image down (a printed card needs about "
                      "750×1050 pixels at 300 dpi)")
    return data
