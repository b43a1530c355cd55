"""Engine side of the lasting state (language/parts/lasting.py): markers, counters, skips.

A player's ``markers`` hold what lasting effects left on them (`marker` for `put a marker
on`, `skip_turn`, `skip_kick`); a card's ``counters`` what `put a counter on this` put on
it.  The effects add to them and say so in the trace; the moments that read them are
here too, called from the turn and the fight: a turn that begins for a player who lost it
passes on, a kick open the door that is skipped does not happen, a help that is banned is
refused.  A help ban lasts for the open fight only (kept in the fight's ``used`` keys).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.compiler.effects import EFFECTS_BY_KIND, Ability
from munchkin_dsl.engine import counters, help_bans
from munchkin_dsl.engine.outcome import Outcome
from munchkin_dsl.engine.state import Combat, GameState, Lasting, Player, ScopedMark
from munchkin_dsl.language.parts.durations import MOMENT_ENDS

#: marker key -> how the trace says it
MARKER_WORDS = {"marker": "marker(s)", "skip_turn": "turn(s) to skip",
                "skip_kick": "kick(s) open the door to skip",
                "skip_trouble": "look(s) for trouble to skip", "skip_loot": "loot(s) to skip",
                "skip_charity": "charity phase(s) to skip",
                "kept_hand": "turn(s) keeping the whole hand",
                "no_trouble": "turn(s) without looking for trouble",
                "no_treasures": "won fight(s) without treasures",
                "no_level": "kill(s) without a level"}


def _ban_key(player: Player) -> str:
    return f"no_help:{player.name}"


def add_marker(game: Any, player: Player, key: str, count: int = 1) -> None:
    """``count`` markers of ``key`` on ``player``, said in the trace with the new total."""
    player.markers[key] = player.markers.get(key, 0) + count
    game.note(f"{player.name} now has {player.markers[key]} {MARKER_WORDS[key]}")


def take_marker(game: Any, player: Player, key: str) -> bool:
    """Spend one ``key`` marker of ``player`` (False: none)."""
    if not player.markers.get(key):
        return False
    player.markers[key] -= 1
    if not player.markers[key]:
        del player.markers[key]
    game.note(f"{player.name} spends a {key.replace('_', ' ')} marker")
    return True


def skipped_turn(game: Any, player: Player) -> Player:
    """Whose turn it really is when ``player``'s would begin: a player with a turn to skip
    is passed over (one marker spent per turn passed), the next seat in turn."""
    state: GameState = game.state
    seats = len(state.players)
    for _ in range(seats):
        if not take_marker(game, player, "skip_turn"):
            return player
        game.note(f"{player.name} loses this turn")
        player = state.players[(player.seat + 1) % seats]
    return player


def skips_kick(game: Any, player: Player) -> bool:
    """The player's kick open the door does not happen (a marker spent)."""
    if take_marker(game, player, "skip_kick"):
        game.note(f"{player.name} skips kicking open the door")
        return True
    return False


def help_banned(combat: Combat) -> bool:
    """Nobody may help the fighter of this fight (`nobody may help`; on a curse with a
    duration, in every fight of its victim while it stays)."""
    return _ban_key(combat.fighter) in combat.used or help_bans.lasting_ban(combat.fighter)


def shown(state: GameState) -> list[str]:
    """The lasting state a scenario's trace shows: markers and counters, by player."""
    out = []
    for p in state.players:
        marks = [f"{n} {MARKER_WORDS[k]}" for k, n in sorted(p.markers.items())]
        marks += [f"{c.name}: {c.counters} counter(s)" for c in p.in_play() if c.counters]
        if marks:
            out.append(f"{p.name}: " + ", ".join(marks))
    return out


def mark(key: str) -> Callable[[Any, Any], Outcome]:
    """The behaviour of an effect that puts ``key`` markers on each player it reaches (a
    skip, `put a marker on`): the effect's ``count``, or one."""
    def apply(eff: Any, ctx: Any) -> Outcome:
        hit = [p for p in ctx.find(eff.target) if not p.dead]
        for p in hit:
            add_marker(ctx.game, p, key, getattr(eff, "count", 1))
            if ctx.until in MOMENT_ENDS:  # `until end of combat, put a marker on ...`
                ctx.game.state.scoped_marks.append(ScopedMark(
                    p, key, getattr(eff, "count", 1), ctx.until, ctx.owner, ctx.game.state.turn))
        return Outcome(bool(hit))
    return apply


def _no_help(_eff: Any, ctx: Any) -> Outcome:
    combat = ctx.game.state.combat
    if combat is None or _ban_key(combat.fighter) in combat.used:
        return Outcome(False)
    combat.used.add(_ban_key(combat.fighter))
    ctx.game.note(f"{combat.fighter.name} cannot ask for help in this combat")
    if combat.helper is not None:  # played after the help was given: the helper leaves
        ctx.game.note(f"{combat.helper.name} stops helping")
        combat.helper, combat.helper_share = None, 0
    return Outcome(True)


def _add_counter(eff: Any, ctx: Any) -> Outcome:
    card, owner = ctx.card, ctx.owner
    if card is None or owner is None or card not in owner.in_play():
        return Outcome(False)
    card.counters += eff.count
    ctx.game.note(f"{card.name} now has {card.counters} counter(s)")
    counters.added(ctx.game, owner, card)  # `when this has 3 counters: ...`
    return Outcome(True)


def _next_combat(eff: Any, ctx: Any) -> Outcome:
    """`-2 to every other player in their next combat`: an `until end of next combat: -2 to
    you` entry on each player reached, not counted in (nor ended by) the fight open now."""
    if ctx.card is None:
        return Outcome(False)
    strength: Any = EFFECTS_BY_KIND["strength"]  # a generated record: fields by name
    line = Ability(timing="in_combat", effects=(strength(amount=eff.amount, target="you"),),
                   until="end_of_next_combat")
    hit = ctx.find(eff.target)
    for p in hit:
        p.lasting.append(Lasting(ctx.card, line, p, ctx.game.state.turn,
                                 since=ctx.game.state.combat))
        ctx.game.note(f"{ctx.card.name}: {eff.amount:+d} for {p.name} in their next combat")
    return Outcome(bool(hit))


#: Effect kind -> behaviour.
BEHAVIOURS: dict[str, Callable[[Any, Any], Outcome]] = {
    "skip_turn": mark("skip_turn"),
    "skip_kick": mark("skip_kick"),
    "add_marker": mark("marker"),
    "no_help": _no_help,
    "add_counter": _add_counter,
    "next_combat_strength": _next_combat,
    "no_treasures_for_it": mark("no_treasures"),
    "no_level_for_it": mark("no_level"),
}


def no_level(game: Any, player: Player) -> bool:
    """The fight ``player`` just won gives them no level for its kill (`gains no level for
    it`: the marker is spent, kill or not)."""
    if take_marker(game, player, "no_level"):
        game.note(f"{player.name} gains no level for this fight")
        return True
    return False


def no_treasures(game: Any, player: Player) -> bool:
    """The fight ``player`` just won gives them no treasures (`draws no treasures for
    it`: the marker is spent)."""
    if take_marker(game, player, "no_treasures"):
        game.note(f"{player.name} draws no treasures for this fight")
        return True
    return False
