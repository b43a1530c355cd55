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
import functools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

from munchkin_dsl import effects as fx
from munchkin_dsl import registry
from munchkin_dsl.effects import Ability, CardData
from munchkin_dsl.engine import combat as cb
from munchkin_dsl.engine import face_up, fight_deaths, roll_curses
from munchkin_dsl.engine.effects_apply import Ctx, apply_effects, run_ability
from munchkin_dsl.engine.rules import Rules
from munchkin_dsl.engine.state import (
    SLOT_CAPACITY,
    CardInst,
    Combat,
    Event,
    GameState,
    MonsterInst,
    Player,
    frequency_budget,
)
from munchkin_dsl.engine_data import EngineData
from munchkin_dsl.rulesets import load_ruleset

#: Effects a card attached to a monster (or a monster itself) contributes by being there;
#: the engine reads them from the table instead of applying them once (the registry's).
PASSIVE_KINDS = registry.passive_kinds()
#: Timings a card played from hand fires at, in or out of combat.
PLAY_TIMINGS_COMBAT = ("in_combat", "this_combat", "any_time", "on_play", "own_turn",
                       "on_reveal")
PLAY_TIMINGS_OUTSIDE = ("any_time", "outside_combat", "on_play", "own_turn", "on_reveal",
                        "after_kill")


class EngineError(Exception):
    """An action the rules do not allow (a scenario reports it as a failure)."""


class Policy(Protocol):
    """Who decides: bots in a simulation, the author's script in a scenario."""

    def choose_item(self, game: Game, player: Player, items: list[CardInst],
                    why: str) -> CardInst: ...

    def choose_other(self, game: Game, owner: Player | None) -> Player: ...

    def decide_optional(self, game: Game, ctx: Ctx, eff: fx.Effect) -> bool: ...

    def choose_option(self, game: Game, player: Player | None, count: int) -> int: ...

    def loot_pick(self, game: Game, player: Player, cards: list[CardInst]) -> CardInst: ...

    def helper_escapes_too(self, game: Game, owner: Player, helper: Player) -> bool: ...

    def choose_discards(self, game: Game, player: Player, pool: list[CardInst], count: int,
                        why: str) -> list[CardInst]: ...


class DefaultPolicy:
    """Deterministic choices: the cheapest item to lose, the leader as a target, 'yes'."""

    def helper_escapes_too(self, game: Game, owner: Player, helper: Player) -> bool:
        """A Sidekick's owner escapes every monster: does the helper escape too, or roll?
        (seed 003 «Напарники»).  By default the owner takes the helper along."""
        return True

    def choose_item(self, game: Game, player: Player, items: list[CardInst],
                    why: str) -> CardInst:
        """``why``: "lose" (the weakest goes), "take" (a thief takes the most valuable),
        "cancel" (the latest curse is lifted), "attach" (the item an enhancer suits best),
        "top" (the card put back on top of a deck next)."""
        if why == "take":
            return max(items, key=lambda c: c.value)
        if why == "cancel":
            return items[-1]
        if why == "top":  # arranging a deck: the weakest card to come next
            return min(items, key=lambda c: (c.data.level or 0, c.data.bonus or 0, c.uid))
        if why == "attach":
            return max(items, key=lambda c: (c.data.accepts_enhancers, c.worn,
                                             c.data.bonus or 0, -c.uid))
        return min(items, key=lambda c: (c.data.bonus or 0, c.value, c.uid))

    def choose_discards(self, game: Game, player: Player, pool: list[CardInst], count: int,
                        why: str) -> list[CardInst]:
        """The cards a player gives up (a cost, charity's excess): the cheapest first."""
        return sorted(pool, key=lambda c: (c.value, c.uid))[:count]

    def choose_other(self, game: Game, owner: Player | None) -> Player:
        others = [p for p in game.state.players if p is not owner and not p.dead]
        others = others or [p for p in game.state.players if p is not owner]
        # the leader; among equals the next in turn order after the owner, so no seat is
        # everybody's target (ties by lowest seat made seat 1 the target of every Steal a
        # Level at level 1: it won 21 % of 4-player munchkin-1.6 bot games, the others 26 %)
        n = len(game.state.players)
        start = owner.seat if owner is not None else -1
        return max(others, key=lambda p: (p.level, -((p.seat - start) % n)))

    def decide_optional(self, game: Game, ctx: Ctx, eff: fx.Effect) -> bool:
        return True

    def choose_option(self, game: Game, player: Player | None, count: int) -> int:
        """`A, or B`: the first alternative (the engine falls back to the next one when
        the chosen one cannot apply)."""
        return 0

    def loot_pick(self, game: Game, player: Player, cards: list[CardInst]) -> CardInst:
        return max(cards, key=lambda c: (c.data.bonus or 0, c.value, -c.uid))


F = TypeVar("F", bound=Callable[..., Any])


def action(fn: F) -> F:
    """Mark a public action: in debug mode the invariants are checked after it."""

    @functools.wraps(fn)
    def wrapper(self: Game, *args: Any, **kwargs: Any) -> Any:
        if self._depth == 0:
            self._action_no += 1  # one top-level action is one event (Seals on deaths)
            if self.actions is not None:
                self.actions.append(describe_action(fn.__name__, args, kwargs))
        self._depth += 1
        try:
            return fn(self, *args, **kwargs)
        finally:
            self._depth -= 1
            if self.debug and self._depth == 0:
                from munchkin_dsl.engine.invariants import InvariantBroken, check, check_all

                problems = (check(self) if self.card_total is None
                            else check_all(self, self.card_total))
                if problems:
                    raise InvariantBroken(f"invariant broken after {fn.__name__}: "
                                          + "; ".join(problems))

    return wrapper  # type: ignore[return-value]


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


def describe_action(name: str, args: Sequence[Any], kwargs: dict[str, Any]) -> str:
    """One line of a game's action log: the action and its arguments by name and card id
    (``play A go-up-a-level#12 on_player=A``), stable across runs of the same game."""
    def word(value: Any) -> str:
        if isinstance(value, Player):
            return value.name
        if isinstance(value, CardInst):
            return f"{value.id}#{value.uid}"
        if isinstance(value, MonsterInst):
            return f"{value.card.id}#{value.card.uid}"
        if isinstance(value, list | tuple):
            return "[" + ",".join(word(v) for v in value) + "]"
        return repr(value)
    parts = [name, *(word(a) for a in args)]
    parts += [f"{k}={word(v)}" for k, v in sorted(kwargs.items()) if v is not None]
    return " ".join(parts)


def _cards_of(data: EngineData | Sequence[CardData]) -> tuple[tuple[CardData, ...], str | None]:
    if isinstance(data, EngineData):
        ruleset = next((r for p in data.packs for r in p.rulesets), None)
        return data.cards, ruleset
    return tuple(data), None


def _rulesets_in_play(data: EngineData | Sequence[CardData]) -> tuple[str, ...]:
    """Every ruleset the compiled packs declare, in order: more than one is a mixed game."""
    if not isinstance(data, EngineData):
        return ()
    return tuple(dict.fromkeys(r for p in data.packs for r in p.rulesets))


def _seal_roll(rulesets: Sequence[str]) -> int | None:
    """In a mix with a line that says so (munchkin-apocalypse), the die result that opens a
    Seal when each player rolls at the start of the turn; None outside such a mix."""
    if len(rulesets) < 2:
        return None
    for rid in rulesets:
        for note in load_ruleset(rid).mixing:
            if note.action == "seal-roll":
                return int(note.details.get("roll", 1))
    return None


class Game:
    """One game: state, rules, a policy for decisions, and the actions."""

    def __init__(self, data: EngineData | Sequence[CardData], players: Iterable[str] | int = 4,
                 seed: int | str | tuple[int, ...] = 0, ruleset: str | None = None,
                 policy: Policy | None = None, debug: bool = False, deck_copies: int = 0,
                 deal: bool = True, optional_rules: Sequence[str] = ()) -> None:
        cards, pack_ruleset = _cards_of(data)
        #: the die result that opens a Seal at the start of a turn in a mix with
        #: munchkin-apocalypse (seed 004 «Łączenie Munchkina Apokalipsy Z Innymi Grami z
        #: Serii Munchkin»), or None
        self.seal_roll = _seal_roll(_rulesets_in_play(data))
        in_play = _rulesets_in_play(data)
        kinds: dict[str, str] = {}
        if len(in_play) > 1:  # a mix: the rulebooks' equivalences, decided in one place
            from munchkin_dsl.mix.equivalences import kinds_in_mix

            kinds = kinds_in_mix(in_play, (c.kind for c in cards))
        self.rules = Rules(load_ruleset(ruleset or pack_ruleset or "munchkin-1.6"),
                           optional=tuple(optional_rules), kind_map=kinds)
        self.by_id: dict[str, CardData] = {c.id: c for c in cards}
        self.policy: Policy = policy or DefaultPolicy()
        self.debug = debug
        #: with debug: the number of cards the table must always hold (check_all), or None
        self.card_total: int | None = None
        #: the top-level actions, one line each, when recorded (replays), else None
        self.actions: list[str] | None = None
        self._depth = 0
        self._action_no = 0
        #: the top-level action in which a death last opened a Seal
        self._death_seal_at = -1
        self._deferred: list[Callable[[], Any]] = []
        self._dying: set[str] = set()
        #: ids of cards with a manual rule (the engine does not play it) that took part
        self.manual_played: dict[str, None] = {}
        self.last_kills = 0
        #: set while a fight's levels are given, so simultaneous winners win together
        self._win_held = False
        self.forced_rolls: list[int] = []
        self.last_outcome: str | None = None
        #: the last kick at the door was replaced (`instead of drawing face up`)
        self.replaced_draw = False
        names = [f"P{i + 1}" for i in range(players)] if isinstance(players, int) else list(
            players)
        rng = random.Random(repr(seed))
        self.state = GameState(players=[Player(n, i) for i, n in enumerate(names)],
                               decks={}, discards={}, rng=rng)
        self._build_decks(cards, deck_copies)
        if deal:
            for p in self.state.players:
                self.deal(p)

    # ------------------------------------------------------------ setup
    def new_card(self, card_id: str) -> CardInst:
        data = self.by_id.get(card_id)
        if data is None:
            raise EngineError(f"no card '{card_id}' in the compiled pack")
        self.state.next_uid += 1
        return CardInst(data, self.state.next_uid)

    def _build_decks(self, cards: Sequence[CardData], copies: int) -> None:
        """Every card once (sims may ask for copies so small sample packs last a game)."""
        st = self.state
        for card in cards:
            n = 1 if card.deck == "seal" or self._one_in_a_box(card) else max(1, copies)
            for _ in range(n):
                st.next_uid += 1
                st.decks.setdefault(card.deck, []).append(CardInst(card, st.next_uid))
            st.discards.setdefault(card.deck, [])
        for deck in st.decks.values():
            st.rng.shuffle(deck)
        if "seal" in st.decks:
            self._stack_seals(st.decks["seal"], fill=copies > 0)

    def _one_in_a_box(self, card: CardData) -> bool:
        """A persistent curse-like card (Chicken on Your Head) is dealt once even when a
        simulation repeats the sample cards: a real box holds one, and copies pile up on one
        victim with nothing in a small pack to lift them (bot games of munchkin-1.6 ended at
        the turn cap with a player under four Chickens and every seat at level 1)."""
        return bool(card.persistent) and card.kind in self.rules.curse_kinds

    #: Seals opened before the one that ends the game (seed 004 «11.3. Siódma Pieczęć»)
    SEALS_BEFORE_THE_SEVENTH = 6

    def _stack_seals(self, seals: list[CardInst], fill: bool) -> None:
        """The Seal deck: six Seals, then the Seventh (the seventh to open ends the game).

        A sample pack holds only a few Seals: for a simulated game (``fill``) the ordinary
        ones are repeated, each before any twice, until six lie above the Seventh, so a bot
        game ends by the Seventh Seal only after six Seals opened, not after the second
        death.  The top of a deck is the end of the list."""
        st = self.state
        ender = [c for c in seals if _has(c.data, fx.EndGame)]
        ordinary = [c for c in seals if c not in ender]
        if fill and ordinary and ender:
            pool = sorted(ordinary, key=lambda c: c.uid)
            i = 0
            while len(ordinary) < self.SEALS_BEFORE_THE_SEVENTH:
                st.next_uid += 1
                ordinary.append(CardInst(pool[i % len(pool)].data, st.next_uid))
                i += 1
            st.rng.shuffle(ordinary)
        top = ordinary[-self.SEALS_BEFORE_THE_SEVENTH:] if ordinary else []
        under = ordinary[:len(ordinary) - len(top)]
        seals[:] = [*under, *ender, *top]

    def deal(self, player: Player, after_death: bool = False) -> None:
        for deck, n in self.rules.deal(after_death).items():
            self.draw(player, deck, n, reward=False)

    # ------------------------------------------------------------ small helpers
    def note(self, text: str) -> None:
        self.state.log.append(text)

    def event(self, kind: str, **data: Any) -> None:
        self.state.events.append(Event(kind, data))
        for value in data.values():  # a card with a rule the engine skips took part
            self._took_part(value)

    def _took_part(self, card_id: object) -> None:
        card = self.by_id.get(card_id) if isinstance(card_id, str) else None
        if card is not None and card.manual:
            if card_id not in self.manual_played:
                self.note(f"{card.names.get('en', card.id)} has a rule the engine does not "
                          "play (manual)")
            self.manual_played.setdefault(card.id)

    def defer(self, fn: Callable[[], Any]) -> None:
        """Fixed rule 3: a reward earned during a combat is given when the combat ends."""
        if self.state.combat is None:
            fn()
        else:
            self._deferred.append(fn)

    def roll_die(self, player: Player | None) -> int:
        if self.forced_rolls:
            return self.forced_rolls.pop(0)
        return self.state.rng.randint(1, 6)

    def choose_item(self, player: Player, items: list[CardInst], why: str) -> CardInst:
        return self.policy.choose_item(self, player, items, why)

    def choose_other(self, owner: Player | None) -> Player:
        return self.policy.choose_other(self, owner)

    def decide_optional(self, ctx: Ctx, eff: fx.Effect) -> bool:
        return self.policy.decide_optional(self, ctx, eff)

    def choose_option(self, player: Player | None, count: int) -> int:
        pick = self.policy.choose_option(self, player, count) if hasattr(
            self.policy, "choose_option") else 0
        return pick if 0 <= pick < count else 0

    def living(self) -> list[Player]:
        return [p for p in self.state.players if not p.dead]

    # ------------------------------------------------------------ decks and cards
    def draw(self, player: Player, deck: str, n: int = 1, reward: bool = True,
             face_up: bool = False) -> list[CardInst]:
        st = self.state
        got: list[CardInst] = []
        for _ in range(n):
            pile = st.decks.setdefault(deck, [])
            if not pile:
                pile.extend(st.discards.get(deck, []))
                st.discards[deck] = []
                st.rng.shuffle(pile)
            if not pile:
                break
            card = pile.pop()
            got.append(card)
            if not face_up:
                player.hand.append(card)
        if reward and got and deck == "treasure":
            player.treasures_drawn += len(got)
            st.rewards.append((player.name, "treasure", len(got), st.combat is not None,
                               "draw"))
        return got

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
        """Phase 1: the top door card is drawn face up and revealed (None: no door left, or
        a card in play drew something else instead: `instead of drawing face up`)."""
        if self.state.decks.get("door") and face_up.replaced(self, player):
            return None
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

    def fire(self, player: Player | None, card: CardInst, ab: Ability, ctx: Ctx,
             chosen: list[CardInst] | None = None) -> bool:
        """Fire one ability in the engine's own flow: pay its costs (skip it when they cannot
        be paid), then check conditions, frequency and roll and apply the effects."""
        if ab.costs:
            if player is None or not self.can_pay(player, ab, card):
                return False
            paid = self._pay_costs(player, ab, card, chosen)
            if paid is None:
                return False
            ctx.count = paid
        return run_ability(ctx, ab)

    def fire_table(self, player: Player, timing: str, **ctx: Any) -> bool:
        """Fire the ``timing`` abilities of every card ``player`` has in play."""
        fired = False
        for card in list(player.in_play()):
            for ab in card.data.abilities:
                if ab.timing == timing:
                    fired = self.fire(player, card, ab, Ctx(self, card, player, timing=timing,
                                                            **ctx)) or fired
        return fired

    def listen_at_the_door(self, player: Player) -> list[CardInst]:
        """Faster play, phase 0: a face-down Door card into the hand at the turn's start."""
        got = self.draw(player, "door", 1, reward=False)
        self.note(f"{player.name} listens at the door: {len(got)} door card(s) face down")
        return got

    def discard(self, card: CardInst) -> None:
        card.worn = card.two_handed = card.benched = card.extra_slot = False
        card.attached_to = None
        self.state.discards.setdefault(card.data.deck, []).append(card)

    def _take(self, player: Player, card: CardInst) -> bool:
        for pile in (player.hand, player.items, player.races, player.classes, player.curses,
                     player.sidekicks, player.others):
            if card in pile:
                pile.remove(card)
                if pile is player.items:  # an item enhancer leaves with its item
                    for extra in [c for c in player.others if c.attached_to is card]:
                        player.others.remove(extra)
                        self.discard(extra)
                return True
        return False

    def lose_card(self, player: Player, card: CardInst) -> None:
        """A card leaves the player for the discards (Bad Stuff, curses, costs)."""
        if not self._take(player, card):
            return
        player.lost.append(card.id)
        if card.kind == "item":
            self.equip(player)
        if card.data.slot == "headgear":
            for curse in [c for c in player.curses
                          if any(a.until == "loses_headgear" for a in c.data.abilities)]:
                player.curses.remove(curse)
                self.discard(curse)
                self.note(f"{curse.name} leaves {player.name} with the headgear")
        self.discard(card)
        self.note(f"{player.name} loses {card.name}")

    # ------------------------------------------------------------ levels
    def gain_levels(self, player: Player, n: int, reason: str, cap: int | None = None,
                    override: bool = False) -> int:
        """Go up ``n`` levels, never past ``cap`` nor the winning level; returns the gain."""
        if player.dead and reason != "kill":
            return 0
        top = self.rules.win_level if cap is None else min(cap, self.rules.win_level)
        new = min(player.level + n, max(top, player.level))
        gained = new - player.level
        if gained <= 0:
            return 0
        player.level = new
        player.levels_this_turn += gained
        player.last_gain = "override" if override and reason != "kill" else reason
        self.state.rewards.append((player.name, "level", gained, self.state.combat is not None,
                                   reason))
        self.note(f"{player.name} goes up {gained} level(s) to {new} ({reason})")
        if (self.rules.has_seals() and self.state.open_seals and player.levels_this_turn >= 3
                and f"closed:{self.state.turn}" not in player.used_once):
            player.used_once.add(f"closed:{self.state.turn}")
            self.close_seal()
        self.check_win()
        return gained

    def lose_levels(self, player: Player, n: int, source: CardInst | None = None) -> int:
        new = max(1, player.level - n)  # fixed rule 1
        lost = player.level - new
        player.level = new
        if lost:
            self.note(f"{player.name} loses {lost} level(s) to {new}")
        return lost

    def check_win(self) -> None:
        st = self.state
        if st.over or self._win_held:
            return
        top = [p for p in st.players if p.level >= self.rules.win_level]
        if top:
            st.over = True
            st.winners = [p.name for p in top]
            self.note("winner(s): " + ", ".join(st.winners))

    def end_game(self, criteria: Sequence[str]) -> None:
        """The Seventh Seal: highest total item bonus in play, ties by level, then shared."""
        st = self.state
        pool = list(st.players)
        for crit in criteria or ("item_bonus", "level", "shared"):
            if crit == "shared":
                break
            score = (lambda p: sum(c.data.bonus or 0 for c in p.items)) if crit == \
                "item_bonus" else (lambda p: p.level)
            best = max(score(p) for p in pool)
            pool = [p for p in pool if score(p) == best]
            if len(pool) == 1:
                break
        st.over = True
        st.winners = [p.name for p in pool]
        self.note("the game ends: " + ", ".join(st.winners))

    # ------------------------------------------------------------ in play
    def can_use(self, player: Player, card: CardInst,
                traits: set[str] | None = None) -> bool:
        data = card.data
        if not data.usable_by and not data.not_usable_by:
            return True
        if self.attached_ignores(player, card, "use_restrictions"):
            return True
        traits = player.traits() if traits is None else traits
        if data.usable_by and traits.isdisjoint(data.usable_by):
            return False
        forbidding = traits & set(data.not_usable_by)
        return all(self.rules.no_drawbacks(player, t) for t in forbidding)

    @staticmethod
    def attached(player: Player, item: CardInst) -> list[CardInst]:
        """The cards attached to an item (item enhancers, Cheat!)."""
        return [c for c in player.in_play() if c.attached_to is item]

    def attached_ignores(self, player: Player, item: CardInst, what: str) -> bool:
        if all(c.attached_to is None for c in player.others):
            return False  # attached cards (item enhancers, Cheat!) are kept in `others`
        return any(isinstance(e, fx.Ignore) and e.what == what and e.target == "attached_item"
                   for c in self.attached(player, item) for ab in c.data.abilities
                   for e in ab.effects)

    @staticmethod
    def chains(player: Player) -> list[list[CardInst]]:
        """Items that join into one weapon (star-munchkin lasers): one list per chain tag.

        Any number of lasers join into one two-handed weapon with the summed bonus; a
        card of the chain is still one card (an effect that destroys an item takes one).
        """
        return cb._chains(player)

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
            cats = [cat for c in unit for cat, on in (("big", c.data.big),
                                                      ("aggregate", c.data.aggregate)) if on]
            if any((limit := limits[cat]) is not None and counts[cat] + cats.count(cat) > limit
                   for cat in set(cats)):
                continue
            slot = "two_hands" if len(unit) > 1 else data.slot
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
        for card in player.items:  # a lone one-hand item may take both hands for a bonus
            card.two_handed = False
        if cb._two_handed_bonus(player) and used["hands"] == 1:
            one = [c for c in player.worn_items() if c.data.slot == "one_hand"]
            if one:
                one[0].two_handed = True

    @action
    def put_in_play(self, player: Player, card: CardInst) -> None:
        """A race, class, item, sidekick or kept door card goes from hand to the table."""
        if self.state.combat is not None and card.kind not in ("sidekick", "hireling"):
            if card.kind == "item":
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
        self.equip(player)
        self.event("played", card=card.id, player=player.name)

    def _big_room(self, player: Player, card: CardInst) -> None:
        """Refuse a Big item (or Aggregate) past the player's limit of its category: one,
        unless a race/class (Dwarf, Gadgeteer), a card or an extra slot (Cheat!, Hireling)
        lifts it (seed 000 «ITEMS»; seed 002 «ДРУГИЕ СОКРОВИЩА»).  The card stays in hand."""
        for cat, on in (("big", card.data.big), ("aggregate", card.data.aggregate)):
            limit = self.rules.big_limit(player, cat) if on else None
            if limit is None:
                continue
            have = sum(bool(getattr(c.data, cat)) for c in player.items)
            extra, hired, unlimited = self._extra_slots(player)
            if have >= limit + extra[0] + hired[0] and not unlimited:
                word = "Big item" if cat == "big" else "Aggregate"
                raise EngineError(f"{player.name} already has {have} {word}(s) in play; a "
                                  f"second needs a Dwarf, Cheat! or a Hireling")

    # ------------------------------------------------------------ trading and wearing
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
        _distinct([*gives, *takes], "trade")
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

    # ------------------------------------------------------------ death and seals
    @action
    @action
    def kill(self, player: Player) -> None:
        """Death: lose items and hand; others loot one card each, highest level first."""
        if player.dead or player.name in self._dying:
            return
        st = self.state
        self._dying.add(player.name)  # an `on death` line cannot kill its owner twice
        try:
            self.fire_table(player, "on_death", victim=player)  # before the body is looted
        finally:
            self._dying.discard(player.name)
        player.dead = True
        player.needs_deal = True
        self.note(f"{player.name} dies")
        self.event("death", player=player.name)
        keep_curses = self.rules.keeps_on_death("curses")
        joined = [c for c in player.others if c.attached_to is not None]
        for c in joined:  # item + Cheat! come apart for looting (seed 002, «СМЕРТЬ»)
            player.others.remove(c)
            c.attached_to = None
        pile = [*player.items, *player.hand, *joined]
        kept = [c for c in pile if c.data.kept_after_death]
        pile = [c for c in pile if not c.data.kept_after_death]
        player.items = [c for c in kept if c.kind != "item"] + [c for c in kept
                                                               if c.kind == "item"]
        player.hand = []
        if not keep_curses:
            for c in player.curses:
                self.discard(c)
            player.curses = []
        for p in player.sidekicks:
            self.discard(p)
        player.sidekicks = []
        looters = self._looting_order([p for p in st.players if p is not player
                                       and not p.dead])
        for looter in looters:
            if not pile:
                break
            pick = self.policy.loot_pick(self, looter, pile)
            pile.remove(pick)
            looter.hand.append(pick)
            self.note(f"{looter.name} loots {pick.name}")
        for c in pile:
            player.lost.append(c.id)
            self.discard(c)
        self._fire_others(player, "when_other_dies")
        fight_deaths.fire(self, player)  # `when a player dies` on the monsters of a fight
        if self.rules.has_seals() and self._death_seal_at != self._action_no:
            # "several deaths from one event open one Seal" (seed 004 «11.1. Otwieranie
            # Pieczęci»): the first death of this action opens it, the others none
            self._death_seal_at = self._action_no
            self.open_seal(player)

    def _looting_order(self, looters: list[Player]) -> list[Player]:
        """Highest level first; players tied on level roll a die, highest first, rolling
        again among those still tied (seed 000 «DEATH»: "in case of ties in level, roll a
        die")."""
        out: list[Player] = []
        for level in sorted({p.level for p in looters}, reverse=True):
            out += self._roll_off([p for p in looters if p.level == level])
        return out

    def _roll_off(self, tied: list[Player]) -> list[Player]:
        if len(tied) < 2:
            return tied
        rolls = {p.seat: self.roll_die(p) for p in tied}
        self.note("looting order roll: " + ", ".join(f"{p.name} {rolls[p.seat]}"
                                                      for p in tied))
        out: list[Player] = []
        for value in sorted(set(rolls.values()), reverse=True):
            out += self._roll_off([p for p in tied if rolls[p.seat] == value])
        return out

    def _fire_others(self, player: Player, timing: str) -> None:
        """A line that reacts to what another player does (`when another player dies`):
        the living players but ``player`` fire it, in seat order.  The line's words are
        its owner's (`cancel a curse` lifts the owner's curse), as at `when a seal opens`."""
        for other in self.state.players:
            if other is not player and not other.dead:
                self.fire_table(other, timing)

    def open_seal(self, by: Player | None) -> bool:
        st = self.state
        deck = st.decks.get("seal") or []
        if not deck:
            return False
        seal = deck.pop()
        st.open_seals.append(seal)
        self.note(f"{by.name if by else 'someone'} opens {seal.name} "
                  f"({len(st.open_seals)} open)")
        self.event("seal_open", card=seal.id)
        for ab in seal.data.abilities:
            if ab.timing in ("on_play", "on_reveal", "on_open"):
                run_ability(Ctx(self, seal, by, victim=by, timing=ab.timing), ab)
        for p in list(st.players):
            for card in p.in_play():
                for ab in card.data.abilities:
                    if ab.timing == "when_seal_opens":
                        run_ability(Ctx(self, card, p, timing=ab.timing), ab)
        return True

    def close_seal(self) -> bool:
        st = self.state
        if not st.open_seals:
            return False
        seal = st.open_seals.pop()
        st.decks.setdefault("seal", []).insert(0, seal)
        self.note(f"{seal.name} closes ({len(st.open_seals)} open)")
        return True

    # ------------------------------------------------------------ combat
    @property
    def combat(self) -> Combat | None:
        return self.state.combat

    @action
    def start_combat(self, fighter: Player, monster: CardInst) -> Combat:
        """The fighter meets a monster (kicked open, or looked for from hand)."""
        if self.state.combat is not None:
            raise EngineError("a combat is already open")
        combat = Combat(fighter=fighter)
        self.state.combat = combat
        self.state.met_monster.add(fighter.name)
        self._take(fighter, monster)
        self.add_monster(monster)
        levels = (monster.data.levels_given or 1)
        combat.winning_fight = fighter.level + levels >= self.rules.win_level
        self.note(f"{fighter.name} (level {fighter.level}) fights {monster.name} "
                  f"(level {monster.data.level})")
        for card in fighter.in_play():  # the fighter's cards take part in the fight
            self._took_part(card.id)
        if cb.has_effect(self.state, combat, fx.WillNotPursue):
            self.note(f"{monster.name} will not pursue {fighter.name}")
            combat.outcome = "not_pursued"
            self._close_combat()
            return combat
        self._monster_entry(combat.monsters[-1])
        for curse in list(fighter.curses):  # a curse waiting for this combat strikes now
            for ab in curse.data.abilities:
                acts = tuple(e for e in ab.effects if e.kind not in PASSIVE_KINDS)
                if ab.timing == "next_combat" and acts:
                    run_ability(Ctx(self, curse, None, victim=fighter, target=fighter,
                                    timing="next_combat"), dataclasses.replace(ab, effects=acts))
        self._maybe_finish()
        return combat

    def add_monster(self, card: CardInst) -> MonsterInst:
        combat = self.state.combat
        if combat is None:
            raise EngineError("no combat to join")
        m = MonsterInst(card=card)
        combat.monsters.append(m)
        if len(combat.monsters) > 1:
            self.note(f"{card.name} joins the fight")
            self._monster_entry(m)
            self._is_winning_fight(combat)
        return m

    def _is_winning_fight(self, combat: Combat) -> None:
        """Whether a win would reach the winning level, decided again whenever a monster
        joins: a fight can become one for the winning level, and a helper forced to help
        may then leave (seed 002 «ВМЕШАТЕЛЬСТВО В БОЙ»)."""
        levels = sum(m.card.data.levels_given or 1 for m in combat.live_monsters()
                     if m.copy_of is None)
        now = combat.fighter.level + levels >= self.rules.win_level
        if now and not combat.winning_fight and combat.forced_helper:
            who = combat.helper.name if combat.helper else "the helper"
            self.note(f"the fight is now for the winning level: {who} may leave")
        combat.winning_fight = now

    @action
    def leave_help(self, helper: Player) -> None:
        """A helper forced to help leaves once the fight is for the winning level (forced
        help does not work in such a fight, seed 002 «ВМЕШАТЕЛЬСТВО В БОЙ»)."""
        combat = self.state.combat
        if combat is None or combat.helper is not helper:
            raise EngineError(f"{helper.name} is not helping")
        if not (combat.forced_helper and combat.winning_fight):
            raise EngineError(f"{helper.name} may leave only when forced to help and the "
                              "fight has become one for the winning level")
        combat.helper = None
        combat.forced_helper = False
        self.note(f"{helper.name} leaves the fight")

    def _monster_entry(self, m: MonsterInst) -> None:
        """A monster's mandatory non-passive abilities (Amazon: no fight with a woman)."""
        for ab in m.card.data.abilities:
            if ab.timing != "continuous":
                continue
            acts = [e for e in ab.effects if e.kind not in PASSIVE_KINDS]
            if not acts or any(e.optional for e in acts):
                continue
            run_ability(Ctx(self, m.card, None, monster=m, timing="continuous"), ab)

    def horde_tag(self, combat: Combat, card: CardInst,
                  paired: CardInst | None = None) -> str | None:
        """The tag by which a monster may join the fight from a hand, or None.

        A horde tag (the ruleset's Undead, Shark) lets a monster with it join a fight that
        has one; a monster's own Horde effect ("other Shark monsters may join") does the
        same for its tag.  A monster played paired with an enhancer that gives a tag
        (Undead) counts as having it («АНДЕДЫ», «Undead Monsters»).
        """
        tags = set(card.data.tags)
        if paired is not None and paired.kind == "monster-enhancer":
            tags |= {e.tag for ab in paired.data.abilities for e in ab.effects
                     if isinstance(e, fx.AddTag)}
        info = self.rules.ruleset.tag_info
        for m in combat.live_monsters():
            for tag in tags & m.tags():
                if tag in info and info[tag].horde:
                    return tag
            for pa in cb.passives(self.state, combat):
                if pa.monster is m and isinstance(pa.effect, fx.Horde) and pa.effect.tag in tags:
                    return pa.effect.tag
        return None

    def _maybe_finish(self) -> None:
        """Every monster defeated without a kill: the combat is won without one."""
        combat = self.state.combat
        if combat is not None and combat.monsters and not combat.live_monsters():
            self._win(combat)

    def breakdown(self) -> cb.Breakdown:
        combat = self.state.combat
        if combat is None:
            raise EngineError("no combat is open")
        return cb.strength(self.state, self.rules, combat)

    @action
    def help(self, helper: Player, share: int = 0) -> None:
        combat = self.state.combat
        if combat is None:
            raise EngineError("no combat to help in")
        if combat.helper is not None:
            raise EngineError(f"{combat.helper.name} is already helping")
        if helper is combat.fighter or helper.dead:
            raise EngineError(f"{helper.name} cannot help")
        combat.helper = helper
        combat.helper_share = share
        self.note(f"{helper.name} helps {combat.fighter.name}")

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
        abilities = [ab for ab in card.data.abilities if ab.timing in timings
                     and (ab.timing != "after_kill" or self.last_outcome == "win")]
        if not abilities and any(ab.timing == "after_kill" for ab in card.data.abilities):
            raise EngineError(f"{card.name} can be played only right after a combat in "
                              "which a monster was killed")
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
        bounced: Player | None = None  # `the curse hits its player instead`
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
                if answer.redirect and by is not None and by is not victim:
                    bounced = by
                    break
            if bounced is not None:
                break
        if bounced is not None:
            self.note(f"{card.name} turns back onto {bounced.name}")
            victim = bounced
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
            elif ab.timing in ("next_combat", "continuous", "while_open",
                               "next_run_away_roll"):
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

    def can_pay(self, player: Player, ab: Ability, card: CardInst) -> bool:
        """Whether the player holds enough cards for every cost of the ability."""
        spare = len([c for c in player.hand if c is not card])
        for cost in ab.costs:
            if cost.kind == "discard_cards" and spare < cost.count:
                return False
            if cost.kind == "discard_hand" and len(player.hand) < max(1, cost.count):
                return False
            if cost.kind == "discard_up_to" and spare < 1:
                return False
        return True

    def _pay_costs(self, player: Player, ab: Ability, card: CardInst,
                   chosen: list[CardInst] | None) -> int | None:
        """Discard the cost cards; returns how many were paid (None: cannot pay)."""
        if chosen is not None:
            _distinct(chosen, "discard")
        for cost in ab.costs:  # check before anything is discarded: a refused play is a no-op
            if cost.kind == "discard_up_to" and chosen is not None and len(chosen) > cost.count:
                raise EngineError(f"{ab.label or card.name} discards at most {cost.count} "
                                  f"card(s), not {len(chosen)}")
        count = 0
        for cost in ab.costs:
            if cost.kind == "discard_this":
                self._take(player, card)
                self.discard(card)
                continue
            pool = [c for c in [*player.hand, *player.items] if c is not card]
            if chosen is None:
                want = cost.count if cost.kind != "discard_hand" else len(player.hand)
                chosen = self.policy.choose_discards(self, player, list(player.hand), want,
                                                     "cost")
            if cost.kind == "discard_cards" and len(chosen) < cost.count:
                return None
            if cost.kind == "discard_up_to":
                chosen = chosen[: cost.count]
            if cost.kind == "discard_hand":
                if len(player.hand) < cost.count:
                    return None
                chosen = list(player.hand)
            for c in chosen:
                if c not in pool:
                    raise EngineError(f"{player.name} has no {c.name} to discard")
                self._take(player, c)
                self.discard(c)
                player.lost.append(c.id)
                self.event("discarded_for", card=c.id, player=player.name)
            count += len(chosen)
        return count

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

    @action
    def resolve(self) -> cb.Breakdown:
        """End the fight if the player side wins; raises if it is losing (run away instead)."""
        combat = self.state.combat
        if combat is None:
            raise EngineError("no combat is open")
        bd = self.breakdown()
        if not bd.won:
            raise EngineError(f"the player side is losing {bd.player} to {bd.monster}; "
                              "run away instead")
        self._win(combat)
        return bd

    def _win(self, combat: Combat) -> None:
        fighter, helper = combat.fighter, combat.helper
        killed = combat.live_monsters()
        treasure = 0
        for m in combat.monsters:
            if m in killed or m.removed_with_treasure:
                if m.copy_of is not None and not m.copy_with_treasure:
                    continue
                treasure += self._treasure_of(m, combat)
        levels = sum((m.card.data.levels_given or 1) for m in killed)
        combat.outcome = "win" if killed else "defeated_without_kill"
        for m in combat.monsters:
            self.event("fight", monster=m.card.id, won=True, killed=m in killed,
                       helped=helper is not None)
        for p in combat.players():
            for item in p.worn_items():
                self.event("item_won", card=item.id)
        self.note(f"{fighter.name} wins" + (" by killing " + ", ".join(m.name for m in killed)
                                            if killed else " without a kill"))
        self._close_combat()  # fixed rule 3: rewards only once the combat is over
        self.last_kills = len(killed)
        helper_got = False
        if killed:
            # every level of the fight is given before the game looks for a winner: players
            # who reach the winning level together win together (seed 001 «Начало и
            # Завершение Игры», seed 003 «Начало и завершение игры», seed 004 «6.
            # ROZPOCZĘCIE I ZAKOŃCZENIE GRY»)
            self._win_held = True
            try:
                self.gain_levels(fighter, levels, "kill")
                if helper is not None and self.rules.helper_gains_level(helper):
                    cap = None if self.rules.shared_win != "none" else \
                        self.rules.win_level - 1
                    self.gain_levels(helper, len(killed), "kill", cap)
                    helper_got = True
                for who in (fighter, helper):
                    if who is not None:
                        self._on_kill(who, who is helper, helper_got, combat)
            finally:
                self._win_held = False
            self.check_win()
            if (helper is not None and fighter.name in self.state.winners
                    and self.rules.change("shared_win") == "both"
                    and helper.name not in self.state.winners):
                # the optional shared victory (seed 000 «Faster Play Rules»): the helper
                # also wins "no matter what Level he is"
                self.state.winners.append(helper.name)
                self.note(f"{helper.name} shares the victory")
        share = min(combat.helper_share, treasure) if helper else 0
        if treasure:
            self.draw(fighter, "treasure", treasure - share)
            if share and helper is not None:
                self.draw(helper, "treasure", share)
        self.last_kills = 0

    def _on_kill(self, p: Player, is_helper: bool, helper_got: bool,
                 combat: Combat | None = None) -> None:
        """A won fight's on_kill abilities of the fighter's and helper's cards; their
        conditions read the fight just won (`on kill, if you are alone`)."""
        for card in p.in_play():
            for ab in card.data.abilities:
                if ab.timing != "on_kill":
                    continue
                helper_only = _helper_only(ab)
                if helper_only and not is_helper:
                    continue
                if helper_only and helper_got and all(isinstance(e, fx.GainLevels)
                                                      for e in ab.effects):
                    self.note(f"{card.name}: {p.name}'s level for helping is already given "
                              "by the ruleset")
                    continue
                rest = tuple(c for c in ab.conditions if c.predicate != "helper")
                ok = cb.conditions_hold(rest, cb.Scope(owner=p), self.state, combat)
                if ok:
                    run_ability(Ctx(self, card, p, timing="on_kill"), ab, check=False)

    def _treasure_of(self, m: MonsterInst, combat: Combat) -> int:
        n = m.card.data.treasures or 0
        for enh in [m.card, *m.all_enhancers()]:  # the monster's own lines count too
            for ab in enh.data.abilities:
                if ab.conditions and not cb.conditions_hold(ab.conditions, cb.Scope(monster=m),
                                                            self.state, combat):
                    continue  # `if fighter is alone: +1 treasure` counts only when it holds
                n += sum(e.amount for e in ab.effects if isinstance(e, fx.TreasureCount))
        for eff, _card, _owner in combat.extras:
            if isinstance(eff, fx.TreasureCount):
                n += eff.amount
        return max(0, n)

    def treasure_total(self) -> int:
        combat = self.state.combat
        if combat is None:
            return 0
        return sum(self._treasure_of(m, combat) for m in combat.live_monsters()
                   if m.copy_of is None or m.copy_with_treasure)

    def _close_combat(self) -> None:
        st = self.state
        combat = st.combat
        if combat is None:
            return
        for m in combat.monsters:
            if m.copy_of is None:
                self.discard(m.card)
            for e in m.enhancers:
                self.discard(e)
        for c in combat.played:
            self.discard(c)
        for p in combat.players():
            for curse in [c for c in p.curses if any(a.timing == "next_combat"
                                                      for a in c.data.abilities)]:
                p.curses.remove(curse)
                self.discard(curse)
        st.combat = None
        self.last_outcome = combat.outcome
        deferred, self._deferred = self._deferred, []
        for fn in deferred:
            fn()

    @action
    def run_away(self, rolls: Sequence[int] | None = None) -> dict[str, str]:
        """Everyone on the player side flees each monster: d6, 5+ escapes, then Bad Stuff."""
        combat = self.state.combat
        if combat is None:
            raise EngineError("no combat to run from")
        given = list(rolls or [])
        result: dict[str, str] = {}
        monsters = combat.live_monsters()
        for p in combat.players():
            auto = any(isinstance(e, fx.AutoEscape) and o is p for e, _c, o in combat.extras)
            if not auto and p is combat.helper:  # the owner decides for the helper
                owners = [o for e, _c, o in combat.extras
                          if isinstance(e, fx.AutoEscape) and o is combat.fighter]
                if owners and self.policy.helper_escapes_too(self, owners[0], p):
                    self.note(f"{owners[0].name} takes {p.name} along: {p.name} escapes too")
                    auto = True
            for m in monsters:
                if p.dead:
                    break
                escaped = auto or self._flee_roll(p, m, combat, given)
                self.event("run", monster=m.card.id, escaped=escaped)
                result[f"{p.name}:{m.card.id}"] = "escaped" if escaped else "caught"
                if escaped:
                    self._on_escape(p, m)
                else:
                    self._bad_stuff(p, m, combat, caught=True)
                self._bad_stuff(p, m, combat, caught=False)
        for m in monsters:
            self.event("fight", monster=m.card.id, won=False, killed=False,
                       helped=combat.helper is not None)
        combat.outcome = "caught" if "caught" in result.values() else "escaped"
        self._close_combat()
        return result

    def _on_escape(self, p: Player, m: MonsterInst) -> None:
        """A successful escape: the escaper's `on escape` lines, then the monster's."""
        self.fire_table(p, "on_escape", victim=p, monster=m)
        for ab in m.card.data.abilities:
            if ab.timing == "on_escape":
                run_ability(Ctx(self, m.card, None, victim=p, target=p, monster=m,
                                timing="on_escape"), ab)

    def _flee_roll(self, p: Player, m: MonsterInst, combat: Combat, given: list[int]) -> bool:
        if cb.no_escape(self.state, combat, m):
            self.note(f"{p.name} cannot run from {m.name}")
            return False
        for attempt in range(2):
            die = given.pop(0) if given else self.roll_die(p)
            bonus = cb.run_away_bonus(self.state, combat, p, m)
            total = die + sum(line.amount for line in bonus)
            spoiled = roll_curses.at_next_roll(self, p, total)  # `the roll fails`
            ctx = Ctx(self, None, p, roll=total, timing="after_run_away_roll", die=die)
            if total < 5 and not spoiled:
                self._roll_abilities(p, "after_run_away_roll", ctx, need=5 - total)
                total = ctx.roll or total
                if any(isinstance(e, fx.AutoEscape) and o is p for e, _c, o in combat.extras):
                    self.note(f"{p.name} escapes {m.name} after the roll")
                    return True
            text = " ".join(f"{x.amount:+d} {x.what}" for x in bonus)
            self.note(f"{p.name} rolls {die}{' ' + text if text else ''} = {total} against "
                      f"{m.name}: " + ("escapes" if total >= 5 and not spoiled else "caught")
                      + (" (the roll fails whatever it shows)" if spoiled else ""))
            if total >= 5 and not spoiled:
                return True
            if attempt == 0:
                again = Ctx(self, None, p, timing="after_failed_run_away")
                self._roll_abilities(p, "after_failed_run_away", again, need=1)
                if not again.reroll:
                    return False
                self.note(f"{p.name} rolls again")
        return False

    def _roll_abilities(self, p: Player, timing: str, ctx: Ctx, need: int) -> None:
        for card in list(p.in_play()):
            for ab in card.data.abilities:
                if ab.timing != timing:
                    continue
                cost = ab.costs[0] if ab.costs else None
                chosen = None
                if cost is not None and cost.kind == "discard_up_to":
                    chosen = self.policy.choose_discards(self, p, list(p.hand),
                                                         min(need, cost.count), "roll")
                    if not chosen:
                        continue
                elif cost is not None and len(p.hand) < cost.count:
                    continue
                spent = frequency_budget(self.state, p, card, ab)
                if spent is not None and spent[1] in spent[0]:
                    continue
                paid = self._pay_costs(p, ab, card, chosen) if ab.costs else 1
                if paid is None:
                    continue
                ctx.card, ctx.count = card, paid
                run_ability(ctx, ab)
        for card in [c for c in p.hand if c.kind == "one-shot"]:  # Loaded Die, from the hand
            for ab in card.data.abilities:
                if ab.timing == timing and not ab.costs and ctx.roll is not None \
                        and (ctx.roll < 5 or timing != "after_run_away_roll"):
                    self._take(p, card)
                    self.discard(card)
                    self.note(f"{p.name} plays {card.name}")
                    ctx.card = card
                    run_ability(ctx, ab)
                    break

    def _bad_stuff(self, p: Player, m: MonsterInst, combat: Combat, caught: bool) -> None:
        timing = "bad_stuff" if caught else "bad_stuff_always"
        abilities = [ab for ab in m.card.data.abilities if ab.timing == timing]
        if not abilities:
            return
        if caught:
            takes_levels = any(isinstance(e, fx.LoseLevels) for ab in abilities
                               for e in ab.effects)
            for card in list(p.in_play()):
                for ab in card.data.abilities:
                    if ab.timing != "when_caught" or (ab.costs and len(p.hand) <
                                                      ab.costs[0].count):
                        continue
                    # CORPUS C35: the Orc pays only to ignore Bad Stuff that takes levels,
                    # and once: not against death, nor again for a second monster.
                    whats = {e.what for e in ab.effects if isinstance(e, fx.Ignore)}
                    active = {e.what for e, _c, o in combat.extras
                              if isinstance(e, fx.Ignore) and o in (p, None)}
                    if whats and (whats <= active or (whats == {"bad_stuff_levels"}
                                                      and not takes_levels)):
                        continue
                    self._pay_costs(p, ab, card, None)
                    answer = Ctx(self, card, p, timing="when_caught")
                    run_ability(answer, ab)
                    if answer.turned_on is not None:  # Kid: someone else suffers it
                        self.note(f"{m.name} turns on {answer.turned_on.name}")
                        p = answer.turned_on
        ignores = {pa.effect.what for pa in cb.passives(self.state, combat)
                   if isinstance(pa.effect, fx.Ignore) and pa.owner in (p, None)
                   and pa.monster is None}
        if "bad_stuff" in ignores:
            self.note(f"{p.name} ignores the Bad Stuff")
            return
        self.event("bad_stuff", monster=m.card.id, player=p.name)
        self.note(f"Bad Stuff of {m.name} hits {p.name}")
        for ab in abilities:
            effects = tuple(e for e in ab.effects if not (
                "bad_stuff_levels" in ignores and isinstance(e, fx.LoseLevels)))
            run_ability(Ctx(self, m.card, None, victim=p, target=p, monster=m, timing=timing),
                        dataclasses.replace(ab, effects=effects))

    # ------------------------------------------------------------ selling and charity
    @action
    def sell(self, player: Player, cards: list[CardInst]) -> int:
        """Discard items worth 1000+ for a level per full 1000; never to the winning level."""
        if self.state.combat is not None:
            raise EngineError("no selling during a combat")
        if self.state.players[self.state.current] is not player:
            raise EngineError(f"{player.name} may sell only on their own turn")
        _distinct(cards, "sell")
        for c in cards:
            if c.kind not in ("item", "one-shot") or c not in [*player.hand, *player.items]:
                raise EngineError(f"{c.name} is not an item {player.name} can sell")
        total = 0
        doubled = self._sell_double(player)
        for c in sorted(cards, key=lambda c: -c.value):
            value = c.value * (2 if doubled > 0 else 1)
            doubled -= 1
            total += value
            self._take(player, c)
            self.discard(c)
        levels = total // 1000
        gained = self.gain_levels(player, levels, "sell", self.rules.card_level_cap())
        self.note(f"{player.name} sells for {total}: +{gained} level(s)")
        self._fire_others(player, "when_other_sells")
        return gained

    def _sell_double(self, player: Player) -> int:
        for card in player.in_play():
            for ab in card.data.abilities:
                for e in ab.effects:
                    if isinstance(e, fx.SellDouble):
                        spent = frequency_budget(self.state, player, card, ab)
                        if spent is not None:
                            if spent[1] in spent[0]:
                                continue
                            spent[0].add(spent[1])
                        return e.count
        return 0

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
        self.last_outcome = None  # `after a kill` is right after the fight, not turns later
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

    @action
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

    # ------------------------------------------------------------ turns (simulation)
    def play_turn(self, bots: Any) -> None:
        """One full turn of the current player, decided by ``bots`` (see bots.py)."""
        from munchkin_dsl.engine.bots import take_turn

        take_turn(self, bots)


def _distinct(cards: Sequence[CardInst], verb: str) -> None:
    """Refuse a card named twice in one sale, trade or discard: it would be paid for (or
    moved) twice and end up in two places."""
    seen: set[int] = set()
    for card in cards:
        if card.uid in seen:
            raise EngineError(f"{card.name} is named twice; each card can {verb} only once")
        seen.add(card.uid)


def _helper_only(ab: Ability) -> bool:
    return any(c.predicate == "helper" and not c.negated for c in ab.conditions)


def fx_replace_optional(e: fx.Effect) -> fx.Effect:
    """A 'may' effect the player has chosen to use is no longer optional."""
    return dataclasses.replace(e, optional=False) if e.optional else e


def _has(card: CardData, kind: type[fx.Effect]) -> bool:
    return any(isinstance(e, kind) for ab in card.abilities for e in ab.effects)
