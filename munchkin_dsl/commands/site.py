"""`munchkin site PACK... -o DIR`: the pack book, a static website of the packs' cards."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from munchkin_dsl.commands._common import (
    EXIT_PROBLEMS,
    FORMAT_OPTION,
    check_or_exit,
    exit_code,
    report,
    summary,
    usage_error,
)


@click.command("site")
@click.argument("packs", nargs=-1, metavar="PACK...")
@click.option("-o", "--output", metavar="DIR", required=True, help="The folder to write.")
@click.option("--report", "report_dir", metavar="DIR", default=None,
              type=click.Path(file_okay=False),
              help="A `munchkin simulate --report` folder: its report.json figures and "
                   "its charts go on the card and pack pages.")
@click.option("--title", default="", help="The site's title [default: the packs' titles].")
@click.option("--force", is_flag=True, help="Replace DIR when it exists and is not empty.")
@FORMAT_OPTION
def command(packs: tuple[str, ...], output: str, report_dir: str | None, title: str,
            force: bool, fmt: str) -> None:
    """Write a static pack book: every card as its printed face, with filters and search,
    a page per card and per pack.

    The folder works from file:// and from any static host (no server, nothing
    fetched from elsewhere, relative links); the same packs give byte-identical
    files.  A card page shows its text in every declared language, its rules as
    the engine reads them, its diagnostics, the scenarios that name it with
    their result, and its balance figures from --report.  With several PACKs
    the pack pages list the conflicts `munchkin mix` finds.  DIR is written
    beside itself and renamed into place, so a failed run leaves nothing.
    Exit code: 0 written, 1 problems (nothing written), 2 usage error.

    \b
    Examples:
      munchkin site packs/munchkin-1.6 -o out/site
      munchkin simulate packs/munchkin-1.6 -n 200 --report out/sim
      munchkin site packs/munchkin-1.6 --report out/sim -o out/site --force
      munchkin site packs/star-munchkin packs/munchkin-1.6 -o out/mix-site
    """
    from munchkin_dsl.base.files import (
        FolderRefused,
        check_folder_target,
        replacement_folder,
        swap_in,
        write_files,
    )
    from munchkin_dsl.site.build import (
        SiteOptions,
        build_site,
        lowered,
        mix_conflicts,
    )

    if not packs:
        usage_error("no PACK given; try `munchkin site packs/munchkin-1.6 -o out/site`")
    target = Path(output)
    try:
        check_folder_target(target, force, "site")
    except FolderRefused as exc:
        usage_error(str(exc))
    if report_dir is not None and not Path(report_dir).is_dir():
        usage_error(f"--report {report_dir}: no such folder (write one with "
                    "`munchkin simulate PACK --report DIR`)")
    result = lowered(check_or_exit(packs, fmt, "site"))
    options = SiteOptions(report=Path(report_dir) if report_dir else None, title=title,
                          conflicts=mix_conflicts(packs) if len(packs) > 1 else [])
    built = build_site(result, options, result.sink)
    written = bool(built.files)
    if written:
        try:
            with replacement_folder(target) as stage:
                write_files(stage, built.files)
                swap_in(stage, target)
        except OSError as exc:
            usage_error(f"cannot write {output}: {exc.strerror or exc}")
    if fmt == "json":
        report(result.sink, result.texts, "json",
               {"output": output, "written": written, "cards": built.cards,
                "pages": built.pages, "files": sorted(built.files)})
    else:
        report(result.sink, result.texts, "text")
        for note in built.notes:
            click.echo(note, err=True)
        if written:
            click.echo(f"wrote {built.pages} pages ({built.cards} cards) to {output}/index.html; "
                       f"{summary(result.sink.items)}", err=True)
        else:
            click.echo(f"site failed: {summary(result.sink.items)}; nothing written", err=True)
    sys.exit(exit_code(result.sink) if written else EXIT_PROBLEMS)


__all__ = ["command"]
