"""Card art: the image must lie inside the pack folder and be a readable image.

Codes: E120 art path outside the pack folder, E121 art file missing, E122 art file that
is not a PNG, JPEG or GIF image.  Checked here rather than at print time so that
`munchkin check` finds it before anyone sends a sheet to the printer.
"""

from __future__ import annotations

from munchkin_dsl.checks import CheckContext
from munchkin_dsl.resolve import did_you_mean, nearest

IMAGE_MAGIC = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif")


def check_art(ctx: CheckContext) -> None:
    if ctx.root is None:
        return
    root = ctx.root.resolve()
    for card in ctx.cards:
        for stat in card.stats:
            if stat.kind != "art":
                continue
            path = (root / stat.args[0]).resolve()
            try:
                path.relative_to(root)
            except ValueError:
                ctx.sink.error("E120", f"art '{stat.args[0]}' lies outside the pack folder",
                               stat.span, "copy the image into the pack folder and name it "
                               "relative to the folder, e.g. `art \"art/troll.png\"`")
                continue
            if not path.is_file():
                known = [str(p.relative_to(root)) for p in root.rglob("*")
                         if p.suffix.lower() in IMAGE_SUFFIXES]
                ctx.sink.error("E121", f"art file '{stat.args[0]}' does not exist", stat.span,
                               did_you_mean(nearest(stat.args[0], known))
                               or "art paths are relative to the pack folder")
                continue
            try:
                with path.open("rb") as handle:
                    head = handle.read(8)
            except OSError as exc:
                ctx.sink.error("E122", f"art file '{stat.args[0]}' cannot be read: "
                               f"{exc.strerror or exc}", stat.span)
                continue
            if not head.startswith(IMAGE_MAGIC):
                ctx.sink.error("E122", f"art file '{stat.args[0]}' is not a PNG, JPEG or GIF "
                               "image", stat.span, "export the art as PNG or JPEG")
