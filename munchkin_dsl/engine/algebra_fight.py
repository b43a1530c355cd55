"""Engine behaviour of the declared strength operators and rolled amounts.

One function per effect part of ``munchkin_dsl/language/parts/strength.py``, keyed by
the part's ``kind``.  Each returns an :class:`Outcome` (whether it applied, and what it
changed, for the trace) instead of setting flags on the context; :func:`table` gives
the engine's effect table (``effects_apply.APPLY``) its entries, so the one dispatch
that runs every effect runs these.  The module sits below ``effects_apply``: it sees the
context as ``Any`` and finds players with the ``find`` it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine.conditions import MONSTER, PLAYER
from munchkin_dsl.engine.outcome import Behaviour, Outcome
from munchkin_dsl.engine.state import Mod, MonsterInst, Player

#: Who a selector word reaches (effects_apply.targets, handed in by table()).
Find = Callable[[Any, str], list[Player]]
#: The engine's effect context (effects_apply.Ctx, below this module in no import), with
#: ``find(selector)`` beside it: a behaviour reads game, card, owner, monster, combat.
Ctx = Any

#: Outcome: where the first behaviours found it
__all__ = ["BEHAVIOURS", "OPERATORS", "Outcome", "table"]


def _side(ctx: Ctx, target: str) -> tuple[str, Player | None, MonsterInst | None]:
    """(side, player, monster) a selector names in the open fight; `either side` is the side
    chosen when the card is played (``ctx.side``), else the player side, as for `+5 to
    either side`."""
    combat = ctx.combat
    if target == "either_side":
        target = "monster" if ctx.side == MONSTER else "player_side"
    if target == "monster":
        live = combat.live_monsters()
        return MONSTER, None, ctx.monster if ctx.monster in live else (live[0] if live else None)
    if target == "player_side":
        return PLAYER, None, None
    hit = [p for p in ctx.find(target) if p in combat.players()]
    return PLAYER, (hit[0] if hit else None), None


def _total(ctx: Ctx, side: str, player: Player | None) -> int:
    bd = ctx.game.breakdown()
    if player is None:
        return int(bd.total(side))
    return sum(line.amount for line in bd.lines if line.side == side and line.who == player.name)


def _levels(ctx: Ctx, side: str, player: Player | None) -> int:
    if side == MONSTER:
        return sum(m.card.data.level or 0 for m in ctx.combat.live_monsters())
    players = [player] if player is not None else ctx.combat.players()
    return sum(p.level for p in players)


def _mod(ctx: Ctx, side: str, amount: int, why: str, player: Player | None,
         monster: MonsterInst | None, *, operator: bool = False) -> Outcome:
    label = f"{ctx.card.name if ctx.card else 'effect'} ({why})"
    ctx.combat.mods.append(Mod(side, amount, ctx.card, label, player=player, monster=monster,
                               operator=operator))
    return Outcome(True, f"{amount:+d} {why}")


#: A strength operator's arithmetic, by effect kind: (total, levels, effect) -> the new
#: total, and the words its breakdown line says.  Played (the behaviours below) it reads
#: the side as it stands; on a monster's own line or a card in play's `while in play`
#: (engine/monster_operators.py) it is read all fight long, after every bonus.
OPERATORS: dict[str, tuple[Callable[[int, int, Any], int], str]] = {
    "double_strength": (lambda total, _levels, _eff: total * 2, "doubled"),
    "halve_strength": (lambda total, _levels, eff: (total + eff.up) // 2, "halved"),
    "multiply_strength": (lambda total, _levels, eff: total * int(eff.times), "multiplied"),
    "lose_all_bonuses": (lambda _total, levels, _eff: levels, "all bonuses lost"),
    "set_strength": (lambda _total, _levels, eff: int(eff.strength), "set"),
    # the level alone: the bonuses around it are kept (total - level + half the level)
    "halve_level": (lambda total, levels, _eff: total - levels + levels // 2, "level halved"),
    "halve_level_up": (lambda total, levels, _eff: total - levels + (levels + 1) // 2,
                       "level halved"),
    "double_level": (lambda total, levels, _eff: total + levels, "level doubled"),
}


#: The operators on a level alone: played on one monster of several, that monster's level.
LEVEL_OPERATORS = frozenset({"halve_level", "halve_level_up", "double_level"})


def _operate(kind: str) -> Callable[[Any, Ctx], Outcome]:
    op, why = OPERATORS[kind]

    def apply(eff: Any, ctx: Ctx) -> Outcome:
        if ctx.combat is None:
            return Outcome(False)
        side, player, monster = _side(ctx, eff.target)
        if side == PLAYER and player is None and eff.target not in ("player_side",
                                                                    "either_side"):
            return Outcome(False)
        total = _total(ctx, side, player)
        levels = _levels(ctx, side, player)
        if kind in LEVEL_OPERATORS and monster is not None:
            levels = monster.card.data.level or 0  # the one monster's level, not the side's
        new = op(total, levels, eff)
        if kind == "lose_all_bonuses" and new == total:
            return Outcome(False)  # no bonus to lose
        return _mod(ctx, side, new - total, why, player, monster, operator=True)
    return apply


def _dice(eff: Any, ctx: Ctx) -> Outcome:
    if ctx.combat is None:
        return Outcome(False)
    side, player, monster = _side(ctx, eff.target)
    rolled = [ctx.game.roll_die(ctx.owner, "dice") for _ in range(abs(eff.dice))]
    total = sum(rolled) * (1 if eff.dice > 0 else -1)
    return _mod(ctx, side, total, "dice " + "+".join(map(str, rolled)), player, monster)


def _kill_outright(_eff: Any, ctx: Ctx) -> Outcome:
    """The monster dies: alone in the fight, the fight is won by a kill on the spot (levels
    and treasure as for any kill) whatever the strengths, so a strength floored at 1 on
    both sides or a tie that goes to the monster does not refuse it; beside others, it
    leaves with its treasure counted."""
    combat = ctx.combat
    if combat is None:
        return Outcome(False)
    live = combat.live_monsters()
    monster = ctx.monster if ctx.monster in live else (live[0] if live else None)
    if monster is None:
        return Outcome(False)
    if len(live) > 1:
        monster.removed, monster.removed_with_treasure = True, True
        ctx.game.note(f"{monster.name} is killed outright")
        return Outcome(True, "killed")
    ctx.game.note(f"{monster.name} is killed outright (whatever the strengths)")
    ctx.game.resolve(outright=True)  # no strength comparison: floors and ties do not matter
    return Outcome(True, "killed")


def _discard_dice(eff: Any, ctx: Ctx) -> Outcome:
    hit = ctx.find(eff.target)
    done = False
    for p in hit:
        n = ctx.game.roll_die(p, "discard")
        lost = p.hand[:n]  # as `discard N cards` picks them
        for card in lost:
            ctx.game.lose_card(p, card)
        ctx.game.note(f"{p.name} rolls {n} and discards {len(lost)} card(s)")
        done = done or bool(lost)
    return Outcome(done)


#: Effect kind -> behaviour (the effect parts of language/parts/strength.py).
BEHAVIOURS: dict[str, Callable[[Any, Ctx], Outcome]] = {
    **{kind: _operate(kind) for kind in OPERATORS},
    "dice_strength": _dice,
    "kill_outright": _kill_outright,
    "discard_dice": _discard_dice,
}


def table(find: Find, *more: dict[str, Callable[[Any, Any], Outcome]]
          ) -> dict[str, Behaviour]:
    """The behaviours (these and ``more`` families) as entries of the engine's effect
    table: each sees the context with ``find`` beside it (the table's dispatch puts an
    outcome's note in the context's notes)."""
    merged = dict(BEHAVIOURS)
    for family in more:
        merged.update(family)
    return {kind: _seeing(behave, find) for kind, behave in merged.items()}


def _seeing(behave: Callable[[Any, Ctx], Outcome], find: Find) -> Behaviour:
    def run(eff: Any, ctx: Any) -> Outcome:
        return behave(eff, _Seen(ctx, find))
    return run


class _Seen:
    """The context with the player finder beside it (``ctx.find``)."""

    def __init__(self, ctx: Any, find: Find) -> None:
        self._ctx = ctx
        self.find: Callable[[str], list[Player]] = lambda target: find(ctx, target)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._ctx, name)

    def __setattr__(self, name: str, value: Any) -> None:
        """A behaviour's write reaches the context: a roll in flight (`+2 to run away` fired
        at the roll), `last_value` (what a discard took, read by a later `items worth at
        least that value`)."""
        if name in ("_ctx", "find"):
            object.__setattr__(self, name, value)
        else:
            setattr(self._ctx, name, value)
