"""Bad Stuff as an event of another player: `when another player suffers bad stuff`.

`when another player is caught` misses a monster whose Bad Stuff hits `even on escape`,
and fires although the Bad Stuff was ignored; this event is the Bad Stuff itself: once
per monster whose Bad Stuff hit that player (caught or escaped), after the fight.  The
player's own answer before it hits is the timing `when bad stuff would hit you`
(data/timings.toml, engine/bad_stuff_answers.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.parts.events import REACTION, OtherPlayerEvent


@dataclass(frozen=True, slots=True)
class OtherSuffersBadStuff(OtherPlayerEvent):
    """`when another player suffers bad stuff`: a monster's Bad Stuff hit another player
    (caught, or escaped from a monster whose Bad Stuff hits `even on escape`), not ignored
    nor replaced; once per monster, after the fight."""

    timing: ClassVar[str] = "when_other_bad_stuff"
    carriers: ClassVar[str | tuple[str, ...]] = REACTION
    rule: ClassVar[str] = "t_when_other_bad_stuff"
    syntax: ClassVar[str] = '"when" "another" "player" "suffers" "bad" "stuff"'
    words: ClassVar[str] = "when another player suffers bad stuff"
    summary: ClassVar[str] = ("after a monster's Bad Stuff hit another player (caught, or "
                              "escaped from Bad Stuff `even on escape`), once the fight is over")
    example: ClassVar[str] = "when another player suffers bad stuff: draw 1 door face down"
    means: ClassVar[str] = "bad stuff suffer hit punished other caught escape"
    text: ClassVar[dict[str, str]] = {
        "en": "whenever a monster's Bad Stuff hits another player",
        "ru": "когда другого игрока настигает Непотребство монстра",
        "pl": "gdy innego gracza dosięgną Niemiłe skutki potwora",
    }
