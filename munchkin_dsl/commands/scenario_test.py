"""`munchkin test`: run the scenario files of packs against the compiled cards."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from munchkin_dsl.commands._common import FORMAT_OPTION, echo_text, report, usage_error

if TYPE_CHECKING:
    from munchkin_dsl.diagnostics import DiagnosticSink
    from munchkin_dsl.engine_data import EngineData


@click.command("test")
@click.argument("packs", nargs=-1, metavar="PACK|SUITE...")
@FORMAT_OPTION
@click.option("-k", "match", metavar="TEXT", default=None,
              help="Run only scenarios whose title contains TEXT.")
@click.option("--trace/--no-trace", default=None,
              help="Print each scenario's trace (default: only for failures).")
def command(packs: tuple[str, ...], fmt: str, match: str | None, trace: bool | None) -> None:
    """Run the scenarios in PACK/scenarios/*.scn against the compiled packs.

    Each scenario sets up a table, makes plays and checks expectations; the
    trace shows each side's strength with every effect that applied.  A
    SUITE (a folder without pack.munch, or one .scn file) runs every .scn
    file under it against the pack its `pack: PATH` line names; a scenario
    marked `not modelled: WHY` is reported "not modelled" while the engine
    does not play the rule.  Exit code 0 when none fails, 1 on a failure,
    2 on a usage error.

    \b
    Examples:
      munchkin test packs/munchkin-1.6
      munchkin test packs/munchkin-1.6 -k "Net Troll" --trace
      munchkin test rules --format json
    """
    if not packs:
        usage_error("no PACK given; try `munchkin test packs/munchkin-1.6`")
    from munchkin_dsl.diagnostics import DiagnosticSink
    from munchkin_dsl.engine.scenario import NOT_MODELLED, PASSED, read_scenario, run_file

    sink = DiagnosticSink()
    results = []
    texts: dict[str, str] = {}
    files: list[Path] = []
    compiled = _Compiled(fmt)
    for pack in packs:  # each pack's scenarios run against that pack and its ruleset
        arg = Path(pack)
        if arg.is_dir() and (arg / "pack.munch").exists():
            data, root = compiled.get(arg)
            runs = [(f, data, root) for f in sorted((arg / "scenarios").glob("*.scn"))]
        elif arg.is_file() or arg.is_dir():
            runs = _suite_runs(arg, compiled, sink)
        else:
            usage_error(f"no pack or scenario folder '{pack}'")
            return
        for f, data, root in runs:
            files.append(f)
            text = read_scenario(f, root, sink)
            if text is None or data is None:
                continue
            texts[str(f)] = text
            results += [r for r in run_file(f, data, sink, root, text)
                        if match is None or match.casefold() in r.scenario.title.casefold()]
    counts = {status: sum(r.status == status for r in results)
              for status in (PASSED, "failed", NOT_MODELLED)}
    failed = counts["failed"] or sink.has_errors
    if fmt == "json":
        doc = {"scenarios": [r.to_json() for r in results],
               "summary": {"passed": counts[PASSED], "failed": counts["failed"],
                           "not_modelled": counts[NOT_MODELLED]},
               "diagnostics": [d.to_json() for d in sink.sorted()]}
        click.echo(json.dumps(doc, ensure_ascii=False, indent=2))
    else:
        for r in results:
            status = {PASSED: "PASS", NOT_MODELLED: "NOT MODELLED"}.get(r.status, "FAIL")
            echo_text(f"{status}  {r.scenario.title}  ({r.scenario.file}:{r.scenario.line})")
            if r.status == NOT_MODELLED:
                echo_text(f"      not modelled: {r.scenario.not_modelled}")
            if trace or (trace is None and r.status == "failed"):
                for line in r.trace:
                    echo_text(f"      {line}")
            for failure in r.failures:
                echo_text(f"      {'engine does' if r.status == NOT_MODELLED else 'failure'}: "
                          f"{failure}")
            if r.manual:
                echo_text("      manual (not played by the engine): " + ", ".join(r.manual))
        report(sink, texts, "text")
        click.echo(f"{counts[PASSED]} passed, {counts['failed']} failed, "
                   f"{counts[NOT_MODELLED]} not modelled, {len(files)} file(s)")
        if not files:
            click.echo("no scenario files found (PACK/scenarios/*.scn)", err=True)
    sys.exit(1 if failed else 0)


class _Compiled:
    """Each pack compiled once per run (a suite names the same pack from many files)."""

    def __init__(self, fmt: str) -> None:
        self.fmt = fmt
        self.cache: dict[tuple[Path, ...], tuple[EngineData | None, Path | None]] = {}

    def get(self, *packs: Path) -> tuple[EngineData | None, Path | None]:
        """The packs compiled together (a suite file may name several: a rule that needs a
        card of another line), and the first pack's root."""
        from munchkin_dsl.api import compile_packs
        from munchkin_dsl.source import PackNotFound

        key = tuple(p.resolve() for p in packs)
        if key not in self.cache:
            try:
                result = compile_packs(list(packs))
            except PackNotFound as exc:
                usage_error(str(exc))
            if result.data is None:
                report(result.sink, result.texts, self.fmt)
                click.echo(f"{' '.join(map(str, packs))} does not compile; its scenarios "
                           "were not run", err=True)
                sys.exit(1)
            self.cache[key] = (result.data, result.packs[0].loaded.root)
        return self.cache[key]


def _suite_runs(arg: Path, compiled: _Compiled, sink: DiagnosticSink
                ) -> list[tuple[Path, EngineData | None, Path | None]]:
    """The .scn files of a suite folder (or one file), each with the pack its `pack:` line
    names, resolved against the file's folder; a file without one is S004."""
    from munchkin_dsl.diagnostics import Span
    from munchkin_dsl.engine.scenario import read_scenario

    root = arg if arg.is_dir() else arg.parent
    found = sorted(arg.rglob("*.scn")) if arg.is_dir() else [arg]
    runs: list[tuple[Path, EngineData | None, Path | None]] = []
    for f in found:
        text = read_scenario(f, root, sink)
        pack = None
        for line in (text or "").splitlines():
            body = line.split("#", 1)[0].strip()
            if body.casefold().startswith("pack:"):
                pack = body.split(":", 1)[1].strip()
                break
            if body:
                break
        if pack is None:
            sink.error("S004", "a scenario file outside a pack names its pack first",
                       Span.point(str(f), 1), "add a line `pack: ../packs/munchkin-1.6` "
                       "(relative to this file) before the first scenario")
            runs.append((f, None, root))
            continue
        folders = [f.parent / word for word in pack.replace(",", " ").split()]
        missing = [str(p) for p in folders if not (p / "pack.munch").exists()]
        if missing or not folders:
            sink.error("S004", f"no pack at '{', '.join(missing) or pack}' (relative to this "
                       "file)", Span.point(str(f), 1),
                       "the path names a folder holding pack.munch")
            runs.append((f, None, root))
            continue
        data, _pack_root = compiled.get(*folders)
        runs.append((f, data, root))
    return runs
