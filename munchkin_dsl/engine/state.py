"""Game state: plain mutable dataclasses, no behaviour beyond small queries.

The state is mutable (a game is thousands of small changes; copying frozen trees per
change would cost the simulator most of its speed) but every change goes through
:class:`munchkin_dsl.engine.game.Game`, which checks the invariants after each action in
debug mode.  Card instances wrap the compiled :class:`CardData` with a uid, because a
simulated deck holds several copies of one card and the engine must tell them apart.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from munchkin_dsl.compiler.effects import Ability, CardData, Effect

#: Worn-slot capacity; hands count one_hand as 1 and two_hands as 2.
SLOT_CAPACITY = {"headgear": 1, "armor": 1, "footgear": 1, "hands": 2}
WIN_LEVEL = 10


@dataclass(eq=False)
class CardInst:
    """One physical card: the compiled data plus an identity and table state."""

    data: CardData
    uid: int
    worn: bool = False  # items: worn (counts) or carried sideways (does not)
    two_handed: bool = False  # a one-hand item wielded with both hands (TwoHandedBonus)
    #: an item enhancer or Cheat!: the item it is attached to (it stays with that item).
    attached_to: CardInst | None = None
    #: an item its owner chose to carry rather than wear (`unequip`): equip() skips it.
    benched: bool = False
    #: counters put on the card (`put a counter on this`); gone when it leaves play
    counters: int = 0
    #: the dice rolled for the amount of a line read while the card is in play, rolled as it
    #: is played (a monster enhancer's `+2 for each point of a die`: engine/combat.counted)
    rolled: int = 0
    #: worn on an extra slot a card gives (Hireling's "slot limit +1").
    extra_slot: bool = False
    #: an item's Big or slot as cards change them (`attached item is no longer big`),
    #: worked out by engine/item_traits.refresh; empty: as printed
    traits: dict[str, Any] = field(default_factory=dict)
    #: a card's standing `choose one` lines: ability index -> the alternative chosen as it
    #: came into play (engine/item_traits.choose_as_attached)
    chosen: dict[int, int] = field(default_factory=dict)
    #: who played it: a curse on its victim, a monster into a fight (`the player who played
    #: this card`); None for a card kicked open from the deck
    played_by: Player | None = field(default=None, repr=False)
    #: copies of the data's id, kind and English name: read on every strength count, so
    #: kept as plain attributes rather than properties (the data never changes).
    id: str = field(init=False, repr=False)
    kind: str = field(init=False, repr=False)
    name: str = field(init=False, repr=False)

    def is_big(self) -> bool:
        """Whether the item is Big now: printed, unless a card changes it (``traits``)."""
        return bool(self.traits.get("big", self.data.big))

    def in_category(self, cat: str) -> bool:
        """Whether the item counts toward a limit of one: `big` (as cards change it) or
        `aggregate` (Star Munchkin's)."""
        return self.is_big() if cat == "big" else bool(getattr(self.data, cat))

    def slot_now(self) -> str | None:
        """The item's slot now (None: no hands, no slot), after the cards changing it."""
        return self.traits.get("slot", self.data.slot)

    def __post_init__(self) -> None:
        data = self.data
        self.id = data.id
        self.kind = data.kind
        names = data.names
        self.name = names.get("en") or next(iter(names.values()), data.id)

    @property
    def value(self) -> int:
        return self.data.value or 0

    def __repr__(self) -> str:
        return f"<{self.id}#{self.uid}>"


@dataclass(eq=False)
class Lasting:
    """A line with a duration that a player played or used (`until the end of the turn:
    +2 to you` on a one-shot): its effects count for ``holder`` until the duration ends
    (engine/durations.py says when), then the entry goes and the trace says so."""

    card: CardInst
    ability: Ability
    #: who played it: the `your` of `until your next turn`
    by: Player
    #: the turn it was played in (`until the end of your next turn` skips that one's end)
    turn: int
    #: the fight open when it was kept on another player (`-2 to every other player in
    #: their next combat`): that fight is not their next one, so it neither counts nor ends it
    since: Combat | None = field(default=None, repr=False)
    #: a Bad Stuff's (`bad stuff, until the end of your next turn: +3 to monster`): it
    #: counts in its holder's own fights only, as the monster's `you` and `monster` are the
    #: victim and the one they fight, not every fight at the table
    own: bool = False
    #: the fights of ``holder`` that closed while it counted (`for your next 3 combats`)
    fights: int = 0


@dataclass(eq=False)
class Player:
    """One seat: level, sex, cards in play, hand, curses on them."""

    name: str
    seat: int
    level: int = 1
    sex: str = "male"
    races: list[CardInst] = field(default_factory=list)
    classes: list[CardInst] = field(default_factory=list)
    #: race/class names the scenario gave without a card (e.g. "Guerrilla").
    bare_traits: set[str] = field(default_factory=set)
    items: list[CardInst] = field(default_factory=list)
    hand: list[CardInst] = field(default_factory=list)
    #: persistent curses and "next combat" curses waiting for their combat.
    curses: list[CardInst] = field(default_factory=list)
    sidekicks: list[CardInst] = field(default_factory=list)
    #: other cards kept in play (Half-Breed, Super Munchkin, Paranoia, hirelings).
    others: list[CardInst] = field(default_factory=list)
    dead: bool = False
    needs_deal: bool = False
    levels_this_turn: int = 0
    #: how the player last went up: "start", "kill", "card", "override", "sell", "help".
    last_gain: str = "start"
    treasures_drawn: int = 0
    lost: list[str] = field(default_factory=list)
    used_once: set[str] = field(default_factory=set)  # once_per_turn / once_per_game keys
    #: what lasting effects left on the player (engine/lasting.py): `marker` (put a
    #: marker on), `skip_turn`, `skip_kick` -> how many
    markers: dict[str, int] = field(default_factory=dict)
    #: monsters that follow the player to their next fight (engine/monster_moves.py)
    followers: list[CardInst] = field(default_factory=list)
    #: lines played or used with an `until ...` that last on this player (engine/durations)
    lasting: list[Lasting] = field(default_factory=list)

    def in_play(self) -> list[CardInst]:
        """Every card of this player whose continuous abilities are active."""
        return [*self.races, *self.classes, *self.items, *self.curses, *self.sidekicks,
                *self.others]

    def worn_items(self) -> list[CardInst]:
        return [c for c in self.items if c.worn]

    def traits(self) -> set[str]:
        """Races, classes and sex: what 'is' conditions and 'against' test."""
        out = set(self.bare_traits)
        for c in (*self.races, *self.classes):
            out.add(c.name)
            out.update(c.data.counts_as)  # `counts as Elf`: a Forest Elf is an Elf
        if not self.races and (not self.bare_traits or self.bare_traits.isdisjoint(
                _RACE_WORDS)):
            out.add("Human")
        out.add(self.sex)
        return out

    def __repr__(self) -> str:
        return f"<Player {self.name} L{self.level}>"


_RACE_WORDS = {"Elf", "Dwarf", "Halfling", "Orc", "Cyborg", "Mutant", "Feline"}


@dataclass(eq=False)
class MonsterInst:
    """A monster in a fight; a Mate/Clone copy points at the monster it copies."""

    card: CardInst
    enhancers: list[CardInst] = field(default_factory=list)
    copy_of: MonsterInst | None = None
    copy_with_treasure: bool = True
    extra_tags: set[str] = field(default_factory=set)
    removed: bool = False  # defeated without a kill, or sent away
    removed_with_treasure: bool = False
    defeated: bool = False  # defeated without a kill (not sent away): its `when defeated`
    #: players who escape this one monster with no roll (`you escape one monster`)
    let_go: set[str] = field(default_factory=set)
    #: brought back by `must fight it again at the start of their next turn`
    came_back: bool = False

    @property
    def name(self) -> str:
        return self.card.name + (" (copy)" if self.copy_of else "")

    def all_enhancers(self) -> list[CardInst]:
        """Enhancers that apply: its own, and for a copy those of the original too."""
        if self.copy_of is not None:
            return [*self.copy_of.enhancers, *self.enhancers]
        return list(self.enhancers)

    def tags(self) -> set[str]:
        own = set(self.card.data.tags) | self.extra_tags
        if self.copy_of is not None:
            own |= self.copy_of.tags()
        return own


@dataclass
class Mod:
    """A strength change played into a combat (one-shot, ability, curse)."""

    side: str  # "player" or "monster"
    amount: int
    source: CardInst | None
    label: str
    player: Player | None = None
    monster: MonsterInst | None = None
    #: a strength operator played as the side stood (`double the strength of monster`):
    #: a monster's own operator line does not redo it (engine/monster_operators.py)
    operator: bool = False


@dataclass(eq=False)
class Combat:
    """The open fight: who fights, the monsters, what was played into it."""

    fighter: Player
    helper: Player | None = None
    monsters: list[MonsterInst] = field(default_factory=list)
    mods: list[Mod] = field(default_factory=list)
    #: effects applied for the rest of the combat: (effect, source card, owner).
    extras: list[tuple[Effect, CardInst | None, Player | None]] = field(default_factory=list)
    played: list[CardInst] = field(default_factory=list)  # discarded when the combat ends
    #: cards played into it whose lines wait for its loss, and who played each
    #: (`if you lose this combat`, engine/combat_riders.py)
    riders: list[tuple[CardInst, Player]] = field(default_factory=list)
    used: set[str] = field(default_factory=set)  # frequency keys
    helper_share: int = 0  # treasures promised to the helper
    winning_fight: bool = False
    #: the helper was forced to help (Drafted Volunteer): may leave a winning-level fight
    forced_helper: bool = False
    #: players who discarded a card into this fight (Heckling Crowd counts them)
    discarded_by: list[str] = field(default_factory=list)
    outcome: str | None = None
    #: the treasures each player drew for this fight won (`the treasures you just drew`)
    spoils: dict[str, list[CardInst]] = field(default_factory=dict)

    def players(self) -> list[Player]:
        return [self.fighter] if self.helper is None else [self.fighter, self.helper]

    def played_in(self, card: CardInst, by: Player | None) -> None:
        """``card`` goes with the fight as played into it by ``by``, kept on the card
        (``played_by``) so a count of the cards played reads who played them
        (`for each one-shot played into this combat by the helper`, engine/counts.py)."""
        card.played_by = by
        self.played.append(card)

    def live_monsters(self) -> list[MonsterInst]:
        return [m for m in self.monsters if not m.removed]

    def cards_played(self) -> list[CardInst]:
        """Every card a player played into the fight, as a player counts them (`for each
        card played into this combat`): one-shots, curses and door cards (``played``),
        monster enhancers on its monsters, and monsters brought in from a hand (a
        Wandering Monster's, a horde's); not the monster the fight began with, nor a copy."""
        brought = [m.card for m in self.monsters if m.copy_of is None
                   and m.card.played_by is not None]
        enhancers = [e for m in self.monsters for e in m.enhancers]
        return [*self.played, *enhancers, *brought]


@dataclass
class Event:
    """Something the simulator counts (a fight, Bad Stuff, an item used)."""

    kind: str
    data: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Happening:
    """The facts of the event a line reacts to (language/parts/happenings.py): what set a
    loss off ("bad_stuff", "curse", "card", or "" for a rule of the game), what a sale was
    worth and how many levels it bought."""

    cause: str = ""
    levels: int = 0
    worth: int = 0
    #: the card about to be lost (`if the loss takes this card`)
    lost: CardInst | None = None
    #: where a level gain comes from: "kill", "sell" or "card" (`if the gain comes from
    #: selling`; engine/victory.gain_levels)
    source: str = ""


@dataclass
class ScopedMark:
    """Markers ``count`` of ``key`` on ``player`` that last ``until`` (a duration id), put
    by a line of ``by`` in ``turn``."""

    player: Player
    key: str
    count: int
    until: str
    by: Player | None
    turn: int


@dataclass(eq=False)
class GameState:
    """Everything on the table."""

    players: list[Player]
    decks: dict[str, list[CardInst]]  # top of a deck is the END of the list
    discards: dict[str, list[CardInst]]
    rng: random.Random
    open_seals: list[CardInst] = field(default_factory=list)  # top open Seal is last
    combat: Combat | None = None
    current: int = 0
    turn: int = 0
    #: the current turn has ended already (`A ends turn` in a scenario): the next turn's
    #: start does not end it again
    turn_over: bool = False
    over: bool = False
    winners: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    #: (player, kind, amount, during_combat, reason) for every reward given.
    rewards: list[tuple[str, str, int, bool, str]] = field(default_factory=list)
    next_uid: int = 0
    #: players who met a monster as the fighter this turn (they may not loot the room)
    met_monster: set[str] = field(default_factory=set)
    #: (player, base event) of what each player did this turn (engine/turn_facts.py)
    turn_facts: set[tuple[str, str]] = field(default_factory=set)
    #: every player's hand (card uids) when the turn started: own_turn.refusal
    hands_at_turn_start: dict[str, frozenset[int]] | None = None
    #: (seat, card id) of every card drawn, in order (simulate's per-card figures)
    drawn: list[tuple[int, str]] = field(default_factory=list)
    #: the player side's strength minus the monsters' in the last fight won (`if you win
    #: by 10 or more`)
    last_margin: int = 0
    #: markers put for a duration (`until end of combat, put a marker on fighter`): taken
    #: off as it ends (engine/durations.ends)
    scoped_marks: list[ScopedMark] = field(default_factory=list)
    #: the monsters' strength minus the player side's as the players ran from the last fight
    #: (`lose 1 level for every 5 points you lost by`)
    last_loss: int = 0
    #: the cause of what the line running now does, innermost last (engine/happenings.py:
    #: `if the loss comes from bad stuff`), and the events lines are reacting to
    causes: list[str] = field(default_factory=list)
    happening: list[Happening] = field(default_factory=list)

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name.casefold() == name.casefold():
                return p
        raise KeyError(name)


def ability_key(card: CardInst, ability: Ability) -> str:
    """A stable key for frequency budgets (once per combat/turn/game)."""
    return f"{card.uid}:{ability.label or ability.timing}:{id(ability)}"


def frequency_budget(state: GameState, owner: Player | None, card: CardInst,
                     ability: Ability, target: Player | None = None
                     ) -> tuple[set[str], str] | None:
    """Where an ability's uses are counted and under which key, or None (no limit): the
    one place "once per combat", "once per victim per combat", "once per turn" and "once
    per game" are kept.  Per combat: the open combat's set; per turn: the owner's set under
    a key that names the turn (so it is free again next turn); per game: the owner's set."""
    freq = ability.frequency
    if not freq:
        return None
    key = ability_key(card, ability)
    if freq == "once_per_victim_per_combat":
        if target is None:
            return None
        key += f":{target.name}"
    if freq.endswith("per_combat"):
        if state.combat is None:
            return None
        return state.combat.used, key
    if owner is None:
        return None
    if freq == "once_per_turn":
        key += f":turn {state.turn}"
    return owner.used_once, key
