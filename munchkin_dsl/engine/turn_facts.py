"""What each player did this turn, for `if you helped this turn` (language/parts/
turn_facts.py).

The engine notes a happening where its event is fired (``durations.event_came``: every
`when another player ...` event, a death, a sale, a won fight; a fight begun, a curse
suffered) and forgets them all when a new turn begins (engine/turn.py), so a condition
reads the turn being played, whoever's it is.
"""

from __future__ import annotations

from munchkin_dsl.compiler.effects import Condition
from munchkin_dsl.engine.state import GameState, Player
from munchkin_dsl.language.parts import turn_facts


def noted(state: GameState, timing: str, doer: Player) -> None:
    """``doer`` did the event ``timing`` now: kept for the rest of the turn if a condition
    can ask about it."""
    if timing in turn_facts.FACTS:
        state.turn_facts.add((doer.name, timing))


def did(cond: Condition, who: Player, state: GameState | None) -> bool:
    """`if SUBJECT HAPPENED this turn`: ``who`` did the condition's event this turn."""
    base = turn_facts.base_of(cond.predicate)
    return state is not None and (who.name, base) in state.turn_facts


#: the engine tests of the declared `did_` predicates
PREDICATES = {turn_facts.PREFIX + base: did for base in turn_facts.FACTS}
