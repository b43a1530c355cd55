"""Bot games in bulk, and what they say about the cards.

Game ``i`` of a run with seed ``S`` is seeded ``(S, i)`` and its statistics are merged in
game order, so the report is identical whatever the number of worker processes: a
balance regression found on a CI box with 2 cores reproduces on a laptop with 8.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from munchkin_dsl.base.rulesets import load_ruleset
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.engine.bots import Bots
from munchkin_dsl.engine.game import Game
from munchkin_dsl.engine.report import summary_figures
from munchkin_dsl.engine.rules import Rules

MAX_TURNS = 400


def new_game(cards: Sequence[CardData], ruleset: str | None, players: int,
             seed: tuple[int, int], check_invariants: bool = False,
             optional_rules: Sequence[str] = (), *, record: bool = False,
             policies: Sequence[str] = ()) -> tuple[Game, Bots]:
    """A bot game as `simulate` and `replay` set it up: the same seed gives the same game.

    The decks are the packs' cards, each once, topped up with the ruleset's deck model's
    filler cards (engine/deck_model.py).  ``policies`` names each seat's bot (cycled;
    engine/personas.py).  ``check_invariants`` checks every invariant after every action
    (invariants.check_all: levels, every card in exactly one place and their number
    constant, slot and Big-item limits); ``record`` keeps the action log a replay file
    holds."""
    from munchkin_dsl.engine.deck_model import fill
    from munchkin_dsl.engine.personas import seat_personas

    bots = Bots(seat_personas(policies, players))
    game = Game(fill(cards, ruleset or "munchkin-1.6"), players, seed=seed, ruleset=ruleset,
                policy=bots, debug=check_invariants, optional_rules=optional_rules)
    if check_invariants:
        from munchkin_dsl.engine.invariants import zones

        game.card_total = sum(len(c) for _zone, c in zones(game))
    if record:
        game.actions = []
    return game, bots


def play_game(game: Game, bots: Bots, check_invariants: bool = False) -> int:
    """Turns until someone wins or MAX_TURNS; with invariants, each turn's charity must
    leave a legal hand.  Raises whatever the engine raises (InvariantBroken, EngineError)."""
    from munchkin_dsl.engine.invariants import InvariantBroken, hand_problems

    st = game.state
    turns = 0
    while not st.over and turns < MAX_TURNS:
        player = st.players[st.current]
        game.play_turn(bots)
        turns += 1
        if check_invariants:
            problems = hand_problems(game, player)
            if problems:
                raise InvariantBroken(f"invariant broken after turn {turns}: "
                                      + "; ".join(problems))
    return turns


def play_one(cards: Sequence[CardData], ruleset: str | None, players: int,
             seed: tuple[int, int], debug: bool = False,
             optional_rules: Sequence[str] = (), *, policies: Sequence[str] = ()
             ) -> dict[str, Any]:
    """One full bot game; returns plain counters (picklable, mergeable).

    With ``debug`` every invariant is checked after every action; a game that breaks one
    or raises is not an exception here: it comes back with ``failure`` (the error) and
    ``actions`` (its action log), which `simulate` saves as a replay file.  The log is
    written by playing that game again, recording: the engine is deterministic action by
    action (tests/test_replay.py), and logging every game cost 5-8 % of a checked run."""
    from munchkin_dsl.engine.game_stats import collect

    game, bots = new_game(cards, ruleset, players, seed, debug, optional_rules,
                          policies=policies)
    st = game.state
    failure: str | None = None
    actions: list[str] | None = None
    turns = 0
    try:
        turns = play_game(game, bots, debug)
    except Exception as exc:  # noqa: BLE001 - any failure of a checked game is reported
        if not debug:
            raise
        failure = f"{type(exc).__name__}: {exc}"
        turns = st.turn
        again, again_bots = new_game(cards, ruleset, players, seed, debug, optional_rules,
                                     record=True, policies=policies)
        with contextlib.suppress(Exception):  # the same failure, this time logged
            play_game(again, again_bots, debug)
        actions = again.actions
    out: dict[str, Any] = {
        "failure": failure, "actions": actions,
        "turns": turns, "finished": st.over,
        "winners": [p.seat for p in st.players if p.name in st.winners],
        "fights": Counter(), "wins": Counter(), "bad_stuff": Counter(), "items": Counter(),
        "seen": Counter(), "deaths": 0, "manual": Counter(list(game.manual_played)),
        "stats": collect(game, turns),
    }
    for ev in st.events:
        d = ev.data
        if ev.kind == "fight":
            out["fights"][d["monster"]] += 1
            out["wins"][d["monster"]] += int(d["won"])
            out["seen"][d["monster"]] += 1
        elif ev.kind == "bad_stuff":
            out["bad_stuff"][d["monster"]] += 1
        elif ev.kind == "item_won":
            out["items"][d["card"]] += 1
            out["seen"][d["card"]] += 1
        elif ev.kind in ("played", "curse", "discarded_for", "seal_open"):
            out["seen"][d.get("card")] += 1
        elif ev.kind == "death":
            out["deaths"] += 1
    return out


_WORKER: dict[str, Any] = {}


def init_worker(cards: Sequence[CardData], ruleset: str | None, players: int,
          optional_rules: Sequence[str] = (), check: bool = False,
          policies: Sequence[str] = ()) -> None:
    _WORKER.update(cards=cards, ruleset=ruleset, players=players,
                   optional_rules=tuple(optional_rules), check=check,
                   policies=tuple(policies))


def run_seed(seed: tuple[int, int]) -> dict[str, Any]:
    return play_one(_WORKER["cards"], _WORKER["ruleset"], _WORKER["players"], seed,
                    debug=_WORKER["check"], optional_rules=_WORKER["optional_rules"],
                    policies=_WORKER["policies"])


@dataclass
class Report:
    """Merged statistics of a run and the outliers found in them."""

    games: int
    players: int
    seed: int
    turns: list[int] = field(default_factory=list)
    unfinished: int = 0
    seat_wins: Counter[int] = field(default_factory=Counter)
    fights: Counter[str] = field(default_factory=Counter)
    wins: Counter[str] = field(default_factory=Counter)
    bad_stuff: Counter[str] = field(default_factory=Counter)
    items: Counter[str] = field(default_factory=Counter)
    seen: Counter[str] = field(default_factory=Counter)
    #: games in which a card with a rule the engine does not play took part
    manual: Counter[str] = field(default_factory=Counter)
    deaths: int = 0
    outliers: list[str] = field(default_factory=list)
    optional_rules: tuple[str, ...] = ()
    win_level: int = 10
    #: changes of the chosen optional rules the engine does not play (listed, not hidden).
    unplayed: list[str] = field(default_factory=list)
    #: whether every invariant was checked after every action
    checked: bool = False
    #: games that broke an invariant or raised: seed, failure, action log
    broken: list[dict[str, Any]] = field(default_factory=list)
    #: each game's figures (engine/game_stats.py), in game order
    per_game: list[dict[str, Any]] = field(default_factory=list)
    #: each seat's policy name (engine/personas.py)
    policies: tuple[str, ...] = ()
    #: ids of the filler cards the deck model added (engine/deck_model.py)
    filler: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        n = max(1, self.games)
        turns = sorted(self.turns)
        return {
            "games": self.games, "players": self.players, "seed": self.seed,
            "optional_rules": list(self.optional_rules), "winning_level": self.win_level,
            "optional_changes_not_played": self.unplayed,
            "length": {"mean": round(sum(turns) / n, 2), "min": turns[0] if turns else 0,
                       "median": turns[len(turns) // 2] if turns else 0,
                       "max": turns[-1] if turns else 0, "unfinished": self.unfinished},
            "seat_win_rate": {str(s): round(self.seat_wins[s] / n, 4)
                              for s in range(self.players)},
            "monsters": {m: {"fights": self.fights[m],
                             "player_win_rate": round(self.wins[m] / self.fights[m], 4),
                             "bad_stuff_rate": round(self.bad_stuff[m] / self.fights[m], 4)}
                         for m in sorted(self.fights)},
            "items": dict(sorted(self.items.items())),
            "deaths": self.deaths,
            "manual_rules_not_played": dict(sorted(self.manual.items())),
            "outliers": self.outliers,
            "decks": {"filler_cards": len(self.filler), "policies": list(self.policies)},
            "games_like_munchkin": summary_figures(self),
            "invariants": {"checked": self.checked, "broken": [
                {"seed": b["seed"], "failure": b["failure"], "replay": b.get("replay")}
                for b in self.broken]},
        }


def simulate(cards: Sequence[CardData], ruleset: str | None, games: int, players: int,  # noqa: PLR0913 (simulate's command options; keyword-only after the sixth)
             seed: int, jobs: int = 1, *, optional_rules: Sequence[str] = (),
             check_invariants: bool = False, policies: Sequence[str] = (),
             backend: str = "local") -> Report:
    """Play ``games`` bot games; ``optional_rules`` are ids of the ruleset's optional
    rules (faster-play, epic...): an unknown id raises UnknownOptionalRule first.  With
    ``check_invariants`` a game that breaks an invariant or raises is kept in
    ``Report.broken`` with its seed and action log (the caller writes replay files)."""
    opts = tuple(optional_rules)
    rules = Rules(load_ruleset(ruleset or "munchkin-1.6"), optional=opts)
    # Seeds and results are streamed, one game at a time: `-n 100000000` must start
    # playing at once, not first build lists of a hundred million seeds and results.
    from munchkin_dsl.engine.deck_model import fill, is_filler

    deck = fill(cards, ruleset or "munchkin-1.6")  # compiled once, before workers fork
    from munchkin_dsl.engine.backends import run_local, run_ray

    initargs = (tuple(cards), ruleset, players, opts, check_invariants, tuple(policies))
    seeds = ((seed, i) for i in range(games))
    if backend == "ray":  # a cluster run is a sweep of a known size: its list is fine
        results: Iterable[dict[str, Any]] = run_ray(run_seed, init_worker, initargs,
                                                    list(seeds))
    else:
        results = run_local(run_seed, init_worker, initargs, seeds, jobs, games)
    rep = Report(games, players, seed, optional_rules=opts, win_level=rules.win_level,
                 unplayed=rules.unplayed, checked=check_invariants)
    for i, r in enumerate(results):  # in game order: identical for any number of jobs
        _merge(rep, (seed, i), r)
    from munchkin_dsl.engine.personas import seat_personas

    rep.policies = tuple(p.name for p in seat_personas(policies, players))
    rep.filler = tuple(c.id for c in deck if is_filler(c.id))
    rep.outliers = outliers(cards, rep)
    return rep


def _merge(rep: Report, s: tuple[int, int], r: dict[str, Any]) -> None:
    """Add one game's result to the report (in game order: the same for any --jobs)."""
    if r["failure"]:
        rep.broken.append({"seed": list(s), "failure": r["failure"], "actions": r["actions"]})
    rep.turns.append(r["turns"])
    rep.unfinished += 0 if r["finished"] else 1
    for seat in r["winners"]:
        rep.seat_wins[seat] += 1
    for key in ("fights", "wins", "bad_stuff", "items", "seen", "manual"):
        getattr(rep, key).update(r[key])
    rep.deaths += r["deaths"]
    rep.per_game.append(r["stats"])


def outliers(cards: Sequence[CardData], rep: Report) -> list[str]:
    """Monsters nobody beats, items dominated by another, cards that never matter."""
    out: list[str] = []
    for m, n in sorted(rep.fights.items()):
        if n >= 5 and rep.wins[m] == 0:
            out.append(f"monster {m}: nobody beat it in {n} fights")
    items = [c for c in cards if c.kind == "item" and c.bonus is not None]
    for a in items:
        for b in items:
            if a is b or a.slot != b.slot or (a.value or 0) != (b.value or 0):
                continue
            if (b.bonus or 0) > (a.bonus or 0) and not b.usable_by and not b.big and \
                    not a.abilities:
                out.append(f"item {a.id}: dominated by {b.id} (same slot {a.slot}, same "
                           f"value {a.value or 0}, +{b.bonus} against +{a.bonus})")
                break
    for c in cards:
        if rep.games >= 5 and rep.seen[c.id] == 0 and c.deck != "seal":
            out.append(f"card {c.id}: never mattered in {rep.games} games")
    return out


def figure_lines(fig: dict[str, Any]) -> list[str]:
    """How the games went, in two lines (engine/report.py summary_figures)."""
    return [f"turns per player {fig['turns_per_player']:.1f}; ends by: " + ", ".join(
                f"{k} {v:.0%}" for k, v in fig["endings"].items()),
            f"fights won {fig['fights_won']:.0%} of {fig['fights_per_game']:.1f} per game, "
            f"runs away {fig['runs_per_game']:.1f} per game ({fig['escapes']:.0%} escape), "
            f"deaths {fig['deaths_per_game']:.2f} per game; levels per game by source: "
            + ", ".join(f"{k} {v:.1f}" for k, v in fig["levels_per_game"].items())]


def text_report(rep: Report) -> str:
    doc = rep.to_json()
    lines = [f"{rep.games} games, {rep.players} players, seed {rep.seed}"
             + (f", optional rules: {', '.join(rep.optional_rules)} (play to level "
                f"{rep.win_level})" if rep.optional_rules else ""),
             *([f"not played by the engine: {', '.join(rep.unplayed)}"] if rep.unplayed
               else []),
             "game length (turns): mean {mean}, min {min}, median {median}, max {max}, "
             "unfinished {unfinished}".format(**doc["length"]),
             "seat win rates: " + ", ".join(f"seat {int(s) + 1} {v:.1%}"
                                            for s, v in doc["seat_win_rate"].items()),
             f"decks: the packs' cards once each and {len(rep.filler)} filler cards (ids "
             "filler-...) from the ruleset's deck model; policies per seat: "
             + ", ".join(rep.policies),
             *figure_lines(doc["games_like_munchkin"]),
             f"deaths: {rep.deaths}", "",
             "monster                       fights  win%  Bad Stuff per fight"]
    for m, row in doc["monsters"].items():
        lines.append(f"  {m:<28}{row['fights']:>6}  {row['player_win_rate']:>4.0%}  "
                     f"{row['bad_stuff_rate']:>4.0%}")
    lines.append("")
    lines.append("items worn in won fights: " + (", ".join(
        f"{k} {v}" for k, v in doc["items"].items()) or "none"))
    lines.append("")
    if rep.manual:
        lines.append("cards with rules the engine does not play (manual), games they took "
                     "part in: " + ", ".join(f"{k} {v}" for k, v in sorted(rep.manual.items())))
        lines.append("")
    if rep.checked:
        lines.append(f"invariants checked after every action: {len(rep.broken)} game(s) "
                     "broke one" + (":" if rep.broken else ""))
        lines += [f"  - game {b['seed'][1]}: {b['failure']}" + (
            f" (replay: {b['replay']})" if b.get("replay") else "") for b in rep.broken]
        lines.append("")
    lines.append("outliers:" if rep.outliers else "outliers: none")
    lines += [f"  - {o}" for o in rep.outliers]
    return "\n".join(lines)
