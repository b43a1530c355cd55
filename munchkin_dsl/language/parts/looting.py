"""The looting of a dead player's body, as an event: `when another player is looted`.

The rulebooks (seed 000 «DEATH», seed 002 «СМЕРТЬ») have the dead player's cards laid
out, every other player takes one, highest level first, and the rest go to the
discards.  `when another player dies` comes after all that (its cards are gone by then,
so `take 1 card at random from that player` there is refused, E221).  A card that gives its player
more of the body (Grave-Robber's Monocle: "you loot one extra card after everyone has
looted one") needs the moment between: each player has taken their card and the rest
still lies with the dead player.  That is this event; `that player` is the dead one, and
what it takes comes out of what is left (engine/seals.kill: the rest is discarded after).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart
from munchkin_dsl.language.parts.events import TABLE_REACTION


@dataclass(frozen=True, slots=True)
class OtherLooted(EventPart):
    """`when another player is looted`: every other living player has looted one card of a
    dead player's body and the rest still lies there, for the cards the living players have
    in play (and a one-shot from the hand)."""

    timing: ClassVar[str] = "when_other_looted"
    carriers: ClassVar[str | tuple[str, ...]] = TABLE_REACTION
    rule: ClassVar[str] = "t_when_other_looted"
    syntax: ClassVar[str] = ('"when" ("another" | "a" "dead") "player" ("is" | "has" "been") '
                             '"looted"')
    misphrasings: ClassVar[dict[str, str]] = {
        r"\bwhen another player dies, (?:after|before) (?:the looting|everyone has looted|"
        r"(?:the|their) body is looted)\b": "when another player is looted",
        r"\bwhen another player'?s body is looted\b": "when another player is looted",
        # no form played on one player: a card laid in front of a player who is then
        # looted lies before a dead one (parts/waiting._NO_THAT)
        r"\bthe next time that player (?:is|has been) looted\b":
            "the next time another player is looted` (any player's body), or `the next time "
            "that player dies"}
    words: ClassVar[str] = "when another player is looted"
    summary: ClassVar[str] = ("whenever another player dies, once every other player has "
                              "looted one card of the body and before the rest is discarded: "
                              "`that player` is the dead one, what a line takes comes from "
                              "what is left")
    example: ClassVar[str] = ("when another player is looted: take 1 card of your choice from "
                              "the hand of that player")
    means: ClassVar[str] = "death dead die loot body extra corpse grave rob take"
    refuse: ClassVar[str] = ("only cards a player has in play, or a one-shot played from the "
                             "hand, take part in another player's looting; the dying "
                             "player's own is `on death`")
    #: the body is being shared out: a card given there reaches nobody who keeps it
    refuse_effects: ClassVar[dict[str, str]] = {
        "give_card": "a card given while a body is looted goes to a dead player or changes "
                     "nothing; take from the body (`take 1 card of your choice from the hand "
                     "of that player`), or give cards away at another moment"}
    text: ClassVar[dict[str, str]] = {
        "en": "when another player dies, after everyone has looted a card from the body",
        "ru": "когда другой игрок погибает, после того как каждый забрал с тела по карте",
        "pl": "gdy inny gracz ginie, po tym jak każdy zabrał z ciała po karcie",
    }
