"""`munchkin mix`: combine packs of one or several rulesets into one engine data file.

The mixer is a pipeline of its own, one module per stage, each callable alone::

    inputs        check and lower every pack; names only another pack defines are not errors
      -> equivalences   what the rulebooks declare the same (Trap = Curse = Disaster, ...)
      -> conflicts      one finder per family: rule differences, identity clashes, references
      -> resolution     the author's resolution file settles the open choices
      -> merge          equivalences and choices applied; the ``mix`` record
      -> report         text for people, JSON for tools

Why the rulebooks' words travel with every result: a mixed game is a negotiation between
rulebooks that were never written for each other.  Where a rulebook says how to mix
(Star Munchkin's last page, Apocalypse's «Łączenie...»), the mixer applies it and quotes
it; where none does, it refuses to guess and asks the author, once, in a file that is
committed beside the packs.  :func:`mix_packs` runs the whole pipeline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from munchkin_dsl.base.diagnostics import DiagnosticSink, Span
from munchkin_dsl.mix.conflicts import MixContext, find_conflicts, mix_rulesets
from munchkin_dsl.mix.equivalences import find_equivalences, kind_map
from munchkin_dsl.mix.merge import Merged, duplicate_ids, merge
from munchkin_dsl.mix.model import Conflict, Equivalence, MixPack
from munchkin_dsl.mix.resolution import Entry, Settlement, read_resolution_file, settle

__all__ = ["MixResult", "analyse", "mix_packs"]


@dataclass
class MixResult:
    """Everything one mix produced; ``merged`` is None unless every conflict is settled."""

    packs: list[MixPack]
    sink: DiagnosticSink
    texts: dict[str, str] = field(default_factory=dict)
    equivalences: list[Equivalence] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    settlements: list[Settlement] = field(default_factory=list)
    merged: Merged | None = None
    resolution_file: str | None = None

    @property
    def open(self) -> list[Settlement]:
        return [s for s in self.settlements if s.by == "open"]

    @property
    def ok(self) -> bool:
        return self.merged is not None and not self.sink.has_errors


def analyse(packs: list[MixPack]) -> tuple[list[Equivalence], list[Conflict]]:
    """Stages 2 and 3 on loaded packs: the equivalences and the conflicts (what bench times)."""
    rulesets = mix_rulesets(packs)
    equivalences = find_equivalences(rulesets, (c.kind for p in packs for c in p.cards))
    ctx = MixContext(packs, rulesets, equivalences, kind_map(equivalences))
    return equivalences, find_conflicts(ctx)


def mix_packs(paths: Sequence[str | Path], resolution: str | Path | None = None,
              sink: DiagnosticSink | None = None) -> MixResult:
    """The whole mix.  Raises PackNotFound for a missing PACK and OSError for an unreadable
    resolution file (usage errors); every other problem is a diagnostic in ``sink``."""
    from munchkin_dsl.mix.inputs import load_mix_packs

    sink = sink if sink is not None else DiagnosticSink()
    packs, texts = load_mix_packs(paths, sink)
    result = MixResult(packs or [], sink, texts,
                       resolution_file=None if resolution is None else str(resolution))
    if packs is None:
        return result
    result.equivalences, result.conflicts = analyse(packs)
    entries: list[Entry] = []
    if resolution is not None:
        entries, text = read_resolution_file(resolution, sink)
        texts[str(resolution)] = text
    result.settlements = settle(result.conflicts, entries, sink)
    if result.open or sink.has_errors:
        return result
    merged = merge(packs, result.equivalences, result.settlements,
                   kind_map(result.equivalences))
    for card_id in duplicate_ids(merged.data):
        sink.error("M008", f"the merged data would hold two cards with id '{card_id}'",
                   Span.point(str(resolution)) if resolution else None,
                   "a renamed card took the id of another card; keep one pack's card instead")
    result.merged = None if sink.has_errors else merged
    return result
