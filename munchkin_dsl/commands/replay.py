"""`munchkin replay`: re-run a saved bot game action by action."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from munchkin_dsl.commands._common import FORMAT_OPTION, compile_or_exit, echo_text, usage_error

#: A replay file is a few hundred kB; anything much larger is not one.
MAX_REPLAY_BYTES = 16 * 1024 * 1024
#: The most packs one replay may name.
MAX_REPLAY_PACKS = 16


def _load(path: Path) -> Any:
    """The replay's JSON, read through the file layer: confined to the file's own folder
    (a symlink out of it is refused, and so are /proc, devices and FIFOs)."""
    from munchkin_dsl.base.files import Refused, read_confined

    try:
        raw = read_confined(path, path.absolute().parent, MAX_REPLAY_BYTES, name=str(path))
        return json.loads(raw.decode("utf-8"))
    except Refused as refused:
        usage_error(f"cannot read the replay: {refused.message}")
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        usage_error(f"cannot read the replay {path}: not JSON text ({exc})")
    return None


#: field -> (test, what it must be): the shape `run` and `compare` rely on
_FIELDS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "packs": (lambda v: isinstance(v, list) and 0 < len(v) <= MAX_REPLAY_PACKS
              and all(isinstance(p, str) and p for p in v),
              f"a list of 1 to {MAX_REPLAY_PACKS} pack paths"),
    "ruleset": (lambda v: v is None or isinstance(v, str), "a ruleset id or null"),
    "players": (lambda v: type(v) is int and 2 <= v <= 64, "a whole number of seats (the "
                "ruleset's table size is checked when the game is set up)"),
    "seed": (lambda v: isinstance(v, list) and len(v) == 2
             and all(type(s) is int and 0 <= s < 2 ** 63 for s in v),
             "two whole numbers from 0"),
    "optional_rules": (lambda v: isinstance(v, list) and all(isinstance(r, str) for r in v),
                       "a list of rule ids"),
    "actions": (lambda v: isinstance(v, list) and all(isinstance(a, str) for a in v),
                "a list of action lines"),
    "winners": (lambda v: isinstance(v, list) and all(isinstance(w, str) for w in v),
                "a list of player names"),
    "failure": (lambda v: v is None or isinstance(v, str), "a message or null"),
}


def replay_problem(doc: Any) -> str | None:
    """What is wrong with a replay document's shape or its packs, or None.

    Each pack must be a pack folder or a ``.munch`` file inside the folder the command
    runs from: a replay someone sent you must not make `munchkin` read (and quote in its
    diagnostics) ``/etc/passwd``.
    """
    from munchkin_dsl.base.diagnostics import escape_controls
    from munchkin_dsl.base.files import is_inside, nameable
    from munchkin_dsl.engine.replay import FORMAT

    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return f'no "format": {FORMAT}'
    for key, (ok, what) in _FIELDS.items():
        if key in doc and not ok(doc[key]) or key == "packs" and key not in doc:
            return f'"{key}" must be {what}'
    for pack in doc["packs"]:
        where = Path(pack)
        shown = escape_controls(pack[:200])
        if not nameable(pack):
            return f"pack '{escape_controls(ascii(pack)[1:-1][:200])}' is no file name"
        if not is_inside(where, Path.cwd()):
            return f"pack '{shown}' is outside the folder the replay is run from"
        try:
            is_pack = where.suffix == ".munch" or (where / "pack.munch").is_file()
        except OSError:  # a name too long for the system
            is_pack = False
        if not is_pack:
            return f"'{shown}' is not a pack (a folder with pack.munch or a .munch file)"
    return None


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
    from munchkin_dsl.engine.interface import EngineError
    from munchkin_dsl.engine.replay import FORMAT, compare, run, write

    path = Path(file)
    doc = _load(path)
    problem = replay_problem(doc)
    if problem:
        usage_error(f"{file} is not a replay file (format {FORMAT}): {problem}")
        return
    result = compile_or_exit(tuple(doc["packs"]), fmt, "replay", "nothing replayed")
    try:
        got = run(result.data.cards, doc.get("ruleset"), int(doc["players"]), doc["seed"],
                  doc.get("optional_rules", []), bool(doc.get("check_invariants", True)))
    except (LookupError, TypeError, ValueError, EngineError) as exc:  # UnknownRuleset too
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
