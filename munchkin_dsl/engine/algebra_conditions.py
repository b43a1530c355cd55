"""Engine tests of the declared condition parts (language/parts/holdings.py).

One function per predicate, over a player and the compiled condition (its card filter
``value`` and its number ``count``); :func:`munchkin_dsl.engine.combat.conditions_hold`
asks this table for any predicate it does not know itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl.base.rulesets.model import CURSE_KINDS
from munchkin_dsl.compiler.effects import Condition
from munchkin_dsl.engine.state import CardInst, GameState, MonsterInst, Player
from munchkin_dsl.engine.turn_facts import PREDICATES as DID
from munchkin_dsl.language.parts.holdings import (
    DECK_FILTERS,
    FILTER_WORDS,
    HAND_FILTERS,
    SLOT_FILTERS,
    is_title,
    titles,
)


def _big(card: CardInst) -> bool:
    return card.is_big() or bool(card.data.aggregate)


def _goes_up_a_level(data: Any) -> bool:
    """A Go Up a Level card, whatever its title: a Treasure (not an item) whose every rule
    only gains levels (`any time: any player gains 1 level`, `any time: gain 1 level`)."""
    effects = [e for ab in data.abilities for e in ab.effects]
    return (data.deck == "treasure" and data.kind != "item" and bool(effects)
            and all(getattr(e, "kind", None) == "gain_levels" for e in effects))


def _worn_on(slot: str) -> Callable[[CardInst], bool]:
    return lambda card: card.kind == "item" and (card.slot_now() == slot
                                                 or slot in card.data.tags)


def _in_hands(slots: frozenset[str]) -> Callable[[CardInst], bool]:
    return lambda card: card.kind == "item" and card.slot_now() in slots


#: The card filters read from a card's stats or rules, not its tags: `Big items` (the `big`
#: stat, Star Munchkin's `aggregate`), `small items` (the items that are not), a worn slot
#: (`headgear`: the slot the item is worn on now), a Go Up a Level card (its rules)
CATEGORY_FILTERS: dict[str | int, Callable[[CardInst], bool]] = {
    "big": _big, "small": lambda card: card.kind == "item" and not _big(card),
    **{slot: _worn_on(slot) for slot in SLOT_FILTERS},
    **{word: _in_hands(slots) for word, slots in HAND_FILTERS.items()},
    "go_up_a_level": lambda card: _goes_up_a_level(card.data),
}


def matches(card: CardInst, value: str | int | None) -> bool:
    """A card passes a filter: `card` is any card; else its kind or one of its tags, or for
    a race or class card its name (the checker lets a filter name a race or class: `if you
    have a Dwarf in play` is the Dwarf card).

    A filter word that is both a card kind and a tag (`Hireling`: the kind in
    munchkins-and-mazes, a tag on a support card of munchkin-1.6, which has no Hirelings)
    matches either: the compiler reads the word as the kind, so the tag is compared here
    without regard to case (a tag `Hireling` read as the kind id `hireling` was never
    counted, and nothing said so).  `curse` is every curse-like card (a Trap, a Disaster),
    and `trap` / `disaster` name those kinds."""
    if value in (None, "card"):
        return True
    if value in CATEGORY_FILTERS:  # `Big items`, `small items`, `headgear`, Go Up a Level
        return CATEGORY_FILTERS[value](card)
    word = str(value)
    if is_title(word):  # `"Super Munchkin"`: a card of that title in any language, any pack
        named = {n.casefold() for n in card.data.names.values()}
        return any(t.casefold() in named for t in titles(word))
    if word in DECK_FILTERS:  # `a treasure`: a card of the Treasure deck, any kind
        return card.data.deck == word
    if word == "curse" and card.kind in CURSE_KINDS:  # a line's curse-like kind (RULES.md:
        return True  # Star Munchkin's Traps and Apocalypse's Disasters are its curses)
    return card.kind == word or word in card.data.tags or (
        word in FILTER_WORDS and any(t.casefold() == word for t in card.data.tags)) or (
        card.kind in ("race", "class") and card.name == word)


def in_play(p: Player, value: str | int | None, but: CardInst | None = None) -> int:
    """How many of the player's cards in play (curses on the player included) pass, but
    ``but`` (a count's `other`: the card the line is on)."""
    return sum(1 for c in p.in_play() if matches(c, value) and c is not but)


def _beats_all(p: Player, st: GameState | None, measure: Callable[[Player], int],
               sign: int) -> bool:
    """``p``'s measure is strictly above (``sign`` 1) or below (-1) every other living
    player's (language/parts/standings.py; alone at the table: true)."""
    if st is None:
        return False
    mine = measure(p)
    return all((mine - measure(o)) * sign > 0 for o in st.players if o is not p and not o.dead)


def _worth(p: Player) -> int:
    return sum(i.value for i in p.items)


#: A standings predicate (language/parts/standings.py) -> what it measures of a player (with
#: the condition's filter word) and its sign (1: the most, -1: the fewest).  The selectors
#: of the same standings (parts/standing_selectors.py) read it too: :func:`standing`.
STANDINGS: dict[str, tuple[Callable[[Player, str | int | None], int], int]] = {
    "most_in_play": (in_play, 1), "fewest_in_play": (in_play, -1),
    "most_in_hand": (lambda p, _v: len(p.hand), 1),
    "fewest_in_hand": (lambda p, _v: len(p.hand), -1),
    "most_worth": (lambda p, _v: _worth(p), 1),
    "least_worth": (lambda p, _v: _worth(p), -1),  # `the poorest player` (a selector only)
    "higher_level": (lambda p, _v: p.level, 1), "lower_level": (lambda p, _v: p.level, -1),
}


def _ahead(predicate: str) -> Callable[[Condition, Player, GameState | None], bool]:
    measure, sign = STANDINGS[predicate]
    return lambda c, p, st: _beats_all(p, st, lambda o: measure(o, c.value), sign)


def ahead_of(cond: Condition, p: Player, other: Player) -> bool:
    """`if victim has more cards in hand than you`: ``p``'s standing measure strictly above
    (the most) or below (the fewest) one other player's (a tie: not more)."""
    measure, sign = STANDINGS[cond.predicate]
    return (measure(p, cond.value) - measure(other, cond.value)) * sign > 0


def standing(players: list[Player], predicate: str, value: str | None) -> list[Player]:
    """The players tied at the top (or bottom) of a standing; `the most` with nobody
    holding any: nobody (as `the player with the most items`)."""
    measure, sign = STANDINGS[predicate]
    scores = {id(p): measure(p, value) for p in players}
    best = max((sign * n for n in scores.values()), default=None)
    if best is None or (sign > 0 and best == 0):
        return []
    return [p for p in players if sign * scores[id(p)] == best]


#: Predicate -> test of a player (and the table, for what happened in the fight).
PREDICATES: dict[str, Callable[[Condition, Player, GameState | None], bool]] = {
    "has_in_play": lambda c, p, _st: in_play(p, c.value) >= 1,
    "has_at_least": lambda c, p, _st: in_play(p, c.value) >= (c.count or 0),
    "has_none": lambda c, p, _st: in_play(p, c.value) == 0,
    "hand_at_most": lambda c, p, _st: len(p.hand) <= (c.count or 0),
    "hand_at_least": lambda c, p, _st: len(p.hand) >= (c.count or 0),
    "hand_empty": lambda _c, p, _st: not p.hand,
    "carries_worth": lambda c, p, _st: sum(i.value for i in p.items) >= (c.count or 0),
    "has_worth": lambda c, p, _st: any(matches(i, c.value) and i.value >= (c.count or 0)
                                       for i in p.in_play()),
    "won_by": lambda c, _p, st: st is not None and st.last_margin >= (c.count or 0),
    "has_markers": lambda c, p, _st: p.markers.get("marker", 0) >= (c.count or 0),
    **{predicate: _ahead(predicate) for predicate in STANDINGS},
    **DID,  # `if you helped this turn`
}


def _bad_stuff_takes_levels(_cond: Condition, monster: MonsterInst) -> bool:
    """The monster's Bad Stuff (its own card or an enhancer) takes levels."""
    return any(e.kind == "lose_levels" for card in (monster.card, *monster.all_enhancers())
               for ab in card.data.abilities if ab.timing in ("bad_stuff", "bad_stuff_always")
               for e in ab.effects)


#: Predicate -> test of a monster (declared condition parts with subjects "monster").
MONSTER_PREDICATES: dict[str, Callable[[Condition, MonsterInst], bool]] = {
    "bad_stuff_takes_levels": _bad_stuff_takes_levels,
}


#: Predicate -> test of the card the line is on (language/parts/counters.py).
CARD_PREDICATES: dict[str, Callable[[Condition, CardInst], bool]] = {
    "has_counters": lambda c, card: card.counters >= (c.count or 0),
    "is": lambda c, card: c.value is not None and matches(card, c.value),  # the card drawn
}


def holds_for(cond: Condition, player: Player) -> bool:
    """A condition of the card's owner tested without a fight (the checker lets only
    ``algebra.standing_predicates()`` on `you` stand on such lines)."""
    if cond.predicate in PREDICATES:
        ok = PREDICATES[cond.predicate](cond, player, None)
    elif cond.predicate == "is":
        ok = str(cond.value) in player.traits()
    elif cond.predicate == "level_at_most":
        ok = player.level <= int(cond.value or 0)
    elif cond.predicate == "level_at_least":
        ok = player.level >= int(cond.value or 0)
    else:
        ok = True
    return ok != cond.negated
