"""Strength operators on a monster's own line (or its enhancer's), read all fight long.

`if there are 3 or more open seals: double the strength of monster` on Mega-Zombie: the
monster's *combat strength* is doubled, and seed 000 («COMBAT») defines combat strength
as "the total of Level plus all modifiers ... given by items and other cards", so the
operator works on that total: its level, its own bonuses, its enhancers, the open Seals'
bonus and every card played on it.  All bonuses first, then the operator, whenever the
breakdown is read (a bonus played after it is doubled too, and the line stops counting as
soon as its condition stops holding).  RULES.md says nothing on the order of several
operators; they apply in the order the monster's cards are read (its own lines, then its
enhancers), each on the total the one before left.

A strength operator *played* into the fight (a one-shot's `halve the strength of monster`)
is worked out from the side as it stands when played (engine/algebra_fight.py) and is kept
as a fixed change: the own-line operator leaves it out of what it doubles, so `doubled,
then halved by a one-shot` comes back to the monster's own strength, as a player expects.
A line of the whole monster side (no one monster named) counts as the monster's when it
fights alone.

The same operators on the `while in play` line of a card a player has in play (an item,
a steed, a race or class card, a persistent door card, a curse on its victim) are read the
same way, after the monsters' own (``table_operator_lines``): Bogatyr's Sword, "against an
Undead monster, its strength is halved", halves every bonus played on the Ghost too.  The
card acts in every fight its player is in, as the fighter or as the helper (RULES.md
section 1: the helper's strength adds to the fighter's, and "special conditions apply to
the whole fight"): `monster` is each monster of the fight for which the line's condition
holds, `you` (a curse's `victim`) that player's own share of the player side, `fighter` and
`helper` that player's share whoever owns the card, `player side` the whole side.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine import trace_reads
from munchkin_dsl.engine.algebra_fight import OPERATORS
from munchkin_dsl.engine.conditions import MONSTER, PLAYER, Scope, conditions_hold
from munchkin_dsl.language.parts.strength import (
    MONSTER_OPERATORS,
    MONSTER_PLAYER_TARGETS,
    STANDING_TARGETS,
    STANDING_TIMINGS,
)

#: Puts a new line into the breakdown: (side, amount, words, card id, who).
AddSideLine = Callable[[str, int, str, str | None, str | None], None]


def own_operator_lines(lines: list[Any], passives: list[Any], live: list[Any],
                       key: Callable[[Any], str], add: AddSideLine, combat: Any) -> None:
    """Append to the breakdown, for each operator line of a monster in the fight (``live``),
    the change it makes to that monster's total (``key``: a monster's breakdown key), or,
    naming the fighter, the helper or the player side (Mind Leech: `if fighter is Psychic:
    halve the strength of fighter`), to that player's share, after every bonus on that
    side."""
    for pa in passives:
        found = OPERATORS.get(pa.effect.kind)
        if found is None or pa.effect.kind not in MONSTER_OPERATORS or pa.monster is None \
                or pa.monster not in live or getattr(pa.effect, "optional", False):
            continue  # (`may` there is E228)
        target = getattr(pa.effect, "target", None) or "monster"
        if target != "monster":
            if target in MONSTER_PLAYER_TARGETS:
                _player_share_op(lines, pa, target, combat, pa.monster.name, add)
            continue
        op, why = found
        who, alone = key(pa.monster), len(live) == 1
        total = sum(line.amount for line in lines if line.side == MONSTER
                    and not getattr(line, "operator", False)
                    and (line.who == who or (line.who is None and alone)))
        new = op(total, pa.monster.card.data.level or 0, pa.effect)
        if new == total:
            continue
        label = pa.card.name if pa.card is not None else pa.monster.name
        if pa.card is not None and pa.card is not pa.monster.card:
            label += f" on {pa.monster.name}"
        add(MONSTER, new - total, f"{label} ({why})", pa.card.id if pa.card else None, who)
        trace_reads.read(pa.card.data.id if pa.card else "", pa.effect.kind)


#: The player-side targets a card in play's operator reaches: (owner, combat) -> the one
#: player whose share it changes ("" for the whole side; None: nobody in this fight).
_PLAYER_SHARES: dict[str, Callable[[Any, Any], Any]] = {
    "you": lambda owner, _combat: owner,
    "victim": lambda owner, _combat: owner,
    "fighter": lambda _owner, combat: combat.fighter,
    "helper": lambda _owner, combat: combat.helper,
    "player_side": lambda _owner, _combat: "",
}
#: the checker accepts exactly the targets read here (checks/fight_moments.py)
assert {"monster", *_PLAYER_SHARES} == set(STANDING_TARGETS)
assert set(MONSTER_PLAYER_TARGETS) <= set(_PLAYER_SHARES)


def table_operator_lines(lines: list[Any], passives: list[Any], state: Any, combat: Any,
                         key: Callable[[Any], str], add: AddSideLine) -> None:
    """Append to the breakdown the change each operator read all fight on a player's side
    makes (after every bonus and the monsters' own): a `while in play` line of a card a
    player in the fight has in play, a curse's `next combat` line, a line kept under a
    duration (`until end of combat: ...`, engine/durations.py)."""
    live = combat.live_monsters()
    for pa in passives:
        if pa.monster is not None or pa.owner is None or pa.ability is None or (
                pa.ability.timing not in STANDING_TIMINGS and pa.ability.until is None) \
                or pa.effect.kind not in MONSTER_OPERATORS:
            continue  # (a line with a duration is read while it lasts: durations.py)
        op, why = OPERATORS[pa.effect.kind]
        base = pa.card.name if pa.card is not None else "effect"
        label = f"{base} ({why})"
        card = pa.card.id if pa.card is not None else None
        target = getattr(pa.effect, "target", None) or "monster"
        if target == "monster":
            for m in live:
                if pa.ability.conditions and not conditions_hold(pa.ability.conditions, Scope(
                        owner=pa.owner, victim=pa.owner, card=pa.card, monster=m), state, combat):
                    continue  # `if monster is Undead`: only the Undead of the fight
                who = key(m)
                total = _share(lines, MONSTER, who, len(live) == 1)
                new = op(total, m.card.data.level or 0, pa.effect)
                if new != total:
                    add(MONSTER, new - total, f"{label} on {m.name}", card, who)
                    trace_reads.read(pa.card.data.id if pa.card else "", pa.effect.kind)
            continue
        _player_share_op(lines, pa, target, combat, base, add)


def _player_share_op(lines: list[Any], pa: Any, target: str, combat: Any, label: str,
                     add: AddSideLine) -> None:
    """The change an operator line read all fight makes to the share of the player side
    its ``target`` names (one player's, or the whole side's)."""
    op, why = OPERATORS[pa.effect.kind]
    share = _PLAYER_SHARES.get(target)
    player = share(pa.owner, combat) if share is not None else None
    if player is None or (player != "" and player not in combat.players()):
        return
    name = player.name if player != "" else None
    total = _share(lines, PLAYER, name, len(combat.players()) == 1)
    levels = player.level if player != "" else sum(p.level for p in combat.players())
    new = op(total, levels, pa.effect)
    if new != total:
        card = pa.card.id if pa.card is not None else None
        add(PLAYER, new - total, f"{label} ({why})", card, name)
        trace_reads.read(pa.card.data.id if pa.card else "", pa.effect.kind)


def _share(lines: list[Any], side: str, who: str | None, alone: bool) -> int:
    """A side's total (``who`` None) or one fighter's or monster's share of it (with the
    side's own lines when it is the only one), before any operator played as it stood."""
    return sum(line.amount for line in lines if line.side == side
               and not getattr(line, "operator", False)
               and (who is None or line.who == who or (line.who is None and alone)))
