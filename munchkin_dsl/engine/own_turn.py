"""When a card from the hand may go to the table: on the owner's own turn, or as soon as
it is acquired (seed 000 «CLASSES AND RACES», «ITEMS – PLAYING THEM»; seed 001 «Классы и
Расы»; seed 002 «КОГДА ЧТО МОЖНО»; seed 003 «Классы и Расы»; seed 004 «10.7. Klasy»).

Which kinds the rule covers is ruleset data (``own_turn_from_hand``, with its source).
"As soon as acquired" is read as: during the turn in which the card came into the hand.
The engine snapshots every hand when a turn starts (:func:`snapshot`); on a rival's turn a
card that was already in the hand then is refused.  A table set up by a scenario without a
turn start counts every card in a hand as held from before.
"""

from __future__ import annotations

from munchkin_dsl.engine.rules import Rules
from munchkin_dsl.engine.state import CardInst, GameState, Player


def snapshot(st: GameState) -> None:
    """At the start of a turn: the cards each player holds (they are no longer new)."""
    st.hands_at_turn_start = {p.name: frozenset(c.uid for c in p.hand) for p in st.players}


def refusal(st: GameState, rules: Rules, player: Player, card: CardInst) -> str | None:
    """Why ``player`` may not put ``card`` from the hand on the table now (None: they may)."""
    if card not in player.hand or st.players[st.current] is player:
        return None
    kinds = rules.ruleset.raw.get("own_turn_from_hand", ())
    if rules.kind(card.kind) not in kinds:
        return None
    held = st.hands_at_turn_start
    if held is not None and card.uid not in held.get(player.name, frozenset()):
        return None  # acquired during this turn: it may be played at once
    source = rules.ruleset.raw["sources"].get("own_turn_from_hand", "")
    return (f"{card.name} ({card.kind}) may be played from the hand only on "
            f"{player.name}'s own turn or as soon as it is acquired ({source})")
