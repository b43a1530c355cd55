"""The words an effect record may hold for who it reaches and what it counts, with what each
means to an engine (the schema and `--explain` print them)."""

from __future__ import annotations

from munchkin_dsl.language import algebra
from munchkin_dsl.language.count_part import meanings

TARGETS: dict[str, str] = {
    "you": "the card's owner (the player who has it in play or played it)",
    "fighter": "the main fighter of the combat",
    "helper": "the helper in the combat",
    "victim": "the player a curse-like card hits, or the player a monster catches",
    "monster": "the monster (for an enhancer: the monster it enhances)",
    "any_player": "one player chosen by whoever plays the card",
    "another_player": "one player other than the owner, chosen by the owner",
    "each_player": "every player (with target_is: every player who is that race/class)",
    "every_other_player": "every player except the victim (or owner)",
    "others_by_level": "every player except the victim (or owner), one after the other, "
                       "highest level first (ties: in turn order)",
    "highest_level": "the player(s) of the highest level",
    "lowest_level": "the player(s) of the lowest level",
    "attached_item": "the item this card is attached to",
    "either_side": "the player side or the monster side, chosen when played",
    "player_side": "the player side of the combat (fighter and helper together)",
    "left_player": "the next living player to the left of the owner (of the victim, for a "
                   "curse-like card): the next seat in turn order",
    "right_player": "the next living player to the right of the owner (of the victim, for a "
                    "curse-like card): the previous seat in turn order",
}

#: the declared selectors (language/parts/selectors.py) that name new players
TARGETS.update({p.target: p.reaches for p in algebra.selector_parts() if p.target not in TARGETS})

#: What `for each ...` counts (the amount building block of a modifier): the count parts
#: (language/parts/counts.py), record word -> what it means to an engine.
COUNTED: dict[str, str] = meanings()
