"""The probe table of the grammar-driven sweep (tests/grammar_lines.py) and the set-ups it
tries in turn: a generated line's conditions, roll, targets and moment each need some
situation at the table (a helper, a fight already on, a player one level short of winning,
the seats turned, a choice taking its last alternative); a line is proven when one of
them shows its effect.  ``snapshot`` is what a player would see of the game.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from conformance import Table

from munchkin_dsl.base.rulesets import load_ruleset
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.engine import EngineError
from munchkin_dsl.engine.crowd import discard_into_combat
from munchkin_dsl.engine.policy import DefaultPolicy
from munchkin_dsl.engine.state import CardInst, Player
from munchkin_dsl.language.parts import turn_facts
from munchkin_dsl.language.parts.holdings import FILTER_SPELLINGS

if TYPE_CHECKING:
    from grammar_lines import Generated

#: Words a name (WORD) may be: filled from the ruleset; plus one name nothing defines.
UNKNOWN_NAME = "Bloggerz"


@cache
def names(ruleset: str) -> list[str]:
    rs = load_ruleset(ruleset)
    out = [*rs.races, *rs.classes, *rs.tags, *rs.decks, "male", "female", "Undead",
           "Dragon", "fire", UNKNOWN_NAME]
    return sorted(set(out))


#: Table set-ups a probe tries in turn: the line's conditions and roll may need one.
def _plain(t: Table, gen: Generated) -> None:
    return None


def _lucky(t: Table, gen: Generated) -> None:
    t.game.forced_rolls = [6] * 12  # every `roll N+` succeeds


def _unlucky(t: Table, gen: Generated) -> None:
    t.game.forced_rolls = [1] * 12  # every `roll N+` fails: its `otherwise` happens


def _named(t: Table, gen: Generated) -> None:
    """Every player is what the line names (`if fighter is Elf`), the dice are kind."""
    words = set(gen.line.replace(",", " ").replace(":", " ").split())
    for p in (t.a, t.b, t.c):
        p.bare_traits = set(p.bare_traits) | (words & set(names(gen.ruleset)))
    t.game.forced_rolls = [6] * 12


def _helped(t: Table, gen: Generated) -> None:
    """B helps A in every fight (a line about the helper needs one)."""
    assert isinstance(t, Probe)
    t.helped = True
    _named(t, gen)


def _fighting(t: Table, gen: Generated) -> None:
    """A is already fighting, B helping, when the line's moment comes (a card played from
    the hand then reaches `fighter` and `helper`)."""
    _helped(t, gen)
    t.fight()


def _bystander(t: Table, gen: Generated) -> None:
    """A is fighting alone when C, who is not in the fight, is the card's player (the
    table's `a` from here on): `you must help`, `helper takes ...` from a card a
    bystander plays."""
    _named(t, gen)
    t.fight()
    t.a, t.c = t.c, t.a


def _winning(t: Table, gen: Generated) -> None:
    """A one level short of winning (the highest level player, fighting for the winning
    level), B helping: `if fighter is fighting for the winning level`, `... the highest
    level player`."""
    t.a.level = t.game.rules.win_level - 1
    _helped(t, gen)


def _leading(t: Table, gen: Generated) -> None:
    """A one level short of winning fights alone, the fight already on: a card played on
    B (the victim) then reaches a player outside the fight."""
    t.a.level = t.game.rules.win_level - 1
    _named(t, gen)
    t.fight()


def _rotated(t: Table, gen: Generated) -> None:
    """The seats turned: C owns the card and fights, A (with the most items) sits by:
    `take a small item from the player to your right` then reaches one not in the fight."""
    t.a, t.b, t.c = t.c, t.a, t.b
    _named(t, gen)


def _raised(t: Table, gen: Generated) -> None:
    """Every player may have two classes, two races and two Sidekicks (Super Munchkin,
    Half-Breed): a `class limit -1` or `sidekick limit -1` then has a limit to lower."""
    for p in (t.a, t.b, t.c):
        p.others.append(t.game.new_card("superprober"))
    _named(t, gen)


def _tagged(t: Table, gen: Generated) -> None:
    """A's monster is what the line names (`-2 to run away against Scientist`), as are the
    players; A runs well (+2), so a penalty makes a roll that escaped fail."""
    assert isinstance(t, Probe)
    t.a.others.append(t.game.new_card("sprinter"))
    t.monster_tags = set(gen.line.replace(",", " ").replace(":", " ").split()) & set(
        names(gen.ruleset))
    _named(t, gen)


def _swapped(t: Table, gen: Generated) -> None:
    """B and C change roles: C plays the monster enhancer and helps A in a fight already
    on, so `the player to
    your left/right` of either reaches B, who is not in the fight (a source of `take a
    small item`); the fight is on when the card is played."""
    t.b, t.c = t.c, t.b
    _helped(t, gen)
    t.fight()


class _LastOption(DefaultPolicy):
    """Picks the last alternative of every choice (`put them back on the top or the
    bottom`: the bottom; `A, or B`: B)."""

    def choose_option(self, game: Any, player: Any, count: int) -> int:
        return count - 1


def _last_option(t: Table, gen: Generated) -> None:
    """Every player picks the last alternative of a choice, B helping."""
    t.game.policy = _LastOption()
    _helped(t, gen)


class _Alternating(DefaultPolicy):
    """Takes the last alternative of a choice, then the first, in turn (`put them back on
    the top or the bottom` for every card of a small deck: some on top, some below)."""

    def __init__(self) -> None:
        self.turn = 0

    def choose_option(self, game: Any, player: Any, count: int) -> int:
        self.turn += 1
        return count - 1 if self.turn % 2 else 0


def _alternating(t: Table, gen: Generated) -> None:
    """Every choice alternates between its last and first alternative, B helping."""
    t.game.policy = _Alternating()
    _helped(t, gen)


def _one_named(t: Table, gen: Generated) -> None:
    """Only B is what the line names, B helping in a fight already on, the dice kind: `if
    helper is the only Scientist in play`."""
    assert isinstance(t, Probe)
    t.b.bare_traits = set(t.b.bare_traits) | (
        set(gen.line.replace(",", " ").replace(":", " ").split()) & set(names(gen.ruleset)))
    t.game.forced_rolls = [6] * 12
    t.helped = True
    t.fight()


def _crowd(t: Table, gen: Generated) -> None:
    """B and C discard a card each into A's fight once it is on (`+2 for every 2 cards
    discarded into this combat`)."""
    assert isinstance(t, Probe)
    t.crowd = True
    _named(t, gen)


def _spelled(t: Table, gen: Generated) -> None:
    """A plays a Pebble into A's fight once it is on (`+2 for each card played into this
    combat`)."""
    assert isinstance(t, Probe)
    t.plays_in = True
    _named(t, gen)


def _spelled_low(t: Table, gen: Generated) -> None:
    """A, the lowest level player, plays a Pebble into A's fight once it is on (``_spelled``):
    `-2 for each card played into this combat to the player with the lowest level` on an
    item enhancer then counts in A's fight."""
    _spelled(t, gen)
    t.a.level, t.b.level, t.c.level = (1, 7, 4)


def _hoard(t: Table, gen: Generated) -> None:
    """A holds a dozen more cards and carries a dozen more trinkets, B helping: `gain 1
    level for every 6 items you have in play` then counts more than 0."""
    g = t.game
    for _ in range(12):
        g.put_in_play(t.a, g.new_card("trinket"))
        t.a.hand.append(g.new_card("cap"))
    _helped(t, gen)


def _horde(t: Table, gen: Generated) -> None:
    """A fights a horde of seven monsters, each what the line names, B helping, the dice
    kind: `for every 4 monsters in this combat`, `for every 6 other Wizard monsters` then
    counts more than 0."""
    _helped(t, gen)
    _lucky(t, gen)
    t.fight()
    for _ in range(6):
        with contextlib.suppress(EngineError):
            t.game.add_monster(t.game.new_card("brute"))
    combat = t.game.state.combat  # each is what the line names (`for every 3 Wizard monsters`)
    for m in combat.monsters if combat is not None else []:
        m.extra_tags |= _line_names(gen) - {UNKNOWN_NAME}


def _holding_many(t: Table, gen: Generated) -> None:
    """Every player has seven cards of each name the line says in play (`if any fighter has
    at least 6 Wizard in play`), B helping."""
    for _ in range(7):
        _holding(t, gen)


def _marked_dressed(t: Table, gen: Generated) -> None:
    """Markers and counters as in ``_marked``, every player dressed as in ``_dressed``: with
    the fight on (``_fight_on``), `if helper has a marker: may discard footgear` on a
    monster then has a helper with markers and a fighter with footgear."""
    _marked(t, gen)
    _dressed(t, gen)


def _ahead(t: Table, gen: Generated) -> None:
    """A leads (level 8; B 5, C 4) and fights alone: `while any fighter is the highest level
    player: the player to your right must help` then has someone to make help."""
    t.a.level, t.b.level, t.c.level = 8, 5, 4


def _line_names(gen: Generated) -> set[str]:
    """The names of the ruleset (races, classes, tags) the line says."""
    return set(gen.line.replace(",", " ").replace(":", " ").split()) & set(names(gen.ruleset))


def _probe_card(t: Table, like: str, word: str, tags: tuple[str, ...] = ()) -> CardInst:
    """A new card of the game modelled on ``like``, named ``word`` (and tagged ``tags``):
    the probe's stand-in for a card the line names (`Dwarf`, a `Steed`)."""
    g = t.game
    data = dataclasses.replace(g.by_id[like], id=f"probe-{like}-{word}", names={"en": word},
                               tags=tags)
    g.by_id.setdefault(data.id, data)
    g.state.next_uid += 1
    return CardInst(g.by_id[data.id], g.state.next_uid)


def _holding(t: Table, gen: Generated) -> None:
    """Every player has in play a card of each name the line says: the race or class card
    of that name (with its +1 in combat), else an item worth 300 with +2 tagged so (`if you
    have a Dwarf in play`, `ignore Dragon bonuses`, `-1 for each Dragon you have in play`,
    `discard a Thief in play`); and a curse of that tag (-1 in combat) played on them by
    another player (`ignore Cleric cards`, `ignore female bonuses`); B helps, the dice are
    kind."""
    rs = load_ruleset(gen.ruleset)
    for word in sorted(_line_names(gen) - {UNKNOWN_NAME, *rs.decks}):
        for p in (t.a, t.b, t.c):
            p.curses.append(_probe_card(t, "scorch", word, (word,)))
            if word in ("male", "female"):
                continue
            if word in rs.races:
                p.races.append(_probe_card(t, "probeling", word))
            elif word in rs.classes:
                p.classes.append(_probe_card(t, "prober", word))
            item = _probe_card(t, "torch", word, (word,))  # `if helper is using Dwarf`
            item.worn = True
            p.items.append(item)
    _helped(t, gen)


def _dressed(t: Table, gen: Generated) -> None:
    """Every player wears armor, headgear and footgear and carries a Big item, B helping:
    `the player to your left discards armor`, `discard all big items` reach someone."""
    g = t.game
    for p in (t.a, t.b, t.c):
        for cid in ("mail", "cap", "trinket", "anvil"):
            if not any(c.data.id == cid for c in p.items):
                card = g.new_card(cid)
                card.worn = True
                p.items.append(card)
    _helped(t, gen)


def _poor(t: Table, gen: Generated) -> None:
    """Nobody carries anything or holds a card, B helping, the dice kind: `if fighter does
    not carry items worth 3 or more`, `if victim does not have at least 1 cards in hand`."""
    for p in (t.a, t.b, t.c):
        for item in list(p.items):
            p.items.remove(item)
        p.hand.clear()
    _helped(t, gen)


def _short(t: Table, gen: Generated) -> None:
    """Every player keeps what they carry and holds one card, B helping: `if you do not
    have at least 4 cards in hand: discard the most valuable item`."""
    for p in (t.a, t.b, t.c):
        del p.hand[1:]
    _helped(t, gen)


def _rich(t: Table, gen: Generated) -> None:
    """Every player holds eight cards, the dice kind, B helping: a cost of six cards or `a
    whole hand of at least 6 cards` can be paid."""
    g = t.game
    for p in (t.a, t.b, t.c):
        p.hand.extend(g.new_card(cid) for cid in ("pebble", "cap", "trinket", "pebble"))
    _helped(t, gen)


def _fight_on(setup: Callable[[Table, Generated], None]) -> Callable[[Table, Generated], None]:
    """``setup`` with A's fight (B helping) already on when the card is played: a card
    played outside a fight otherwise reaches no helper (`if any fighter has at least 6
    cards in hand`, `helper discards 1 big item`, `if helper has 2 or fewer cards in
    hand`)."""
    def run(t: Table, gen: Generated) -> None:
        setup(t, gen)
        _helped(t, gen)
        t.fight()
    run.__name__ = f"{setup.__name__}_fighting"
    return run


def _outlevel(t: Table, gen: Generated) -> None:
    """Every player is level 9 and A's monster a level-1 weakling: `for every 4 levels you
    have over the monster` counts 2 (the brute of the other set-ups is higher than all)."""
    t.a.level = t.b.level = t.c.level = 9
    t.monster = "weakling"


def _sealed(t: Table, gen: Generated) -> None:
    """Three Seals are open (where the ruleset has them): `if there are 3 or more open
    seals: +10` then holds."""
    g = t.game
    if g.rules.has_seals():
        for _ in range(3):
            g.open_seal(None)


def _underdog(t: Table, gen: Generated) -> None:
    """A is the lowest level player at level 4 (B 8, C 6) and fights a monster that is what
    the line names, B helping: `+2 for every 4 levels of fighter to the lowest level
    player against Thief`."""
    t.a.level, t.b.level, t.c.level = 4, 8, 6
    _tagged(t, gen)
    _helped(t, gen)


def _seated(name: str, doc: str, levels: tuple[int, int, int]) -> Callable[[Table, Generated],
                                                                           None]:
    """A set-up that gives A, B and C these levels, B helping."""
    def run(t: Table, gen: Generated) -> None:
        t.a.level, t.b.level, t.c.level = levels
        _helped(t, gen)
    run.__name__, run.__doc__ = name, doc
    return run


def _facing(name: str, doc: str, monster: str,
            then: Callable[[Table, Generated], None]) -> Callable[[Table, Generated], None]:
    """A set-up in which A's fights are with ``monster``, then ``then``."""
    def run(t: Table, gen: Generated) -> None:
        assert isinstance(t, Probe)
        t.monster = monster
        then(t, gen)
    run.__name__, run.__doc__ = name, doc
    return run


_reseated = _seated("_reseated", "Other levels (A lowest, B highest), B helping: `go to level "
                    "3` changes A's.", (1, 7, 4))
_low_helper = _seated("_low_helper", "B, the lowest level player, helps A: `if helper is the "
                      "lowest level player`.", (5, 1, 3))
_leech = _facing("_leech", "A's fights are with a monster whose Bad Stuff takes levels, the "
                 "dice low.", "leech", _unlucky)
_c_leads = _seated("_c_leads", "C leads (8) and A, the lowest (3), carries a Big item, B "
                   "helping: `if you are the highest level player: the lowest level player "
                   "discards all big items` on a curse C plays.", (3, 5, 8))
_weak = _facing("_weak", "A fights the level 1 Weakling, B helping: `if monster is not level "
                "3 or more`.", "weakling", _helped)
_holding_weak = _facing("_holding_weak", "The named cards in play, and A fights the level 1 "
                       "Weakling: `if you have an Undead in play, if monster is level 6 or "
                       "less`.", "weakling", _holding)
_boosted = _facing("_boosted", "A's monster has a bonus of its own (+3), B helping: `monster "
                   "loses all bonuses`.", "bully", _helped)
_boosted_alone = _facing("_boosted_alone", "A fights a monster with a bonus of its own (+3) "
                         "alone: `if any fighter is alone: monster loses all bonuses`.",
                         "bully", _named)


def _marked(t: Table, gen: Generated) -> None:
    """Every player carries markers and every card comes with counters on it (`if helper
    has a marker`, `+1 for each counter on this`), every hand is full (`if the fighter
    does not have 6 or fewer cards in hand`), each has a fire card in play (`if target is
    using fire`), A runs well (+2: a penalty to run away shows), B helping."""
    for p in (t.a, t.b, t.c):
        p.markers["marker"] = 12  # `for every 6 markers on you` counts two
        p.hand.extend(t.game.new_card("trinket") for _ in range(8))
        with contextlib.suppress(EngineError):  # a fire card in use (`if target is using fire`)
            t.game.put_in_play(p, t.game.new_card("torch"))
    _with_counters(t)
    t.a.others.append(t.game.new_card("sprinter"))  # A runs well: a penalty shows
    _helped(t, gen)


def _with_counters(t: Table) -> None:
    """The card under test comes into the game with six counters on it."""
    plain_new = t.new

    def new_with_counters() -> Any:
        card = plain_new()
        card.counters = 6
        return card
    t.new = new_with_counters  # type: ignore[method-assign]


def _kin(t: Table, gen: Generated) -> None:
    """The monster that comes to join a fight (the Ghoul) is what the line names, B helping:
    `other fire monsters may join` then lets it in."""
    g = t.game
    ghoul = g.by_id["ghoul"]
    g.by_id["ghoul"] = dataclasses.replace(ghoul, tags=tuple(sorted(
        set(ghoul.tags) | (_line_names(gen) - {UNKNOWN_NAME}))))
    _helped(t, gen)


def _bare_alone(t: Table, gen: Generated) -> None:
    """Every player has a marker and holds no card, and A fights alone, the fight on: `if
    you have a marker, if you do not have at least 4 cards in hand: the lowest level player
    must help` then has someone to make help."""
    for p in (t.a, t.b, t.c):
        p.markers["marker"] = 1
        p.hand.clear()
    _named(t, gen)
    t.fight()


def _horde_swapped(t: Table, gen: Generated) -> None:
    """A horde fought with C helping (B and C change roles): `-2 for every 6 monsters in
    this combat to the player to your right` on a curse on A then reaches a helper."""
    t.b, t.c = t.c, t.b
    _horde(t, gen)


def _right_helps(t: Table, gen: Generated) -> None:
    """C, on A's right, helps A (B and C change roles), the fight not yet on: an item
    enhancer's `+1 for each monster in this combat to the player to your right` then
    reaches a player of the fight."""
    t.b, t.c = t.c, t.b
    _helped(t, gen)


def _victim_named(t: Table, gen: Generated) -> None:
    """Only A (a curse's victim) is what the line names, B helping, the dice kind: `while
    target is the only Thief in play` on a trap played on A."""
    assert isinstance(t, Probe)
    t.a.bare_traits = set(t.a.bare_traits) | (_line_names(gen) - {UNKNOWN_NAME})
    t.game.forced_rolls = [6] * 12
    t.helped = True


def _c_helps(t: Table, gen: Generated) -> None:
    """C helps A, and B, whom A's card is played on, stays out of the fight: `helper takes
    a small item from victim` then moves one (B's dagger to C)."""
    assert isinstance(t, Probe)
    t.c_helps = True
    _helped(t, gen)


def _marked_low_helper(t: Table, gen: Generated) -> None:
    """Every player has three markers and B, the lowest level player (3), helps A against
    the Leech, whose Bad Stuff takes levels: `while you have 3 markers: the lowest level
    player ignores bad stuff that takes levels`."""
    assert isinstance(t, Probe)
    for p in (t.a, t.b, t.c):
        p.markers["marker"] = 3
    t.a.level, t.b.level, t.c.level = 6, 3, 4
    t.monster = "leech"
    _helped(t, gen)


def _counted(t: Table, gen: Generated) -> None:
    """The card comes with counters and A runs with no bonus, B helping: `+1 for each
    counter on this card to run away` then turns a failed roll of 4 into an escape."""
    _with_counters(t)
    _helped(t, gen)


def _short_handed(t: Table, gen: Generated) -> None:
    """Every player holds one card at most (the rest discarded), B helping: `if the fighter
    does not have at least 3 cards in hand`, `while any fighter has 2 or fewer cards`."""
    for p in (t.a, t.b, t.c):
        while len(p.hand) > 1:
            t.game.discard(p.hand.pop())
    _helped(t, gen)


def _edge(t: Table, gen: Generated) -> None:
    """A runs with exactly +1 (a Sprinter giving +1), so the observed roll of 4 escapes by
    1: a penalty that comes after the roll (`after run away roll: -1 for every 4 points of 1
    dice to run away`) or counts a marker turns it into a failure; A has a marker, the
    players are what the line names, the dice kind."""
    g = t.game
    fast = g.by_id["sprinter"]
    data = dataclasses.replace(fast, id="probe-sprinter-1", abilities=tuple(
        dataclasses.replace(ab, effects=tuple(dataclasses.replace(e, amount=1)
                                              for e in ab.effects))
        for ab in fast.abilities))
    g.by_id.setdefault(data.id, data)
    g.state.next_uid += 1
    t.a.others.append(CardInst(g.by_id[data.id], g.state.next_uid))
    t.a.markers["marker"] = 1  # `-1 for every 1 marker on you up to -1 to run away`
    _named(t, gen)


def _menaced(t: Table, gen: Generated) -> None:
    """A has a card in play that gives the monster of A's fight +3 (the Bully's bonus, on
    A's table: not the monster's own), A fighting alone: `monster loses all bonuses` on a
    monster's own line takes it away (engine/monster_operators.py)."""
    g = t.game
    bonus = tuple(ab for ab in g.by_id["bully"].abilities if ab.timing == "continuous")
    data = dataclasses.replace(g.by_id["sprinter"], id="probe-menace", abilities=bonus)
    g.by_id.setdefault(data.id, data)
    g.state.next_uid += 1
    t.a.others.append(CardInst(g.by_id[data.id], g.state.next_uid))
    _named(t, gen)


def _worthless(t: Table, gen: Generated) -> None:
    """Every item in play is worth nothing (bonuses kept), B helping: `if fighter does not
    carry items worth 2 or more: ignores item bonuses` then has bonuses to ignore."""
    for p in (t.a, t.b, t.c):
        for item in p.items:
            item.data = dataclasses.replace(item.data, value=0)
    _helped(t, gen)


_right_helps_leech = _facing("_right_helps_leech", "C, on A's right, helps A against the "
                             "Leech: `the player to your right ignores bad stuff that takes "
                             "levels`.", "leech", _right_helps)


def _with_named(setup: Callable[[Table, Generated], None]) -> Callable[[Table, Generated], None]:
    """``setup``, then every player has in play a card of each name the line says
    (``_holding``): a card selector with a filter (`steal a Warrior the player with the most
    items carries`, `take a Mutant the lowest level player carries`) then finds a matching
    card with whichever player the seats of ``setup`` make its owner (items tied, so the
    most-items player is not only A; another lowest level player; the last choice)."""
    def run(t: Table, gen: Generated) -> None:
        setup(t, gen)
        _holding(t, gen)
    run.__name__ = f"{setup.__name__}_named_cards"
    return run


def _marked_lowest(t: Table, gen: Generated) -> None:
    """Markers and counters as in ``_marked``, and A, the fighter, is the lowest level
    player: `+3 for every 6 markers on you to the lowest level player` on a monster."""
    _marked(t, gen)
    t.a.level, t.b.level, t.c.level = 1, 5, 3


def _monster_in_hand(t: Table, gen: Generated) -> None:
    """A and C hold one card each, a monster, and B, who helps, holds none: `if any fighter
    does not have at least 2 cards in hand` (A) or `... at least 1 card` (B) `: replace
    monster with a monster from hand` then has a monster to bring in."""
    for p in (t.a, t.c):
        p.hand[:] = [t.game.new_card("weakling")]
    t.b.hand.clear()
    _helped(t, gen)


def _bystander_monster(t: Table, gen: Generated) -> None:
    """As ``_bystander`` (C, out of A's fight, is the card's player), the fighter holding no
    card and the bystander one monster: `if any fighter does not have at least 1 card in
    hand: replace monster with a monster from hand` from a card the bystander plays."""
    _bystander(t, gen)
    t.c.hand.clear()  # the fighter (the seats turned: the table's c)
    t.a.hand[:] = [t.game.new_card("weakling")]


def _others_fight(t: Table, gen: Generated) -> None:
    """B fights (and kills) while A, the card's player, stands by, the dice kind: `after a
    kill: take 1 card at random from the winner` then has a winner who is not A."""
    assert isinstance(t, Probe)
    t.bystander = True
    _named(t, gen)


def _a_helps(t: Table, gen: Generated) -> None:
    """B fights and A, the card's player (or a curse's victim), helps, the fight on: `while
    victim is helper: discard the item with the biggest bonus` on a disaster played on A."""
    assert isinstance(t, Probe)
    _named(t, gen)
    t.bystander = True
    t.fight()
    t.game.help(t.a)


def _six_players(t: Table, gen: Generated) -> None:
    """Three more players (D, E, F, level 1, a card in hand each) sit at the table, B
    helping: `for every 4 other players` counts more than 0 (5 others)."""
    g = t.game
    for name in "DEF":
        p = Player(name, len(g.state.players))
        p.hand.append(g.new_card("pebble"))
        g.state.players.append(p)
    _helped(t, gen)


def _leading_bystander(t: Table, gen: Generated) -> None:
    """A, the highest level player (one level short of winning), fights alone, and C, not
    in the fight, is the card's player (the seats turned as in ``_bystander``): `if fighter
    is the highest level player: take 1 card at random from the highest level player` on a
    curse C is the victim of."""
    t.a.level = t.game.rules.win_level - 1
    _bystander(t, gen)


def _counted_high_helper(t: Table, gen: Generated) -> None:
    """The card comes with counters, and B, who helps, is level 6: `if helper is level 6 or
    more: +2 for each counter on this card`."""
    t.b.level = 6
    _counted(t, gen)


def _rich_c_leads(t: Table, gen: Generated) -> None:
    """Every hand full (``_rich``) and C, outside the fight, the highest level player (8):
    with the fight on, `while fighter has at least 6 cards in hand: take a small item from
    the highest level player` reaches C's helm or trinket."""
    _rich(t, gen)
    t.a.level, t.b.level, t.c.level = 3, 5, 8


def _holding_alone(t: Table, gen: Generated) -> None:
    """The named cards in play (``_holding``), and A fights alone: `if victim has a
    Halfling in play, while victim is alone: every item gives 6 less`."""
    assert isinstance(t, Probe)
    _holding(t, gen)
    t.helped = False


def _dressed_low(t: Table, gen: Generated) -> None:
    """Every player dressed (``_dressed``) and A at level 1: `if victim is not level 2 or
    higher: every other player discards armor` on a monster A fights."""
    _dressed(t, gen)
    t.a.level = 1


def _from_bad_stuff(t: Table, gen: Generated) -> None:
    """The loss the probe drives comes from a monster's Bad Stuff (engine/happenings.py:
    the cause outside any line), the dice kind: `if the loss comes from bad stuff`."""
    t.game.state.causes.append("bad_stuff")
    _named(t, gen)


def _from_curse(t: Table, gen: Generated) -> None:
    """The loss the probe drives comes from a curse: `if the loss comes from a curse`."""
    t.game.state.causes.append("curse")
    _named(t, gen)


def _dear_sale(t: Table, gen: Generated) -> None:
    """B's cards are worth 6000 each, so the sale the probe drives buys levels: `if the sale
    buys at least 2 levels`."""
    for card in t.b.hand:
        card.data = dataclasses.replace(card.data, value=6000)
    _named(t, gen)


def _monster_like(t: Table, like: str, level: int, bonus: int | None = None) -> str:
    """The id of a monster of the game modelled on ``like`` at ``level`` (its own bonus,
    if it has one, set to ``bonus``): the probe's stand-in for a monster a line needs."""
    g = t.game
    data = g.by_id[like]
    data = dataclasses.replace(data, id=f"probe-{like}-{level}-{bonus}", level=level,
                               abilities=tuple(dataclasses.replace(ab, effects=tuple(
                                   dataclasses.replace(e, amount=bonus)
                                   if bonus is not None and e.kind == "strength" else e
                                   for e in ab.effects)) for ab in data.abilities))
    g.by_id.setdefault(data.id, data)
    return data.id


def _outlevelled_runner(t: Table, gen: Generated) -> None:
    """A (level 5) fights alone a level 4 monster of +20 (a bonus of its own), loses and
    runs with +2 (a Sprinter): `-2 for each level you have over the monster to run away`
    turns the escape into a failure (everywhere else the fighter is below the monster, or
    above it and winning)."""
    assert isinstance(t, Probe)
    t.a.level = 5
    t.monster = _monster_like(t, "bully", 4, 20)
    t.a.others.append(t.game.new_card("sprinter"))
    _named(t, gen)


def _upset(t: Table, gen: Generated) -> None:
    """A (level 1), B helping, kills a level 6 monster where the others kill the Weakling:
    `on kill: lose 3 levels for every 2 levels the monster has over you` then counts the
    levels the monster just killed had over A."""
    assert isinstance(t, Probe)
    t.a.level = 1
    t.prey = _monster_like(t, "weakling", 6)
    _helped(t, gen)


def _outlevel_mid(t: Table, gen: Generated) -> None:
    """Every player is level 7 and A's monster the level 1 Weakling: `gain 2 levels for
    every 1 level you have above the monster up to 2`, `for every 6 levels you have over
    the monster` then have levels over the monster and room below level 9
    (``_outlevel``'s level 9 has none)."""
    assert isinstance(t, Probe)
    t.a.level = t.b.level = t.c.level = 7
    t.monster = "weakling"


def _laden(t: Table, gen: Generated) -> None:
    """Every player may carry any number of Big items and Aggregates (a card lifting both
    limits, as a Dwarf or a Gadgeteer carries any number) and carries six Big items, B
    helping: `-1 for every 2 Big items fighter has in play`, `if any fighter has at least 4
    big items in play` then count more than one (the rules allow one elsewhere)."""
    g = t.game
    like = g.by_id["superprober"]
    ab = like.abilities[0]
    data = dataclasses.replace(like, id="probe-porter", names={"en": "Porter"}, abilities=tuple(
        dataclasses.replace(ab, effects=(dataclasses.replace(ab.effects[0], limit=limit,
                                                             value=None, relative=False),))
        for limit in ("big", "aggregate")))
    g.by_id.setdefault(data.id, data)
    for p in (t.a, t.b, t.c):
        g.state.next_uid += 1
        p.others.append(CardInst(g.by_id[data.id], g.state.next_uid))
        while sum(1 for c in p.items if c.data.big) < 6:
            g.put_in_play(p, g.new_card("anvil"))
    _helped(t, gen)


def _laden_low_helper(t: Table, gen: Generated) -> None:
    """Big items as in ``_laden``, and B, who helps, the lowest level player (A 5, B 1, C
    3): `-2 die for every 6 big items you have in play to a player of your choice whose
    level is lower than yours` then reaches a player of the fight."""
    _laden(t, gen)
    t.a.level, t.b.level, t.c.level = 5, 1, 3


def _dressed_last(t: Table, gen: Generated) -> None:
    """Every player dressed (``_dressed``: a Big item each) and every choice its last
    alternative (the chooser: the owner): `give a big item the player to your left carries
    to a player of your choice` then moves B's Anvil to A."""
    _dressed(t, gen)
    t.game.policy = _LastOption()


def _rotated_last(t: Table, gen: Generated) -> None:
    """The seats turned (``_rotated``: C, level 2, owns the card) and every choice its last
    alternative: `give a Dragon a player of your choice whose level is higher than yours
    carries to the player to your left` then picks B (5), not the player on C's left."""
    _rotated(t, gen)
    t.game.policy = _LastOption()


def _low_helper_last(t: Table, gen: Generated) -> None:
    """B, the lowest level player (1), helps A (5), C is 3, and every choice its last
    alternative: `the other player with the lowest level takes a Scientist a player of your
    choice whose level is lower than yours carries` then takes C's, not B's own."""
    _low_helper(t, gen)
    t.game.policy = _LastOption()


def _outlevel_dressed(t: Table, gen: Generated) -> None:
    """Everyone level 9 over the Weakling (``_outlevel``) and dressed alike (``_dressed``:
    items tied): `+3 for every 1 level you have over the monster to the other player with
    the most items` then reaches the helper."""
    _dressed(t, gen)
    _outlevel(t, gen)


def _horde_edge(t: Table, gen: Generated) -> None:
    """Six more monsters join A's fight as it opens (after the card is in play: no item is
    played into a fight), and A runs with exactly +1 (``_edge``): an item's `-1 for every
    4 other monsters in this combat to run away` then turns an escape by 1 into a failure."""
    assert isinstance(t, Probe)
    _edge(t, gen)
    t.horde = 6



def _dressed_cheap(t: Table, gen: Generated) -> None:
    """Every player dressed (``_dressed``) with every item they carry worth nothing: a
    card selector with a value bound (`discard a Big item worth 1 or less the highest
    level player carries`) then finds a card under its bound."""
    _dressed(t, gen)
    for p in (t.a, t.b, t.c):
        for card in p.items:
            card.data = dataclasses.replace(card.data, value=0)


def _dressed_short(t: Table, gen: Generated) -> None:
    """Every player dressed (``_dressed``) and holding one card (``_short``): `if fighter
    has 2 or fewer cards in hand: ... all Big items the highest level player has in play`."""
    _dressed(t, gen)
    _short(t, gen)


def _rotated_cheap(t: Table, gen: Generated) -> None:
    """Items worth nothing (``_dressed_cheap``) and the seats turned (``_rotated``: C owns
    the card and fights): `give every Big item worth 6 or less the player to your left has
    in play to the highest level player` then moves A's Anvil to B (on A's fight, B is both)."""
    _dressed_cheap(t, gen)
    _rotated(t, gen)


def _a_holds_most(t: Table, gen: Generated) -> None:
    """A holds six cards, B and C one each, B helping: `if any fighter has more cards in
    hand than every other player` then holds for A."""
    g = t.game
    for p in (t.b, t.c):
        del p.hand[1:]
    while len(t.a.hand) < 6:
        t.a.hand.append(g.new_card("cap"))
    _helped(t, gen)


def _a_holds_least(t: Table, gen: Generated) -> None:
    """A holds one card, B and C six each, B helping: `while victim has fewer cards in hand
    than every other player` then holds for A."""
    g = t.game
    del t.a.hand[1:]
    for p in (t.b, t.c):
        while len(p.hand) < 6:
            p.hand.append(g.new_card("cap"))
    _helped(t, gen)


def _a_carries_most(t: Table, gen: Generated) -> None:
    """Every player dressed (``_dressed``) and A carries two more items than anyone: `to
    each player with the most items` then reaches the fighter."""
    _dressed(t, gen)
    for cid in ("dagger", "cap"):
        t.a.items.append(t.game.new_card(cid))

def _cursed(t: Table, gen: Generated) -> None:
    """Every player has four curses on them (the probe's Scorch, -1 in combat), B helping:
    `gain 1 level for each curse you have in play`, `victim discards 1 item of their choice
    for each curse you have in play` then count more than 0."""
    for p in (t.a, t.b, t.c):
        p.curses.extend(t.game.new_card("scorch") for _ in range(4))
    _helped(t, gen)


def _hexed(t: Table, gen: Generated) -> None:
    """A Hex on every player (a curse each has in play), B helping: `if any player has a
    curse in play`, `if every player has a curse in play` then hold."""
    for p in (t.a, t.b, t.c):
        p.curses.append(t.game.new_card("hex"))
    _helped(t, gen)


def _stricken(t: Table, gen: Generated) -> None:
    """A Disaster and a Trap on every player (the probe's Calamity and Snare, where the
    ruleset has the kinds), B helping: a monster's `on kill: discard a disaster you carry`
    then has one on its killer to take."""
    kinds = load_ruleset(gen.ruleset).card_kinds
    for p in (t.a, t.b, t.c):
        p.curses.extend(t.game.new_card(c) for c, k in (("calamity", "disaster"),
                                                         ("snare", "trap")) if k in kinds)
    _helped(t, gen)


def _holding_but_c(t: Table, gen: Generated) -> None:
    """The named cards in play (``_holding``) for A and B only, the dice kind: C, who plays
    a curse on A, then has fewer of them than every other player (`if you have fewer
    Bloggers in play than any other player: ...` on a curse)."""
    kept = (list(t.c.curses), list(t.c.races), list(t.c.classes), list(t.c.items))
    _holding(t, gen)
    t.c.curses[:], t.c.races[:], t.c.classes[:], t.c.items[:] = kept
    t.game.forced_rolls = [6] * 12


def _a_holds_least_alone(t: Table, gen: Generated) -> None:
    """A holds the fewest cards (``_a_holds_least``) and fights alone: `if victim has fewer
    cards in hand than every other player, while victim is alone: every item gives 6 less`."""
    assert isinstance(t, Probe)
    _a_holds_least(t, gen)
    t.helped = False


def _dies_in_fight(t: Table, gen: Generated) -> None:
    """A death the probe drives comes in A's fight, B helping (as a Bad Stuff of death
    would): `may instead of dying: helper takes 6 cards at random from each player with the
    most items` then has a helper (a death outside a fight has none)."""
    assert isinstance(t, Probe)
    kill = t.game.kill

    def in_a_fight(player: Player) -> None:
        if t.game.state.combat is None:
            t.fight()
        kill(player)
    t.game.kill = in_a_fight  # type: ignore[method-assign]
    _helped(t, gen)


def _bystander_high(t: Table, gen: Generated) -> None:
    """As ``_bystander`` (C, out of A's fight, is the card's player), C at level 8 and the
    fighter at 2: `in combat, if you have a higher level than the fighter: +2 to monster`
    then holds (the card's player is never its own fight's fighter)."""
    _bystander(t, gen)
    t.a.level, t.c.level = 8, 2


def _a_helps_high(t: Table, gen: Generated) -> None:
    """As ``_a_helps`` (A, the card's player, helps B's fight), A at level 8 and B at 2: `in
    combat, if you have a higher level than the fighter: +2 to you` then holds for a player
    in the fight."""
    _a_helps(t, gen)
    t.a.level, t.b.level = 8, 2


def _horde_bare(t: Table, gen: Generated) -> None:
    """A horde of what the line names (``_horde``) and A carrying nothing: `if there are at
    least 6 Dragon monsters in this combat, while target does not carry items worth more
    than any other player: ...` on a trap played on A then acts."""
    t.a.items.clear()
    _horde(t, gen)


def _right_helps_raised(t: Table, gen: Generated) -> None:
    """C, on A's right, helps A (``_right_helps``), three levels up: `set the strength of the
    player to your right to 6` then changes C's share (6 in ``_right_helps``, as it is set)."""
    _right_helps(t, gen)
    t.b.level += 3


def _rotated_empty_handed(t: Table, gen: Generated) -> None:
    """The seats turned (``_rotated``: the card's player has a race in play) and nobody
    holds a card: `if victim do not have 1 or more cards in hand: discard race` then acts."""
    _rotated(t, gen)
    for p in (t.a, t.b, t.c):
        p.hand.clear()


def _laden_outlevel(t: Table, gen: Generated) -> None:
    """Big items as in ``_laden``, every player level 7 against the level 1 Weakling
    (``_outlevel_mid``): `while all other players have at least 6 Big items in play: +3
    die for each level you have over the monster` then counts more than 0."""
    _laden(t, gen)
    _outlevel_mid(t, gen)


def _dressed_alone(t: Table, gen: Generated) -> None:
    """Every player dressed (``_dressed``) and A's fight on, nobody helping: `if all players
    are alone: discard every Big item each player with the fewest items has in play` then
    holds and has Big items to discard."""
    assert isinstance(t, Probe)
    _dressed(t, gen)
    t.helped = False
    t.fight()


def _marked_b_holds_most(t: Table, gen: Generated) -> None:
    """Markers and full hands (``_marked``), and B holds two cards more than anyone, at
    level 5: `steal 4 levels from the player with the most cards in hand for every 3 marker
    on you` then has one player to steal from, and levels to take."""
    _marked(t, gen)
    t.b.hand.extend(t.game.new_card("trinket") for _ in range(2))
    t.b.level = 5


def _laden_heavy(t: Table, gen: Generated) -> None:
    """Big items as in ``_laden``, A with eight of them: `loses up to 1 level for every 4
    Big items fighter has in play halved rounded down` then counts 1 (six count 0)."""
    _laden(t, gen)
    for _ in range(2):
        t.game.put_in_play(t.a, t.game.new_card("anvil"))


def _horde_holding(t: Table, gen: Generated) -> None:
    """The named cards in play (``_holding``) and a horde of what the line names
    (``_horde``): `when another player goes down a level, if there are 3 or more male
    monsters in this combat: takes every Dwarf in play` then has Dwarfs to take."""
    _holding(t, gen)
    _horde(t, gen)


def _titled(t: Table, gen: Generated) -> None:
    """Every player has in play a worn item (+2, worth 300) of each card title the line
    says in quotes, and is what such a name says, B helping: `if you have a "Trick" in
    play`, `+3 against "Trick"`, `put the "Trick" with the lowest bonus the lowest level
    player carries into their hand`, `discard a "Big Move" each "Trick" carries` then find
    the card (a title filter names a card of that title, from any pack)."""
    for title in sorted(set(re.findall(r'"([^"]+)"', gen.line))):
        for p in (t.a, t.b, t.c):
            item = _probe_card(t, "torch", title)
            item.worn = True
            p.items.append(item)
            p.bare_traits = set(p.bare_traits) | {title}
    _helped(t, gen)


def _titled_low_helper(t: Table, gen: Generated) -> None:
    """The titled cards in play (``_titled``) and B, who helps, the lowest level player
    (``_low_helper``): `+3 to the other player with the lowest level against "Trick"` then
    reaches a player of the fight who has the card."""
    _low_helper(t, gen)
    _titled(t, gen)


def _fives(t: Table, gen: Generated) -> None:
    """Every run-away roll is a 5 (the observer's 4s too): a 5 escapes, so `-3 to run
    away` at another player's roll (`when another player rolls to run away`) turns the
    escape into a catch."""
    run = t.game.run_away
    t.game.run_away = lambda rolls=None: run([5] * max(3, len(rolls or ())))  # type: ignore


def _happened(t: Table, gen: Generated) -> None:
    """Every player has done everything this turn (engine/turn_facts.py: every happening
    noted for each): `if another player killed a monster this turn: ...` then holds."""
    st = t.game.state
    st.turn_facts |= {(p.name, base) for p in st.players for base in turn_facts.FACTS}


def _big_card(t: Table, gen: Generated) -> None:
    """The card under test is Big (an item: A's only Big one, A's other Big items gone):
    `in combat, if this card is big: +1 to you` then holds."""
    g = t.game
    g.by_id[t.card_data.id] = dataclasses.replace(g.by_id[t.card_data.id], big=True)
    t.a.items[:] = [c for c in t.a.items if not c.data.big]


def _kinds_ranked(name: str, counts: tuple[int, int, int],
                  then: Callable[[Table, Generated], None] | None = None
                  ) -> Callable[[Table, Generated], None]:
    """A setup where A, B and C have in play ``counts`` cards of each kind the line names in
    the plural (and as many anvils: `Big items`), B helping: `the player with the most
    traps`, `the other player with the fewest Hirelings` reach someone
    (parts/standing_selectors.py); then ``then`` (B helping when none)."""
    def setup(t: Table, gen: Generated) -> None:
        g = t.game
        said = {FILTER_SPELLINGS[w] for w in gen.line.lower().replace(",", " ").split()
                if w in FILTER_SPELLINGS} - {"card", "item"}
        for p, n in zip((t.a, t.b, t.c), counts, strict=True):
            for _ in range(n):
                anvil = g.new_card("anvil")
                anvil.worn = True
                p.items.append(anvil)
                for kind in sorted(said - {"big"}):
                    data = dataclasses.replace(g.by_id["scorch"], id=f"probe-kind-{kind}",
                                               kind=kind)
                    g.by_id.setdefault(data.id, data)
                    g.state.next_uid += 1
                    card = CardInst(g.by_id[data.id], g.state.next_uid)
                    pile = {"race": p.races, "class": p.classes, "sidekick": p.sidekicks,
                            "curse": p.curses, "trap": p.curses, "disaster": p.curses}
                    pile.get(kind, p.others).append(card)
        (then or _helped)(t, gen)
    setup.__name__ = setup.__qualname__ = name
    return setup


SETUPS: tuple[Callable[[Table, Generated], None], ...] = (
    _plain, _lucky, _unlucky, _named, _helped, _reseated, _leech, _fighting, _bystander,
    _winning, _rotated, _raised, _tagged, _swapped, _last_option, _one_named, _crowd,
    _leading, _holding, _dressed, _poor, _rich, _boosted, _underdog, _weak, _low_helper,
    _short, _alternating, _holding_weak,
    _hoard, _marked, _short_handed, _horde, _holding_many, _ahead, _edge, _worthless,
    _boosted_alone, _counted, _kin, _bare_alone, _horde_swapped, _c_leads, _right_helps,
    _victim_named, _marked_low_helper, _right_helps_leech,
    *map(_fight_on, (_rich, _dressed, _poor, _holding, _short, _marked_dressed,
                     _holding_many, _leech, _c_helps, _outlevel, _sealed)),
    *map(_with_named, (_dressed, _last_option, _reseated, _rotated, _low_helper, _swapped,
                        _fight_on(_reseated))),
    _marked_lowest, _monster_in_hand, _bystander_monster, _others_fight, _six_players,
    _leading_bystander, _counted_high_helper, _fight_on(_rich_c_leads), _dressed_low,
    _holding_alone, _with_named(_marked), _fight_on(_low_helper), _a_helps,
    _from_bad_stuff, _from_curse, _dear_sale, _menaced,
    _outlevelled_runner, _upset, _fight_on(_outlevel_mid), _laden, _fight_on(_laden),
    _fight_on(_laden_low_helper), _horde_edge, _dressed_last, _with_named(_rotated_last),
    _with_named(_low_helper_last), _fight_on(_outlevel_dressed),
    _facing("_c_leads_weak", "C leads (8), outside A's fight (B helping) with the Weakling: "
            "`if there is at least 1 level you have over the monster: give the monster to "
            "the player with the highest level`.", "weakling", _c_leads),
    _dressed_cheap, _fight_on(_dressed_cheap), _with_named(_dressed_cheap), _a_holds_most,
    _fight_on(_a_holds_most), _a_holds_least, _fight_on(_a_holds_least), _a_carries_most,
    _fight_on(_a_carries_most), _fight_on(_dressed_short), _fight_on(_rotated_cheap),
    _cursed, _hexed, _fight_on(_hexed), _holding_but_c, _a_holds_least_alone, _dies_in_fight,
    _horde_bare, _spelled, _right_helps_raised, _rotated_empty_handed, _fight_on(_laden_outlevel),
    _dressed_alone,
    _seated("_others_level_one", "B and C level 1, A level 5, B helping: `if another player "
            "is not level 2 or more` (read as `no other player is`: card text prints it so) "
            "then holds.", (5, 1, 1)),
    _marked_b_holds_most, _fight_on(_laden_heavy),
    _seated("_all_low", "Every player level 3 or lower (A 3, B 2, C 1), B helping: `while no "
            "one is level 4 or higher: cancel a curse` then holds.", (3, 2, 1)),
    _horde_holding, _bystander_high, _a_helps_high, _spelled_low, _stricken, _titled,
    _fight_on(_titled), _fight_on(_titled_low_helper), _fives, _happened,
    _fight_on(_happened), _with_named(_happened), _big_card, _fight_on(_big_card),
    *(f(_kinds_ranked(*args)) for f in (lambda s: s, _fight_on)
      for args in (("_kinds_c_most", (0, 1, 2)), ("_kinds_a_most", (2, 1, 0)),
                   ("_kinds_b_most", (0, 2, 1)), ("_kinds_tied", (0, 1, 1)))),
    _kinds_ranked("_kinds_c_most_last", (0, 1, 2), _last_option),
    _kinds_ranked("_kinds_c_most_titled", (0, 1, 2), _titled),
    _kinds_ranked("_kinds_a_most_rotated", (2, 1, 0), _rotated))


class Probe(Table):
    """The conformance table, with B helping A in each fight when ``helped``."""

    helped = False
    monster = "brute"
    monster_tags: set[str] = set()
    crowd = False  # the players outside the fight discard a card into it
    plays_in = False  # A plays a one-shot into the fight once it is on
    c_helps = False  # C helps, not B (the one a card is played on stays out of the fight)
    bystander = False  # B fights, not A (A's card then acts on another player's fight)
    prey = "weakling"  # the monster a fight to be won is with (on kill, after a kill)
    horde = 0  # brutes that join each fight as it opens (a card in play counts them)

    def __init__(self, base_cards: list[CardData], card: CardData, ruleset: str) -> None:
        super().__init__(base_cards, card, ruleset)
        g = self.game  # every player has something to lose: C carries a helm and a trinket
        g.put_in_play(self.c, g.new_card("helm"))
        g.put_in_play(self.c, g.new_card("trinket"))
        g.put_in_play(self.a, g.new_card("prober"))  # a class, a race and a Big item to lose
        g.put_in_play(self.b, g.new_card("probeling"))
        g.put_in_play(self.c, g.new_card("probeling"))  # the lowest level player has a race
        g.put_in_play(self.a, g.new_card("anvil"))
        for deck, ids in (("treasure", ("cap", "trinket")), ("door", ("weakling", "jinx"))):
            g.state.discards.setdefault(deck, []).extend(g.new_card(i) for i in ids)
        if g.rules.has_seals():  # a closed Seal to take back (`draw 1 seal from the discards`)
            g.state.discards.setdefault("seal", []).append(g.new_card("sealed4"))

    def fight(self, monster: str = "brute") -> None:
        if self.bystander and self.game.state.combat is None:
            self.game.start_combat(self.b, self.game.new_card(
                self.monster if monster == "brute" else monster))
        super().fight(self.monster if monster == "brute" else
                      self.prey if monster == "weakling" else monster)
        combat = self.game.state.combat
        while combat is not None and len(combat.monsters) <= self.horde:  # monsters join
            # (another id than the first's: a run away is seen by monster id)
            self.game.add_monster(self.game.new_card(_monster_like(self, "brute", 18)))
        for m in combat.monsters if combat is not None else []:
            m.extra_tags |= self.monster_tags
        if self.helped and combat is not None and combat.helper is None:
            with contextlib.suppress(EngineError):
                self.game.help(self.c if self.c_helps else self.b)


def _card_word(c: Any, card_id: str) -> str:
    return "*" if c.data.id in (card_id, card_id + "-bare") else c.data.id


def snapshot(t: Table, card_id: str) -> Any:
    """Everything a line could change that a player would see, with the card under test
    (or its bare twin) named alike: levels, hands, what each has in play, the fight."""
    g = t.game
    st = g.state

    def ids(cards: list[Any]) -> tuple[str, ...]:
        return tuple(sorted(_card_word(c, card_id) for c in cards))

    players = tuple((p.level, len(p.hand), p.dead, p.sex, ids(p.items),
                     tuple(sorted(_card_word(c, card_id) for c in p.worn_items())),
                     ids(p.curses), ids(p.races), ids(p.classes), ids(p.sidekicks),
                     ids(p.others), tuple(sorted(p.bare_traits)),
                     # lasting state (engine/lasting.py): markers, counters on the cards
                     tuple(sorted(p.markers.items())),
                     tuple(sorted(c.counters for c in p.in_play() if c.counters)),
                     len(p.followers))
                    for p in st.players)
    combat = st.combat
    fight = None
    if combat is not None:
        bd = g.breakdown()
        fight = (combat.fighter.name, bd.player, bd.monster, bd.win_ties, len(combat.monsters),
                 len(combat.live_monsters()), combat.helper is not None,
                 tuple(sorted(tag for m in combat.monsters for tag in m.tags())),
                 # what the fight keeps for later (an escape granted, a Bad Stuff ignored)
                 tuple(sorted((e.kind, p.name if p is not None else "")
                              for e, _c, p in combat.extras)),
                 combat.forced_helper, combat.helper_share,
                 tuple(sorted(k for k in combat.used if k.startswith("no_help"))))
    r = g.rules
    # both Big categories: a mix may hold Aggregates whatever the ruleset calls Big
    limits = tuple((tuple(sorted(r.slot_capacity(p).items())), r.hand_limit(p),
                    r.big_limit(p, "big"), r.big_limit(p, "aggregate"),
                    r.race_limit(p), r.class_limit(p), r.sidekick_limit(p))
                   for p in st.players)
    return (players, fight, limits, g.last_outcome, len(st.open_seals), st.over,
            # each deck's size and its top cards (`look at the top 3 doors and put them back`)
            # (the card under test named like its bare twin: a card that ends on a deck is
            # no proof that its line ran)
            tuple((d, len(pile), tuple(_card_word(c, card_id) for c in pile[-3:]))
                  for d, pile in sorted(st.decks.items())),
            tuple((d, len(pile)) for d, pile in sorted(st.discards.items())))


def use_may(t: Table, card: CardData) -> None:
    """A monster's `may` line happens when the fighter uses it (docs/language.md 6.9); so
    does a `may` line, one with a cost (`discard 4 cards: wins ties`) or one with uses (`3
    uses: wins ties`: each use spends one) of a card A has in play: A uses it once the
    fight is on.  First, at a `_crowd` table, the players outside
    the fight discard a card into it."""
    g = t.game
    combat = g.state.combat
    for p in g.state.players if combat is not None and getattr(t, "crowd", False) else []:
        # a player of the fight, or nothing counts the cards
        with contextlib.suppress(EngineError, IndexError):
            discard_into_combat(g, p, p.hand[0])
    if combat is not None and getattr(t, "plays_in", False):
        by = getattr(t, getattr(t, "plays_in_by", "a"))
        for pebble in getattr(t, "plays_in_cards", None) or [g.new_card("pebble")]:
            by.hand.append(pebble)
            with contextlib.suppress(EngineError):
                g.play(by, pebble)
    held = [m.card for m in combat.live_monsters()] if combat is not None else []
    held += [c for p in (t.a,) for pile in (p.items, p.races, p.classes, p.sidekicks,
                                            p.others, p.curses) for c in pile]
    for inst in held:
        for ab in inst.data.abilities if inst.data.id == card.id else ():
            # a line with a cost, a `may` or a number of uses is used, not read
            if ab.timing == "continuous" and (ab.costs or ab.uses or any(
                    e.optional for e in ab.effects)):
                with contextlib.suppress(EngineError):
                    g.use(t.a, inst, ab)


def _played_by_b(t: Table, gen: Generated) -> None:
    """The card under test was played by B (a monster B brought into A's fight, as a
    Wandering Monster does), B helping: `the player who played this card` is B (a
    kicked-open card has no player, so the line names nobody in the other set-ups)."""
    plain_new = t.new

    def new_played_by_b() -> Any:
        card = plain_new()
        card.played_by = t.b
        return card
    t.new = new_played_by_b  # type: ignore[method-assign]
    _helped(t, gen)  # (B helps A: a strength change to B counts in the fight, also in one
    _b_helps_from_the_start(t)  # the probe opens with the monster under test itself)


def _b_helps_from_the_start(t: Table) -> None:
    """B helps A as soon as A's fight opens, also one the probe opens with the monster under
    test itself (which no ``helped`` fight of the table sees)."""
    start = t.game.start_combat

    def start_helped(*args: Any, **kwargs: Any) -> Any:
        out = start(*args, **kwargs)
        combat = t.game.state.combat
        if combat is not None and combat.helper is None and combat.fighter is t.a:
            with contextlib.suppress(EngineError):
                t.game.help(t.b)
        return out
    t.game.start_combat = start_helped  # type: ignore[method-assign]


SETUPS = (*SETUPS, _played_by_b)


def _counted_traits(t: Table, gen: Generated) -> None:
    """Every player is the race, class, sex or tag a count of players counts (`for every 2
    players who are Elves`, `if there are at least 2 players who are female`: the ruleset's
    spelling, which the line's own word, plural or capitalised, is not), the dice kind."""
    found: set[str] = set()
    for ab in t.card_data.abilities:
        for part in (*ab.effects, *ab.conditions, *(getattr(c, "counts", None)
                                                     for c in ab.conditions)):
            if getattr(part, "for_each", None) == "players_who_are":
                found.add(str(part.for_each_tag))
    for p in (t.a, t.b, t.c):
        p.bare_traits = set(p.bare_traits) | found
    t.game.forced_rolls = [6] * 12


SETUPS = (*SETUPS, _counted_traits)


def _spelled_by_helper(t: Table, gen: Generated) -> None:
    """B, helping A, plays two Pebbles into A's fight once it is on (`+2 for each one-shot
    played into this combat by a player other than the fighter`, `+1 for every 2 cards ...
    by the helper`), titled as the line's quoted title if it says one (`for each "Trick"
    played into this combat`)."""
    assert isinstance(t, Probe)
    t.plays_in, t.plays_in_by = True, "b"  # type: ignore[attr-defined]
    title = next(iter(re.findall(r'"([^"]+)"', gen.line)), None)
    t.plays_in_cards = [  # type: ignore[attr-defined]
        _probe_card(t, "pebble", title) if title else t.game.new_card("pebble")
        for _ in range(2)]
    _helped(t, gen)
    _b_helps_from_the_start(t)  # (a monster under test opens its own fight)


SETUPS = (*SETUPS, _spelled_by_helper)


def _gain_source(reason: str) -> Callable[[Table, Generated], None]:
    """A level gain the probe makes (`when you would gain a level`, `instead of gaining a
    level`, another player's gain) comes from ``reason`` (a sale, a kill) instead of a
    card: `if the gain comes from selling` is read true there (parts/happenings.py)."""
    def setup(t: Table, gen: Generated) -> None:
        plain = t.game.gain_levels

        def gain(player: Any, n: int, why: str, *args: Any, **kwargs: Any) -> int:
            return plain(player, n, reason if why == "card" else why, *args, **kwargs)
        t.game.gain_levels = gain  # type: ignore[method-assign]
    setup.__name__ = f"_gained_by_{reason}"
    return setup


SETUPS = (*SETUPS, _gain_source("sell"), _gain_source("kill"))


def _hands_of_kinds(t: Table, gen: Generated) -> None:
    """Every player holds in hand a card of each kind (a curse, a one-shot, a monster, an
    item worth little and a Big one worth much, a race, a class), an item tagged with each
    name the line says and a one-shot of each title it quotes, each also worth nothing, B
    helping: `discard a one-shot from your hand`, `give every curse in your hand to ...`,
    `discard a Steed worth 300 or more from your hand`, `put all "Trick" cards worth 4 or
    less from your hand ...` find a card to move."""
    rs = load_ruleset(gen.ruleset)
    g = t.game
    made = [("torch", w, (w,)) for w in sorted(_line_names(gen) - {UNKNOWN_NAME, *rs.decks})]
    made += [("pebble", title, ()) for title in re.findall(r'"([^"]+)"', gen.line)]
    for p in (t.a, t.b, t.c):
        p.hand.extend(g.new_card(cid) for cid in (
            "hex", "pebble", "weakling", "torch", "anvil", "probeling", "prober"))
        for like, word, tags in made:
            card = _probe_card(t, like, word, tags)
            free = dataclasses.replace(card.data, id=f"{card.data.id}-free", value=0)
            g.by_id.setdefault(free.id, free)
            g.state.next_uid += 1
            p.hand += [card, CardInst(g.by_id[free.id], g.state.next_uid)]
    _helped(t, gen)


SETUPS = (*SETUPS, _hands_of_kinds)


#: where a card of a kind stands in play (the player's zone), for the set-up below
_ZONE_OF = {"item": "items", "one-shot": "items", "sidekick": "sidekicks",
            "hireling": "sidekicks", "race": "races", "class": "classes", "curse": "curses",
            "trap": "curses", "disaster": "curses"}


def _dear_in_play(t: Table, gen: Generated) -> None:
    """Every player has in play, for each filter a worth condition of the line names (`if
    victim has an item worth 1000 credits or more`, `... a Sidekick worth at least 200`),
    a card of it worth 5000, B helping: the condition then holds."""
    g = t.game
    wanted = {str(c.value) for ab in t.card_data.abilities for c in ab.conditions
              if c.predicate == "has_worth"}
    for what in sorted(wanted):
        kind = what if what in _ZONE_OF else "item"
        deck = {"deck": what} if what in ("door", "treasure") else {}
        data = dataclasses.replace(g.by_id["torch"], id=f"dear-{what}", kind=kind,
                                   tags=(what,), value=5000, **deck)
        g.by_id.setdefault(data.id, data)
        for p in (t.a, t.b, t.c):
            g.state.next_uid += 1
            getattr(p, _ZONE_OF.get(kind, "items")).append(CardInst(g.by_id[data.id],
                                                                     g.state.next_uid))
    _helped(t, gen)


SETUPS = (*SETUPS, _dear_in_play)


def _hoarder(t: Table, gen: Generated) -> None:
    """A carries twenty more items: seven one-handed daggers, seven of them two-handed (the
    probe's dagger, held in two hands) and two of each worn slot, B helping: a count over a
    threshold (`for each item you carry beyond the twelfth`) and a count of the hands an
    item takes (`for each two-handed item`) then count more than 0, and `if you carry at
    least 2 footgear` holds."""
    g = t.game
    club = dataclasses.replace(g.by_id["dagger"], id="probe-club", slot="two_hands")
    g.by_id.setdefault(club.id, club)
    for n in range(14):
        if n % 2:
            g.state.next_uid += 1
            t.a.items.append(CardInst(g.by_id[club.id], g.state.next_uid))
        else:
            t.a.items.append(g.new_card("dagger"))
    for cid in ("cap", "helm", "trinket", "trinket", "mail", "mail"):  # two of each slot
        t.a.items.append(g.new_card(cid))
    _helped(t, gen)


SETUPS = (*SETUPS, _hoarder)


def _crowd(level: int, others: int) -> Callable[[Table, Generated], None]:
    """Three more players (D, E, F, level ``others``) sit at the table and A is level
    ``level``, B helping; each newcomer, B and C have a Big anvil, a fire Torch and a
    Scorch curse on them, the newcomers a card of each tag the line names too: a count of
    players by level or by what they hold over a threshold (`for each player whose level
    is higher than yours beyond the second`, `for each other player with a curse in play
    after the third`) then counts more than 0."""
    def setup(t: Table, gen: Generated) -> None:
        g = t.game
        said = {w for w in gen.line.replace(",", " ").split() if w.isalpha()}
        t.a.level = level
        for name in "DEF":
            p = Player(name, len(g.state.players))
            p.level = others
            p.items.extend(g.new_card(cid) for cid in ("anvil", "torch"))
            p.curses.append(g.new_card("scorch"))
            for w in sorted(said):  # (a tag the line names: `with a Steed`)
                card = dataclasses.replace(g.by_id["cloak"], id=f"probe-tag-{w}", tags=(w,))
                g.by_id.setdefault(card.id, card)
                g.state.next_uid += 1
                p.items.append(CardInst(g.by_id[card.id], g.state.next_uid))
            g.state.players.append(p)
        for p in (t.b, t.c):  # (so five players hold each)
            p.items.extend(g.new_card(cid) for cid in ("anvil", "torch"))
            p.curses.append(g.new_card("scorch"))
        _helped(t, gen)
    setup.__name__ = setup.__qualname__ = f"_crowd_{level}_{others}"
    return setup


SETUPS = (*SETUPS, _crowd(1, 9), _crowd(9, 1))
