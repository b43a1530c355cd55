"""`munchkin mix`: packs of one or several rulesets -> merged engine data + a conflict report."""

from __future__ import annotations

import sys

import click

from munchkin_dsl.commands._common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    PRETTY_OPTION,
    check_output,
    echo_text,
    read_mix,
    report,
    usage_error,
)


@click.command("mix")
@click.argument("packs", nargs=-1, metavar="PACK...")
@click.option("-o", "--output", metavar="MERGED.json",
              help="Write the merged engine data here (only when every conflict is settled); "
                   "- for stdout (the report then goes to stderr).")
@click.option("--resolve", "resolution", metavar="FILE",
              help="Resolution file (TOML) settling the open choices; see docs/mixing.md.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True,
              help="text: the report on stdout, diagnostics and a summary on stderr; "
                   "json: one JSON document on stdout.")
@PRETTY_OPTION
def command(packs: tuple[str, ...], output: str | None, resolution: str | None,
            fmt: str, pretty: bool) -> None:
    """Mix packs into one engine data file and report every conflict between them.

    The report lists the equivalences the rulebooks state (Trap = Curse = Disaster,
    credits = gold, Airlock = Door...), applied to the merged data with the rulebooks'
    own words, and every conflict: rule differences between the rulesets, cards that
    share an id or a name, names only another pack defines.  A conflict a rulebook
    settles is settled; the others are OPEN CHOICES you settle in a resolution file.

    Exit code: 0 everything settled (MERGED.json written atomically when -o is given),
    1 open choices or errors (nothing written), 2 usage error.

    \b
    Examples:
      munchkin mix packs/star-munchkin packs/munchkin-1.6
      munchkin mix packs/star-munchkin packs/munchkin-1.6 \\
          --resolve mixes/star-base.resolve -o out/star-base.json
      munchkin mix packs/* --resolve mixes/all-five.resolve -o out/all.json --format json
    """
    if not packs:
        usage_error("no PACK given; try `munchkin mix packs/star-munchkin packs/munchkin-1.6`")
    for pack in packs:
        if pack.endswith((".resolve", ".toml")):
            usage_error(f"{pack} looks like a resolution file, not a pack; pass it with "
                        f"--resolve {pack}")
    check_output(output, stdout_ok=fmt == "text",
                 why="--format json writes its report to standard output")
    from munchkin_dsl.base.files import STDOUT, write_atomic
    from munchkin_dsl.mix.merge import dumps_mixed
    from munchkin_dsl.mix.report import json_report, summary_line, text_report

    result = read_mix(packs, resolution)
    written = None
    if result.ok and output and result.merged is not None:
        try:
            write_atomic(output, dumps_mixed(result.merged, pretty))
        except OSError as exc:
            usage_error(f"cannot write {output}: {exc.strerror or exc}")
        written = output
    if fmt == "json":
        click.echo(json_report(result, written), nl=False)
    else:
        report(result.sink, result.texts, "text")
        if result.packs:
            echo_text(text_report(result), nl=False, err=output == STDOUT)
        echo_text(summary_line(result, written), err=True)
    sys.exit(EXIT_OK if result.ok else EXIT_PROBLEMS)
