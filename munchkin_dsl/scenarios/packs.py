"""Cards from other packs in a scenario: the `packs: ../OTHER` setup line.

Why: an author's cards meet other lines' cards at real tables, so a scenario may name the
packs it borrows from.  The paths are written relative to the scenario's own pack and must
stay inside the folder that holds it (its siblings, or folders below them): a scenario file
is something one downloads with a pack, and it must not make `munchkin test` read arbitrary
places of the disk.  Each other pack is compiled once per run (:class:`PackCache`) and its
cards are added after the scenario pack's own, which win a shared id.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.language.source import MANIFEST


class OtherPackError(Exception):
    """A `packs:` entry that cannot be used: (code, message, hint)."""

    def __init__(self, code: str, message: str, hint: str) -> None:
        super().__init__(message)
        self.code, self.hint = code, hint


@dataclass
class PackCache:
    """Packs compiled during one `munchkin test` run, by their resolved folders (a rules
    suite names the same pack from many files, a `packs:` line the same other pack)."""

    compiled: dict[Path, EngineData] = field(default_factory=dict)

    def get(self, *folders: Path) -> EngineData:
        """The first pack's cards with the others' added as a `packs:` line adds them (the
        first pack wins a shared id; a rules suite file naming two lines needs no mix);
        :class:`OtherPackError` (S022) when one does not compile."""
        first, *others = [self._one(f) for f in folders]
        return with_other_packs(first, others)[0] if others else first

    def _one(self, folder: Path) -> EngineData:
        key = folder.resolve()
        if key not in self.compiled:
            from munchkin_dsl.compiler.api import compile_packs

            result = compile_packs([folder])
            if result.data is None:
                errors = sum(1 for d in result.sink.sorted() if d.is_error)
                raise OtherPackError("S022", f"the pack {folder} does not compile ({errors} "
                                     "error(s)); its cards cannot be used",
                                     f"run `munchkin check {folder}` and fix it first")
            self.compiled[key] = result.data
        return self.compiled[key]


def _siblings(home: Path) -> list[str]:
    try:
        return sorted(f"../{d.name}" for d in home.iterdir() if (d / MANIFEST).is_file())
    except OSError:
        return []


def resolve_other_pack(root: Path, written: str) -> Path:
    """The folder ``written`` names, relative to the scenario's pack ``root``, confined to
    the folder holding that pack; :class:`OtherPackError` otherwise."""
    home = root.resolve().parent
    if Path(written).is_absolute() or written.startswith("~"):
        raise OtherPackError("S021", f"'{written}' is not relative to this pack",
                             "name another pack by a path relative to this pack's folder, "
                             "e.g. `packs: ../munchkin-1.6`")
    folder = root / written
    try:
        resolved = folder.resolve()
    except (OSError, RuntimeError):
        resolved = folder
    if resolved == root.resolve() or not resolved.is_relative_to(home):
        raise OtherPackError("S021", f"'{written}' is "
                             + ("this pack itself" if resolved == root.resolve()
                                else f"outside {home.name}/, the folder that holds this pack"),
                             "a scenario may use the packs beside its own: "
                             + (", ".join(_siblings(home)) or "(none found)"))
    if not (resolved / MANIFEST).is_file():
        close = difflib.get_close_matches(written, _siblings(home), n=1, cutoff=0.5)
        raise OtherPackError("S020", f"no pack at '{written}' ({folder} has no {MANIFEST})",
                             f"did you mean '{close[0]}'?" if close else
                             "packs beside this one: " + (", ".join(_siblings(home))
                                                          or "(none)"))
    return folder


def with_other_packs(data: EngineData, others: list[EngineData]) -> tuple[EngineData,
                                                                          list[str]]:
    """``data`` plus the others' packs and cards; the ids the others lose to ``data``."""
    seen = {c.id for c in data.cards}
    cards = list(data.cards)
    shadowed: list[str] = []
    packs = list(data.packs)
    for other in others:
        packs += [p for p in other.packs if p not in packs]
        for card in other.cards:
            if card.id in seen:
                shadowed.append(card.id)
                continue
            seen.add(card.id)
            cards.append(card)
    return EngineData(packs=tuple(packs), cards=tuple(cards)), shadowed
