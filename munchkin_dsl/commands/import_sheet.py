"""`munchkin import FILE.csv|FILE.xlsx -o PACK`: write a pack from a spreadsheet."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from munchkin_dsl.commands._common import (
    EXIT_PROBLEMS,
    FORMAT_OPTION,
    exit_code,
    report,
    summary,
    usage_error,
)


@click.command("import")
@click.argument("sheet", metavar="FILE.csv|FILE.xlsx")
@click.option("-o", "--output", metavar="PACK", required=True,
              help="The pack folder to write (pack.munch and the card files).")
@click.option("--force", is_flag=True,
              help="Replace the .munch files of an existing pack folder (other files, such "
                   "as art and scenarios, are kept).")
@FORMAT_OPTION
def command(sheet: str, output: str, force: bool, fmt: str) -> None:
    """Write a pack from a sheet made by `munchkin export csv|xlsx` (or by hand).

    Every bad cell is reported with its sheet, row and column; the generated pack
    is checked like `munchkin check`, and any error is reported at the cell it came
    from.  Nothing is written unless the whole pack checks (the folder is written
    beside the target and renamed into place).  Exit code: 0 written, 1 problems
    (nothing written), 2 usage error.

    \b
    Example:
      munchkin export xlsx packs/munchkin-1.6 -o cards.xlsx
      munchkin import cards.xlsx -o packs/my-pack
    """
    from munchkin_dsl.base.confine import Refused, read_confined
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.base.files import FolderRefused, check_folder_target
    from munchkin_dsl.interchange.sheet_files import SheetError, read_table
    from munchkin_dsl.interchange.sheet_import import CellPlace, import_table

    path = Path(sheet)
    target = Path(output)
    try:
        check_folder_target(target, force, "pack")
        table = read_table(path, read_confined(path, None, name=sheet))
    except (FolderRefused, SheetError) as exc:
        usage_error(str(exc))
    except Refused as exc:
        usage_error(exc.message)
    place = CellPlace(sheet, table.sheet if path.suffix.lower() == ".xlsx" else None,
                      tuple(table.header))
    sink = DiagnosticSink()
    try:
        imported = import_table(table, place, target, sink, force)
    except OSError as exc:
        usage_error(f"cannot write {output}: {exc.strerror or exc}")
    written = bool(imported.files)
    if fmt == "json":
        report(sink, {}, "json", {"output": output, "written": written,
                                  "files": imported.files, "cards": imported.cards})
    else:
        report(sink, {}, "text")
        if written:
            click.echo(f"wrote {imported.cards} cards in {len(imported.files)} files to "
                       f"{output}; {summary(sink.items)}", err=True)
        else:
            click.echo(f"import failed: {summary(sink.items)}; nothing written", err=True)
    sys.exit(exit_code(sink) if written else EXIT_PROBLEMS)


__all__ = ["command"]
