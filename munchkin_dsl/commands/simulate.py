"""`munchkin simulate`: bots play full games; report balance figures and outliers."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from munchkin_dsl.commands._common import (
    FORMAT_OPTION,
    check_output,
    compile_or_exit,
    echo_text,
    usage_error,
)

if TYPE_CHECKING:
    from munchkin_dsl.compiler.effects import CardData
    from munchkin_dsl.engine.simulate import Report


@click.command("simulate")
@click.argument("packs", nargs=-1, metavar="PACK...")
@click.option("--games", "-n", type=click.IntRange(1, 10**9), default=100, show_default=True,
              help="How many games to play (streamed: a long run starts at once).")
@click.option("--players", "-p", type=click.IntRange(2, 6), default=4, show_default=True,
              help="Players per game.")
@click.option("--seed", "-s", type=int, default=0, show_default=True,
              help="Game i is seeded (SEED, i): same seed, same report.")
@click.option("--jobs", "-j", type=click.IntRange(1), default=1, show_default=True,
              help="Worker processes; the report does not depend on it.")
@click.option("--rule", "rules", multiple=True, metavar="ID",
              help="Play an optional rule of the ruleset (repeatable): faster-play, epic, "
                   "shared-victory... (`munchkin rules ID` lists them).")
@click.option("--chart", "chart", type=click.Path(dir_okay=False), default=None,
              metavar="PDF", help="Also write the charts (seat win rates, game lengths, "
                                  "monster win and Bad Stuff rates) to this PDF.")
@click.option("--check-invariants", "check", is_flag=True,
              help="Check every invariant after every action (cards in one place and "
                   "their number constant, levels, slot, Big-item and hand limits, fixed "
                   "rules); a game that breaks one or raises is reported and saved as a "
                   "replay file.")
@click.option("--replays", "replays", type=click.Path(file_okay=False), default="replays",
              show_default=True, metavar="DIR",
              help="Where --check-invariants saves the replay of a failing game.")
@click.option("--record-replay", "record", type=click.IntRange(0), default=None,
              metavar="I", help="Also save game I of the run as a replay file in DIR "
                                "(a committed replay pins the engine's behaviour).")
@FORMAT_OPTION
def command(packs: tuple[str, ...], games: int, players: int, seed: int, jobs: int,
            rules: tuple[str, ...], chart: str | None, check: bool, replays: str,
            record: int | None, fmt: str) -> None:
    """Let bots play full games with the packs' cards and report what happened.

    Reports game length, seat win rates, each monster's fight win rate and
    Bad Stuff frequency, items worn in won fights, and outliers: a monster
    nobody beats, an item dominated by another of the same slot and value,
    a card that never matters.  --chart draws the same figures to a PDF
    (same seed, byte-identical file).

    \b
    Examples:
      munchkin simulate packs/munchkin-1.6 --games 200 --players 4 --seed 7
      munchkin simulate packs/munchkin-1.6 -n 1000 --jobs 4 --format json
      munchkin simulate packs/munchkin-1.6 --rule faster-play --rule epic
      munchkin simulate packs/munchkin-1.6 -n 500 --chart report.pdf
      munchkin simulate packs/munchkin-1.6 -n 1000 --check-invariants --replays out/
    """
    if not packs:
        usage_error("no PACK given; try `munchkin simulate packs/munchkin-1.6 --games 100`")
    check_output(chart, stdout_ok=False, why="standard output carries the report")
    from munchkin_dsl.engine.rules import UnknownOptionalRule
    from munchkin_dsl.engine.simulate import simulate, text_report

    result = compile_or_exit(packs, fmt, "simulate", "nothing simulated")
    data = result.data
    ruleset = next((r for p in data.packs for r in p.rulesets), None)
    try:
        rep = simulate(data.cards, ruleset, games, players, seed, jobs, optional_rules=rules,
                       check_invariants=check)
    except UnknownOptionalRule as exc:
        usage_error(str(exc))
    if rep.broken or record is not None:
        _save_replays(rep, packs, ruleset, rules, replays, record, data.cards)
    if chart:
        from munchkin_dsl.engine.chart import write_chart

        try:
            write_chart(rep, chart)
        except OSError as exc:
            click.echo(f"error: cannot write the chart {chart}: {exc}", err=True)
            sys.exit(1)
    if fmt == "json":
        click.echo(json.dumps(rep.to_json(), ensure_ascii=False, indent=2))
    else:
        echo_text(text_report(rep))
    sys.exit(1 if rep.broken else 0)


def _save_replays(rep: Report, packs: tuple[str, ...], ruleset: str | None,
                  rules: tuple[str, ...], folder: str, record: int | None,
                  cards: Sequence[CardData]) -> None:
    """Write a replay file per broken game (and game ``record`` when asked)."""
    from pathlib import Path

    from munchkin_dsl.engine.replay import Run, document, file_name, run, write

    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        click.echo(f"error: cannot create the replay folder {folder}: {exc}", err=True)
        sys.exit(1)
    todo: list[tuple[list[int], Run, dict[str, Any] | None]] = [
        (b["seed"], Run(b["actions"], b["failure"], [], 0), b) for b in rep.broken]
    if record is not None:
        got = run(cards, ruleset, rep.players, (rep.seed, record), rules)
        todo.append(([rep.seed, record], got, None))
    for seed, result, entry in todo:
        path = out / file_name(packs, seed)
        write(path, document(packs, ruleset, rep.players, seed, rules, result))
        if entry is not None:
            entry["replay"] = str(path)
        else:
            click.echo(f"replay of game {seed[1]} written to {path}", err=True)
