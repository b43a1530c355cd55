"""Combat arithmetic: strength breakdowns, ties, run-away modifiers (the conditions they
check are :mod:`.conditions`, re-exported here).

Strength is never a bare number here: :func:`strength` returns a :class:`Breakdown`
listing every contribution (its side, amount, and the card it came from) because
scenario traces and the simulator's reports both need to say *why* a side had the
strength it had.  Passive effects (items, monster bonuses "against" a race, enhancers on
a monster and its Mate, Seals) are recomputed from the table each time, so a helper who
joins late changes the monster's "+4 against Elves" without any bookkeeping.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from munchkin_dsl.compiler.effects import (
    EFFECTS_BY_KIND,
    Ability,
    CardData,
    Effect,
)
from munchkin_dsl.engine import durations, item_traits
from munchkin_dsl.engine.algebra_conditions import matches, standing
from munchkin_dsl.engine.algebra_selectors import STANDING_PARTS, most_items
from munchkin_dsl.engine.card_memo import CardMemo

# Scope and conditions_hold are part of this module's face: rules code reads them as
# ``cb.Scope`` / ``cb.conditions_hold`` beside the combat maths (explicit re-export).
from munchkin_dsl.engine.conditions import MONSTER, PLAYER
from munchkin_dsl.engine.conditions import Scope as Scope
from munchkin_dsl.engine.conditions import conditions_hold as conditions_hold
from munchkin_dsl.engine.counts import counted as counted
from munchkin_dsl.engine.counts import lasting_amount, lasting_multiplier
from munchkin_dsl.engine.counts import scaled_amount as scaled_amount
from munchkin_dsl.engine.monster_operators import own_operator_lines, table_operator_lines
from munchkin_dsl.engine.rules import Rules
from munchkin_dsl.engine.state import CardInst, Combat, GameState, MonsterInst, Player
from munchkin_dsl.language.count_part import per_count
from munchkin_dsl.language.parts.holdings import is_title


# ---------------------------------------------------------------- passive effects
@dataclass(slots=True)
class Passive:
    """An effect active in the combat without being played: whose, from what card."""

    effect: Effect
    card: CardInst | None
    owner: Player | None
    monster: MonsterInst | None
    ability: Ability | None


_PLAYER_PASSIVE = ("continuous", "next_combat", "this_combat")
_MONSTER_PASSIVE = ("continuous", "in_combat", "this_combat")

#: card data -> its player-side and monster-side passive candidates, and the effect types
#: of each (bounded, see :mod:`.card_memo`).
_PASSIVE_CACHE: CardMemo[tuple[tuple[Ability, ...], tuple[Ability, ...], frozenset[type],
                               frozenset[type]]] = CardMemo()


def _stands(ab: Ability) -> bool:
    """Whether a line may act by itself in a fight, without being used.  A line with a
    cost is paid for, and a `choose one` line is always asked: its player picks one
    alternative when using the card, so its alternatives are never standing bonuses (read
    as passives, every alternative acted at once and the chosen one again on use)."""
    return not ab.costs and not ab.choose_one


def _passive_of(data: object) -> tuple[tuple[Ability, ...], tuple[Ability, ...],
                                       frozenset[type], frozenset[type]]:
    assert isinstance(data, CardData)
    player = tuple(ab for ab in data.abilities if _stands(ab) and not ab.uses and (
        ab.timing in _PLAYER_PASSIVE or (ab.until is not None and ab.timing == "on_play")
        or (ab.timing == "in_combat" and data.kind != "one-shot")))
    monster = tuple(ab for ab in data.abilities
                    if ab.timing in _MONSTER_PASSIVE and _stands(ab))
    return (player, monster, frozenset(type(e) for ab in player for e in ab.effects),
            frozenset(type(e) for ab in monster for e in ab.effects))


def _candidates(card: CardInst) -> tuple[tuple[Ability, ...], tuple[Ability, ...]]:
    """The abilities of a card that can be passive at all, worked out once per card data:
    (on a player's card, on a monster or an enhancer).  Which of them apply in a combat
    still depends on the table (a curse on the player, the conditions)."""
    found = _PASSIVE_CACHE.get(card.data, _passive_of)
    return found[0], found[1]


def _may_have(state: GameState, combat: Combat, kind: type[Effect]) -> bool:
    """Whether any passive source of this combat could give an effect of ``kind`` (a quick
    look at the cards before the conditions are evaluated; Seals are always looked at)."""
    if state.open_seals or any(isinstance(eff, kind) for eff, _c, _o in combat.extras) or any(
            p.lasting for p in state.players):  # lines played with a duration (durations.py)
        return True
    for p in combat.players():
        for card in p.in_play():
            if card.data.abilities and kind in _PASSIVE_CACHE.get(card.data, _passive_of)[2]:
                return True
    for m in combat.live_monsters():
        for card in [m.card, *m.all_enhancers()]:
            if kind in _PASSIVE_CACHE.get(card.data, _passive_of)[3]:
                return True
    return False


def passives(state: GameState, combat: Combat) -> list[Passive]:
    """Every effect that applies by itself in this combat, with its conditions checked."""
    out: list[Passive] = []
    add = out.append
    for p in combat.players():
        _player_passives(state, combat, p, add)
    for p in state.players:  # played with `until ...`: its player's, or on the fight's side
        for eff, card, ab in durations.effects_on(state, p, p in combat.players()):
            add(Passive(eff, card, p, None, ab))
    for m in combat.live_monsters():
        _monster_passives(state, combat, m, add)
    if state.open_seals:
        _seal_passives(state, combat, add)
    for eff, src, owner in combat.extras:
        add(Passive(eff, src, owner, None, None))
    return out


def _player_passives(state: GameState, combat: Combat, p: Player,
                     add: Callable[[Passive], None]) -> None:
    """The passive effects of one fighter's cards in play (``passives``, player side)."""
    for card in p.in_play():
        if not card.data.abilities:
            continue
        if card.kind == "item" and not card.worn and card.data.bonus is not None:
            continue  # carried sideways: does nothing
        abilities = _candidates(card)[0]
        for ab in abilities:
            if ab.timing == "on_play" and card not in p.curses:
                continue  # an "until" effect counts while its curse stays on the victim
            if ab.timing == "next_combat" and card not in p.curses:
                continue
            if ab.until and card not in p.curses and durations.lapsed(p, card):
                continue  # its `until ...` is over (the card stays)
            if not ab.conditions or conditions_hold(ab.conditions, Scope(
                    owner=p, victim=p, card=card), state, combat):
                for eff in ab.effects:
                    add(Passive(eff, card, p, None, ab))


def _monster_passives(state: GameState, combat: Combat, m: MonsterInst,
                      add: Callable[[Passive], None]) -> None:
    """The passive effects of a monster and its enhancers (``passives``, monster side)."""
    sources = [m.card]
    if m.enhancers or m.copy_of is not None:
        sources += m.all_enhancers()
    for card in sources:
        for ab in _candidates(card)[1]:
            if not ab.conditions or conditions_hold(ab.conditions, Scope(monster=m),
                                                    state, combat):
                for eff in ab.effects:
                    add(Passive(eff, card, None, m, ab))


def _seal_passives(state: GameState, combat: Combat, add: Callable[[Passive], None]) -> None:
    """The top open Seal's `while open` lines, once per monster for a Strength."""
    top = state.open_seals[-1]
    for ab in top.data.abilities:
        if ab.timing == "while_open" and conditions_hold(
                ab.conditions, Scope(owner=combat.fighter), state, combat):
            for eff in ab.effects:
                for m in combat.live_monsters():
                    add(Passive(eff, top, None, m, ab))
                if eff.kind != "strength":
                    break


def has_effect(state: GameState, combat: Combat, kind: type[Effect],
               pred: object = None) -> Passive | None:
    if not _may_have(state, combat, kind):
        return None
    for pas in passives(state, combat):
        if isinstance(pas.effect, kind) and (pred is None or pred(pas)):  # type: ignore[operator]
            return pas
    return None


# ---------------------------------------------------------------- strength
@dataclass(slots=True)
class Line:
    """One contribution to a side's strength."""

    side: str
    amount: int
    what: str
    card: str | None = None
    #: the one player (name) or monster (``m<uid>``) the line belongs to; None: the side's
    who: str | None = field(default=None, compare=False)
    #: the names an `against` bonus needs (`ignore Elf bonuses` drops `+3 against Elf`)
    against: tuple[str, ...] = field(default=(), compare=False)
    #: a strength operator played as the side stood (engine/monster_operators.py)
    operator: bool = field(default=False, compare=False)

    def to_json(self) -> dict[str, object]:
        return {"side": self.side, "amount": self.amount, "what": self.what,
                "card": self.card}


@dataclass
class Breakdown:
    """Both sides' strength with every contribution; ``won`` applies the tie rule."""

    lines: list[Line] = field(default_factory=list)
    win_ties: bool = False

    def total(self, side: str) -> int:
        return sum(line.amount for line in self.lines if line.side == side)

    @property
    def player(self) -> int:
        return self.total(PLAYER)

    @property
    def monster(self) -> int:
        return self.total(MONSTER)

    @property
    def won(self) -> bool:
        player = monster = 0
        for line in self.lines:
            if line.side == PLAYER:
                player += line.amount
            else:
                monster += line.amount
        return player > monster or (player == monster and self.win_ties)

    def refusal(self) -> str:
        """Why the player side cannot end the fight now: a tie is named (no tie rule)."""
        how = "ties" if self.player == self.monster else "is losing"
        return (f"the player side {how} {self.player} to {self.monster}"
                + (" (a tie goes to the monster)" if how == "ties" else "") + "; run away instead")

    def text(self) -> str:
        out = []
        for side, title in ((PLAYER, "players"), (MONSTER, "monsters")):
            parts = [f"{line.amount:+d} {line.what}" for line in self.lines if line.side == side]
            out.append(f"{title} {self.total(side)} = " + " ".join(parts))
        verdict = "players win" if self.won else "monsters win"
        if self.player == self.monster:
            verdict += " (tie" + (", a player wins ties)" if self.win_ties else " goes to the "
                                  "monster)")
        return "; ".join(out) + f" -> {verdict}"


def _qualifies(against: str | None, combat: Combat, rules: Rules | None = None,
               bonus: bool = False, also: tuple[str, ...] = ()) -> int:
    """How many players on the player side the 'against' words name (1 if none given).
    A monster's *bonus* against a race or class skips a player for whom the ruleset lifts
    that trait's drawbacks (Super Munchkin or Half-Breed with a single one, Mazes)."""
    if against is None:
        return 1
    names = {against, *also}
    return sum(1 for p in combat.players() if any(  # a trait, or a tag of a card in play
        (name in p.traits() or any(name in c.data.tags or is_title(name) and matches(c, name)
                                   for c in p.in_play()))
        and not (bonus and rules is not None and rules.no_drawbacks(p, name))
        for name in names))


def strength(state: GameState, rules: Rules, combat: Combat) -> Breakdown:
    """Both sides' combat strength by RULES.md section 1, with every contribution listed."""
    bd = Breakdown()
    pas = passives(state, combat)
    ignore_items = any(p.effect.kind == "ignore"
                       and getattr(p.effect, "what", None) == "item_bonuses" for p in pas)
    # `victim ignores their item bonuses`: only the holder's own items count 0
    own_ignored = {id(q) for p in pas if p.effect.kind == "ignore"
                   and getattr(p.effect, "what", None) == "own_item_bonuses"
                   for q in item_traits.item_ignorers(p, combat)}
    less = weakening(pas)
    for p in combat.players():
        bd.lines.append(Line(PLAYER, p.level, f"{p.name} level", who=p.name))
        if ignore_items or id(p) in own_ignored:
            continue
        _item_lines(bd, p, less, state, combat, item_traits.slots_ignored(pas, p, combat))
    monsters = combat.live_monsters()
    for m in monsters:
        bd.lines.append(Line(MONSTER, m.card.data.level or 0, f"{m.name} level", m.card.id,
                             who=_monster_key(m)))
        if state.open_seals:
            bd.lines.append(Line(MONSTER, len(state.open_seals),
                                 f"{len(state.open_seals)} open Seal(s)", who=_monster_key(m)))
    for pa in pas:
        eff = pa.effect
        if eff.kind == "win_ties" and (pa.owner in combat.players() or pa.owner is None):
            bd.win_ties = True
        if eff.kind != "strength" or ((per := per_count(eff)) is not None and per.paid):
            continue  # a per-card bonus is paid for, so it is played, never passive
        line = _passive_line(eff, pa, state, rules, combat)
        if line is not None:
            bd.lines.append(line)
    for mod in combat.mods:
        if mod.monster is not None and mod.monster not in monsters:
            continue  # played on a monster that has left the fight: gone with it
        if mod.player is not None and mod.player not in combat.players():
            continue  # a bonus to a player counts while they are in the fight
        who = mod.player.name if mod.player is not None else (
            _monster_key(mod.monster) if mod.monster is not None else None)
        cut = less.get(mod.source.kind, 0) if mod.source is not None else 0
        bd.lines.append(Line(mod.side, toward_zero(mod.amount, cut), mod.label,
                             mod.source.id if mod.source else None, who=who,
                             operator=mod.operator))
    _drop_tag_bonuses(bd, pas, combat)
    def add(side: str, amount: int, what: str, card: str | None, who: str | None) -> None:
        bd.lines.append(Line(side, amount, what, card, who=who))
    own_operator_lines(bd.lines, pas, monsters, _monster_key, add, combat)
    table_operator_lines(bd.lines, pas, state, combat, _monster_key, add)
    if rules.no_zero_strength:
        _floor_each(bd, combat)
    return bd


def _item_lines(bd: Breakdown, p: Player, less: dict[str, int], state: GameState,
                combat: Combat, ignored: frozenset[str] = frozenset()) -> None:
    """A fighter's worn items in the breakdown (not those in an ``ignored`` slot): bonuses
    (a laser chain named), item enhancers on them, and a lone one-hand item's two-handed bonus."""
    chained = {c.uid for chain in chains(p) for c in chain}
    attached = [c for c in p.in_play() if c.attached_to is not None]
    for item in item_traits.counted(p.worn_items(), ignored):
        if item.data.bonus:
            name = item.name + (f" ({item.data.chains_with} chain)"
                                if item.uid in chained else "")
            bd.lines.append(Line(PLAYER, toward_zero(item.data.bonus, less.get("item", 0)),
                                 name, item.id, who=p.name))
        enhancing = item_traits.enhancements(attached, item, p, state, combat) if attached else ()
        total = toward_zero(item.data.bonus or 0, less.get("item", 0))
        for enh, eff in enhancing:
            amount = lasting_amount(eff, state, combat, p, None, enh)
            total += amount
            bd.lines.append(Line(PLAYER, amount, f"{enh.name} on {item.name}", enh.id,
                                 who=p.name))
        for amount, words, card in item_traits.operated(attached, item, p, state, combat,
                                                        total) if attached else ():
            bd.lines.append(Line(PLAYER, amount, words, card, who=p.name))
        if item.two_handed:
            extra = two_handed_bonus(p)
            if extra:
                bd.lines.append(Line(PLAYER, extra[0], f"{item.name} two-handed "
                                     f"({extra[1].name})", extra[1].id, who=p.name))


def _passive_line(eff: Any, pa: Passive, state: GameState, rules: Rules,
                  combat: Combat) -> Line | None:
    """The breakdown line of one passive Strength, or None when it counts nobody."""
    label = pa.card.name if pa.card else "effect"
    if pa.monster is not None and pa.card is not pa.monster.card:
        label += f" on {pa.monster.name}"
    count = _qualifies(eff.against, combat, rules,
                       bonus=eff.amount > 0 and _side_of(eff.target, pa, combat) == MONSTER,
                       also=eff.against_also)
    if count == 0:
        return None
    if eff.counted_once:
        count = 1
    side = _side_of(eff.target, pa, combat, state)
    if side is None:
        return None
    count = _passive_count(eff, pa, state, combat, count)
    if not count:
        return None
    who = None
    hit = reached(eff.target, pa, state, combat)
    if side == MONSTER and pa.monster is not None:
        who = _monster_key(pa.monster)
    elif side == PLAYER and eff.target in ("you", "victim") and pa.owner is not None:
        who = pa.owner.name
    elif hit:  # one line for the first player reached (`counted once`), as when played
        who = hit[0].name
    against = ", ".join(n for n in (eff.against, *eff.against_also) if n)
    return Line(side, scaled_amount(eff, count), label + (
        f" (against {against})" if against else ""),
        pa.card.id if pa.card else None, who=who,
        against=tuple(n for n in (eff.against, *eff.against_also) if n))


def _passive_count(eff: Any, pa: Passive, state: GameState, combat: Combat,
                   count: int) -> int:
    """How many times a passive Strength counts: the fighters of a trait, per open Seal,
    per thing it counts (0: it does not apply)."""
    if eff.target == "each_player" and eff.target_is:
        count = sum(1 for p in combat.players() if eff.target_is in p.traits())
        if not count:
            return 0
    return count * lasting_multiplier(eff, state, combat, pa.owner, pa.monster, pa.card)


def _drop_tag_bonuses(bd: Breakdown, pas: list[Passive], combat: Combat) -> None:
    """`ignore fire bonuses`: a line from a card of that tag that works against the
    ignoring side (a bonus of the other side, a penalty on its own) counts 0.  The side
    that ignores is the monster's for a card played by someone not in the fight, the
    player side's for a fighter's card.  On a monster the phrase means the whole fight
    (C111 Fire-Proof Accountant: "bonuses from fire cards do not count in this fight",
    the text the card generates): every line of the tag counts 0, whichever side it
    helps, so a fire potion played *for* the monster is dropped too (side None).  The
    line stays in the breakdown, at 0, so a trace says why the bonus did not count."""
    ignoring: list[tuple[str | None, str | None]] = [
        (None if pa.monster is not None else MONSTER
         if getattr(pa.effect, "target", None) == "monster" or pa.owner not in combat.players()
         else PLAYER, getattr(pa.effect, "tag", None)) for pa in pas
        if pa.effect.kind == "ignore"
        and getattr(pa.effect, "what", None) in ("tag_bonuses", "tag_cards")]
    if not ignoring:
        return
    cards = [c for p in combat.players() for c in p.in_play()] + list(combat.played)
    cards += [mod.source for mod in combat.mods if mod.source is not None]
    cards += [c for m in combat.monsters for c in (m.card, *m.all_enhancers())]
    by_id = {c.id: c for c in cards}  # a title (`ignore "Sword" bonuses`): the card's names
    for i, line in enumerate(bd.lines):
        for side, tag in ignoring:
            against = line.amount != 0 if side is None else (
                line.amount > 0 if line.side != side else line.amount < 0)
            card = by_id.get(line.card) if line.card is not None else None
            named = card is not None and (matches(card, tag) if is_title(tag) else tag
                                          in card.data.tags or card.kind == (tag or "").casefold())
            if against and line.card is not None and (named or tag in line.against):
                bd.lines[i] = Line(line.side, 0, f"{line.what} ({tag}: does not count)",
                                   line.card, who=line.who)
                break


def weakening(pas: list[Passive]) -> dict[str, int]:
    """Card kind -> how much less each of its bonuses counts (`every one-shot gives 1
    less`, a Seal's or anyone's in the fight)."""
    out: dict[str, int] = {}
    for pa in pas:
        if pa.effect.kind == "weaken":  # a record generated from its part class
            source, cut = getattr(pa.effect, "source", ""), getattr(pa.effect, "amount", 0)
            out[source] = out.get(source, 0) + cut
    return out


def toward_zero(amount: int, cut: int) -> int:
    """``amount`` made ``cut`` smaller in size, never past 0 (a -2 cut by 1 is -1)."""
    if cut <= 0:
        return amount
    return max(0, amount - cut) if amount >= 0 else min(0, amount + cut)


def _monster_key(m: MonsterInst) -> str:
    return f"m{m.card.uid}" if m.copy_of is None else f"m{m.card.uid}c{id(m)}"


def _floor_each(bd: Breakdown, combat: Combat) -> None:
    """star-munchkin's R1 (seed 003 «Когда применять карты»): no card brings a player *or a
    monster* to 0 or below, so each fighter and each monster is floored at 1 on its own
    lines (a helper keeps its own strength); what applies to a whole side is floored last."""
    entities = [(PLAYER, p.name, p.name) for p in combat.players()]
    entities += [(MONSTER, _monster_key(m), m.name) for m in combat.live_monsters()]
    for side, key, name in entities:
        own = sum(line.amount for line in bd.lines if line.who == key)
        if own < 1:
            bd.lines.append(Line(side, 1 - own, f"no card brings {name} to 0 or below "
                                 "(fixed rule 1)", who=key))
    for side in (PLAYER, MONSTER):
        if bd.total(side) < 1:
            bd.lines.append(Line(side, 1 - bd.total(side),
                                 "no card brings a side to 0 or below (fixed rule 1)"))


def chains(p: Player) -> list[list[CardInst]]:
    out: dict[str, list[CardInst]] = {}
    for card in p.items:
        if card.data.chains_with:
            out.setdefault(card.data.chains_with, []).append(card)
    return [cards for cards in out.values() if len(cards) > 1]


def two_handed_bonus(p: Player) -> tuple[int, CardInst] | None:
    """The bonus a card in play gives a one-hand item wielded with two hands; a line whose
    `until ...` is over gives none (`until you are caught: may wield ...`)."""
    for card in p.in_play():
        for ab in card.data.abilities:
            if ab.until and card not in p.curses and durations.lapsed(p, card):
                continue
            for eff in ab.effects:
                if eff.kind == "two_handed_bonus":  # a record generated from its part
                    return int(getattr(eff, "amount", 0)), card
    return None


#: The `each player with ...` selectors: on a line read all fight, the same players as the
#: word without `each` (language/parts/selectors.py).
EACH_STANDING = frozenset({"each_highest_level", "each_lowest_level", "each_most_items"})


def reached(target: str, pa: Passive, state: GameState, combat: Combat) -> list[Player] | None:
    """The players of the fight a passive line's seat or level word reaches, read now from
    its owner (a monster's: the fighter): `the player to your left`, `the highest level
    player`, `every other player`, `the player with the most items`; None for any other
    word."""
    me = pa.owner or combat.fighter
    seats = state.players
    living = [p for p in seats if not p.dead]
    # `each player with the most items`: read all fight, it reaches every tied player in it,
    # as the plain word does (there is no moment to choose one)
    each = target in EACH_STANDING or target in STANDING_PARTS and STANDING_PARTS[target].each
    target = target.removeprefix("each_") if each else target
    if target in ("other_highest_level", "other_lowest_level", "other_most_items"):
        # `the other player with the highest level`: the standing among the others
        target, living = target.removeprefix("other_"), [p for p in living if p is not me]
    if target in ("left_player", "right_player") and me in seats:
        step, at = (1 if target == "left_player" else -1), seats.index(me)
        ring = [seats[(at + step * k) % len(seats)] for k in range(1, len(seats))]
        out = [p for p in ring if not p.dead and p is not me][:1]
    elif target in ("highest_level", "lowest_level"):  # nobody left: nobody
        level = (max if target == "highest_level" else min)((p.level for p in living),
                                                            default=None)
        out = [p for p in living if p.level == level]
    elif target in ("every_other_player", "others_by_level"):
        out = [p for p in living if p is not me]
    elif target == "most_items":
        out = most_items(living)
    elif target in STANDING_PARTS:  # `the player with the fewest cards in hand`: each tied
        part = STANDING_PARTS[target]
        out = standing([p for p in living if p is not me] if part.other else living,
                       part.standing, part.value)
    elif target in PLAYED_BY:  # `the player who played this card`: a monster's, a curse's
        out = [p for p in (pa.card.played_by if pa.card else None,) if p is not None]
    else:
        return None
    return [p for p in out if p in combat.players()]


#: the words that name the player who played the line's card (language/parts/selectors.py)
PLAYED_BY = frozenset({"card_player", "curse_player"})
#: The side a passive line's word names in any fight (`helper`, `you`: only when that
#: player is in it; a seat or level word: see :func:`reached`).
_SIDES = {"monster": MONSTER, "player_side": PLAYER, "fighter": PLAYER, "any_fighter": PLAYER,
          "each_player": PLAYER, "either_side": PLAYER}  # either: the player side unless chosen


def _side_of(target: str, pa: Passive, combat: Combat,
             state: GameState | None = None) -> str | None:
    hit = reached(target, pa, state, combat) if state is not None else None
    if hit is not None:
        return PLAYER if hit else None
    if target == "helper":
        return PLAYER if combat.helper else None
    if target == "victim" and pa.owner is None and pa.card is not None and (
            pa.card.kind == "monster"):
        return PLAYER  # a monster's own line: its victim is the fighter (NAMED_ALIKE)
    if target in ("you", "victim"):
        return PLAYER if pa.owner in combat.players() else None
    return _SIDES.get(target)


def win_ties(state: GameState, combat: Combat) -> bool:
    return has_effect(state, combat, EFFECTS_BY_KIND["win_ties"]) is not None


# ---------------------------------------------------------------- running away
def no_escape(state: GameState, combat: Combat, monster: MonsterInst) -> bool:
    return has_effect(state, combat, EFFECTS_BY_KIND["no_escape"],
                      lambda pa: pa.monster is monster or pa.monster is None) is not None


def run_away_bonus(state: GameState, combat: Combat, player: Player,
                   monster: MonsterInst) -> list[Line]:
    """Every modifier to one player's roll against one monster (items, races, monsters)."""
    lines = _own_run_away_lines(state, combat, player, monster)
    sources = [(monster.card, monster.card.data.abilities)]
    sources += [(e, e.data.abilities) for e in monster.all_enhancers()]
    for card, abilities in sources:
        for ab in abilities:
            if ab.timing not in _MONSTER_PASSIVE or ab.costs:
                continue
            if not conditions_hold(ab.conditions, Scope(monster=monster), state, combat):
                continue
            for eff in ab.effects:
                if eff.kind == "run_away":
                    lines.append(Line(PLAYER, lasting_amount(eff, state, combat, None,
                                                              monster, card),
                                      card.name, card.id))  # `counters on this card`: its own
    for eff, src, owner in combat.extras:
        if eff.kind in ("run_away", "die_rolls") and owner in (player, None):
            lines.append(Line(PLAYER, getattr(eff, "amount", 0), src.name if src else "effect"))
    return lines


def _own_run_away_lines(state: GameState, combat: Combat, player: Player,
                        monster: MonsterInst) -> list[Line]:
    """The modifiers of the player's own cards in play (items worn, races, curses)."""
    lines: list[Line] = []
    for card in player.in_play():
        if card.kind == "item" and not card.worn and card.data.bonus is not None:
            continue
        for ab in card.data.abilities:
            if not _stands(ab) or ab.until and card not in player.curses and durations.lapsed(
                    player, card):
                continue
            if ab.timing not in ("continuous", "in_combat", "this_combat") and not (
                    (ab.until or ab.timing in ("next_combat", "next_run_away_roll"))
                    and card in player.curses):
                continue
            if ab.conditions and not conditions_hold(  # `if you have a Steed in play: +2 ...`
                    ab.conditions, Scope(owner=player, victim=player, monster=monster, card=card),
                    state, combat):
                continue
            for eff in ab.effects:
                if eff.kind in ("run_away", "die_rolls") and \
                        getattr(eff, "target", None) in ("you", "victim"):
                    lines.append(Line(PLAYER, lasting_amount(eff, state, combat, player,
                                                              None, card),
                                      card.name, card.id))
    for eff, card, _ab in durations.effects_on(state, player, True):  # with `until ...`
        if eff.kind in ("run_away", "die_rolls") and getattr(  # (a Bad Stuff's: the side's)
                eff, "target", None) in ("you", "victim", "player_side"):
            lines.append(Line(PLAYER, lasting_amount(eff, state, combat, player, None,
                                                      card), card.name, card.id))
    return lines
