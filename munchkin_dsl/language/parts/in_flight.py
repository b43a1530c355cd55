"""Cards in flight: the card an event is about, named by a line's test.

`when you draw a treasure, if the card just drawn is an item`, `when another player plays
a card, if the card played is a one-shot`, `when another player discards a card, if the
card just discarded is a monster`, `when another player kicks open the door, if the card
just drawn is a monster`: each of these events carries one card, and the line tests it for
its kind or tag.  Which events carry which card is declared here once: the checker refuses
the words at any other event (E221, with the events that carry the card), the lowering
turns the test into a card filter, the engine's condition reads the card the event
carried (``Scope.drawn`` for a draw event, which keeps its card per line; ``Scope.just``
for the others, engine/events.react), and the card text prints the subject's words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from munchkin_dsl.language.parts.drawn import TIMINGS
from munchkin_dsl.language.parts.instead import InsteadOfDrawingADoor, InsteadOfDrawingATreasure


@dataclass(frozen=True, slots=True)
class InFlight:
    """One card in flight: the condition subject naming it, its words, the events that
    carry it and the deck it comes from at each (``""``: any deck)."""

    subject: str
    words: str
    #: timing -> the deck the card comes from there ("": any)
    at: dict[str, str]
    #: where to write the line instead (E221's hint)
    where: str
    #: timing -> the only card kinds on which it carries the card (absent: every kind)
    kinds: dict[str, frozenset[str]] | None = None


#: `when you kick open the door`, `when another player ...`: the door kicked open is drawn
#: face up
KICKS: dict[str, str] = {"when_other_kicks_door": "door", "when_you_kick_door": "door"}

#: `instead of drawing a treasure`: the card about to be drawn, the one the line replaces
REPLACED_DRAWS: dict[str, str] = {InsteadOfDrawingATreasure.timing: "treasure",
                                  InsteadOfDrawingADoor.timing: "door"}

#: the events of a kill that come once its treasures are drawn (engine/monster_outcomes.py,
#: `Combat.spoils`): `the treasures just drawn` names them there.  A card in play's own
#: `on kill` comes before the draw (its levels count toward a win first), a monster's after.
SPOILS_AT: dict[str, str] = {"on_kill": "treasure", "when_defeated": "treasure",
                             "when_other_kills": "treasure", "when_any_kills": "treasure",
                             "next_kill_of_that_player": "treasure", "after_kill": "treasure"}

CARDS: dict[str, InFlight] = {
    "drawn": InFlight(
        "drawn", "the card just drawn",
        {**{t: d for d, t in TIMINGS.items()}, **KICKS, **REPLACED_DRAWS},
        "write the line on a draw event: `when you draw a treasure`, `when you draw a door`, "
        "`when you draw a card`, `when you kick open the door` or `when another player kicks "
        "open the door`, or keep the rule as `manual \"...\"`"),
    "played": InFlight(
        "played", "the card played", {"when_other_plays_card": "",
                                            "when_you_play_card": ""},
        "write the line at `when another player plays a card` (or `the next time another "
        "player plays a card`)"),
    "discarded": InFlight(
        "discarded", "the card just discarded", {"when_other_discards": "",
                                                  "when_you_discard": "",
                                                  "when_any_discards": ""},
        "write the line at `when another player discards a card` (or `the next time another "
        "player discards a card`)"),
    "spoils": InFlight(
        "spoils", "a treasure just drawn", SPOILS_AT,
        "write the line on a kill's event after its treasures are drawn: `the next time "
        "that player kills a monster`, `when another player kills a monster`, `after a "
        "kill`, or a monster's own `on kill` (a card in play's own `on kill` comes before "
        "the draw, so its levels count toward a win with the kill's)",
        {"on_kill": frozenset({"monster"})}),
}

#: the card picks that name the treasures of a kill (language/parts/spoils.py)
SPOIL_PICKS = frozenset({"spoil", "random_spoil", "every_spoil"})

#: the condition subjects that name a card in flight (tested for a card kind or tag)
SUBJECTS: frozenset[str] = frozenset(CARDS)
#: every condition subject that names a card, tested alike for what the card is (a kind,
#: a tag, `big`: `if attached item is big`, `if this card is a weapon`): the cards in
#: flight, the card the line is on, the item an item enhancer is attached to
CARD_SUBJECTS: frozenset[str] = SUBJECTS | {"this", "attached_item"}


def carried_at(timing: str, kind: str | None = None) -> frozenset[str]:
    """The subjects naming a card the ``timing`` event carries (on a ``kind`` card)."""
    return frozenset(s for s, c in CARDS.items() if carries(c, timing, kind))


def carries(flight: InFlight, timing: str, kind: str | None) -> bool:
    """The ``timing`` event carries ``flight``'s card on a ``kind`` card (None: any kind)."""
    only = (flight.kinds or {}).get(timing)
    return timing in flight.at and (only is None or kind is None or kind in only)


#: `cancel this`, `cancel the card` and the like: the card being played is cancelled
#: with `cancel the card played` (`cancel it`) at `when another player plays a card`, before
#: it acts (parts/curse_answers.CancelPlayed), a curse-like card at its own events with
#: `cancel a curse`
CANCEL_WORDS = re.compile(r"\bcancels?\s*$", re.IGNORECASE)
CANCEL_HINT = (
    "a card another player is playing is cancelled before it acts: `when another player "
    "plays a card, if the card played is a one-shot, discard this card: cancel the card "
    "played` (or `cancel it`; where it goes: `..., put it into your hand`, `..., it returns "
    "to its player's hand`); a curse-like card at its own events: `when targeted by curse, "
    "discard this card: cancel a curse`")


def cancel_hint(before: str, found: str) -> str | None:
    """The hint for `cancel it`, `cancel the card played`: what can be cancelled, and the
    answer to a card played that works (None: not that misphrasing)."""
    if CANCEL_WORDS.search(before) and found.casefold() in ("it", "the", "that", "this"):
        return CANCEL_HINT
    return None
