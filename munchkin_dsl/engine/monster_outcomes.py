"""A won fight's events once its treasures are drawn: the monsters' own `on kill` and
`when defeated without a kill` lines, then the other players' cards that watch the killer.

A monster's outcome lines are its own events (`on kill: discard a disaster you carry`, Ash
Ravens; `on escape: ...`, `bad stuff: ...` are the others, engine/fight.py): its `you` is
the fighter who killed it, `helper` the helper, `each player in the fight` both, `every
other player` the rest of the table, all read from the fight just won.  They come after
the draw, with `when another player kills a monster` and `the next time that player kills
a monster`, so each of them may name the treasures the kill drew (language/parts/spoils.py:
`take a random treasure just drawn`, `if a treasure just drawn is an item`).  A card in
play's own `on kill` comes before the draw: its levels count toward a win with the kill's
(engine/fight.py ``_win``).
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.engine import waiting
from munchkin_dsl.engine.effects_apply import run_ability
from munchkin_dsl.engine.events import react
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import Combat, MonsterInst
from munchkin_dsl.language.parts.own_events import OWN
from munchkin_dsl.language.parts.won_fights import HelpedWin, OtherWins

#: a monster's own events when its fight is won (data/timings.toml `on_kill`, a monster
#: carrier; language/parts/monster_events.py `when defeated without a kill`)
KILLED, DEFEATED = "on_kill", "when_defeated"


def after_the_draw(game: Any, combat: Combat, killed: list[MonsterInst]) -> None:
    """The fight ``combat`` was won, killing ``killed``, its treasures drawn: each
    monster's `on kill` lines (or, defeated without a kill, its `when defeated without a
    kill` lines) act for the fighter, then the other players' cards react to a kill."""
    fighter = combat.fighter
    for m in combat.monsters:
        timing = KILLED if m in killed else DEFEATED if m.defeated else None
        for ab in m.card.data.abilities if timing is not None else ():
            if ab.timing == timing and not fighter.dead:
                run_ability(Ctx(game.game, m.card, fighter, victim=fighter, target=fighter,
                                monster=m, timing=timing), ab)
    if killed:
        # `if monster is level 10 or higher` reads the monster killed (the strongest of them):
        # two outside authors' first drafts tested it and it never held
        strongest = max(killed, key=lambda m: m.card.data.level or 0)
        react(game, fighter, "when_other_kills", monster=strongest)
        waiting.killed(game, fighter, strongest)  # `the next time that player kills ...`
        for p in [q for q in combat.players() if not q.dead]:  # `the next time you kill
            waiting.fire_waiting(game, p, "on_kill", monster=strongest)  # a monster`
    won(game, combat, killed)


def won(game: Any, combat: Combat, killed: list[MonsterInst]) -> None:
    """The fight ``combat`` is won, by a kill or without one (language/parts/won_fights.py):
    `when another player wins a fight` for the others' cards (the helper's too), `when you
    win a fight` for the fighter's and the helper's, `when a player wins a fight` for
    everyone's, `when a fight you helped in is won` for the helper's; `monster` is the
    strongest monster beaten."""
    beaten = killed or [m for m in combat.monsters if m.defeated or m.removed_with_treasure]
    monster = max(beaten, key=lambda m: m.card.data.level or 0) if beaten else None
    if not combat.fighter.dead:
        react(game, combat.fighter, OtherWins.timing, monster=monster)
    helper = combat.helper
    if helper is not None and not helper.dead:
        react(game, helper, OWN[OtherWins.timing], others=False, monster=monster)
        react(game, helper, HelpedWin.timing, others=False, monster=monster)
