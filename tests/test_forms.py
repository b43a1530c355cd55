"""The language's tables of forms (munchkin_dsl/language/reference.py) cover every form of
the grammar and the engine, and the language server reads them instead of the docs file.

Every alternative of the grammar's `frequency`, `subject` and `target` rules, every
condition predicate has its row in data/forms.toml, every count an amount can read its row
from its part class, and
every timing, until and effect kind its row in its TOML table or part class; so a form
cannot be added without its documentation, hover text and completion detail.
"""

from __future__ import annotations

import pytest

from munchkin_dsl import data
from munchkin_dsl.compiler.effect_base import CONDITION_PREDICATES
from munchkin_dsl.compiler.effect_words import COUNTED
from munchkin_dsl.language import algebra, reference, registry
from munchkin_dsl.language.count_part import count_parts
from munchkin_dsl.language.parser import compiled_parser
from munchkin_dsl.language.parts import until_events
from munchkin_dsl.language.parts.waiting import FORM_ROWS, split
from munchkin_dsl.lsp import vocabulary


def _ids(section: str) -> set[str]:
    return {i for entry in data.load("forms")[section] for i in entry["ids"]}


def _aliases(prefix: str) -> set[str]:
    """The ids a grammar rule's alternatives write (`-> tg_left_player`: left_player)."""
    return {r.alias[len(prefix):] for r in compiled_parser().lark.rules
            if r.alias and r.alias.startswith(prefix)}


@pytest.mark.parametrize(("section", "prefix"), [("frequency", "f_"), ("subject", "s_"),
                                                 ("selector", "tg_")])
def test_every_grammar_alternative_has_a_form(section: str, prefix: str) -> None:
    written = _aliases(prefix)
    assert written, f"no grammar alternative starts {prefix}"
    assert written - _ids(section) == set(), f"forms.toml [[{section}]] misses a form"


def test_every_predicate_and_count_has_a_form() -> None:
    assert set(CONDITION_PREDICATES) - _ids("condition") == set()
    assert {"card", "open_seal", "each", "monster", "roll"} <= _ids("amount")
    # the counts are parts (language/parts/counts.py): each has its row in the counts table,
    # and the record's for_each words are theirs
    rows = reference.tables()["count"].rows
    assert [r.form for r in rows] == [f for p in count_parts() for f, _d, _e in p.forms]
    assert all(p.forms for p in count_parts())
    assert set(COUNTED) == {p.count for p in count_parts()}


def test_every_form_names_ids_the_language_has() -> None:
    """No row documents a form that is gone (an id no grammar rule or engine table has)."""
    known = {"frequency": _aliases("f_"), "subject": _aliases("s_"),
             "selector": _aliases("tg_"),
             "condition": set(CONDITION_PREDICATES),
             "amount": {"card", "open_seal", "each", "monster", "roll", "against"}}
    for section, ids in known.items():
        assert _ids(section) - ids == set(), section


def test_every_cost_form_has_a_row_and_every_row_a_cost_kind() -> None:
    """A cost part's forms (`discard N cards:`, `discard this:`) each have their docs row,
    and no row names a Cost kind the part does not pay."""
    for part in algebra.cost_parts():
        rows = {kind for kind, *_ in part.cost_forms}
        assert rows == set(part.cost_kinds.values()), part.kind
    rows = reference.tables()["cost"].rows
    assert len(rows) == sum(len(p.cost_forms) for p in algebra.cost_parts()) >= 4


def test_every_timing_and_effect_has_a_row() -> None:
    tables = reference.tables()
    waiting = [t for t in registry.timings() if split(t)]  # one row per form, not per event
    assert len(tables["event"].rows) == len(registry.timings()) - len(waiting) + len(FORM_ROWS)
    forms = sum(len(e["forms"]) for k, e in data.load("effects").items() if k != "groups")
    assert len(tables["effect"].rows) == forms + sum(max(1, len(p.forms))
                                                     for p in algebra.effect_parts())
    durations = [p for p in algebra.duration_parts() if p.category == "duration"]
    # the durations that end at an event (parts/until_events.py): one row for all of them
    at_event = [u for u in registry.untils() if until_events.base_of(u)]
    assert at_event
    assert len(tables["duration"].rows) == len(registry.untils()) - len(at_event) + 1 \
        + len(durations)
    controls = [p for p in algebra.duration_parts() if p.category == "control"]
    assert len(tables["control"].rows) == len(controls) > 0


def test_a_row_names_the_card_kinds_from_the_carriers() -> None:
    """`only on` is the registry's carriers, not a hand-kept cell: `will not pursue` is for
    monsters, `end the game` for doors and Seals."""
    rows = {r.form: r for r in reference.tables()["effect"].rows}
    assert rows["`will not pursue`"].only_on == "monster"
    assert rows["`end the game` [`by CRITERION then CRITERION...`]"].only_on == "door, seal"
    assert rows["`gain(s) N level(s)`"].only_on == ""  # any kind


def test_hover_reads_the_declarations_not_the_docs() -> None:
    text = vocabulary.reference(["bad", "stuff"])
    assert text is not None and "Timings" in text
    assert "when the monster catches a player who failed to run away" in text
    # a part declared as a class has its hover too
    part = algebra.by_rule()["double_strength"]
    assert part.summary in (vocabulary.reference(["double", "the", "strength"]) or "")


def test_completion_detail_of_a_keyword() -> None:
    assert vocabulary.keyword_detail("gain") == next(
        r.does for r in reference.tables()["effect"].rows if r.form == "`gain(s) N level(s)`")
    assert vocabulary.keyword_detail("once") is not None
    assert vocabulary.keyword_detail("zzz") is None
    doc = vocabulary.keyword_documentation("gain")
    assert doc is not None and "`gain(s) N level(s)`" in doc and "e.g. `" in doc


def test_the_kinds_table_reads_the_kinds_and_the_rulesets() -> None:
    """Each card kind has its row; its default event and subject are the ones the checker
    uses (data/kinds.toml), its rulesets the ones whose card_kinds list it."""
    rows = {r.form: r for r in reference.tables()["kind"].rows}
    assert len(rows) == len(data.kinds())
    assert rows["`seal`"].more[1:] == ("`while open`", "`fighter`", "munchkin-apocalypse")
    assert rows["`race`"].more[-1] == "all but munchkin-apocalypse"


def test_every_statement_a_kind_takes_has_a_row() -> None:
    """data/kinds.toml `stats` (what E201 allows) and the [[stat]] rows name the same."""
    taken = {s for e in data.kinds().values() for s in e["stats"]}
    assert _ids("stat") == taken
