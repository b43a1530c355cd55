"""Another player's run-away roll as an event: `when another player rolls to run away`.

The roll is made and not yet counted: a line there changes it (`-3 to run away`, the
rulebooks' "play when another player rolls to run away: -3 to that roll"), from a card in
play or a one-shot played from the hand (engine/roll_curses.roll_answered).  Kept apart from
events.py for its size.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.parts.events import IN_PLAY_OR_HAND, TABLE_REACTION, OtherPlayerEvent


@dataclass(frozen=True, slots=True)
class OtherRollsToRunAway(OtherPlayerEvent):
    """`when another player rolls to run away`: another player's run-away roll is made and
    not yet counted (once per roll, after their own cards' changes to it): a line there
    changes that roll (`-3 to run away`, the rulebooks' "play when another player rolls to
    run away: -3 to that roll"), before the roll's owner may still pay to mend it."""

    timing: ClassVar[str] = "when_other_rolls_run_away"
    carriers: ClassVar[str | tuple[str, ...]] = TABLE_REACTION
    rule: ClassVar[str] = "t_when_other_rolls_run_away"
    syntax: ClassVar[str] = '"when" "another" "player" "rolls" "to" "run" "away"'
    words: ClassVar[str] = "when another player rolls to run away"
    summary: ClassVar[str] = ("after another player's run-away roll is made, before it counts: "
                              "a change to run away changes that roll")
    example: ClassVar[str] = "when another player rolls to run away: -3 to run away"
    means: ClassVar[str] = "trip run away roll die flee other opponent spoil escape"
    phase: ClassVar[str] = "flight"  # the roll is made: `-3 to run away` changes it
    #: another player's roll: only a change to that roll acts on their flight
    fight_effects: ClassVar[tuple[str, ...]] = ("die_rolls", "run_away")
    no_fight: ClassVar[str] = (
        "this event is another player's run-away roll, and a line at it changes only that "
        "roll (`-3 to run away`); for anything else in their fight, give the line the moment "
        "in combat (a card played into it)")
    refuse: ClassVar[str] = IN_PLAY_OR_HAND.format("another player's run-away roll")
    #: its waiting forms (`the next time that player rolls to run away: the roll fails`, a
    #: one-shot laid ahead on them) are generated (parts/waiting.py); `a player` is not
    #: an event of its own: name whose roll it is
    misphrasings: ClassVar[dict[str, str]] = {
        r"\bthe next time (?:a|any) player rolls to run away\b":
            "the next time another player rolls to run away` (a one-shot laid ahead), `the "
            "next time you roll to run away` (its own player's roll) or `when another player "
            "rolls to run away"}
    refuse_effects: ClassVar[dict[str, str]] = {
        "steal_item": "the roll comes in a fight, and nobody steals during one (no selling, "
                      "trading or stealing in combat); take the item at `when another player "
                      "runs away`, once the fight is over",
    }
    text: ClassVar[dict[str, str]] = {
        "en": "whenever another player rolls to run away",
        "ru": "когда другой игрок бросает кубик, чтобы смыться",
        "pl": "gdy inny gracz rzuca kostką, by uciec",
    }
