"""The pipeline as functions: every stage callable on its own, and the whole of it.

``parse_pack`` (stages 0-2) -> ``check_pack`` (stage 3) -> ``lower_pack`` (stage 4)
-> engine data (stage 5).  :func:`build` runs them over a list of packs with the checks
across packs; every command goes through it.  Each takes a :class:`DiagnosticSink`
and never raises on bad pack input; only a PACK path that does not exist raises
:class:`~munchkin_dsl.language.source.PackNotFound`, which the CLI turns into exit code 2.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from munchkin_dsl.base.diagnostics import Diagnostic, DiagnosticSink
from munchkin_dsl.base.rulesets import Ruleset
from munchkin_dsl.compiler.checks import CheckContext, run_checks
from munchkin_dsl.compiler.checks.cross_pack import Purpose, check_cross_pack
from munchkin_dsl.compiler.checks.header import read_header
from munchkin_dsl.compiler.pack_info import PackInfo
from munchkin_dsl.compiler.resolve import Scope, build_scope
from munchkin_dsl.language.nodes import Card, Header
from munchkin_dsl.language.source import LoadedPack, Parser, load_pack

if TYPE_CHECKING:  # the effect classes load only when a command compiles
    from munchkin_dsl.compiler.effects import CardData
    from munchkin_dsl.compiler.engine_data import EngineData


@dataclass
class CheckedPack:
    """One pack after parsing and checking, with everything later stages need."""

    path: str
    loaded: LoadedPack
    header: Header | None
    cards: list[Card]
    rulesets: tuple[Ruleset, ...] = ()
    languages: tuple[str, ...] = ("en",)
    scope: Scope = field(default_factory=Scope)
    info: PackInfo | None = None
    #: this pack's own diagnostics (set by :func:`build`, which also reports them)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def parse_pack(path: str | Path, sink: DiagnosticSink, parse: Parser | None = None
               ) -> LoadedPack:
    """Stages 0-2: read the pack's files and parse them into AST units (through ``parse``,
    e.g. the build cache's, when given)."""
    return load_pack(path, sink) if parse is None else load_pack(path, sink, parse=parse)


def check_pack(path: str | Path, sink: DiagnosticSink, loaded: LoadedPack | None = None,
               run: Callable[[CheckContext], None] = run_checks,
               parse: Parser | None = None) -> CheckedPack:
    """Stages 0-3: parse, then resolve names and run every check.

    ``loaded`` is a pack already read and parsed and ``run`` a way of running the checks
    (the language server's: editor buffers, a parse cache, re-checking only edited
    cards); without them the pack is read from disk and every check runs.
    """
    loaded = loaded if loaded is not None else parse_pack(path, sink, parse)
    header, rulesets, languages, info = read_header(loaded, sink)
    cards = [card for unit in loaded.units for card in unit.cards]
    scope = build_scope(rulesets, cards)
    ctx = CheckContext(header=header, cards=cards, scope=scope, rulesets=rulesets,
                       languages=languages, sink=sink,
                       root=loaded.root)
    run(ctx)
    return CheckedPack(str(path), loaded, header, cards, rulesets, languages, scope, info)


def lower_pack(pack: CheckedPack) -> list[CardData]:
    """Stage 4: the checked pack's cards as engine effect objects."""
    from munchkin_dsl.compiler.lower import lower_cards

    deck_for_kind: dict[str, str] = {}
    for rs in reversed(pack.rulesets):
        for kind in rs.card_kinds:
            deck_for_kind[kind] = rs.deck_for_kind(kind)
    return lower_cards(pack.cards, pack.scope, deck_for_kind, pack.loaded.stable_source,
                       pack.languages)


@dataclass
class CompileResult:
    """What :func:`build` made of a list of packs.

    ``data`` is the engine data when the packs were lowered (``purpose="compile"``) and
    nothing has errors; ``packs`` every pack as checked, whatever happened.
    """

    data: EngineData | None
    packs: list[CheckedPack]
    sink: DiagnosticSink

    @property
    def texts(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for pack in self.packs:
            out.update(pack.loaded.texts)
        return out

    @property
    def cards(self) -> int:
        return sum(len(pack.cards) for pack in self.packs)


#: A mix's filter over each pack's own diagnostics, made once every pack is checked.
KeepFilter = Callable[[list[CheckedPack]], Callable[[CheckedPack, Diagnostic], bool]]


def build(paths: Sequence[str | Path], sink: DiagnosticSink | None = None, *,
          purpose: Purpose = "compile", keep: KeepFilter | None = None,
          parse: Parser | None = None) -> CompileResult:
    """The one entry point of every command: read, check, cross-check and lower packs.

    Each pack is read and checked on its own (stages 0-3), then the packs are checked
    against each other (:mod:`munchkin_dsl.compiler.checks.cross_pack`, whose severities depend
    on ``purpose``), and for ``purpose="compile"`` lowered into engine data when nothing
    has errors.  ``keep`` lets `munchkin mix` drop a pack's diagnostics that the other
    packs of the mix make moot (a race another pack defines).  A PACK given twice is
    checked once (W112).  Raises :class:`~munchkin_dsl.language.source.PackNotFound` only for a
    PACK that does not exist.  ``parse`` replaces the parser of each file (the build
    cache's answers a file parsed before with the same text).
    """
    with _few_collections():
        return _build(paths, sink if sink is not None else DiagnosticSink(), purpose, keep,
                      parse)


@contextmanager
def _few_collections() -> Iterator[None]:
    """Run the cyclic garbage collector rarely while a build allocates its trees.

    Parsing makes millions of short-lived acyclic objects (tokens, stacks, nodes);
    with the default threshold the collector runs every 700 allocations and re-walks
    everything alive, about a tenth of a 10,000-card compile.  Reference counting still
    frees them at once; only cycle detection waits (as mypy does for its builds).
    """
    old = gc.get_threshold()
    gc.set_threshold(100_000, old[1], old[2])
    try:
        yield
    finally:
        gc.set_threshold(*old)


def _build(paths: Sequence[str | Path], sink: DiagnosticSink, purpose: Purpose,
           keep: KeepFilter | None, parse: Parser | None) -> CompileResult:
    unique: dict[Path, str | Path] = {}
    for path in paths:
        key = Path(path).resolve()
        if key in unique:
            sink.warning("W112", f"pack '{path}' is given twice; it is read once",
                         None, "remove the repeated PACK argument")
            continue
        unique[key] = path
    packs: list[CheckedPack] = []
    for path in unique.values():
        own = DiagnosticSink()
        pack = check_pack(path, own, parse=parse)
        pack.diagnostics = own.items
        packs.append(pack)
    wanted = keep(packs) if keep is not None else None
    for pack in packs:
        sink.extend(d for d in pack.diagnostics if wanted is None or wanted(pack, d))
    check_cross_pack(packs, sink, purpose)
    if purpose != "compile" or sink.has_errors:
        return CompileResult(None, packs, sink)
    from munchkin_dsl.compiler.engine_data import EngineData

    cards: list[CardData] = []
    for pack in packs:
        cards.extend(lower_pack(pack))
    infos = tuple(p.info for p in packs if p.info is not None)
    return CompileResult(EngineData(packs=infos, cards=tuple(cards)), packs, sink)


def compile_packs(paths: Sequence[str | Path], sink: DiagnosticSink | None = None
                  ) -> CompileResult:
    """Stages 0-5 for one or more packs; ``data`` is None when any pack has errors."""
    return build(paths, sink, purpose="compile")
