"""Playing a card from the hand and using a card in play: the per-kind play table
(``PLAY_ROUTES``), curses hitting their victims, and abilities used by choice.

One module for every way a player puts a card's words to work by choice, so adding a card
kind is a row of the table and a ``_play_<route>`` method here.  Built with the fight and
the items, because a monster played from the hand starts or joins a fight and an item
played is worn.
"""

from __future__ import annotations

import dataclasses

from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.compiler.effects import Ability
from munchkin_dsl.engine import (
    cancel_played,
    combat_riders,
    durations,
    help_bans,
    immunities,
    instead,
    item_traits,
    own_turn,
    phase_skips,
    play_windows,
    trace_reads,
    turn_facts,
    waiting,
)
from munchkin_dsl.engine import combat as cb
from munchkin_dsl.engine.core import PASSIVE_KINDS, READ_ON_MONSTERS, GameCore, Part, action
from munchkin_dsl.engine.effects_apply import apply_effects, holding_at_event, run_ability
from munchkin_dsl.engine.events import react, reaction_words
from munchkin_dsl.engine.fight import CombatFlow
from munchkin_dsl.engine.interface import Ctx, EngineError
from munchkin_dsl.engine.inventory import Inventory
from munchkin_dsl.engine.outcome import Outcome
from munchkin_dsl.engine.state import CardInst, MonsterInst, Player, frequency_budget
from munchkin_dsl.language.count_part import count_of
from munchkin_dsl.language.parts.turn_facts import CURSED
from munchkin_dsl.language.parts.won_fights import WON_OUTCOMES, AfterWin

#: Timings a card played from hand fires at, in or out of combat.
PLAY_TIMINGS_COMBAT = ("in_combat", "this_combat", "any_time", "on_play", "own_turn",
                       "on_reveal")
PLAY_TIMINGS_OUTSIDE = ("any_time", "outside_combat", "on_play", "own_turn", "on_reveal",
                        "after_kill", AfterWin.timing)


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


class CardPlay(Part):
    """Cards played from the hand (by kind), curses, and abilities used by choice."""

    def __init__(self, core: GameCore, fight: CombatFlow, inventory: Inventory) -> None:
        super().__init__(core)
        self.start_combat = fight.start_combat
        self.horde_tag = fight.horde_tag
        self.add_monster = fight.add_monster
        self._maybe_finish = fight._maybe_finish
        self.put_in_play = inventory.put_in_play
        self.equip = inventory.equip
        self.can_use = inventory.can_use

    @action
    def play(self, player: Player, card: CardInst, on_player: Player | None = None,
             on_monster: MonsterInst | None = None, side: str | None = None,
             extra: CardInst | None = None) -> None:
        """Play a card from hand (or a carried one-shot): by its kind (``PLAY_ROUTES``), into
        the fight or not."""
        combat = self.state.combat
        shut = play_windows.play_closed(self.state, player, card)
        if shut:  # the card's `play TIMING` line (Trip Wire: `play outside combat`)
            raise EngineError(f"{card.name} {shut}")
        ban = help_bans.play_ban(self.state, player, card)
        if ban is not None:  # `you cannot play one-shots` on a curse or a card in play
            raise EngineError(f"{player.name} cannot play {card.name} while {ban.name} "
                              "says so")
        self.event("played", card=card.id, player=player.name)
        need = card.data.requires
        if need in ("race", "class") and not (player.races if need == "race"
                                              else player.classes):
            # CORPUS C25/C26: Half-Breed needs a race in play, Super Munchkin a class.
            raise EngineError(f"{card.name} needs a {need} card in play")
        if card.kind == "item" and combat is not None and card in player.hand and \
                not play_windows.opens_in_combat(card):
            # seed 000 «ITEMS»: no item but a one-shot comes from the hand in a combat; the
            # card stays in the hand (it was accepted and then silently discarded before)
            raise EngineError(f"{card.name} is an item: during a combat only one-shot items "
                              "may be played from the hand; play it after the fight")
        route = self._play_route(card)
        if route == "effects" and not self.can_use(player, card):  # `usable by Elf only`
            raise EngineError(f"{card.name} cannot be used by {player.name} (the card's use "
                              "restriction)")  # on a one-shot: who may play it
        off_turn = (own_turn.refusal(self.state, self.rules, player, card)
                    if route == "to_table" else None)
        if off_turn:
            raise EngineError(off_turn)
        if route == "enhancer" and combat is None:  # (refused before anyone answers it)
            raise EngineError(f"{card.name} can only be played in a combat")
        # answered before it acts, nothing of it happens (`when another player plays a card:
        # cancel it`); a card played for its lines is answered once its own refusals passed
        if route != "effects" and cancel_played.cancelled(self, player, card):
            return
        if getattr(self, f"_play_{route}")(PlayArgs(player, card, on_player, on_monster, side,
                                                    extra)) is False:
            return  # (cancelled)
        react(self, player, "when_other_plays_card", just=card)

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
            if phase_skips.no_trouble(self.state, a.player):  # `skip your next look for trouble`
                raise EngineError(f"{a.player.name} may not look for trouble this turn")
            self.start_combat(a.player, card)
            return
        tag = self.horde_tag(combat, card, a.extra)
        if tag is None:
            raise EngineError(f"{card.name} cannot join this fight from a hand: play a "
                              "card that adds a monster (Wandering Monster), or join a "
                              "horde of its tag")
        self._take(a.player, card)
        card.played_by = a.player  # played into the fight (state.Combat.cards_played)
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
        for ab in card.data.abilities:  # refuse before anything moves: a cost not paid
            if ab.costs and not self.can_pay(player, ab, card):
                raise EngineError(f"{player.name} cannot pay for {ab.label or card.name}")
        self._take(player, card)
        card.played_by = player  # counted as played into the fight by them (state.Combat)
        monster.enhancers.append(card)
        self.note(f"{player.name} plays {card.name} on {monster.name}")
        dice = [int(getattr(e, "for_each_dice", 1)) for ab in card.data.abilities
                for e in ab.effects if (count := count_of(e)) is not None and count.reads_dice]
        if dice:  # its bonus is read from now on, with the dice rolled once, as it is played
            card.rolled = sum(int(self.roll_die(player, "amount")) for _ in range(dice[0]))
            self.note(f"{dice[0]} dice for the amount: {card.rolled}")
        for ab in card.data.abilities:
            ctx = Ctx(self.game, card, player, monster=monster, timing=ab.timing)
            if ab.costs:  # paid as it is played, then the whole line is done (a passive
                # line with a cost is not read from the enhancer: combat.passives)
                ctx.count = self._pay_costs(player, ab, card, None) or 0
                run_ability(ctx, dataclasses.replace(ab, costs=()))
                continue
            acts = tuple(e for e in ab.effects if e.kind not in READ_ON_MONSTERS)
            if acts:
                apply_effects(acts, ctx)

    def _play_effects(self, a: PlayArgs) -> bool:
        """A card played for its lines (one-shots, level cards, door cards): the lines of
        the moment fire, then the card is kept, goes with the fight, or is discarded.
        False: another player cancelled it as it was played, once it could be played."""
        combat = self.state.combat
        card, player, on_player = a.card, a.player, a.on_player
        if waiting.waits(card):  # `the next time you win a fight: ...`: kept until then
            if cancel_played.cancelled(self, player, card):
                return False
            waiting.wait(self, player, card, on_player)
            return True
        timings = PLAY_TIMINGS_COMBAT if combat is not None else PLAY_TIMINGS_OUTSIDE
        abilities = [ab for ab in card.data.abilities if ab.timing in timings
                     and (ab.timing != "after_kill" or self.last_outcome == "win")
                     and (ab.timing != AfterWin.timing or self.last_outcome in WON_OUTCOMES)
                     and (combat is not None or not durations.needs_fight(card, ab, self.rules))]
        # a line's own window (`on your turn, ...` on a one-shot): shut, it does not fire,
        # and a card left with no line to fire is refused (it was spent for nothing)
        windows = [(ab, play_windows.closed(self.state, player, ab.timing)) for ab in abilities]
        abilities = [ab for ab, why in windows if why is None]
        rides = combat is not None and combat_riders.rides(card)  # `if you lose this combat`
        if not abilities:
            self._refuse_unplayable(card, player, windows, rides)
        for ab in abilities:  # refuse before anything moves: a cost that cannot be paid
            if ab.costs and not self.can_pay(player, ab, card):
                raise EngineError(f"{player.name} cannot pay for {ab.label or card.name}")
        if cancel_played.cancelled(self, player, card):
            return False
        self._take(player, card)
        if rides and combat is not None:
            combat_riders.ride(self, combat, player, card)
        fired = False
        for ab in abilities:
            ctx = Ctx(self.game, card, player, victim=on_player, target=on_player,
                      monster=a.on_monster, side=a.side, timing=ab.timing,
                      extra_card=a.extra)
            # the card itself is discarded by being played: `discard this` is paid already
            costs = tuple(c for c in ab.costs if c.kind != "discard_this")
            fired = self.fire(player, card, dataclasses.replace(ab, costs=costs), ctx).applied \
                or fired
        self.note(f"{player.name} plays {card.name}" + (
            f" on {on_player.name}" if on_player else "") + ("" if fired or not abilities
                                                             else " (no effect)"))
        if card.data.persistent or card.kind == "door" and any(
                e.kind == "limit" for ab in card.data.abilities for e in ab.effects):
            player.others.append(card)
        elif combat is not None:
            combat.played_in(card, player)
        else:
            self.discard(card)
        return True

    def _refuse_unplayable(self, card: CardInst, player: Player,
                           windows: list[tuple[Ability, str | None]], rides: bool) -> None:
        """A played card with no line of the moment: say why it cannot be played now (its
        window shut, only after a kill or a won fight, played in reaction or as something
        comes), so that it is refused before it is spent for nothing."""
        if windows:
            raise EngineError(f"{card.name} {play_windows.as_play(str(windows[0][1]))}")
        timings = {ab.timing for ab in card.data.abilities}
        if "after_kill" in timings:
            raise EngineError(f"{card.name} can be played only right after a combat in "
                              "which a monster was killed")
        if AfterWin.timing in timings:
            raise EngineError(f"{card.name} can be played only right after a won combat")
        if not card.data.persistent and (at := reaction_words(card)) is not None:
            raise EngineError(f"{card.name} is played from the hand in reaction, at `{at}`: "
                              "its holder plays it as that comes (`NAME chooses no` declines)")
        if not card.data.persistent and (why := instead.not_played(card, player)) is not None:
            raise EngineError(why)  # `instead of looting the room`: from the hand, as it comes
        if card.data.abilities and not card.data.persistent and not rides:
            raise EngineError(f"{card.name} cannot be played "
                              + ("in" if self.state.combat else "outside") + " a combat")

    def _attach(self, player: Player, card: CardInst, item: CardInst | None) -> None:
        """An item enhancer (or Cheat!) joins one of the player's items and stays with it."""
        if self.state.combat is not None and not play_windows.opens_in_combat(card):
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
        item_traits.choose_as_attached(self.game, player, card)  # a standing `choose one`
        self.note(f"{player.name} attaches {card.name} to {item.name}")
        self.equip(player)

    @action
    def curse(self, victim: Player, card: CardInst, by: Player | None = None) -> None:
        """A curse-like card hits its victim: now, for the next combat, or until removed."""
        holder = by or victim
        self._take(holder, card)
        card.played_by = by  # `the player who played this card` (engine/algebra_selectors.py)
        if self._shielded(victim, card):
            return
        self.note(f"{card.name} hits {victim.name}")
        self.event("curse", card=card.id, victim=victim.name)
        said: list[Outcome] = []  # what the lines at the curse's own events answer
        react(self, victim, "curse_played", everyone=True, said=said, just=card)
        if instead.replaced(self.game, victim, "when_targeted", card.name):
            self.discard(card)  # `instead of being cursed: ...`
            return
        if by is not None:  # `when another player plays a curse`
            react(self, by, "when_other_plays_curse", said=said)
            if by is not victim:  # `when another player plays a curse on you`
                react(self, by, "when_other_curses_you", said=said, only=victim)
        answer = next((o for o in said if o.applied and (o.cancel or o.redirect)), None)
        if answer is not None and answer.cancel:
            self.note(f"{card.name} is cancelled")
            cancel_played.settle(self, card, by, answer)
            return
        if answer is not None and (answer.turn_on or by) not in (None, victim):
            victim = answer.turn_on or by or victim
            self.note(f"{card.name} goes to {victim.name} instead")
            if self._shielded(victim, card):
                return
        cancelled, bounced = self._answers(victim, card, by)
        if cancelled:
            return
        if bounced is not None:
            self.note(f"{card.name} turns back onto {bounced.name}")
            if self._shielded(bounced, card):
                return
        self._lands(bounced or victim, card, by)

    def _lands(self, victim: Player, card: CardInst, by: Player | None) -> None:
        """The curse, unanswered, acts on ``victim``: its lines of the moment now, and it
        stays on them if a line waits or lasts."""
        turn_facts.noted(self.state, CURSED, victim)  # `if victim was cursed this turn`
        stays = card.data.persistent
        value = 0  # "items worth at least that value" reads the previous ability's discard
        fires_now = {"on_play", "on_reveal", "any_time"}
        if self.state.combat is not None:  # played into a fight: its combat lines act now
            fires_now |= {"in_combat", "this_combat"}
        now = [(Ctx(self.game, card, by, victim=victim, target=victim, timing=ab.timing),
                ab) for ab in card.data.abilities
               if ab.timing in fires_now and not victims_own(ab)]
        holds = dict(zip((id(ab) for _c, ab in now), holding_at_event(now), strict=True))
        for ab in card.data.abilities:
            if victims_own(ab):  # `"Cut Loose": any time, ...`: its victim uses it later
                stays = True
            elif ab.timing in fires_now:
                ctx = Ctx(self.game, card, by, victim=victim, target=victim, timing=ab.timing,
                          last_value=value)
                if ab.until or help_bans.keeps(ab):  # `you cannot help` lasts with its curse
                    stays = True
                if holds[id(ab)]:  # its conditions read as the curse hit, with the others'
                    run_ability(ctx, ab, check=False)
                value = ctx.last_value
            elif ab.timing in ("next_combat", "continuous", "while_open",
                               "next_run_away_roll", *waiting.CURSE_WAITS) \
                    or instead.waits(ab.timing) or ab.until \
                    or waiting.victim_waits(ab.timing):  # (`until victim kills a
                stays = True  # monster, when caught: ...`: on its victim until then)
        if stays:
            victim.curses.append(card)
            durations.landed(victim, card, self.state.turn)
        else:
            self.discard(card)

    def _shielded(self, victim: Player, card: CardInst) -> bool:
        """A curse played on a player who ignores curses (`ignore curses`, a shield kept on
        them: Grandmother's Soup) is discarded with no effect; the trace says why."""
        shield = immunities.curse_shield(self.state, victim)
        if shield is None:
            return False
        trace_reads.read(shield.data.id, "ignore")  # a shield read from the table acted
        self.note(f"{card.name} has no effect on {victim.name}: {victim.name} ignores curses "
                  f"({shield.name}); it is discarded")
        self.discard(card)
        return True

    def _answers(self, victim: Player, card: CardInst, by: Player | None
                 ) -> tuple[bool, Player | None]:
        """The victim's own answers to a curse (Gadgeteer): whether one cancelled it (it is
        discarded), and the player it turns back onto (`the curse hits its player
        instead`), if any."""
        for p_card in list(victim.in_play()):
            for ab in p_card.data.abilities:
                if ab.timing != "when_targeted" and not waiting.waits_for(
                        ab, "when_targeted") or not self.rules.same_curse_kind(
                        ab.targeted_by, card.kind):
                    continue
                if cancel_played.nobody_to_hit(ab, by):  # kicked open: no player to go back to
                    self.note(f"{victim.name} keeps {p_card.name}: {card.name} was played by "
                              "nobody, so it has no player to hit instead")
                    continue
                answer = Ctx(self.game, p_card, victim, victim=victim, target=by,
                             timing="when_targeted", extra_card=card, actor=by)
                said = self.fire(victim, p_card, ab, answer)
                waiting.used(self, victim, p_card)  # `the next time ...`: it has acted
                if said.applied and said.cancel:
                    self.note(f"{victim.name} cancels {card.name} with {p_card.name}")
                    cancel_played.settle(self, card, by, said)
                    return True, None
                to = said.turn_on or by  # `goes to TARGET instead`, else its player
                if said.redirect and to is not None and to is not victim:
                    return False, to
        return self._answer_from_hand(victim, card, by)

    def _answer_from_hand(self, victim: Player, card: CardInst, by: Player | None
                          ) -> tuple[bool, Player | None]:
        """A one-shot of the victim's hand played as the curse comes (Crooked Mirror:
        `when targeted by curse: the curse goes to the player to your left instead`)."""
        said: list[Outcome] = []
        played = instead.played_from_hand(
            self.game, victim, "when_targeted", lambda c: Ctx(
                self.game, c, victim, victim=victim, target=by, timing="when_targeted",
                extra_card=card, actor=by),
            said=said, fits=lambda ab: self.rules.same_curse_kind(ab.targeted_by, card.kind)
            and not cancel_played.nobody_to_hit(ab, by))
        if played is None or not said:
            return False, None
        if said[0].cancel:
            self.note(f"{victim.name} cancels {card.name} with {played.name}")
            cancel_played.settle(self, card, by, said[0])
            return True, None
        to = said[0].turn_on or by
        return False, (to if said[0].redirect and to is not victim else None)

    def _timing_closed(self, player: Player, ability: Ability) -> str | None:
        """Why ``ability`` cannot be used now (None: it can)."""
        return play_windows.closed(self.state, player, ability.timing, ability.until)

    @action
    def use(self, player: Player, card: CardInst, ability: Ability,
            discards: list[CardInst] | None = None, on_player: Player | None = None,
            on_monster: MonsterInst | None = None, *, side: str | None = None) -> bool:
        """Use an ability of a card in play (Berserking, Turning, Charm, a monster's 'may')."""
        why = self._timing_closed(player, ability) or (
            None if card.kind != "item" or self.can_use(player, card) else
            f"cannot be used by {player.name} (the item's use restriction)")
        if why:
            raise EngineError(f"{ability.label or card.name} {why}")
        forbids = help_bans.sacrifice_ban(self.state, card, ability)
        if forbids is not None:  # `nobody may discard a Sidekick to escape` on the monster
            raise EngineError(f"{forbids.name} forbids discarding {card.name} to escape")
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
        if card in player.curses and on_player is None:  # a curse's own ability: its
            on_player = player  # `victim` is the one who carries it and uses it
        ctx = Ctx(self.game, card, player, victim=on_player, target=on_player, monster=on_monster,
                  side=side, count=count, timing=ability.timing)
        effects = ability.effects
        if ability.timing == "continuous" and card.kind == "monster":
            effects = tuple(e for e in effects if e.kind not in PASSIVE_KINDS)
            ability = dataclasses.replace(ability, effects=tuple(
                fx_replace_optional(e) for e in effects), costs=())
            monster = next((m for m in self.combat.live_monsters() if m.card is card),
                           None) if self.combat else None
            ctx.monster = monster
        ok = run_ability(ctx, ability).applied
        self.note(f"{player.name} uses {ability.label or card.name}"
                  + (f" discarding {count} card(s)" if any(
                      c.kind.startswith("discard") for c in ability.costs) else "")
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
                owner=player, victim=on_player, target=on_player, monster=on_monster, card=card),
                self.state, combat):
            raise EngineError(f"{ability.label or card.name} would have no effect here")


def victims_own(ability: Ability) -> bool:
    """A labelled `any time` line of a curse-like card (`"Cut Loose": any time, ...`) is an
    ability its victim may use while the card stays on them, not a line that acts as the
    card lands (the checker reads the same rule: compiler/checks)."""
    return ability.label is not None and ability.timing == "any_time"


def fx_replace_optional(e: fx.Effect) -> fx.Effect:
    """A 'may' effect the player has chosen to use is no longer optional."""
    return dataclasses.replace(e, optional=False) if e.optional else e
