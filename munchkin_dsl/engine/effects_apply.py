"""How each engine effect applies: a table from effect kind to a function.

A table rather than an if/elif chain so that an effect kind without an entry fails a test
(``tests/test_registry.py``) instead of silently doing nothing at runtime.  Each function
returns whether the effect *could* apply, which is what an ``otherwise`` after it tests.

Effects that are read rather than done (WinTies, NoEscape, Ignore, Limit...) are
recorded in the open combat's ``extras`` when played into a fight; while their card is in
play they are found by :func:`munchkin_dsl.engine.combat.passives` instead.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from munchkin_dsl.base.rulesets import WHOLE_SLOTS
from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.engine import algebra_fight, algebra_moves, durations, immunities
from munchkin_dsl.engine.combat import PLAYER, Scope, conditions_hold, counted, scaled_amount
from munchkin_dsl.engine.state import (
    CardInst,
    Mod,
    MonsterInst,
    Player,
    frequency_budget,
)

if TYPE_CHECKING:
    from munchkin_dsl.engine.game import Game


@dataclass
class Ctx:
    """Who an ability's words mean, and the choices already made for it."""

    game: Game
    card: CardInst | None
    owner: Player | None
    victim: Player | None = None
    target: Player | None = None
    monster: MonsterInst | None = None
    side: str | None = None  # either_side: "player" or "monster"
    count: int = 1  # cards discarded for a per-card effect
    timing: str = ""
    roll: int | None = None  # a run-away roll being modified
    rolled: int | None = None  # the die of the ability's own `roll N+`
    reroll: bool = False
    fails: bool = False  # `the roll fails`: the roll being made is a failure
    redirect: bool = False  # `the curse hits its player instead`
    turned_on: Player | None = None  # `the monster turns on ...`: Bad Stuff goes there
    die: int | None = None  # the die of the run-away roll being modified
    face: int | None = None  # `change the die to a number you choose`: the face chosen
    cancelled: bool = False
    last_value: int = 0
    extra_card: CardInst | None = None  # the monster a Wandering Monster brings in
    label: str | None = None  # the ability's printed name, for traces
    notes: list[str] = field(default_factory=list)

    @property
    def combat(self) -> Any:
        return self.game.state.combat


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
    elif target == "highest_level":
        top = max(p.level for p in players)
        out = [p for p in players if p.level == top]
    elif target == "lowest_level":
        low = min(p.level for p in players)
        out = [p for p in players if p.level == low]
    elif target in ("left_player", "right_player"):
        out = [_neighbour(ctx, 1 if target == "left_player" else -1)]
    elif target == "player_side":
        out = list(combat.players()) if combat else [ctx.owner]
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


def _scaled(eff: Any, ctx: Ctx) -> int:
    if getattr(eff, "per", None) == "each":
        return scaled_amount(eff, counted(eff, ctx.game.state, ctx.combat, ctx.owner,
                                          ctx.monster))
    return int(eff.amount) * per_multiplier(eff, ctx.game.state, ctx.count)


def per_multiplier(eff: Any, state: Any, count: int = 1) -> int:
    """What ``per`` multiplies an amount by: the cards paid, or the Seals open now."""
    per = getattr(eff, "per", None)
    if per == "card":
        return count
    if per == "open_seal":
        return len(state.open_seals)
    return 1


def _keep(eff: fx.Effect, ctx: Ctx) -> bool:
    """A read-only effect played into a fight: remember it for the rest of the combat."""
    if ctx.combat is not None:
        kind = ctx.card.kind if ctx.card is not None else ""
        # whose it is: a curse's victim's; an enhancer's acts on everyone in the fight
        owner = (ctx.victim if kind in ctx.game.rules.curse_kinds
                 else None if kind == "monster-enhancer" else ctx.owner)
        ctx.combat.extras.append((eff, ctx.card, owner))
    return True


# ---------------------------------------------------------------- the functions
def _strength(eff: fx.Strength, ctx: Ctx) -> bool:
    combat = ctx.combat
    if combat is None:
        return False
    amount = _scaled(eff, ctx)
    label = ctx.card.name if ctx.card else "effect"
    if ctx.label:
        label += f" {ctx.label}" + (f" x{ctx.count}" if eff.per == "card" else "")
    if eff.target == "monster" or (eff.target == "either_side" and ctx.side == "monster"):
        monster = ctx.monster or (combat.live_monsters() or [None])[0]
        combat.mods.append(Mod("monster", amount, ctx.card, label + " (monster)",
                               monster=monster))
        return True
    if eff.target in ("either_side", "player_side"):
        combat.mods.append(Mod(PLAYER, amount, ctx.card, label))
        return True
    hit = [p for p in targets(ctx, eff.target, eff.target_is) if p in combat.players()]
    if not hit:
        return False
    for p in hit[: 1 if eff.counted_once else None]:
        combat.mods.append(Mod(PLAYER, amount, ctx.card, f"{label} ({p.name})", player=p))
    return True


def _run_away(eff: fx.RunAway, ctx: Ctx) -> bool:
    amount = _scaled(eff, ctx)
    if ctx.roll is not None:
        ctx.roll += amount
        ctx.notes.append(f"{amount:+d} to the roll ({ctx.card.name if ctx.card else ''})")
        return True
    return _keep(dataclasses.replace(eff, amount=amount, per=None), ctx)


def _die_rolls(eff: fx.DieRolls, ctx: Ctx) -> bool:
    if ctx.roll is not None:
        ctx.roll += eff.amount
        return True
    if ctx.combat is not None:  # played into a fight: counts for the rest of it
        return _keep(eff, ctx)
    return True  # a persistent curse: read from the card while it stays on the victim


def _treasure_count(eff: fx.TreasureCount, ctx: Ctx) -> bool:
    return _keep(eff, ctx)


def _gain_levels(eff: fx.GainLevels, ctx: Ctx) -> bool:
    combat = ctx.combat
    amount = eff.amount
    if eff.per_monster:
        amount *= max(1, ctx.game.last_kills)
    override = ctx.card is not None and ctx.game.rules.overrides(ctx.card.data, "R4")
    by_kill = ctx.timing == "on_kill"
    cap = None if override or by_kill else ctx.game.rules.card_level_cap()
    hit = targets(ctx, eff.target, eff.target_is)
    if combat is not None and _fight_reward(ctx, by_kill):
        # fixed rule 3: what the fight gives waits for its end; a level card played in the
        # fight (seed 002 «КОГДА ЧТО МОЖНО», "даже в бою") changes it at once
        ctx.game.defer(lambda: [ctx.game.gain_levels(p, amount, "kill" if by_kill else "card",
                                                     cap, override) for p in hit])
        return bool(hit)
    for p in hit:
        ctx.game.gain_levels(p, amount, "kill" if by_kill else "card", cap, override)
    return bool(hit)


def _fight_reward(ctx: Ctx, by_kill: bool) -> bool:
    """Whether a level gain is a reward of the fight (a kill, or a monster's or monster
    enhancer's own line), which fixed rule 3 holds back until the combat is over."""
    kind = ctx.card.kind if ctx.card is not None else None
    return by_kill or kind in ("monster", "monster-enhancer")


def _lose_levels(eff: fx.LoseLevels, ctx: Ctx) -> bool:
    hit = targets(ctx, eff.target)
    amount = (ctx.rolled or 0) if eff.from_roll else eff.amount
    for p in hit:
        ctx.game.lose_levels(p, amount, ctx.card)
    return bool(hit) and amount > 0


def _set_level(eff: Any, ctx: Ctx) -> bool:
    """A level becomes N: down as a loss (never below 1), up as a card gain (R4 caps it)."""
    g = ctx.game
    override = ctx.card is not None and g.rules.overrides(ctx.card.data, "R4")
    hit = targets(ctx, eff.target)
    living = [p.level for p in g.state.players if not p.dead] or [1]
    read = {"lowest_level": min(living), "highest_level": max(living)}.get(eff.level_of or "")
    for p in hit:
        want = max(1, int(read if read is not None else eff.level))
        if want < p.level:
            g.lose_levels(p, p.level - want, ctx.card)
        elif want > p.level:
            cap = None if override else g.rules.card_level_cap()
            g.defer(functools.partial(_gain_to, g, p, want, cap, override))
    return bool(hit)


def _draw(eff: fx.Draw, ctx: Ctx) -> bool:
    hit = targets(ctx, eff.target)
    if eff.from_discards:
        return _from_discards(eff, ctx, hit)
    if ctx.combat is not None and eff.deck == "treasure":
        ctx.game.defer(lambda: [ctx.game.draw(p, eff.deck, eff.count, reward=True)
                                for p in hit])
        return bool(hit)
    for p in hit:
        ctx.game.draw(p, eff.deck, eff.count, reward=eff.deck == "treasure")
    return bool(hit)


def _whole_slot(ctx: Ctx, slot: str | None) -> bool:
    """A curse that takes armor, headgear or footgear takes all of that kind in
    munchkins-and-mazes (seed 002 «ПРОКЛЯТИЯ»); elsewhere the victim picks one."""
    g = ctx.game
    return (slot in WHOLE_SLOTS and ctx.card is not None
            and ctx.card.kind in g.rules.curse_kinds
            and g.rules.has_line_rule("curse-takes-whole-slot"))


def _from_discards(eff: fx.Draw, ctx: Ctx, hit: list[Player]) -> bool:
    """`draw N DECK from the discard pile`: the top (last discarded) cards, into the hand."""
    pile = ctx.game.state.discards.setdefault(eff.deck, [])
    took = False
    for p in hit:
        for _ in range(eff.count):
            if not pile:
                break
            card = pile.pop()
            p.hand.append(card)
            took = True
            ctx.game.note(f"{p.name} takes {card.name} from the {eff.deck} discards")
    return took


def _discard(eff: fx.Discard, ctx: Ctx) -> bool:
    g = ctx.game
    done = False
    for p in targets(ctx, eff.target):
        if eff.what == "cards":
            picked = p.hand[: eff.count]
        elif eff.what == "hand":
            picked = list(p.hand)
        elif eff.what == "worn" and _whole_slot(ctx, eff.slot):
            picked = [c for c in p.items if _slot_word(c) == eff.slot]
        elif eff.what == "worn":
            worn = [c for c in p.worn_items() if _slot_word(c) == eff.slot]
            picked = [g.choose_item(p, worn, "lose")] if worn else []
        elif eff.what == "all_worn":
            picked = [c for c in p.worn_items() if _slot_word(c) == eff.slot]
        elif eff.what == "all_big":
            picked = [c for c in p.items if c.data.big or c.data.aggregate]
        elif eff.what == "items_of_choice":
            picked = []
            pool = list(p.items)
            chooser = (targets(ctx, eff.chooser) or [p])[0] if eff.chooser else p
            for _ in range(eff.count):
                if not pool:
                    break
                pick = g.choose_item(chooser, pool, "lose" if chooser is p else "take")
                if chooser is not p:
                    g.note(f"{chooser.name} picks {pick.name}")
                pool.remove(pick)
                picked.append(pick)
            ctx.last_value = sum(c.value for c in picked)
        elif eff.what == "items_worth_that_value":
            picked = _items_worth(p, ctx.last_value)
        elif eff.what in PICKED_BY_PROPERTY:
            picked = PICKED_BY_PROPERTY[eff.what](g, p, eff)
        else:
            picked = []
        for card in picked:
            g.lose_card(p, card)
        done = done or bool(picked)
    return done


def _choose(g: Game, p: Player, pool: list[CardInst], count: int) -> list[CardInst]:
    """``count`` cards of ``pool``, each chosen by the player who loses them."""
    pool, picked = list(pool), list[CardInst]()
    while pool and len(picked) < count:
        pick = g.choose_item(p, pool, "lose")
        pool.remove(pick)
        picked.append(pick)
    return picked


def _biggest_bonus(g: Game, p: Player, eff: fx.Discard) -> list[CardInst]:
    worn = [c for c in p.worn_items() if c.data.bonus]
    if not worn:
        return []
    top = max(c.data.bonus or 0 for c in worn)
    return _choose(g, p, [c for c in worn if c.data.bonus == top], 1)  # ties: their choice


def _worth_in_total(g: Game, p: Player, value: int) -> list[CardInst]:
    """Items worth at least ``value`` together, picked one by one by their owner (the
    default policy gives the cheapest first); all of them when they are worth less."""
    pool, picked = list(p.items), list[CardInst]()
    while pool and sum(c.value for c in picked) < value:
        pick = g.choose_item(p, pool, "lose")
        pool.remove(pick)
        picked.append(pick)
    return picked


def _is_big(card: CardInst) -> bool:
    return bool(card.data.big or card.data.aggregate)


#: Discards that pick items (or race/class cards) by a property, not by slot.
PICKED_BY_PROPERTY: dict[str, Callable[[Game, Player, fx.Discard], list[CardInst]]] = {
    "race": lambda g, p, eff: list(p.races),
    "class": lambda g, p, eff: list(p.classes),
    "items_worth_at_least": lambda g, p, eff: [c for c in p.items
                                               if c.value >= (eff.worth or 0)],
    "small_items": lambda g, p, eff: _choose(g, p, [c for c in p.items if not _is_big(c)],
                                             eff.count),
    "big_items": lambda g, p, eff: _choose(g, p, [c for c in p.items if _is_big(c)],
                                           eff.count),
    "biggest_bonus": _biggest_bonus,
    "items_worth_total": lambda g, p, eff: _worth_in_total(g, p, eff.worth or 0),
}


def _slot_word(card: CardInst) -> str | None:
    return card.data.slot


def _items_worth(p: Player, value: int) -> list[CardInst]:
    """The cheapest set of items (greedy, highest first) worth at least ``value``."""
    if value <= 0:
        return []
    picked, total = [], 0
    for card in sorted(p.items, key=lambda c: -c.value):
        if total >= value:
            break
        picked.append(card)
        total += card.value
    return picked if total >= value else []


def _die(eff: fx.Die, ctx: Ctx) -> bool:
    hit = targets(ctx, eff.target)
    for p in hit:
        ctx.game.kill(p)
    return bool(hit)


def _change_sex(eff: fx.ChangeSex, ctx: Ctx) -> bool:
    hit = targets(ctx, eff.target)
    for p in hit:
        p.sex = "female" if p.sex == "male" else "male"
        ctx.game.note(f"{p.name} is now {p.sex}")
    return bool(hit)


def _steal_level(eff: fx.StealLevel, ctx: Ctx) -> bool:
    takers = targets(ctx, eff.target)
    sources = targets(ctx, eff.source)
    if not takers or not sources:
        return False
    src, dst = sources[0], takers[0]
    if src.level <= 1:
        ctx.game.note(f"{src.name} is level 1: no level is stolen")
        return False
    taken = min(eff.amount, src.level - 1)
    ctx.game.lose_levels(src, taken, ctx.card)
    override = ctx.card is not None and ctx.game.rules.overrides(ctx.card.data, "R4")
    ctx.game.gain_levels(dst, taken, "card", None if override
                         else ctx.game.rules.card_level_cap(), override)
    return True


def _steal_item(eff: fx.StealItem, ctx: Ctx) -> bool:
    takers = targets(ctx, eff.target)
    combat = ctx.combat
    sources = [p for p in targets(ctx, eff.source)
               if not (combat and p in combat.players())]
    if not takers or not sources:
        return False
    small = [c for c in sources[0].items if not (c.data.big or c.data.aggregate)]
    if not small:
        return False
    card = ctx.game.choose_item(takers[0], small, "take")
    joined = [c for c in sources[0].others if c.attached_to is card]
    for c in joined:  # an item enhancer goes with its item
        sources[0].others.remove(c)
        takers[0].others.append(c)
    sources[0].items.remove(card)
    sources[0].lost.append(card.id)
    card.worn = False
    takers[0].items.append(card)
    ctx.game.equip(takers[0])
    ctx.game.note(f"{takers[0].name} takes {card.name} from {sources[0].name}")
    return True


def _gain_to(g: Game, p: Player, want: int, cap: int | None, override: bool) -> None:
    """A deferred `your level becomes N` that goes up: the gain, read when it happens."""
    g.gain_levels(p, want - p.level, "card", cap, override)


def _open_seal(eff: fx.OpenSeal, ctx: Ctx) -> bool:
    hit = targets(ctx, eff.target)
    return ctx.game.open_seal(hit[0] if hit else ctx.owner)


def _close_seal(eff: fx.CloseSeal, ctx: Ctx) -> bool:
    return ctx.game.close_seal()


def _auto_escape(eff: fx.AutoEscape, ctx: Ctx) -> bool:
    if ctx.combat is None:
        return False
    for p in targets(ctx, eff.target):
        ctx.combat.extras.append((eff, ctx.card, p))
    return True


def _defeat_without_kill(eff: fx.DefeatWithoutKill, ctx: Ctx) -> bool:
    combat = ctx.combat
    if combat is None:
        return False
    live = combat.live_monsters()
    monster = ctx.monster if ctx.monster in live else (live[0] if live else None)
    if monster is None:
        return False
    for m in live if eff.every else [monster]:
        m.removed = True
        m.removed_with_treasure = eff.with_treasure
        ctx.game.note(f"{m.name} is defeated without a kill"
                      + (" (its treasure still counts)" if eff.with_treasure else ""))
    return True


def _force_help(eff: fx.ForceHelp, ctx: Ctx) -> bool:
    combat = ctx.combat
    if combat is None or combat.helper is not None or combat.winning_fight:
        return False
    hit = [p for p in targets(ctx, eff.target) if p not in combat.players() and not p.dead]
    if not hit:
        return False
    combat.helper = hit[0]
    combat.forced_helper = True
    ctx.game.note(f"{hit[0].name} must help")
    return True


def _join_from_hand(eff: fx.JoinFromHand, ctx: Ctx) -> bool:
    if ctx.combat is None:
        return False
    card = ctx.extra_card
    if card is None and ctx.owner is not None:
        card = next((c for c in ctx.owner.hand if c.kind == "monster"), None)
    if card is None:
        return False
    if ctx.owner is not None and card in ctx.owner.hand:
        ctx.owner.hand.remove(card)
    ctx.game.add_monster(card)
    return True


def _copy_monster(eff: fx.CopyMonster, ctx: Ctx) -> bool:
    combat = ctx.combat
    if combat is None:
        return False
    original = ctx.monster or (combat.live_monsters() or [None])[0]
    if original is None:
        return False
    copy = MonsterInst(card=original.card, copy_of=original,
                       copy_with_treasure=eff.with_treasure)
    combat.monsters.append(copy)
    ctx.game.note(f"a copy of {original.card.name} joins; enhancers apply to both")
    return True


def _add_tag(eff: fx.AddTag, ctx: Ctx) -> bool:
    combat = ctx.combat
    monster = ctx.monster or (combat.live_monsters()[0] if combat and
                              combat.live_monsters() else None)
    if monster is None:
        return False
    monster.extra_tags.add(eff.tag)
    return True


def _cancel(eff: fx.Cancel, ctx: Ctx) -> bool:
    if ctx.timing == "when_targeted":  # the curse being played is the one cancelled
        ctx.cancelled = True
        return True
    victim = ctx.target or ctx.victim or ctx.owner
    if victim is not None and victim.curses:
        curse = ctx.game.choose_item(victim, list(victim.curses), "cancel")
        victim.curses.remove(curse)
        ctx.game.discard(curse)
        ctx.game.note(f"{curse.name} on {victim.name} is cancelled")
        return True
    ctx.cancelled = True
    return True


def _reroll(eff: fx.Reroll, ctx: Ctx) -> bool:
    ctx.reroll = True
    return True


def _take_from_discards(eff: fx.TakeFromDiscards, ctx: Ctx) -> bool:
    """The last discarded card of the kind, from the deck's discards, to each target's hand
    or into play (by the normal rules: a race over the limit replaces the oldest); False
    when there is none, so an `otherwise` after it applies."""
    from munchkin_dsl.engine.game import EngineError  # game imports this module

    g = ctx.game
    pile = g.state.discards.setdefault(eff.deck, [])
    took = False
    for p in targets(ctx, eff.target):
        found = next((c for c in reversed(pile)
                      if eff.card_kind is None or c.kind == eff.card_kind), None)
        if found is None:
            break
        pile.remove(found)
        p.hand.append(found)
        took = True
        g.note(f"{p.name} takes {found.name} from the {eff.deck} discards")
        if eff.into_play:
            try:
                g.put_in_play(p, found)
            except EngineError as exc:  # it cannot go into play now: it stays in the hand
                g.note(f"{found.name} stays in {p.name}'s hand: {exc}")
    return took


def _arrange_top(eff: fx.ArrangeTop, ctx: Ctx) -> bool:
    """The top ``count`` cards of the deck, put back as the player picks: one by one the
    card to lie on top next (Policy.choose_item, why "top"), or for each card the top or
    the bottom (Policy.choose_option: 1 top, 2 bottom)."""
    g = ctx.game
    deck = g.state.decks.get(eff.deck) or []
    hit = targets(ctx, eff.target)
    if not hit or not deck:
        return False
    p = hit[0]
    top = [deck.pop() for _ in range(min(eff.count, len(deck)))]  # the top card first
    g.note(f"{p.name} looks at the top {len(top)} {eff.deck} card(s)")
    order: list[CardInst] = []
    if eff.bottom:
        for card in top:
            if g.choose_option(p, 2) == 1:
                deck.insert(0, card)
                g.note(f"{p.name} puts {card.name} at the bottom of the {eff.deck} deck")
            else:
                order.append(card)
    else:
        rest = list(top)
        while rest:
            pick = g.choose_item(p, rest, "top")
            rest.remove(pick)
            order.append(pick)
    deck.extend(reversed(order))  # the first picked lies on top
    if order:
        g.note(f"{p.name} puts back on top: " + ", ".join(c.name for c in order))
    return True


def _set_die(eff: fx.SetDie, ctx: Ctx) -> bool:
    if ctx.roll is None or ctx.die is None:
        return False
    ctx.roll = ctx.roll - ctx.die + eff.value
    ctx.game.note(f"the die now shows {eff.value} (was {ctx.die})")
    ctx.die = eff.value
    return True


def _choose_die(eff: fx.ChooseDie, ctx: Ctx) -> bool:
    """The die just rolled shows the face its holder chose (engine/dice.py asked it)."""
    if ctx.face is None or ctx.die is None:
        return False
    ctx.game.note(f"the die now shows {ctx.face} (was {ctx.die})")
    ctx.die = ctx.face
    return True


def _turn_on(eff: fx.TurnOn, ctx: Ctx) -> bool:
    hit = [p for p in targets(ctx, eff.target) if p is not ctx.owner]
    if not hit:
        return False
    ctx.turned_on = hit[0]
    return True


def _redirect(eff: fx.Redirect, ctx: Ctx) -> bool:
    ctx.redirect = True
    return True


def _fail_roll(eff: fx.FailRoll, ctx: Ctx) -> bool:
    ctx.fails = True
    return True


def _end_game(eff: fx.EndGame, ctx: Ctx) -> bool:
    ctx.game.end_game(eff.criteria)
    return True


def _static(eff: fx.Effect, ctx: Ctx) -> bool:
    return _keep(eff, ctx)


def _take(eff: fx.Take, ctx: Ctx) -> bool:
    """Each taker in turn takes `count` items in play (its pick: the most valuable) or
    cards at random from the source's hand; an item enhancer goes with its item."""
    g = ctx.game
    sources = targets(ctx, eff.source)
    if not sources:
        return False
    source = sources[0]
    took = False
    for taker in targets(ctx, eff.target):
        if taker is source or taker.dead:
            continue
        for _ in range(eff.count):
            if eff.what == "cards":
                if not source.hand:
                    break
                card = source.hand.pop(g.state.rng.randrange(len(source.hand)))
                taker.hand.append(card)
                g.note(f"{taker.name} takes a card at random from {source.name}'s hand")
            else:
                if not source.items:
                    break
                card = g.choose_item(taker, list(source.items), "take")
                for c in [c for c in source.others if c.attached_to is card]:
                    source.others.remove(c)
                    taker.others.append(c)
                source.items.remove(card)
                source.lost.append(card.id)
                card.worn = False
                taker.items.append(card)
                g.equip(taker)
                g.equip(source)
                g.note(f"{taker.name} takes {card.name} from {source.name}")
            took = True
    return took


def _replace_monster(eff: fx.ReplaceMonster, ctx: Ctx) -> bool:
    """Illusion: the monster the card is played on (else the first) leaves the fight with
    its enhancers and no treasure; a monster from the player's hand (the one named with
    the play, else the first) comes in its place."""
    combat = ctx.combat
    if combat is None or ctx.owner is None:
        return False
    live = combat.live_monsters()
    old = ctx.monster if ctx.monster in live else (live[0] if live else None)
    named = ctx.extra_card if ctx.extra_card is not None and ctx.extra_card.kind == "monster" \
        else None
    new = named or next((c for c in ctx.owner.hand if c.kind == "monster"), None)
    if old is None or new is None:
        return False
    old.removed = True
    old.removed_with_treasure = False
    if new in ctx.owner.hand:
        ctx.owner.hand.remove(new)
    ctx.game.note(f"{old.name} leaves the fight; {new.name} takes its place")
    ctx.game.add_monster(new)
    return True


def _borrow_item(eff: fx.BorrowItem, ctx: Ctx) -> bool:
    """Borrowed Blade: the borrower wears an item another player has in play (played on a
    player: one of theirs; the borrower picks) for the rest of the fight; when the combat
    closes it goes back to its owner, who wears it again if it fits."""
    combat = ctx.combat
    borrowers = targets(ctx, eff.target)
    if combat is None or not borrowers:
        return False
    borrower = borrowers[0]
    anyone = eff.source == "another_player" and ctx.target is None  # the borrower's pick
    lenders = [p for p in (ctx.game.state.players if anyone else targets(ctx, eff.source))
               if p is not borrower and p not in combat.players() and not p.dead]
    items = [c for p in lenders for c in p.worn_items()]
    if not items:
        return False
    item = ctx.game.choose_item(borrower, items, "take")
    lender = next(p for p in lenders if item in p.items)
    lender.items.remove(item)
    borrower.items.append(item)
    ctx.game.equip(borrower, first=item)
    ctx.game.note(f"{borrower.name} borrows {item.name} from {lender.name} for this fight")

    def give_back() -> None:
        if item in borrower.items:
            borrower.items.remove(item)
            item.worn = False
            lender.items.append(item)
            ctx.game.equip(lender)
            ctx.game.equip(borrower)
            ctx.game.note(f"{item.name} goes back to {lender.name}")
    ctx.game.defer(give_back)
    return True


APPLY: dict[str, Callable[[Any, Ctx], bool]] = {
    "strength": _strength,
    "run_away": _run_away,
    "die_rolls": _die_rolls,
    "treasure_count": _treasure_count,
    "kill_levels": _keep,  # read when the fight is won (engine/rewards.py)
    "replace_monster": _replace_monster,
    "borrow_item": _borrow_item,
    "take": _take,
    "gain_levels": _gain_levels,
    "lose_levels": _lose_levels,
    "set_level": _set_level,
    "draw": _draw,
    "discard": _discard,
    "die": _die,
    "change_sex": _change_sex,
    "steal_level": _steal_level,
    "steal_item": _steal_item,
    "open_seal": _open_seal,
    "close_seal": _close_seal,
    "auto_escape": _auto_escape,
    "no_escape": _static,
    "win_ties": _static,
    "defeat_without_kill": _defeat_without_kill,
    "will_not_pursue": _static,
    "force_help": _force_help,
    "join_from_hand": _join_from_hand,
    "horde": _static,
    "copy_monster": _copy_monster,
    "add_tag": _add_tag,
    "cancel": _cancel,
    "limit": _static,
    "sell_double": _static,
    "reroll": _reroll,
    "ignore": _static,
    "two_handed_bonus": _static,
    "end_game": _end_game,
    "fail_roll": _fail_roll,
    "take_from_discards": _take_from_discards,
    "arrange_top": _arrange_top,
    "redirect": _redirect,
    "weaken": _static,
    "turn_on": _turn_on,
    "set_die": _set_die,
    "choose_die": _choose_die,
}
APPLY.update(algebra_fight.table(targets, algebra_moves.BEHAVIOURS))

_GROUP = ("each_player", "every_other_player", "highest_level", "lowest_level", "player_side")

def _choose_alternative(run: list[fx.Effect], ctx: Ctx) -> bool:
    """`A, or B, or C`: the player the first reaches picks one; if it cannot apply
    (nothing to discard) the next ones are tried in order, as a player may not pick an
    option that does nothing while another would do something."""
    hit = targets(ctx, getattr(run[0], "target", "you") or "you")
    chooser = hit[0] if hit else ctx.owner
    first = ctx.game.choose_option(chooser, len(run))
    ctx.game.note(f"{chooser.name if chooser else 'the player'} chooses option {first + 1} "
                  f"of {len(run)}")
    for eff in [run[first], *run[:first], *run[first + 1:]]:
        if APPLY[eff.kind](dataclasses.replace(eff, either=False), ctx):
            return True
    return False


def apply_effects(effects: tuple[fx.Effect, ...], ctx: Ctx) -> bool:
    """Apply effects in order, honouring ``otherwise`` and per-player group targets.

    When an effect reaches a group ("every other player discards ... otherwise loses a
    level"), the ``otherwise`` effect right after it is judged per player of the group,
    with that player as the victim.
    """
    applied_any = False
    last = True
    i = 0
    while i < len(effects):
        eff = effects[i]
        nxt = effects[i + 1] if i + 1 < len(effects) else None
        if eff.otherwise and last:
            i += 1
            continue
        if eff.optional and not ctx.game.decide_optional(ctx, eff):
            last = False
            i += 1
            continue
        if nxt is not None and nxt.either:
            run = [eff]
            while i + len(run) < len(effects) and effects[i + len(run)].either:
                run.append(effects[i + len(run)])
            last = _choose_alternative(run, ctx)
            applied_any = applied_any or last
            i += len(run)
            continue
        subject = getattr(eff, "target", None)  # fx.Effect declares no target
        group = subject in _GROUP and nxt is not None and nxt.otherwise
        if group and subject is not None:
            ok_all = False
            # the otherwise effect keeps its subject ("... otherwise loses 1 level"): for the
            # group's target it means the one player of the group being judged
            alt: Any = (dataclasses.replace(cast(Any, nxt), target="victim")
                        if getattr(nxt, "target", None) == subject else nxt)
            for p in targets(ctx, subject, getattr(eff, "target_is", None)):
                sub = dataclasses.replace(ctx, victim=p, target=p, notes=ctx.notes)
                one = dataclasses.replace(cast(Any, eff), target="victim")
                ok = APPLY[eff.kind](one, sub)
                if not ok:
                    APPLY[alt.kind](alt, sub)
                ok_all = ok_all or ok
            applied_any = applied_any or ok_all
            last = True
            i += 2
            continue
        last = APPLY[eff.kind](eff, ctx)
        applied_any = applied_any or last
        i += 1
    return applied_any


def run_ability(ctx: Ctx, ability: fx.Ability, check: bool = True) -> bool:
    """Fire one ability: conditions, frequency, roll, then its effects (costs paid already)."""
    g = ctx.game
    ctx.label = ability.label
    if check and not conditions_hold(ability.conditions, Scope(
            owner=ctx.owner, victim=ctx.victim, target=ctx.target, monster=ctx.monster),
            g.state, g.state.combat):
        return False
    spent = (frequency_budget(g.state, ctx.owner, ctx.card, ability, ctx.target)
             if ctx.card is not None else None)
    if spent is not None:
        budget, key = spent
        if key in budget:
            return False
        budget.add(key)
    if ability.roll is not None:
        roll = g.roll_die(ctx.victim or ctx.owner, f"roll {ability.roll}+", ability.roll)
        ctx.rolled = roll
        if roll < ability.roll:
            g.note(f"rolled {roll}, needed {ability.roll}+")
            otherwise = tuple(e for e in ability.effects if e.otherwise)
            apply_effects(tuple(dataclasses.replace(e, otherwise=False) for e in otherwise),
                          ctx)
            return False
        ability = dataclasses.replace(ability, effects=tuple(
            e for e in ability.effects if not e.otherwise))
    done = apply_effects(ability.effects, ctx)
    durations.spend(g, ctx.owner, ctx.card, ability)  # `3 uses`: one spent, the last discards
    return done
