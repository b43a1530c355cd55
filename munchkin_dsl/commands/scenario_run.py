"""`munchkin test`: run the scenario files of packs against the compiled cards."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from munchkin_dsl.commands._common import (
    FORMAT_OPTION,
    echo_text,
    read_mix,
    report,
    usage_error,
)
from munchkin_dsl.compiler.engine_data import EngineData

if TYPE_CHECKING:
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.scenarios.packs import PackCache


def _epilog() -> str:
    """The scenario language (from its table) for --help; each paragraph kept as written."""
    from munchkin_dsl.scenarios.runner import SYNTAX

    paragraphs = SYNTAX.strip("\n").split("\n\n")
    return "\n\n".join("\b\n" + para for para in ["The scenario language "
                                                   "(docs/scenarios.md):", *paragraphs])


@dataclass
class _Run:
    """Scenario files and the cards they run against (their pack's own, or a mix)."""

    files: list[Path]
    root: Path
    #: None when a suite file's `pack:` line names no pack that compiles (reported)
    data: EngineData | None
    ruleset: str | None = None


def _scenario_files(pack: str) -> list[Path]:
    return sorted((Path(pack) / "scenarios").glob("*.scn"))


@click.command("test", epilog=_epilog())
@click.argument("packs", nargs=-1, metavar="PACK|SUITE...")
@FORMAT_OPTION
@click.option("-k", "match", metavar="TEXT", default=None,
              help="Run only scenarios whose title contains TEXT.")
@click.option("--trace/--no-trace", default=None,
              help="Print each scenario's trace (default: only for failures).")
@click.option("--resolve", "resolution", metavar="FILE", default=None,
              help="Mix the PACKs as `munchkin mix` does, settled by this resolution file, "
                   "and run every pack's scenarios against the mixed cards (each under its "
                   "own pack's ruleset unless it names one), and the mix's own scenarios "
                   "in the .scn file beside FILE (mixes/X.resolve -> mixes/X.scn).")
def command(packs: tuple[str, ...], fmt: str, match: str | None, trace: bool | None,
            resolution: str | None) -> None:
    """Run the scenarios in PACK/scenarios/*.scn against the compiled packs.

    Each scenario sets up a table, makes plays and checks expectations; the
    trace shows each side's strength with every effect that applied.  A
    scenario may borrow another pack's cards (`packs: ../OTHER`); with
    --resolve the scenarios of all the PACKs run against their mix.

    A SUITE (a folder without pack.munch, or one .scn file) runs every .scn
    file under it against the pack(s) its `pack: PATH` line names; a
    scenario marked `not modelled: WHY` is reported "not modelled" while
    the engine does not play the rule.  Exit code 0 when none fails, 1 on a
    failure, 2 on a usage error.

    \b
    Examples:
      munchkin test packs/munchkin-1.6
      munchkin test packs/munchkin-1.6 -k "Net Troll" --trace
      munchkin test packs/munchkin-1.6 --format json
      munchkin test packs/star-munchkin packs/munchkin-1.6 \\
          --resolve mixes/star-base.resolve
      munchkin test tests/rules --format json
    """
    if not packs:
        usage_error("no PACK given; try `munchkin test packs/munchkin-1.6`")
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.scenarios.packs import PackCache
    from munchkin_dsl.scenarios.runner import NOT_MODELLED, PASSED, read_scenario, run_file

    sink = DiagnosticSink()
    results = []
    texts: dict[str, str] = {}
    files: list[Path] = []
    cache = PackCache()
    runs = (_mixed(packs, resolution, fmt) if resolution is not None
            else _each(packs, fmt, cache, sink))
    for run in runs:
        for f in run.files:
            files.append(f)
            text = read_scenario(f, run.root, sink)
            if text is None or run.data is None:
                continue
            texts[str(f)] = text
            results += [r for r in run_file(f, run.data, sink, run.root, text, cache,
                                            ruleset=run.ruleset)
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


def _each(packs: tuple[str, ...], fmt: str, cache: PackCache,
          sink: DiagnosticSink) -> list[_Run]:
    """Each pack compiled alone: its scenarios run against its own cards and ruleset; a
    suite's files each against the pack(s) their `pack:` line names."""
    from munchkin_dsl.compiler.api import compile_packs
    from munchkin_dsl.language.source import MANIFEST, PackNotFound

    runs = []
    for pack in packs:
        arg = Path(pack)
        if not (arg / MANIFEST).is_file() and (arg.is_file() or arg.is_dir()):
            runs += _suite_runs(arg, cache, sink)
            continue
        try:
            result = compile_packs([pack])
        except PackNotFound as exc:
            usage_error(str(exc))
        if result.data is None:
            report(result.sink, result.texts, fmt)
            click.echo(f"{pack} does not compile; its scenarios were not run", err=True)
            sys.exit(1)
        runs.append(_Run(_scenario_files(pack), result.packs[0].loaded.root, result.data))
    return runs


def _suite_runs(arg: Path, cache: PackCache, sink: DiagnosticSink) -> list[_Run]:
    """The .scn files of a suite folder (or one file), each with the pack(s) its `pack:`
    line names, relative to the file; a file without one, or naming no pack, is S004."""
    from munchkin_dsl.base.diagnostics import DiagnosticSink, Span
    from munchkin_dsl.language.source import MANIFEST
    from munchkin_dsl.scenarios.packs import OtherPackError
    from munchkin_dsl.scenarios.runner import read_scenario

    root = arg if arg.is_dir() else arg.parent
    runs: list[_Run] = []
    for f in sorted(arg.rglob("*.scn")) if arg.is_dir() else [arg]:
        # read again (and any problem reported) by the caller, which runs the file
        written = _pack_line(read_scenario(f, root, DiagnosticSink()) or "")
        data = None
        if written is None:
            sink.error("S004", "a scenario file outside a pack names its pack first",
                       Span.point(str(f), 1), "add a line `pack: ../packs/munchkin-1.6` "
                       "(relative to this file) before the first scenario")
        else:
            folders = [f.parent / word for word in written.replace(",", " ").split()]
            missing = [str(p) for p in folders if not (p / MANIFEST).is_file()]
            if missing or not folders:
                sink.error("S004", f"no pack at '{', '.join(missing) or written}' (relative "
                           "to this file)", Span.point(str(f), 1),
                           f"the path names a folder holding {MANIFEST}")
            else:
                try:
                    data = cache.get(*folders)
                except OtherPackError as exc:
                    sink.error(exc.code, str(exc), Span.point(str(f), 1), exc.hint)
        runs.append(_Run([f], root, data))
    return runs


def _pack_line(text: str) -> str | None:
    """What a suite file's `pack:` line names (it comes before anything else), or None."""
    for line in text.splitlines():
        body = line.split("#", 1)[0].strip()
        if body.casefold().startswith("pack:"):
            return body.split(":", 1)[1].strip()
        if body:
            return None
    return None


def _mixed(packs: tuple[str, ...], resolution: str, fmt: str) -> list[_Run]:
    """The packs mixed (`munchkin mix` with the resolution file): every pack's scenarios
    run against the merged cards, under the pack's own ruleset, and so do the mix's own
    scenarios, in the file beside the resolution file (mixes/X.resolve -> mixes/X.scn),
    under the first pack's ruleset: cards of several lines at one table."""
    from munchkin_dsl.language.source import resolve_pack_path
    from munchkin_dsl.mix.report import summary_line, text_report

    for pack in packs:
        if pack.endswith((".resolve", ".toml")):
            usage_error(f"{pack} looks like a resolution file, not a pack; pass it with "
                        f"--resolve {pack}")
    result = read_mix(packs, resolution)
    if not result.ok or result.merged is None:
        report(result.sink, result.texts, fmt)
        if result.packs:
            echo_text(text_report(result), nl=False, err=True)
        echo_text(summary_line(result, None), err=True)
        click.echo("the mix is not settled; no scenario was run (see `munchkin mix`)",
                   err=True)
        sys.exit(1)
    data = result.merged.data
    runs = [_Run(_scenario_files(mp.path), resolve_pack_path(mp.path)[0], data,
                 mp.info.rulesets[0] if mp.info.rulesets else None) for mp in result.packs]
    beside = Path(resolution).with_suffix(".scn")  # the mix's own scenarios
    if beside.is_file():
        runs.append(_Run([beside], beside.parent, data))
    return runs
