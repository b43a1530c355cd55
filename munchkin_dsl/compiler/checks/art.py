"""Card art: the image must lie inside the pack folder and be a readable image.

Codes: E120 art path outside the pack folder, E121 art file missing, E122 art file that
is not a PNG, JPEG or GIF image, E123 an image whose header declares more pixels than
print can decode; a device, FIFO, folder or symlink loop gets the
confinement codes (E021, E022) from :mod:`munchkin_dsl.base.files`, which reads every art
file.  Checked here rather than at print time so that `munchkin check` finds it before
anyone sends a sheet to the printer.
"""

from __future__ import annotations

import itertools
import os
import posixpath
import time
from pathlib import Path

from munchkin_dsl.base.files import Refused, is_inside, read_confined
from munchkin_dsl.base.images import HEAD_BYTES, size_problem
from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.resolve import did_you_mean, nearest

IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif")
#: Entries of the pack folder looked at for a did-you-mean (a folder of 20,000 files is
#: listed once, never once per missing image), and the time the listing may take.
MAX_INDEXED = 20_000
INDEX_SECONDS = 0.5
#: The most image names one did-you-mean compares against (difflib is quadratic-ish: a
#: tree of 50,000 images once took 10.7 s for one missing file).
MAX_CANDIDATES = 1_000


def check_art(ctx: CheckContext) -> None:
    if ctx.root is None:
        return
    root = ctx.root.resolve()
    index: list[str] | None = None  # the pack's images, listed once, only when needed
    for card in ctx.cards:
        for stat in card.stats:
            if stat.kind != "art":
                continue
            name = stat.args[0]
            try:
                head = read_confined(root / name, root, prefix=HEAD_BYTES, name=name)
            except Refused as refused:
                if refused.code == "E020":
                    ctx.sink.error("E120", f"art '{name}' lies outside the pack folder",
                                   stat.span, "copy the image into the pack folder and name "
                                   "it relative to the folder, e.g. `art \"art/troll.png\"`")
                elif refused.reason == "missing":
                    if index is None:
                        index = image_index(root)
                    ctx.sink.error("E121", f"art file '{name}' does not exist", stat.span,
                                   did_you_mean(nearest(name, candidates(root, name, index)))
                                   or "art paths are relative to the pack folder")
                elif refused.code == "E012":
                    ctx.sink.error("E122", f"art file '{name}' cannot be read: "
                                   f"{refused.message}", stat.span)
                else:
                    ctx.sink.error(refused.code, refused.message, stat.span, refused.hint)
                continue
            if not head.startswith(IMAGE_MAGIC):
                ctx.sink.error("E122", f"art file '{name}' is not a PNG, JPEG or GIF "
                               "image", stat.span, "export the art as PNG or JPEG")
            elif (problem := size_problem(head, name)) is not None:
                ctx.sink.error("E123", problem, stat.span, "scale the image down (a printed "
                               "card needs about 750×1050 pixels at 300 dpi)")


def candidates(root: Path, name: str, index: list[str]) -> list[str]:
    """The images a missing ``name`` is compared with: those in its own folder when there
    are any (listed directly, however deep the folder is in a large tree), else the
    first :data:`MAX_CANDIDATES` of the pack's."""
    folder = posixpath.dirname(name)
    same = [p for p in index if posixpath.dirname(p) == folder]
    here = root / folder
    if not same and folder and here.is_dir() and is_inside(here, root):
        with os.scandir(here) as entries:
            for entry in itertools.islice(entries, MAX_INDEXED):
                if os.path.splitext(entry.name)[1].lower() in IMAGE_SUFFIXES:
                    same.append(f"{folder}/{entry.name}")
        same.sort()
    return (same or index)[:MAX_CANDIDATES]


def image_index(root: Path, limit: int = MAX_INDEXED,
                seconds: float = INDEX_SECONDS) -> list[str]:
    """Image paths under ``root`` (relative, sorted), listed once per pack for did-you-mean.

    Symlinked folders are not followed (no loops, nothing outside the pack), and the
    walk stops after ``limit`` entries or ``seconds`` so a huge folder costs bounded time.
    """
    found: list[str] = []
    seen = 0
    deadline = time.monotonic() + seconds
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs.sort()
        for file in sorted(files):
            seen += 1
            if seen > limit or time.monotonic() > deadline:
                return found
            if os.path.splitext(file)[1].lower() in IMAGE_SUFFIXES:
                found.append(Path(folder, file).relative_to(root).as_posix())
    return found
