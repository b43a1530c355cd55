"""`munchkin print`: packs -> a print-and-play PDF (sheet, print-shop or proof pages).

The pipeline is compile (a pack with errors prints nothing) -> card text in the print
language (:mod:`munchkin_dsl.text.cardtext`) -> faces (:mod:`munchkin_dsl.render.from_cards`)
-> :func:`munchkin_dsl.render.render_pdf`, which lays out, checks fit and glyphs and
writes atomically.  Render problems (P001-P005) are ordinary diagnostics pointing at the
card's source line, so they print like `munchkin check` output.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.commands._build import NO_CACHE_OPTION
from munchkin_dsl.commands._common import (
    FORMAT_OPTION,
    check_output,
    compile_or_exit,
    exit_code,
    report,
    summary,
    usage_error,
)

if TYPE_CHECKING:
    from munchkin_dsl.render.layout import PrintOptions
    from munchkin_dsl.render.theme import Theme

PRINT_LANGUAGES = ("en", "ru", "pl")


def _parse_offset(value: str) -> tuple[float, float]:
    """``"0.5,-1"`` -> (0.5, -1.0); a usage error otherwise."""
    parts = value.replace(";", ",").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return float(parts[0]), float(parts[1])
    except ValueError:
        usage_error(f"--back-offset must be X,Y in millimetres (e.g. 0.5,-1), not {value!r}")
        raise  # unreachable: usage_error exits


@contextmanager
def progress_bar(total: int, enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A click progress bar fed by the renderer's per-card callback, or nothing.

    Only on a terminal: piped or captured output must not fill with bar redraws.
    """
    if not enabled or total == 0:
        yield None
        return
    with click.progressbar(length=total, label="printing cards") as bar:
        state = {"done": 0}

        def update(done: int, _total: int) -> None:
            bar.update(done - state["done"])
            state["done"] = done

        yield update


@click.command("print")
@click.argument("packs", nargs=-1, metavar="PACK...")
@click.option("-o", "--output", metavar="OUT.pdf",
              help="Where to write the PDF; - for stdout (with --format text).")
@click.option("--mode", type=click.Choice(["sheet", "shop", "proof"]), default="sheet",
              show_default=True,
              help="sheet: cards on A4/Letter with crop marks and a 1:1 ruler; shop: one "
                   "card per page with bleed for a print service; proof: a sheet with safe "
                   "area, cut guides, card ids and problems outlined.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="Sheets turn landscape when that fits more cards: munchkin-size cards "
                   "print 10 per A4 page (5×2 landscape), 9 per Letter page (3×3 portrait); "
                   "poker-size 9 per A4 page, 8 per Letter page.")
@click.option("--theme", "theme", default=None, metavar="NAME|FILE",
              help="Card look from a theme file (TOML: colours, fonts, frame, art box) or a "
                   "shipped theme by name (tavern) [default: theme.toml next to the first "
                   "pack's pack.munch, if there is one].")
@click.option("--no-footer", is_flag=True,
              help="Leave out the 4.5 pt card id and ruleset at each card's foot "
                   "(proofs keep it).")
@click.option("--card-size", default="munchkin", show_default=True, metavar="SIZE",
              help="munchkin (56×87 mm), poker (63×88 mm) or WxH in mm, e.g. 60x90.")
@click.option("--gutter", type=float, default=0.0, show_default=True, metavar="MM",
              help="Space between cards on a sheet.")
@click.option("--bleed", type=float, default=None, metavar="MM",
              help="Bleed around each card [default: 0 for sheet/proof, 3 for shop].")
@click.option("--backs", is_flag=True,
              help="Add a back page after every front page, each back behind its card.")
@click.option("--back-bleed", type=float, default=None, metavar="MM",
              help="How far backs reach beyond their cards so a duplex shift shows no "
                   "white [default: 2 on sheets, the bleed in shop mode].")
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long",
              show_default=True, help="How the printer flips the sheet for the backs.")
@click.option("--back-offset", default="0,0", show_default=True, metavar="X,Y",
              help="Shift of the backs in mm, as measured with --calibrate.")
@click.option("--calibrate", is_flag=True,
              help="Write the duplex calibration sheet instead of cards, laid out like "
                   "the print these options give (paper, orientation, card size, mode).")
@click.option("--lang", type=click.Choice(PRINT_LANGUAGES), default=None,
              help="Print language [default: each pack's first language].")
@click.option("--allow-missing-translations", is_flag=True,
              help="Print --lang even for a pack that does not declare it (names and "
                   "words it lacks print in English); without it that is refused.")
@click.option("--min-font", type=float, default=6.0, show_default=True, metavar="PT",
              help="Text shrinks to fit down to this size, then is reported (P001).")
@click.option("--strict", is_flag=True,
              help="Text that does not fit and missing glyphs are errors (nothing written).")
@NO_CACHE_OPTION
@FORMAT_OPTION
def command(*, packs: tuple[str, ...], output: str | None, mode: str, paper: str,  # noqa: PLR0913 (click passes one argument per option)
            card_size: str, gutter: float, bleed: float | None, backs: bool,
            back_bleed: float | None, duplex: str,
            back_offset: str, calibrate: bool, lang: str | None, no_footer: bool,
            allow_missing_translations: bool, min_font: float,
            strict: bool, no_cache: bool, fmt: str, theme: str | None = None) -> None:
    """Print packs as a PDF to cut out: home sheets, print-shop pages or proofs.

    Card text is generated from the compiled effects in the print language
    (or taken from the card's own `text LANG "..."`).  Text shrinks to fit;
    what still does not fit, characters the font lacks and unreadable art are
    reported with the card's source line.  The PDF is written atomically and
    the same input gives byte-identical output.  Exit code: 0 printed
    (warnings allowed), 1 problems (nothing written), 2 usage error.

    \b
    Examples:
      munchkin print packs/munchkin-1.6 -o cards.pdf
      munchkin print packs/munchkin-1.6 -o cards-ru.pdf --lang ru --backs
      munchkin print packs/munchkin-1.6 -o shop.pdf --mode shop
      munchkin print packs/munchkin-1.6 -o tavern.pdf --theme tavern
      munchkin print --calibrate -o calibration.pdf --duplex short
      munchkin print --calibrate -o cal.pdf --paper letter --card-size poker
    """
    from munchkin_dsl.render.layout import PrintOptions, parse_card_size

    if not output:
        usage_error("no output given; add `-o cards.pdf`")
    check_output(output, stdout_ok=fmt == "text",
                 why="--format json writes its report to standard output")
    if not packs and not calibrate:
        usage_error("no PACK given; try `munchkin print packs/munchkin-1.6 -o cards.pdf`")
    try:
        size = parse_card_size(card_size)
    except ValueError as exc:
        usage_error(str(exc))
    offset = _parse_offset(back_offset)
    try:
        options = PrintOptions(mode=mode, paper=paper, card_size_mm=size, gutter_mm=gutter,
                               bleed_mm=bleed, backs=backs, duplex=duplex,
                               back_bleed_mm=back_bleed,
                               back_offset_mm=offset, min_font_pt=min_font, strict=strict,
                               fine_print=not no_footer)
    except ValueError as exc:
        usage_error(str(exc))

    if calibrate:
        _calibrate(options, output, fmt)
        return
    _print_packs(packs, options, output, lang, fmt, allow_missing=allow_missing_translations,
                 theme_name=theme, use_cache=not no_cache)


def _calibrate(options: PrintOptions, output: str, fmt: str) -> None:
    from munchkin_dsl.render import render_calibration

    try:
        result = render_calibration(options, output)
    except OSError as exc:
        usage_error(f"cannot write {output}: {exc.strerror or exc}")
    except ValueError as exc:  # the cards do not fit the paper: nothing to calibrate
        usage_error(str(exc))
    if fmt == "json":
        import json

        click.echo(json.dumps(result.to_json(), ensure_ascii=False, indent=2))
    else:
        click.echo(f"layout: {result.layout['description']}", err=True)
        click.echo(f"wrote the calibration sheet ({result.pages} pages) to {output}", err=True)
    sys.exit(0)


def _print_packs(packs: tuple[str, ...], options: PrintOptions, output: str, lang: str | None,
                 fmt: str, *, allow_missing: bool = False, theme_name: str | None = None,
                 use_cache: bool = True) -> None:
    from munchkin_dsl.commands.print_cache import PrintCache, settings

    theme = _theme(theme_name, [Path(p) for p in packs], fmt)
    cache = PrintCache(packs, settings(options, lang, allow_missing, theme), enabled=use_cache)
    hit = cache.lookup()
    if hit is not None:
        from munchkin_dsl.base.files import write_atomic

        try:
            write_atomic(output, hit.pdf)
        except OSError as exc:
            usage_error(f"cannot write {output}: {exc.strerror or exc}")
        _finish(DiagnosticSink(list(hit.diagnostics)), dict(hit.texts), hit.notes,
                dict(hit.report, output=output), fmt)

    from munchkin_dsl.render import render_pdf
    from munchkin_dsl.render.fonts import load_fonts
    from munchkin_dsl.render.from_cards import faces, prints_of_packs

    # The fonts (about 17 MB) are a fixed cost: loaded first, before the pack's syntax
    # trees, whose memory the faces and pages reuse once the trees are dropped.  Loaded
    # after them, they landed on top of what compiling left behind (1 MB pack: 30x the
    # input instead of the compiler's 25x).
    load_fonts()
    result = compile_or_exit(packs, fmt, "print", use_cache=use_cache)
    sink = result.sink
    undeclared = [str(pack.path) for pack in result.packs
                  if lang and lang != "en" and lang not in pack.languages]
    if undeclared and not allow_missing:
        usage_error(f"{', '.join(undeclared)} does not declare {lang}, so its cards would "
                    f"print half in English; add {lang} to the pack's `languages` line and "
                    f"its translations, or pass --allow-missing-translations")
    prints, notes = prints_of_packs(result.packs, result.data.cards, lang, PRINT_LANGUAGES)
    texts = result.texts
    del result  # the syntax trees are not needed to make and lay out faces (memory)
    all_faces = [face for pack in prints for face in faces(pack)]
    del prints

    show_bar = fmt == "text" and sys.stdout.isatty() and output != "-"
    try:
        with progress_bar(len(all_faces), show_bar) as progress:
            rendered = render_pdf(all_faces, options, output, sink, progress=progress,
                                  theme=theme)
    except OSError as exc:
        usage_error(f"cannot write {output}: {exc.strerror or exc}")
    report_json = rendered.to_json()
    if rendered.written:
        cache.store(sink, texts, notes, report_json, rendered.data)
    _finish(sink, texts, notes, report_json, fmt)


def _finish(sink: DiagnosticSink, texts: dict[str, str], notes: Sequence[str],
            rendered: dict[str, Any], fmt: str) -> NoReturn:
    """Report a print run (``rendered`` is its render report as JSON) and exit; the same
    for a run answered from the build cache as for the run that filled it."""
    if fmt == "json":
        report(sink, texts, "json", rendered)
    else:
        report(sink, texts, "text")
        for note in notes:
            click.echo(note, err=True)
        if rendered["layout"]:
            click.echo(f"layout: {rendered['layout']['description']}", err=True)
        if rendered["written"]:
            count, pages = rendered["cards"], rendered["pages"]
            cards = f"{count} card{'' if count == 1 else 's'}"
            sheets = f"{pages} page{'' if pages == 1 else 's'}"
            click.echo(f"printed {cards} on {sheets} to {rendered['output']}; "
                       f"{summary(sink.items)}", err=True)
        else:
            click.echo(f"print failed: {summary(sink.items)}; nothing written", err=True)
    sys.exit(exit_code(sink) if rendered["written"] else 1)


def _theme(name: str | None, packs: list[Path], fmt: str) -> Theme | None:
    """The theme to print with: ``--theme``, else ``theme.toml`` beside the first pack.

    A theme named on the command line that does not exist is a usage error (exit 2); a
    theme file with problems is reported like a pack's errors (exit 1, nothing written).
    Read before the packs are compiled, so a bad theme fails at once.
    """
    from munchkin_dsl.render import theme as themes

    if name is not None:
        path = themes.resolve_theme_path(name)
        if not path.is_file():
            usage_error(f"no theme {name!r}: give a theme file or one of "
                        f"{', '.join(themes.shipped_themes())}")
    else:
        first = packs[0] if packs else None
        folder = first if first is None or first.is_dir() else first.parent
        path = folder / "theme.toml" if folder is not None else Path("theme.toml")
        if folder is None or not path.is_file():
            return None
    try:
        return themes.load_theme(path)
    except themes.ThemeError as exc:
        sink = DiagnosticSink()
        sink.extend(exc.diagnostics)
        report(sink, {str(path): exc.text} if exc.text is not None else {}, fmt)
        if fmt == "text":
            click.echo(f"print failed: {summary(sink.items)}; nothing written", err=True)
        sys.exit(1)
