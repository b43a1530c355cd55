"""Setup lines of a scenario: `seed:`, `rolls:`, decks, `packs:` and `player NAME: ...`.

Why apart: setup builds the table before the first play, so its errors are setup errors
(S003) and its words are the `attribute` and `setup` rows of ``data/scenario.toml``; each
attribute row names an ``_attr_`` method here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from munchkin_dsl.base.rulesets import UnknownRuleset
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.engine.game import Game
from munchkin_dsl.engine.state import Player
from munchkin_dsl.scenarios import words as scenario_words
from munchkin_dsl.scenarios.packs import OtherPackError, resolve_other_pack, with_other_packs
from munchkin_dsl.scenarios.parse import Line, ScenarioError, ScenarioSyntaxError
from munchkin_dsl.scenarios.plays import ScriptPolicy
from munchkin_dsl.scenarios.state import RunnerState


@dataclass
class SetupLines:
    """What the setup lines say, gathered before the game is built from them."""

    seed: Any = 0
    ruleset: str | None = None
    ruleset_line: Line | None = None
    rolls: list[int] = field(default_factory=list)
    turn: str | None = None
    optional: list[str] = field(default_factory=list)
    #: (name, the attributes after `:`, line) of each `player NAME: ...` line
    people: list[tuple[str, str, Line]] = field(default_factory=list)
    #: (key, value, line) of each line that puts cards somewhere (decks, discards, Seals)
    extra: list[tuple[str, str, Line]] = field(default_factory=list)


class Setup(RunnerState):
    """The setup lines: the game is built here, then each player is dealt its cards."""

    #: the line being set up, for the caret of a setup error (unset before the first)
    _cur: Line

    # -------------------------------------------------------- setup
    def build(self) -> None:
        lines = self._read_setup()
        people = lines.people
        if not people:
            raise ScenarioError("the scenario has no `player NAME: ...` line")
        try:
            self.game = Game(self.data, [n for n, _, _ in people], seed=lines.seed,
                             ruleset=lines.ruleset, policy=ScriptPolicy(), debug=True,
                             deck_copies=3, deal=False, optional_rules=lines.optional)
        except UnknownRuleset as exc:
            self._cur = lines.ruleset_line or self._cur
            raise ScenarioError(f"{exc}" + (f"; did you mean '{exc.suggestions[0]}'?"
                                            if exc.suggestions else "")) from exc
        self.game.forced_rolls = lines.rolls
        if lines.turn is not None:
            self.game.state.current = self.player(lines.turn).seat
        for name, rest, ln in people:
            self._cur = ln
            self._setup_player(self.game.state.player(name), rest, ln)
        for key, value, ln in lines.extra:
            self._cur = ln
            self._put_cards(key, value, ln)

    def _read_setup(self) -> SetupLines:
        """The setup lines read in order (a `packs:` line takes effect at once)."""
        lines = SetupLines(ruleset=self.ruleset)
        for ln in self.sc.setup:
            self._cur = ln
            low = ln.text.casefold()
            if low.startswith("player "):
                head, _, rest = ln.text[7:].partition(":")
                lines.people.append((head.strip(), rest, ln))
                continue
            key, _, value = ln.text.partition(":")
            key = key.strip().casefold()
            if key == "seed":
                lines.seed = value.strip()
            elif key == "ruleset":
                lines.ruleset, lines.ruleset_line = value.strip(), ln
            elif key == "rolls":
                lines.rolls = [self._int(x, ln, "a die result") for x in value.split()]
            elif key == "turn":
                lines.turn = value.strip()
            elif key == "rules":  # optional rules of the ruleset: faster-play, epic...
                lines.optional = [w for w in re.split(r"[,\s]+", value.strip()) if w]
            elif key == "packs":
                self._use_other_packs(value, ln)
            else:
                lines.extra.append((key, value, ln))
        return lines

    def _put_cards(self, key: str, value: str, ln: Line) -> None:
        """`door deck: A, B`, `treasure discards: ...`, `open seals: ...`: cards put there."""
        assert self.game is not None
        st = self.game.state
        if value.strip().casefold() == "empty":  # `treasure deck: empty`
            st.decks[key.split()[0]] = []
            return
        ids = [self.card_id(w, ln) for w in re.split(r"[,\s]+", value.strip()) if w]
        if key.endswith("discards"):
            st.discards.setdefault(key.split()[0], []).extend(
                self.game.new_card(cid) for cid in ids)
        elif key == "open seals":
            for cid in ids:
                st.open_seals.append(self.game.new_card(cid))
        else:
            deck = key.split()[0]
            for cid in reversed(ids):
                st.decks.setdefault(deck, []).append(self.game.new_card(cid))

    def _use_other_packs(self, value: str, _ln: Line) -> None:
        """`packs: ../OTHER, ...`: add those packs' cards (this pack's win a shared id)."""
        others = []
        for index, written in enumerate(value.replace(",", " ").split(), start=1):
            try:
                others.append(self.pack_cache.get(resolve_other_pack(self.root, written)))
            except OtherPackError as exc:
                raise ScenarioSyntaxError(exc.code, str(exc), index, exc.hint) from None
        if not others:
            raise ScenarioSyntaxError("S020", "`packs:` names no pack", 0,
                                      "e.g. `packs: ../munchkin-1.6`")
        data = self.data if isinstance(self.data, EngineData) else EngineData((), ())
        self.data, shadowed = with_other_packs(data, others)
        self.cards = list(self.data.cards)
        if shadowed:
            self.trace.append(f"     {len(shadowed)} card(s) of the other packs share an id "
                              f"with this pack's, which are used: {', '.join(shadowed)}")

    def _setup_player(self, p: Player, rest: str, ln: Line) -> None:
        """`player NAME: level 4, female, elf, wears X Y, ...`: each clause by the table."""
        g = self.game
        assert g is not None
        for clause in (c.strip() for c in rest.split(",")):
            if not clause:
                continue
            words = clause.split()
            found = scenario_words.match("attribute", words)
            if found is None:  # bare words: races and classes
                whole = clause.strip('"')
                if clause.startswith('"') or len(words) > 1 and self._ruleset_trait(whole):
                    self._trait(p, whole, ln)  # `"Bounty Hunter"`, `Bounty Hunter`: one
                    continue
                for w in words:
                    self._trait(p, w, ln)
                continue
            entry, phrase, width = found
            getattr(self, "_attr_" + entry.handler)(p, phrase, words[width:], ln)
        g.equip(p)

    def _attr_level(self, p: Player, _phrase: str, args: list[str], ln: Line) -> None:
        """A level a player can start at (1 to one below the winning level): outside it the
        engine's own invariants would break at the first action, as an internal error
        (fuzzing found `level 55`; the held-out author's `level 10` broke "the winning
        level comes by a kill", fixed rule 4)."""
        word = args[0] if args else ""
        level = self._int(word, ln, "a level")
        assert self.game is not None
        win = self.game.rules.win_level
        top = win - 1  # fixed rule 4: the winning level comes by a kill (card_level_cap)
        at = _word_index(ln, word)
        if level == win:
            raise ScenarioSyntaxError("S011", f"a player cannot start at the winning level "
                                      f"({win}): it is reached only by a kill",
                                      at, f"start the player at level {top} "
                                      "and let them win a fight (`A fights MONSTER`, then "
                                      f"`expect A level {win}`)")
        if not 1 <= level <= top:
            raise ScenarioSyntaxError("S011", f"level {level} is outside this game's levels "
                                      f"(1 to {top}; {win} is won by a kill)",
                                      at, f"write a level from 1 to {top}")
        p.level = level

    def _int(self, word: str, ln: Line, what: str) -> int:
        """A number in a setup line, or S011 with the caret under the word."""
        if re.fullmatch(r"-?\d+", word):
            return int(word)
        index = _word_index(ln, word)
        raise ScenarioSyntaxError("S011", f"expected a number ({what}), got "
                                  f"'{word or 'nothing'}'", index,
                                  "write the number in digits, e.g. `level 4`, `rolls: 3 5`")

    def _attr_sex(self, p: Player, phrase: str, _args: list[str], _ln: Line) -> None:
        p.sex = phrase

    def _attr_dead(self, p: Player, _phrase: str, _args: list[str], _ln: Line) -> None:
        p.dead = True

    def _attr_wears(self, p: Player, _phrase: str, args: list[str], ln: Line) -> None:
        assert self.game is not None
        p.items += [self.game.new_card(self.card_id(w, ln)) for w in args]
        self.game.equip(p)

    def _attr_carries(self, p: Player, phrase: str, args: list[str], ln: Line) -> None:
        self._attr_wears(p, phrase, args, ln)
        for card in p.items[len(p.items) - len(args):]:  # by choice: equip() leaves them
            card.worn = False
            card.benched = True

    def _attr_hand(self, p: Player, _phrase: str, args: list[str], ln: Line) -> None:
        assert self.game is not None
        p.hand += [self.game.new_card(self.card_id(w, ln)) for w in args]

    def _attr_curse(self, p: Player, _phrase: str, args: list[str], ln: Line) -> None:
        assert self.game is not None
        p.curses += [self.game.new_card(self.card_id(w, ln)) for w in args]

    def _attr_sidekick(self, p: Player, _phrase: str, args: list[str], ln: Line) -> None:
        assert self.game is not None
        p.sidekicks += [self.game.new_card(self.card_id(w, ln)) for w in args]

    def _attr_traits(self, p: Player, _phrase: str, args: list[str], ln: Line) -> None:
        for w in args:
            self._trait(p, w, ln)

    def _ruleset_trait(self, words: str) -> str | None:
        """The race or class of the ruleset these words name (any case), or None."""
        assert self.game is not None
        rs = self.game.rules.ruleset
        return {n.casefold(): n for n in (*rs.races, *rs.classes)}.get(words.casefold())

    def _trait(self, p: Player, word: str, ln: Line) -> None:
        g = self.game
        assert g is not None
        try:
            cid = self.card_id(word, ln, ("race", "class"))
        except ScenarioError:
            rs = g.rules.ruleset
            known = self._ruleset_trait(word)
            if known is not None:
                p.bare_traits.add(known)
                return
            close = scenario_words.suggest("attribute", [word])
            two = [n for n in (*rs.races, *rs.classes) if " " in n]
            raise ScenarioError(f"'{word}' is no race or class card, no race or class of "
                                f"{rs.id}, nor a player attribute"
                                + (f"; did you mean '{close}'?" if close else "")
                                + (f"; a race or class of several words is one clause, "
                                   f"quoted or not (`\"{two[0]}\"`)" if two else "")
                                ) from None
        card = g.new_card(cid)
        (p.races if card.kind == "race" else p.classes).append(card)


def _word_index(ln: Line, word: str) -> int:
    """The index of ``word`` among the line's words, a comma after it ignored (`level 10,
    hand X`); past the last word when it is not there (a word missing at the end)."""
    words = [w.rstrip(",;") for w in ln.text.split()]
    return words.index(word) if word in words else len(words)
