"""What a count reads from the table (`for each item you have in play`, `for every 500
gold of items the fighter carries`, `for each level the monster has over you`, `open
seals`): one reading per count part (language/parts/counts.py, counts_fight.py), bound
to it by
``@reads``, read by every amount (a modifier, a numeric effect,
`+1 die for each ...`, a monster's `+1 treasure for every 4 points you won by`) and by the
count conditions (`if there are at least 2 monsters in this combat`).

Apart from the strength arithmetic (:mod:`.combat`) because the conditions
(:mod:`.conditions`) read it too, and they sit below the combat module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from munchkin_dsl.engine.algebra_conditions import in_play, matches
from munchkin_dsl.engine.state import CardInst, Combat, GameState, MonsterInst, Player
from munchkin_dsl.language.count_part import CountPart, count_parts, per_count
from munchkin_dsl.language.parts import counts as pc
from munchkin_dsl.language.parts import counts_fight as fc
from munchkin_dsl.language.parts.counts_players import (
    Players,
    PlayersAbove,
    PlayersBelow,
    PlayersWhoAre,
    PlayersWith,
)


@dataclass(frozen=True, slots=True)
class Where:
    """What one count may read: the table, the fight, whose count it is, the card's
    monster and the card the line is on."""

    eff: Any
    state: GameState
    combat: Combat | None
    whose: Player | None
    you: Player | None
    monster: MonsterInst | None
    card: CardInst | None


Reading = Callable[[Where], int]


#: Record word (``for_each``) -> its reading; filled by ``@reads`` below, one per count part.
READINGS: dict[str, Callable[[Where], int]] = {}


def reads(part: type[CountPart]) -> Callable[[Reading], Reading]:
    """Bind a reading to its count part (language/parts/counts.py): the engine reads the
    record's ``for_each`` by the part's ``count`` word, so no table of kinds is kept here."""
    def bind(reading: Reading) -> Reading:
        READINGS[part.count] = reading
        return reading
    return bind


def _others(w: Where) -> CardInst | None:
    """The card a count leaves out: the one the line is on, for `other` (`for each other
    item you carry`, `for every 1000 gold of other items you carry`); else none."""
    return w.card if w.eff.for_each_other else None


@reads(pc.Items)
def _items(w: Where) -> int:
    tag, own, worth = w.eff.for_each_tag, _others(w), w.eff.for_each_worth
    return sum(1 for c in w.whose.items if matches(c, tag) and c is not own
               and (worth is None or c.value >= worth)) if w.whose else 0


@reads(pc.HandCards)
def _hand(w: Where) -> int:
    return len(w.whose.hand) if w.whose else 0


@reads(pc.CardsInPlay)
def _cards(w: Where) -> int:
    return in_play(w.whose, w.eff.for_each_tag, _others(w)) if w.whose else 0


@reads(fc.Monsters)
def _monsters(w: Where) -> int:
    if w.combat is None:
        return 0
    tag = w.eff.for_each_tag
    return sum(1 for m in w.combat.live_monsters() if (tag is None or tag in m.tags())
               and not (w.eff.for_each_other and m is w.monster))


@reads(fc.FighterLevel)
def _fighter_level(w: Where) -> int:
    return w.combat.fighter.level if w.combat is not None else 0


@reads(pc.Level)
def _level(w: Where) -> int:
    return w.whose.level if w.whose else 0


def _the_monster(w: Where) -> MonsterInst | None:
    """The monster a difference of levels reads: the card's own (the one it is played on),
    else the first monster of the fight."""
    if w.monster is not None:
        return w.monster
    live = w.combat.live_monsters() if w.combat is not None else []
    return live[0] if live else None


@reads(fc.LevelOver)
def _level_over(w: Where) -> int:
    """`for each level the monster has over you` (for_each_whose monster) and `... you have
    over the monster` (you): the difference, 0 when it is not positive or out of a fight."""
    m = _the_monster(w)
    if m is None or w.whose is None:
        return 0
    gap = (m.card.data.level or 0) - w.whose.level
    return max(0, gap if w.eff.for_each_whose == "monster" else -gap)


@reads(pc.Gold)
def _gold(w: Where) -> int:
    own = _others(w)
    return sum(i.value for i in w.whose.items if i is not own) if w.whose else 0


@reads(pc.TableCards)
def _table_cards(w: Where) -> int:
    """`for each curse in play`: every living player's cards of the filter, added."""
    return sum(in_play(p, w.eff.for_each_tag, _others(w)) for p in w.state.players
               if not p.dead)


@reads(pc.OpenSeals)
def _open_seals(w: Where) -> int:
    return len(w.state.open_seals)


@reads(pc.OtherPlayers)
def _other_players(w: Where) -> int:
    me = w.you or (w.combat.fighter if w.combat is not None else None)  # a monster's: fighter
    return sum(1 for p in w.state.players if p is not me and not p.dead)


@reads(Players)
def _players(w: Where) -> int:
    return sum(1 for p in w.state.players if not p.dead)


@reads(PlayersWhoAre)
def _players_who_are(w: Where) -> int:
    """`for each other player who is an Orc`: by the players' traits (races, classes, sex,
    `counts as`), as `if you are an Orc` reads them."""
    me = w.you or (w.combat.fighter if w.combat is not None else None)  # a monster's: fighter
    return sum(1 for p in w.state.players if not p.dead and w.eff.for_each_tag in p.traits()
               and not (w.eff.for_each_other and p is me))


@reads(PlayersWith)
def _players_with(w: Where) -> int:
    """`for each player with a Steed`: the players with a card of the filter in play, as
    `if you have a Steed in play` reads it."""
    me = w.you or (w.combat.fighter if w.combat is not None else None)  # a monster's: fighter
    return sum(1 for p in w.state.players if not p.dead and in_play(p, w.eff.for_each_tag) >= 1
               and not (w.eff.for_each_other and p is me))


def _by_level(w: Where, sign: int) -> int:
    """The living players whose level is above (``sign`` 1) or below (-1) the counted
    player's (``whose``: the owner, or the fighter)."""
    if w.whose is None:
        return 0
    mine = w.whose.level
    return sum(1 for p in w.state.players if not p.dead and (p.level - mine) * sign > 0)


@reads(PlayersAbove)
def _players_above(w: Where) -> int:
    return _by_level(w, 1)


@reads(PlayersBelow)
def _players_below(w: Where) -> int:
    return _by_level(w, -1)


@reads(fc.Discarded)
def _discarded(w: Where) -> int:
    return len(w.combat.discarded_by) if w.combat is not None else 0


#: `for each card played into this combat by ...` (``for_each_whose``) -> whether a card
#: played by ``by`` counts, given the fight and the count's own player ``me`` (the card's
#: owner; on a monster, the fighter)
_PLAYED_BY: dict[str, Callable[[Player | None, Combat, Player | None], bool]] = {
    "anyone": lambda _by, _c, _me: True,
    "you": lambda by, _c, me: by is not None and by is me,
    "fighter": lambda by, c, _me: by is c.fighter,
    "helper": lambda by, c, _me: by is not None and by is c.helper,
    "others": lambda by, _c, me: by is not None and by is not me,
    "not_fighter": lambda by, c, _me: by is not None and by is not c.fighter,
}


@reads(fc.PlayedInto)
def _played_into(w: Where) -> int:
    """The cards played into the fight of the count's kind or tag, by whom it says (each
    card keeps who played it: state.Combat.played_in)."""
    if w.combat is None:
        return 0
    me = w.you or w.combat.fighter  # a monster's `another player`: not the fighter
    by = _PLAYED_BY.get(w.eff.for_each_whose, _PLAYED_BY["anyone"])
    return sum(1 for c in w.combat.cards_played() if matches(c, w.eff.for_each_tag)
               and by(c.played_by, w.combat, me))


@reads(fc.Margin)
def _margin(w: Where) -> int:
    """The fight just won (read on kill: the checker holds it there)."""
    return max(0, w.state.last_margin)


@reads(fc.LostMargin)
def _lost_margin(w: Where) -> int:
    """The fight just lost (read by its Bad Stuff: the checker holds it there)."""
    return max(0, w.state.last_loss)


@reads(fc.Dice)
def _dice(w: Where) -> int:
    """Rolled as the card was played (a monster enhancer's `+2 for each point of a die`)."""
    return w.card.rolled if w.card is not None else 0


@reads(pc.Counters)
def _counters(w: Where) -> int:
    return w.card.counters if w.card is not None else 0  # on this card


@reads(pc.Markers)
def _markers(w: Where) -> int:
    return w.whose.markers.get("marker", 0) if w.whose else 0


_UNREAD = {p.count for p in count_parts()} - set(READINGS)
if _UNREAD:  # a count the engine cannot read would count 0 in silence
    raise ImportError(f"no engine reading for the count(s) {sorted(_UNREAD)}: add "
                      "`@reads(ThePart)` in munchkin_dsl/engine/counts.py")


def per_times(eff: Any, state: GameState, paid: int) -> int:
    """What a `per ...` form multiplies an amount by (1: none): the cards paid for the
    line's cost (`per card`: ``paid``), else its count's reading of the table (`per open
    seal`)."""
    part = per_count(eff)
    if part is None:
        return 1
    if part.paid:
        return paid
    return READINGS[part.count](Where(eff, state, None, None, None, None, None))


def counted(eff: Any, state: GameState, combat: Combat | None, owner: Player | None,
            monster: MonsterInst | None, card: CardInst | None = None) -> int:
    """What `for each ...` multiplies an amount by, read from the table now (``eff``: any
    record with the for_each fields of ``Counting``).

    One function for a bonus read while its card is in play and one played into a
    fight, so `+1 for each item the fighter has in play` means the same either way; the
    count's player is the owner ("you"), or the fighter for `the fighter` and on a card
    with no owner (a monster's own line).
    """
    whose = (combat.fighter if combat is not None and (eff.for_each_whose == "fighter"
                                                       or owner is None) else owner)
    read = READINGS.get(eff.for_each or "")
    return stepped(eff, read(Where(eff, state, combat, whose, owner, monster, card))
                   if read else 0)


def stepped(eff: Any, n: int) -> int:
    """A count read, less its threshold (`beyond the fourth`: the first 4 are left out,
    never below 0), divided by its step (`for every 2`, rounded down): one place, so a
    rolled count and a read one step alike."""
    return max(0, n - int(getattr(eff, "for_each_beyond", 0) or 0)) // max(1, int(eff.for_every))


def lasting_amount(eff: Any, state: GameState, combat: Combat, owner: Player | None,
                   monster: MonsterInst | None, card: CardInst | None = None) -> int:
    """A lasting bonus's amount (run away, `+N to attached item`), counted now when it says
    `for each ...` or `per open seal`: one reader, so no path adds a flat +1 instead."""
    if getattr(eff, "per", None) == "each" or per_count(eff) is not None:
        return scaled_amount(eff, lasting_multiplier(eff, state, combat, owner, monster, card))
    return int(eff.amount)


def lasting_multiplier(eff: Any, state: GameState, combat: Combat, owner: Player | None,
                       monster: MonsterInst | None, card: CardInst | None) -> int:
    """What a lasting bonus's `per` multiplies it by now: its `per` count's reading (`per
    open seal`; a `per card` bonus is never lasting), or its `for each` count."""
    if per_count(eff) is not None:
        return per_times(eff, state, 1)
    return counted(eff, state, combat, owner, monster, card) if eff.per == "each" else 1


def scaled_amount(eff: Any, count: int) -> int:
    """amount x count, held to `up to +N` (or down to `up to -N`)."""
    total = int(eff.amount) * count
    if eff.up_to is not None:
        total = min(total, eff.up_to) if eff.up_to >= 0 else max(total, eff.up_to)
    return total
