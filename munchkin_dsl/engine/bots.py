"""Simple bots: greedy, deterministic given the game's seeded RNG.

They are not meant to play well, only plausibly enough that the simulator's numbers
(who wins fights, which items matter) say something about the cards: put everything
useful in play, fight what they can beat, use one-shots and discard abilities only when
that turns a loss into a win, ask the strongest possible helper, hit a player who is
about to win with monster enhancers, and run away otherwise.
"""

from __future__ import annotations

from typing import Any

from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.engine import (
    counters,
    events,
    face_up,
    help_bans,
    lasting,
    phase_skips,
    play_windows,
    selling,
    waiting,
)
from munchkin_dsl.engine.algebra_fight import OPERATORS
from munchkin_dsl.engine.card_memo import CardMemo
from munchkin_dsl.engine.events import asked_for_help
from munchkin_dsl.engine.game import DefaultPolicy, EngineError, Game
from munchkin_dsl.engine.interface import Ctx, GameLike
from munchkin_dsl.engine.personas import Persona, seat_personas
from munchkin_dsl.engine.state import CardInst, Combat, Player
from munchkin_dsl.language.count_part import per_count

MAX_ROUNDS = 12


class Bots(DefaultPolicy):
    """The policy for every seat of a simulated game; ``personas`` says how each seat
    plays (engine/personas.py)."""

    def __init__(self, personas: tuple[Persona, ...] = ()) -> None:
        self.personas = personas or seat_personas((), 6)

    def persona(self, p: Player) -> Persona:
        return self.personas[p.seat % len(self.personas)]

    def play_turn(self, game: Game) -> None:
        """Play the current player's turn (``Game.play_turn`` hands it here)."""
        take_turn(game)

    def decide_optional(self, _game: GameLike, _ctx: Ctx, _eff: fx.Effect) -> bool:
        return True

    def use_line(self, game: GameLike, player: Player, _card: CardInst, ab: fx.Ability) -> bool:
        """A cost is paid whenever it can be.  Kicking open the door (and so a fight, the way
        up) is skipped only for a card the bot puts to use at once: a race or class for an
        empty place, or a level card.  Using Resurrection whenever possible stalled games:
        every seat took back a door card each turn and nobody met a monster (3 of 1,000
        classic-ru games at the turn cap)."""
        if ab.timing == events.JOINS:  # a mercenary's one-shot: never to win the game
            combat = game.state.combat  # for another player
            return combat is not None and not combat.winning_fight
        if ab.timing != face_up.TIMING:
            return True
        offered = face_up.offered(game, ab)
        if offered is None:
            return False
        if offered.kind == "race":
            return not player.races
        if offered.kind == "class":
            return not player.classes
        return _role(offered) == "level" and player.level < game.rules.win_level - 1

    def change_die(self, game: GameLike, holder: Player, roller: Player | None, purpose: str,
                   die: int, need: int | None) -> int | None:
        """The Loaded Die (C121) only when it clearly helps: the bot's own roll that
        failed becomes a 6; the run-away roll of the leading opponent (the highest level
        of the others, not below the bot) that would succeed becomes a 1.  A roll with no
        success (a tie, the Seal roll) is left alone."""
        if need is None or roller is None:
            return None
        if roller is holder:
            return 6 if die < need <= 6 else None
        others = [p for p in game.state.players if p is not holder and not p.dead]
        leader = max(others, key=lambda p: p.level, default=None)
        if (purpose == "run away" and die >= need > 1 and leader is not None
                and roller.level == leader.level and roller.level >= holder.level):
            return 1
        return None


def _persona(game: Game, p: Player) -> Persona:
    policy = game.policy
    return policy.persona(p) if isinstance(policy, Bots) else seat_personas((), 1)[0]


def _strength_gain(card: CardInst) -> int:
    """What a one-shot adds to the player side (0 if it cannot help the fighter)."""
    total = 0
    for ab in card.data.abilities:
        if ab.timing not in ("in_combat", "any_time", "this_combat"):
            continue
        for e in _strengths(ab.effects):
            if e.target in ("either_side", "player_side", "you", "fighter") and e.amount > 0:
                total += e.amount
    return total


#: kinds a player plays into a fight for a strength line: one-shots, and door and treasure
#: cards with an `in combat` line (the deck models' "+3 to either side" cards).  Bots that
#: played only one-shots left those in hand for the whole game: star-munchkin bots at level 1
#: with a hand of them lost fight after fight (8 of 3,000 games at the turn cap).
_FIGHT_KINDS = frozenset({"one-shot", "treasure", "door"})


def _fight_cards(game: Game, p: Player) -> list[CardInst]:
    """What ``p`` can play into a fight for strength: one-shots in hand or on the table,
    door and treasure cards in hand (a card only counts when it can help the fighter)."""
    return [c for c in [*p.hand, *p.items] if c.kind in _FIGHT_KINDS and _strength_gain(c) > 0
            and play_windows.playable_in_combat(c) and _may_play(game, p, c)]


def _may_play(game: Game, p: Player, card: CardInst) -> bool:
    """No curse on ``p`` bans playing ``card`` (`you cannot play one-shots`): a bot does
    not try a play the engine refuses."""
    return help_bans.play_ban(game.state, p, card) is None \
        and play_windows.play_closed(game.state, p, card) is None  # `play in a combat you are in`


def _strengths(effects: tuple[fx.Effect, ...]) -> list[Any]:
    """The strength modifiers among ``effects`` (records built from their part: by kind)."""
    return [e for e in effects if e.kind == "strength"]


def _enhancer_gain(card: CardInst) -> int:
    return sum(e.amount for ab in card.data.abilities for e in _strengths(ab.effects)
               if e.target == "monster")


#: card data -> what setup() may do with it (bounded, see .card_memo): "keep" (a door card with
#: requirements and a Limit, left in hand), "level" (a treasure that raises a level) or "".
_ROLE: CardMemo[str] = CardMemo()


def _role(card: CardInst) -> str:
    return _ROLE.get(card.data, _role_of)


def _role_of(data: object) -> str:
    assert isinstance(data, fx.CardData)
    role = ""
    effects = [e for ab in data.abilities for e in ab.effects]
    if data.kind == "door" and data.requires and any(e.kind == "limit" for e in effects):
        role = "keep"
    elif data.kind == "treasure" and any(e.kind in ("gain_levels", "steal_level")
                                         for e in effects):
        role = "level"
    return role


_SETUP_KINDS = frozenset({"race", "class", "item", "sidekick", "hireling", "treasure"})


def setup(game: Game, p: Player) -> None:
    """Outside combat on their turn: race, class, items, levels, selling."""
    if game.state.over and p.hand:
        return
    win = game.rules.win_level
    for card in [c for c in p.hand if c.kind in _SETUP_KINDS]:
        try:
            _put_to_use(game, p, card, win)
        except EngineError:
            continue
        if game.state.over:
            return
    _lift_curses(game, p)
    _play_ahead(game, p)
    _curse_leader(game, p)
    if p.level >= win - 1 or game.state.over:  # a Disaster may open the Seventh Seal
        return
    unused = [c for c in p.hand if c.kind == "item"]
    if unused:
        traits = p.traits()
        unused = [c for c in unused if not game.can_use(p, c, traits)]
    unused += [c for c in p.items if not c.worn and c.kind == "item"]
    if _persona(game, p).sell_worn and p.level >= win - 3:  # the last levels: sell gear
        unused += sorted((c for c in p.items if c.worn and c.kind == "item"),
                         key=lambda c: (c.data.bonus or 0, c.uid))[:2]
    if selling.buys_a_level(game.state, p, unused) \
            and not help_bans.banned(game.state, p, help_bans.CANNOT_SELL):
        game.sell(p, unused)


def _before_kick(game: Game, p: Player) -> None:
    """The one-shots that wait for the door about to be kicked open (Ambush Warning) are
    played now: they act only if it is a monster, and are lost otherwise."""
    for card in [c for c in p.hand if c.kind == "one-shot" and waiting.for_door(c)]:
        try:
            game.play(p, card)
        except EngineError:
            continue


def _play_ahead(game: Game, p: Player) -> None:
    """One-shots that wait for a later event (`the next time a seal opens: ...`) are put
    face up at setup, so they are there when it comes; one that waits for what another
    player does goes on the leader among the rivals."""
    rivals = [q for q in game.state.players if q is not p and not q.dead]
    for card in [c for c in p.hand if c.kind == "one-shot" and waiting.waits_for_event(c)]:
        leader = max(rivals, key=lambda q: (q.level, -q.seat), default=None)
        try:
            game.play(p, card, on_player=leader if waiting.played_on_other(card) else None)
        except EngineError:
            continue


def _curse_leader(game: Game, p: Player) -> None:
    """An aggressive bot plays its curses on the leader when the leader is ahead of it."""
    if not _persona(game, p).curse_leader or game.state.combat is not None:
        return
    rivals = [q for q in game.state.players if q is not p and not q.dead]
    if not rivals:
        return
    n = len(game.state.players)  # among equals the next in turn order (no seat is
    leader = max(rivals, key=lambda q: (q.level, -((q.seat - p.seat) % n)))  # everyone's)
    if leader.level <= p.level:
        return
    for card in [c for c in p.hand if c.kind in game.rules.curse_kinds]:
        try:
            game.play(p, card, on_player=leader)
        except EngineError:
            continue
        if game.state.over:
            return


def _put_to_use(game: Game, p: Player, card: CardInst, win: int) -> None:
    """One card of the hand at setup: a first race or class, a usable item, a sidekick or
    hireling go into play; a level card is played short of the winning level."""
    kind = card.kind
    if not _may_play(game, p, card):
        return
    if kind == "race":
        if not p.races:
            game.put_in_play(p, card)
    elif kind == "class":
        if not p.classes:
            game.put_in_play(p, card)
    elif kind == "item":
        if game.can_use(p, card):
            game.put_in_play(p, card)
    elif kind in ("sidekick", "hireling"):
        game.put_in_play(p, card)
    elif p.level < win - 1 and _role(card) == "level":
        game.play(p, card, on_player=p)


def _lift_curses(game: Game, p: Player) -> None:
    """A curse that stays on the bot (Chicken on Your Head) is cancelled with a card that
    cancels curses (Wishing Ring) when the bot has one; otherwise copies pile up."""
    for card in [c for c in [*p.hand, *p.items] if c.kind == "one-shot"]:
        if not p.curses:
            return
        if any(e.kind == "cancel" for ab in card.data.abilities
               if ab.timing in ("any_time", "outside_combat", "on_play") for e in ab.effects):
            try:
                game.play(p, card, on_player=p)
            except EngineError:
                continue


def fight(game: Game, p: Player, monster: CardInst) -> None:
    """Fight a monster from the hand to the end (looking for trouble)."""
    game.start_combat(p, monster)
    fight_on(game, p)


def fight_on(game: Game, p: Player) -> None:
    """Fight the open combat to the end: boost, get help, face interference, win or run."""
    st = game.state
    for _ in range(MAX_ROUNDS):
        combat = st.combat
        if combat is None or st.over:
            return
        bd = game.breakdown()
        if bd.won:
            if not _interfere(game, p):
                game.resolve()  # nobody played anything: the breakdown still stands
                return
            continue
        if not _boost(game, p, bd.monster - bd.player + (0 if bd.win_ties else 1)):
            if combat.helper is None and _ask_help(game, p):
                continue
            break
    if st.combat is None or st.over:
        return
    bd = game.breakdown()
    for m in st.combat.live_monsters():  # the balance report's mean margin per monster
        game.event("margin", monster=m.card.id, margin=bd.player - bd.monster)
    if bd.won:
        game.resolve()
    else:
        _sacrifice(game)
        game.run_away()


def _sacrifice(game: Game) -> None:
    """Discard a sidekick to escape automatically when the monster kills or cannot be fled."""
    from munchkin_dsl.engine.combat import no_escape

    combat = game.state.combat
    assert combat is not None  # called only while a fight is open
    deadly = any(no_escape(game.state, combat, m) or any(
        e.kind == "die" for ab in m.card.data.abilities if ab.timing == "bad_stuff"
        for e in ab.effects) for m in combat.live_monsters())
    if not deadly:
        return
    offers = [m.card for m in combat.live_monsters()]  # a monster's paid escape (Slow Ooze)
    for p in combat.players():
        for card in [*p.in_play(), *offers]:
            for ab in card.data.abilities:
                if ab.timing == "instead_of_run_away" and (
                        not ab.costs or game.can_pay(p, ab, card)) and \
                        help_bans.sacrifice_ban(game.state, card, ab) is None:  # cards, counters
                    game.use(p, card, ab)
                    return


def _interfere(game: Game, fighter: Player) -> bool:
    """Rivals boost the monster (an enhancer, or a one-shot on the monster's side) against
    a fighter who leads or would win, and otherwise by their policy's chance."""
    combat = game.state.combat
    assert combat is not None  # called only while a fight is open
    top = max(x.level for x in game.state.players if x is not fighter)
    leader = fighter.level >= top - 2 and fighter.level >= 4 or combat.winning_fight
    for q in game.state.players:
        if q in combat.players() or q.dead:
            continue
        if not (leader or game.state.rng.random() < _persona(game, q).interfere):
            continue
        for card in q.hand:
            if not _may_play(game, q, card):
                continue
            if card.kind == "monster-enhancer" and _enhancer_gain(card) > 0:
                game.play(q, card, on_monster=combat.live_monsters()[0])
                return True
            if card.kind in _FIGHT_KINDS and _either_side(card) > 0 \
                    and play_windows.playable_in_combat(card):
                try:
                    game.play(q, card, side="monster")
                except EngineError:
                    continue
                return True
    return False


def _either_side(card: CardInst) -> int:
    """What a one-shot adds to whichever side its player picks (Magic Missile)."""
    return sum(e.amount for ab in card.data.abilities if ab.timing in ("in_combat", "any_time")
               for e in _strengths(ab.effects) if e.target == "either_side")


def _boost(game: Game, p: Player, need: int) -> bool:
    """Turn a loss into a win with fight cards (``_fight_cards``), abilities, or a monster's
    'may' escape."""
    combat = game.state.combat
    assert combat is not None  # called only while a fight is open
    if _may_escape(game, p, combat):
        return True
    if _spend_counters(game, p, need):
        return True
    operator = _operator_card(game, p, need)
    if operator is not None:  # `double the strength of you` (Reactor Overload): a win now
        game.play(p, operator, side="player")
        return True
    shots = sorted(_fight_cards(game, p), key=lambda c: -_strength_gain(c))
    if shots and sum(_strength_gain(c) for c in shots) + _ability_room(p) >= need:
        for c in shots:
            if need <= 0:
                break
            game.play(p, c, side="player")
            need -= _strength_gain(c)
        return True
    weaker = sorted((c for c in p.hand if c.kind == "monster-enhancer"
                     and _enhancer_gain(c) < 0 and _may_play(game, p, c)), key=_enhancer_gain)
    if weaker and -_enhancer_gain(weaker[0]) >= need:  # Baby on the bot's own monster
        game.play(p, weaker[0], on_monster=combat.live_monsters()[0])
        return True
    return _discard_for_strength(game, p, need)


def _operator_card(game: Game, p: Player, need: int) -> CardInst | None:
    """A one-shot in hand whose strength operator alone closes the gap of ``need`` now
    (`double the strength of you`, `halve the strength of monster`); played only for a
    win, so its `if you lose this combat` price is never paid by choice."""
    bd, combat = game.breakdown(), game.state.combat
    mine = sum(line.amount for line in bd.lines if line.who == p.name)
    alone = combat is not None and len(combat.live_monsters()) == 1
    for card in [c for c in p.hand if c.kind == "one-shot"
                 and play_windows.playable_in_combat(c) and _may_play(game, p, c)]:
        gain = 0
        for ab in card.data.abilities:
            if ab.timing not in ("in_combat", "any_time") or ab.costs or ab.conditions:
                continue
            for e in ab.effects:
                op = OPERATORS.get(e.kind)
                target = getattr(e, "target", None)
                if op is None or e.kind == "lose_all_bonuses":
                    continue
                if target in ("you", "fighter"):
                    gain += op[0](mine, p.level, e) - mine
                elif target == "player_side":
                    gain += op[0](bd.player, 0, e) - bd.player
                elif target == "monster" and alone:
                    gain += bd.monster - op[0](bd.monster, 0, e)
        if gain >= need:
            return card
    return None


#: what a monster's `may` line offers that ends a lost fight for its fighter
_MONSTER_OFFERS = frozenset({"defeat_without_kill", "kill_outright", "auto_escape"})


def _may_escape(game: Game, p: Player, combat: Combat) -> bool:
    """A monster's optional `defeat it without killing` (or `kill the monster outright`)
    line the fighter uses (``_boost``), when its cost can be paid."""
    for m in combat.live_monsters():
        for ab in m.card.data.abilities:
            if ab.timing == "continuous" and any(
                    e.kind in _MONSTER_OFFERS and e.optional for e in ab.effects):
                from munchkin_dsl.engine.conditions import Scope, conditions_hold

                if conditions_hold(ab.conditions, Scope(monster=m), game.state, combat) and (
                        not ab.costs or game.can_pay(p, ab, m.card)):
                    game.use(p, m.card, ab)
                    return True
    return False


#: timings at which a counter line of the fighter's adds to the fight in progress
_FIGHT_TIMINGS = frozenset({"in_combat", "any_time", "this_combat"})
#: targets of a strength effect that are the fighter's side
_OWN_SIDE = frozenset({"you", "fighter", "player_side", "either_side"})


def _counter_gain(ab: fx.Ability) -> int:
    """What a line paid for with counters only (`remove 2 counters from this: +5 to you`)
    adds to the fighter's side for sure: 0 for another cost, a roll or a branch (the bot
    does not gamble its counters), a condition or a strength that is not a constant."""
    if (ab.timing not in _FIGHT_TIMINGS or not ab.costs or ab.roll is not None
            or ab.conditions or any(c.kind != counters.SPEND for c in ab.costs)):
        return 0
    gain = 0
    for e in _strengths(ab.effects):
        if e.target in _OWN_SIDE and e.amount > 0 and e.per is None and not e.on_roll \
                and not e.optional:
            gain += e.amount
    return gain


def _spend_counters(game: Game, p: Player, need: int) -> bool:
    """Spend counters on the fighter's cards (`remove a counter from this: +3 to you`) when
    the lines they pay for turn the loss into a win: counters are kept for a fight that
    needs them, and spent before any card from the hand (they cost nothing else)."""
    lines = sorted(((card, ab, gain) for card in p.in_play() for ab in card.data.abilities
                    if (gain := _counter_gain(ab)) > 0 and game.can_pay(p, ab, card)),
                   key=lambda x: -x[2])
    if sum(gain for _, _, gain in lines) < need:
        return False
    used = False
    for card, ab, gain in lines:
        if need <= 0:
            break
        try:
            if game.use(p, card, ab, side="player"):
                need -= gain
                used = True
        except EngineError:
            continue
    return used


def _discard_for_strength(game: Game, p: Player, need: int) -> bool:
    """An ability of the fighter's that buys strength per card discarded (``_boost``'s
    last resort): used when enough cards cover ``need``."""
    for card in p.in_play():
        for ab in card.data.abilities:
            if ab.timing != "in_combat" or not ab.costs:
                continue
            per = [e for e in _strengths(ab.effects) if (p_ := per_count(e)) is not None
                   and p_.paid
                   and e.target == "you" and e.amount > 0]
            cost = ab.costs[0]
            if not per or cost.kind != "discard_up_to" or not p.hand:
                continue
            n = min(cost.count, len(p.hand), -(-need // per[0].amount))
            if n * per[0].amount < need:
                continue
            chosen = sorted(p.hand, key=lambda c: (c.value, c.uid))[:n]
            try:
                if game.use(p, card, ab, discards=chosen):
                    return True
            except EngineError:
                continue
    return False


def _ability_room(p: Player) -> int:
    return min(3, len(p.hand)) if any(ab.costs and ab.timing == "in_combat"
                                      for c in p.classes for ab in c.data.abilities) else 0


def _ask_help(game: Game, p: Player) -> bool:
    """Ask the player with whom the fight goes best, counted by the engine itself (the
    monster's bonuses against the helper included: an Elf does not help against the
    Drooling Slime), and only when that helper turns the loss into a win with the
    fighter's one-shots and abilities; they accept when offered their price
    (``_accepts``), unless it wins the game for the fighter or the fighter leads the table
    past half-way (``Persona.spurns_leader_from``: without it, the helpers' price change
    (``_accepts``) shortened munchkin-1.6 below 12 turns per player; with it, every
    ruleset's games are as long as before, 10,000 games each).

    Asking a helper who cannot make the win drags them into the Bad Stuff: bot games of
    munchkin-1.6 used to end at the turn cap with every seat at level 1 that way."""
    combat = game.state.combat
    assert combat is not None  # called only while a fight is open
    if (combat is None or combat.winning_fight or combat.helper is not None
            or lasting.help_banned(combat)):  # `nobody may help`
        return False
    best, best_margin = None, None
    leads = p.level > max(q.level for q in game.state.players if q is not p)
    for q in game.state.players:
        if q is p or q.dead or q.level >= game.rules.win_level - 1 or help_bans.cannot_help(
                game.state, q):
            continue
        if leads and p.level >= _persona(game, q).spurns_leader_from * game.rules.win_level:
            continue
        combat.helper = q  # what-if: the engine's own breakdown with this helper
        try:
            bd = game.breakdown()
        finally:
            combat.helper = None
        margin = bd.player - bd.monster + (1 if bd.win_ties else 0)
        if best_margin is None or margin > best_margin:
            best, best_margin = q, margin
    if best is None or best_margin is None:
        return False
    room = _ability_room(p) + sum(_strength_gain(c) for c in _fight_cards(game, p))
    if best_margin + room <= 0:
        return False
    offer = _persona(game, p).offer  # the bargain: treasures for help
    if not _accepts(_persona(game, best), offer, game.treasure_total()):
        game.event("help_refused", player=p.name)
        asked_for_help(game, p)  # asked, though nobody accepts (a one-shot may answer)
        return combat.helper is not None
    game.help(best, share=offer)
    return True


def _accepts(helper: Persona, offer: int, treasures: int) -> bool:
    """Whether a helper takes the offer: its price is ``helper_wants`` treasures, or every
    treasure the monster gives when it gives fewer, as no one can offer more (seed 000
    «ASKING FOR HELP», seed 003 «Зовем на помощь»: the offer is of the monster's
    treasures).  A price above the monster's treasures refused an offer of 1 of a monster's
    1 treasure and took an offer of 2 of it (which gives the same 1): star-munchkin's
    aggressive seats were refused 7 times a game."""
    return min(offer, treasures) >= min(helper.helper_wants, treasures)


def take_turn(game: Game) -> None:
    """One turn: redeal the dead, set up, kick the door, trouble or loot, charity."""
    st = game.state
    p = st.players[st.current]
    game.start_turn(p)
    p = st.players[st.current]  # a player who lost the turn was passed over
    if st.combat is not None and not st.over:  # a monster back for this turn (Maze
        fight_on(game, p)  # Minotaur): fought before the door is kicked open
    setup(game, p)
    met = False
    if not st.over:
        _before_kick(game, p)
        door = game.kick_open_door(p)
        if door is not None:
            met = door.kind == "monster"
            if met:
                fight_on(game, p)
            else:
                setup(game, p)
    if not met and not st.over and not p.dead:
        strength = p.level + sum(c.data.bonus or 0 for c in p.worn_items()) + sum(
            _strength_gain(c) for c in _fight_cards(game, p) if c in p.hand)
        margin = _persona(game, p).trouble_margin
        easy = [c for c in p.hand if c.kind == "monster"
                and (c.data.level or 0) + margin <= strength and not c.data.levels_given]
        if easy and p.level < game.rules.win_level - 1 and not phase_skips.no_trouble(
                game.state, p):
            fight(game, p, min(easy, key=lambda c: c.data.level or 0))
        else:
            _got, face_up = game.loot_room(p)
            if face_up and st.combat is not None:  # a Feline's face-up Airlock: a monster
                fight_on(game, p)
    if not st.over and not p.dead:
        setup(game, p)
        if not st.over:  # a card played in setup may end the game (the Seventh Seal)
            game.charity(p)
    st.current = (st.current + 1) % len(st.players)
