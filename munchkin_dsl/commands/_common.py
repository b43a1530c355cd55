"""What the pack commands share: reading PACK arguments, printing diagnostics, exit codes.

Exit codes are the same for every command: 0 clean (warnings allowed), 1 problems
found, 2 a usage error (a PACK that does not exist, a bad option).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn

import click

from munchkin_dsl.base.diagnostics import (
    Diagnostic,
    DiagnosticSink,
    render_json,
    render_text,
    terminal_text,
)

if TYPE_CHECKING:
    from munchkin_dsl.compiler.api import CheckedPack, CompileResult
    from munchkin_dsl.compiler.engine_data import EngineData
    from munchkin_dsl.mix import MixResult

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2

FORMAT_OPTION = click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
    help="text for people (on stderr), json for editors and CI (on stdout).")

#: Engine JSON is compact unless a person will read it.
PRETTY_OPTION = click.option(
    "--pretty", is_flag=True,
    help="Indent the JSON by two spaces (for reading and diffs; the same data, larger file).")

#: `check` also speaks SARIF 2.1.0, for a repository host's code scanning.
CHECK_FORMAT_OPTION = click.option(
    "--format", "fmt", type=click.Choice(["text", "json", "sarif"]), default="text",
    show_default=True,
    help="text for people (on stderr), json for editors and CI, sarif (2.1.0) for code "
         "scanning (both on stdout).")


def summary(diagnostics: list[Diagnostic]) -> str:
    errors = sum(1 for d in diagnostics if d.is_error)
    warnings = len(diagnostics) - errors

    def plural(n: int, w: str) -> str:
        return f"{n} {w}{'' if n == 1 else 's'}"

    return f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"


def report(sink: DiagnosticSink, texts: dict[str, str], fmt: str,
           extra: dict[str, Any] | None = None) -> None:
    """Print every diagnostic of the run, in source order."""
    items = sink.sorted()
    if fmt == "sarif":
        from munchkin_dsl.base.sarif import render_sarif

        click.echo(render_sarif(items))
        return
    if fmt == "json":
        import json

        doc = json.loads(render_json(items))
        if extra:
            doc.update(extra)
        click.echo(json.dumps(doc, ensure_ascii=False, indent=2))
        return
    for diagnostic in items:
        click.echo(render_text(diagnostic, texts) + "\n", err=True)


def echo_text(text: str, nl: bool = True, err: bool = False) -> None:
    """Echo a text report for people: control characters from the input (ESC, OSC, bidi
    overrides in a card name) are shown escaped, never sent raw to the terminal."""
    click.echo(terminal_text(text), nl=nl, err=err)


def usage_error(message: str) -> NoReturn:
    """A usage problem: say it on stderr and exit 2 (click's own code for usage errors)."""
    click.echo(f"error: {terminal_text(message)}", err=True)
    sys.exit(EXIT_USAGE)


def check_output(output: str | None, stdout_ok: bool = True, why: str = "") -> None:
    """Refuse an -o target a rename must not replace (a device, FIFO, folder, symlink) or
    ``-`` where standard output already carries something else; a usage error (exit 2)
    before any work is done."""
    from munchkin_dsl.base.files import STDOUT, UnsafeTarget, check_target

    if output is None:
        return
    if output == STDOUT:
        if not stdout_ok:
            usage_error(f"-o - cannot be used here: {why}")
        return
    try:
        check_target(output)
    except UnsafeTarget as exc:
        usage_error(str(exc))


def exit_code(diagnostics: Iterable[Diagnostic], warnings_as_errors: bool = False) -> int:
    items = list(diagnostics)
    if any(d.is_error for d in items) or (warnings_as_errors and items):
        return EXIT_PROBLEMS
    return EXIT_OK


@dataclass(frozen=True)
class Compiled:
    """A compile that succeeded, as :func:`compile_or_exit` hands it on: ``data`` is never
    None here (a failed compile exited first), so no command checks it again."""

    data: EngineData
    packs: list[CheckedPack]
    sink: DiagnosticSink
    texts: dict[str, str]


def compile_or_exit(packs: tuple[str, ...], fmt: str, verb: str,
                    what: str = "nothing written", *, use_cache: bool = True) -> Compiled:
    """Compile PACKs for a command that needs clean engine data, or exit like `compile` does.

    A missing PACK is a usage error (exit 2); a pack with errors prints its diagnostics and
    exits 1, so every command reports broken packs the same way.  Files go through the
    build cache's parser, so a file `check`, `compile` or an earlier run already parsed
    with the same text is not parsed again (parsing is most of compiling).
    """
    from munchkin_dsl.compiler.api import build
    from munchkin_dsl.compiler.build_cache import BuildCache
    from munchkin_dsl.language.source import PackNotFound

    try:
        result = build(packs, purpose="compile", parse=BuildCache(enabled=use_cache).parser())
    except PackNotFound as exc:
        usage_error(str(exc))
    if result.data is None:
        report(result.sink, result.texts, fmt)
        if fmt == "text":
            click.echo(f"{verb} failed: {summary(result.sink.items)}; {what}", err=True)
        sys.exit(EXIT_PROBLEMS)
    return Compiled(result.data, result.packs, result.sink, result.texts)


def check_or_exit(packs: Sequence[str], fmt: str, verb: str,
                  what: str = "nothing written") -> CompileResult:
    """Check PACKs together as `check` does, for a command that reads the parsed packs (and
    may lower them itself); a pack with errors prints its diagnostics and exits 1."""
    from munchkin_dsl.compiler.api import build
    from munchkin_dsl.language.source import PackNotFound

    try:
        result = build(packs, purpose="check")
    except PackNotFound as exc:
        usage_error(str(exc))
    if result.sink.has_errors:
        report(result.sink, result.texts, fmt)
        if fmt == "text":
            click.echo(f"{verb} failed: {summary(result.sink.items)}; {what}", err=True)
        sys.exit(EXIT_PROBLEMS)
    return result


def read_mix(packs: Sequence[str], resolution: str | None) -> MixResult:
    """`mix_packs` for a command: a missing pack or an unreadable resolution file is a
    usage error (exit 2) saying which, never a traceback."""
    from munchkin_dsl.language.source import PackNotFound
    from munchkin_dsl.mix import mix_packs

    try:
        return mix_packs(packs, resolution)
    except PackNotFound as exc:
        usage_error(str(exc))
    except OSError as exc:
        usage_error(f"cannot read the resolution file {resolution}: {exc.strerror or exc}")
