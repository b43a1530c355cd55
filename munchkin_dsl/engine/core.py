"""What every part of the game uses: the state and its setup, the log, the policy's
choices, the decks, firing an ability and paying its costs, and the ``action`` marker.

:class:`GameCore` is the explicit state of one game and the services on it;
:class:`munchkin_dsl.engine.game.Game` holds this core and its parts.  Each concern (death
and Seals, levels and victory, items, combat, playing cards, the turn) is a :class:`Part`
in its own module: built with the core and with the parts whose actions it needs, so each
module reads on its own and the type checker sees every call.  An ability fired from any
of them (``fire``) and a cost paid (``_pay_costs``) are here because every part fires
abilities.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Protocol, TypeVar, cast

from munchkin_dsl.base.rulesets import load_ruleset
from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.compiler.effects import Ability, CardData, Cost
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.engine import (
    cancel_played,
    counters,
    dice,
    drawn,
    events,
    instead,
    invariants,
    item_costs,
    waiting,
)
from munchkin_dsl.engine.effects_apply import holding_at_event, line_holds, run_ability
from munchkin_dsl.engine.interface import Ctx, EngineError, GameLike
from munchkin_dsl.engine.outcome import NOT_APPLIED, Outcome
from munchkin_dsl.engine.policy import DefaultPolicy, Policy
from munchkin_dsl.engine.rules import Rules
from munchkin_dsl.engine.state import (
    CardInst,
    Combat,
    Event,
    GameState,
    MonsterInst,
    Player,
)
from munchkin_dsl.language import registry
from munchkin_dsl.language.parts.replacement import AttachedItemLost
from munchkin_dsl.language.parts.strength import MONSTER_OPERATORS

#: the timing of an item enhancer's answer to its item's loss
ATTACHED_ITEM_LOST = AttachedItemLost.timing

#: Effects a card attached to a monster (or a monster itself) contributes by being there;
#: the engine reads them from the table instead of applying them once (the registry's).
PASSIVE_KINDS = registry.passive_kinds()
#: ... and what a monster's (or its enhancer's) own line reads from the table although
#: played elsewhere it acts once: the strength operators (engine/monster_operators.py)
READ_ON_MONSTERS = PASSIVE_KINDS | MONSTER_OPERATORS


F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def action(fn: F) -> F:
    """Mark a public action: in debug mode the invariants are checked after it."""

    @functools.wraps(fn)
    def wrapper(part: Part, *args: Any, **kwargs: Any) -> Any:
        self = part.core  # the count of actions is the game's, whichever part acts
        if self._depth == 0 and self.state.over:  # seed 000 «STARTING AND FINISHING THE GAME»
            raise EngineError(game_over(self))
        if self._depth == 0:
            self._action_no += 1  # one top-level action is one event (Seals on deaths)
            if self.actions is not None:
                self.actions.append(describe_action(fn.__name__, args, kwargs))
        self._depth += 1
        try:
            return fn(part, *args, **kwargs)
        finally:
            self._depth -= 1
            if self.debug and self._depth == 0:  # imported above: no import per action
                game = self.game
                problems = (invariants.check(game) if self.card_total is None
                            else invariants.check_all(game, self.card_total))
                if problems:
                    raise invariants.InvariantBroken(f"invariant broken after {fn.__name__}: "
                                                     + "; ".join(problems))

    return wrapper  # type: ignore[return-value]


def game_over(game: GameCore) -> str:
    """Why nothing more is played: the game was won (the first to level 10 wins and the
    game ends there, seed 000 «STARTING AND FINISHING THE GAME»)."""
    who = ", ".join(game.state.winners) or "nobody"
    return f"the game is over ({who} won): no card or action is accepted after the win"


def _word(value: Any) -> str:
    """One argument of an action log line: a player by name, a card by id#uid."""
    if isinstance(value, Player):
        return value.name
    if isinstance(value, CardInst):
        return f"{value.id}#{value.uid}"
    if isinstance(value, MonsterInst):
        return f"{value.card.id}#{value.card.uid}"
    if isinstance(value, list | tuple):
        return "[" + ",".join(map(_word, value)) + "]"
    return repr(value)


def describe_action(name: str, args: Sequence[Any], kwargs: dict[str, Any]) -> str:
    """One line of a game's action log: the action and its arguments by name and card id
    (``play A go-up-a-level#12 on_player=A``), stable across runs of the same game."""
    parts = [name, *map(_word, args)]
    if kwargs:
        parts += [f"{k}={_word(v)}" for k, v in sorted(kwargs.items()) if v is not None]
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


def _no_game() -> GameLike | None:
    return None


class GameCore:
    """The state of one game and what every action uses."""

    def __init__(self, data: EngineData | Sequence[CardData], players: Iterable[str] | int = 4,  # noqa: PLR0913 (a game's set-up options; the ones after the sixth are keyword-only)
                 seed: int | str | tuple[int, ...] = 0, ruleset: str | None = None,
                 policy: Policy | None = None, debug: bool = False, *, deck_copies: int = 0,
                 deal: bool = True, optional_rules: Sequence[str] = ()) -> None:
        #: the game this core serves (set by Game, which holds the core: a weak reference,
        #: so a finished game is freed at once rather than by the garbage collector)
        self.game_ref: Callable[[], GameLike | None] = _no_game
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
        self._deferred: list[Callable[[], Any]] = []
        #: ids of cards with a manual rule (the engine does not play it) that took part
        self.manual_played: dict[str, None] = {}
        self.last_kills = 0
        #: set while a fight's levels are given, so simultaneous winners win together
        self._win_held = False
        self.forced_rolls: list[int] = []
        self.last_outcome: str | None = None
        #: the fight `after a kill` follows (its fighter and helper): set when it closes
        self.last_combat: Any = None
        #: the last kick at the door was replaced (`instead of drawing face up`)
        self.replaced_draw = False
        names = [f"P{i + 1}" for i in range(players)] if isinstance(players, int) else list(
            players)
        seats = self.rules.ruleset.players[1]  # the rulebook's table, from the rulesets data
        if len(names) > seats:
            raise EngineError(f"{len(names)} players, but {self.rules.ruleset.id} seats at "
                              f"most {seats}")
        rng = random.Random(repr(seed))
        self.state = GameState(players=[Player(n, i) for i, n in enumerate(names)],
                               decks={}, discards={}, rng=rng)
        self._build_decks(cards, deck_copies)
        if deal:
            for p in self.state.players:
                self.deal(p)

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
        for deck in st.decks.values():  # every deck, the Seals too: "Przetasuj wszystkie
            st.rng.shuffle(deck)         # stosy" (seed 004 «3. PRZYGOTOWANIE»)

    def _one_in_a_box(self, card: CardData) -> bool:
        """A persistent curse-like card (Chicken on Your Head) is dealt once even when a
        simulation repeats the sample cards: a real box holds one, and copies pile up on one
        victim with nothing in a small pack to lift them (bot games of munchkin-1.6 ended at
        the turn cap with a player under four Chickens and every seat at level 1)."""
        return bool(card.persistent) and card.kind in self.rules.curse_kinds

    def deal(self, player: Player, after_death: bool = False) -> None:
        for deck, n in self.rules.deal(after_death).items():
            self.draw(player, deck, n, reward=False)

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

    def roll_die(self, player: Player | None, purpose: str = "die",
                 need: int | None = None) -> int:
        """A die ``player`` rolls, as it ends once anyone changed it (engine/dice.py)."""
        die = self.forced_rolls.pop(0) if self.forced_rolls else self.state.rng.randint(1, 6)
        return dice.offer(self.game, player, purpose, die, need)

    def choose_item(self, player: Player, items: list[CardInst], why: str) -> CardInst:
        return self.policy.choose_item(self.game, player, items, why)

    def choose_other(self, owner: Player | None) -> Player:
        return self.policy.choose_other(self.game, owner)

    def decide_optional(self, ctx: Ctx, eff: fx.Effect) -> bool:
        return self.policy.decide_optional(self.game, ctx, eff)

    def choose_option(self, player: Player | None, count: int) -> int:
        pick = self.policy.choose_option(self.game, player, count) if hasattr(
            self.policy, "choose_option") else 0
        return pick if 0 <= pick < count else 0

    @property
    def combat(self) -> Combat | None:
        """The open combat, or None."""
        return self.state.combat

    def living(self) -> list[Player]:
        return [p for p in self.state.players if not p.dead]

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
            if not face_up:  # `instead of drawing a treasure`: asked with the card in hand
                player.hand.append(card)  # (not in the opening deal: no game, nothing in play)
                if self.game_ref() is not None and instead.draw_replaced(
                        self.game, player, deck, card):
                    continue
            got.append(card)
            st.drawn.append((player.seat, card.id))
        if reward and got and deck == "treasure":
            player.treasures_drawn += len(got)
            st.rewards.append((player.name, "treasure", len(got), st.combat is not None,
                               "draw"))
        if got and not face_up:  # `when you draw a treasure: ... the card just drawn`
            drawn.react(self, player, deck, got)
        return got

    def fire(self, player: Player | None, card: CardInst, ab: Ability, ctx: Ctx,
             chosen: list[CardInst] | None = None, check: bool = True) -> Outcome:
        """Fire one ability in the engine's own flow: pay its costs (skip it when they cannot
        be paid or the owner chooses not to: a cost is always a choice, Policy.use_line),
        then check conditions, frequency and roll and apply the effects.  The outcome says
        whether they applied and what the caller must do next (a cancelled curse...)."""
        if ab.costs:
            # the conditions are read before anything is paid: a cost is never spent on a
            # line that does nothing, and `discard this, when this has 4 counters` is not
            # read off a card its own cost just discarded (found by the long grammar sweep)
            if player is None or not self.can_pay(player, ab, card) or (
                    check and not line_holds(ctx, ab)):  # (False: read already, holding_at_event)
                return NOT_APPLIED
            if not self.policy.use_line(self.game, player, card, ab):
                self.note(f"{player.name} does not use {ab.label or card.name}")
                return NOT_APPLIED
            paid = self._pay_costs(player, ab, card, chosen)
            if paid is None:
                return NOT_APPLIED
            ctx.count = paid
            return run_ability(ctx, ab, check=False)
        return run_ability(ctx, ab, check=check)

    def fire_table(self, player: Player, timing: str, said: list[Outcome] | None = None,
                   **ctx: Any) -> bool:
        """Fire the ``timing`` abilities of every card ``player`` has in play (``said``
        collects their outcomes: a curse in flight cancelled or sent on)."""
        fired = False
        lines = [(Ctx(self.game, card, player, timing=timing, **{  # a curse: on its victim
                     **({"victim": player} if card.kind in self.rules.curse_kinds else {}),
                     **ctx}), ab)
                 for card in list(player.in_play()) for ab in card.data.abilities
                 if ab.timing == timing and card is not ctx.get("just")  # not its own play
                 and not cancel_played.answers_in_flight(ab)]  # (answered as it was played)
        # every line's conditions read at the event, before any of them acts
        for (line, ab), holds in zip(lines, holding_at_event(lines), strict=True):
            if holds and line.card is not None:
                outcome = self.fire(player, line.card, ab, line, check=False)
                fired = outcome.applied or fired
                actor = ctx.get("actor")
                if outcome.applied and actor is not None and actor is not player:  # (a
                    self.note(f"{player.name}'s {line.card.name} answers {actor.name}: "  # draw
                              f"{registry.timings()[timing].words}")  # face down says nothing)
                if said is not None:
                    said.append(outcome)
        return waiting.fire_waiting(self, player, timing, said, **ctx) or fired  # `the next time`

    def discard(self, card: CardInst) -> None:
        card.worn = card.two_handed = card.benched = card.extra_slot = False
        card.attached_to = None
        card.counters = 0  # counters go with the card leaving play
        card.traits, card.chosen = {}, {}  # what cards made it, what was chosen for it
        card.played_by = None  # (a monster played into a fight, then kicked open later)
        self.state.discards.setdefault(card.data.deck, []).append(card)

    def _take(self, player: Player, card: CardInst) -> bool:
        for pile in (player.hand, player.items, player.races, player.classes, player.curses,
                     player.sidekicks, player.others):
            if card in pile:
                pile.remove(card)
                if pile is player.items:  # an item enhancer leaves with its item
                    for extra in [c for c in player.others if c.attached_to is card]:
                        self._item_leaves(player, extra)
                        if extra in player.others:  # (its line may have kept it)
                            player.others.remove(extra)
                            self.discard(extra)
                return True
        return False

    def _item_leaves(self, player: Player, enhancer: CardInst) -> None:
        """`when attached item would be lost: put this card into your hand`: the item
        ``enhancer`` is attached to leaves ``player`` for the discards; the enhancer's lines
        act before it would go with it (parts/replacement.AttachedItemLost)."""
        for ab in enhancer.data.abilities:
            if ab.timing == ATTACHED_ITEM_LOST and enhancer in player.others:
                enhancer.attached_to = None  # (its item is gone: it is attached to nothing)
                self.fire(player, enhancer, ab, Ctx(self.game, enhancer, player,
                                                    victim=player, target=player,
                                                    timing=ab.timing))

    def victim_did(self, actor: Player, timing: str, said: list[Outcome] | None = None
                   ) -> None:
        """``actor`` did what another player's event ``timing`` names: the curses on them
        waiting for it strike (engine/waiting.py; events.py calls here, below waiting)."""
        waiting.victim_did(self, actor, timing, said)

    def _fire_others(self, player: Player, timing: str) -> None:
        """A line that reacts to what another player does (`when another player dies`):
        the living players but ``player`` fire it, in seat order, and a one-shot from their
        hand answers it (events.react).  The line's words are its owner's (`cancel a curse`
        lifts the owner's curse), as at `when a seal opens`."""
        events.react(self, player, timing)

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
            if not counters.can_spend(card, cost):  # `remove a counter from this:`
                return False
            if not item_costs.can_pay(player, cost, card):  # `discard 1 item:`
                return False
        return True

    def _pay_costs(self, player: Player, ab: Ability, card: CardInst,
                   chosen: list[CardInst] | None) -> int | None:
        """Discard the cost cards; returns how many were paid (None: cannot pay)."""
        if chosen is not None:
            distinct(chosen, "discard")
        for cost in ab.costs:  # check before anything is discarded: a refused play is a no-op
            if cost.kind == "discard_up_to" and chosen is not None and len(chosen) > cost.count:
                raise EngineError(f"{ab.label or card.name} discards at most {cost.count} "
                                  f"card(s), not {len(chosen)}")
            if not counters.can_spend(card, cost):  # `remove 2 counters from this:`
                raise EngineError(f"{ab.label or card.name} needs {cost.count} counter(s) on "
                                  f"{card.name}, which holds {card.counters}")
            if not item_costs.can_pay(player, cost, card):  # items, levels: before any is paid
                return None
        count = 0
        for cost in ab.costs:
            if cost.kind == "discard_this":
                self._take(player, card)
                self.discard(card)
                continue
            if counters.spend(self, card, cost) or item_costs.pay_levels(self, player, cost):
                continue  # `remove a counter from this:`, `lose 1 level:`
            pool = [c for c in [*player.hand, *player.items] if c is not card]
            chosen = self._cost_cards(player, card, cost, chosen)
            if chosen is None:
                return None
            for c in chosen:
                if c not in pool:
                    raise EngineError(f"{player.name} has no {c.name} to discard")
                self._take(player, c)
                self.discard(c)
                player.lost.append(c.id)
                self.event("discarded_for", card=c.id, player=player.name)
                events.discarded(self, player, c)
            count += len(chosen)
        return count

    def _cost_cards(self, player: Player, card: CardInst, cost: Cost,
                    chosen: list[CardInst] | None) -> list[CardInst] | None:
        """The cards one cost of cards or items takes (``chosen``: named by the caller);
        None: the owner cannot pay it."""
        if cost.kind == item_costs.ITEMS:  # `discard 1 item:`: the owner's items in play
            return item_costs.pick(self.game, player, card, cost)
        if chosen is None:
            want = cost.count if cost.kind != "discard_hand" else len(player.hand)
            chosen = self.policy.choose_discards(self.game, player, list(player.hand), want,
                                                 "cost")
        if cost.kind == "discard_cards" and len(chosen) < cost.count:
            return None
        if cost.kind == "discard_up_to":
            return chosen[: cost.count]
        if cost.kind == "discard_hand":
            return None if len(player.hand) < cost.count else list(player.hand)
        return chosen

    @property
    def game(self) -> GameLike:
        """The whole game, as the helpers see it: what a part hands to an ability's context,
        the policy or the dice (:class:`munchkin_dsl.engine.game.Game`, which holds this core
        and its parts)."""
        game = self.game_ref()
        assert game is not None, "the game of this core is gone"
        return game


def distinct(cards: Sequence[CardInst], verb: str) -> None:
    """Refuse a card named twice in one sale, trade or discard: it would be paid for (or
    moved) twice and end up in two places."""
    seen: set[int] = set()
    for card in cards:
        if card.uid in seen:
            raise EngineError(f"{card.name} is named twice; each card can {verb} only once")
        seen.add(card.uid)


def has_effect(card: CardData, kind: type[fx.Effect]) -> bool:
    return any(isinstance(e, kind) for ab in card.abilities for e in ab.effects)


class HasCore(Protocol):
    core: GameCore


class OfCore(Generic[T]):
    """An attribute of a part (or of the game) that is the core's attribute of the same
    name, read and written there, so the parts, the game and the core see one value."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: HasCore, owner: type | None = None) -> T:
        return cast(T, getattr(obj.core, self.name))

    def __set__(self, obj: HasCore, value: T) -> None:
        setattr(obj.core, self.name, value)


class Part:
    """One concern of the game (death and Seals, levels, items, combat, card play, the
    turn) over the shared core: the explicit state of the game and the services every
    concern uses.

    A part is built with the core and with the other parts whose actions it needs (each
    part's ``__init__`` names them, so the graph of who calls whom is written down and
    has no cycle).  It holds the core's state and rules, reads the policy through the core
    (a scenario may swap the policy mid-game) and calls the core's services by their own
    names, so an action reads the same as when the concerns were one class.

    Nothing a part holds refers back to the game (the core knows its game by a weak
    reference), so a finished game is freed at once: in a reference cycle, finished games
    waited for the garbage collector's full passes, a fifth of a bot simulation's time.
    """

    def __init__(self, core: GameCore) -> None:
        self.core = core
        # the same objects as the core's for the whole game (it never replaces them), read
        # as plain attributes: the actions read them on every line
        self.state = core.state
        self.rules = core.rules
        self.note = core.note
        self.event = core.event
        self.defer = core.defer
        self.deal = core.deal
        self.draw = core.draw
        self.discard = core.discard
        self.fire = core.fire
        self.fire_table = core.fire_table
        self.victim_did = core.victim_did
        self.roll_die = core.roll_die
        self.choose_item = core.choose_item
        self.decide_optional = core.decide_optional
        self.can_pay = core.can_pay
        self._take = core._take
        self._took_part = core._took_part
        self._fire_others = core._fire_others
        self._pay_costs = core._pay_costs

    @property
    def game(self) -> GameLike:
        return self.core.game

    @property
    def combat(self) -> Combat | None:
        return self.core.combat

    # what the core holds and a part reads or writes there: the policy (a scenario may
    # swap it mid-game) and the flags of the game's flow that more than one part uses
    policy: OfCore[Policy] = OfCore()
    seal_roll: OfCore[int | None] = OfCore()
    _action_no: OfCore[int] = OfCore()
    last_outcome: OfCore[str | None] = OfCore()
    last_combat: OfCore[Any] = OfCore()
    last_kills: OfCore[int] = OfCore()
    _win_held: OfCore[bool] = OfCore()
    _deferred: OfCore[list[Callable[[], Any]]] = OfCore()
