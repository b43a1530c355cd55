"""Conformance: every line that checks also runs (issue: "Every line that checks also runs").

For every card kind x timing x effect kind the registry declares, the smallest card that
writes it is checked; what the checker accepts is played in the engine from its own flow
and must change what the registry's ``observe`` names; what it refuses must say why.
The machinery is in ``tests/conformance.py``; ``python tests/conformance.py`` prints the
counts quoted in the README.
"""

from __future__ import annotations

import pytest
from conformance import Checked, Combo, check_all, prove, readme_counts

from munchkin_dsl import data
from munchkin_dsl.language import registry

#: The codes that refuse a combination: the line-level refusals, and the fixed rules
#: (a level on escape breaks rule 2 whatever the engine could do).
REFUSING = {"E202", "E220", "E221", "E223", "E224", "E225", "E226", "E227", "E228", "E229",
            "R101", "R201", "R301", "R401", "E210"}


def checked() -> Checked:
    return check_all()


def _pairs() -> list[tuple[str, str]]:
    return [(t, e) for t in registry.timings() for e in registry.effects()]


@pytest.mark.parametrize(("timing", "effect"), _pairs(), ids=[f"{t}-{e}" for t, e in _pairs()])
def test_every_accepted_combination_changes_the_game(timing: str, effect: str) -> None:
    c = checked()
    failures = []
    for combo, _card, _bare in c.accepted.values():
        if combo.timing == timing and combo.effect == effect:
            ok, why = prove(c, combo)
            if not ok:
                failures.append(f"{combo.id}: {why}")
    assert not failures, "accepted by the checker but inert in the engine:\n" + "\n\n".join(
        failures)


def test_every_refused_combination_is_refused_with_a_reason() -> None:
    c = checked()
    unexplained = {cid: codes for cid, (_combo, codes) in c.refused.items()
                   if not set(codes) & REFUSING}
    assert not unexplained, unexplained


def test_the_suite_covers_every_kind_timing_and_effect() -> None:
    c = checked()
    accepted = list(c.accepted.values())
    assert {combo.kind for combo, _c, _b in accepted} == set(data.kinds())
    # (a timing no kind carries is a `play` window only, `in a combat you are in`: E220 as
    # a line's timing, which the refused combinations check)
    assert {combo.timing for combo, _c, _b in accepted} == {
        t for t, spec in registry.timings().items() if spec.carriers}
    assert [t for t, spec in registry.timings().items() if not spec.carriers] == [
        "in_own_combat"]
    assert {combo.effect for combo, _c, _b in accepted} == set(registry.effects())
    variants = {(combo.effect, combo.variant) for combo, _c, _b in accepted if combo.variant}
    assert variants == {(k, v) for k, e in registry.effects().items() for v in e.variants}


def test_a_refusal_names_what_to_write_instead() -> None:
    # one representative per refusing rule of the registry
    assert "remove `in combat`" in (registry.refusal("monster", "in_combat") or "")
    assert "`after failed run away roll`" in (
        registry.refusal("race", "after_run_away_roll", "reroll") or "")
    assert "in combat" in (registry.refusal("race", "on_kill", "strength") or "")
    assert "without a timing" in (registry.refusal("one-shot", "in_combat", "limit") or "")
    assert registry.refusal("race", "continuous", "strength") is None


def test_the_readme_quotes_the_counts() -> None:
    c = checked()
    quoted = readme_counts(r"(\d[\d,]*) combinations accepted, (\d[\d,]*) proven in the "
                           r"engine, (\d[\d,]*) accepted but unproven, (\d[\d,]*) refused")
    assert quoted == [len(c.accepted), len(c.accepted), 0, len(c.refused)], quoted


def test_a_broken_engine_handler_is_caught() -> None:
    """The suite can fail: with a handler that does nothing, its combinations are unproven."""
    from munchkin_dsl.engine import effects_apply
    from munchkin_dsl.engine.outcome import APPLIED

    c = checked()
    combo = next(combo for combo, _c, _b in c.accepted.values()
                 if combo.effect == "lose_levels" and combo.timing == "on_play")
    saved = effects_apply.APPLY["lose_levels"]
    effects_apply.APPLY["lose_levels"] = lambda eff, ctx: APPLIED
    try:
        ok, why = prove(c, combo)
    finally:
        effects_apply.APPLY["lose_levels"] = saved
    assert not ok and "no change in level" in why
    assert prove(c, combo)[0]


def test_combo_ids_are_unique() -> None:
    from conformance import combos

    ids = [Combo.id.fget(c) for c in combos()]  # type: ignore[attr-defined]
    assert len(ids) == len(set(ids))
