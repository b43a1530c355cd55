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

The runner is in parts, one module per kind of line, all over the run's state
(:mod:`.state`): :mod:`.parse` (file -> scenarios), :mod:`.setup` (the ``_attr_`` methods),
:mod:`.plays` (``_play_``/``_step_``) and :mod:`.expectations` (``_expect_``/``_expectp_``);
:class:`Runner` here puts them together and dispatches each step.

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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.engine.game import EngineError
from munchkin_dsl.engine.invariants import InvariantBroken
from munchkin_dsl.scenarios import words as scenario_words
from munchkin_dsl.scenarios.expectations import Expectations
from munchkin_dsl.scenarios.packs import PackCache
from munchkin_dsl.scenarios.parse import (
    SETUP_KEYS,
    Line,
    Scenario,
    ScenarioError,
    ScenarioSyntaxError,
    parse,
    read_scenario,
)
from munchkin_dsl.scenarios.plays import Plays, ScriptPolicy
from munchkin_dsl.scenarios.setup import Setup

__all__ = ["FAILED", "NOT_MODELLED", "PASSED", "SYNTAX", "Line", "Result", "Runner",
           "Scenario", "ScenarioError", "ScenarioSyntaxError", "ScriptPolicy", "parse",
           "read_scenario", "run_file"]

#: the language in one screen, printed by `munchkin test --help` (from data/scenario.toml)
SYNTAX = scenario_words.syntax()
#: the setup keys under their old name (the editor's grammar test reads them here)
_SETUP_KEYS = SETUP_KEYS


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


class Runner(Setup, Plays, Expectations):
    """Runs one scenario against compiled cards, collecting a trace and failures."""

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


def run_file(path: Path, data: EngineData, sink: DiagnosticSink,
             root: Path | None = None, text: str | None = None,
             packs: PackCache | None = None, *, ruleset: str | None = None) -> list[Result]:
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
