"""Expectations of a scenario: `expect ...` and `expect NAME ...`.

Why apart: an expectation reads the game and changes nothing (except `expect refused:`,
which tries a play that must fail); each `expect` and `expect_player` row of
``data/scenario.toml`` names an ``_expect_`` or ``_expectp_`` method here.
"""

from __future__ import annotations

import re
from typing import Any

from munchkin_dsl.engine import help_bans
from munchkin_dsl.engine.game import EngineError
from munchkin_dsl.engine.state import Player
from munchkin_dsl.scenarios import words as scenario_words
from munchkin_dsl.scenarios.parse import Line, ScenarioError, ScenarioSyntaxError
from munchkin_dsl.scenarios.state import RunnerState


class Expectations(RunnerState):
    """The expectations, and the check that a manual step took part only when expected."""

    def _unexpected_manual(self) -> None:
        """A card whose rule the engine skipped took part: the scenario must say so."""
        g = self.game
        if g is None:
            return
        for cid in g.manual_played:
            if cid in self.expected_manual:
                continue
            rule = g.by_id[cid].manual[0].texts["en"]
            self.failures.append(f"{self.sc.file}:{self.sc.line}: {cid} took part and has a "
                                 f"rule the engine does not play (“{rule}”); add `expect "
                                 f"manual {cid}` if the scenario expects that manual step")

    def _check(self, ok: bool, what: str, got: Any) -> None:
        self.trace.append(f"     {'ok  ' if ok else 'FAIL'} {what}" + (
            "" if ok else f" (got {got})"))
        if not ok:
            raise AssertionError(f"expected {what}, got {got}")

    def expect(self, ln: Line, words: list[str]) -> None:
        """`expect ...`: a table expectation, or `expect NAME ...` about one player."""
        found = scenario_words.match("expect", words)
        if found is not None:
            entry, _phrase, width = found
            getattr(self, "_expect_" + entry.handler)(ln, words[width:])
            return
        g = self.game
        assert g is not None
        names = {p.name.casefold() for p in g.state.players}
        if words[0].casefold() not in names:
            close = scenario_words.suggest("expect", words)
            raise ScenarioSyntaxError(
                "S013", f"unknown expectation '{words[0]}': neither an expectation nor a "
                "player", 1, f"did you mean `expect {close}`?" if close else
                "expectations are " + ", ".join(scenario_words.phrases("expect"))
                + ", or a player's name: " + ", ".join(p.name for p in g.state.players))
        p = self.player(words[0])
        found = scenario_words.match("expect_player", words[1:])
        if found is None:
            close = scenario_words.suggest("expect_player", words[1:])
            raise ScenarioSyntaxError(
                "S013", f"unknown expectation about {p.name}: "
                f"'{' '.join(words[1:2]) or '(nothing)'}'", 2,
                f"did you mean `expect {p.name} {close}`?" if close else
                f"expectations about a player: expect {p.name} " + ", ".join(
                    scenario_words.phrases("expect_player")))
        entry, phrase, width = found
        args = [w.casefold() for w in words[1 + width:]]
        getattr(self, "_expectp_" + entry.handler)(p, phrase, args, ln)

    def _number(self, args: list[str], index: int, ln: Line, what: str) -> int:
        """A number the expectation needs, or S011 with the caret where it should be."""
        word = args[index] if index < len(args) else ""
        if not re.fullmatch(r"-?\d+", word):
            raise ScenarioSyntaxError("S011", f"expected a number ({what}), got "
                                      f"'{word or 'nothing'}'",
                                      len(ln.text.split()) - len(args) + index,
                                      "write the number in digits, e.g. `expect treasures 2`")
        return int(word)

    def _expect_strength(self, ln: Line, args: list[str]) -> None:
        g = self.game
        assert g is not None
        low = [a.casefold() for a in args]
        if len(low) != 3 or low[1] != "vs":
            raise ScenarioSyntaxError("S011", "a strength expectation reads `expect strength "
                                      "P vs M`", 2, "e.g. `expect strength 7 vs 10`")
        mine = self._number(low, 0, ln, "the players' strength")
        theirs = self._number(low, 2, ln, "the monsters' strength")
        bd = g.breakdown() if g.combat else self.last_breakdown
        if bd is None:
            raise ScenarioError("no combat to measure")
        self._check((bd.player, bd.monster) == (mine, theirs),
                    f"strength {mine} vs {theirs}", f"{bd.player} vs {bd.monster}")

    def _expect_outcome(self, _ln: Line, args: list[str]) -> None:
        g = self.game
        assert g is not None
        if not args:
            raise ScenarioSyntaxError("S011", "which outcome?", 2,
                                      "e.g. `expect outcome win` or `expect outcome caught`")
        want = args[0].casefold()
        got = g.combat.outcome if g.combat else g.last_outcome
        self._check(got == want.replace("-", "_"), f"outcome {want}",
                    got and got.replace("_", "-"))

    def _expect_treasures(self, ln: Line, args: list[str]) -> None:
        assert self.game is not None
        want = self._number(args, 0, ln, "treasures")
        got = self.game.treasure_total()
        self._check(got == want, f"treasures {want}", got)

    def _expect_open_seals(self, ln: Line, args: list[str]) -> None:
        assert self.game is not None
        want = self._number(args, 0, ln, "open Seals")
        got = len(self.game.state.open_seals)
        self._check(got == want, f"open seals {want}", got)

    def _expect_monsters(self, ln: Line, args: list[str]) -> None:
        g = self.game
        assert g is not None
        want = self._number(args, 0, ln, "monsters")
        got = len(g.combat.live_monsters()) if g.combat else 0
        self._check(got == want, f"monsters {want}", got)

    def _expect_winner(self, _ln: Line, args: list[str]) -> None:
        assert self.game is not None
        want = sorted(w.casefold() for w in args if w.casefold() != "and")
        got = sorted(n.casefold() for n in self.game.state.winners)
        self._check(got == want, "winner " + " and ".join(want), got or "none")

    def _expect_no_winner(self, _ln: Line, _args: list[str]) -> None:
        assert self.game is not None
        self._check(not self.game.state.winners, "no winner", self.game.state.winners)

    def _expect_manual(self, ln: Line, args: list[str]) -> None:
        g = self.game
        assert g is not None
        if not args:
            raise ScenarioError("`expect manual` needs a card: `expect manual CARD`")
        cid = self.card_id(args[0], ln)
        if not g.by_id[cid].manual:
            raise ScenarioError(f"{cid} has no manual rule; remove `expect manual {cid}`")
        self.expected_manual.add(cid)
        self._check(cid in g.manual_played, f"manual step for {cid}", "it took no part")

    def _expect_refused(self, ln: Line, words: list[str]) -> None:
        """`expect refused: PLAY`: the engine must reject the play (and change nothing)."""
        if not words:
            raise ScenarioError("`expect refused:` needs a play after it")
        if words[0].casefold() == "expect":
            raise ScenarioError("`expect refused:` takes a play, not another expectation")
        sub = Line(" ".join(words), ln.file, ln.line, ln.column)
        try:
            self.step(sub)
        except ScenarioSyntaxError as exc:  # the caret goes under the word after `refused:`
            exc.word += len(ln.text.split()) - len(words)
            raise
        except EngineError as exc:
            self._check(True, f"refused: {exc}", None)
            return
        self._check(False, f"the engine to refuse `{sub.text}`", "it was allowed")

    # -------------------------------------------------------- expect NAME ...
    def _expectp_level(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        want = self._number(low, 0, ln, "a level")
        self._check(p.level == want, f"{p.name} level {want}", p.level)

    def _expectp_drew(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        want = self._number(low, 0, ln, "treasures drawn")
        self._check(p.treasures_drawn == want, f"{p.name} drew {want} treasures",
                    p.treasures_drawn)

    def _expectp_dead(self, p: Player, phrase: str, _low: list[str], _ln: Line) -> None:
        self._check(p.dead == (phrase == "dead"), f"{p.name} {phrase}",
                    "dead" if p.dead else "alive")

    def _held(self, p: Player) -> list[str]:
        return [c.id for c in [*p.hand, *p.in_play()]]

    def _expectp_has_no(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the card", ln)
        cid = self.card_id(low[0], ln)
        self._check(cid not in self._held(p), f"{p.name} has no {low[0]}", self._held(p))

    def _expectp_has(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the card", ln)
        cid = self.card_id(low[0], ln)
        self._check(cid in self._held(p), f"{p.name} has {low[0]}", self._held(p))

    def _expectp_lost(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the card", ln)
        cid = self.card_id(low[0], ln)
        got: Any = p.lost or "nothing lost"
        if cid not in p.lost and cid not in self._held(p):
            # The card is gone, but not taken: its player discarded it (a cost, a one-shot
            # played, its last use). Say so, or the author reads the failure as an engine bug.
            got = (f"{got}; {low[0]} left {p.name} by its own player's doing (a cost, a "
                   f"play, a last use), and `lost` counts only cards taken by Bad Stuff, a "
                   f"curse, a steal or a trade: `expect {p.name} has no {low[0]}` says it "
                   f"is gone")
        self._check(cid in p.lost, f"{p.name} lost {low[0]}", got)

    def _expectp_hand_limit(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        assert self.game is not None
        want = self._number(low, 0, ln, "a hand limit")
        got = self.game.rules.hand_limit(p)
        self._check(got == want, f"{p.name} hand limit {want}", got)

    def _expectp_hand(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        want = self._number(low, 0, ln, "cards in the hand")
        self._check(len(p.hand) == want, f"{p.name} hand {want}", len(p.hand))

    def _expectp_markers(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        want = self._number(low, 0, ln, "a number of markers")
        got = p.markers.get("marker", 0)
        self._check(got == want, f"{p.name} markers {want}", got)

    def _expectp_banned(self, p: Player, phrase: str, low: list[str], _ln: Line) -> None:
        """`expect A may not sell` / `expect A may sell`: the bans on the player now."""
        action = " ".join(low)
        ban = help_bans.ACTIONS.get(action)
        if ban is None:
            raise ScenarioSyntaxError("S011", f"no player action '{action}' a card can ban",
                                      3, "write help, sell, run away, play or gain levels")
        want = phrase == "may not"
        assert self.game is not None
        now = help_bans.banned(self.game.state, p, ban)
        self._check(now == want, f"{p.name} {phrase} {action}",
                    "banned" if now else "allowed")

    def _expectp_counters(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        want = self._number(low, 0, ln, "a number of counters")
        got = sum(c.counters for c in p.in_play())
        self._check(got == want, f"{p.name} counters {want}", got)

    def _expectp_sex(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the sex", ln)
        self._check(p.sex == low[0], f"{p.name} sex {low[0]}", p.sex)

    def _expectp_wears(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the item", ln)
        cid = self.card_id(low[0], ln)
        self._check(any(c.id == cid for c in p.worn_items()), f"{p.name} wears {low[0]}",
                    [c.id for c in p.worn_items()])

    def _expectp_carries(self, p: Player, _phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the item", ln)
        cid = self.card_id(low[0], ln)
        carried = [c.id for c in p.items if not c.worn]
        self._check(cid in carried, f"{p.name} carries {low[0]}",
                    {"carried": carried, "worn": [c.id for c in p.worn_items()]})
