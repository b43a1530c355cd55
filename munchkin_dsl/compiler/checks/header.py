"""The pack header: one per pack, naming known rulesets and languages, a title and version.

Codes: E010 second header, E011 no header, E013 no ruleset, E014 no title/version,
E017 a header field given twice, E105 unknown ruleset (and, through
:func:`~munchkin_dsl.compiler.resolve.known_language`, the unknown-language codes).
"""

from __future__ import annotations

from munchkin_dsl.base.diagnostics import DiagnosticSink, Span
from munchkin_dsl.base.rulesets import Ruleset, UnknownRuleset, load_ruleset, ruleset_ids
from munchkin_dsl.compiler.pack_info import PackInfo
from munchkin_dsl.compiler.resolve import did_you_mean, known_language
from munchkin_dsl.language.nodes import Header
from munchkin_dsl.language.source import LoadedPack


def read_header(loaded: LoadedPack, sink: DiagnosticSink
                ) -> tuple[Header | None, tuple[Ruleset, ...], tuple[str, ...], PackInfo | None]:
    """The pack's header, its rulesets, languages and engine-data identity, with its problems.

    Runs before the card checks (they need the rulesets and languages it names), which is
    why it returns what it read rather than only reporting.  A broken manifest (unreadable,
    or a syntax error in the header) gives ``(None, (), ("en",), None)`` without E011, which
    would only repeat the error already reported.
    """
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
    rulesets = _header_rulesets(header, sink)
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
        for again in repeated[1:]:
            sink.error("E017", f"the pack header gives '{kind}' twice (first at "
                       f"{repeated[0].span})", again.span, "keep one of the two lines")
    langs = tuple(languages) or ("en",)
    titles = {s.args[0].name: s.args[1] for s in header.values("title_lang")}
    title = next((s.args[0] for s in header.values("title")), header.id)
    version = next((s.args[0] for s in header.values("version")), "0")
    info = PackInfo(id=header.id, title=title, version=version,
                    rulesets=tuple(r.id for r in rulesets), languages=langs,
                    titles=dict(sorted(titles.items())))
    return header, tuple(rulesets), langs, info


def _header_rulesets(header: Header, sink: DiagnosticSink) -> list[Ruleset]:
    """The rulesets the header names (E105 for an unknown one, E013 when it names none)."""
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
    return rulesets
