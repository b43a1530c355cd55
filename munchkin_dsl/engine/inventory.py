"""What a player has in play: items and their slots, Big items, wearing and carrying,
trading, selling, losing a card, and discarding a race or class.

Together because they all decide what is worn (``equip``): any change to the items, races
or classes in play re-runs it.  Built with the levels (:mod:`.victory`), because selling
items buys levels.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from munchkin_dsl.engine import combat as cb
from munchkin_dsl.engine import (
    durations,
    events,
    happenings,
    help_bans,
    item_traits,
    replacement,
    selling,
    use_restrictions,
)
from munchkin_dsl.engine.core import GameCore, Part, action, distinct
from munchkin_dsl.engine.interface import EngineError
from munchkin_dsl.engine.state import (
    SLOT_CAPACITY,
    CardInst,
    Happening,
    Player,
    frequency_budget,
)
from munchkin_dsl.engine.victory import Victory


class Inventory(Part):
    """Items, slots and Big items, wearing, trading, selling and losing cards."""

    def __init__(self, core: GameCore, victory: Victory) -> None:
        super().__init__(core)
        self.gain_levels = victory.gain_levels

    def lose_card(self, player: Player, card: CardInst) -> None:
        """A card leaves the player for the discards (Bad Stuff, curses, costs)."""
        if card.kind == "item" and card in player.items and replacement.loss_prevented(
                self, player, replacement.WOULD_LOSE_ITEM, card.name, spare=card):
            return  # `when you would lose an item, discard this card: prevent it`
        if self.state.over:  # a reaction to the loss ended the game: nothing more happens
            return
        if not self._take(player, card):
            return
        player.lost.append(card.id)
        if card.kind in ("item", "race", "class", "hireling", "sidekick"):  # a lost Dwarf
            self.equip(player)  # sheds its Big items, a lost Hireling its extra slot
        if card.data.slot == "headgear":
            for curse in [c for c in player.curses
                          if any(a.until == "loses_headgear" for a in c.data.abilities)]:
                player.curses.remove(curse)
                self.discard(curse)
                self.note(f"{curse.name} leaves {player.name} with the headgear")
        self.discard(card)
        self.note(f"{player.name} loses {card.name}")
        events.discarded(self, player, card)

    def can_use(self, player: Player, card: CardInst,
                traits: set[str] | None = None) -> bool:
        return use_restrictions.usable(self.rules, player, card, traits)

    @staticmethod
    def attached(player: Player, item: CardInst) -> list[CardInst]:
        """The cards attached to an item (item enhancers, Cheat!)."""
        return [c for c in player.in_play() if c.attached_to is item]

    @staticmethod
    def attached_ignores(player: Player, item: CardInst, what: str) -> bool:
        return use_restrictions.attached_ignores(player, item, what)

    @staticmethod
    def chains(player: Player) -> list[list[CardInst]]:
        """Items that join into one weapon (star-munchkin lasers): one list per chain tag.

        Any number of lasers join into one two-handed weapon with the summed bonus; a
        card of the chain is still one card (an effect that destroys an item takes one).
        """
        return cb.chains(player)

    def _extra_slots(self, player: Player) -> tuple[list[int], list[int], bool]:
        """Extra items of any slot a player may wear: ([free], [hireling-only], unlimited).

        A Hireling's slot (a card that receives items outside combat only, seed 002
        «ДРУГИЕ СОКРОВИЩА») takes a new item only while no combat is open; during one it
        keeps only the item it already had.
        """
        extra, hired, unlimited = [0], [0], False
        for data, value in self.rules.extra_slots(player):
            if value is None:
                unlimited = True
            elif data.items_outside_combat_only:
                hired[0] += value
            else:
                extra[0] += value
        return extra, hired, unlimited

    def _take_extra_slot(self, card: CardInst, extra: list[int], hired: list[int]) -> bool:
        if extra[0] > 0:
            extra[0] -= 1
            return True
        if hired[0] > 0 and (self.state.combat is None or card.extra_slot):
            hired[0] -= 1
            return True
        return False

    def equip(self, player: Player, first: CardInst | None = None) -> None:
        """Wear what fits (slots, one Big item and one Aggregate unless exempt); the rest
        is carried.  A laser chain is one two-handed unit; Cheat! lifts a slot limit and a
        Hireling lets one more item of any slot be worn.  ``first`` is tried before the
        others (the player's choice); items the player chose to carry stay carried."""
        item_traits.refresh(player)  # `attached item is no longer big`
        self._shed_big(player)
        used = {k: 0 for k in SLOT_CAPACITY}
        limits = {cat: self.rules.big_limit(player, cat) for cat in ("big", "aggregate")}
        counts = {"big": 0, "aggregate": 0}
        in_chain = {c.uid: chain for chain in self.chains(player) for c in chain}
        ranked = sorted(player.items, key=lambda c: (-(c.data.bonus or 0), c.uid))
        if first is not None and first in ranked:
            ranked.remove(first)
            ranked.insert(0, first)
        extra, hired, unlimited = self._extra_slots(player)
        caps = self.rules.slot_capacity(player)
        for card in ranked:
            card.worn = False
        done: set[int] = set()
        for card in ranked:
            data = card.data
            if card.uid in done or data.bonus is None or card.benched or not self.can_use(
                    player, card):
                continue
            unit = [c for c in in_chain.get(card.uid, [card]) if self.can_use(player, c)]
            done |= {c.uid for c in unit}
            cats = [cat for c in unit for cat in ("big", "aggregate") if c.in_category(cat)]
            if any((limit := limits[cat]) is not None and counts[cat] + cats.count(cat) > limit
                   for cat in set(cats)):
                continue
            slot = "two_hands" if len(unit) > 1 else card.slot_now()
            free = unlimited or self.attached_ignores(player, card, "slot_limits")
            on_extra = False
            if slot in ("one_hand", "two_hands") and not free:
                need = 1 if slot == "one_hand" else 2
                if used["hands"] + need > SLOT_CAPACITY["hands"]:
                    on_extra = self._take_extra_slot(card, extra, hired)
                    if not on_extra:
                        continue
                else:
                    used["hands"] += need
            elif slot in used and not free:
                if (cap := caps.get(slot)) is not None and used[slot] >= cap:
                    on_extra = self._take_extra_slot(card, extra, hired)
                    if not on_extra:
                        continue
                else:
                    used[slot] += 1
            for c in unit:
                c.worn = True
                c.extra_slot = on_extra
            for cat in cats:
                counts[cat] += 1
        self._lone_two_handed(player, used["hands"])

    @staticmethod
    def _lone_two_handed(player: Player, hands_used: int) -> None:
        """A lone one-hand item may take both hands for a bonus (``equip``'s last step)."""
        for card in player.items:
            card.two_handed = False
        if cb.two_handed_bonus(player) and hands_used == 1:
            one = [c for c in player.worn_items() if c.slot_now() == "one_hand"]
            if one:
                one[0].two_handed = True

    @action
    def put_in_play(self, player: Player, card: CardInst) -> None:
        """A race, class, item, sidekick or kept door card goes from hand to the table."""
        if self.state.combat is not None and card.kind == "item":
            raise EngineError("items cannot be played from hand during a combat")
        kind = card.kind
        pile = player.races if kind == "race" else player.classes if kind == "class" else []
        if any(c.id == card.id for c in pile):
            raise EngineError(f"{player.name} already has {card.name} in play: never two "
                              f"copies of the same {kind}")
        # a Hireling counts as a Sidekick in a mix that says so (seed 003 «Совмещение этой
        # игры с Манчкином»)
        sidekick = self.rules.kind(kind) == "sidekick"
        cap = self.rules.sidekick_limit(player) if sidekick else None
        if cap is not None and sum(self.rules.kind(c.kind) == "sidekick"
                                   for c in player.sidekicks) >= cap:
            raise EngineError(f"{player.name} may have at most {cap} Sidekick(s) in play")
        self._big_room(player, card)
        self._take(player, card)
        if kind == "race":
            if len(player.races) >= self.rules.race_limit(player):
                self.discard(player.races.pop(0))
            player.races.append(card)
        elif kind == "class":
            if len(player.classes) >= self.rules.class_limit(player):
                self.discard(player.classes.pop(0))
            player.classes.append(card)
        elif kind == "item" or kind == "one-shot":
            player.items.append(card)
        elif kind in ("sidekick", "hireling"):
            player.sidekicks.append(card)
        else:
            player.others.append(card)
        durations.entered(player, card, self.state.turn)  # its `until ...` lines: from now
        self.equip(player)
        self.event("played", card=card.id, player=player.name)

    def _big_room(self, player: Player, card: CardInst) -> None:
        """Refuse a Big item (or Aggregate) past the player's limit of its category: one,
        unless a race/class (Dwarf, Gadgeteer), a card or an extra slot (Cheat!, Hireling)
        lifts it (seed 000 «ITEMS»; seed 002 «ДРУГИЕ СОКРОВИЩА»).  The card stays in hand."""
        for cat in ("big", "aggregate"):
            limit = self.rules.big_limit(player, cat) if card.in_category(cat) else None
            if limit is None:
                continue
            have = sum(c.in_category(cat) for c in player.items)
            extra, hired, unlimited = self._extra_slots(player)
            if have >= limit + extra[0] + hired[0] and not unlimited:
                word = "Big item" if cat == "big" else "Aggregate"
                raise EngineError(f"{player.name} already has {have} {word}(s) in play; a "
                                  f"second needs a Dwarf, Cheat! or a Hireling")

    def _in_combat(self, player: Player) -> bool:
        combat = self.state.combat
        return combat is not None and player in combat.players()

    def _item_in_play(self, player: Player, card: CardInst, verb: str) -> None:
        if card in player.hand:
            raise EngineError(f"{player.name} can {verb} only items in play, not "
                              f"{card.name} from the hand")
        if card not in player.items or card.kind not in ("item", "one-shot"):
            raise EngineError(f"{card.name} is not an item {player.name} has in play")

    @action
    def trade(self, giver: Player, gives: Sequence[CardInst], taker: Player,
              takes: Sequence[CardInst] = ()) -> None:
        """Swap items in play (or give them away): never while either player is in the
        combat; each received item goes into play, worn if it can be, else carried.

        Seed 000 «Trading»: items only, from the table, at any time except in combat (not
        only on the trader's turn); seed 002 «Обмен»: both players not in combat.  An item
        enhancer or Cheat! goes with its item.
        """
        if giver is taker:
            raise EngineError(f"{giver.name} cannot trade with themself")
        if not gives and not takes:
            raise EngineError("a trade needs at least one item")
        distinct([*gives, *takes], "trade")
        for p in (giver, taker):
            if p.dead:
                raise EngineError(f"{p.name} is dead and has no items to trade")
            if self._in_combat(p):
                raise EngineError(f"no trading in combat: {p.name} is in the fight")
        for owner, cards in ((giver, gives), (taker, takes)):
            for card in cards:
                self._item_in_play(owner, card, "trade")
        for owner, other, cards in ((giver, taker, gives), (taker, giver, takes)):
            for card in cards:
                self._move_item(owner, other, card)
        self.equip(giver)
        self.equip(taker)
        self.event("trade", giver=giver.name, taker=taker.name,
                   gives=[c.id for c in gives], takes=[c.id for c in takes])
        self.note(f"{giver.name} gives {', '.join(c.name for c in gives) or 'nothing'} to "
                  f"{taker.name}" + (f" for {', '.join(c.name for c in takes)}"
                                     if takes else ""))

    def _move_item(self, src: Player, dst: Player, card: CardInst) -> None:
        src.items.remove(card)
        for extra in [c for c in src.others if c.attached_to is card]:
            src.others.remove(extra)
            dst.others.append(extra)
        card.worn = card.two_handed = card.benched = card.extra_slot = False
        dst.items.append(card)

    @action
    def equip_item(self, player: Player, card: CardInst) -> None:
        """The player chooses to wear an item in play; what it displaces is carried.

        Not while the player is in a combat (seed 000: "You may NOT change your used and
        carried items during a combat or while running away").
        """
        if self._in_combat(player):
            raise EngineError(f"{player.name} cannot equip items during a combat")
        self._item_in_play(player, card, "equip")
        if card.data.bonus is None:
            raise EngineError(f"{card.name} is not worn: it has no bonus to wear")
        if not self.can_use(player, card):
            raise EngineError(f"{player.name} cannot use {card.name}")
        before = {c.uid: (c.worn, c.benched, c.extra_slot) for c in player.items}
        card.benched = False
        self.equip(player, first=card)
        if not card.worn:
            for c in player.items:
                c.worn, c.benched, c.extra_slot = before[c.uid]
            raise EngineError(f"{player.name} cannot wear {card.name} (a Big-item limit)")
        for c in player.items:  # what it displaced is carried by choice from now on
            if before[c.uid][0] and not c.worn:
                c.benched = True
        self.note(f"{player.name} wears {card.name}")

    @action
    def unequip_item(self, player: Player, card: CardInst) -> None:
        """The player chooses to carry a worn item instead (not during a combat)."""
        if self._in_combat(player):
            raise EngineError(f"{player.name} cannot unequip items during a combat")
        self._item_in_play(player, card, "unequip")
        card.benched = True
        self.equip(player)
        self.note(f"{player.name} carries {card.name}")

    @action
    def sell(self, player: Player, cards: list[CardInst]) -> int:
        """Discard items worth 1000+ for a level per full 1000 (or the price the seller's cards
        set: engine/selling.py); never to the winning level."""
        if self.state.combat is not None:
            raise EngineError("no selling during a combat")
        if self.state.players[self.state.current] is not player:
            raise EngineError(f"{player.name} may sell only on their own turn")
        ban = help_bans.banned_by(self.state, player, help_bans.CANNOT_SELL)
        if ban is not None:  # `you cannot sell items`
            raise EngineError(f"{player.name} may not sell while {ban.name} says so")
        distinct(cards, "sell")
        for c in cards:
            if c.kind not in ("item", "one-shot") or c not in [*player.hand, *player.items]:
                raise EngineError(f"{c.name} is not an item {player.name} can sell")
        total = 0
        doubled = self._sell_double(player)
        extra, price = selling.item_bonus(self.state, player), selling.level_price(self.state,
                                                                                  player)
        for c in sorted(cards, key=lambda c: -c.value):
            value = max(0, c.value * (2 if doubled > 0 else 1) + extra)
            doubled -= 1
            total += value
            self._take(player, c)
            self.discard(c)
        levels = total // price
        gained = self.gain_levels(player, levels, "sell", self.rules.card_level_cap())
        self.note(f"{player.name} sells for {total}: +{gained} level(s)")
        # `if the sale buys a level`, `if the sale is worth 1000 or more`
        with happenings.about(self.state, Happening(levels=gained, worth=total)):
            self._fire_others(player, "when_other_sells")
        return gained

    def _sell_double(self, player: Player) -> int:
        for card in player.in_play():
            for ab in card.data.abilities:
                for e in ab.effects:
                    if e.kind == "sell_double":
                        spent = frequency_budget(self.state, player, card, ab)
                        if spent is not None:
                            if spent[1] in spent[0]:
                                continue
                            spent[0].add(spent[1])
                        sell: Any = e  # a sell_double record (declared as a part)
                        return int(sell.count)
        return 0

    @action
    def _shed_big(self, player: Player) -> None:
        """A player whose Big-item (or Aggregate) limit went down, a Dwarf who lost the race
        by a curse, a race taken from the discards or a discard, gets rid at once of all
        but what the limit allows (seed 001 «Шмотки»: "вы должны немедленно избавиться от
        всех, кроме одной"); the player picks what goes (Policy, why "lose").  The engine
        discards them: giving them to the lowest players, as the rulebook says when it is
        not the player's turn, is not modelled."""
        for cat in ("big", "aggregate"):
            limit = self.rules.big_limit(player, cat)
            while limit is not None:
                over = [c for c in player.items if c.in_category(cat)]
                if len(over) <= limit:
                    break
                self.lose_card(player, self.choose_item(player, over, "lose"))

    def discard_trait(self, player: Player, card: CardInst) -> None:
        """Discard a race or class in play at any time, even in a combat (seed 000
        «CLASSES AND RACES»: "You may discard a Race or Class card at any time, even in
        combat"); its bonuses and drawbacks stop at once."""
        pile = player.races if card.kind == "race" else player.classes if \
            card.kind == "class" else None
        if pile is None or card not in pile:
            raise EngineError(f"{card.name} is no race or class {player.name} has in play")
        pile.remove(card)
        self.discard(card)
        self.note(f"{player.name} discards {card.name}")
        self.equip(player)
        events.discarded(self, player, card)

