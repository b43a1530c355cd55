"""Levels and victory: going up and down levels, the win check, the Seventh Seal's end.

One module so the rules on reaching the winning level (a cap the caller gives, as for a
card or a sale; the win check held while a fight's levels are given, so players who reach
it together win together) read in one place.  Built with death and the Seals, because
three levels in one turn close a Seal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from munchkin_dsl.engine import happenings, help_bans, replacement
from munchkin_dsl.engine.core import GameCore, Part
from munchkin_dsl.engine.events import react
from munchkin_dsl.engine.seals import DeathAndSeals
from munchkin_dsl.engine.state import CardInst, Happening, Player


class Victory(Part):
    """Levels gained and lost, the win check, and the end of the game."""

    def __init__(self, core: GameCore, seals: DeathAndSeals) -> None:
        super().__init__(core)
        self.close_seal = seals.close_seal

    def gain_levels(self, player: Player, n: int, reason: str, cap: int | None = None,
                    override: bool = False) -> int:
        """Go up ``n`` levels, never past ``cap`` nor the winning level; returns the gain."""
        if player.dead and reason != "kill":
            return 0
        if n > 0 and (ban := help_bans.banned_by(self.state, player,
                                                  help_bans.CANNOT_GAIN_LEVELS)):
            self.note(f"{player.name} gains no levels ({ban.name})")  # any source
            return 0
        top = self.rules.win_level if cap is None else min(cap, self.rules.win_level)
        # `if the gain comes from selling`: the lines at the gain read where it comes from
        gain = Happening(source=reason)
        if min(player.level + n, max(top, player.level)) <= player.level:
            return 0
        with happenings.about(self.state, gain):
            if replacement.gain_prevented(self, player):
                return 0  # `when you would gain a level: prevent it`, `instead of gaining ...`
        new = min(player.level + n, max(top, player.level))  # (the lines may have moved it)
        gained = new - player.level
        if gained <= 0:
            return 0
        player.level = new
        player.levels_this_turn += gained
        player.last_gain = "override" if override and reason != "kill" else reason
        self.state.rewards.append((player.name, "level", gained, self.state.combat is not None,
                                   reason))
        self.note(f"{player.name} goes up {gained} level(s) to {new} ({reason})")
        with happenings.about(self.state, gain):
            react(self, player, "when_other_gains_level")
        if (self.rules.has_seals() and self.state.open_seals and player.levels_this_turn >= 3
                and f"closed:{self.state.turn}" not in player.used_once):
            player.used_once.add(f"closed:{self.state.turn}")
            self.close_seal()
        self.check_win()
        return gained

    def lose_levels(self, player: Player, n: int, _source: CardInst | None = None) -> int:
        if n > 0 and player.level > 1:  # `when you would lose a level, ...: prevent it`
            n -= replacement.levels_spared(self, player, n)  # (or `prevent 1 of those ...`)
            if n <= 0:
                return 0
        new = max(1, player.level - n)  # fixed rule 1
        lost = player.level - new
        player.level = new
        if lost:
            self.note(f"{player.name} loses {lost} level(s) to {new}")
            react(self, player, "when_other_loses_level")
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
            score: Callable[[Player], int] = (
                (lambda p: sum(c.data.bonus or 0 for c in p.items)) if crit == "item_bonus"
                else (lambda p: p.level))
            best = max(score(p) for p in pool)
            pool = [p for p in pool if score(p) == best]
            if len(pool) == 1:
                break
        st.over = True
        st.winners = [p.name for p in pool]
        self.note("the game ends: " + ", ".join(st.winners))
