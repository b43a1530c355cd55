"""`check` and `compile` through the build cache: answer from it, or build and fill it.

One function for both commands, so what a cached run prints is decided in one place: the
same diagnostics, the same summary counts and (for `compile`) the same bytes as the cold
run that filled the entry.  The parser and the checks are imported only on a miss.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import click

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.build_cache import BuildCache, RunEntry, texts_with_diagnostics

NO_CACHE_OPTION = click.option(
    "--no-cache", is_flag=True,
    help="Neither read nor write the build cache (kept in ~/.cache/munchkin-dsl; the "
         "MUNCHKIN_CACHE_DIR variable moves it, MUNCHKIN_NO_CACHE=1 turns it off). The "
         "parser tables kept there depend on the grammar alone and are still used.")


class PackMissing(Exception):
    """A PACK names nothing readable: the commands make it a usage error (exit 2)."""


@dataclass
class Outcome:
    """What a check or compile run found, from the cache or from a build."""

    sink: DiagnosticSink
    texts: dict[str, str]
    cards: int
    packs: int
    #: compile only: the engine JSON, when the packs compiled without errors
    output: bytes | None
    cached: bool


def run_build(packs: Sequence[str], purpose: str, *, use_cache: bool = True,
              pretty: bool = False) -> Outcome:
    """Check (``purpose="check"``) or compile the packs; :class:`PackMissing` for a PACK
    that does not exist."""
    cache = BuildCache(enabled=use_cache)
    # the key hashes the whole installed package: only worth it when the cache is used
    key = cache.run_key(purpose, packs, f"pretty={pretty}") if cache.enabled else ""
    hit = cache.lookup_run(key, packs)
    if hit is not None:
        return Outcome(DiagnosticSink(list(hit.diagnostics)), dict(hit.texts), hit.cards,
                       hit.packs, hit.output, cached=True)
    before = cache.snapshots(packs) if cache.enabled else None
    from munchkin_dsl.compiler.api import build
    from munchkin_dsl.language.source import PackNotFound

    try:
        result = build(packs, purpose="compile" if purpose == "compile" else "check",
                       parse=cache.parser())
    except PackNotFound as exc:
        raise PackMissing(str(exc)) from None
    output = None
    if result.data is not None:
        from munchkin_dsl.compiler.engine_data import dump_bytes

        output = dump_bytes(result.data, pretty)
    sink, texts = result.sink, result.texts
    outcome = Outcome(sink, texts, result.cards, len(result.packs), output, cached=False)
    del result  # the syntax trees are not needed any more (memory)
    if before is not None and before == cache.snapshots(packs):
        # Stored only when no pack file changed while it was built.
        cache.store_run(key, RunEntry(before, tuple(sink.items),
                                      texts_with_diagnostics(texts, sink.items),
                                      outcome.cards, outcome.packs, output))
    return outcome
