"""Rewards of a won fight beyond the printed ones: `+1 level` lines that change what a
kill gives (Furious Rooster: an extra level when the monster dies by fire).

Read when the fight is won, before the combat closes, so a line's conditions still see
the fight (`if any fighter is using fire`).  Kept out of engine/game.py, which only
adds the change to the levels it gives.
"""

from __future__ import annotations

from munchkin_dsl.engine import amounts
from munchkin_dsl.engine import combat as cb
from munchkin_dsl.engine.interface import Ctx, GameLike
from munchkin_dsl.engine.state import Combat, MonsterInst


def kill_level_change(game: GameLike, combat: Combat, killed: list[MonsterInst]) -> int:
    """Levels added to (or taken from) the fighter's reward: each killed monster's own and
    its enhancers' `+N level` lines whose conditions hold, and every such line played
    into the fight (once, whatever the number of monsters).  0 when nothing was killed.
    A line's count (`+1 level for every 10 points you won by`) is read now."""
    if not killed:
        return 0
    state = game.state
    n = 0
    for m in killed:
        for card in [m.card, *m.all_enhancers()]:
            for ab in card.data.abilities:
                if ab.conditions and not cb.conditions_hold(ab.conditions, cb.Scope(monster=m),
                                                            state, combat):
                    continue
                n += sum(amounts.treasure(e, Ctx(game, card, None, monster=m))
                         for e in ab.effects if e.kind == "kill_levels")
    n += sum(amounts.treasure(e, Ctx(game, card, owner)) for e, card, owner in combat.extras
             if e.kind == "kill_levels")
    return n
