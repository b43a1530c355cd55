"""Where each clause of an effect line belongs: before the ':' or after it.

Shared by the checker (which reports a misplaced clause) and the lowering (which
reads the clauses by role), so the two can never disagree.
"""

from __future__ import annotations

from munchkin_dsl import data
from munchkin_dsl.nodes import Card, Clause, EffectLine

#: Clause kinds that say when / at what cost; they belong before the ':'.
WHEN_KINDS = frozenset({"timing", "frequency", "roll", "condition"})
#: Clause kinds that may stand on either side: a cost before the ':', an effect after.
EITHER_KINDS = frozenset({"discard"})

#: Clause kind -> engine effect kind (effects.py) for the clauses after the ':'.
EFFECT_OF_CLAUSE: dict[str, str] = {
    "treasure_change": "treasure_count",
    "level_gain": "gain_levels",
    "level_loss": "lose_levels",
    "set_level": "set_level",
    "draw": "draw",
    "discard": "discard",
    "death": "die",
    "change_sex": "change_sex",
    "steal_level": "steal_level",
    "steal_item": "steal_item",
    "open_seal": "open_seal",
    "close_seal": "close_seal",
    "auto_escape": "auto_escape",
    "no_escape": "no_escape",
    "win_ties": "win_ties",
    "defeat": "defeat_without_kill",
    "will_not_pursue": "will_not_pursue",
    "force_help": "force_help",
    "wandering": "join_from_hand",
    "horde": "horde",
    "copy_monster": "copy_monster",
    "add_tag": "add_tag",
    "cancel": "cancel",
    "limit": "limit",
    "sell_double": "sell_double",
    "reroll": "reroll",
    "ignore": "ignore",
    "wield": "two_handed_bonus",
    "end_game": "end_game",
}

#: How a clause kind is named to an author.
CLAUSE_WORDS: dict[str, str] = {
    "timing": "a timing", "frequency": "a frequency", "roll": "a die roll",
    "condition": "a condition", "discard": "a discard",
}


def effect_kind(clause: Clause) -> str:
    """The engine effect kind a clause after the ':' compiles to."""
    if clause.kind == "modifier":
        to = clause.get("to")
        if to == "run_away":
            return "run_away"
        if to == "die_rolls":
            return "die_rolls"
        return "strength"
    return EFFECT_OF_CLAUSE[clause.kind]


def split(line: EffectLine) -> tuple[list[Clause], list[Clause], list[Clause]]:
    """(when clauses, effect clauses, misplaced clauses) of one line."""
    misplaced: list[Clause] = []
    when: list[Clause] = []
    effects: list[Clause] = []
    for clause in line.when:
        if clause.kind in WHEN_KINDS or clause.kind in EITHER_KINDS:
            when.append(clause)
        else:
            misplaced.append(clause)
    for clause in line.effects:
        if clause.kind in WHEN_KINDS:
            misplaced.append(clause)
        else:
            effects.append(clause)
    return when, effects, misplaced


def default_timing(card: Card) -> str:
    """The timing of a line that names none: the kind's, except that a card which stays
    in play (persistent, kept after death, attached to an item) acts while in play."""
    stays = {"persistent", "kept_after_death", "attaches"}
    if any(stat.kind in stays for stat in card.stats):
        return "continuous"
    return data.kinds()[card.kind]["timing"]
