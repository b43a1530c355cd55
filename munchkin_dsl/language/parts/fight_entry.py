"""A monster coming into a fight, as events: kicked open, or come into a fight you are in.

Two authors' waiting cards met monsters this way: "the next time that player kicks open
the door and finds a monster, that monster gets +5" (Ambush Whistle) and "until the next
monster comes into a combat you are in; that monster gets -4" (Scroll of Forewarning).
`when another player fights a monster` is any fight of theirs (one looked for from the
hand too) and `when you fight a monster` only the fighter's start; these are narrower and
wider:

* `when another player kicks open a monster`: the door another player kicks open is a
  monster, as the fight with it starts (`when you kick open a monster`, `when a player
  kicks open a monster` are its own and anyone's forms, parts/own_events.py);
* `when you face a monster` (`when a monster joins a combat you are in`): a monster comes
  into a fight its owner is in, as the fighter or the helper: the door's monster as the
  fight starts, a monster played into the fight from a hand (a Wandering Monster) or one
  joining it later, and each monster of a fight its owner joins as the helper.

Both come inside the fight with ``monster`` the monster that came (`+5 to monster` is
that one), so a line there changes that fight's strengths, and a card waiting for them
(`the next time that player kicks open a monster: +5 to monster`, parts/waiting.py) acts
in that fight and goes with it (engine/waiting.py, engine/fight.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.algebra import EventPart
from munchkin_dsl.language.parts.events import (
    IN_ANOTHERS_FIGHT,
    IN_PLAY_OR_HAND,
    INTO_THE_FIGHT,
    REACTION,
    OtherPlayerEvent,
)

#: the grammar body of `a monster joins a combat you are in` (after `when`/`the next time`)
JOINS = ('"a" "monster" ("joins" | "enters" | "comes" "into") "a" ("combat" | "fight") '
         '"you" "are" "in"')


@dataclass(frozen=True, slots=True)
class OtherKicksMonster(OtherPlayerEvent):
    """`when another player kicks open a monster`: the door another player kicks open is
    a monster, as the fight with it starts (`monster`: that one)."""

    timing: ClassVar[str] = "when_other_kicks_monster"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_kicks_monster"
    syntax: ClassVar[str] = '"when" "another" "player" "kicks" "open" "a" "monster"'
    words: ClassVar[str] = "when another player kicks open a monster"
    summary: ClassVar[str] = ("the door another player kicks open is a monster, as the fight "
                              "with it starts (`monster`: that one; a strength change goes "
                              "into that fight)")
    example: ClassVar[str] = "when another player kicks open a monster: +2 to monster"
    means: ClassVar[str] = "kick open door finds monster behind ambush reveal other fight"
    misphrasings: ClassVar[dict[str, str]] = {
        r"\b(?P<who>another player|that player|victim) kicks open (?:the |a )?door and "
        r"(?:finds|reveals|meets|it is|draws) a monster\b": "{who} kicks open a monster",
        r"\byou kick open (?:the |a )?door and (?:find|reveal|meet|it is|draw) a monster\b":
            "you kick open a monster"}
    phase: ClassVar[str] = "fight"
    fight_effects: ClassVar[tuple[str, ...]] = INTO_THE_FIGHT
    no_fight: ClassVar[str] = IN_ANOTHERS_FIGHT
    refuse: ClassVar[str] = IN_PLAY_OR_HAND.format("another player's kicked-open monster")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player kicks open the door and finds a monster",
        "ru": "когда другой игрок вышибает дверь и находит за ней монстра",
        "pl": "gdy inny gracz wyważa drzwi i znajduje za nimi potwora",
    }


@dataclass(frozen=True, slots=True)
class YouFace(EventPart):
    """`when you face a monster`: a monster comes into a fight its owner is in (fighter or
    helper), or its owner joins a fight as the helper, once per monster."""

    timing: ClassVar[str] = "when_you_face"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_you_face"
    syntax: ClassVar[str] = f'"when" ("you" "face" "a" "monster" | {JOINS})'
    words: ClassVar[str] = "when you face a monster"
    summary: ClassVar[str] = ("a monster comes into a fight its owner is in, as the fighter or "
                              "the helper: the door's as the fight starts, one played into it "
                              "or joining later, each one of a fight its owner joins as the "
                              "helper (`monster`: that one); also `when a monster joins a "
                              "combat you are in`")
    example: ClassVar[str] = "when you face a monster: -1 to monster"
    means: ClassVar[str] = ("face meet monster joins enters comes into combat fight you are in "
                            "wandering helper forewarning")
    phase: ClassVar[str] = "fight"
    fight_effects: ClassVar[tuple[str, ...]] = INTO_THE_FIGHT
    no_fight: ClassVar[str] = ("this event comes in a fight you are in, and a line at it "
                               "changes only that fight's strengths (`-2 to monster`, `+2 to "
                               "you`) or bans help there (`nobody may help`); for "
                               "anything else in a fight, give the line the moment in combat "
                               "(a card played into it)")
    refuse: ClassVar[str] = IN_PLAY_OR_HAND.format("a monster coming into its owner's fight")
    text: ClassVar[dict[str, str]] = {
        "en": "whenever a monster comes into a combat you are in",
        "ru": "когда в бой, где ты участвуешь, вступает монстр",
        "pl": "gdy do walki, w której bierzesz udział, wchodzi potwór",
    }
