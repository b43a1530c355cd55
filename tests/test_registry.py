"""The registry is complete: every entry has each part every stage needs.

An effect kind is declared once (``munchkin_dsl/data/effects.toml``); these tests fail
when a declared kind lacks a grammar phrase, a typed AST node, a parser method, a
checker range, an effect class with its schema, an engine handler, a card-text macro in
any language, or an observation in the conformance suite, and when any of those exists
for a kind the registry does not declare.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conformance import OBSERVE

from munchkin_dsl import data
from munchkin_dsl.compiler.effects import EFFECT_TYPES, EFFECTS_BY_KIND
from munchkin_dsl.engine.effects_apply import APPLY
from munchkin_dsl.language import algebra, registry
from munchkin_dsl.language.ast_builder import AstBuilder as _AstBuilder
from munchkin_dsl.language.nodes import CLAUSE_TYPES as HAND_WRITTEN
from munchkin_dsl.language.parser import _grammar_text, compiled_parser
from munchkin_dsl.language.parts.waiting import CURSE_WAITS_HINT
from munchkin_dsl.text.cardtext import TEXT_LANGUAGES as LANGUAGES
from munchkin_dsl.text.cardtext import template_module

ROOT = Path(__file__).resolve().parent.parent
#: Phrase -> node class: the hand-written nodes and the declared parts (bound by rule name).
CLAUSE_TYPES = {**HAND_WRITTEN, **algebra.by_rule()}
EFFECTS = sorted(registry.effects())


def _grammar_names() -> set[str]:
    names = set()
    for rule in compiled_parser().lark.rules:
        origin = rule.origin.name
        names.add(origin if isinstance(origin, str) else origin.value)
        if rule.alias:
            names.add(str(rule.alias))
    return names


@pytest.mark.parametrize("kind", EFFECTS)
def test_effect_entry_is_complete(kind: str) -> None:
    spec = registry.effects()[kind]
    missing = []
    if spec.phrase not in _grammar_names():
        missing.append(f"grammar rule {spec.phrase!r}")
    if spec.phrase not in CLAUSE_TYPES:
        missing.append(f"typed AST node for {spec.phrase!r} (nodes.CLAUSE_TYPES)")
    if not hasattr(_AstBuilder, spec.phrase) and spec.phrase not in algebra.by_rule():
        missing.append(f"parser method _AstBuilder.{spec.phrase}")
    if kind not in EFFECTS_BY_KIND:
        missing.append("effect dataclass (effects.py)")
    if kind not in APPLY:
        missing.append("engine handler (engine/effects_apply.APPLY)")
    for lang in LANGUAGES:
        if not hasattr(template_module(lang, "effects"), kind):
            missing.append(f"card-text macro in templates/{lang}/effects.j2")
    for variant in (spec, *spec.variants.values()):
        if variant.observe not in OBSERVE:
            missing.append(f"conformance observation {variant.observe!r}")
    for field_name, key in spec.numbers.items():
        if key not in data.limits():
            missing.append(f"range {key!r} in data/limits.toml")
        if field_name not in CLAUSE_TYPES.get(spec.phrase, object).__dataclass_fields__:
            missing.append(f"numbered field {field_name!r} on the AST node")
    assert not missing, f"effect kind {kind!r} lacks: " + ", ".join(missing)


@pytest.mark.parametrize("kind", EFFECTS)
def test_effect_is_in_both_schemas(kind: str) -> None:
    for name in ("engine-data.schema.json", "mixed-engine-data.schema.json"):
        text = (ROOT / "schemas" / name).read_text(encoding="utf-8")
        assert json.dumps(kind) in text, f"{kind} missing from schemas/{name}"


def test_nothing_exists_outside_the_registry() -> None:
    kinds = set(registry.effects())
    assert {cls.kind for cls in EFFECT_TYPES} == kinds
    assert set(APPLY) == kinds
    effect_phrases = {e.phrase for e in registry.effects().values()}
    clause_phrases = set(CLAUSE_TYPES) - {"timing", "frequency", "roll", "condition"} - {
        p.rule for p in algebra.declared() if not issubclass(p, algebra.EffectPart)}
    assert clause_phrases == effect_phrases


@pytest.mark.parametrize("timing", sorted(registry.timings()))
def test_timing_entry_is_complete(timing: str) -> None:
    spec = registry.timings()[timing]
    if spec.phrase is not None:
        assert spec.phrase in _grammar_names(), f"{timing}: no grammar alternative"
        assert registry.timing_for_phrase()[spec.phrase] == timing
    assert spec.carriers <= set(data.kinds()), spec.carriers - set(data.kinds())
    assert spec.phase in {"fight", "flight", "caught", "failed", "instead", "none", "any"}
    assert spec.refuse and spec.words


def test_every_grammar_timing_is_in_the_registry() -> None:
    timing_aliases = {n for n in _grammar_names() if n.startswith("t_")}
    assert timing_aliases == set(registry.timing_for_phrase())


def test_the_registry_writes_the_parsers_effect_phrases() -> None:
    grammar = _grammar_text()
    action = grammar[grammar.index("?action:"):].split("\n\n")[0]
    listed = {part.strip(" |\n") for part in action.removeprefix("?action:").split("|")}
    expected = {e.phrase for e in registry.effects().values() if not e.cost}
    assert listed == expected


def test_card_kinds_come_from_one_table() -> None:
    from munchkin_dsl.base.rulesets import CARD_KINDS, CURSE_KINDS
    from munchkin_dsl.language.parser import KIND_IDS

    assert set(KIND_IDS.values()) == set(CARD_KINDS) == set(data.kinds())
    assert set(CURSE_KINDS) == {"curse", "trap", "disaster"}
    assert {n.removeprefix("k_") for n in _grammar_names() if n.startswith("k_")} == {
        k.replace("-", "_") for k in data.kinds()}


def test_each_example_checks_clean_on_a_kind_that_may_carry_it() -> None:
    """The registry's example of every effect is a line an author can write."""
    from conformance import check_all

    accepted = {combo.effect for combo, _c, _b in check_all().accepted.values()}
    assert accepted == set(registry.effects())


# ---------------------------------------------------------------- refusal reasons are data

def _all_specs() -> list[registry.EffectSpec]:
    out = []
    for spec in registry.effects().values():
        out.append(spec)
        out.extend(spec.variants.values())
    return out


def test_every_need_is_declared_with_its_reason() -> None:
    """An effect's `needs` (TOML entry, variant or part class) and a timing's `admits`
    name an entry of data/needs.toml, which says what it acts on and why it is refused."""
    declared = registry.needs()
    used = {s.needs for s in _all_specs() if s.needs} | {
        t.admits for t in registry.timings().values() if t.admits}
    assert used - set(declared) == set()
    for need in declared.values():
        assert need.words and need.reason, need.id
        # a moment is a timing, or timings apart by spaces (`when you would lose a level`
        # or `... an item`)
        assert need.moment is None or set(need.moment.split()) <= set(registry.timings()), \
            need.id


def _declared_reasons() -> set[str]:
    """Every text a refusal may give, from the declarations (a need's reason formatted
    for each timing and card kind it can meet)."""
    table = data.load("needs")
    kinds = sorted(data.kinds())
    out = {t.refuse for t in registry.timings().values()}
    out |= {t.admits_refuse for t in registry.timings().values() if t.admits}
    out |= {t.no_fight for t in registry.timings().values() if t.no_fight}  # an event's own
    out.add(table["phase"]["monster_at_event"])  # the same events heard by a monster
    out |= {CURSE_WAITS_HINT.format(words=t.words)  # a curse-like card told to wait
            for t in registry.timings().values()}
    out |= {r for s in _all_specs() for r in s.refuse_at.values()}
    for t in registry.timings().values():
        out.add(table["moment"]["reason"].format(words=t.words))
        for need in registry.needs().values():
            for kind in kinds:
                hint = table["phase"]["kind_hints"].get(kind, "")
                out.add(need.reason.format(need=need.words, when=f"at `{t.words}`",
                                           hint=hint))
    return out


def _fitted(why: str, reasons: set[str], kind: str, timing: str,
            eff: registry.EffectSpec) -> bool:
    """``why`` is a declared reason less the forms refused on ``kind`` (fit_hint)."""
    head = why.split("; ")[0][:20]
    return any(registry.fit_hint(r, kind, timing, e) == why for r in reasons
               if r.startswith(head) for e in (None, eff))


def test_every_refusal_reason_is_a_declarations_text() -> None:
    """`registry.refusal` writes no reason of its own: over every card kind, timing and
    effect (and variant), what it says is a text of data/timings.toml, data/needs.toml,
    an effect's `refuse_at` or a part class; and each kind of refusal occurs."""
    reasons = _declared_reasons()
    seen: set[str] = set()
    for kind in data.kinds():
        for timing in registry.timings():
            for spec in registry.effects().values():
                for variant in (None, *spec.variants):
                    why = registry.refusal(kind, timing, spec.kind, variant)
                    if why is not None:  # as declared, or fitted to the kind (fit_hint)
                        assert why in reasons or _fitted(why, reasons, kind, timing,
                                                         spec.variant(variant)), (
                            kind, timing, spec.kind, variant, why)
                        seen.add(why)
    table = data.load("needs")
    assert any("has no moment of its own" in w for w in seen)
    assert table["need"]["table"]["reason"].format(hint="") in seen
    assert any("a door or treasure stays in play" in w for w in seen)
    assert registry.timings()["after_any_die_roll"].admits_refuse in seen
    assert registry.timings()["next:when_other_gains_level"].no_fight in seen
