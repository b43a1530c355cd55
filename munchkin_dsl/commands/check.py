"""`munchkin check`: find every problem in one or more packs, with its exact place."""

from __future__ import annotations

import sys

import click

from munchkin_dsl.commands._build import NO_CACHE_OPTION, PackMissing, run_build
from munchkin_dsl.commands._common import (
    CHECK_FORMAT_OPTION,
    exit_code,
    report,
    summary,
    usage_error,
)


@click.command("check")
@click.argument("packs", nargs=-1, metavar="PACK...")
@CHECK_FORMAT_OPTION
@click.option("--warnings-as-errors", "--strict", "-W", is_flag=True,
              help="Exit 1 when there are warnings, too (manual rules included).")
@click.option("--explain", metavar="CODE",
              help="Explain a diagnostic code (what it means, a failing and a passing "
                   "example) instead of checking.")
@NO_CACHE_OPTION
def command(packs: tuple[str, ...], fmt: str, warnings_as_errors: bool,
            explain: str | None, no_cache: bool) -> None:
    """Check packs and report every problem: code, file:line:col, the line, a hint.

    PACK is a pack folder (holding pack.munch) or a single .munch file. Several
    PACKs are checked as independent packs, each on its own, and also against each
    other: a pack id, card id or card name that two of them share is a warning
    (W113-W115; they cannot be compiled together without `munchkin mix`).
    Exit code: 0 clean (warnings allowed), 1 problems found, 2 usage error.
    A second check of unchanged packs answers from the build cache (--no-cache).

    \b
    Examples:
      munchkin check packs/munchkin-1.6
      munchkin check packs/* --format json
      munchkin check packs/* --format sarif > munchkin.sarif
      munchkin check --explain E101
    """
    if explain:
        from munchkin_dsl.base.explain import explain_code

        text = explain_code(explain)
        if text is None:
            usage_error(f"unknown diagnostic code '{explain}'")
        click.echo(text)
        return
    if not packs:
        usage_error("no PACK given; try `munchkin check packs/munchkin-1.6`")
    try:
        result = run_build(packs, "check", use_cache=not no_cache)
    except PackMissing as exc:
        usage_error(str(exc))
    sink, texts, cards = result.sink, result.texts, result.cards
    report(sink, texts, fmt, {"cards": cards, "packs": result.packs})
    if fmt == "text":
        status = "ok" if not sink.has_errors else "failed"
        click.echo(f"{status}: {cards} cards in {result.packs} pack(s); {summary(sink.items)}",
                   err=True)
    sys.exit(exit_code(sink, warnings_as_errors))
