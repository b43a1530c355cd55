"""`munchkin test`: run the scenario files of packs against the compiled cards."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from munchkin_dsl.commands._common import FORMAT_OPTION, echo_text, report, usage_error

if TYPE_CHECKING:
    from munchkin_dsl.engine.scenario import Result


@click.command("test")
@click.argument("packs", nargs=-1, metavar="PACK...")
@FORMAT_OPTION
@click.option("-k", "match", metavar="TEXT", default=None,
              help="Run only scenarios whose title contains TEXT.")
@click.option("--trace/--no-trace", default=None,
              help="Print each scenario's trace (default: only for failures).")
def command(packs: tuple[str, ...], fmt: str, match: str | None, trace: bool | None) -> None:
    """Run the scenarios in PACK/scenarios/*.scn against the compiled packs.

    Each scenario sets up a table, makes plays and checks expectations; the
    trace shows each side's strength with every effect that applied.  Exit
    code 0 when all pass, 1 on a failure, 2 on a usage error.

    \b
    Examples:
      munchkin test packs/munchkin-1.6
      munchkin test packs/munchkin-1.6 -k "Net Troll" --trace
      munchkin test packs/munchkin-1.6 --format json
    """
    if not packs:
        usage_error("no PACK given; try `munchkin test packs/munchkin-1.6`")
    from munchkin_dsl.api import compile_packs
    from munchkin_dsl.diagnostics import DiagnosticSink
    from munchkin_dsl.engine.scenario import read_scenario, run_file
    from munchkin_dsl.source import PackNotFound

    sink = DiagnosticSink()
    results = []
    texts: dict[str, str] = {}
    files: list[Path] = []
    for pack in packs:  # each pack's scenarios run against that pack and its ruleset
        try:
            result = compile_packs([pack])
        except PackNotFound as exc:
            usage_error(str(exc))
        if result.data is None:
            report(result.sink, result.texts, fmt)
            click.echo(f"{pack} does not compile; its scenarios were not run", err=True)
            sys.exit(1)
        root = result.packs[0].loaded.root
        for f in sorted((Path(pack) / "scenarios").glob("*.scn")):
            files.append(f)
            text = read_scenario(f, root, sink)
            if text is None:
                continue
            texts[str(f)] = text
            results += [r for r in run_file(f, result.data, sink, root, text)
                        if match is None or match.casefold() in r.scenario.title.casefold()]
    failed: list[Result | None] = [r for r in results if not r.passed]
    if not failed and sink.has_errors:
        failed = [None]
    if fmt == "json":
        doc = {"scenarios": [r.to_json() for r in results],
               "summary": {"passed": sum(r.passed for r in results),
                           "failed": sum(not r.passed for r in results)},
               "diagnostics": [d.to_json() for d in sink.sorted()]}
        click.echo(json.dumps(doc, ensure_ascii=False, indent=2))
    else:
        for r in results:
            status = "PASS" if r.passed else "FAIL"
            echo_text(f"{status}  {r.scenario.title}  ({r.scenario.file}:{r.scenario.line})")
            if trace or (trace is None and not r.passed):
                for line in r.trace:
                    echo_text(f"      {line}")
            for failure in r.failures:
                echo_text(f"      failure: {failure}")
            if r.manual:
                echo_text("      manual (not played by the engine): " + ", ".join(r.manual))
        report(sink, texts, "text")
        click.echo(f"{sum(r.passed for r in results)} passed, "
                   f"{sum(not r.passed for r in results)} failed, {len(files)} file(s)")
        if not files:
            click.echo("no scenario files found (PACK/scenarios/*.scn)", err=True)
    sys.exit(1 if failed else 0)
