"""The answers to a monster's Bad Stuff about to hit a player: `when caught` (the player
failed to run away) and `when bad stuff would hit you` (caught, or escaped from a monster
whose Bad Stuff hits `even on escape`).  One loop for both, so a card in play, a one-shot
played from the hand and a one-shot laid ahead (`the next time bad stuff would hit you`)
answer either event the same way; fight.py asks for the timings that apply."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from munchkin_dsl.engine import counters, instead, waiting
from munchkin_dsl.engine.effects_apply import run_ability
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.outcome import Outcome
from munchkin_dsl.engine.state import CardInst, Combat, MonsterInst, Player

#: the event of Bad Stuff about to hit its player, caught or escaped
WOULD_HIT = "when_bad_stuff"


def answer(game: Any, p: Player, m: MonsterInst, combat: Combat, timings: Sequence[str],
           takes_levels: bool) -> list[Outcome]:
    """Run ``p``'s answers at each of ``timings`` (in-play lines, laid-ahead one-shots, then
    one-shots from the hand) and return what they ask (a monster turned on someone)."""
    said: list[Outcome] = []
    for timing in timings:
        for card in list(p.in_play()):
            for ab in card.data.abilities:
                if ab.timing != timing or (ab.costs and (
                        len(p.hand) < counters.cards_needed(ab.costs[0])
                        or not game.can_pay(p, ab, card))):
                    continue
                # CORPUS C35: the Orc pays only to ignore Bad Stuff that takes levels,
                # and once: not against death, nor again for a second monster.
                whats = {getattr(e, "what", "") for e in ab.effects if e.kind == "ignore"}
                active = {getattr(e, "what", "") for e, _c, o in combat.extras
                          if e.kind == "ignore" and o in (p, None)}
                if whats and (whats <= active or (whats == {"bad_stuff_levels"}
                                                  and not takes_levels)):
                    continue
                if ab.costs and not game.policy.use_line(game, p, card, ab):
                    continue
                game._pay_costs(p, ab, card, None)
                said.append(run_ability(Ctx(game, card, p, victim=p, timing=timing), ab))
        waiting.fire_waiting(game, p, timing, said, victim=p, monster=m)  # laid ahead
        instead.played_from_hand(game, p, timing, functools.partial(  # Scapegoat
            _from_hand, game, p, m, timing), said=said)
    return said


def _from_hand(game: Any, p: Player, m: MonsterInst, timing: str, card: CardInst) -> Ctx:
    """The context of a one-shot ``card`` played from ``p``'s hand at ``timing``."""
    return Ctx(game, card, p, victim=p, monster=m, timing=timing)


def on_escape_too(m: MonsterInst, escaped: bool) -> tuple[str, ...]:
    """The answer timings of ``m``'s `bad stuff even on escape` for ``p``: the event of Bad
    Stuff about to hit, unless the caught player's ordinary Bad Stuff answered it already."""
    regular = any(ab.timing == "bad_stuff" for ab in m.card.data.abilities)
    return () if regular and not escaped else (WOULD_HIT,)
