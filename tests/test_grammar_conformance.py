"""Conformance from the grammar itself (issue 19, item 3).

A fixed-seed sweep of lines derived from the compiled grammar (``tests/grammar_lines.py``),
on cards of every kind under every ruleset: each line the checker accepts is played in a
probe game in which its event happens, and must change what a player would see with the
engine's trace showing its effects ran.  A line accepted but unproven fails the suite
unless its kind x timing x effect is listed in ``tests/data/grammar_unproven.toml`` (each
with the reason it is still open); the list only shrinks.  ``bench/conformance_long.py``
runs a longer sweep with other seeds.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import grammar_lines as gl
from conformance import readme_counts

from munchkin_dsl.engine import effects_apply
from munchkin_dsl.engine.outcome import APPLIED

REPO = Path(__file__).resolve().parent.parent
KNOWN = REPO / "tests" / "data" / "grammar_unproven.toml"
#: The CI sweep: at least 20,000 lines, one seed, so a failure names a line anyone reruns.
LINES, SEED = 20_000, 19


@cache
def sweep() -> gl.Run:
    return gl.sweep(LINES, SEED)


def known() -> dict[str, str]:
    with KNOWN.open("rb") as fh:
        return {k: str(v) for k, v in tomllib.load(fh).get("open", {}).items()}


def category(why: str) -> str:
    """`one-shot.on_play.take:cards: no change ...` -> `one-shot.on_play.take:cards`."""
    return why.split(": ", 1)[0]


def test_every_accepted_generated_line_runs_in_the_engine() -> None:
    run = sweep()
    allowed = known()
    new = [f"{gen.kind}{' persistent' if gen.persistent else ''} [{gen.ruleset}] "
           f"{gen.line!r}: {why.splitlines()[0][:300]}"
           for gen, why in run.unproven if category(why) not in allowed]
    assert not new, ("accepted by the checker but inert in the engine (fix the engine or "
                     "refuse the line in the checker):\n" + "\n".join(new))


def test_the_known_unproven_list_only_names_what_still_fails() -> None:
    """An entry of the list that the sweep no longer finds must be removed (ratchet)."""
    still = {category(why) for _gen, why in sweep().unproven}
    stale = sorted(set(known()) - still)
    assert not stale, f"remove from {KNOWN.name}: {stale}"


def test_the_sweep_is_large_and_reaches_every_clause_form() -> None:
    run = sweep()
    assert run.generated >= 20_000
    grammar = gl.Grammar.load()
    # every alternative of `clause` (timing, cost, condition, every effect phrase...) was
    # derived at least once: a form added to the grammar is generated without a change here
    missing = [alt for alt in grammar.rules["clause"] if alt not in run.used["clause"]]
    assert not missing, missing
    accepted_kinds = {gen.kind for gen, _card in run.accepted}
    assert len(accepted_kinds) >= 12
    assert {gen.ruleset for gen, _card in run.accepted} == set(gl.RULESETS)


def test_a_grammar_change_leaves_the_other_lines_as_they_were() -> None:
    """Line n comes from (seed, n) and each choice from its place in the line: with one
    alternative of a rule gone (a form dropped from the grammar), every line that did not
    derive it is generated word for word as before (so the ratchet keeps its meaning when
    the grammar grows or shrinks)."""
    g = gl.Grammar.load()
    names = gl.names("munchkin-1.6")
    rule = "target"  # who an effect reaches: a rule many lines derive
    dropped = g.rules[rule][0]
    smaller = gl.Grammar({**g.rules, rule: g.rules[rule][1:]}, g.literals, g.cost)
    whole = gl.LineGenerator(names, SEED)
    without = gl.LineGenerator(names, SEED, grammar=smaller)
    users = 0
    for n in range(2000):
        whole.used.clear()
        line = whole.line(n)
        if dropped in whole.used.get(rule, set()):
            users += 1
        else:
            assert without.line(n) == line, (n, line)
    assert users > 0  # some lines did derive it (and those may change)


def test_a_broken_engine_handler_is_caught() -> None:
    """The sweep can fail: with a handler that does nothing, its lines are unproven."""
    run = sweep()

    def only_kind(c: Any) -> str | None:  # the line's one effect kind, if it has one handler
        kinds = {e.kind for ab in c.abilities for e in ab.effects}
        return next(iter(kinds)) if len(kinds) == 1 and kinds <= set(effects_apply.APPLY) \
            else None
    # a line whose only effect is level gains where the sample has one (the sample moves
    # as the grammar grows), else any line whose only effect has a handler of its own
    found = [(g, c, only_kind(c)) for g, c in run.accepted if only_kind(c)]
    found.sort(key=lambda f: f[2] != "gain_levels")
    gen, card, kind = next((g, c, k) for g, c, k in found if gl.prove(g, c) is None)
    assert kind is not None
    saved = effects_apply.APPLY[kind]
    effects_apply.APPLY[kind] = lambda eff, ctx: APPLIED
    try:
        why = gl.prove(gen, card)
    finally:
        effects_apply.APPLY[kind] = saved
    assert why is not None and kind in why


def test_the_readme_quotes_the_sweep() -> None:
    run = sweep()
    quoted = readme_counts(r"(\d[\d,]*) lines generated, (\d[\d,]*) accepted, (\d[\d,]*) "
                           r"proven in the engine, (\d[\d,]*) accepted but unproven, "
                           r"(\d[\d,]*) refused")
    assert quoted == [run.generated, len(run.accepted), run.proven, len(run.unproven),
                      sum(run.refused.values())], quoted
