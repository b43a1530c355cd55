"""The engine: every action a player can take, and the turn loop bots play.

:class:`Game` owns a :class:`GameState` and changes it only through its methods, so
the invariants (:mod:`munchkin_dsl.engine.invariants`) can be checked after every action
in debug mode.  Decisions (which item to lose, whether to use a "may" effect, whom to
loot) are asked of a *policy* object: the simulator passes bots, a scenario passes the
author's scripted choices.  All randomness comes from ``random.Random(seed)``, so the
same seed plays the same game.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from munchkin_dsl import effects as fx
from munchkin_dsl.effects import Ability
from munchkin_dsl.engine import combat as cb
from munchkin_dsl.engine.core import (
    PASSIVE_KINDS,
    EngineError,
    _has,
    action,
    describe_action,
)
from munchkin_dsl.engine.effects_apply import Ctx, apply_effects, run_ability
from munchkin_dsl.engine.fight import CombatFlow
from munchkin_dsl.engine.policy import DefaultPolicy, Policy
from munchkin_dsl.engine.state import (
    CardInst,
    MonsterInst,
    Player,
    frequency_budget,
)

__all__ = ["PASSIVE_KINDS", "PLAY_ROUTES", "PLAY_TIMINGS_COMBAT", "PLAY_TIMINGS_OUTSIDE",
           "DefaultPolicy", "EngineError", "Game", "PlayArgs", "Policy", "action",
           "describe_action", "fx_replace_optional"]

#: Timings a card played from hand fires at, in or out of combat.
PLAY_TIMINGS_COMBAT = ("in_combat", "this_combat", "any_time", "on_play", "own_turn",
                       "on_reveal")
PLAY_TIMINGS_OUTSIDE = ("any_time", "outside_combat", "on_play", "own_turn", "on_reveal")


@dataclasses.dataclass(frozen=True)
class PlayArgs:
    """One play: who plays what, at whom, for which side, with which other card."""

    player: Player
    card: CardInst
    on_player: Player | None = None
    on_monster: MonsterInst | None = None
    side: str | None = None
    extra: CardInst | None = None


#: card kind -> how Game.play handles it (the method ``_play_<route>``); a kind not listed
#: is played for its lines ("effects").  Card-level exceptions are in Game._play_route.
PLAY_ROUTES: dict[str, str] = {
    "item-enhancer": "attach",
    "race": "to_table", "class": "to_table", "item": "to_table",
    "sidekick": "to_table", "hireling": "to_table",
    "monster": "monster",
    "monster-enhancer": "enhancer",
}


class Game(CombatFlow):
    """One game: state, rules, a policy for decisions, and the actions."""

    # ------------------------------------------------------------ decks and cards
    @action
    def loot_room(self, player: Player) -> tuple[list[CardInst], bool]:
        """No monster met: draw a face-down door, unless an on_loot draw replaces it.

        A Feline may instead open a second Airlock face up (seed 003, «Фазы хода»).  Returns
        the cards and whether they came face up; a face-up card is revealed here (a monster
        is fought, a trap hits), like a kicked-open door.  A player who met a
        monster this turn (fought it, won or ran) does not loot (seed 000 «TURN PHASES»:
        "If you met a monster but ran away, you don't get to loot the room").
        """
        if player.name in self.state.met_monster:
            raise EngineError(f"{player.name} met a monster this turn and cannot loot the "
                              "room")
        for card in player.in_play():
            for ab in card.data.abilities:
                if ab.timing != "on_loot" or not cb.conditions_hold(
                        ab.conditions, cb.Scope(owner=player), self.state, None):
                    continue
                others = tuple(e for e in ab.effects if not (isinstance(e, fx.Draw)
                                                             and e.instead))
                if others:  # what the line does besides replacing the draw
                    self.fire(player, card, dataclasses.replace(ab, effects=others),
                              Ctx(self, card, player, timing="on_loot"))
                for eff in ab.effects:
                    if not (isinstance(eff, fx.Draw) and eff.instead):
                        continue
                    if eff.optional and not self.decide_optional(
                            Ctx(self, card, player, timing="on_loot"), eff):
                        continue
                    up = bool(eff.face_up)
                    got = self.draw(player, eff.deck, eff.count, reward=False, face_up=up)
                    self.note(f"{player.name} ({card.name}) draws {len(got)} {eff.deck} "
                              + ("face up: " + ", ".join(c.name for c in got) if up
                                 else "face down") + " instead")
                    for door in got if up else []:  # revealed here, like a kicked door,
                        self.reveal(player, door)   # so no card is ever in no place
                    return got, up
        deck = self.rules.loot_deck  # faster play: a Treasure instead of a Door
        got = self.draw(player, deck, 1, reward=deck == "treasure")
        self.note(f"{player.name} loots the room: {len(got)} {deck} card(s) face down")
        return got, False

    @action
    def kick_open_door(self, player: Player) -> CardInst | None:
        """Phase 1: the top door card is drawn face up and revealed (None: no door left)."""
        door = self.draw(player, "door", 1, reward=False, face_up=True)
        if not door:
            return None
        self.note(f"{player.name} kicks open the door: {door[0].name}")
        self.reveal(player, door[0])
        return door[0]

    @action
    def reveal(self, player: Player, card: CardInst) -> None:
        """A door card comes up face up (kicked open, or a Feline's face-up loot).

        A monster is fought, a curse-like card hits the player, anything else goes to the
        hand (seed 000 «Kick Open The Door»).  In every case the card's ``on reveal`` lines
        fire here, in the engine's own flow, so a line that checks also runs.
        """
        self.event("revealed", card=card.id, player=player.name)
        if card.kind == "monster":
            combat = self.start_combat(player, card)
            monster = next((m for m in combat.monsters if m.card is card), None)
            for ab in card.data.abilities:
                if ab.timing == "on_reveal" and self.state.combat is combat:
                    run_ability(Ctx(self, card, None, victim=player, monster=monster,
                                    timing="on_reveal"), ab)
            if self.state.combat is combat:
                self._maybe_finish()
            return
        if card.kind in self.rules.curse_kinds:
            player.hand.append(card)
            self.curse(player, card)
            return
        player.hand.append(card)
        revealed = [ab for ab in card.data.abilities if ab.timing == "on_reveal"]
        if not revealed:
            return
        self._take(player, card)
        for ab in revealed:
            self.fire(player, card, ab, Ctx(self, card, player, timing="on_reveal"))
        if card.data.persistent:
            player.others.append(card)
        elif self.state.combat is not None:
            self.state.combat.played.append(card)
        else:
            self.discard(card)

    def listen_at_the_door(self, player: Player) -> list[CardInst]:
        """Faster play, phase 0: a face-down Door card into the hand at the turn's start."""
        got = self.draw(player, "door", 1, reward=False)
        self.note(f"{player.name} listens at the door: {len(got)} door card(s) face down")
        return got

    # ------------------------------------------------------------ combat
    @action
    def play(self, player: Player, card: CardInst, on_player: Player | None = None,
             on_monster: MonsterInst | None = None, side: str | None = None,
             extra: CardInst | None = None) -> None:
        """Play a card from hand (or a carried one-shot): by its kind (``PLAY_ROUTES``), into
        the fight or not."""
        combat = self.state.combat
        self.event("played", card=card.id, player=player.name)
        need = card.data.requires
        if need in ("race", "class") and not (player.races if need == "race"
                                              else player.classes):
            # CORPUS C25/C26: Half-Breed needs a race in play, Super Munchkin a class.
            raise EngineError(f"{card.name} needs a {need} card in play")
        if card.kind == "item" and combat is not None and card in player.hand and \
                card.data.play not in ("any_time", "in_combat"):
            # seed 000 «ITEMS»: no item but a one-shot comes from the hand in a combat; the
            # card stays in the hand (it was accepted and then silently discarded before)
            raise EngineError(f"{card.name} is an item: during a combat only one-shot items "
                              "may be played from the hand; play it after the fight")
        route = self._play_route(card)
        getattr(self, f"_play_{route}")(PlayArgs(player, card, on_player, on_monster, side,
                                                 extra))

    def _play_route(self, card: CardInst) -> str:
        """Where a played card goes: the kind's entry of ``PLAY_ROUTES``, except a card that
        attaches to an item, a door or treasure card whose lines are all continuous (kept on
        the table), an item played in a combat (its effects), and curse-like kinds."""
        kind = card.kind
        if card.data.attaches_to_item:
            return "attach"
        if kind in self.rules.curse_kinds:
            return "curse"
        if kind in ("door", "treasure") and card.data.abilities and all(
                ab.timing == "continuous" for ab in card.data.abilities):
            return "to_table"
        if kind == "item" and self.state.combat is not None:
            return "effects"
        return PLAY_ROUTES.get(kind, "effects")

    def _play_attach(self, a: PlayArgs) -> None:
        self._attach(a.player, a.card, a.extra)

    def _play_to_table(self, a: PlayArgs) -> None:
        self.put_in_play(a.player, a.card)

    def _play_curse(self, a: PlayArgs) -> None:
        self.curse(a.on_player or a.player, a.card, by=a.player)

    def _play_monster(self, a: PlayArgs) -> None:
        """Look for trouble outside a combat; inside one, join a horde of its tag."""
        combat = self.state.combat
        card = a.card
        if combat is None:
            self.start_combat(a.player, card)
            return
        tag = self.horde_tag(combat, card, a.extra)
        if tag is None:
            raise EngineError(f"{card.name} cannot join this fight from a hand: play a "
                              "card that adds a monster (Wandering Monster), or join a "
                              "horde of its tag")
        self._take(a.player, card)
        m = self.add_monster(card)
        self.note(f"{card.name} joins the {tag} in the fight")
        if a.extra is not None and a.extra.kind == "monster-enhancer":
            self.play(a.player, a.extra, on_monster=m)

    def _play_enhancer(self, a: PlayArgs) -> None:
        combat = self.state.combat
        card, player = a.card, a.player
        if combat is None:
            raise EngineError(f"{card.name} can only be played in a combat")
        monster = a.on_monster or combat.live_monsters()[0]
        self._take(player, card)
        monster.enhancers.append(card)
        self.note(f"{player.name} plays {card.name} on {monster.name}")
        for ab in card.data.abilities:
            acts = tuple(e for e in ab.effects if e.kind not in PASSIVE_KINDS)
            if acts:
                apply_effects(acts, Ctx(self, card, player, monster=monster,
                                        timing=ab.timing))

    def _play_effects(self, a: PlayArgs) -> None:
        """A card played for its lines (one-shots, level cards, door cards): the lines of
        the moment fire, then the card is kept, goes with the fight, or is discarded."""
        combat = self.state.combat
        card, player, on_player = a.card, a.player, a.on_player
        timings = PLAY_TIMINGS_COMBAT if combat is not None else PLAY_TIMINGS_OUTSIDE
        abilities = [ab for ab in card.data.abilities if ab.timing in timings]
        if not abilities and card.data.abilities:
            raise EngineError(f"{card.name} cannot be played "
                              + ("in" if combat else "outside") + " a combat")
        for ab in abilities:  # refuse before anything moves: a cost that cannot be paid
            if ab.costs and not self.can_pay(player, ab, card):
                raise EngineError(f"{player.name} cannot pay for {ab.label or card.name}")
        self._take(player, card)
        fired = False
        for ab in abilities:
            ctx = Ctx(self, card, player, victim=on_player, target=on_player,
                      monster=a.on_monster, side=a.side, timing=ab.timing,
                      extra_card=a.extra)
            # the card itself is discarded by being played: `discard this` is paid already
            costs = tuple(c for c in ab.costs if c.kind != "discard_this")
            fired = self.fire(player, card, dataclasses.replace(ab, costs=costs), ctx) or fired
        self.note(f"{player.name} plays {card.name}" + (
            f" on {on_player.name}" if on_player else "") + ("" if fired or not abilities
                                                             else " (no effect)"))
        if card.data.persistent or card.kind == "door" and any(
                _has(card.data, t) for t in (fx.Limit,)):
            player.others.append(card)
        elif combat is not None:
            combat.played.append(card)
        else:
            self.discard(card)

    def _attach(self, player: Player, card: CardInst, item: CardInst | None) -> None:
        """An item enhancer (or Cheat!) joins one of the player's items and stays with it."""
        if self.state.combat is not None and card.data.play not in ("any_time", "in_combat"):
            raise EngineError(f"{card.name} cannot be attached during a combat")
        if item is None:
            pool = [c for c in player.items if c.data.accepts_enhancers] or list(player.items)
            if not pool:
                raise EngineError(f"{player.name} has no item to attach {card.name} to")
            item = self.choose_item(player, pool, "attach")
        if item not in player.items:
            raise EngineError(f"{item.name} is not an item {player.name} has in play")
        self._take(player, card)
        card.attached_to = item
        player.others.append(card)
        self.note(f"{player.name} attaches {card.name} to {item.name}")
        self.equip(player)

    @action
    def curse(self, victim: Player, card: CardInst, by: Player | None = None) -> None:
        """A curse-like card hits its victim: now, for the next combat, or until removed."""
        holder = by or victim
        self._take(holder, card)
        self.note(f"{card.name} hits {victim.name}")
        self.event("curse", card=card.id, victim=victim.name)
        for p_card in list(victim.in_play()):  # the victim's own answers (Gadgeteer)
            for ab in p_card.data.abilities:
                if ab.timing != "when_targeted" or not self.rules.same_curse_kind(
                        ab.targeted_by, card.kind):
                    continue
                answer = Ctx(self, p_card, victim, victim=victim, target=by,
                             timing="when_targeted", extra_card=card)
                if self.fire(victim, p_card, ab, answer) and answer.cancelled:
                    self.note(f"{victim.name} cancels {card.name} with {p_card.name}")
                    self.discard(card)
                    return
        stays = card.data.persistent
        value = 0  # "items worth at least that value" reads the previous ability's discard
        fires_now = {"on_play", "on_reveal", "any_time"}
        if self.state.combat is not None:  # played into a fight: its combat lines act now
            fires_now |= {"in_combat", "this_combat"}
        for ab in card.data.abilities:
            if ab.timing in fires_now:
                ctx = Ctx(self, card, by, victim=victim, target=victim, timing=ab.timing,
                          last_value=value)
                if ab.until:
                    stays = True
                run_ability(ctx, ab)
                value = ctx.last_value
            elif ab.timing in ("next_combat", "continuous", "while_open"):
                stays = True
        if stays:
            victim.curses.append(card)
        else:
            self.discard(card)

    #: Timings of abilities a player uses by choice, and when they may be used.
    _USE_WINDOWS: dict[str, str] = {
        "in_combat": "combat", "this_combat": "combat", "instead_of_run_away": "combat",
        "outside_combat": "no_combat", "own_turn": "own_turn",
    }

    def _timing_closed(self, player: Player, timing: str) -> str | None:
        """Why an ability at ``timing`` cannot be used now (None: it can)."""
        window = self._USE_WINDOWS.get(timing)
        in_combat = self.state.combat is not None
        if window == "combat" and not in_combat:
            return "can be used only in a combat"
        if window == "no_combat" and in_combat:
            return "can be used only outside a combat"
        if window == "own_turn" and self.state.players[self.state.current] is not player:
            return f"can be used only on {player.name}'s own turn"
        return None

    @action
    def use(self, player: Player, card: CardInst, ability: Ability,
            discards: list[CardInst] | None = None, on_player: Player | None = None,
            on_monster: MonsterInst | None = None, side: str | None = None) -> bool:
        """Use an ability of a card in play (Berserking, Turning, Charm, a monster's 'may')."""
        why = self._timing_closed(player, ability.timing)
        if why:
            raise EngineError(f"{ability.label or card.name} {why}")
        spent = frequency_budget(self.state, player, card, ability, on_player)
        if spent is not None and spent[1] in spent[0]:  # refuse before any card is paid
            freq = ability.frequency or ""
            raise EngineError(f"{ability.label or card.name} was already used "
                              + (f"on {on_player.name} this combat" if on_player is not None
                                 and freq == "once_per_victim_per_combat"
                                 else freq.replace("_", " ").removeprefix("once ")))
        if ability.costs:
            self._refuse_useless(player, card, ability, on_player, on_monster)
        count = self._pay_costs(player, ability, card, discards) if ability.costs else 1
        if count is None:
            raise EngineError(f"{player.name} cannot pay for {ability.label or card.name}")
        ctx = Ctx(self, card, player, victim=on_player, target=on_player, monster=on_monster,
                  side=side, count=count, timing=ability.timing)
        effects = ability.effects
        if ability.timing == "continuous" and card.kind == "monster":
            effects = tuple(e for e in effects if e.kind not in PASSIVE_KINDS)
            ability = dataclasses.replace(ability, effects=tuple(
                fx_replace_optional(e) for e in effects), costs=())
            monster = next((m for m in self.combat.live_monsters() if m.card is card),
                           None) if self.combat else None
            ctx.monster = monster
        ok = run_ability(ctx, ability)
        self.note(f"{player.name} uses {ability.label or card.name}"
                  + (f" discarding {count} card(s)" if ability.costs else "")
                  + ("" if ok else " (no effect)"))
        self._maybe_finish()
        return ok

    def _refuse_useless(self, player: Player, card: CardInst, ability: Ability,
                        on_player: Player | None, on_monster: MonsterInst | None) -> None:
        """Refuse, before any card is paid, an ability that could do nothing: its
        conditions fail (Turning against a monster that is not Undead) or its victim was
        already hit this combat (Backstab is once per victim per combat)."""
        combat = self.state.combat
        if ability.conditions and not cb.conditions_hold(ability.conditions, cb.Scope(
                owner=player, victim=on_player, target=on_player, monster=on_monster),
                self.state, combat):
            raise EngineError(f"{ability.label or card.name} would have no effect here")

    # ------------------------------------------------------------ selling and charity
    @action
    def charity(self, player: Player) -> None:
        """Over the hand limit at the end of the turn: give the excess to the lowest level."""
        if len(player.hand) <= self.rules.ruleset.hand_limit:
            return  # no race, class or card lowers the ruleset's hand limit
        limit = self.rules.hand_limit(player)
        if limit is None or len(player.hand) <= limit:
            return
        excess = self.policy.choose_discards(self, player, list(player.hand),
                                             len(player.hand) - limit, "charity")
        # the dead receive no cards, not even charity: seed 000 «DEATH», seed 002 «СМЕРТЬ»
        # (Apocalypse says it again in its own words); every ruleset, not only Apocalypse
        others = [p for p in self.state.players if p is not player and not p.dead]
        low = min((p.level for p in others), default=player.level)
        if not others or player.level <= low:
            for c in excess:
                self._take(player, c)
                self.discard(c)
            self.note(f"{player.name} discards {len(excess)} card(s) to charity")
            return
        takers = [p for p in others if p.level == low]
        for i, c in enumerate(excess):
            self._take(player, c)
            takers[i % len(takers)].hand.append(c)
        self.note(f"{player.name} gives {len(excess)} card(s) to "
                  + ", ".join(p.name for p in takers))

    # ------------------------------------------------------------ turns
    @action
    def start_turn(self, player: Player) -> None:
        """A turn begins: every dead character comes back (no cards yet, free to help), and
        the player whose turn it is gets the fresh deal of a new character.

        Seed 000 «DEATH»: "Your new character appears when the next player begins his turn,
        and can help others in combat... but you have no cards. On your next turn, start by
        drawing four cards from each deck"."""
        st = self.state
        st.current = player.seat
        st.turn += 1
        st.met_monster.clear()
        player.levels_this_turn = 0
        for p in st.players:
            if p.dead:
                p.dead = False
                self.note(f"{p.name}'s new character appears")
        if player.needs_deal:
            self.deal(player, after_death=True)
            player.needs_deal = False
        if self.rules.listen_at_the_door:  # faster play, phase 0 (seed 000 «Faster Play
            self.listen_at_the_door(player)  # Rules»)
        if self.seal_roll is not None and st.decks.get("seal"):
            die = self.roll_die(player)
            self.note(f"{player.name} rolls {die} for the Seals")
            if die == self.seal_roll:
                self.open_seal(player)

    # ------------------------------------------------------------ turns (simulation)
    def play_turn(self, bots: Any) -> None:
        """One full turn of the current player, decided by ``bots`` (see bots.py)."""
        from munchkin_dsl.engine.bots import take_turn

        take_turn(self, bots)


def fx_replace_optional(e: fx.Effect) -> fx.Effect:
    """A 'may' effect the player has chosen to use is no longer optional."""
    return dataclasses.replace(e, optional=False) if e.optional else e

