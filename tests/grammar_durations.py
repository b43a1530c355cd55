"""The probe of a line that lasts (issue 19, item 3: "a duration must be observed to last,
and to end").

The sweep's first proof plays a line at its moment and sees a change there: a one-shot's
`until the end of the turn: +2 to you` was played into a fight and its +2 seen in that
fight, so a duration that lasted only that fight (or nothing at all when played outside
one) passed as proven.  For a line with a duration that ends at a moment of the game, this
module plays it as early as its timing lets (outside a fight when it can be played there),
then walks the game on: fights of its player (each observed, then fled) and turns, in the
order of ``SCRIPTS``.  At each "in" the line's table must differ from its bare twin's
(it still counts); at each "out" it must not (it has ended).
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from typing import Any

from conformance import OBSERVE, Combo, trigger
from grammar_probe import Probe

from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.engine import EngineError
from munchkin_dsl.language.parts import until_events
from munchkin_dsl.language.parts.durations import next_combats_until

#: what the walk can observe: a fight of the line's player
OBSERVED = frozenset({"strength", "ties", "run_away", "escape", "die_roll"})

#: duration -> the walk after the line is played (the player A's turn, seats A, B, C):
#: "in" / "out" a fight of A observed (it must count / must not), "turn" the next turn
SCRIPTS: dict[str, tuple[str, ...]] = {
    "end_of_turn": ("in", "in", "turn", "out"),
    "next_turn": ("in", "turn", "in", "turn", "turn", "out"),
    "end_of_next_turn": ("in", "turn", "turn", "turn", "in", "turn", "out"),
    "end_of_next_combat": ("in", "out"),
    "end_of_combat": ("in", "out"),
}


#: `until you kill a monster` (parts/until_events.py): A does the event through the
#: engine's own flow, between a fight where the line counts and one where it must not
_DOES: dict[str, Callable[[Probe], Any]] = {
    "when_other_kills": lambda t: _kill(t), until_events.WON: lambda t: _kill(t),
    "when_other_runs_away": lambda t: _flee(t, 6), "when_other_escapes": lambda t: _flee(t, 6),
    "when_other_caught": lambda t: _flee(t, 1),
    "when_other_gains_level": lambda t: t.game.gain_levels(t.a, 1, "probe"),
    "when_other_loses_level": lambda t: t.game.lose_levels(t.a, 1),
    "when_other_starts_turn": lambda t: t.game.start_turn(t.a),
}
for _base in _DOES:
    SCRIPTS[until_events.until_id(_base)] = ("in", "event", "out")
#: `for your next N combats`: N fights where it counts, then one where it no longer does
for _n in range(2, 11):
    SCRIPTS[next_combats_until(_n)] = ("in",) * _n + ("out",)


def _kill(t: Probe) -> None:
    _close(t.game)
    t.game.start_combat(t.a, t.game.new_card("weakling"))
    t.game.resolve()


def _flee(t: Probe, roll: int) -> None:
    _close(t.game)
    t.fight("brute")
    with contextlib.suppress(EngineError):
        t.game.run_away([roll] * 3)
    t.game.state.combat = None


def _until(card: CardData) -> str | None:
    return next((ab.until for ab in card.abilities if ab.until in SCRIPTS), None)


def _observe(t: Probe, observe: str) -> Any:
    """One fight of A, observed, then closed (fled) so the walk goes on."""
    g = t.game
    if g.state.combat is None:
        t.fight()
    seen = OBSERVE[observe](t)
    _close(g)
    return seen


def _close(g: Any) -> None:
    """The open fight ends the way a fight ends (fled), so the durations it ends end."""
    if g.state.combat is not None:
        with contextlib.suppress(EngineError):
            g.run_away([6, 6, 6])
        g.state.combat = None


def _walk(t: Probe, combo: Combo, script: tuple[str, ...], outside: bool,
          until: str | None = None) -> list[Any]:
    """Play the line (outside a fight when ``outside``), then the walk: what each "in" and
    "out" saw."""
    g = t.game
    if outside and g.state.combat is not None:  # a set-up's fight: closed, so the line is
        _close(g)                                # played where no fight is on
    trigger(t, combo, not outside)
    seen = []
    for step in script:
        if step == "turn":
            _close(g)
            st = g.state
            g.start_turn(st.players[(st.current + 1) % len(st.players)])
        elif step == "event":  # A does the event the duration ends at
            _DOES[until_events.base_of(until) or ""](t)
        else:
            seen.append(_observe(t, combo.spec.observe))
    return seen


def lasting(base_cards: list[CardData], ruleset: str, combo: Combo, card: CardData,
            setup: Callable[[Any, Any], None], gen: Any) -> str | None:
    """None when the line's duration (if it has one the walk knows) is seen to last and
    to end; else what went wrong."""
    until = _until(card)
    if until is None or combo.spec.observe not in OBSERVED:
        return None
    script = SCRIPTS[until]
    bare = dataclasses.replace(card, id=card.id + "-bare", abilities=())
    for outside in (True, False):
        try:
            runs = []
            for which in (card, bare):
                t = Probe(base_cards, which, ruleset)
                setup(t, gen)
                runs.append(_walk(t, combo, script, outside, until))
        except EngineError:
            continue  # not playable this way (`until end of combat` outside a fight)
        marks = [s for s in script if s not in ("turn", "event")]
        for i, (mark, with_line, without) in enumerate(zip(marks, *runs, strict=True)):
            if mark == "in" and with_line == without:
                return (f"`until {until.replace('_', ' ')}` did not last: fight {i + 1} of "
                        f"the walk {script} saw no change"
                        + (" (played outside a fight)" if outside else ""))
            if mark == "out" and with_line != without:
                return (f"`until {until.replace('_', ' ')}` did not end: fight {i + 1} of "
                        f"the walk {script} still saw {with_line!r} against {without!r}")
        return None
    return None
