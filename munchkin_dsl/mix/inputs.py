"""Mixer stage 1: read, check and lower each pack on its own, the way `compile` would.

Packs go through :func:`munchkin_dsl.compiler.api.build` with ``purpose="mix"``, because a mix is
exactly the place where two packs may share a card id: that is a conflict to report, not
error E110 (only a shared pack id is an error, E111). One more thing differs from
compiling a pack alone: a card may refer to a race, class, tag or deck that its own pack's
rulesets lack but another pack of the mix defines (a base-game card "usable by Feline
only" mixed with Star Munchkin).  Such a name is unknown to the pack (E101/E106) but
known to the mix, so the error is dropped here and the finder
:func:`~munchkin_dsl.mix.conflicts.find_cross_references` reports it as a note saying
which pack defines it.  Everything else the checker finds stays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink, Span
from munchkin_dsl.compiler.api import CheckedPack, build, lower_pack
from munchkin_dsl.compiler.checks.references import card_refs
from munchkin_dsl.compiler.pack_info import PackInfo
from munchkin_dsl.compiler.resolve import Scope
from munchkin_dsl.mix.model import MixPack, defines_of

#: Reference errors a name defined elsewhere in the mix makes moot.
REFERENCE_CODES = frozenset({"E101", "E106"})
_TABLES = ("races", "classes", "tags", "decks")


def _union_scope(packs: Sequence[CheckedPack]) -> Scope:
    union = Scope()
    for pack in packs:
        for table in _TABLES:
            for key, value in getattr(pack.scope, table).items():
                getattr(union, table).setdefault(key, value)
    return union


def _with_fallback(own: Scope, union: Scope) -> Scope:
    """The pack's own scope first, then the mix's, so lowering spells every name canonically."""
    merged = Scope(rulesets=own.rulesets)
    for table in _TABLES:
        getattr(merged, table).update(getattr(union, table))
        getattr(merged, table).update(getattr(own, table))
    return merged


def _not_moot(packs: list[CheckedPack]) -> Callable[[CheckedPack, Diagnostic], bool]:
    """A pack's reference errors for names another pack of the mix defines are dropped."""
    union = _union_scope(packs)
    moot: set[Span] = set()
    for pack in packs:
        for card in pack.cards:
            for ref, categories in card_refs(card):
                if (pack.scope.lookup(ref.name, categories) is None
                        and union.lookup(ref.name, categories) is not None):
                    moot.add(ref.span)

    def keep(_pack: CheckedPack, d: Diagnostic) -> bool:
        return not (d.code in REFERENCE_CODES and d.span in moot)

    return keep


def load_mix_packs(paths: Sequence[str | Path], sink: DiagnosticSink
                   ) -> tuple[list[MixPack] | None, dict[str, str]]:
    """Check and lower every pack; (None, texts) when any pack has errors the mix keeps.

    Raises :class:`~munchkin_dsl.language.source.PackNotFound` for a PACK that does not exist.
    """
    result = build(paths, sink, purpose="mix", keep=_not_moot)
    checked, texts = result.packs, result.texts
    if sink.has_errors:
        return None, texts
    union = _union_scope(checked)
    packs: list[MixPack] = []
    for pack in checked:
        pack.scope = _with_fallback(pack.scope, union)
        cards = tuple(lower_pack(pack))
        info = pack.info or PackInfo(pack.path, pack.path, "0", (), ("en",))
        packs.append(MixPack(info.id, str(pack.loaded.root), info, pack.rulesets, cards,
                             defines_of(pack.rulesets, cards)))
    return packs, texts
