"""Engine side of the phase skips (language/parts/phases.py): `skip your next look for
trouble`, `skip your next loot the room`, `skip your next charity`.

Both leave a marker on the player (lasting.add_marker, so the trace and `expect NAME
markers` see it).  A `skip_trouble` marker turns into a ban (`no_trouble`) as the player's
next turn begins and the ban goes as that turn ends: the player may not play a monster
from the hand to fight it (the bots do not try).  A `skip_loot` marker is spent the next
time the player would loot the room, which then draws nothing.  A `skip_charity` marker is
spent the next time the player's charity comes: they keep their whole hand, and a
`kept_hand` marker says so until their turn ends (the hand-limit invariant reads it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine import help_bans, lasting
from munchkin_dsl.engine.outcome import Outcome
from munchkin_dsl.engine.state import Player


def turn_begins(game: Any, player: Player) -> None:
    """The player's turn begins: a `skip_trouble` marker becomes this turn's ban."""
    if lasting.take_marker(game, player, "skip_trouble"):
        lasting.add_marker(game, player, "no_trouble")


def turn_ends(game: Any, player: Player) -> None:
    """The player's turn ends: this turn's ban on looking for trouble goes, and so does the
    leave to keep an over-limit hand."""
    if player.markers.pop("no_trouble", None):
        game.note(f"{player.name} may look for trouble again")
    player.markers.pop("kept_hand", None)


def no_trouble(state: Any, player: Player) -> bool:
    """The player may not look for trouble this turn: a skip's marker, or a ban that
    lasts (`for your next 2 turns: victim cannot look for trouble`)."""
    return bool(player.markers.get("no_trouble")) or help_bans.banned(
        state, player, help_bans.CANNOT_LOOK_FOR_TROUBLE)


def skips_loot(game: Any, player: Player) -> bool:
    """The player's loot the room does not happen: a ban on them while its card stays
    (`for your next 3 turns: victim cannot loot the room`: no marker is spent, so a turn
    with no looting uses nothing up), else a skip's marker spent."""
    if (ban := help_bans.banned_by(game.state, player, help_bans.CANNOT_LOOT)) is not None:
        game.note(f"{player.name} may not loot the room while {ban.name} stays")
        return True
    if lasting.take_marker(game, player, "skip_loot"):
        game.note(f"{player.name} skips looting the room")
        return True
    return False


def skips_charity(game: Any, player: Player) -> bool:
    """The player's charity does not happen (a marker spent): they keep their whole hand
    this turn (``kept_hand``, read by :func:`kept_hand`)."""
    if lasting.take_marker(game, player, "skip_charity"):
        game.note(f"{player.name} skips charity and keeps {len(player.hand)} card(s)")
        player.markers["kept_hand"] = 1
        return True
    return False


def kept_hand(player: Player) -> bool:
    """The player skipped this turn's charity: their hand may stay over the limit."""
    return bool(player.markers.get("kept_hand"))


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Any], Outcome]] = {
    "skip_trouble": lasting.mark("skip_trouble"),
    "skip_loot": lasting.mark("skip_loot"),
    "skip_charity": lasting.mark("skip_charity"),
}
