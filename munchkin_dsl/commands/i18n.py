"""`munchkin i18n export|import|check`: translation files for a pack (PO or XLIFF)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from munchkin_dsl.commands._common import (
    EXIT_PROBLEMS,
    FORMAT_OPTION,
    check_or_exit,
    exit_code,
    report,
    usage_error,
)


@click.group("i18n")
def command() -> None:
    """Translation files for a pack: export them for translators, merge them back, and
    see what is left to translate.

    \b
    Examples:
      munchkin i18n export packs/munchkin-1.6 --format po -o out/po
      munchkin i18n import packs/munchkin-1.6 out/po/ru.po
      munchkin i18n check packs/munchkin-1.6
    """


def _checked(pack: str, fmt: str, verb: str) -> Any:
    """The pack checked alone; a pack with errors stops the command (exit 1)."""
    return check_or_exit([pack], fmt, f"i18n {verb}", "fix the pack first (nothing written)")


LANG_OPTION = click.option("--lang", "langs", multiple=True, metavar="LANG",
                           help="A target language (repeatable) [default: every language "
                                "the pack declares but en].")


@command.command("export")
@click.argument("pack", metavar="PACK")
@click.option("--format", "kind", type=click.Choice(["po", "xliff"]), default="po",
              show_default=True, help="gettext PO (Poedit, Weblate) or XLIFF 1.1.")
@click.option("-o", "--output", metavar="DIR", required=True,
              help="Folder for the files (LANG.po or LANG.xlf).")
@LANG_OPTION
def export(pack: str, kind: str, output: str, langs: tuple[str, ...]) -> None:
    """One file per target language with every translatable string: the pack title,
    card names, texts, manual rules and ability labels.

    Each string carries its context (card id, kind, field), a note and the pack
    file and line; its translation in the pack, if any, is filled in (outdated
    ones marked fuzzy).  The same pack gives byte-identical files.

    \b
    Examples:
      munchkin i18n export packs/munchkin-1.6 --format po -o out/po
      munchkin i18n export packs/munchkin-1.6 --format xliff --lang pl -o out/xliff
    """
    from munchkin_dsl.base.atomic import write_atomic
    from munchkin_dsl.interchange.catalog import FORMATS, write_po, write_xliff
    from munchkin_dsl.interchange.i18n import entries_of, target_languages

    fmt = "text"  # --format names the file format here; the report is for people
    result = _checked(pack, fmt, "export")
    checked = result.packs[0]
    targets = target_languages(checked, langs)
    if not targets:
        usage_error(f"{pack} declares no language but en; give --lang LANG or add it to "
                    "the pack's `languages` line")
    entries = entries_of(checked)
    pack_id = checked.info.id if checked.info else pack
    writer = write_po if kind == "po" else write_xliff
    written = []
    try:
        Path(output).mkdir(parents=True, exist_ok=True)
        for lang in targets:
            target = Path(output) / f"{lang}{FORMATS[kind]}"
            write_atomic(target, writer(entries, lang, pack_id, checked.loaded.relative))
            written.append(str(target))
    except OSError as exc:
        usage_error(f"cannot write to {output}: {exc.strerror or exc}")
    report(result.sink, result.texts, "text")
    click.echo(f"wrote {len(entries)} strings for {', '.join(targets)} to "
               f"{', '.join(written)}", err=True)
    sys.exit(exit_code(result.sink))


@command.command("import")
@click.argument("pack", metavar="PACK")
@click.argument("files", nargs=-1, metavar="FILE.po|FILE.xlf...")
@FORMAT_OPTION
def import_(pack: str, files: tuple[str, ...], fmt: str) -> None:
    """Merge translation files into the pack's files, keeping their layout and comments.

    A translation is written where the pack has it (its quoted text replaced) or
    added after its English string.  One whose English text changed since the
    file was exported, or that is fuzzy in the file, gets a `# fuzzy LANG`
    comment, which `munchkin i18n check` reports.  The merged pack is checked
    first; if it would not check, nothing is written.

    \b
    Example:
      munchkin i18n import packs/munchkin-1.6 out/po/ru.po out/po/pl.po
    """
    from munchkin_dsl.base.atomic import write_atomic
    from munchkin_dsl.base.confine import Refused, read_confined
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.interchange.catalog import CatalogError, read_catalog
    from munchkin_dsl.interchange.i18n import merge_files

    if not files:
        usage_error("no translation FILE given; try `munchkin i18n import PACK out/po/ru.po`")
    result = _checked(pack, fmt, "import")
    checked = result.packs[0]
    catalogs = []
    for name in files:
        try:
            lang, units = read_catalog(Path(name), read_confined(Path(name), None, name=name))
        except CatalogError as exc:
            usage_error(str(exc))
        except Refused as exc:
            usage_error(exc.message)
        if lang not in checked.languages:
            usage_error(f"{name} is a {lang} file but {pack} does not declare {lang}; add it "
                        "to the pack's `languages` line first")
        catalogs.append((lang, units))
    sink = DiagnosticSink()
    new_texts, reports = merge_files(pack, checked, catalogs, sink)
    problems = sink.has_errors
    if not problems:
        try:
            for shown, text in new_texts.items():
                write_atomic(shown, text)
        except OSError as exc:
            usage_error(f"cannot write the pack: {exc.strerror or exc}")
    summaries = {lang: {"added": r.added, "updated": r.updated, "unchanged": r.unchanged,
                        "fuzzy": r.fuzzy, "untranslated": r.untranslated,
                        "unknown": r.unknown} for lang, r in reports.items()}
    if fmt == "json":
        report(sink, result.texts, "json", {"written": [] if problems else sorted(new_texts),
                                            "languages": summaries})
    else:
        report(sink, result.texts, "text")
        for lang, r in reports.items():
            click.echo(f"{lang}: {r.added} added, {r.updated} updated, {r.unchanged} "
                       f"unchanged, {r.fuzzy} fuzzy, {r.untranslated} untranslated", err=True)
            for context in r.unknown:
                click.echo(f"  note: {context} is not in the pack any more (skipped)",
                           err=True)
        if problems:
            click.echo("i18n import failed: the merged pack would not check; nothing "
                       "written", err=True)
        else:
            click.echo(f"updated {len(new_texts)} file(s)", err=True)
    sys.exit(EXIT_PROBLEMS if problems else 0)


@command.command("check")
@click.argument("pack", metavar="PACK")
@LANG_OPTION
@click.option("--strict", is_flag=True, help="Exit 1 when a string is untranslated or "
                                             "outdated.")
@FORMAT_OPTION
def check(pack: str, langs: tuple[str, ...], strict: bool, fmt: str) -> None:
    """Untranslated (X201) and outdated (X202) strings per language.

    \b
    Example:
      munchkin i18n check packs/munchkin-1.6 --lang ru
    """
    from munchkin_dsl.base.diagnostics import DiagnosticSink
    from munchkin_dsl.interchange.i18n import status, target_languages

    result = _checked(pack, fmt, "check")
    checked = result.packs[0]
    sink = DiagnosticSink()
    statuses = status(checked, target_languages(checked, langs), sink)
    if fmt == "json":
        click.echo(json.dumps({"languages": {s.lang: s.to_json() for s in statuses},
                               "diagnostics": [d.to_json() for d in sink.sorted()]},
                              ensure_ascii=False, indent=2))
    else:
        report(sink, result.texts, "text")
        for s in statuses:
            click.echo(f"{s.lang}: {s.total - len(s.untranslated)}/{s.total} translated, "
                       f"{len(s.untranslated)} untranslated, {len(s.outdated)} outdated")
    sys.exit(EXIT_PROBLEMS if strict and len(sink) else 0)


__all__ = ["command"]
