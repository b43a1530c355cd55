"""What a scenario run holds (the game, the trace, the failures) and the names a line uses.

Why a base class: setup lines, plays and expectations (:mod:`.setup`, :mod:`.plays`,
:mod:`.expectations`) each read and change the same run, and all look names up the same
way (a card by id or name, a player, a monster in the fight); the :class:`Runner` of
:mod:`.runner` puts the three together.
"""

from __future__ import annotations

from pathlib import Path

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.engine.combat import Breakdown
from munchkin_dsl.engine.game import Game
from munchkin_dsl.engine.state import CardInst, MonsterInst, Player
from munchkin_dsl.scenarios.packs import PackCache
from munchkin_dsl.scenarios.parse import Line, Scenario, ScenarioError, ScenarioSyntaxError


class RunnerState:
    """One scenario's run: its state and the name lookups every kind of line uses."""

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
    def card_id(self, word: str, _ln: Line, kinds: tuple[str, ...] = ()) -> str:
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

    def _needs(self, args: list[str], what: str, ln: Line) -> None:
        if not args:
            raise ScenarioSyntaxError("S011", f"{what} is missing", len(ln.text.split()),
                                      "see `munchkin test --help` for the scenario words")

    def step(self, ln: Line) -> None:
        """One play or expectation (the :class:`Runner` dispatches it)."""
        raise NotImplementedError
