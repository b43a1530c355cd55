"""`munchkin replay`: re-run a saved bot game action by action."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from munchkin_dsl.commands._common import FORMAT_OPTION, compile_or_exit, echo_text, usage_error


@click.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--update", is_flag=True,
              help="Write the re-run's actions and outcome into FILE (after an intended "
                   "engine change).")
@FORMAT_OPTION
def command(file: str, update: bool, fmt: str) -> None:
    """Re-run the bot game saved in FILE and compare it with the recording.

    FILE is a replay written by `munchkin simulate --check-invariants
    --replays DIR` (a game that broke an invariant or raised) or by
    `munchkin simulate --record-replay`: seed, packs, options and the
    action log.  The game is played again with every invariant checked;
    exit 0 when it takes the same actions to the same end (the same failure
    for a failing game), 1 when it differs (the first differing action is
    shown), 2 on a usage error.

    \b
    Examples:
      munchkin replay replays/replay-munchkin-1.6-0-17.json
      munchkin replay tests/replays/replay-munchkin-1.6-12-0.json --format json
    """
    from munchkin_dsl.engine.replay import FORMAT, compare, run, write

    path = Path(file)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        usage_error(f"cannot read the replay {file}: {exc}")
        return
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or not doc.get("packs"):
        usage_error(f"{file} is not a replay file (format {FORMAT} with its packs)")
        return
    result = compile_or_exit(tuple(doc["packs"]), fmt, "replay", "nothing replayed")
    try:
        got = run(result.data.cards, doc.get("ruleset"), int(doc["players"]), doc["seed"],
                  doc.get("optional_rules", []), bool(doc.get("check_invariants", True)))
    except (KeyError, TypeError, ValueError) as exc:
        usage_error(f"{file}: bad replay field: {exc}")
        return
    cmp = compare(doc, got)
    if update and not cmp.same:
        doc.update(failure=got.failure, winners=got.winners, turns=got.turns,
                   actions=got.actions)
        write(path, doc)
    if fmt == "json":
        click.echo(json.dumps({"same": cmp.same, "message": cmp.message,
                               "first_difference": cmp.first_difference,
                               "recorded": cmp.recorded, "got": cmp.got,
                               "failure": got.failure, "winners": got.winners,
                               "actions": len(got.actions), "updated": update and not cmp.same},
                              ensure_ascii=False, indent=2))
    else:
        echo_text(("same  " if cmp.same else "DIFFERS  ") + cmp.message)
        if update and not cmp.same:
            echo_text(f"updated {file}")
    sys.exit(0 if cmp.same or update else 1)
