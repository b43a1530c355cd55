"""Card art: the image must lie inside the pack folder and be a readable image.

Codes: E120 art path outside the pack folder, E121 art file missing, E122 art file that
is not a PNG, JPEG or GIF image; a device, FIFO, folder or symlink loop gets the
confinement codes (E021, E022) from :mod:`munchkin_dsl.base.files`, which reads every art
file.  Checked here rather than at print time so that `munchkin check` finds it before
anyone sends a sheet to the printer.
"""

from __future__ import annotations

import os
from pathlib import Path

from munchkin_dsl.base.files import Refused, read_confined
from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.resolve import did_you_mean, nearest

IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif")
#: Entries of the pack folder looked at for a did-you-mean (a folder of 20,000 files is
#: listed once, never once per missing image).
MAX_INDEXED = 50_000


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
                head = read_confined(root / name, root, prefix=8, name=name)
            except Refused as refused:
                if refused.code == "E020":
                    ctx.sink.error("E120", f"art '{name}' lies outside the pack folder",
                                   stat.span, "copy the image into the pack folder and name "
                                   "it relative to the folder, e.g. `art \"art/troll.png\"`")
                elif refused.reason == "missing":
                    if index is None:
                        index = image_index(root)
                    ctx.sink.error("E121", f"art file '{name}' does not exist", stat.span,
                                   did_you_mean(nearest(name, index))
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


def image_index(root: Path, limit: int = MAX_INDEXED) -> list[str]:
    """Image paths under ``root`` (relative, sorted), listed once per pack for did-you-mean.

    Symlinked folders are not followed (no loops, nothing outside the pack), and the
    walk stops after ``limit`` entries so a huge folder costs bounded time.
    """
    found: list[str] = []
    seen = 0
    for folder, dirs, files in os.walk(root, followlinks=False):
        dirs.sort()
        for file in sorted(files):
            seen += 1
            if seen > limit:
                return found
            if os.path.splitext(file)[1].lower() in IMAGE_SUFFIXES:
                found.append(Path(folder, file).relative_to(root).as_posix())
    return found
