"""The words an effect record may hold for who it reaches and what it counts, with what each
means to an engine (the schema and `--explain` print them)."""

from __future__ import annotations

from munchkin_dsl.language import algebra

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

#: What `for each ...` counts (the amount building block of a modifier).
COUNTED: dict[str, str] = {
    "items": "items in play (of for_each_whose; with for_each_tag only those of the tag)",
    "hand": "cards in the hand of for_each_whose",
    "cards": "cards in play of for_each_whose (curses on the player included) whose kind or "
             "tag is for_each_tag",
    "monsters": "monsters in this combat (with for_each_tag only those of the tag)",
    "fighter_level": "the main fighter's level",
    "level": "the level of for_each_whose (you: the card's owner, the fighter on a monster)",
    "level_over": "a difference of levels in this combat, 0 when it is not positive: "
                  "for_each_whose 'monster': the monster's level minus yours; 'you': yours "
                  "minus the monster's (the monster the card is played on, else the first)",
    "gold": "the gold value of the items for_each_whose has in play, added",
    "open_seals": "the Seals open now",
    "other_players": "players other than the card's owner",
    "discarded": "cards discarded into this combat by players not in it (one card each; "
                 "a player may do so only while a card of the fight counts them)",
    "margin": "the margin of the fight just won (the player side's strength minus the "
              "monsters')",
    "dice": "the total of for_each_dice dice rolled when the effect applies",
    "counters": "counters on the card the line is on (`put a counter on this`)",
    "markers": "markers on for_each_whose (`put a marker on ...`)",
}
