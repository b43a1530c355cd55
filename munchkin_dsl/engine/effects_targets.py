"""Who and how much an effect's words mean: the players a TARGETS word reaches (past the
cards that shield them), an amount scaled by what it counts, and keeping an effect that is
read rather than done.

Below every table of effect handlers (:mod:`.effects_apply` and the families it gathers),
because each of them starts by asking whom its words reach.
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.engine import immunities
from munchkin_dsl.engine.algebra_selectors import SELECTORS
from munchkin_dsl.engine.combat import counted, scaled_amount
from munchkin_dsl.engine.counts import per_times, stepped
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import Player
from munchkin_dsl.language.count_part import count_of


def targets(ctx: Ctx, target: str, target_is: str | None = None) -> list[Player]:
    """The players a TARGETS word reaches in this context."""
    g, combat = ctx.game, ctx.combat
    players = [p for p in g.state.players if not p.dead] or g.state.players
    out: list[Player | None]
    if target == "you":
        out = [ctx.owner]
    elif target == "fighter":
        out = [combat.fighter] if combat else [ctx.owner]
    elif target == "helper":
        out = [combat.helper] if combat and combat.helper else []
    elif target == "victim":
        out = [ctx.victim or ctx.owner]
    elif target == "any_player":
        out = [ctx.target or ctx.owner]
    elif target == "another_player":  # never the player the card is about
        curse = ctx.card is not None and ctx.card.kind in g.rules.curse_kinds
        about = (ctx.victim if curse else None) or ctx.owner
        out = [ctx.target if ctx.target is not None and ctx.target is not about
               else g.choose_other(about)]
    elif target == "each_player":
        out = list(players)
    elif target == "every_other_player":
        me = ctx.victim or ctx.owner
        out = [p for p in players if p is not me]
    elif target == "others_by_level":  # sorted() keeps turn order among equal levels
        me = ctx.victim or ctx.owner
        ranked: list[Player] = sorted((q for q in players if q is not me),
                                      key=lambda q: -q.level)
        out = list(ranked)
    elif target in ("left_player", "right_player"):
        out = [_neighbour(ctx, 1 if target == "left_player" else -1)]
    elif target == "player_side":
        out = list(combat.players()) if combat else [ctx.owner]
    elif target in SELECTORS:  # a declared selector (language/parts/selectors.py)
        out = list(SELECTORS[target](ctx))
    else:
        out = []
    found = [p for p in out if p is not None and not _shielded(ctx, p)]
    if target_is:
        found = [p for p in found if target_is in p.traits()]
    return found


def _shielded(ctx: Ctx, p: Player) -> bool:
    """`ignore fire cards` on ``p``'s table: another player's card of the tag reaches
    nobody at ``p`` (the card is still used up); the note says why it did nothing."""
    shield = immunities.tag_card_shield(ctx.game.state, ctx.card, ctx.owner, p)
    if shield is None:
        return False
    note = f"{ctx.card.name if ctx.card else ''} has no effect on {p.name} ({shield.name})"
    if note not in ctx.notes:
        ctx.notes.append(note)
        ctx.game.note(note)
    return True


def _neighbour(ctx: Ctx, step: int) -> Player | None:
    """The living player next to "you" (a curse's victim or a monster's, else the owner):
    +1 is the next seat in turn order (the left), -1 the previous one (the right)."""
    g = ctx.game
    curse = ctx.card is not None and (ctx.card.kind in g.rules.curse_kinds
                                      or ctx.card.kind == "monster")
    me = (ctx.victim if curse else None) or ctx.owner
    if me is None:
        return None
    seats = g.state.players
    at = seats.index(me)
    for k in range(1, len(seats)):
        other = seats[(at + step * k) % len(seats)]
        if not other.dead and other is not me:
            return other
    return None


def scaled(eff: Any, ctx: Ctx) -> int:
    if getattr(eff, "per", None) == "each":
        return scaled_amount(eff, count_now(eff, ctx, ctx.owner))
    return int(eff.amount) * per_multiplier(eff, ctx.game.state, ctx.count)


def count_now(eff: Any, ctx: Ctx, you: Player | None) -> int:
    """What `for each ...` counts as a line fires: a die roll (`for each point of 2 dice`,
    rolled now, by ``you``) or what the table shows (:func:`combat.counted`)."""
    if (count := count_of(eff)) is not None and count.reads_dice:
        total = sum(ctx.game.roll_die(you, "amount") for _ in range(eff.for_each_dice))
        ctx.game.note(f"{eff.for_each_dice} dice for the amount: {total}")
        return stepped(eff, total)
    return counted(eff, ctx.game.state, ctx.counted_fight, you, ctx.monster, ctx.card)


def per_multiplier(eff: Any, state: Any, count: int = 1) -> int:
    """What ``per`` multiplies an amount by: the cards paid (``count``), or what its count
    reads of the table (the Seals open now)."""
    return per_times(eff, state, count)


def keep(eff: fx.Effect, ctx: Ctx) -> bool:
    """A read-only effect played into a fight: remember it for the rest of the combat.
    Whether it was kept: outside a fight it reaches nothing (so an `otherwise` after it
    applies, and the line counts as not applied)."""
    if ctx.combat is None:
        return False
    kind = ctx.card.kind if ctx.card is not None else ""
    # whose it is: a curse's victim's; an enhancer's acts on everyone in the fight
    owner = (ctx.victim if kind in ctx.game.rules.curse_kinds
             else None if kind == "monster-enhancer" else ctx.owner)
    ctx.combat.extras.append((eff, ctx.card, owner))
    return True


# ---------------------------------------------------------------- the functions
