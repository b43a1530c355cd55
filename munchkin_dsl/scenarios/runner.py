"""Scenario files (``*.scn``): a starting table, plays, and what must be true after.

A line format rather than TOML because authors write scenarios as a story, one play per
line, in the order of the rulebook's worked example; TOML would push every play into an
array of tables.  The words are fixed and few, in one table (``data/scenario.toml``, read
by :mod:`munchkin_dsl.scenarios.words`): each play, expectation and player
attribute is a row naming the ``_play_``/``_expect_``/``_expectp_``/``_attr_`` method
that carries it out, so adding a word is a row and a method, and the help
(:data:`SYNTAX`), the "did you mean" errors and the editor learn it at once.  Every
problem is a diagnostic with ``file:line:col`` so a typo never shows a Python traceback.
docs/scenarios.md shows every word with an example.

Example::

    scenario: Example of Combat (rulebook 1.6)
    seed: 0
    player Aric: level 4, male, warrior, wears chainsaw, carries yuppie-water,
        hand magic-missile thief wandering-monster
    player Suzan: level 2, female, elf, wears boots-of-butt-kicking, hand enraged
    Aric fights net-troll
    expect strength 7 vs 10
    Aric plays magic-missile for players
    expect strength 12 vs 10
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from munchkin_dsl.base.diagnostics import DiagnosticSink, Span, split_lines
from munchkin_dsl.base.files import Refused, read_confined
from munchkin_dsl.base.rulesets import UnknownRuleset
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.engine.combat import Breakdown
from munchkin_dsl.engine.crowd import discard_into_combat
from munchkin_dsl.engine.effects_apply import Ctx
from munchkin_dsl.engine.game import DefaultPolicy, EngineError, Game
from munchkin_dsl.engine.invariants import InvariantBroken
from munchkin_dsl.engine.state import CardInst, MonsterInst, Player
from munchkin_dsl.scenarios import words as scenario_words
from munchkin_dsl.scenarios.packs import (
    OtherPackError,
    PackCache,
    resolve_other_pack,
    with_other_packs,
)

#: the language in one screen, printed by `munchkin test --help` (from data/scenario.toml)
SYNTAX = scenario_words.syntax()


class ScenarioError(Exception):
    """A step the scenario asked for could not be done (bad name, illegal play)."""


class ScenarioSyntaxError(ScenarioError):
    """A line the scenario language does not read: reported with its own code, the caret
    under the word at fault and a hint (a "did you mean" over the verb table)."""

    def __init__(self, code: str, message: str, word: int = 0, hint: str | None = None,
                 width: int | None = None) -> None:
        super().__init__(message)
        self.code, self.word, self.hint, self.width = code, word, hint, width


@dataclass
class Line:
    """One logical line: its words and where it starts.

    An indented line continues the one above, so one logical line may cover several
    physical ones; ``parts`` maps an offset in ``text`` back to its physical line and
    column, so a caret under a word of a continuation line lands on that line."""

    text: str
    file: str
    line: int
    column: int
    #: (offset in text, physical line, column) of each continuation line
    parts: list[tuple[int, int, int]] = field(default_factory=list)

    def continue_with(self, body: str, line: int, column: int) -> None:
        self.text += " "
        self.parts.append((len(self.text), line, column))
        self.text += body

    def span(self, col_offset: int = 0, width: int = 1) -> Span:
        start, line, column, end = 0, self.line, self.column, len(self.text)
        for offset, part_line, part_column in self.parts:
            if offset > col_offset:
                end = offset - 1  # the physical line ends before the joining space
                break
            start, line, column = offset, part_line, part_column
        col = column + col_offset - start
        width = max(1, min(width, end - col_offset)) if col_offset < end else 1
        return Span(self.file, line, col, line, col + width)

    def word_span(self, index: int, width: int | None = None) -> Span:
        """The span of the ``index``-th word (to the end of the line when ``width`` is 0)."""
        offset = 0
        for i, match in enumerate(re.finditer(r"\S+", self.text)):
            offset = match.start()
            if i == index:
                size = len(match.group()) if width is None else width
                return self.span(offset, size or max(1, len(self.text) - offset))
        return self.span(len(self.text), 1)


@dataclass
class Scenario:
    title: str
    file: str
    line: int
    setup: list[Line] = field(default_factory=list)
    steps: list[Line] = field(default_factory=list)
    #: why the engine does not play this rule yet (`not modelled: WHY`), or None
    not_modelled: str | None = None
    #: the pack the file names with `pack: PATH` (rules suite files), relative to the file
    pack: str | None = None


#: a scenario's status in `munchkin test` output (text, JSON and the summary)
PASSED, FAILED, NOT_MODELLED = "passed", "failed", "not modelled"


@dataclass
class Result:
    scenario: Scenario
    passed: bool
    trace: list[str]
    failures: list[str]
    #: cards that took part with a rule the engine did not play (manual steps)
    manual: list[str] = field(default_factory=list)
    #: PASSED, FAILED or NOT_MODELLED (a marked rule whose expectations do not hold yet)
    status: str = ""

    def __post_init__(self) -> None:
        if not self.status:
            self.status = PASSED if self.passed else FAILED

    def to_json(self) -> dict[str, Any]:
        return {"title": self.scenario.title,
                "file": f"{self.scenario.file}:{self.scenario.line}",
                "status": self.status, "passed": self.passed,
                "not_modelled": self.scenario.not_modelled,
                "failures": self.failures, "trace": self.trace, "manual": self.manual}


_SETUP_KEYS = scenario_words.setup_keys()


def parse(text: str, file: str, sink: DiagnosticSink) -> list[Scenario]:
    """Scenario text -> scenarios; problems go to ``sink`` with file:line:col."""
    logical: list[Line] = []
    for number, raw in enumerate(split_lines(text), start=1):
        body = raw.split("#", 1)[0].rstrip()
        if not body.strip():
            continue
        if raw[:1] in (" ", "\t") and logical:
            logical[-1].continue_with(body.strip(), number,
                                      len(body) - len(body.lstrip()) + 1)
            continue
        col = len(body) - len(body.lstrip()) + 1
        logical.append(Line(body.strip(), file, number, col))
    scenarios: list[Scenario] = []
    pack: str | None = None
    for ln in logical:
        low = ln.text.casefold()
        if low.startswith("scenario:"):
            scenarios.append(Scenario(ln.text.split(":", 1)[1].strip() or "untitled", file,
                                      ln.line, pack=pack))
            continue
        if not scenarios and low.startswith("pack:"):
            pack = ln.text.split(":", 1)[1].strip()
            continue
        if not scenarios:
            sink.error("S001", "a scenario file starts with `scenario: TITLE`", ln.span(),
                       "add a line `scenario: what this checks` before the setup")
            return []
        sc = scenarios[-1]
        head, colon, _ = low.partition(":")
        if colon and not sc.steps and not low.startswith(("player ", "expect")) \
                and head.strip() not in _SETUP_KEYS and len(head.split()) <= 2:
            close = scenario_words.suggest("setup", head.split())
            sink.error("S004", f"unknown setup line '{head.strip()}:'", ln.word_span(0),
                       f"did you mean '{close}:'?" if close else
                       "setup lines are " + ", ".join(f"`{k}:`" for k in _SETUP_KEYS)
                       + " and `player NAME:`")
            continue
        if low.startswith("player ") or any(low.startswith(k + ":") for k in _SETUP_KEYS):
            if sc.steps:
                sink.error("S002", "setup lines come before the first play", ln.span(),
                           "move this line above the first play of the scenario")
                continue
            if low.startswith("not modelled:"):
                sc.not_modelled = ln.text.split(":", 1)[1].strip() or "not modelled"
                continue
            sc.setup.append(ln)
        else:
            sc.steps.append(ln)
    return scenarios


class ScriptPolicy(DefaultPolicy):
    """Choices the author scripted with `NAME chooses CARD`; otherwise the defaults."""

    def __init__(self) -> None:
        self.choices: dict[str, list[str]] = {}

    def choose_item(self, game: Game, player: Player, items: list[CardInst],
                    why: str) -> CardInst:
        wanted = self.choices.get(player.name, [])
        for i, want in enumerate(wanted):
            for card in items:
                if want in (card.id, card.name.casefold()):
                    wanted.pop(i)
                    return card
        return super().choose_item(game, player, items, why)

    def decide_optional(self, game: Game, ctx: Ctx, eff: Any) -> bool:
        return True

    def helper_escapes_too(self, game: Game, owner: Player, helper: Player) -> bool:
        """`OWNER chooses alone` scripts that the helper rolls instead."""
        wanted = self.choices.get(owner.name, [])
        if "alone" in wanted:
            wanted.remove("alone")
            return False
        return True

    def use_line(self, game: Game, player: Player, card: CardInst, ab: Any) -> bool:
        """`NAME chooses no` scripts that the player does not use the next line that is a
        choice (one with a cost, or `instead of drawing face up`: the door is kicked open)."""
        wanted = self.choices.get(player.name, [])
        if "no" in wanted:
            wanted.remove("no")
            return False
        return True

    def change_die(self, game: Game, holder: Player, roller: Player | None, purpose: str,
                   die: int, need: int | None) -> int | None:
        """`NAME chooses die N`: NAME plays its die-changing one-shot (the Loaded Die) at
        the next die roll, anyone's, and sets it to N."""
        wanted = self.choices.get(holder.name, [])
        for i, want in enumerate(wanted):
            if want.startswith("die ") and want[4:].isdigit():
                wanted.pop(i)
                return int(want[4:])
        return None

    def choose_option(self, game: Game, player: Player | None, count: int) -> int:
        """`NAME chooses option N` picks the Nth of `A, or B` (1-based)."""
        wanted = self.choices.get(player.name, []) if player is not None else []
        for i, want in enumerate(wanted):
            if want.startswith("option ") and want[7:].isdigit():
                wanted.pop(i)
                return int(want[7:]) - 1
        return 0


class Runner:
    """Runs one scenario against compiled cards, collecting a trace and failures."""

    def __init__(self, data: EngineData | list[CardData], scenario: Scenario,
                 sink: DiagnosticSink, root: Path | None = None,
                 packs: PackCache | None = None, ruleset: str | None = None) -> None:
        self.data = data
        #: the ruleset when the scenario names none (in a mix: the scenario's own pack's)
        self.ruleset = ruleset
        #: the scenario's pack folder (`packs:` paths are relative to it) and the cache of
        #: the other packs compiled for this run
        self.root = root if root is not None else Path(scenario.file).parent.parent
        self.pack_cache = packs if packs is not None else PackCache()
        self.sc = scenario
        self.sink = sink
        self.trace: list[str] = []
        self.failures: list[str] = []
        self.cards: list[CardData] = list(data.cards if isinstance(data, EngineData) else data)
        self.game: Game | None = None
        self.last_outcome: str | None = None
        self.last_breakdown: Breakdown | None = None
        self.expected_manual: set[str] = set()
        #: a line the runner could not read or do (a typo, not a rule the engine lacks)
        self.broken = False

    # -------------------------------------------------------- names
    def card_id(self, word: str, ln: Line, kinds: tuple[str, ...] = ()) -> str:
        w = word.strip().strip('"').casefold()
        for c in self.cards:
            if kinds and c.kind not in kinds:
                continue
            if c.id == w or any(n.casefold() == w for n in c.names.values()):
                return c.id
        raise ScenarioError(f"no card '{word}'" + (f" ({'/'.join(kinds)})" if kinds else "")
                            + " in the pack")

    def player(self, name: str) -> Player:
        assert self.game is not None
        try:
            return self.game.state.player(name)
        except KeyError:
            raise ScenarioError(f"no player '{name}'; players are " + ", ".join(
                p.name for p in self.game.state.players)) from None

    def _card_from(self, p: Player, word: str, ln: Line) -> CardInst:
        """The player's card (hand first, then in play) or a fresh one from the pack."""
        cid = self.card_id(word, ln)
        for pile in (p.hand, p.items, p.races, p.classes, p.sidekicks, p.others):
            for card in pile:
                if card.id == cid:
                    return card
        assert self.game is not None
        return self.game.new_card(cid)

    def monster(self, word: str) -> MonsterInst:
        assert self.game is not None
        combat = self.game.combat
        if combat is None:
            raise ScenarioError("no combat is open")
        w = word.casefold()
        for m in combat.live_monsters():
            if w in (m.card.id, m.card.name.casefold()):
                return m
        raise ScenarioError(f"no monster '{word}' in the fight")

    # -------------------------------------------------------- setup
    def build(self) -> None:
        seed: Any = 0
        ruleset = self.ruleset
        ruleset_line: Line | None = None
        rolls: list[int] = []
        turn: str | None = None
        optional: list[str] = []
        people: list[tuple[str, str, Line]] = []
        extra: list[tuple[str, str, Line]] = []
        for ln in self.sc.setup:
            self._cur = ln
            low = ln.text.casefold()
            if low.startswith("player "):
                head, _, rest = ln.text[7:].partition(":")
                people.append((head.strip(), rest, ln))
                continue
            key, _, value = ln.text.partition(":")
            key = key.strip().casefold()
            if key == "seed":
                seed = value.strip()
            elif key == "ruleset":
                ruleset, ruleset_line = value.strip(), ln
            elif key == "rolls":
                rolls = [self._int(x, ln, "a die result") for x in value.split()]
            elif key == "turn":
                turn = value.strip()
            elif key == "rules":  # optional rules of the ruleset: faster-play, epic...
                optional = [w for w in re.split(r"[,\s]+", value.strip()) if w]
            elif key == "packs":
                self._use_other_packs(value, ln)
            else:
                extra.append((key, value, ln))
        if not people:
            raise ScenarioError("the scenario has no `player NAME: ...` line")
        try:
            self.game = Game(self.data, [n for n, _, _ in people], seed=seed,
                             ruleset=ruleset, policy=ScriptPolicy(), debug=True,
                             deck_copies=3, deal=False, optional_rules=optional)
        except UnknownRuleset as exc:
            self._cur = ruleset_line or self._cur
            raise ScenarioError(f"{exc}" + (f"; did you mean '{exc.suggestions[0]}'?"
                                            if exc.suggestions else "")) from exc
        self.game.forced_rolls = rolls
        if turn is not None:
            self.game.state.current = self.player(turn).seat
        for name, rest, ln in people:
            self._cur = ln
            self._setup_player(self.game.state.player(name), rest, ln)
        for key, value, ln in extra:
            self._cur = ln
            st = self.game.state
            if value.strip().casefold() == "empty":  # `treasure deck: empty`
                st.decks[key.split()[0]] = []
                continue
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

    def _use_other_packs(self, value: str, ln: Line) -> None:
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
                for w in words:
                    self._trait(p, w, ln)
                continue
            entry, phrase, width = found
            getattr(self, "_attr_" + entry.handler)(p, phrase, words[width:], ln)
        g.equip(p)

    def _attr_level(self, p: Player, phrase: str, args: list[str], ln: Line) -> None:
        """A level the game can hold (1 to the winning level): outside it the engine's own
        invariants would break at the first action, as an internal error (fuzzing found
        `level 55`)."""
        word = args[0] if args else ""
        level = self._int(word, ln, "a level")
        assert self.game is not None
        top = self.game.rules.win_level
        if not 1 <= level <= top:
            words = ln.text.split()
            raise ScenarioSyntaxError("S011", f"level {level} is outside this game's levels "
                                      f"(1 to {top})", words.index(word),
                                      f"write a level from 1 to {top}")
        p.level = level

    def _int(self, word: str, ln: Line, what: str) -> int:
        """A number in a setup line, or S011 with the caret under the word."""
        if re.fullmatch(r"-?\d+", word):
            return int(word)
        words = ln.text.split()
        index = words.index(word) if word in words else len(words)
        raise ScenarioSyntaxError("S011", f"expected a number ({what}), got "
                                  f"'{word or 'nothing'}'", index,
                                  "write the number in digits, e.g. `level 4`, `rolls: 3 5`")

    def _attr_sex(self, p: Player, phrase: str, args: list[str], ln: Line) -> None:
        p.sex = phrase

    def _attr_dead(self, p: Player, phrase: str, args: list[str], ln: Line) -> None:
        p.dead = True

    def _attr_wears(self, p: Player, phrase: str, args: list[str], ln: Line) -> None:
        assert self.game is not None
        p.items += [self.game.new_card(self.card_id(w, ln)) for w in args]
        self.game.equip(p)

    def _attr_carries(self, p: Player, phrase: str, args: list[str], ln: Line) -> None:
        self._attr_wears(p, phrase, args, ln)
        for card in p.items[len(p.items) - len(args):]:  # by choice: equip() leaves them
            card.worn = False
            card.benched = True

    def _attr_hand(self, p: Player, phrase: str, args: list[str], ln: Line) -> None:
        assert self.game is not None
        p.hand += [self.game.new_card(self.card_id(w, ln)) for w in args]

    def _attr_curse(self, p: Player, phrase: str, args: list[str], ln: Line) -> None:
        assert self.game is not None
        p.curses += [self.game.new_card(self.card_id(w, ln)) for w in args]

    def _attr_sidekick(self, p: Player, phrase: str, args: list[str], ln: Line) -> None:
        assert self.game is not None
        p.sidekicks += [self.game.new_card(self.card_id(w, ln)) for w in args]

    def _attr_traits(self, p: Player, phrase: str, args: list[str], ln: Line) -> None:
        for w in args:
            self._trait(p, w, ln)

    def _trait(self, p: Player, word: str, ln: Line) -> None:
        g = self.game
        assert g is not None
        try:
            cid = self.card_id(word, ln, ("race", "class"))
        except ScenarioError:
            rs = g.rules.ruleset
            known = {n.casefold(): n for n in (*rs.races, *rs.classes)}
            if word.casefold() in known:
                p.bare_traits.add(known[word.casefold()])
                return
            close = scenario_words.suggest("attribute", [word])
            raise ScenarioError(f"'{word}' is no race or class card, no race or class of "
                                f"{rs.id}, nor a player attribute"
                                + (f"; did you mean '{close}'?" if close else "")) from None
        card = g.new_card(cid)
        (p.races if card.kind == "race" else p.classes).append(card)

    # -------------------------------------------------------- steps
    def run(self) -> Result:
        try:
            self.build()
        except (ScenarioError, EngineError, ValueError, IndexError) as exc:
            return self._fail_setup(exc)
        for ln in self.sc.steps:
            try:
                self.step(ln)
            except (ScenarioError, EngineError, AssertionError, InvariantBroken) as exc:
                self.failures.append(f"{ln.file}:{ln.line}: {ln.text}: {exc}")
                self.trace.append(f"  !! {exc}")
                if isinstance(exc, ScenarioError):  # a typo is no missing rule
                    self.broken = True
                if isinstance(exc, ScenarioSyntaxError):
                    self.sink.error(exc.code, str(exc), ln.word_span(exc.word, exc.width),
                                    exc.hint)
                elif isinstance(exc, ScenarioError):
                    self.sink.error("S010", str(exc), ln.span(0, len(ln.text)),
                                    "names are card ids or card names of the pack, and the "
                                    "players of the `player` lines")
            except (ValueError, IndexError):
                self.broken = True
                msg = "cannot read this line"
                self.failures.append(f"{ln.file}:{ln.line}: {ln.text}: {msg}")
                self.sink.error("S011", msg, ln.span(0, len(ln.text)),
                                "see `munchkin test --help` for the scenario words")
        self._unexpected_manual()
        manual = sorted(self.game.manual_played) if self.game else []
        if self.sc.not_modelled is None:
            return Result(self.sc, not self.failures, self.trace, self.failures, manual)
        if self.broken:  # a typo is no missing rule
            return Result(self.sc, False, self.trace, self.failures, manual)
        if not self.failures:
            self.failures.append(
                f"{self.sc.file}:{self.sc.line}: marked `not modelled: {self.sc.not_modelled}`"
                " but every expectation holds: the engine plays this rule now; remove the "
                "`not modelled:` line")
            return Result(self.sc, False, self.trace, self.failures, manual)
        return Result(self.sc, False, self.trace, self.failures, manual, NOT_MODELLED)

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

    def _fail_setup(self, exc: Exception) -> Result:
        ln = getattr(self, "_cur", None) or Line("", self.sc.file, self.sc.line, 1)
        self.broken = True
        if isinstance(exc, ScenarioSyntaxError):
            self.sink.error(exc.code, str(exc), ln.word_span(exc.word, exc.width), exc.hint)
            self.failures.append(f"{self.sc.file}:{ln.line}: setup: {exc}")
            return Result(self.sc, False, self.trace, self.failures)
        hint = ("write numbers in digits (`level 4`, `rolls: 3 5`)" if isinstance(
            exc, ValueError | IndexError) else "setup words are in `munchkin test --help`")
        self.sink.error("S003", f"bad setup: {exc}", ln.span(0, max(1, len(ln.text))), hint)
        self.failures.append(f"{self.sc.file}:{ln.line}: setup: {exc}")
        return Result(self.sc, False, self.trace, self.failures)

    def _log_since(self, mark: int) -> None:
        assert self.game is not None
        for entry in self.game.state.log[mark:]:
            self.trace.append(f"     {entry}")

    def step(self, ln: Line) -> None:
        """One play or expectation, found in the verb table (data/scenario.toml)."""
        g = self.game
        assert g is not None
        text = ln.text
        self.trace.append(f"{ln.line:>4}  {text}")
        mark = len(g.state.log)
        words = text.split()
        if words[0].casefold() == "expect":
            if len(words) == 1:
                raise ScenarioSyntaxError("S013", "`expect` needs what to expect", 0,
                                          "e.g. `expect strength 7 vs 10`; see "
                                          "docs/scenarios.md")
            self.expect(ln, words[1:])
            return
        found = scenario_words.match("step", words)
        if found is not None:
            self._nothing_after(found[0], words, found[2])
            getattr(self, "_step_" + found[0].handler)()
            self._log_since(mark)
            return
        names = [pl.name for pl in g.state.players]
        if words[0].casefold() not in {n.casefold() for n in names}:
            close = difflib.get_close_matches(
                " ".join(words[:2]).casefold(), [*scenario_words.phrases("step"), "expect"],
                n=1, cutoff=0.6) or difflib.get_close_matches(words[0], names, n=1)
            raise ScenarioSyntaxError(
                "S012", f"'{words[0]}' is no player and no scenario word", 0,
                f"did you mean '{close[0]}'?" if close else
                "a play starts with a player (" + ", ".join(names) + "); other lines start "
                "with `expect`, `resolve` or `next turn`")
        p = self.player(words[0])
        found = scenario_words.match("play", words[1:])
        if found is None:
            verb = scenario_words.suggest("play", words[1:])
            raise ScenarioSyntaxError(
                "S012", f"unknown play '{' '.join(words[1:2]) or '(nothing)'}' after "
                f"{p.name}" if len(words) > 1 else f"{p.name} does what? a play needs a verb",
                1, f"did you mean `{p.name} {verb}`?" if verb else
                "plays are " + ", ".join(scenario_words.phrases("play")))
        entry, _phrase, width = found
        self._nothing_after(entry, words, 1 + width)
        getattr(self, "_play_" + entry.handler)(p, words[1 + width:], ln)
        self._log_since(mark)
        if g.combat is not None:
            self.trace.append(f"     {g.breakdown().text()}")

    @staticmethod
    def _nothing_after(entry: scenario_words.Entry, words: list[str], used: int) -> None:
        """A word after a phrase that takes none (`resolve now`) is an error, not ignored."""
        if entry.no_args and len(words) > used:
            raise ScenarioSyntaxError("S011", f"'{words[used]}' after `{entry.form}`, which "
                                      "takes nothing after it", used,
                                      f"end the line after `{entry.form}` (a comment starts "
                                      "with #)")

    # -------------------------------------------------------- lines without a player
    def _step_resolve(self) -> None:
        g = self.game
        assert g is not None
        self.last_breakdown = g.breakdown()
        self.trace.append(f"     {self.last_breakdown.text()}")
        combat = g.combat
        g.resolve()
        self.last_outcome = combat.outcome if combat else None

    def _step_next_turn(self) -> None:
        g = self.game
        assert g is not None
        for p in g.state.players:
            p.levels_this_turn = 0
        g.start_turn(g.state.players[(g.state.current + 1) % len(g.state.players)])
        self.trace.append(f"     it is {g.state.players[g.state.current].name}'s turn")

    # -------------------------------------------------------- plays (NAME VERB ...)
    def _needs(self, args: list[str], what: str, ln: Line) -> None:
        if not args:
            raise ScenarioSyntaxError("S011", f"{what} is missing", len(ln.text.split()),
                                      "see `munchkin test --help` for the scenario words")

    def _play_fights(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the monster to fight", ln)
        assert self.game is not None
        combat = self.game.start_combat(p, self._card_from(p, args[0], ln))
        self.last_outcome = combat.outcome

    def _play_kicks(self, p: Player, args: list[str], ln: Line) -> None:
        assert self.game is not None
        self.game.replaced_draw = False
        card = self.game.kick_open_door(p)
        if card is None and self.game.replaced_draw:
            self.trace.append(f"     {p.name} draws nothing face up: replaced")
            return
        if card is None:
            raise ScenarioError("the door deck is empty")
        self.trace.append(f"     {p.name} kicks open the door: {card.name}")

    def _play_loots(self, p: Player, args: list[str], ln: Line) -> None:
        assert self.game is not None
        got, face_up = self.game.loot_room(p)
        for card in got if face_up else []:
            self.trace.append(f"     face up: {card.name}")  # revealed by the engine

    def _play_helps(self, p: Player, args: list[str], ln: Line) -> None:
        assert self.game is not None
        m = re.search(r"for (\d+)", " ".join(args))
        self.game.help(p, int(m.group(1)) if m else 0)

    def _play_runs(self, p: Player, args: list[str], ln: Line) -> None:
        g = self.game
        assert g is not None
        rolls = [int(x) for x in re.findall(r"\d+", " ".join(args))]
        combat = g.combat
        result = g.run_away(rolls or None)
        self.last_outcome = combat.outcome if combat else None
        self.trace.append("     " + ", ".join(f"{k}: {v}" for k, v in result.items()))

    def _play_chooses(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the card to choose", ln)
        assert self.game is not None and isinstance(self.game.policy, ScriptPolicy)
        word = args[0].casefold()
        self.game.policy.choices.setdefault(p.name, []).append(
            word if word in ("alone", "no") else f"{word} {args[1]}" if word in (
                "option", "die") and len(args) > 1 else self.card_id(args[0], ln))

    def _play_discards(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the race or class to discard", ln)
        assert self.game is not None
        if [a.casefold() for a in args[1:]] == ["into", "the", "combat"]:
            discard_into_combat(self.game, p, self._card_from(p, args[0], ln))
            return
        self.game.discard_trait(p, self._card_from(p, args[0], ln))

    def _play_leaves(self, p: Player, args: list[str], ln: Line) -> None:
        assert self.game is not None
        self.game.leave_help(p)

    def _play_sells(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the items to sell", ln)
        assert self.game is not None
        cards = [self._card_from(p, w, ln) for w in re.split(r"[,\s]+", " ".join(args)) if w]
        self.game.sell(p, cards)

    def _play_ends(self, p: Player, args: list[str], ln: Line) -> None:
        assert self.game is not None
        self.game.charity(p)

    def _play_equips(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the item to equip", ln)
        assert self.game is not None
        self.game.equip_item(p, self._item_of(p, args[0], ln))

    def _play_unequips(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the item to unequip", ln)
        assert self.game is not None
        self.game.unequip_item(p, self._item_of(p, args[0], ln))

    def _play_opens(self, p: Player, args: list[str], ln: Line) -> None:
        assert self.game is not None
        if not self.game.open_seal(p):
            raise ScenarioError("no Seal opened: the seal deck is empty")

    def _play_dies(self, p: Player, args: list[str], ln: Line) -> None:
        assert self.game is not None
        self.game.kill(p)

    def _item_of(self, p: Player, word: str, ln: Line) -> CardInst:
        """The player's copy of a card, items in play first (a trade or equip names one)."""
        cid = self.card_id(word.strip(","), ln)
        for pile in (p.items, p.hand):
            for card in pile:
                if card.id == cid:
                    return card
        assert self.game is not None
        return self.game.new_card(cid)  # not the player's: the engine refuses it

    def _play_trades(self, p: Player, args: list[str], ln: Line) -> None:
        """`A trades X[, Y] to B [for Z[, W]]` or `A gives X to B`."""
        g = self.game
        assert g is not None
        low = [a.casefold() for a in args]
        if "to" not in low:
            raise ScenarioError("a trade reads `NAME trades CARD to NAME [for CARD]`")
        cut = low.index("to")
        if cut + 1 >= len(args):
            raise ScenarioError("a trade needs the other player after `to`")
        other = self.player(args[cut + 1])
        gives = [w for w in re.split(r"[,\s]+", " ".join(args[:cut])) if w]
        rest = args[cut + 2:]
        takes: list[str] = []
        if rest:
            if rest[0].casefold() != "for":
                raise ScenarioError(f"expected `for CARD` after {other.name}, not '{rest[0]}'")
            takes = [w for w in re.split(r"[,\s]+", " ".join(rest[1:])) if w]
        g.trade(p, [self._item_of(p, w, ln) for w in gives], other,
                [self._item_of(other, w, ln) for w in takes])

    def _target(self, args: list[str]) -> tuple[Player | None, MonsterInst | None, str | None,
                                                   str | None]:
        on_player = on_monster = side = extra = None
        i = 0
        while i < len(args):
            w = args[i].casefold()
            nxt = args[i + 1] if i + 1 < len(args) else ""
            if w == "on" and nxt:
                try:
                    on_player = self.player(nxt)
                except ScenarioError:
                    if nxt.casefold() in ("monster", "the"):
                        side = "monster"
                    else:
                        on_monster = self.monster(nxt)
                i += 2
            elif w == "for" and nxt:
                side = "monster" if nxt.casefold().startswith("monster") else "player"
                i += 2
            elif w == "with" and nxt:
                extra = nxt
                i += 2
            else:
                i += 1
        return on_player, on_monster, side, extra

    def _play_plays(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the card to play", ln)
        g = self.game
        assert g is not None
        card = self._card_from(p, args[0], ln)
        if card not in p.hand and card not in p.in_play():  # a fresh card from the pack
            p.hand.append(card)
        on_player, on_monster, side, extra = self._target(args[1:])
        extra_card = self._card_from(p, extra, ln) if extra else None
        if extra_card is not None and extra_card not in p.hand and extra_card not in p.in_play():
            p.hand.append(extra_card)
        g.play(p, card, on_player=on_player, on_monster=on_monster, side=side,
               extra=extra_card)

    def _play_uses(self, p: Player, args: list[str], ln: Line) -> None:
        self._needs(args, "the ability (its label) or the card to use", ln)
        g = self.game
        assert g is not None
        split = [a.casefold() for a in args]
        cut = len(args)
        for stop in ("discarding", "on", "for"):
            if stop in split:
                cut = min(cut, split.index(stop))
        name = " ".join(args[:cut]).casefold()
        discards: list[CardInst] | None = None
        if "discarding" in split:
            k = split.index("discarding")
            words = [w for w in re.split(r"[,\s]+", " ".join(args[k + 1:])) if w]
            end = next((i for i, w in enumerate(words) if w.casefold() in ("on", "for")),
                       len(words))
            discards = [self._card_from(p, w, ln) for w in words[:end]]
        on_player, on_monster, side, _ = self._target(args[cut:])
        pool = list(p.in_play())
        if g.combat is not None:
            pool += [m.card for m in g.combat.live_monsters()]
        for card in pool:
            for ab in card.data.abilities:
                if (ab.label or "").casefold() == name or (card.id == name and (
                        ab.costs or any(e.optional for e in ab.effects)
                        or ab.timing not in ("continuous", "bad_stuff"))):
                    if card.kind == "monster" and on_monster is None and g.combat:
                        on_monster = next(m for m in g.combat.live_monsters()
                                          if m.card is card)
                    g.use(p, card, ab, discards=discards, on_player=on_player,
                          on_monster=on_monster, side=side)
                    return
        raise ScenarioError(f"{p.name} has no ability '{name}' in play")

    # -------------------------------------------------------- expectations
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

    def _expect_outcome(self, ln: Line, args: list[str]) -> None:
        g = self.game
        assert g is not None
        if not args:
            raise ScenarioSyntaxError("S011", "which outcome?", 2,
                                      "e.g. `expect outcome win` or `expect outcome caught`")
        want = args[0].casefold()
        got = g.combat.outcome if g.combat else g.last_outcome
        self._check(got == want.replace("-", "_"), f"outcome {want}", got)

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

    def _expect_winner(self, ln: Line, args: list[str]) -> None:
        assert self.game is not None
        want = sorted(w.casefold() for w in args if w.casefold() != "and")
        got = sorted(n.casefold() for n in self.game.state.winners)
        self._check(got == want, "winner " + " and ".join(want), got or "none")

    def _expect_no_winner(self, ln: Line, args: list[str]) -> None:
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
    def _expectp_level(self, p: Player, phrase: str, low: list[str], ln: Line) -> None:
        want = self._number(low, 0, ln, "a level")
        self._check(p.level == want, f"{p.name} level {want}", p.level)

    def _expectp_drew(self, p: Player, phrase: str, low: list[str], ln: Line) -> None:
        want = self._number(low, 0, ln, "treasures drawn")
        self._check(p.treasures_drawn == want, f"{p.name} drew {want} treasures",
                    p.treasures_drawn)

    def _expectp_dead(self, p: Player, phrase: str, low: list[str], ln: Line) -> None:
        self._check(p.dead == (phrase == "dead"), f"{p.name} {phrase}",
                    "dead" if p.dead else "alive")

    def _held(self, p: Player) -> list[str]:
        return [c.id for c in [*p.hand, *p.in_play()]]

    def _expectp_has_no(self, p: Player, phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the card", ln)
        cid = self.card_id(low[0], ln)
        self._check(cid not in self._held(p), f"{p.name} has no {low[0]}", self._held(p))

    def _expectp_has(self, p: Player, phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the card", ln)
        cid = self.card_id(low[0], ln)
        self._check(cid in self._held(p), f"{p.name} has {low[0]}", self._held(p))

    def _expectp_lost(self, p: Player, phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the card", ln)
        cid = self.card_id(low[0], ln)
        self._check(cid in p.lost, f"{p.name} lost {low[0]}", p.lost or "nothing lost")

    def _expectp_hand_limit(self, p: Player, phrase: str, low: list[str], ln: Line) -> None:
        assert self.game is not None
        want = self._number(low, 0, ln, "a hand limit")
        got = self.game.rules.hand_limit(p)
        self._check(got == want, f"{p.name} hand limit {want}", got)

    def _expectp_hand(self, p: Player, phrase: str, low: list[str], ln: Line) -> None:
        want = self._number(low, 0, ln, "cards in the hand")
        self._check(len(p.hand) == want, f"{p.name} hand {want}", len(p.hand))

    def _expectp_sex(self, p: Player, phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the sex", ln)
        self._check(p.sex == low[0], f"{p.name} sex {low[0]}", p.sex)

    def _expectp_wears(self, p: Player, phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the item", ln)
        cid = self.card_id(low[0], ln)
        self._check(any(c.id == cid for c in p.worn_items()), f"{p.name} wears {low[0]}",
                    [c.id for c in p.worn_items()])

    def _expectp_carries(self, p: Player, phrase: str, low: list[str], ln: Line) -> None:
        self._needs(low, "the item", ln)
        cid = self.card_id(low[0], ln)
        carried = [c.id for c in p.items if not c.worn]
        self._check(cid in carried, f"{p.name} carries {low[0]}",
                    {"carried": carried, "worn": [c.id for c in p.worn_items()]})


def read_scenario(path: Path, root: Path | None, sink: DiagnosticSink) -> str | None:
    """A scenario file's text, read like a pack file: confined to the pack folder (a symlink
    out, a device, a FIFO or a folder is refused), a BOM dropped, lines cut at \\n, \\r\\n
    and \\r only."""
    try:
        data = read_confined(path, root, name=str(path))
    except Refused as refused:
        sink.error(refused.code, refused.message, Span.point(str(path)), refused.hint)
        return None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        sink.error("S000", f"cannot read the scenario file: not UTF-8 text (byte "
                   f"0x{data[exc.start]:02x})", Span.point(str(path), line),
                   "save the file as UTF-8")
        return None
    return "\n".join(split_lines(text))


def run_file(path: Path, data: EngineData, sink: DiagnosticSink,
             root: Path | None = None, text: str | None = None,
             packs: PackCache | None = None, ruleset: str | None = None) -> list[Result]:
    """Parse and run every scenario of one file (``text`` when the caller read it already);
    ``packs`` caches the other packs `packs:` lines name, across the files of one run;
    ``ruleset`` is played when a scenario names none (default: the data's first pack's)."""
    if text is None:
        text = read_scenario(path, root, sink)
    if text is None:
        return []
    cache = packs if packs is not None else PackCache()
    return [Runner(data, sc, sink, root, cache, ruleset).run()
            for sc in parse(text, str(path), sink)]
