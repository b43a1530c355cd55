"""The conformance suite's machinery: every combination the checker accepts runs.

Generated from the registry (``munchkin_dsl/data/timings.toml`` and ``effects.toml``):
for every card kind x timing x effect kind, the smallest card that writes the
combination is checked like any pack.  Refused combinations must carry a diagnostic
(E202/E220/E221...).  Each accepted one is played twice in the engine from the same
table: once with the card's line and once with the same card bare (no lines), and the
game must differ in what the registry's ``observe`` names (a level, a hand, a strength
sum, an escape...).  The timing always fires from the engine's own flow (a door kicked
open, a curse played on the owner, a run-away roll that fails), never by calling the
effect directly.

Used by ``tests/test_conformance.py`` and by ``python tests/conformance.py``, which
prints the counts quoted in the README.
"""

from __future__ import annotations

import dataclasses
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from munchkin_dsl import data
from munchkin_dsl.base.diagnostics import DiagnosticSink, Severity
from munchkin_dsl.compiler.api import check_pack, lower_pack
from munchkin_dsl.compiler.checks import inert
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.engine import EngineError, Game, counters, durations, events, help_bans
from munchkin_dsl.engine.algebra_cards import PLAYABLE
from munchkin_dsl.engine.algebra_conditions import matches
from munchkin_dsl.engine.policy import DefaultPolicy
from munchkin_dsl.engine.rewards import kill_level_change
from munchkin_dsl.engine.state import CardInst, Player
from munchkin_dsl.language import registry
from munchkin_dsl.language.parts.event_groups import stays_on_victim
from munchkin_dsl.language.parts.own_events import ANY
from munchkin_dsl.language.parts.riders import rider
from munchkin_dsl.language.parts.waiting import NEXT_VICTIM, THAT_FORMS, base_timing, split

#: A ruleset per kind: Seals need a line that has them.
SEAL_RULESET = "munchkin-apocalypse"
PLAIN_RULESET = "munchkin-1.6"
SEAL_TIMINGS = frozenset({"when_seal_opens", "while_open", "on_open", "when_seal_closes",
                          "when_other_opens_seal", "when_you_open_seal"})

#: Stats a kind must have to check at all.
REQUIRED = {"monster": "level 4; treasures 1; ", "item": "bonus +1; footgear; "}

#: The table every game starts from (one pack per ruleset).
BASE_PACK = """pack conformance-base {{
  title "Conformance table"
  version "1"
  ruleset {ruleset}
}}
monster weakling "Weakling" {{ level 1; treasures 1; bad stuff: lose 1 level }}
monster brute "Brute" {{ level 18; treasures 2; bad stuff: discard headgear }}
monster ghoul "Ghoul" {{ level 2; treasures 1; tags Undead, Dragon; bad stuff: lose 1 level }}
monster drake "Drake" {{ level 2; treasures 1; tags Dragon; bad stuff: lose 1 level }}
curse hex "Hex" {{ persistent; in combat: -1 to victim }}
curse jinx "Jinx" {{ victim loses 1 level }}
item cap "Cap" {{ bonus +1; headgear; value 200 }}
item dagger "Dagger" {{ bonus +1; one hand; value 500 }}
item trinket "Trinket" {{ bonus +1; footgear; value 300 }}
item helm "Helm" {{ bonus +2; headgear; value 400 }}
item elfboots "Elf Boots" {{ bonus +2; footgear; usable by female only; value 100 }}
one-shot pebble "Pebble" {{ value 100; in combat: +1 to you }}
item torch "Torch" {{ bonus +2; one hand; value 100; tags fire }}
curse scorch "Scorch" {{ persistent; tags fire; in combat: -1 to victim }}
item boulder "Boulder" {{ bonus +3; big; value 300 }}
item crate "Crate" {{ bonus +1; big; value 200 }}
item cloak "Cloak" {{ bonus +0; value 100
  instead of run away roll, discard this card: you escape every monster }}
race swapling "Swapling" {{ +1 to run away }}
class swapper "Swapper" {{ +1 to run away }}
"""
#: The tags of the base table's cards, for lines that name them (`ignore fire bonuses`).
TAGS_CARD = 'monster tagged "Tagged" { level 1; treasures 1; tags Undead, Dragon, fire }\n'
SEALS = "".join(f'seal sealed{n} "Sealed {n}" {{ while open: +1 to fighter }}\n'
                for n in range(5))


@dataclass(frozen=True)
class Combo:
    """One card kind x timing x effect kind (and variant), and the card that writes it."""

    kind: str
    timing: str
    effect: str
    variant: str | None = None

    @property
    def id(self) -> str:
        return f"{self.kind}.{self.timing}.{self.effect}" + (
            f":{self.variant}" if self.variant else "")

    @property
    def spec(self) -> registry.EffectSpec:
        return registry.effects()[self.effect].variant(self.variant)

    @property
    def ruleset(self) -> str:
        seals = (self.kind == "seal" or base_timing(self.timing) in SEAL_TIMINGS
                 or registry.effects()[self.effect].deck == "seal")
        return SEAL_RULESET if seals else PLAIN_RULESET

    def line(self) -> str | None:
        """The effect line, or None when the timing cannot be written on this kind."""
        spec = self.spec
        example = spec.monster_example if (self.kind in ("monster", "monster-enhancer") and
                                          spec.monster_example) else spec.example
        words = registry.timings()[self.timing]
        default = default_timing(self.kind)
        if words.phrase is None:  # implied (on_play): only as the kind's default
            return example if default == self.timing else None
        return f"{words.words}: {example}"

    def card(self, card_id: str) -> str | None:
        line = self.line()
        if line is None:
            return None
        kind_words = data.kinds()[self.kind]["words"]
        stays = "persistent; " if self.needs_persistent() else ""
        return (f'{kind_words} {card_id} "{card_id}" {{ {REQUIRED.get(self.kind, "")}{stays}'
                f"{line} }}\n")

    def needs_persistent(self) -> bool:
        """A door or treasure acts at a timing of cards in play only when `persistent`
        (E227): the suite writes that card, which the engine plays into play."""
        carriers = registry.timings()[self.timing].carriers
        return (self.kind in inert.STAYS_IF_PERSISTENT and "one-shot" not in carriers
                and self.timing not in inert.FROM_THE_DECK
                or self.kind in inert.CURSE_LIKE and self.timing in stays_on_victim())


def readme_counts(pattern: str) -> list[int] | None:
    """The numbers the README quotes where ``pattern`` (a regex of number groups) matches:
    the conformance suites check that their sentence is not stale."""
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    match = re.search(pattern, text)
    return [int(g.replace(",", "")) for g in match.groups()] if match else None


def default_timing(kind: str) -> str:
    return str(data.kinds()[kind]["timing"])


def combos() -> list[Combo]:
    out = []
    for kind in data.kinds():
        for timing in registry.timings():
            for effect, spec in registry.effects().items():
                out.append(Combo(kind, timing, effect))
                out.extend(Combo(kind, timing, effect, v) for v in spec.variants)
    return out


# ---------------------------------------------------------------- checking
@dataclass
class Checked:
    accepted: dict[str, tuple[Combo, CardData, CardData]]  # id -> combo, card, bare card
    refused: dict[str, tuple[Combo, list[str]]]  # id -> combo, diagnostic codes
    unwritable: list[Combo]
    base: dict[str, list[CardData]]  # ruleset -> base cards


def _compile_pack(folder: Path, header: str, body: str) -> tuple[Any, DiagnosticSink]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.munch").write_text(header + body, encoding="utf-8")
    sink = DiagnosticSink()
    return check_pack(folder, sink), sink


#: the combinations checked in one pack (a pack file may be at most 32 MiB, E012)
CHUNK = 200_000


@cache
def check_all() -> Checked:
    """Check every combination (one pack per ruleset, one card per combination)."""
    out = Checked({}, {}, [], {})
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for ruleset in (PLAIN_RULESET, SEAL_RULESET):
            header = BASE_PACK.format(ruleset=ruleset)
            body = SEALS if ruleset == SEAL_RULESET else ""
            pack, sink = _compile_pack(root / f"base-{ruleset}", header, body)
            errors = [d for d in sink.items if d.severity is Severity.ERROR]
            assert not errors, [str(d) for d in errors]
            out.base[ruleset] = lower_pack(pack)
        by_ruleset: dict[str, list[tuple[str, Combo]]] = {}
        for n, combo in enumerate(combos()):
            text = combo.card(f"c{n}")
            if text is None:
                out.unwritable.append(combo)
                continue
            by_ruleset.setdefault(combo.ruleset, []).append((text, combo))
        # one pack per ruleset and CHUNK cards: a pack file may be at most 32 MiB (E012)
        batches = [(ruleset, n, cards[n:n + CHUNK]) for ruleset, all_cards in by_ruleset.items()
                   for cards in (all_cards,) for n in range(0, len(cards), CHUNK)]
        for ruleset, n, cards in batches:
            header = (f'pack conformance-{ruleset} {{ title "C"; version "1"; ruleset {ruleset}'
                      f" }}\n")
            # the base table's tags, declared last so a card's line number stays its index
            body = "".join(text for text, _ in cards) + TAGS_CARD
            pack, sink = _compile_pack(root / f"cards-{ruleset}-{n}", header, body)
            pack.cards = pack.cards[:-1]
            by_line: dict[int, list[str]] = {}
            for d in sink.items:
                if d.severity is Severity.ERROR and d.span is not None:
                    by_line.setdefault(d.span.line, []).append(d.code)
            good = []
            for line_no, (card, (_text, combo)) in enumerate(zip(pack.cards, cards,
                                                                strict=True), start=2):
                codes = by_line.get(line_no)
                if codes:
                    out.refused[combo.id] = (combo, codes)
                else:
                    good.append((card, combo))
            pack.cards = [card for card, _ in good]
            lowered = lower_pack(pack)
            for data_card, (_card, combo) in zip(lowered, good, strict=True):
                bare = dataclasses.replace(data_card, id=data_card.id + "-bare", abilities=())
                out.accepted[combo.id] = (combo, data_card, bare)
    return out


# ---------------------------------------------------------------- playing
class Table:
    """A small game set for a combination: players A (the owner), B and C."""

    def __init__(self, base: list[CardData], card: CardData, ruleset: str) -> None:
        self.card_data = card
        self.game = Game([*base, card], ["A", "B", "C"], seed=7, deal=False,
                         ruleset=ruleset)
        g = self.game
        self.a, self.b, self.c = (g.state.player(n) for n in "ABC")
        self.a.level, self.b.level, self.c.level = 3, 5, 2
        g.state.current = 0
        for p in (self.a, self.b, self.c):
            for cid in ("pebble", "pebble", "cap", "trinket"):
                p.hand.append(g.new_card(cid))
        g.put_in_play(self.a, g.new_card("cap"))
        g.put_in_play(self.a, g.new_card("dagger"))
        g.put_in_play(self.b, g.new_card("dagger"))
        if g.rules.has_seals():
            g.open_seal(self.c)  # one Seal open, so one can close; one left to open

    def new(self) -> CardInst:
        return self.game.new_card(self.card_data.id)

    def fight(self, monster: str = "brute") -> None:
        if self.game.state.combat is None:
            self.game.start_combat(self.a, self.game.new_card(monster))


def _in_play(t: Table) -> CardInst:
    """Put the card on A's table the way its kind goes there."""
    g, card = t.game, t.new()
    kind = t.card_data.kind
    if kind in g.rules.curse_kinds:
        t.c.hand.append(card)
        g.curse(t.a, card, by=t.c)
        if card not in t.a.curses:  # a one-off curse: keep it on A for the comparison
            t.a.curses.append(card)
        return card
    if kind == "item-enhancer":  # on an item A carries but cannot wear, if there is one
        t.a.hand.append(card)
        carried = [c for c in t.a.items if not c.worn]
        g.play(t.a, card, extra=carried[0] if carried else None)
        return card
    if kind in ("door", "treasure"):  # a card kept in play (`persistent`), come in now
        t.a.others.append(card)      # as when played (its `until ...` lines count from now)
        durations.entered(t.a, card, g.state.turn)
        g.equip(t.a)
        return card
    t.a.hand.append(card)
    g.put_in_play(t.a, card)
    return card


def _use(t: Table, card: CardInst, effect: str = "") -> None:
    """A uses every ability of a card in play (a player's choice to use it)."""
    for ab in card.data.abilities:
        t.game.use(t.a, card, ab, on_player=t.a if effect == "cancel" else t.b)


def _play(t: Table, combat: bool, effect: str = "") -> None:
    """A plays the card from the hand (a curse-like card: C plays it on A)."""
    g, card = t.game, t.new()
    kind = t.card_data.kind
    if combat:
        t.fight()
    if kind in g.rules.curse_kinds:
        t.c.hand.append(card)
        g.play(t.c, card, on_player=t.a)
    elif kind == "monster-enhancer":
        t.b.hand.append(card)
        g.play(t.b, card)
    elif kind == "monster":
        if g.state.combat is not None:
            g.state.combat = None
        t.a.hand.append(card)
        g.play(t.a, card)
    elif kind == "seal":
        g.state.decks.setdefault("seal", []).append(card)
        g.open_seal(t.a)
    else:
        t.a.hand.append(card)
        g.play(t.a, card, on_player=t.a if effect == "cancel" else t.b)


TABLE_KINDS = frozenset({"race", "class", "item", "sidekick", "hireling", "item-enhancer",
                         "door", "treasure"})


class _SixOnAFail(DefaultPolicy):
    """Plays a die-changing one-shot (Policy.change_die) on its holder's failed roll."""

    def change_die(self, _game: Game, holder: Player, roller: Player | None, _purpose: str,
                   die: int, need: int | None) -> int | None:
        return 6 if roller is holder and need is not None and die < need else None


def _curse_then_fight(t: Table) -> None:
    """The card under test, played by C as a curse on A, then A's next fight: the window
    of a curse that waits for the victim's next combat or run-away roll."""
    card = t.new()
    t.c.hand.append(card)
    t.game.curse(t.a, card, by=t.c)
    t.fight()


#: The card B plays on A for a `when targeted by KIND` line, by the kind it waits for (the
#: trap and the disaster are on the grammar sweep's table; elsewhere the curse stands in).
TARGETING = {"curse": "hex", "trap": "snare", "disaster": "calamity"}


def _targeting(t: Table) -> str:
    kinds = [ab.targeted_by for ab in t.card_data.abilities if ab.targeted_by]
    card_id = TARGETING.get(kinds[0] if kinds else "curse", "hex")
    return card_id if card_id in t.game.by_id else "hex"


def _other_sells(t: Table) -> None:
    g = t.game
    g.state.current = g.state.players.index(t.b)
    if not t.b.hand:  # a set-up that empties B's hand (`_short_handed`): B still sells
        t.b.hand.append(g.new_card("trinket"))
    g.sell(t.b, [t.b.hand[-1]])  # Trinket, 300 gold: no level, but a sale
    g.state.current = 0


def _you_ask_help(t: Table) -> None:
    """A fights the Brute and asks C for help, then both run (unless a reaction ended the
    game: `end the game`)."""
    _helps_you(t)
    if not t.game.state.over:
        t.game.run_away([6] * 4)


def _other_loots(t: Table) -> None:
    """B loots the room on B's turn (`when another player loots the room`)."""
    g = t.game
    g.state.current = g.state.players.index(t.b)
    g.loot_room(t.b)
    g.state.current = 0


def _you_sell(t: Table) -> None:
    """A sells a Trinket on A's turn, worth what B's dearest card is (300 gold: a sale
    with no level; 6000 in the probe's dear-sale set-up: `if the sale buys a level`)."""
    trinket = t.game.new_card("trinket")
    trinket.data = dataclasses.replace(trinket.data, value=max(
        (c.value for c in t.b.hand), default=trinket.value))
    t.a.hand.append(trinket)
    t.game.sell(t.a, [trinket])


def _kill_levels(t: Table) -> int | None:
    """The levels a kill would give now: a count of the margin reads the fight as it
    stands (as the treasure preview does)."""
    st = t.game.state
    if st.combat is None:
        return None
    bd = t.game.breakdown()
    before = st.last_margin
    st.last_margin = bd.player - bd.monster if bd.won else before
    try:
        return kill_level_change(t.game, st.combat, st.combat.live_monsters())
    finally:
        st.last_margin = before


def _other_kills(t: Table) -> None:  # B kills a weakling; A's card reacts
    t.game.start_combat(t.b, t.game.new_card("weakling"))
    t.game.resolve()


def _you_win(t: Table) -> None:  # A kills a weakling: `when you win a fight`, `... kill ...`
    t.game.start_combat(t.a, t.game.new_card("weakling"))
    t.game.resolve()


def _helped_win(t: Table) -> None:
    """B fights a weakling, A helps, they win: `when a fight you helped in is won`."""
    t.game.start_combat(t.b, t.game.new_card("weakling"))
    t.game.help(t.a)
    if t.game.state.combat is not None and not t.game.state.over:
        t.game.resolve()


def _kicks_monster(t: Table, who: str, run: bool = True) -> None:
    """B (or A) kicks open the Ghoul on their turn: `when another player kicks open a
    monster`; both then run from it (``run``; else the fight stays open for the line); C
    wears its Trinket first (a line that takes an item finds one outside the fight)."""
    player = getattr(t, who)
    t.game.put_in_play(t.c, t.c.hand[-1])
    t.game.state.decks.setdefault("door", []).append(t.game.new_card("ghoul"))
    t.game.state.current = player.seat
    t.game.kick_open_door(player)
    if run and t.game.state.combat is not None and not t.game.state.over:
        t.game.run_away([6] * 4)


def _faces(t: Table, run: bool = True) -> None:
    """A fights the Brute (a monster comes into A's fight: `when you face a monster`), then
    runs (``run``; else the fight stays open)."""
    t.fight()
    if run and t.game.state.combat is not None and not t.game.state.over:
        t.game.run_away([6] * 4)


def _curse_played(t: Table) -> None:  # B curses C; every player's card reacts
    hex_card = t.game.new_card("hex")
    t.b.hand.append(hex_card)
    t.game.curse(t.c, hex_card, by=t.b)


def _curse_played_on_a(t: Table) -> None:  # B curses A
    hex_card = t.game.new_card("hex")
    t.b.hand.append(hex_card)
    t.game.curse(t.a, hex_card, by=t.b)


def _counters_added(t: Table) -> None:  # as `put 10 counters on this` on A's card would
    card = next(c for c in t.a.in_play() if c.id == t.card_data.id)
    card.counters += 10
    counters.added(t.game, t.a, card)


#: what a draw event's probe may draw: an item (fire), a one-shot; a monster (Undead,
#: Dragon), a curse
_DRAWABLE = {"treasure": ("torch", "pebble"), "door": ("ghoul", "hex")}


def _draws(t: Table, timing: str, *decks: str) -> None:
    """A draws one card: the first of the decks' drawable cards that passes the line's
    `if the card just drawn is ...` tests (one draw: a toggle is seen to change)."""
    g = t.game
    tests = [c for ab in t.card_data.abilities if ab.timing == timing for c in ab.conditions
             if c.subject == "drawn"]
    ids = [*(c for d in decks for c in _DRAWABLE[d]),  # else any card of the deck that fits
           *sorted(i for i, data in g.by_id.items() if data.deck in decks)]
    found = [card for card in map(g.new_card, ids) if card.data.deck in decks]
    if any(getattr(e, "card", None) == "drawn" and e.kind == "put_into_play"
           for ab in t.card_data.abilities if ab.timing == timing for e in ab.effects):
        found.sort(key=lambda c: c.kind not in PLAYABLE or c.id == t.card_data.id)
    card = next((c for c in found if all(matches(c, test.value) != test.negated
                                         for test in tests)), found[0])
    g.state.decks.setdefault(card.data.deck, []).append(card)
    g.draw(t.a, card.data.deck, 1)


def _other_runs(t: Table, die: int) -> None:  # B runs from the Brute: escapes on a 6
    t.game.start_combat(t.b, t.game.new_card("brute"))
    t.game.run_away([die] * 4)


def _other_asks_help(t: Table, run: bool = True, helper: Player | None = None) -> None:
    """B asks C (or ``helper``) for help against the Brute, then both run (``run``; else
    B's fight stays open); C wears its Trinket first (a line that takes an item finds one
    outside B's fight)."""
    t.game.put_in_play(t.c, t.c.hand[-1])
    t.game.start_combat(t.b, t.game.new_card("brute"))
    t.game.help(helper or t.c)
    if run and not t.game.state.over:  # a reaction may end the game (`win the game`)
        t.game.run_away([6] * 4)


def _in_flight(t: Table, subject: str, ids: tuple[str, ...]) -> CardInst:
    """The first of ``ids`` that passes the line's tests of the card in flight
    ``subject`` (`if the card just discarded is a monster`), else the first of them."""
    tests = [c for ab in t.card_data.abilities for c in ab.conditions if c.subject == subject]
    cards = [t.game.new_card(i) for i in ids]
    return next((c for c in cards if all(matches(c, test.value) != test.negated
                                         for test in tests)), cards[0])


def _other_kicks_door(t: Table) -> None:
    """B kicks open the Jinx on B's turn (no fight opens), or the Ghoul when the line tests
    `if the card just drawn is a monster` (B runs from it at once)."""
    t.game.state.decks.setdefault("door", []).append(_in_flight(t, "drawn", ("jinx", "ghoul")))
    t.game.state.current = t.b.seat  # a kick is its turn's player's alone
    t.game.kick_open_door(t.b)
    if t.game.state.combat is not None and not t.game.state.over:
        t.game.run_away([6] * 4)


def _you_kick_door(t: Table) -> None:
    """A kicks open the Jinx on A's turn (no fight opens), or the Ghoul when the line tests
    `if the card just drawn is a monster` (A runs from it at once)."""
    t.game.state.decks.setdefault("door", []).append(_in_flight(t, "drawn", ("jinx", "ghoul")))
    t.game.state.current = t.a.seat
    t.game.kick_open_door(t.a)
    if t.game.state.combat is not None and not t.game.state.over:
        t.game.run_away([6] * 4)


def _other_discards(t: Table) -> None:
    """B discards a Trinket from the hand, or the first card of the table that passes the
    line's `if the card just discarded is ...` tests."""
    card = _in_flight(t, "discarded", ("trinket", "pebble", "jinx", "ghoul", "torch"))
    t.b.hand.append(card)
    t.game.lose_card(t.b, card)


def _other_plays_curse(t: Table, by: str = "b") -> None:  # B (or A) plays a Hex on C
    hex_card = t.game.new_card("hex")
    getattr(t, by).hand.append(hex_card)
    t.game.curse(t.c, hex_card, by=getattr(t, by))


def _you_discard(t: Table) -> None:
    """A discards a card from the hand (`when you discard a card`), as B does for
    `when another player discards a card`."""
    card = _in_flight(t, "discarded", ("trinket", "pebble", "jinx", "ghoul", "torch"))
    t.a.hand.append(card)
    t.game.lose_card(t.a, card)


def _other_fights(t: Table, resolve: bool = True) -> None:
    """B fights the Drake (level 2: a level halved rounded up still changes) and kills it
    (``resolve``; else B's fight stays open); C wears its Trinket first (a line that takes
    an item finds one outside B's fight)."""
    t.game.put_in_play(t.c, t.c.hand[-1])
    t.game.start_combat(t.b, t.game.new_card("drake"))
    if resolve and t.game.state.combat is not None and not t.game.state.over:
        t.game.resolve()


#: what B may play into A's fight: a one-shot, a curse (on C), a curse tagged fire; and
#: out of a fight: a curse, a curse tagged fire, an item
_INTO_A_FIGHT = ("pebble", "hex", "scorch")
_OUT_OF_A_FIGHT = ("hex", "scorch", "cap")


def _plays_into_fight(t: Table) -> None:
    """A fights the Brute and B plays into the fight the first card of _INTO_A_FIGHT that
    passes the line's `if the card played is ...` tests (a Pebble, a one-shot, when none
    does): what `when another player plays a card, if the card played is a one-shot: +2
    to you` needs."""
    t.fight()
    _plays(t, _INTO_A_FIGHT)


def _plays(t: Table, ids: tuple[str, ...], by: str = "b") -> None:
    """B (or A: `when you play a card`) plays the first of ``ids`` that passes the line's
    `if the card played is ...` tests (the first of them when none does); a curse goes on
    C."""
    tests = [c for ab in t.card_data.abilities for c in ab.conditions if c.subject == "played"]
    cards = [t.game.new_card(i) for i in ids]
    card = next((c for c in cards if all(matches(c, test.value) != test.negated
                                         for test in tests)), cards[0])
    getattr(t, by).hand.append(card)
    t.game.play(getattr(t, by), card, on_player=t.c if card.kind == "curse" else None)


def _helps_you(t: Table) -> None:
    """A fights the Brute and C helps: `when another player helps: +2 to you` (A is the
    fighter) or `+2 to that player` (C, the helper)."""
    t.fight()
    t.game.help(t.c)


#: the events that come inside an open fight, left open for a line that needs it (a
#: strength change goes into that fight: `when another player fights a monster: +2 to
#: monster`); the other events are followed by A's own fight
#: events in a fight that the observer itself brings (B's roll as the observer runs away):
#: a one-shot stays in A's hand until then
AT_OBSERVER = frozenset({"when_other_rolls_run_away"})
#: what another player does in a monster's own fight, which the monster hears
#: (parts/events.ON_A_MONSTER), once A fights the monster under test
MONSTER_HEARS: dict[str, Callable[[Table], None]] = {
    "when_other_plays_card": lambda t: _plays(t, _INTO_A_FIGHT),
    "when_other_helps": lambda t: t.game.help(t.c),
}
IN_A_FIGHT: dict[str, Callable[[Table], None]] = {
    "when_other_fights": lambda t: _other_fights(t, resolve=False),
    "when_other_asks_help": lambda t: _other_asks_help(t, run=False),
    "when_other_helps": _helps_you,
    "when_other_plays_card": _plays_into_fight,
    # B's fight stays open: the observer's run-away (B rolls 4s) fires the line at the roll
    "when_other_rolls_run_away": lambda t: t.game.start_combat(t.b, t.game.new_card("brute")),
    # the card's own player's (parts/own_events.py): A helps B, A asks C, A plays a card
    "when_you_help": lambda t: _other_asks_help(t, run=False, helper=t.a),
    "when_you_ask_help": _helps_you,
    "when_you_play_card": lambda t: (t.fight(), _plays(t, _INTO_A_FIGHT, by="a")),
    # a monster comes into a fight (parts/fight_entry.py): kicked open by B, by A, faced
    "when_other_kicks_monster": lambda t: _kicks_monster(t, "b", run=False),
    "when_you_kick_monster": lambda t: _kicks_monster(t, "a", run=False),
    "when_any_kicks_monster": lambda t: _kicks_monster(t, "a", run=False),  # A's own
    "when_you_face": lambda t: _faces(t, run=False),
}


def _other_plays_card(t: Table) -> None:
    """B plays a Hex on C from the hand (or the first card of _OUT_OF_A_FIGHT that passes
    the line's `if the card played is ...` tests); a card only a fight takes (`if the card
    played is a one-shot`: the Pebble) is played into A's fight instead."""
    tests = [c for ab in t.card_data.abilities for c in ab.conditions if c.subject == "played"]

    def passes(ids: tuple[str, ...]) -> bool:
        return any(all(matches(t.game.new_card(i), test.value) != test.negated
                       for test in tests) for i in ids)

    if tests and not passes(_OUT_OF_A_FIGHT) and passes(_INTO_A_FIGHT):
        _plays_into_fight(t)
        return
    _plays(t, _OUT_OF_A_FIGHT)


def _turn_end(t: Table) -> None:
    """A's turn ends, as the engine ends it when the next begins (not through start_turn,
    which brings a character who died at the end of the turn straight back)."""
    events.turn_ends(t.game.core, t.a)


def _next_turn_end(t: Table) -> None:  # B's turn, A's (with the card in play), its end
    for p in (t.b, t.a):
        t.game.start_turn(p)
    _turn_end(t)


def _combat_ends(t: Table) -> None:
    """A's fight ends: the one a set-up opened, else A fights the Weakling; won when it can
    be, else fled."""
    g = t.game
    if g.state.combat is None:
        g.start_combat(t.a, g.new_card("weakling"))
    if g.state.combat is not None and not g.state.over:
        if g.breakdown().won:
            g.resolve()
        else:
            g.run_away([6, 6, 6])


#: The events another player's action makes, fired with the card on A's table (the
#: trigger then opens A's fight when the line needs one).
EVENTS: dict[str, Callable[[Table], None]] = {
    "when_seal_opens": lambda t: t.game.open_seal(t.b),
    # C dies: B (level 5) stays the `another player` a line may reach
    "when_other_dies": lambda t: t.game.kill(t.c),
    "when_other_looted": lambda t: _looted(t),
    "when_other_sells": _other_sells,
    "when_other_loots": _other_loots,
    "when_other_gains_level": lambda t: t.game.gain_levels(t.b, 1, "card"),
    "when_other_would_gain_level": lambda t: t.game.gain_levels(t.b, 1, "card"),
    "when_other_kills": _other_kills,
    "curse_played": _curse_played,
    "turn_start": lambda t: t.game.start_turn(t.a),
    # `when this has N counters`: 10 counters (the most a line may ask for) on A's card
    "counters_added": _counters_added,
    # `when you draw a ...`: A draws two cards of the deck (`the card just drawn`: each)
    "draws_treasure": lambda t: _draws(t, "draws_treasure", "treasure"),
    "draws_door": lambda t: _draws(t, "draws_door", "door"),
    "draws_card": lambda t: _draws(t, "draws_card", "treasure", "door"),
    "when_other_discards": _other_discards,
    "when_other_runs_away": lambda t: _other_runs(t, 6),
    "when_other_escapes": lambda t: _other_runs(t, 6),
    "when_other_caught": lambda t: _other_runs(t, 1),
    "when_other_bad_stuff": lambda t: _other_runs(t, 1),  # B caught: the Bad Stuff hits B
    "when_other_rolls_run_away": lambda t: _other_runs(t, 4),  # a 4: `+2` escapes
    "when_other_asks_help": _other_asks_help,
    "when_other_helps": _other_asks_help,  # C helps B
    "when_other_kicks_door": _other_kicks_door,
    "when_you_kick_door": _you_kick_door,
    "when_other_loses_level": lambda t: t.game.lose_levels(t.b, 1),
    "when_other_plays_curse": _other_plays_curse,
    "turn_end": _turn_end,
    "when_other_fights": _other_fights,
    "when_other_plays_card": _other_plays_card,
    "when_you_fight": lambda t: t.fight(),  # A fights the Brute
    # B opens a second Seal (C opened one as the table was set), then one closes
    "when_seal_closes": lambda t: (t.game.open_seal(t.b), t.game.close_seal()),
    "turn_end_next": _next_turn_end,
    "when_other_starts_turn": lambda t: t.game.start_turn(t.b),
    # A fights and escapes (`the next time you escape`)
    "on_escape": lambda t: (t.fight(), t.game.run_away([6, 6, 6])),
    "after_combat": _combat_ends,
    "when_other_curses_you": _curse_played_on_a,  # B curses A
    "when_other_opens_seal": lambda t: t.game.open_seal(t.b),
    "when_you_open_seal": lambda t: t.game.open_seal(t.a),
    # the card's own player's events (parts/own_events.py): A does what B does above
    "when_you_gain_level": lambda t: t.game.gain_levels(t.a, 1, "card"),
    "when_you_lose_level": lambda t: t.game.lose_levels(t.a, 1),
    "when_you_bad_stuff": lambda t: _caught_by_the_monster(t),  # A caught: Bad Stuff hits A
    "when_you_discard": _you_discard,
    "when_you_play_curse": lambda t: _other_plays_curse(t, "a"),
    "when_you_help": lambda t: _other_asks_help(t, helper=t.a),  # A helps B
    "when_you_ask_help": _you_ask_help,
    "when_you_run_away": lambda t: (t.fight(), t.game.run_away([6] * 4)),
    "when_you_play_card": lambda t: _plays(t, _OUT_OF_A_FIGHT, by="a"),
    "when_you_sell": _you_sell,
    # won fights (parts/won_fights.py): B's, A's, the one A helped in; A's kill waited for
    "when_other_wins": _other_kills,
    "when_you_win": _you_win,
    "when_you_helped_win": _helped_win,
    "on_kill": _you_win,
    # a monster comes into a fight (parts/fight_entry.py), then its players run
    "when_other_kicks_monster": lambda t: _kicks_monster(t, "b"),
    "when_you_kick_monster": lambda t: _kicks_monster(t, "a"),
    "when_you_face": _faces,
}
# `when a player gains a level` (parts/own_events.ANY): B does it, as for another player's
EVENTS.update({anyone: EVENTS[other] for other, anyone in ANY.items()})
# A's own steps a one-shot laid ahead waits for (`the next time you are caught`, `... you
# die`, `... you roll to run away`: parts/waiting.py), and inside A's fight left open for
# a line that needs it (the observer's own run-away brings the roll, the capture)
EVENTS.update({"when_caught": lambda t: _caught_by_the_monster(t),
               "when_bad_stuff": lambda t: _caught_by_the_monster(t),
               "on_death": lambda t: t.game.kill(t.a),
               "after_run_away_roll": lambda t: (t.fight(), t.game.run_away([4, 4, 4]))})
IN_A_FIGHT.update({"when_caught": lambda t: t.fight(), "when_bad_stuff": lambda t: t.fight(),
                   "after_run_away_roll": lambda t: t.fight()})
# `when a player fights a monster` with a strength change: A's own fight, where a change
# for A (`+2`) shows as well as one for the monster
IN_A_FIGHT["when_any_fights"] = lambda t: t.fight()

#: events a curse's victim may do in their own fight, where a strength change for them
#: shows: a curse waiting for them is probed there
_IN_OWN_FIGHT = frozenset({"when_other_plays_card"})


def _waits(t: Table, combo: Combo, form: str, base: str, needs_fight: bool = False) -> None:
    """A plays the waiting one-shot (on B when it waits for B), then its event comes
    through the engine's own flow, as for a card in play (inside a fight left open when
    the line needs one and the event comes in a fight, IN_A_FIGHT)."""
    card = t.new()
    t.a.hand.append(card)
    who = "c" if base in ("when_other_dies", "when_other_helps") else "b"  # who does it
    actor = getattr(t, who)
    if form == NEXT_VICTIM:  # a curse waiting on its victim: B curses A, and A does the
        t.a.hand.remove(card)  # event (the events below make `who` act: the seats swap
        t.b.hand.append(card)  # for it), so the line acts for A, as a curse in play's
        t.game.play(t.b, card, on_player=t.a)  # does at another player's event
        if needs_fight and base in _IN_OWN_FIGHT:  # (a card A plays into its own fight)
            t.fight()
        seats = (t.a, t.b, t.c)  # A takes the seat of the one who acts: B's (A and B
        t.a, t.b, t.c = (seats[1], seats[0], seats[2]) if who == "b" else (  # swap), or
            seats[1], seats[2], seats[0])  # C's (B fights, C and A: the one who helps is A)
        try:
            _event(t, base, needs_fight)
        finally:
            t.a, t.b, t.c = seats
        return
    t.game.play(t.a, card, on_player=actor if form in THAT_FORMS else None)
    _event(t, base, needs_fight)


def _event(t: Table, base: str, needs_fight: bool) -> None:
    """The event a waiting card waits for comes through the engine's own flow."""
    if base == "when_targeted":
        hex_card = t.game.new_card(_targeting(t))
        t.b.hand.append(hex_card)
        t.game.curse(t.a, hex_card, by=t.b)
    elif needs_fight and base in IN_A_FIGHT:
        IN_A_FIGHT[base](t)
    else:
        (EVENTS.get(base) or _LOSSES[base])(t)


def _lose_dagger(t: Table) -> None:
    lost = next((c for c in t.a.items if c.id == "dagger"), None)
    if lost is not None:  # a set-up where A carries no dagger has nothing to lose
        t.game.lose_card(t.a, lost)


#: a loss about to happen, waited for (`the next time you would lose a level`): A loses
#: a level, or the dagger it carries, through the engine's own flow
_LOSSES: dict[str, Callable[[Table], object]] = {
    "would_lose_level": lambda t: t.game.lose_levels(t.a, 1),
    "would_lose_item": _lose_dagger,
    "would_gain_level": lambda t: t.game.gain_levels(t.a, 1, "card"),  # a gain, stopped alike
}


def _rides(t: Table, outcome: str, subject: str) -> None:
    """C fights (and wins against a weakling or loses to the brute), A helping for a line
    about the helper; A plays the card into C's fight (on C), and the fight ends in that
    outcome: the line acts for A, `that player` is C (or A, the helper); B, who carries
    the dagger, stays outside the fight (one steals from a player outside it)."""
    g, won = t.game, outcome.startswith("win")
    if g.state.combat is None:
        g.start_combat(t.c, g.new_card("weakling" if won else "brute"))
    if subject == "_helper" and g.state.combat is not None and g.state.combat.helper is None:
        g.help(t.a)
    card = t.new()
    t.a.hand.append(card)
    g.play(t.a, card, on_player=t.c)
    if g.state.combat is None:
        return
    if won and g.breakdown().won:
        g.resolve()
    elif not won and not g.breakdown().won:
        g.run_away([1, 1, 1])


def trigger(t: Table, combo: Combo, needs_fight: bool) -> None:
    """Make the combination's timing fire through the engine's own flow."""
    g, timing, kind = t.game, combo.timing, combo.kind
    if timing == "continuous":
        if kind == "monster" and g.state.combat is not None:  # it joins a fight already on
            g.add_monster(t.new())
        elif kind == "monster":
            g.start_combat(t.a, t.new())
        elif kind == "monster-enhancer":
            _play(t, combat=True)
        else:
            _in_play(t)
            t.fight()
        return
    if timing in ("on_play", "in_combat", "this_combat", "any_time", "outside_combat",
                  "own_turn"):
        combat = timing in ("in_combat", "this_combat") or (
            needs_fight and timing != "outside_combat")
        if kind in TABLE_KINDS and timing != "on_play":
            card = _in_play(t)
            if combat:
                t.fight()
            _use(t, card, combo.effect)
            return
        _play(t, combat, combo.effect)
        return
    if timing == "on_reveal":
        g.state.decks.setdefault("door", []).append(t.new())
        g.kick_open_door(t.a)
        return
    if timing == "next_combat":
        _curse_then_fight(t)
        return
    if timing in ("after_kill", "after_win"):
        t.fight("weakling")
        g.resolve()  # the weakling is killed: the window opens
        _play(t, False, combo.effect)
        if needs_fight:
            t.fight()
        return
    if timing == "next_run_away_roll":
        _curse_then_fight(t)
        if combo.spec.observe not in ROLLING_OBSERVERS:  # the roll fires the line
            g.run_away([4, 4, 4])
        return
    if timing == "when_defeated":  # A defeats it without a kill, as a Charm would
        t.fight(t.card_data.id)
        for m in g.state.combat.monsters if g.state.combat is not None else ():
            if m.card.data.id == t.card_data.id:
                m.removed = m.defeated = m.removed_with_treasure = True
        g.resolve()
        return
    if timing == "combat_starts":  # the monster comes into A's fight: its lines fire
        g.start_combat(t.a, t.new())
        return
    if timing == "on_kill":
        if kind == "monster":  # A (B helping, where the set-up says) kills it: level 4
            t.fight(t.card_data.id)
        else:
            _in_play(t)
            t.fight("weakling")
        g.resolve()
        return
    if timing in ("on_escape", "bad_stuff_always"):
        if kind == "monster":
            g.start_combat(t.a, t.new())
        else:
            _in_play(t)
            t.fight()
        g.run_away([6, 6, 6])
        return
    if timing == "after_any_die_roll":  # A holds it and plays it on its own failed roll
        t.a.hand.append(t.new())
        g.policy = _SixOnAFail()
        t.fight()
        return
    if timing in ("bad_stuff", "when_caught", "after_run_away_roll", "after_failed_run_away",
                  "when_bad_stuff"):
        if kind == "monster":
            g.start_combat(t.a, t.new())
        else:
            _in_play(t)
            t.fight()
        g.run_away([1, 1, 1])
        return
    if timing == "on_death":
        _in_play(t)
        g.kill(t.a)
        return
    if timing == "on_loot":
        _in_play(t)
        g.loot_room(t.a)
        return
    if timing == "turn_end_next" and kind == "one-shot":  # A lays it ahead: it acts at the
        _play(t, False, combo.effect)  # end of A's next turn
        _next_turn_end(t)
        if needs_fight and not g.state.over and g.state.combat is None:
            t.fight()
        return
    if (waits := split(timing)) is not None:  # `the next time EVENT`: A plays it ahead
        _waits(t, combo, *waits, needs_fight)  # (on B, for what B does), then the event
        if needs_fight and not g.state.over and g.state.combat is None:  # comes
            t.fight()
        return
    if kind == "monster" and timing in MONSTER_HEARS:  # in its own fight: B plays into it,
        g.start_combat(t.a, t.new())  # C helps
        MONSTER_HEARS[timing](t)
        return
    if timing == "when_attached_item_lost":  # A's item enhancer on an item, which A loses
        card = _in_play(t)
        item = card.attached_to
        if item is not None:  # (a set-up where A carries no item attaches it to nothing)
            g.lose_card(t.a, item)
        if needs_fight and not g.state.over and g.state.combat is None:
            t.fight()
        return
    if timing in EVENTS:  # another player's action, with A's card in play (a one-shot at
        held = _replacer(t, kind) if kind == "one-shot" else _in_play(t)  # the start of
        in_fight = IN_A_FIGHT.get(timing) if needs_fight else None  # A's turn: in A's
        (in_fight or EVENTS[timing])(t)  # hand, played as the turn starts)
        if held is not None and held in t.a.hand and not (in_fight and timing in AT_OBSERVER):
            t.a.hand.remove(held)
        if needs_fight and g.state.combat is None:
            t.fight()
        return
    if timing == "instead_of_face_up":
        _in_play(t)
        g.state.decks.setdefault("door", []).append(g.new_card("weakling"))
        g.kick_open_door(t.a)
        return
    if timing == "when_any_dies":
        if kind == "monster":
            g.start_combat(t.a, t.new())
        else:
            _play(t, combat=True)
        g.kill(t.c)  # C dies while the monster is in A's fight
        return
    if timing == "when_targeted":
        _in_play(t)
        hex_card = g.new_card(_targeting(t))
        t.b.hand.append(hex_card)
        g.curse(t.a, hex_card, by=t.b)
        if needs_fight:
            t.fight()
        return
    if timing in ("while_open", "on_open"):
        g.state.decks.setdefault("seal", []).append(t.new())
        g.open_seal(t.a)
        if needs_fight or timing == "while_open":
            t.fight()
        return
    if timing in ("would_lose_level", "would_gain_level"):  # A is about to lose (gain) a
        held = _replacer(t, kind)  # level; A's card reacts (in play, or a one-shot played
        _LOSSES[timing](t)  # from the hand)
        if held in t.a.hand:  # the bare one-shot, never played, goes too
            t.a.hand.remove(held)
        if needs_fight and not g.state.over:
            t.fight()
        return
    if timing == "would_lose_item":  # A is about to lose an item; A's card reacts
        held = _replacer(t, kind)
        lost = next((c for c in t.a.items if c.id == "dagger"), None)
        if lost is not None:  # a set-up where A carries no dagger has nothing to lose
            g.lose_card(t.a, lost)
        if held in t.a.hand:
            t.a.hand.remove(held)
        if needs_fight and not g.state.over:
            t.fight()
        return
    if timing in ("next_win", "next_win_this_turn", "next_win_of_victim",
                  "next_combat_end_of_victim"):  # A plays it
        # (a curse: C plays it on A); it waits for A's won fight (or the end of A's fight)
        _play(t, False, combo.effect)
        t.fight("weakling")
        g.resolve()
        if needs_fight:
            t.fight()
        return
    if timing == "joins_as_helper":  # A's one-shot in the hand: A joins B's fight as its
        held = _replacer(t, kind)  # helper as B asks C for help; the fight stays open
        bare = held is not None and not held.data.abilities  # without the line A helps
        _other_asks_help(t, run=False, helper=t.a if bare else None)  # all the same
        if held is not None and held in t.a.hand:
            t.a.hand.remove(held)
        return
    if timing == "next_door_monster":  # A plays it on A's turn; the door A kicks open
        _play(t, False, combo.effect)  # is the Brute, fought at once
        g.state.decks.setdefault("door", []).append(g.new_card("brute"))
        g.kick_open_door(t.a)
        return
    if timing == "next_door_curse":  # A plays it on A's turn; the door A kicks open is
        _play(t, False, combo.effect)  # the curse it waits for (`cancel it`)
        g.state.decks.setdefault("door", []).append(g.new_card(_targeting(t)))
        g.kick_open_door(t.a)
        if needs_fight:
            t.fight()
        return
    if (ridden := rider(timing)) is not None and timing != "lose_this_combat":
        _rides(t, *ridden)  # `if that player loses this combat`, `if you win this combat`
        return
    if timing == "lose_this_combat":  # A plays it into A's fight, which A then loses
        _play(t, True, combo.effect)
        if combo.spec.observe not in (*ROLLING_OBSERVERS, "bad_stuff") \
                and g.state.combat is not None and not g.breakdown().won:
            # (a run-away observer's own run-away fires the line)
            g.run_away([1, 1, 1])
        return
    if timing == "next_kill_of_that_player":  # A plays it on B; it waits for B's kill
        card = t.new()
        t.a.hand.append(card)
        g.play(t.a, card, on_player=t.b)
        _other_kills(t)
        if needs_fight:
            t.fight()
        return
    if timing == "instead_of_run_away":
        card = _in_play(t)
        t.fight()
        _use(t, card, combo.effect)
        return
    if timing in INSTEAD:  # `instead of EVENT`: the card where it acts, then the event
        held = _replacer(t, kind)
        INSTEAD[timing](t)
        if held in t.a.hand:  # the bare one-shot, never played, goes too: the hands
            t.a.hand.remove(held)  # differ by what the line did, not by the card played
        if needs_fight and not g.state.over:
            t.fight()
        return
    raise AssertionError(f"no driver for timing {timing}")


def _replacer(t: Table, kind: str) -> CardInst | None:
    """The card of an `instead of ...` line where it acts for A: the monster A fights (or
    its enhancer), a one-shot (or a door or treasure not kept in play) in A's hand, played
    as the event comes, else in play."""
    if kind == "monster":
        t.game.start_combat(t.a, t.new())
    elif kind == "monster-enhancer":
        _play(t, combat=True)
    elif kind == "one-shot" or (kind in ("door", "treasure")
                                and not t.card_data.persistent):  # played from the hand
        held = t.new()
        t.a.hand.append(held)
        return held
    else:
        _in_play(t)
    return None


def _caught_by_the_monster(t: Table) -> None:
    t.fight()
    t.game.run_away([1, 1, 1])


def _cap_lost(t: Table) -> None:
    """A loses the Cap (the cheaper item: a line that discards the most valuable one
    discards another)."""
    lost = next((c for c in t.a.items if c.id == "cap"), None)
    if lost is not None:  # a set-up where A carries no cap has nothing to lose
        t.game.lose_card(t.a, lost)


def _looted(t: Table) -> None:
    """C dies with more cards than A and B loot, so some of the body is left for a line."""
    t.c.hand.extend(t.game.new_card("weakling") for _ in range(3))
    t.game.kill(t.c)


def _draw_one(t: Table, deck: str, card: str) -> None:
    """A draws a card of ``deck`` face down (a ``card`` put on top of it, so the deck is
    never empty: a replaced draw has a card to replace)."""
    t.game.state.decks.setdefault(deck, []).append(t.game.new_card(card))
    t.game.draw(t.a, deck, 1)


def _wins_a_fight(t: Table) -> None:
    """A kills a weakling: the fight's treasures are about to be drawn."""
    t.fight("weakling")
    t.game.resolve()


#: The events an `instead of ...` line replaces, made to happen to A (engine/instead.py).
INSTEAD: dict[str, Callable[[Table], None]] = {
    "instead_of_bad_stuff": _caught_by_the_monster,
    "instead_of_dying": lambda t: t.game.kill(t.a),
    "instead_of_losing_level": lambda t: t.game.lose_levels(t.a, 1),
    "instead_of_gaining_level": lambda t: t.game.gain_levels(t.a, 1, "card"),
    "instead_of_losing_item": _cap_lost,
    "instead_of_being_cursed": _curse_played_on_a,
    "instead_of_looting": lambda t: t.game.loot_room(t.a),
    "instead_of_drawing_treasures": _wins_a_fight,
    # (one card: a line that flips something, `change sex`, would flip it back on a second)
    "instead_of_drawing_a_treasure": lambda t: _draw_one(t, "treasure", "cap"),
    "instead_of_drawing_a_door": lambda t: _draw_one(t, "door", "weakling"),
}



def _settle(g: Game) -> None:
    """End an open combat with no outcome, so deferred rewards are given."""
    if g.state.combat is not None:
        g._close_combat()


def _escape(rolls: list[int]) -> Callable[[Table], Any]:
    def observe(t: Table) -> Any:
        g = t.game
        if g.state.combat is None:
            t.fight()
        if g.state.combat is None:
            return g.last_outcome
        return tuple(sorted(g.run_away(list(rolls)).items()))
    return observe


def _breakdown(t: Table) -> Any:
    g = t.game
    if g.state.combat is None and any(p.lasting for p in g.state.players):
        t.fight()  # kept on a player once the fight closed (a lasting Bad Stuff): their next
    if g.state.combat is None:
        return None
    bd = g.breakdown()
    return (bd.player, bd.monster, bd.win_ties)


def _players(attr: Callable[[Player], Any]) -> Callable[[Table], Any]:
    def observe(t: Table) -> Any:
        _settle(t.game)
        return tuple(attr(p) for p in t.game.state.players)
    return observe


def _monsters(t: Table) -> Any:
    c = t.game.state.combat
    if c is None:
        return ("closed", t.game.last_outcome)
    return (len(c.live_monsters()), len(c.monsters), tuple(sorted(
        tag for m in c.monsters for tag in m.extra_tags)))


def _horde(t: Table) -> Any:
    g = t.game
    if g.state.combat is None:
        t.fight("ghoul")
    c = g.state.combat
    if c is None:
        return None
    return g.horde_tag(c, g.new_card("ghoul"))


def _limits(t: Table) -> Any:
    r, a = t.game.rules, t.a
    return (r.hand_limit(a), r.big_limit(a), r.race_limit(a), r.class_limit(a),
            r.sidekick_limit(a), len(r.extra_slots(a)))


def _sale(t: Table) -> Any:
    g = t.game
    _settle(g)
    item = g.new_card("dagger")
    t.a.hand.append(item)
    g.state.current = 0
    t.a.level = 3
    gained = g.sell(t.a, [item])
    # what the sale was worth too (its trace line), so `+1 gold for each item you sell` shows
    return gained, next((n for n in reversed(g.state.log) if " sells for " in n), None)


def _with_a_pebble(t: Table) -> Any:
    """The fight's strengths after A plays a +1 one-shot into it (what `every one-shot
    gives 1 less` acts on)."""
    g = t.game
    if g.state.combat is None:
        t.fight()
    if g.state.combat is None:
        return g.last_outcome
    pebble = g.new_card("pebble")
    t.a.hand.append(pebble)
    g.play(t.a, pebble)
    return _breakdown(t)


def _caught(t: Table) -> Any:
    g = t.game
    if g.state.combat is None:
        t.fight()
    if g.state.combat is None:
        return g.last_outcome
    g.run_away([1, 1, 1])
    return tuple((p.level, len(p.items), len(p.hand)) for p in g.state.players)


def _door_curse(t: Table) -> Any:
    """A kicks open a door whose top card is a curse that takes a level."""
    g = t.game
    _settle(g)
    g.state.decks.setdefault("door", []).append(g.new_card("jinx"))
    g.kick_open_door(t.a)
    return (t.a.level, len(t.a.curses))


def _cancelled(t: Table) -> Any:
    """What a card cancelled as it is played leaves (engine/cancel_played.py): each
    player's level, hand and curses, the decks' sizes and the open fight's strengths."""
    g = t.game
    return (tuple((p.level, len(p.hand), len(p.curses)) for p in g.state.players),
            tuple(sorted((k, len(v)) for k, v in g.state.decks.items())),
            _breakdown(t) if g.state.combat is not None else None)


def _curse_shield(t: Table) -> Any:
    """B plays a Jinx (a level lost) on A and on C, and C one on B: a shield kept on any of
    them (`until the end of the turn, a player of your choice ignores curses`, `victim
    ignores curses` played on B) discards it."""
    g = t.game
    _settle(g)
    for victim, by in ((t.a, t.b), (t.b, t.c), (t.c, t.b)):
        jinx = g.new_card("jinx")
        by.hand.append(jinx)
        g.curse(victim, jinx, by=by)
    return tuple((p.level, len(p.curses)) for p in g.state.players)


def _markers(t: Table) -> Any:
    """What lasting effects left on the players (engine/lasting.py), and a help ban in the
    open fight (read before the fight is settled: the ban lasts for it only)."""
    c = t.game.state.combat
    bans = tuple(sorted(k for k in c.used if k.startswith("no_help"))) if c else ()
    return tuple(tuple(sorted(p.markers.items())) for p in t.game.state.players), bans


def _sacrifice(t: Table) -> Any:
    """A tries to escape the fight by discarding a card in play whose line says so (the
    Cloak, made a card of the filter a `nobody may discard a Sidekick to escape` names):
    refused, or the fight's outcome."""
    g = t.game
    if g.state.combat is None:
        t.fight()
    if g.state.combat is None:
        return g.last_outcome
    what = next((e.what for ab in t.card_data.abilities for e in ab.effects
                 if e.kind == "no_sacrifice"), None) or "item"
    kind = what if what in ("item", "sidekick", "hireling", "race", "class") else "item"
    deck = {"deck": what} if what in ("door", "treasure") else {}  # a deck filter: its deck
    data = dataclasses.replace(g.by_id["cloak"], id=f"cloak-{what}", kind=kind, tags=(what,),
                               **deck)
    g.by_id.setdefault(data.id, data)
    g.state.next_uid += 1
    cloak = CardInst(g.by_id[data.id], g.state.next_uid)
    t.a.others.append(cloak)
    try:
        g.use(t.a, cloak, cloak.data.abilities[0])
    except EngineError:
        return "refused"
    g.run_away([1, 1, 1])
    return (g.state.combat is None, g.last_outcome)


#: observe name (effects.toml) -> what it reads from the game after the trigger.
OBSERVE: dict[str, Callable[[Table], Any]] = {
    "strength": _breakdown,
    "ties": _breakdown,
    "run_away": _escape([4, 4, 4]),
    "escape": _escape([4, 6, 6]),
    "caught_anyway": _escape([6, 6, 6]),
    "die_roll": _escape([4, 4, 4]),
    "treasure": lambda t: t.game.treasure_total() if t.game.state.combat else None,
    "level": _players(lambda p: p.level),
    "hand": _players(lambda p: len(p.hand)),
    "dead": _players(lambda p: p.dead),
    "sex": _players(lambda p: p.sex),
    "items": _players(lambda p: tuple(sorted(c.id for c in p.items))),
    "seals": lambda t: len(t.game.state.open_seals),
    "monsters": _monsters,
    "tags": _monsters,
    "outcome": lambda t: (t.game.state.combat is None, t.game.last_outcome),
    "helper": lambda t: (t.game.state.combat.helper.name if t.game.state.combat and
                         t.game.state.combat.helper else None),
    "horde": _horde,
    "curses": _players(lambda p: len(p.curses)),
    "limits": _limits,
    "sale": _sale,
    "bad_stuff": _caught,
    # the Bad Stuff that hit a caught player, as the game's log records it (`bad stuff:
    # nothing`: one hit, of nothing; a monster with no line: none)
    "bad_stuff_hits": lambda t: (_caught(t), sum(e.kind == "bad_stuff"
                                                  for e in t.game.state.events)),
    "over": lambda t: (t.game.state.over, tuple(t.game.state.winners)),
    "worn": lambda t: tuple(sorted(c.id for c in t.a.worn_items())),
    "door_curse": _door_curse,
    "cancelled": _cancelled,
    "curse_shield": _curse_shield,
    "kill_levels": _kill_levels,
    "weakened": _with_a_pebble,
    # a monster's `nobody may discard a Sidekick to escape` (engine/help_bans.py)
    "sacrifice": _sacrifice,
    "markers": _markers,
    "lasting": _players(lambda p: len(p.lasting)),
    # who may not help anyone (`you cannot help` on a curse or a card in play)
    "helping": lambda t: tuple(help_bans.cannot_help(t.game.state, p)
                               for p in t.game.state.players),
    # what a player may not do: sell, run away (a curse's ban, engine/help_bans.py)
    "bans": lambda t: tuple(help_bans.bans(t.game.state, p) for p in t.game.state.players),
    # what a player keeps when a loss is prevented: levels and items
    "losses": _players(lambda p: (p.level, tuple(sorted(c.id for c in p.items)))),
    # a monster following a player: settled, it sits with the player for the next fight
    "followers": _players(lambda p: len(p.followers)),
    # a monster given away: another player fights it
    "given": lambda t: (t.game.state.combat.fighter.name if t.game.state.combat else None,
                        t.game.last_outcome),
    "counters": lambda t: tuple(sum(c.counters for c in p.in_play())
                                for p in t.game.state.players),
    "deck_top": lambda t: tuple((d, tuple(c.id for c in pile[-3:]))  # every deck's top
                                for d, pile in sorted(t.game.state.decks.items())),
    # a picked card moved between zones (language/parts/cards.py): every hand and table,
    # the decks' tops and the discard piles
    "cards": lambda t: (tuple((tuple(sorted(c.uid for c in p.hand)),
                               tuple(sorted(c.uid for c in p.in_play())))
                              for p in t.game.state.players),
                        tuple((d, tuple(c.uid for c in pile[-3:]))
                              for d, pile in sorted(t.game.state.decks.items())),
                        tuple((d, len(pile)) for d, pile in sorted(
                            t.game.state.discards.items()))),
    "discards": lambda t: (_players(lambda p: len(p.hand))(t), tuple(
        (deck, tuple(c.id for c in pile)) for deck, pile in sorted(
            t.game.state.discards.items()))),
}

#: The needs whose event comes in the fight the observation itself makes (its run-away):
#: a roll to spoil or change (another player's, laid ahead for it, or its player's own) is
#: the observer's own roll, in the fight the set-up leaves open
IN_THE_OBSERVED_FIGHT = ("fight", "flight", "escape", "bad_stuff_ahead", "roll", "run_roll")
#: Observations that make the run-away roll themselves.
ROLLING_OBSERVERS = frozenset({"run_away", "escape", "caught_anyway", "die_roll",
                               "sacrifice"})

#: Effects whose observation needs B's help or a curse on A first.
PREPARE: dict[str, Callable[[Table], None]] = {
    # a curse on A, and a trap and a disaster where the table has them (`cancel a trap`)
    "cancel": lambda t: t.a.curses.extend(t.game.new_card(c) for c in TARGETING.values()
                                          if c in t.game.by_id),
    "force_help": lambda _t: None,
    # a race in every hand (the grammar sweep's table has one), which goes into play even
    # in a fight: `in combat: put a random card from fighter into play`
    "put_into_play": lambda t: [p.hand.append(t.game.new_card("probeling"))
                                for p in (t.a, t.b, t.c) if "probeling" in t.game.by_id],
    "join_from_hand": lambda t: [p.hand.append(t.game.new_card("weakling"))
                                 for p in (t.a, t.c)],
    "replace_monster": lambda t: [p.hand.append(t.game.new_card("weakling"))
                                  for p in (t.a, t.c)],
    "slot_limits": lambda t: t.game.put_in_play(t.a, t.game.new_card("helm")),
    # two Big items, the second carried (set down as a Dwarf would have them): the enhancer
    # goes on the carried one, and unless it stops being Big it is shed as it is attached
    "item_trait": lambda t: _two_big(t),
    # a second item, so a discard still shows where a Bad Stuff takes the first
    "discard_in_play": lambda t: t.game.put_in_play(t.a, t.game.new_card("helm")),
    "use_restrictions": lambda t: t.game.put_in_play(t.a, t.game.new_card("elfboots")),
    # a fire +2 for A and a fire -1 on A: whichever side ignores (a monster: both), the
    # strength changes
    "tag_bonuses": lambda t: (t.game.put_in_play(t.a, t.game.new_card("torch")),
                              t.a.curses.append(t.game.new_card("scorch"))),
    "tag_cards": lambda t: (t.game.put_in_play(t.a, t.game.new_card("torch")),
                            t.a.curses.append(t.game.new_card("scorch"))),
    # a Helm and a worn Big Boulder for A (`ignore your headgear bonuses`, `ignore Big item
    # bonuses`): the items the slot filter leaves out
    "own_slot_bonuses": lambda t: _slot_items(t),
    "slot_bonuses": lambda t: _slot_items(t),
    "take_from_discards": lambda t: t.game.state.discards.setdefault("door", []).extend(
        t.game.new_card("hex") for _ in range(4)),
    "arrange_top": lambda t: _disorder_decks(t),
    "remove_counter": lambda t: _with_counters(t, 3),
    # a race and a class in front of A only (`swap your class with another player`)
    "race": lambda t: t.game.put_in_play(t.a, t.game.new_card("swapling")),
    "class": lambda t: t.game.put_in_play(t.a, t.game.new_card("swapper")),
    "leave_fight": lambda t: _helped_fights(t),
    # B holds only items A lacks, two of them: a swap after a Bad Stuff took A's Cap (or one
    # of B's) swaps something to see (A's Dagger for B's own Dagger changed nothing)
    "swap:item": lambda t: (t.b.items.clear(), t.game.put_in_play(t.b, t.game.new_card("helm")),
                            t.game.put_in_play(t.b, t.game.new_card("torch"))),
}


def _slot_items(t: Table) -> None:
    """A wears a Helm (headgear +2) and a Boulder (Big +3)."""
    t.game.put_in_play(t.a, t.game.new_card("helm"))
    boulder = t.game.new_card("boulder")
    boulder.worn = True
    t.a.items.append(boulder)


def _two_big(t: Table) -> None:
    """A has two Big items in play, the Crate carried (no equip: it would shed one)."""
    boulder, crate = t.game.new_card("boulder"), t.game.new_card("crate")
    boulder.worn = True
    t.a.items += [boulder, crate]


def _helped_fights(t: Table) -> None:
    """C helps in every fight A starts (`the helper leaves the combat` has one to send
    away)."""
    fight = t.fight

    def helped(monster: str = "brute") -> None:
        fight(monster)
        combat = t.game.state.combat
        if combat is not None and combat.helper is None and combat.fighter is t.a:
            t.game.help(t.c)
    t.fight = helped  # type: ignore[method-assign]


def _disorder_decks(t: Table) -> None:
    """On top of every deck (the top is the end), three cards each of which the default
    policy puts below the one under it (it puts the weakest next): a brute over a ghoul
    over a weakling, a helm over a cap over a pebble, later Seals over earlier ones, so
    `look at the top 3 treasures and put them back in any order` changes the order
    whichever deck the line names."""
    g = t.game
    decks = [("door", ("weakling", "ghoul", "brute")), ("treasure", ("pebble", "cap", "helm"))]
    if g.rules.has_seals():
        decks.append(("seal", ("sealed0", "sealed1", "sealed2")))
    for deck, ids in decks:
        g.state.decks.setdefault(deck, []).extend(g.new_card(i) for i in ids)


def _with_counters(t: Table, n: int) -> None:
    """The card under test comes into play with ``n`` counters (`remove a counter from
    this` takes them off; the bare card keeps them)."""
    new = t.new

    def counted() -> CardInst:
        card = new()
        card.counters = n
        return card
    t.new = counted  # type: ignore[method-assign]


def run(base: list[CardData], ruleset: str, combo: Combo, card: CardData) -> tuple[Any, str]:
    """Play the combination with ``card``; (what the registry says to observe, trace)."""
    t = Table(base, card, ruleset)
    spec = combo.spec
    prepare = PREPARE.get(f"{combo.effect}:{combo.variant}") or PREPARE.get(
        combo.variant or combo.effect)
    if prepare:
        prepare(t)
    try:
        trigger(t, combo, spec.needs in IN_THE_OBSERVED_FIGHT)
        value = OBSERVE[spec.observe](t)
        if combo.timing == "instead_of_dying":  # a replaced death is seen in the death too
            value = (value, t.a.dead)  # (`open a seal` instead: the death would open one)
    except EngineError as exc:
        return ("engine refused", str(exc)), "\n".join(t.game.state.log)
    return value, "\n".join(t.game.state.log)


def prove(checked: Checked, combo: Combo) -> tuple[bool, str]:
    """(the line changed the game, why not) for one accepted combination."""
    _combo, card, bare = checked.accepted[combo.id]
    base = checked.base[combo.ruleset]
    with_line, log = run(base, combo.ruleset, combo, card)
    without, _ = run(base, combo.ruleset, combo, bare)
    if isinstance(with_line, tuple) and with_line[:1] == ("engine refused",):
        return False, f"the engine refused: {with_line[1]}"
    if with_line == without:
        return False, f"no change in {combo.spec.observe}: " \
                      f"{with_line!r}\n{log}"
    return True, ""


if __name__ == "__main__":  # prints the README's conformance figures
    checked = check_all()
    failed: Counter[str] = Counter()
    for combo, _c, _b in checked.accepted.values():
        ok, why = prove(checked, combo)
        if not ok:
            failed[f"{combo.timing}/{combo.effect}"] += 1
            if "-v" in sys.argv:
                print(combo.id, why.splitlines()[0])
    proven = len(checked.accepted) - sum(failed.values())
    print(f"{len(checked.accepted):,} combinations accepted, {proven:,} proven in the engine, "
          f"{sum(failed.values()):,} accepted but unproven, {len(checked.refused):,} refused "
          f"(and {len(checked.unwritable):,} that cannot be written)")
    for key, n in failed.most_common(40):
        print(f"  {n:4d} unproven {key}")
