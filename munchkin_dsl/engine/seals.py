"""Death and the Seals: a player dies (the body is looted), a Seal opens or closes.

Together because in Apocalypse they are one event: the first death of an action opens a
Seal (seed 004 «11.1. Otwieranie Pieczęci»).  A part that needs no other: the levels
(:mod:`.victory`) are built with it, since going up three levels in a turn closes a Seal.
"""

from __future__ import annotations

from munchkin_dsl.engine import fight_deaths, instead
from munchkin_dsl.engine.core import GameCore, Part, action
from munchkin_dsl.engine.effects_apply import run_ability
from munchkin_dsl.engine.events import react
from munchkin_dsl.engine.interface import Ctx
from munchkin_dsl.engine.state import CardInst, MonsterInst, Player
from munchkin_dsl.language.parts.looting import OtherLooted

#: the event between the looting of a body and the discard of the rest
LOOTED = OtherLooted.timing


class DeathAndSeals(Part):
    """Death, looting the body, and opening and closing Seals."""

    def __init__(self, core: GameCore) -> None:
        super().__init__(core)
        #: the top-level action in which a death last opened a Seal
        self._death_seal_at = -1
        self._dying: set[str] = set()

    @action
    def kill(self, player: Player, monster: MonsterInst | None = None) -> None:
        """Death: lose items and hand; others loot one card each, highest level first.
        ``monster``: the one whose Bad Stuff kills, whose `instead of dying` is asked too."""
        if player.dead or player.name in self._dying:
            return
        st = self.state
        if instead.replaced(self.game, player, "on_death", "the death", monster=monster):
            return  # `instead of dying: ...`
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
            pick = self.policy.loot_pick(self.game, looter, pile)
            pile.remove(pick)
            looter.hand.append(pick)
            self.note(f"{looter.name} loots {pick.name}")
        pile = self._looted(player, pile)  # `when another player is looted: take 1 card ...`
        for c in pile:
            player.lost.append(c.id)
            self.discard(c)
        self._fire_others(player, "when_other_dies")
        fight_deaths.fire(self.game, player)  # `when a player dies` on the monsters of a fight
        if self.rules.has_seals() and self._death_seal_at != self._action_no:
            # "several deaths from one event open one Seal" (seed 004 «11.1. Otwieranie
            # Pieczęci»): the first death of this action opens it, the others none
            self._death_seal_at = self._action_no
            self.open_seal(player)

    def _looted(self, player: Player, pile: list[CardInst]) -> list[CardInst]:
        """Every other player has looted one card of ``player``'s body: the rest is laid
        out as the dead player's hand while the living players' `when another player is
        looted` lines run, so `take 1 card of your choice from the hand of that player`
        loots one more (parts/looting.py); what is left is returned, to be discarded."""
        if not pile:
            return pile
        kept_hand = list(player.hand)
        player.hand = [*kept_hand, *pile]
        try:
            self._fire_others(player, LOOTED)
        finally:
            rest = [c for c in player.hand if c in pile]
            player.hand = kept_hand
        return rest

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
        rolls = {p.seat: self.roll_die(p, "looting tie") for p in tied}
        self.note("looting order roll: " + ", ".join(f"{p.name} {rolls[p.seat]}"
                                                      for p in tied))
        out: list[Player] = []
        for value in sorted(set(rolls.values()), reverse=True):
            out += self._roll_off([p for p in tied if rolls[p.seat] == value])
        return out

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
                run_ability(Ctx(self.game, seal, by, victim=by, timing=ab.timing), ab)
        for p in [q for q in st.players if not q.dead]:  # the dead get no cards (seed 004
            # «8.4. Śmierć»); fire_table pays a line's cost and asks a `may` (a scout's Gas
            # Mask drew its treasures and kept the mask when this loop ran the lines itself),
            # then fires what waits for `the next time a seal opens`
            self.fire_table(p, "when_seal_opens")
        if by is not None:  # who opened it: `when another player opens a seal`, `when you ...`
            react(self, by, "when_other_opens_seal")
            react(self, by, "when_you_open_seal", others=False)
        return True

    def close_seal(self) -> bool:
        st = self.state
        if not st.open_seals:
            return False
        seal = st.open_seals.pop()
        st.decks.setdefault("seal", []).insert(0, seal)
        self.note(f"{seal.name} closes ({len(st.open_seals)} open)")
        react(self, st.players[st.current], "when_seal_closes", everyone=True)
        return True
