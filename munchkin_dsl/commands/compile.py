"""`munchkin compile`: packs -> engine data JSON, written atomically."""

from __future__ import annotations

import sys

import click

from munchkin_dsl.commands._common import (
    FORMAT_OPTION,
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
@click.option("--warnings-as-errors", "-W", is_flag=True,
              help="Treat warnings as errors (no output is written).")
def command(packs: tuple[str, ...], output: str, fmt: str, warnings_as_errors: bool) -> None:
    """Compile packs into engine data (JSON) that a game engine loads.

    The output validates against schemas/engine-data.schema.json.  It is
    written to a temporary file and renamed, so a failed compile leaves an
    existing OUT.json untouched.  The same input gives byte-identical output.

    \b
    Examples:
      munchkin compile packs/munchkin-1.6 -o out/munchkin-1.6.json
      munchkin compile packs/star-munchkin packs/munchkin-1.6 -o both.json
    """
    if not packs:
        usage_error("no PACK given; try `munchkin compile packs/munchkin-1.6 -o out.json`")
    check_output(output)
    from munchkin_dsl.base.files import write_atomic
    from munchkin_dsl.compiler.api import compile_packs
    from munchkin_dsl.compiler.engine_data import dump_chunks
    from munchkin_dsl.language.source import PackNotFound

    try:
        result = compile_packs(packs)
    except PackNotFound as exc:
        usage_error(str(exc))
    sink = result.sink
    failed = result.data is None or exit_code(sink, warnings_as_errors) != 0
    json_to_stdout = output == "-" and not failed
    if not json_to_stdout or fmt == "json":
        report(sink, result.texts, fmt if not json_to_stdout else "text")
    if failed:
        click.echo(f"compile failed: {summary(sink.items)}; nothing written", err=True)
        sys.exit(1)
    data = result.data
    assert data is not None  # failed otherwise
    del result  # the sources and syntax trees are not needed to write the JSON (memory)
    if output == "-":
        for piece in dump_chunks(data):
            click.echo(piece, nl=False)
    else:
        try:
            write_atomic(output, lambda: dump_chunks(data))
        except OSError as exc:
            usage_error(f"cannot write {output}: {exc.strerror or exc}")
        if fmt == "text":
            click.echo(f"compiled {len(data.cards)} cards from {len(packs)} pack(s) "
                       f"to {output}; {summary(sink.items)}", err=True)
    sys.exit(0)
