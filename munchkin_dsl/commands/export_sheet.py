"""`munchkin export csv|xlsx`: a pack as a spreadsheet, one row per card.

Registered on the `export` group (:mod:`.export`).  The sheet is read from the parsed
pack, so its ``rules`` cells hold the author's own lines; `munchkin import` reads it back.
"""

from __future__ import annotations

import sys

import click

from munchkin_dsl.commands._common import (
    FORMAT_OPTION,
    check_or_exit,
    check_output,
    exit_code,
    report,
    usage_error,
)


def _export(pack: str, output: str, fmt: str, kind: str) -> None:
    from munchkin_dsl.base.atomic import write_atomic
    from munchkin_dsl.interchange.sheet_files import csv_bytes, pack_table, xlsx_bytes

    check_output(output, stdout_ok=kind == "csv", why="an .xlsx file is binary")
    result = check_or_exit([pack], fmt, f"export {kind}")
    table = pack_table(result.packs[0])
    payload = csv_bytes(table) if kind == "csv" else xlsx_bytes(table)
    try:
        write_atomic(output, payload)
    except OSError as exc:
        usage_error(f"cannot write {output}: {exc.strerror or exc}")
    cards = len(table.rows) - 1
    if fmt == "json":
        report(result.sink, result.texts, "json",
               {"output": output, "format": kind, "cards": cards, "columns": table.header})
    else:
        report(result.sink, result.texts, "text")
        if output != "-":
            click.echo(f"wrote {cards} cards ({len(table.header)} columns) to {output}",
                       err=True)
    sys.exit(exit_code(result.sink))


@click.command("csv")
@click.argument("pack", metavar="PACK")
@click.option("-o", "--output", metavar="FILE.csv", required=True,
              help="The CSV file (UTF-8 with BOM); - for standard output.")
@FORMAT_OPTION
def csv_command(pack: str, output: str, fmt: str) -> None:
    """One row per card: id, kind, names and texts per language, level, treasures,
    bonus, value, slot, tags, and the card's other lines as written (rules).

    The first row after the column names is the pack header (kind `pack`).
    `munchkin import` reads the file back.  A spreadsheet program may take a
    cell starting with + or - (`+4 against Elf`) for a formula: open the CSV
    with its columns as text, or use `export xlsx`, whose cells are typed.
    Exit code: 0 written, 1 the pack has errors (nothing written), 2 usage error.

    \b
    Example:
      munchkin export csv packs/munchkin-1.6 -o cards.csv
    """
    _export(pack, output, fmt, "csv")


@click.command("xlsx")
@click.argument("pack", metavar="PACK")
@click.option("-o", "--output", metavar="FILE.xlsx", required=True, help="The Excel file.")
@FORMAT_OPTION
def xlsx_command(pack: str, output: str, fmt: str) -> None:
    """The same sheet as `export csv`, as an Excel workbook (sheet `cards`).

    Byte-identical for the same pack (fixed dates inside the file).

    \b
    Example:
      munchkin export xlsx packs/munchkin-1.6 -o cards.xlsx
    """
    _export(pack, output, fmt, "xlsx")


__all__ = ["csv_command", "xlsx_command"]
