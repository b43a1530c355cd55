"""The pipeline as functions: every stage callable on its own, and the whole of it.

``parse_pack`` (stages 0-2) -> ``check_pack`` (stage 3) -> ``lower_pack`` (stage 4)
-> ``compile_packs`` (stage 5, engine data).  Each takes a :class:`DiagnosticSink`
and never raises on bad pack input; only a PACK path that does not exist raises
:class:`~munchkin_dsl.source.PackNotFound`, which the CLI turns into exit code 2.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from munchkin_dsl.checks import CheckContext, run_checks
from munchkin_dsl.diagnostics import DiagnosticSink, Span
from munchkin_dsl.nodes import Card, Header
from munchkin_dsl.pack_info import PackInfo
from munchkin_dsl.resolve import Scope, build_scope, did_you_mean, known_language
from munchkin_dsl.rulesets import Ruleset, UnknownRuleset, load_ruleset, ruleset_ids
from munchkin_dsl.source import LoadedPack, load_pack

if TYPE_CHECKING:  # the effect classes load only when a command compiles
    from munchkin_dsl.effects import CardData
    from munchkin_dsl.engine_data import EngineData


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


def parse_pack(path: str | Path, sink: DiagnosticSink) -> LoadedPack:
    """Stages 0-2: read the pack's files and parse them into AST units."""
    return load_pack(path, sink)


def _header_info(loaded: LoadedPack, sink: DiagnosticSink
                 ) -> tuple[Header | None, tuple[Ruleset, ...], tuple[str, ...], PackInfo | None]:
    unit = loaded.header_unit
    headers = [u.header for u in loaded.units if u.header is not None]
    for extra in headers[1:]:
        sink.error("E010", "a pack has one header; this is a second one", extra.span,
                   f"the header is at {headers[0].span}; remove this one")
    if not loaded.units or any(u.header_broken for u in loaded.units):
        # The manifest was unreadable (E005/E006/E012) or its header has a syntax error:
        # "no header" would only repeat that.
        return None, (), ("en",), None
    if unit is None or unit.header is None:
        first = next(iter(loaded.texts), str(loaded.root))
        sink.error("E011", "the pack has no header", Span.point(first),
                   'start the pack with `pack my-pack { title "..."; version "1.0"; '
                   "ruleset munchkin-1.6; languages en }`")
        return None, (), ("en",), None
    header = unit.header
    rulesets: list[Ruleset] = []
    for stat in header.values("ruleset"):
        for ref in stat.args:
            try:
                rulesets.append(load_ruleset(ref.name))
            except UnknownRuleset as exc:
                hint = did_you_mean(list(exc.suggestions)) or (
                    "known rulesets: " + ", ".join(ruleset_ids()))
                sink.error("E105", f"unknown ruleset '{ref.name}'", ref.span, hint)
                if exc.suggestions:
                    # Check the rest against the likely intended ruleset, so one typo in
                    # the header does not turn every race and class into an error.
                    rulesets.append(load_ruleset(exc.suggestions[0]))
    if not header.values("ruleset"):
        sink.error("E013", "the pack header does not name a ruleset", header.id_span,
                   "add `ruleset ID` with one of: " + ", ".join(ruleset_ids()))
    languages: list[str] = []
    for stat in header.values("languages"):
        for ref in stat.args:
            if known_language(ref, sink) and ref.name not in languages:
                languages.append(ref.name)
    for required in ("title", "version"):
        if not header.values(required):
            sink.error("E014", f"the pack header has no {required}", header.id_span,
                       f'add `{required} "..."` to the pack header')
    for stat in header.values("title_lang"):
        known_language(stat.args[0], sink)
    for kind in ("title", "version", "author"):
        repeated = header.values(kind)
        for extra in repeated[1:]:
            sink.error("E017", f"the pack header gives '{kind}' twice (first at "
                       f"{repeated[0].span})", extra.span, "keep one of the two lines")
    langs = tuple(languages) or ("en",)
    titles = {s.args[0].name: s.args[1] for s in header.values("title_lang")}
    title = next((s.args[0] for s in header.values("title")), header.id)
    version = next((s.args[0] for s in header.values("version")), "0")
    info = PackInfo(id=header.id, title=title, version=version,
                    rulesets=tuple(r.id for r in rulesets), languages=langs,
                    titles=dict(sorted(titles.items())))
    return header, tuple(rulesets), langs, info


def check_pack(path: str | Path, sink: DiagnosticSink, loaded: LoadedPack | None = None,
               run: Callable[[CheckContext], None] = run_checks) -> CheckedPack:
    """Stages 0-3: parse, then resolve names and run every check.

    ``loaded`` is a pack already read and parsed and ``run`` a way of running the checks
    (the language server's: editor buffers, a parse cache, re-checking only edited
    cards); without them the pack is read from disk and every check runs.
    """
    loaded = loaded if loaded is not None else parse_pack(path, sink)
    header, rulesets, languages, info = _header_info(loaded, sink)
    cards = [card for unit in loaded.units for card in unit.cards]
    scope = build_scope(rulesets, cards)
    ctx = CheckContext(header=header, cards=cards, scope=scope, rulesets=rulesets,
                       languages=languages, sink=sink,
                       root=loaded.root)
    run(ctx)
    return CheckedPack(str(path), loaded, header, cards, rulesets, languages, scope, info)


def lower_pack(pack: CheckedPack) -> list[CardData]:
    """Stage 4: the checked pack's cards as engine effect objects."""
    from munchkin_dsl.lower import lower_cards

    deck_for_kind: dict[str, str] = {}
    for rs in reversed(pack.rulesets):
        for kind in rs.card_kinds:
            deck_for_kind[kind] = rs.deck_for_kind(kind)
    return lower_cards(pack.cards, pack.scope, deck_for_kind, pack.loaded.stable_source,
                       pack.languages)


@dataclass
class CompileResult:
    data: EngineData | None
    packs: list[CheckedPack]
    sink: DiagnosticSink

    @property
    def texts(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for pack in self.packs:
            out.update(pack.loaded.texts)
        return out


def compile_packs(paths: Sequence[str | Path], sink: DiagnosticSink | None = None
                  ) -> CompileResult:
    """Stages 0-5 for one or more packs; ``data`` is None when any pack has errors."""
    sink = sink if sink is not None else DiagnosticSink()
    unique: dict[Path, str | Path] = {}
    for path in paths:
        key = Path(path).resolve()
        if key in unique:
            sink.warning("W112", f"pack '{path}' is given twice; it is compiled once",
                         None, "remove the repeated PACK argument")
            continue
        unique[key] = path
    packs = [check_pack(p, sink) for p in unique.values()]
    _check_cross_pack_ids(packs, sink)
    if sink.has_errors:
        return CompileResult(None, packs, sink)
    from munchkin_dsl.engine_data import EngineData

    cards: list[CardData] = []
    for pack in packs:
        cards.extend(lower_pack(pack))
    infos = tuple(p.info for p in packs if p.info is not None)
    return CompileResult(EngineData(packs=infos, cards=tuple(cards)), packs, sink)


def check_pack_ids(packs: Sequence[CheckedPack], sink: DiagnosticSink,
                   hint: str = "give each pack its own id in its `pack ID { ... }` header"
                   ) -> None:
    """E111: packs used together (compiled, or mixed) are told apart by their pack ids."""
    seen_packs: dict[str, CheckedPack] = {}
    for pack in packs:
        if pack.header is None:
            continue
        if pack.header.id in seen_packs:
            sink.error("E111", f"pack id '{pack.header.id}' is also the id of the pack at "
                       f"{seen_packs[pack.header.id].header.id_span}", pack.header.id_span,
                       hint)
        seen_packs.setdefault(pack.header.id, pack)


def _check_cross_pack_ids(packs: list[CheckedPack], sink: DiagnosticSink) -> None:
    """Packs compiled together share one id space (cards) and must differ in pack id."""
    check_pack_ids(packs, sink)
    owner: dict[str, tuple[int, str, Card]] = {}
    for index, pack in enumerate(packs):
        pack_id = pack.header.id if pack.header else pack.path
        for card in pack.cards:
            if card.id in owner and owner[card.id][0] != index:
                _, other_pack, other = owner[card.id]
                sink.error("E110", f"card id '{card.id}' is also used in pack '{other_pack}' "
                           f"({other.id_span})", card.id_span,
                           "compiled packs share one id space; rename one card, or use "
                           "`munchkin mix` to merge packs that share cards")
            owner.setdefault(card.id, (index, pack_id, card))
