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
@click.option("--policy", "policies", multiple=True, metavar="NAME",
              help="The bot policy of the next seat (repeatable, cycled over the seats): "
                   "cautious or aggressive; default: they alternate.")
@click.option("--report", "report_dir", type=click.Path(file_okay=False), default=None,
              metavar="DIR", help="Write the balance report to DIR: report.json, cards.csv, "
                                  "monsters.csv and charts (PNG and SVG); same seed, same "
                                  "bytes.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True,
              help="Where games run: local processes (--jobs), or a Ray cluster (RAY_ADDRESS, "
                   "else a local Ray; pip install 'munchkin-dsl[ray]'); same report.")
@click.option("--house-rule-players", "any_players", is_flag=True,
              help="Allow a player count the ruleset's rulebook does not (a house rule).")
@FORMAT_OPTION
def command(*, packs: tuple[str, ...], games: int, players: int, seed: int, jobs: int,  # noqa: PLR0913 (click passes one argument per option)
            rules: tuple[str, ...], chart: str | None, check: bool, replays: str,
            record: int | None, policies: tuple[str, ...], report_dir: str | None,
            any_players: bool, backend: str, fmt: str) -> None:
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
      munchkin simulate packs/munchkin-1.6 -n 2000 --report balance/ --policy cautious \
        --policy aggressive
      RAY_ADDRESS=ray://head:10001 munchkin simulate packs/munchkin-1.6 -n 1000000 \
        --backend ray --format json

    Decks are the packs' cards, each once, topped up with filler cards drawn from the
    ruleset's deck model (labelled filler in every report).
    """
    if not packs:
        usage_error("no PACK given; try `munchkin simulate packs/munchkin-1.6 --games 100`")
    check_output(chart, stdout_ok=False, why="standard output carries the report")
    from munchkin_dsl.engine.rules import UnknownOptionalRule
    from munchkin_dsl.engine.simulate import simulate, text_report

    result = compile_or_exit(packs, fmt, "simulate", "nothing simulated")
    data = result.data
    ruleset = next((r for p in data.packs for r in p.rulesets), None)
    from munchkin_dsl.engine.backends import BackendUnavailable
    from munchkin_dsl.engine.personas import UnknownPolicy
    from munchkin_dsl.engine.seating import player_count_refusal

    refusal = None if any_players else player_count_refusal(ruleset, players)
    if refusal:
        usage_error(refusal + "; --house-rule-players allows it")
    try:
        rep = simulate(data.cards, ruleset, games, players, seed, jobs, optional_rules=rules,
                       check_invariants=check, policies=policies, backend=backend)
    except (UnknownOptionalRule, UnknownPolicy) as exc:
        usage_error(str(exc))
    except BackendUnavailable as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    if report_dir:
        _write_report(rep, report_dir, data.cards, ruleset)
    if rep.broken or record is not None:
        _save_replays(rep, packs, ruleset, rules, replays, record, cards=data.cards)
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


def _write_report(rep: Report, folder: str, cards: Sequence[CardData],
                  ruleset: str | None) -> None:
    """The balance report to ``folder``, and the cards that stand out on standard error."""
    from munchkin_dsl.engine.deck_model import fill
    from munchkin_dsl.engine.report import standouts, write_report

    ids = sorted(c.id for c in fill(cards, ruleset or "munchkin-1.6"))
    try:
        doc = write_report(rep, ids, folder)
    except OSError as exc:
        click.echo(f"error: cannot write the report to {folder}: {exc}", err=True)
        sys.exit(1)
    lines = standouts(doc)
    click.echo(f"balance report written to {folder}"
               + (": cards that stand out:" if lines else ": no card stands out"), err=True)
    for line in lines:
        click.echo(f"  - {line}", err=True)


def _save_replays(rep: Report, packs: tuple[str, ...], ruleset: str | None,
                  rules: tuple[str, ...], folder: str, record: int | None, *,
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
