"""`munchkin compile`: packs -> engine data JSON, written atomically."""

from __future__ import annotations

import sys

import click

from munchkin_dsl.commands._build import NO_CACHE_OPTION, PackMissing, run_build
from munchkin_dsl.commands._common import (
    FORMAT_OPTION,
    PRETTY_OPTION,
    check_output,
    exit_code,
    report,
    summary,
    usage_error,
)


@click.command("compile")
@click.argument("packs", nargs=-1, metavar="PACK...")
@click.option("-o", "--output", metavar="OUT.json", default="-", show_default=True,
              help="Where to write the engine data; - for stdout.")
@FORMAT_OPTION
@PRETTY_OPTION
@NO_CACHE_OPTION
@click.option("--warnings-as-errors", "-W", is_flag=True,
              help="Treat warnings as errors (no output is written).")
def command(packs: tuple[str, ...], output: str, fmt: str, pretty: bool, no_cache: bool,
            warnings_as_errors: bool) -> None:
    """Compile packs into engine data (JSON) that a game engine loads.

    The output validates against schemas/engine-data.schema.json.  It is
    written to a temporary file and renamed, so a failed compile leaves an
    existing OUT.json untouched.  The same input gives byte-identical output:
    compact JSON, or indented with --pretty.

    \b
    Examples:
      munchkin compile packs/munchkin-1.6 -o out/munchkin-1.6.json
      munchkin compile packs/star-munchkin packs/munchkin-1.6 -o both.json
      munchkin compile packs/munchkin-1.6 --pretty -o readable.json
    """
    if not packs:
        usage_error("no PACK given; try `munchkin compile packs/munchkin-1.6 -o out.json`")
    check_output(output)
    from munchkin_dsl.base.files import write_atomic

    try:
        result = run_build(packs, "compile", use_cache=not no_cache, pretty=pretty)
    except PackMissing as exc:
        usage_error(str(exc))
    sink = result.sink
    failed = result.output is None or exit_code(sink, warnings_as_errors) != 0
    json_to_stdout = output == "-" and not failed
    if not json_to_stdout or fmt == "json":
        report(sink, result.texts, fmt if not json_to_stdout else "text")
    if failed:
        click.echo(f"compile failed: {summary(sink.items)}; nothing written", err=True)
        sys.exit(1)
    payload = result.output
    assert payload is not None  # failed otherwise
    try:
        write_atomic(output, payload)
    except OSError as exc:
        usage_error(f"cannot write {output}: {exc.strerror or exc}")
    if fmt == "text" and output != "-":
        click.echo(f"compiled {result.cards} cards from {len(packs)} pack(s) "
                   f"to {output}; {summary(sink.items)}", err=True)
    sys.exit(0)
