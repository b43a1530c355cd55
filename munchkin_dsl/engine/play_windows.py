"""When a card may be played, or an ability used, at all: the timing's window
(data/timings.toml `window`: "combat", "own_combat" (a fight the player is in), "no_combat",
"own_turn", "any").

One table for both questions, so a one-shot's `play outside combat` line and an item's
`outside combat: ...` ability are refused in the same moments: before this module a
card's `play TIMING` stat was printed and never read, and Trip Wire played in a combat
was spent for nothing instead of refused (the held-out set's accepted-but-inert line).
"""

from __future__ import annotations

from munchkin_dsl.engine.state import CardInst, GameState, Player
from munchkin_dsl.language import registry


def window_of(timing: str | None) -> str | None:
    """The window of ``timing`` (None: it has none, or there is no timing)."""
    spec = registry.timings().get(timing or "")
    return spec.window if spec is not None else None


def closed(state: GameState, player: Player, timing: str | None,
           until: str | None = None) -> str | None:
    """Why a card or line with ``timing`` cannot be played or used by ``player`` now (None:
    it can).  ``until`` is the line's duration: one lasting to the end of a combat needs
    one."""
    window = window_of(timing)
    in_combat = state.combat is not None
    if window == "combat" and not in_combat:
        return "can be used only in a combat"
    if window == "own_combat" and (state.combat is None
                                   or player not in state.combat.players()):
        return f"can be used only in a combat {player.name} is in (as fighter or helper)"
    if window == "no_combat" and in_combat:
        return "can be used only outside a combat"
    if not in_combat and until == "end_of_combat":
        return "lasts until the end of a combat: it can be used only in one"
    if window == "own_turn" and state.players[state.current] is not player:
        return f"can be used only on {player.name}'s own turn"
    return None


def as_play(why: str) -> str:
    """A reason :func:`closed` gives, said of playing a card rather than using a line."""
    return why.replace("be used", "be played", 1)


def play_closed(state: GameState, player: Player, card: CardInst) -> str | None:
    """Why ``card``'s `play TIMING` line forbids playing it now (None: it may be played)."""
    why = closed(state, player, card.data.play)
    return as_play(why) if why else None


def playable_in_combat(card: CardInst) -> bool:
    """A card a bot may play into a fight: its `play TIMING` line (if any) allows it."""
    return window_of(card.data.play) not in ("no_combat",)


def opens_in_combat(card: CardInst) -> bool:
    """A card whose `play` line opens a combat to it (`play in combat`, `play any time`):
    an item or an item enhancer, which otherwise waits for the fight to end."""
    return window_of(card.data.play) in ("combat", "own_combat", "any")
