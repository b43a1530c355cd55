"""`munchkin fmt`: lay pack files out the one canonical way (``language/formatter.py``)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from munchkin_dsl.commands._common import EXIT_OK, EXIT_PROBLEMS, echo_text, usage_error


def pack_files(paths: tuple[str, ...]) -> list[tuple[Path, Path | None]]:
    """The .munch files named by PATHs, each with the folder its read is confined to:
    files as given (None: the user named it), folders searched recursively (the folder:
    a symlink in it that leads out is refused, not followed)."""
    files: list[tuple[Path, Path | None]] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files.extend((file, path) for file in sorted(path.rglob("*.munch")))
        elif path.is_file():
            files.append((path, None))
        else:
            usage_error(f"{path}: no such file or folder")
    unique: dict[Path, tuple[Path, Path | None]] = {}
    # A file and a symlink to it: format the file (writing would replace the link).
    files.sort(key=lambda entry: entry[0].is_symlink())
    for file, root in files:
        try:
            unique.setdefault(file.resolve(), (file, root))
        except (OSError, RuntimeError):  # a symlink loop: read_text reports it
            unique.setdefault(file.absolute(), (file, root))
    return list(unique.values())


@click.command("fmt")
@click.argument("paths", nargs=-1, metavar="PATH...")
@click.option("--check", is_flag=True,
              help="Change nothing; list the files that would change and exit 1 if any "
                   "would (for CI).")
@click.option("--diff", is_flag=True,
              help="Change nothing; print what would change as a unified diff.")
def command(paths: tuple[str, ...], check: bool, diff: bool) -> None:
    """Format pack files: indentation, spacing, one statement per line, line order.

    PATH is a .munch file or a folder (every .munch file under it).  Comments stay
    where they are; the meaning never changes.  A file with syntax errors is left
    untouched and its errors are shown.  Exit code: 0 done (or, with --check,
    nothing to change), 1 files would change or have syntax errors, 2 usage error.

    \b
    Examples:
      munchkin fmt packs/munchkin-1.6
      munchkin fmt --check packs/*
      munchkin fmt --diff packs/munchkin-1.6/monsters.munch
    """
    if not paths:
        usage_error("no PATH given; try `munchkin fmt packs/munchkin-1.6`")
    import difflib

    from munchkin_dsl.base.diagnostics import DiagnosticSink, render_text
    from munchkin_dsl.base.files import UnsafeTarget, write_atomic
    from munchkin_dsl.language.formatter import format_text
    from munchkin_dsl.language.source import display_name, read_text

    broken = changed = 0
    for file, root in pack_files(paths):
        shown = display_name(file)
        sink = DiagnosticSink()
        text = read_text(file, shown, sink, root)
        result = format_text(text, shown) if text is not None else None
        if result is None or result.diagnostics:
            broken += 1
            for diagnostic in sink.items if result is None else result.diagnostics:
                click.echo(render_text(diagnostic, {shown: text or ''}) + "\n", err=True)
            echo_text(f"{shown}: left untouched", err=True)
            continue
        if not result.changed:
            continue
        changed += 1
        if diff and text is not None:
            click.echo("".join(difflib.unified_diff(
                text.splitlines(True), result.text.splitlines(True), shown, shown)), nl=False)
        elif check:
            echo_text(shown)
        else:
            try:
                write_atomic(file, result.text)
            except OSError as exc:  # UnsafeTarget: read-only, a symlink; or a full disk
                why = str(exc) if isinstance(exc, UnsafeTarget) else exc.strerror or str(exc)
                echo_text(f"{shown}: left untouched: {why}", err=True)
                broken += 1
                changed -= 1
                continue
            echo_text(f"formatted {shown}", err=True)
    verb = "would change" if check or diff else "changed"
    click.echo(f"fmt: {changed} file(s) {verb}, {broken} left untouched", err=True)
    sys.exit(EXIT_PROBLEMS if broken or (check and changed) else EXIT_OK)
