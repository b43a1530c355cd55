"""`munchkin export png|tts`: card images for print services and Tabletop Simulator.

Both compile the packs (a pack with errors exports nothing), build the same faces as
`munchkin print` in the print language, render them through the print pipeline and
rasterise the pages (:mod:`munchkin_dsl.render.export`).  Render problems are the
print command's diagnostics (P001-P005) pointing at the card's source line.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from munchkin_dsl import data
from munchkin_dsl.commands._common import (
    FORMAT_OPTION,
    Compiled,
    compile_or_exit,
    exit_code,
    read_mix,
    report,
    summary,
    usage_error,
)
from munchkin_dsl.commands.print_pdf import PRINT_LANGUAGES, progress_bar

if TYPE_CHECKING:
    from munchkin_dsl.render.faces import CardFace


@click.group("export")
def command() -> None:
    """Export cards as images: one PNG per card for print services, or TTS deck sheets.

    \b
    Examples:
      munchkin export png packs/munchkin-1.6 -o out/png --preset tgc
      munchkin export tts packs/munchkin-1.6 -o out/tts --base-url https://example.org/tts
    """


def _faces(packs: tuple[str, ...], lang: str | None, fmt: str, verb: str
           ) -> tuple[Compiled, list[CardFace], list[str]]:
    from munchkin_dsl.render.from_cards import faces_of_packs

    if not packs:
        usage_error(f"no PACK given; try `munchkin export {verb} packs/munchkin-1.6 -o out`")
    result = compile_or_exit(packs, fmt, f"export {verb}")
    faces, notes = faces_of_packs(result.packs, result.data.cards, lang, PRINT_LANGUAGES)
    return result, faces, notes


def _mix_faces(packs: tuple[str, ...], resolution: str, lang: str | None, fmt: str
               ) -> tuple[Any, list[CardFace], list[str]]:
    """The faces of a settled mix; an unsettled or broken mix is reported (exit 1)."""
    from munchkin_dsl.render.from_cards import faces_of_mix

    if not packs:
        usage_error("no PACK given; try `munchkin export tts packs/star-munchkin "
                    "packs/munchkin-1.6 --resolve mixes/star-base.resolve -o out`")
    result = read_mix(packs, resolution)
    if not result.ok or result.merged is None:
        report(result.sink, result.texts, fmt)
        if fmt == "text":
            click.echo(f"export tts failed: the mix is not settled ({len(result.open)} open "
                       f"choices; see `munchkin mix ... --resolve {resolution}`); nothing "
                       "written", err=True)
        sys.exit(1)
    faces, notes = faces_of_mix(result.packs, result.merged.data.cards, lang, PRINT_LANGUAGES)
    return result, faces, notes


def _check_numbers(card_mm: tuple[float, float], bleed: float) -> None:
    """Card size and bleed inside data/print_limits.toml's ranges (finite: not inf, nan),
    as `munchkin print` checks them; a usage error otherwise."""
    from munchkin_dsl.render.layout import check_print_limit

    try:
        for key, value in (("card_width", card_mm[0]), ("card_height", card_mm[1]),
                           ("bleed", bleed)):
            check_print_limit(key, value)
    except ValueError as exc:
        usage_error(str(exc))


def _finish(result: Any, exported: Any, notes: list[str], fmt: str, what: str) -> None:
    sink = result.sink
    if fmt == "json":
        report(sink, result.texts, "json", exported.to_json())
    else:
        report(sink, result.texts, "text")
        for note in notes:
            click.echo(note, err=True)
        if exported.written:
            w, h = exported.size_px
            click.echo(f"exported {exported.cards} cards ({what}, {w}×{h} px per card) to "
                       f"{exported.output}; {summary(sink.items)}", err=True)
        else:
            click.echo(f"export failed: {summary(sink.items)}; nothing written", err=True)
    sys.exit(exit_code(sink) if exported.written else 1)


@command.command("png")
@click.argument("packs", nargs=-1, metavar="PACK...")
@click.option("-o", "--output", metavar="DIR", required=True, help="Folder for the images.")
@click.option("--preset", type=click.Choice(["tgc", "mpc"]), default=None,
              help="A print service's size: tgc (The Game Crafter poker card, 825×1125 px) "
                   "or mpc (MakePlayingCards poker, 822×1122 px); sets card size, bleed, DPI.")
@click.option("--card-size", default=None, metavar="SIZE",
              help="munchkin (56×87 mm), poker (63×88 mm) or WxH in mm [default: munchkin].")
@click.option("--bleed", type=float, default=None, metavar="MM",
              help="Bleed on each side [default: 3].")
@click.option("--dpi", type=float, default=None,
              help="Resolution, 30 to 1200, and at most "
                   f"{data.load('print_limits')['card_image_px']['max'] / 1e6:g} million "
                   "px per card image with bleed (1200 dpi fits a poker card; a usage error "
                   "names the largest dpi for a bigger one) [default: 300].")
@click.option("--lang", type=click.Choice(PRINT_LANGUAGES), default=None,
              help="Print language [default: each pack's first language].")
@click.option("--strict", is_flag=True, help="Render problems are errors (nothing written).")
@click.option("--force", is_flag=True, help="Replace files already in DIR (otherwise an "
              "existing file is a usage error and nothing is written).")
@FORMAT_OPTION
def png(*, packs: tuple[str, ...], output: str, preset: str | None,  # noqa: PLR0913 (click passes one argument per option)
        card_size: str | None,
        bleed: float | None, dpi: float | None, lang: str | None, strict: bool, force: bool,
        fmt: str) -> None:
    """One RGB PNG per card face and back, with bleed, named by card id.

    Writes ID-front.png and ID-back.png for every card and cards.json listing
    them.  Explicit --card-size, --bleed and --dpi override the preset's.
    Exit code: 0 written (warnings allowed), 1 problems (nothing written),
    2 usage error.

    \b
    Examples:
      munchkin export png packs/munchkin-1.6 -o out/png
      munchkin export png packs/star-munchkin --lang ru --preset mpc -o out/mpc
    """
    from munchkin_dsl.render.export import ImageSize, export_png, preset_size
    from munchkin_dsl.render.layout import CARD_PRESETS, parse_card_size

    base = preset_size(preset) if preset else ImageSize(CARD_PRESETS["munchkin"], 3.0, 300.0)
    try:
        card_mm = parse_card_size(card_size) if card_size else base.card_mm
    except ValueError as exc:
        usage_error(str(exc))
    size = ImageSize(card_mm, base.bleed_mm if bleed is None else bleed,
                     base.dpi if dpi is None else dpi)
    _check_numbers(card_mm, size.bleed_mm)
    if not 30 <= size.dpi <= 1200:
        usage_error(f"--dpi must be a number from 30 to 1200, not {size.dpi!r}")
    try:
        size.check_pixels()
    except ValueError as exc:
        usage_error(str(exc))
    result, faces, notes = _faces(packs, lang, fmt, "png")
    show_bar = fmt == "text" and sys.stdout.isatty()
    try:
        with progress_bar(len(faces), show_bar) as progress:
            exported = export_png(faces, output, size, result.sink, progress, strict=strict,
                                  force=force)
    except OSError as exc:
        usage_error(f"cannot write to {output}: {exc.strerror or exc}")
    _finish(result, exported, notes, fmt, f"{size.dpi:g} dpi with {size.bleed_mm:g} mm bleed")


@command.command("tts")
@click.argument("packs", nargs=-1, metavar="PACK...")
@click.option("-o", "--output", metavar="DIR", required=True,
              help="Folder for the sheets and the saved-object JSON.")
@click.option("--base-url", default=None, metavar="URL",
              help="Where the sheets will be uploaded; the JSON points there "
                   "[default: file:/// paths to DIR, for solo testing].")
@click.option("--name", default="Munchkin cards", show_default=True,
              help="The saved object's name (and JSON file name).")
@click.option("--card-size", default="munchkin", show_default=True, metavar="SIZE",
              help="munchkin (56×87 mm), poker (63×88 mm) or WxH in mm.")
@click.option("--lang", type=click.Choice(PRINT_LANGUAGES), default=None,
              help="Print language [default: each pack's first language].")
@click.option("--strict", is_flag=True, help="Render problems are errors (nothing written).")
@click.option("--resolve", "resolution", default=None, metavar="FILE",
              help="Export the mix of PACKs settled by this resolution file (as `munchkin "
                   "mix --resolve`); without it, packs that share cards are an error.")
@click.option("--force", is_flag=True, help="Replace files already in DIR (otherwise an "
              "existing file is a usage error and nothing is written).")
@FORMAT_OPTION
def tts(*, packs: tuple[str, ...], output: str, base_url: str | None,  # noqa: PLR0913 (click passes one argument per option)
        name: str, card_size: str, lang: str | None, strict: bool, resolution: str | None,
        force: bool, fmt: str) -> None:
    """Tabletop Simulator deck sheets (10×7 cards, ≤ 4096 px) and a saved object.

    One deck per back design (Door and Treasure apart), each with its sheets and
    back image; NAME.json (spaces as _) is a TTS saved object (copy it to "Saved Objects"),
    each card named in the print language with its rules text as description.
    Exit code: 0 written, 1 problems (nothing written), 2 usage error.

    \b
    Examples:
      munchkin export tts packs/munchkin-1.6 -o out/tts
      munchkin export tts packs/munchkin-1.6 -o out/tts --base-url https://example.org/m16
      munchkin export tts packs/star-munchkin packs/munchkin-1.6 \\
          --resolve mixes/star-base.resolve -o out/tts-mix

    Without --base-url the JSON points at the sheets by file:/// paths, which work only
    on this machine; upload the folder and pass its URL to play with others.
    """
    from munchkin_dsl.base.files import safe_file_name
    from munchkin_dsl.render.export import export_tts
    from munchkin_dsl.render.layout import parse_card_size

    try:
        card_mm = parse_card_size(card_size)
    except ValueError as exc:
        usage_error(str(exc))
    _check_numbers(card_mm, 0.0)
    if safe_file_name(name) is None:
        usage_error(f"--name {name[:80]!r} cannot be a file name: no '/', '\\', leading dot "
                    "or control characters, at most 200 bytes")
    if resolution is not None:
        result, faces, notes = _mix_faces(packs, resolution, lang, fmt)
    else:
        result, faces, notes = _faces(packs, lang, fmt, "tts")
    if not base_url:
        notes.append("note: the JSON points at the sheets by file:/// paths, usable only on "
                     "this machine; upload the folder and pass --base-url URL to share it")
    show_bar = fmt == "text" and sys.stdout.isatty()
    try:
        with progress_bar(len(faces), show_bar) as progress:
            exported = export_tts(faces, output, card_mm, result.sink, base_url, name,
                                  progress=progress, strict=strict, force=force)
    except OSError as exc:
        usage_error(f"cannot write to {output}: {exc.strerror or exc}")
    what = f"{len(exported.extra.get('sheets', []))} sheets, {exported.extra.get('json', '')}"
    _finish(result, exported, notes, fmt, what)


__all__ = ["command"]


def _register_sheets() -> None:
    """`export csv` and `export xlsx` live in their own module (the interchange stage)."""
    from munchkin_dsl.commands.export_sheet import csv_command, xlsx_command

    command.add_command(csv_command)
    command.add_command(xlsx_command)


_register_sheets()
