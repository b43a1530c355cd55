"""The turn: its start (dead characters return, a fresh deal, the Seal roll), kicking
open the door, a revealed door card, looting the room, charity, and a whole simulated
turn.

The phases in the order a player goes through them, as the rulebooks' «TURN PHASES» list
them.  Built with the fight, card play and the Seals, because a revealed monster starts a
fight, a revealed curse is played on its victim and the Seal roll opens a Seal.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from munchkin_dsl.engine import (
    cancel_played,
    durations,
    events,
    face_up,
    instead,
    lasting,
    monster_moves,
    own_turn,
    phase_skips,
    waiting,
)
from munchkin_dsl.engine import combat as cb
from munchkin_dsl.engine.core import GameCore, Part, action
from munchkin_dsl.engine.effects_apply import run_ability
from munchkin_dsl.engine.events import react
from munchkin_dsl.engine.fight import CombatFlow
from munchkin_dsl.engine.immunities import door_curse_shield
from munchkin_dsl.engine.interface import Ctx, EngineError
from munchkin_dsl.engine.play import CardPlay
from munchkin_dsl.engine.seals import DeathAndSeals
from munchkin_dsl.engine.state import CardInst, Player
from munchkin_dsl.language.parts.fight_entry import OtherKicksMonster
from munchkin_dsl.language.parts.loot_events import OtherLoots

#: the event the other players' cards hear once a player has looted the room
LOOTS = OtherLoots.timing


class TurnFlow(Part):
    """The phases of a turn, from its start to charity."""

    def __init__(self, core: GameCore, fight: CombatFlow, play: CardPlay,
                 seals: DeathAndSeals) -> None:
        super().__init__(core)
        self.start_combat = fight.start_combat
        self._maybe_finish = fight._maybe_finish
        self.curse = play.curse
        self.open_seal = seals.open_seal

    def _own_turn(self, player: Player, phase: str) -> None:
        """A phase of a turn is its player's alone (seed 000 «TURN PHASES»): another
        player's kick or loot is refused, so a scenario's `expect refused:` holds."""
        current = self.state.players[self.state.current]
        if player is not current:
            raise EngineError(f"{player.name} cannot {phase}: it is {current.name}'s turn")

    @action
    def loot_room(self, player: Player) -> tuple[list[CardInst], bool]:
        """No monster met: draw a face-down door, unless an on_loot draw replaces it.

        A Feline may instead open a second Airlock face up (seed 003, «Фазы хода»).  Returns
        the cards and whether they came face up; a face-up card is revealed here (a monster
        is fought, a trap hits), like a kicked-open door.  A player who met a
        monster this turn (fought it, won or ran) does not loot (seed 000 «TURN PHASES»:
        "If you met a monster but ran away, you don't get to loot the room").
        """
        self._own_turn(player, "loot the room")
        if player.name in self.state.met_monster:
            raise EngineError(f"{player.name} met a monster this turn and cannot loot the "
                              "room")
        if phase_skips.skips_loot(self, player):  # `skip your next loot the room`
            return [], False
        if instead.replaced(self.game, player, "on_loot", "the loot of the room"):
            return [], False  # `instead of looting the room: ...`
        for card in player.in_play():
            for ab in card.data.abilities:
                if ab.timing != "on_loot" or not cb.conditions_hold(
                        ab.conditions, cb.Scope(owner=player, card=card), self.state, None):
                    continue
                others = tuple(e for e in ab.effects if not (e.kind == "draw"
                                                             and getattr(e, "instead", False)))
                if others:  # what the line does besides replacing the draw
                    self.fire(player, card, dataclasses.replace(ab, effects=others),
                              Ctx(self.game, card, player, timing="on_loot"))
                for found in ab.effects:
                    eff: Any = found  # a draw's record, generated from its part class
                    if not (eff.kind == "draw" and eff.instead):
                        continue
                    if eff.optional and not self.decide_optional(
                            Ctx(self.game, card, player, timing="on_loot"), eff):
                        continue
                    up = bool(eff.face_up)
                    got = self.draw(player, eff.deck, eff.count, reward=False, face_up=up)
                    self.note(f"{player.name} ({card.name}) draws {len(got)} {eff.deck} "
                              + ("face up: " + ", ".join(c.name for c in got) if up
                                 else "face down") + " instead")
                    for door in got if up else []:  # revealed here, like a kicked door,
                        self.reveal(player, door)   # so no card is ever in no place
                    react(self.game, player, LOOTS)  # `when another player loots the room`
                    return got, up
        deck = self.rules.loot_deck  # faster play: a Treasure instead of a Door
        got = self.draw(player, deck, 1, reward=deck == "treasure")
        self.note(f"{player.name} loots the room: {len(got)} {deck} card(s) face down")
        react(self.game, player, LOOTS)
        return got, False

    @action
    def kick_open_door(self, player: Player) -> CardInst | None:
        """Phase 1: the top door card is drawn face up and revealed (None: no door left, or
        a card in play drew something else instead: `instead of drawing face up`)."""
        self._own_turn(player, "kick open the door")
        if lasting.skips_kick(self, player):  # `skip your next kick open the door`
            return None
        if self.state.decks.get("door") and face_up.replaced(self.game, player):
            return None
        door = self.draw(player, "door", 1, reward=False, face_up=True)
        if not door:
            return None
        self.note(f"{player.name} kicks open the door: {door[0].name}")
        self.reveal(player, door[0])
        waiting.door_kicked(self, player, door[0])  # `when the door you kick open ...`
        beast = waiting.door_monster(self, player, door[0])
        if beast is not None:  # `when another player kicks open a monster`: in that fight
            react(self, player, OtherKicksMonster.timing, monster=beast)
        react(self, player, "when_you_kick_door", others=False, just=door[0])
        react(self, player, "when_other_kicks_door", just=door[0])
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
                    run_ability(Ctx(self.game, card, player, victim=player, monster=monster,
                                    timing="on_reveal"), ab)  # `you`: who kicked it open
            if self.state.combat is combat:
                self._maybe_finish()
            return
        if card.kind in self.rules.curse_kinds:
            ambush = waiting.door_curse(self, player, card)  # `when the door ... is a curse`
            if ambush is not None:
                self.note(f"{card.name} is cancelled")
                cancel_played.settle(self, card, None, ambush)
                return
            shield = door_curse_shield(self.state, player)
            if shield is not None:  # `ignore curses from the door` (Sandals of Protection)
                self.note(f"{shield.name}: {card.name} has no effect on {player.name}")
                self.discard(card)
                return
            player.hand.append(card)
            self.curse(player, card)
            return
        player.hand.append(card)
        revealed = [ab for ab in card.data.abilities if ab.timing == "on_reveal"]
        if not revealed:
            return
        self._take(player, card)
        for ab in revealed:
            self.fire(player, card, ab, Ctx(self.game, card, player, timing="on_reveal"))
        if card.data.persistent:
            player.others.append(card)
        elif self.state.combat is not None:
            self.state.combat.played_in(card, player)
        else:
            self.discard(card)

    def listen_at_the_door(self, player: Player) -> list[CardInst]:
        """Faster play, phase 0: a face-down Door card into the hand at the turn's start."""
        got = self.draw(player, "door", 1, reward=False)
        self.note(f"{player.name} listens at the door: {len(got)} door card(s) face down")
        return got

    @action
    def charity(self, player: Player) -> None:
        """Over the hand limit at the end of the turn: give the excess to the lowest level
        (unless the player skips this charity: `skip your next charity`)."""
        if phase_skips.skips_charity(self, player):
            return
        if len(player.hand) <= self.rules.ruleset.hand_limit:
            return  # no race, class or card lowers the ruleset's hand limit
        limit = self.rules.hand_limit(player)
        if limit is None or len(player.hand) <= limit:
            return
        excess = self.policy.choose_discards(self.game, player, list(player.hand),
                                             len(player.hand) - limit, "charity")
        # the dead receive no cards, not even charity: seed 000 «DEATH», seed 002 «СМЕРТЬ»
        # (Apocalypse says it again in its own words); every ruleset, not only Apocalypse
        others = [p for p in self.state.players if p is not player and not p.dead]
        low = min((p.level for p in others), default=player.level)
        if not others or player.level <= low:
            for c in excess:
                self._take(player, c)
                self.discard(c)
                events.discarded(self, player, c)
            self.note(f"{player.name} discards {len(excess)} card(s) to charity")
            return
        takers = [p for p in others if p.level == low]
        for i, c in enumerate(excess):
            self._take(player, c)
            takers[i % len(takers)].hand.append(c)
        self.note(f"{player.name} gives {len(excess)} card(s) to "
                  + ", ".join(p.name for p in takers))

    @action
    def end_turn(self, player: Player) -> None:
        """``player`` ends their turn: charity (the cards over the hand limit), then, on
        their own turn, the turn's end, once: `at the end of your turn` lines, durations that
        end with it, the cards that waited `this turn` (the next turn's start does not end
        it again).  A scenario's `A ends turn`; a bot's turn ends as the next one starts."""
        self.charity(player)
        st = self.state
        if player is st.players[st.current] and not st.turn_over:
            self._turn_ends(None)
            st.turn_over = True

    def _turn_ends(self, next_player: Player | None) -> None:
        """The current turn ends (``next_player``: whose turn starts now, if known)."""
        st = self.state
        if st.turn or next_player is not st.players[st.current]:  # (a game's first start
            events.turn_ends(self, st.players[st.current])  # has no turn before it)
        durations.turn_ends(self, st.players[st.current])  # the turn before ends
        phase_skips.turn_ends(self, st.players[st.current])  # its trouble ban goes
        waiting.turn_ends(self)  # cards that waited `this turn` go unused

    @action
    def start_turn(self, player: Player) -> None:
        """A turn begins: every dead character comes back (no cards yet, free to help), and
        the player whose turn it is gets the fresh deal of a new character.

        Seed 000 «DEATH»: "Your new character appears when the next player begins his turn,
        and can help others in combat... but you have no cards. On your next turn, start by
        drawing four cards from each deck"."""
        st = self.state
        if not st.turn_over:  # (`A ends turn` ended it already)
            self._turn_ends(player)
        st.turn_over = False
        player = lasting.skipped_turn(self, player)  # `lose your next turn`: passed over
        st.current = player.seat
        st.turn += 1
        st.met_monster.clear()
        st.turn_facts.clear()  # `if you helped this turn`: a new turn
        durations.turn_begins(self, player)  # `until your next turn` ends
        phase_skips.turn_begins(self, player)  # `skip your next look for trouble`: now
        self.last_outcome = self.last_combat = None  # `after a kill`: right after the fight
        player.levels_this_turn = 0
        own_turn.snapshot(st)
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
            die = self.roll_die(player, "Seal")
            self.note(f"{player.name} rolls {die} for the Seals")
            if die == self.seal_roll:
                self.open_seal(player)
        events.turn_begins(player)  # `at the end of your next turn`: armed now
        react(self, player, "turn_start", others=False)  # a one-shot from the hand too (Canned
        react(self, player, "when_other_starts_turn")  # Beans), as events.from_hand plays it
        monster_moves.turn_begins(self, player)  # a monster that waited for this turn

    def play_turn(self, bots: Any) -> None:
        """One full turn of the current player, decided by ``bots`` (a
        :class:`munchkin_dsl.engine.bots.Bots`, which plays it: bots use the game's
        actions, so they sit above it and the game does not import them)."""
        bots.play_turn(self.game)
