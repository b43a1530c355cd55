"""An effect's behaviour returns an Outcome, and what a line asks of its caller (cancel
the curse, the roll fails, the curse goes back) comes back from ``run_ability`` in it
rather than as a flag on the context (issue 19 item 2)."""

from __future__ import annotations

from functools import cache

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.engine import Game
from munchkin_dsl.engine.effects_apply import APPLY, run_ability
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.outcome import APPLIED, NOT_APPLIED, Outcome


@cache
def _pack() -> EngineData:
    data = compile_packs(["packs/munchkin-1.6"]).data
    assert data is not None
    return data


def _fire(card_id: str, timing: str, **ctx: object) -> tuple[Outcome, Game]:
    g = Game(_pack(), ["A", "B", "C"], seed=1, debug=True, deal=False)
    a = g.state.player("A")
    card = g.new_card(card_id)
    ab = next(ab for ab in card.data.abilities if ab.timing == timing)
    return run_ability(Ctx(g, card, a, victim=a, timing=timing, **ctx), ab), g  # type: ignore[arg-type]


def test_the_roll_fails_comes_back_in_the_outcome() -> None:
    said, _g = _fire("bad-omen", "next_run_away_roll", roll=6)
    assert said.applied and said.fail_roll
    assert not (said.cancel or said.redirect or said.reroll)


def test_cancel_of_the_curse_being_played_comes_back_in_the_outcome() -> None:
    said, _g = _fire("wishing-ring", "any_time")
    # no curse in flight at `any time` and none on the victim: it did nothing (an
    # `otherwise` after it applies); before, it claimed a cancel nobody read
    assert not said.applied and not said.cancel
    g = Game(_pack(), ["A", "B", "C"], seed=1, debug=True, deal=False)
    a = g.state.player("A")
    ring = g.new_card("wishing-ring")
    said = run_ability(Ctx(g, ring, a, victim=a, timing="when_targeted"),
                       ring.data.abilities[0], check=False)
    assert said.applied and said.cancel  # the curse in flight, which its caller cancels


def test_cancel_of_a_curse_in_play_lifts_it_and_asks_nothing() -> None:
    g = Game(_pack(), ["A", "B", "C"], seed=1, debug=True, deal=False)
    a = g.state.player("A")
    curse = g.new_card("bad-omen")
    a.curses.append(curse)
    ring = g.new_card("wishing-ring")
    said = run_ability(Ctx(g, ring, a, victim=a, timing="any_time"), ring.data.abilities[0])
    assert said.applied and not said.cancel and curse not in a.curses


def test_redirect_comes_back_in_the_outcome() -> None:
    said, _g = _fire("paranoid-gnome", "when_targeted")  # its cost is the caller's to pay
    assert said.applied and said.redirect and not said.cancel


def test_outcomes_of_a_line_add_up_as_the_caller_reads_them() -> None:
    b = Game(_pack(), ["A", "B"], seed=1, debug=True, deal=False).state.player("B")
    first = Outcome(True, turn_on=b)
    both = NOT_APPLIED.then(first).then(Outcome(False, reroll=True)).then(APPLIED)
    assert both.applied and both.reroll and both.turn_on is b and not both.cancel
    assert NOT_APPLIED.then(NOT_APPLIED) == NOT_APPLIED
    assert both.as_applied(False).reroll and not both.as_applied(False).applied


def test_every_row_of_the_effect_table_returns_an_outcome() -> None:
    """A row that returned a bool would read as applied whatever it did (an Outcome is
    always truthy), so every row is called on a context where most do nothing."""
    g = Game(_pack(), ["A", "B"], seed=1, debug=True, deal=False)
    from munchkin_dsl.compiler import effects as fx
    for kind, behave in APPLY.items():
        record = fx.EFFECTS_BY_KIND[kind]
        try:
            eff = record()  # type: ignore[call-arg]
        except TypeError:
            continue  # a record with required fields: covered by the scenarios
        out = behave(eff, Ctx(g, None, g.state.player("A")))
        assert isinstance(out, Outcome), kind
