"""Scenario files (``*.scn``): a starting table, plays, and what must be true after.

A line format rather than TOML because authors write scenarios as a story, one play per
line, in the order of the rulebook's worked example; TOML would push every play into an
array of tables.  The words are fixed and few (see :data:`SYNTAX`); every problem is a
diagnostic with ``file:line:col`` so a typo never shows a Python traceback.

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

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from munchkin_dsl.confine import Refused, read_confined
from munchkin_dsl.diagnostics import DiagnosticSink, Span, split_lines
from munchkin_dsl.effects import CardData
from munchkin_dsl.engine.combat import Breakdown
from munchkin_dsl.engine.effects_apply import Ctx
from munchkin_dsl.engine.game import DefaultPolicy, EngineError, Game
from munchkin_dsl.engine.state import CardInst, MonsterInst, Player
from munchkin_dsl.engine_data import EngineData
from munchkin_dsl.rulesets import UnknownRuleset

SYNTAX = """\
scenario: TITLE                      starts a scenario (a file may hold several)
seed: N | ruleset: ID | rolls: 3 5   setup: RNG seed, ruleset, die results used in order
open seals: A, B, C                  open Seals, the last on top (Apocalypse)
door deck: A, B | treasure deck: ... cards put on top of a deck, the first on top
player NAME: level 4, female, elf, warrior, wears X Y, carries X, hand X Y, curse X,
    sidekick X, dead                 (an indented line continues the one above;
    items X Y: put in play, worn if they fit; carries X: carried sideways by choice)
NAME fights MONSTER                  NAME kicks open the door
NAME plays CARD [on NAME | on MONSTER | for players | for monster | with CARD]
NAME helps [for N treasures]         NAME uses ABILITY [on NAME|MONSTER] [discarding A, B]
NAME runs away [rolling 3 6]         NAME chooses CARD|option N NAME sells A, B
NAME ends turn                       resolve                    next turn (next seat plays)
NAME loots the room                  (a Feline may open a second door face up instead)
NAME trades A[, B] to NAME for C     NAME gives A to NAME       (items in play, not in combat)
NAME equips CARD | NAME unequips CARD   wear or carry an item in play (not in combat)
turn: NAME                           setup: whose turn it is (selling is on your own turn)
expect strength 12 vs 10 | expect outcome win | expect treasures 4 | expect winner NAME
expect NAME level 5 | NAME drew 4 treasures | NAME dead | NAME alive | NAME has [no] X |
    NAME lost X | NAME hand 3 | NAME sex female | NAME hand limit 6 | NAME wears X |
    NAME carries X
expect open seals 4 | expect monsters 2 | expect no winner
expect refused: PLAY                 the engine must reject the play (e.g. over a cost's cap)
expect manual CARD                   CARD takes part and has a rule the engine does not play
                                     (a scenario that plays such a card without it fails)
"""


class ScenarioError(Exception):
    """A step the scenario asked for could not be done (bad name, illegal play)."""


@dataclass
class Line:
    """One logical line: its words and where it starts."""

    text: str
    file: str
    line: int
    column: int

    def span(self, col_offset: int = 0, width: int = 1) -> Span:
        col = self.column + col_offset
        return Span(self.file, self.line, col, self.line, col + width)


@dataclass
class Scenario:
    title: str
    file: str
    line: int
    setup: list[Line] = field(default_factory=list)
    steps: list[Line] = field(default_factory=list)


@dataclass
class Result:
    scenario: Scenario
    passed: bool
    trace: list[str]
    failures: list[str]
    #: cards that took part with a rule the engine did not play (manual steps)
    manual: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"title": self.scenario.title,
                "file": f"{self.scenario.file}:{self.scenario.line}",
                "passed": self.passed, "failures": self.failures, "trace": self.trace,
                "manual": self.manual}


_SETUP_KEYS = ("seed", "ruleset", "rolls", "open seals", "door deck", "treasure deck",
               "seal deck", "turn", "rules")


def parse(text: str, file: str, sink: DiagnosticSink) -> list[Scenario]:
    """Scenario text -> scenarios; problems go to ``sink`` with file:line:col."""
    logical: list[Line] = []
    for number, raw in enumerate(split_lines(text), start=1):
        body = raw.split("#", 1)[0].rstrip()
        if not body.strip():
            continue
        if raw[:1] in (" ", "\t") and logical:
            logical[-1].text += " " + body.strip()
            continue
        col = len(body) - len(body.lstrip()) + 1
        logical.append(Line(body.strip(), file, number, col))
    scenarios: list[Scenario] = []
    for ln in logical:
        low = ln.text.casefold()
        if low.startswith("scenario:"):
            scenarios.append(Scenario(ln.text.split(":", 1)[1].strip() or "untitled", file,
                                      ln.line))
            continue
        if not scenarios:
            sink.error("S001", "a scenario file starts with `scenario: TITLE`", ln.span(),
                       "add a line `scenario: what this checks` before the setup")
            return []
        sc = scenarios[-1]
        if low.startswith("player ") or any(low.startswith(k + ":") for k in _SETUP_KEYS):
            if sc.steps:
                sink.error("S002", "setup lines come before the first play", ln.span(),
                           "move this line above the first play of the scenario")
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
                 sink: DiagnosticSink) -> None:
        self.data = data
        self.sc = scenario
        self.sink = sink
        self.trace: list[str] = []
        self.failures: list[str] = []
        self.cards: list[CardData] = list(data.cards if isinstance(data, EngineData) else data)
        self.game: Game | None = None
        self.last_outcome: str | None = None
        self.last_breakdown: Breakdown | None = None
        self.expected_manual: set[str] = set()

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
        ruleset = None
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
                rolls = [int(x) for x in value.split()]
            elif key == "turn":
                turn = value.strip()
            elif key == "rules":  # optional rules of the ruleset: faster-play, epic...
                optional = [w for w in re.split(r"[,\s]+", value.strip()) if w]
            else:
                extra.append((key, value, ln))
        if not people:
            raise ScenarioError("the scenario has no `player NAME: ...` line")
        try:
            self.game = Game(self.data, [n for n, _, _ in people], seed=seed,
                             ruleset=ruleset, policy=ScriptPolicy(), debug=True,
                             deck_copies=3, deal=False, optional_rules=optional)
        except UnknownRuleset as exc:
            self._cur = ruleset_line
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
            ids = [self.card_id(w, ln) for w in re.split(r"[,\s]+", value.strip()) if w]
            st = self.game.state
            if key == "open seals":
                for cid in ids:
                    st.open_seals.append(self.game.new_card(cid))
            else:
                deck = key.split()[0]
                for cid in reversed(ids):
                    st.decks.setdefault(deck, []).append(self.game.new_card(cid))

    def _setup_player(self, p: Player, rest: str, ln: Line) -> None:
        g = self.game
        assert g is not None
        for clause in (c.strip() for c in rest.split(",")):
            if not clause:
                continue
            words = clause.split()
            head = words[0].casefold()
            args = words[1:]
            if head == "level":
                p.level = int(args[0])
            elif head in ("male", "female"):
                p.sex = head
            elif head == "dead":
                p.dead = True
            elif head in ("wears", "carries", "items"):
                for w in args:
                    card = g.new_card(self.card_id(w, ln))
                    p.items.append(card)
                g.equip(p)
                if head == "carries":  # carried sideways by choice: equip() leaves it
                    for card in p.items[-len(args):]:
                        card.worn = False
                        card.benched = True
            elif head == "hand":
                p.hand += [g.new_card(self.card_id(w, ln)) for w in args]
            elif head in ("curse", "curses"):
                p.curses += [g.new_card(self.card_id(w, ln)) for w in args]
            elif head == "sidekick":
                p.sidekicks += [g.new_card(self.card_id(w, ln)) for w in args]
            elif head in ("race", "class", "is"):
                for w in args:
                    self._trait(p, w, ln)
            else:
                for w in words:
                    self._trait(p, w, ln)
        g.equip(p)

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
            raise ScenarioError(f"'{word}' is no race or class card, no race or class of "
                                f"{rs.id}, nor a player attribute") from None
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
            except (ScenarioError, EngineError, AssertionError) as exc:
                self.failures.append(f"{ln.file}:{ln.line}: {ln.text}: {exc}")
                self.trace.append(f"  !! {exc}")
                if isinstance(exc, ScenarioError):
                    self.sink.error("S010", str(exc), ln.span(0, len(ln.text)))
            except (ValueError, IndexError):
                msg = "cannot read this line"
                self.failures.append(f"{ln.file}:{ln.line}: {ln.text}: {msg}")
                self.sink.error("S011", msg, ln.span(0, len(ln.text)),
                                "see `munchkin test --help` for the scenario words")
        self._unexpected_manual()
        return Result(self.sc, not self.failures, self.trace, self.failures,
                      sorted(self.game.manual_played) if self.game else [])

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
        self.sink.error("S003", f"bad setup: {exc}", ln.span(0, max(1, len(ln.text))))
        self.failures.append(f"{self.sc.file}:{ln.line}: setup: {exc}")
        return Result(self.sc, False, self.trace, self.failures)

    def _log_since(self, mark: int) -> None:
        assert self.game is not None
        for entry in self.game.state.log[mark:]:
            self.trace.append(f"     {entry}")

    def step(self, ln: Line) -> None:
        g = self.game
        assert g is not None
        text = ln.text
        self.trace.append(f"{ln.line:>4}  {text}")
        mark = len(g.state.log)
        words = text.split()
        low = [w.casefold() for w in words]
        if low[0] == "expect":
            self.expect(ln, words[1:])
            return
        if low[0] == "resolve" or text.casefold() == "the fight ends":
            self.last_breakdown = g.breakdown()
            self.trace.append(f"     {self.last_breakdown.text()}")
            combat = g.combat
            g.resolve()
            self.last_outcome = combat.outcome if combat else None
            self._log_since(mark)
            return
        if low[0] == "next" and low[1:] == ["turn"]:
            g.state.turn += 1
            g.state.current = (g.state.current + 1) % len(g.state.players)
            for p in g.state.players:
                p.levels_this_turn = 0
            self.trace.append(f"     it is {g.state.players[g.state.current].name}'s turn")
            return
        p = self.player(words[0])
        verb, args = low[1], words[2:]
        rest = " ".join(args)
        if verb == "fights":
            card = self._card_from(p, args[0], ln)
            combat = g.start_combat(p, card)
            self.last_outcome = combat.outcome
        elif verb == "kicks":
            card = g.kick_open_door(p)
            if card is None:
                raise ScenarioError("the door deck is empty")
            self.trace.append(f"     {p.name} kicks open the door: {card.name}")
        elif verb == "loots":  # NAME loots the room
            got, face_up = g.loot_room(p)
            for card in got if face_up else []:
                self.trace.append(f"     face up: {card.name}")
                g.reveal(p, card)
        elif verb == "plays":
            self._plays(p, args, ln)
        elif verb == "helps":
            m = re.search(r"for (\d+)", rest)
            g.help(p, int(m.group(1)) if m else 0)
        elif verb == "uses":
            self._uses(p, args, ln)
        elif verb == "runs":
            rolls = [int(x) for x in re.findall(r"\d+", rest)]
            combat = g.combat
            result = g.run_away(rolls or None)
            self.last_outcome = combat.outcome if combat else None
            self.trace.append("     " + ", ".join(f"{k}: {v}" for k, v in result.items()))
        elif verb == "chooses":
            assert isinstance(g.policy, ScriptPolicy)
            g.policy.choices.setdefault(p.name, []).append(
                f"option {args[1]}" if args[0] == "option" and len(args) > 1
                else self.card_id(args[0], ln))
        elif verb == "sells":
            cards = [self._card_from(p, w, ln) for w in re.split(r"[,\s]+", rest) if w]
            g.sell(p, cards)
        elif verb == "ends":
            g.charity(p)
        elif verb in ("trades", "gives"):
            self._trades(p, args, ln)
        elif verb == "equips":
            g.equip_item(p, self._item_of(p, args[0], ln))
        elif verb == "unequips":
            g.unequip_item(p, self._item_of(p, args[0], ln))
        elif verb == "opens":
            g.open_seal(p)
        elif verb == "dies":
            g.kill(p)
        else:
            raise ScenarioError(f"unknown play '{words[1]}'; expected fights, plays, helps, "
                                "uses, runs away, chooses, sells, trades, gives, equips, "
                                "unequips, kicks, loots, ends turn")
        if g.combat is not None:
            bd = g.breakdown()
            self._log_since(mark)
            self.trace.append(f"     {bd.text()}")
        else:
            self._log_since(mark)

    def _item_of(self, p: Player, word: str, ln: Line) -> CardInst:
        """The player's copy of a card, items in play first (a trade or equip names one)."""
        cid = self.card_id(word.strip(","), ln)
        for pile in (p.items, p.hand):
            for card in pile:
                if card.id == cid:
                    return card
        assert self.game is not None
        return self.game.new_card(cid)  # not the player's: the engine refuses it

    def _trades(self, p: Player, args: list[str], ln: Line) -> None:
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

    def _plays(self, p: Player, args: list[str], ln: Line) -> None:
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

    def _uses(self, p: Player, args: list[str], ln: Line) -> None:
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
                    if card.kind == "monster" and on_monster is None:
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
        g = self.game
        assert g is not None
        low = [w.casefold() for w in words]
        text = " ".join(low)
        if low[0].rstrip(":") == "refused":
            self._expect_refused(ln, words[1:])
        elif low[0] == "strength":
            nums = [int(x) for x in re.findall(r"-?\d+", text)]
            bd = g.breakdown() if g.combat else self.last_breakdown
            if bd is None:
                raise ScenarioError("no combat to measure")
            self._check((bd.player, bd.monster) == (nums[0], nums[1]),
                        f"strength {nums[0]} vs {nums[1]}", f"{bd.player} vs {bd.monster}")
        elif low[0] == "outcome":
            got = g.combat.outcome if g.combat else g.last_outcome
            self._check(got == low[1].replace("-", "_"), f"outcome {low[1]}", got)
        elif low[0] == "treasures":
            got = g.treasure_total()
            self._check(got == int(low[1]), f"treasures {low[1]}", got)
        elif low[0] == "open" and low[1] == "seals":
            got = len(g.state.open_seals)
            self._check(got == int(low[2]), f"open seals {low[2]}", got)
        elif low[0] == "monsters":
            got = len(g.combat.live_monsters()) if g.combat else 0
            self._check(got == int(low[1]), f"monsters {low[1]}", got)
        elif low[0] == "winner":
            want = sorted(w for w in low[1:] if w != "and")
            got = sorted(n.casefold() for n in g.state.winners)
            self._check(got == want, "winner " + " and ".join(want), got or "none")
        elif low[:2] == ["no", "winner"]:
            self._check(not g.state.winners, "no winner", g.state.winners)
        elif low[0] == "manual":
            if len(words) < 2:
                raise ScenarioError("`expect manual` needs a card: `expect manual CARD`")
            cid = self.card_id(words[1], ln)
            if not g.by_id[cid].manual:
                raise ScenarioError(f"{cid} has no manual rule; remove `expect manual {cid}`")
            self.expected_manual.add(cid)
            self._check(cid in g.manual_played, f"manual step for {cid}", "it took no part")
        else:
            self._expect_player(self.player(words[0]), low[1:], ln)

    def _expect_refused(self, ln: Line, words: list[str]) -> None:
        """`expect refused: PLAY`: the engine must reject the play (and change nothing)."""
        if not words:
            raise ScenarioError("`expect refused:` needs a play after it")
        if words[0].casefold() == "expect":
            raise ScenarioError("`expect refused:` takes a play, not another expectation")
        sub = Line(" ".join(words), ln.file, ln.line, ln.column)
        try:
            self.step(sub)
        except EngineError as exc:
            self._check(True, f"refused: {exc}", None)
            return
        self._check(False, f"the engine to refuse `{sub.text}`", "it was allowed")

    def _expect_player(self, p: Player, low: list[str], ln: Line) -> None:
        g = self.game
        assert g is not None
        what = f"{p.name} " + " ".join(low)
        if low[0] == "level":
            self._check(p.level == int(low[1]), what, p.level)
        elif low[0] == "drew":
            self._check(p.treasures_drawn == int(low[1]), what, p.treasures_drawn)
        elif low[0] in ("dead", "alive"):
            self._check(p.dead == (low[0] == "dead"), what, "dead" if p.dead else "alive")
        elif low[:2] == ["has", "no"]:
            cid = self.card_id(low[2], ln)
            have = [c.id for c in [*p.hand, *p.in_play()]]
            self._check(cid not in have, what, have)
        elif low[0] == "has":
            cid = self.card_id(low[1], ln)
            have = [c.id for c in [*p.hand, *p.in_play()]]
            self._check(cid in have, what, have)
        elif low[0] == "lost":
            cid = self.card_id(low[1], ln)
            self._check(cid in p.lost, what, p.lost or "nothing lost")
        elif low[0] == "hand" and low[1] == "limit":
            got = g.rules.hand_limit(p)
            self._check(got == int(low[2]), what, got)
        elif low[0] == "hand":
            self._check(len(p.hand) == int(low[1]), what, len(p.hand))
        elif low[0] == "sex":
            self._check(p.sex == low[1], what, p.sex)
        elif low[0] == "wears":
            cid = self.card_id(low[1], ln)
            self._check(any(c.id == cid for c in p.worn_items()), what,
                        [c.id for c in p.worn_items()])
        elif low[0] == "carries":
            cid = self.card_id(low[1], ln)
            carried = [c.id for c in p.items if not c.worn]
            self._check(cid in carried, what, {"carried": carried,
                                               "worn": [c.id for c in p.worn_items()]})
        else:
            raise ScenarioError(f"unknown expectation '{' '.join(low)}'")


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
             root: Path | None = None, text: str | None = None) -> list[Result]:
    """Parse and run every scenario of one file (``text`` when the caller read it already)."""
    if text is None:
        text = read_scenario(path, root, sink)
    if text is None:
        return []
    return [Runner(data, sc, sink).run() for sc in parse(text, str(path), sink)]
