"""Where each clause of an effect line belongs: before the ':' or after it.

Shared by the checker (which reports a misplaced clause) and the lowering (which
reads the clauses by role), so the two can never disagree.
"""

from __future__ import annotations

from munchkin_dsl import data
from munchkin_dsl.language import algebra
from munchkin_dsl.language.nodes import Card, Clause, EffectLine
from munchkin_dsl.language.registry import cost_phrases, effect_kind_of

#: Clause kinds that say when / at what cost; they belong before the ':'.
WHEN_KINDS = frozenset({"timing", "frequency", "roll", "condition",
                        *(p.kind for p in algebra.duration_parts())})
#: Clause kinds that may stand on either side: a cost before the ':', an effect after.
EITHER_KINDS = cost_phrases()

#: How a clause kind is named to an author.
CLAUSE_WORDS: dict[str, str] = {
    "timing": "a timing", "frequency": "a frequency", "roll": "a die roll",
    "condition": "a condition",
    **{p.kind: p.summary.split(":")[0] for p in algebra.duration_parts()},
    **{p.kind: p.cost_words for p in algebra.cost_parts()},  # `discard 2 cards`, `remove ...`
}


def effect_kind(clause: Clause) -> str:
    """The engine effect kind a clause after the ':' compiles to (from the registry)."""
    kind = effect_kind_of(clause.kind)
    if kind is None:
        raise KeyError(f"phrase {clause.kind!r} is not an effect")
    return kind


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
        if clause.kind == "roll" and clause.on_roll is not None:  # `on 3 to 5 nothing`
            continue
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
    timing: str = data.kinds()[card.kind]["timing"]
    return timing
