"""Immunities read from a player's table outside the strength arithmetic.

`ignore curses from the door` (Sandals of Protection) acts when a door card comes up
face up, not in a fight, so it is looked up here rather than among a combat's passive
effects; the strength-side immunity (`ignore fire bonuses`) is in
:mod:`munchkin_dsl.engine.combat`, where the breakdown is made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.engine import combat as cb
from munchkin_dsl.engine import durations
from munchkin_dsl.engine.algebra_conditions import matches
from munchkin_dsl.engine.state import CardInst, GameState, Player
from munchkin_dsl.language.parts.holdings import is_title


def _shield(state: GameState, player: Player,
            ignores: Callable[[Any], bool]) -> CardInst | None:
    """The first card ``player`` has in play (a carried item does nothing, like every item
    bonus) with a continuous line whose conditions hold and which has an `ignore` effect
    ``ignores`` accepts; None if there is none.  One lookup for every immunity here."""
    for card in player.in_play():
        if card.kind == "item" and not card.worn:
            continue
        for ab in card.data.abilities:
            if ab.timing != "continuous" or not cb.conditions_hold(
                    ab.conditions, cb.Scope(owner=player, victim=player, card=card), state,
                    state.combat):
                continue
            if any(e.kind == "ignore" and ignores(e) for e in ab.effects):
                return card
    return None


def tag_card_shield(state: GameState, card: CardInst | None, by: Player | None,
                    player: Player) -> CardInst | None:
    """The card in play that makes ``card``, played by ``by``, do nothing to ``player``
    (`ignore fire cards`, C110 Asbestos Suit; None: it acts).  Only another player's card
    is stopped: the holder's own cards of the tag still work.  The strength side of the
    same line is dropped in :mod:`munchkin_dsl.engine.combat` with `ignore TAG bonuses`."""
    if card is None or by is None or by is player:
        return None
    tags = card.data.tags  # a title (`ignore "Duck of Doom" cards`): the card's names
    return _shield(state, player, lambda e: e.what == "tag_cards" and (
        matches(card, e.tag) if is_title(e.tag) else e.tag in tags))


def door_curse_shield(state: GameState, player: Player) -> CardInst | None:
    """The card in play that makes ``player`` ignore a curse drawn face up from the door
    deck (None: the curse lands)."""
    return _shield(state, player, lambda e: e.what == "door_curses" and e.target == "you")


#: who a shield on a card in play names: its holder (a curse's victim)
_HOLDER = (None, "you", "victim")


def curse_shield(state: GameState, player: Player) -> CardInst | None:
    """The card that makes ``player`` ignore every curse-like card played on them (None:
    the curse lands): a card they have in play that says `ignore curses`, or a line kept
    on them for a duration (`until the end of the turn, a player of your choice ignores
    curses`, Grandmother's Soup: engine/durations.py keeps it on the player it names)."""
    card = _shield(state, player, lambda e: e.what == "curses" and e.target in _HOLDER)
    if card is not None:
        return card
    return next((c for e, c, _ab in durations.effects_on(state, player, True)
                 if e.kind == "ignore" and getattr(e, "what", None) == "curses"), None)
