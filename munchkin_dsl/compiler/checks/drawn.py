"""Checks of `the card just drawn` (a card selector and a condition subject,
language/parts/cards.py ``DrawnCard``, language/parts/drawn.py).

It names the card the line's draw event drew, so only a line that fires on a draw (`when
you draw a treasure`, `... a door`, `... a card`) has one: anywhere else the words name
no card and are refused (E221) with the draw events to write instead.  As a condition
subject it is a card, tested for its kind or tag (`if the card just drawn is an item`,
E101 for a name no card kind or tag of the pack has); a level, a race or a holding would
never hold for a card, and `while` lasts no longer than the draw (E222).

A test must be able to hold for a card of the pack that the event draws: a kind its deck
never holds (`when you draw a door, if the card just drawn is an item`) or a name no card
of the pack in that deck has is E222, and putting the card into play needs another card
of the pack there that can go into play and passes the tests (E228: a monster or a curse
never does).  So no line is accepted that would never act in the pack it is written in.
"""

from __future__ import annotations

from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.parts import check_filter
from munchkin_dsl.language import registry
from munchkin_dsl.language.algebra import CardPart
from munchkin_dsl.language.nodes import Card, Clause, Condition, Ref
from munchkin_dsl.language.parts import in_flight
from munchkin_dsl.language.parts.drawn import TIMINGS, drawn_filter
from munchkin_dsl.language.parts.holdings import DECK_FILTERS, is_title, titles
from munchkin_dsl.language.parts.waiting import base_timing
from munchkin_dsl.language.phrases import effect_kind

#: the card kinds a drawn card may be tested for, as the messages name them
KINDS = {"card": "a card", "item": "an item", "curse": "a curse", "sidekick": "a Sidekick",
         "hireling": "a Hireling", "race": "a race", "class": "a class",
         "monster": "a monster", "one-shot": "a one-shot"}
#: the kinds a player puts into play from the hand (engine/algebra_cards.PLAYABLE)
PLAYABLE = frozenset({"race", "class", "item", "one-shot", "sidekick", "hireling"})

#: card kinds a player puts into play only outside a fight (RULES.md: in a fight only
#: one-shots, curses and monster cards come from the hand), and the effects' needs of a fight
PLAYED_OUTSIDE_A_FIGHT = frozenset({"item", "race", "class", "sidekick", "hireling"})
FIGHT_NEEDS = frozenset({"fight", "flight", "escape", "bad_stuff_ahead"})



def check_drawn(ctx: CheckContext, card: Card, timing: str, when: list[Clause],
                effects: list[Clause]) -> None:
    timing = base_timing(timing)  # `the next time you draw a door`: a draw event too
    for subject in in_flight.SUBJECTS:
        _check_in_flight(ctx, in_flight.CARDS[subject], timing, when, effects, card.kind)
    _check_spoils(ctx, card, timing, effects)
    draws = timing in TIMINGS.values() or timing in in_flight.REPLACED_DRAWS
    deck = next((d for d, t in TIMINGS.items() if t == timing),
                in_flight.REPLACED_DRAWS.get(timing, ""))
    tests = [c for c in when if isinstance(c, Condition) and c.subject == "drawn"]
    for effect in effects:
        pick = getattr(effect, "card", None)
        if isinstance(pick, CardPart) and pick.pick == "just_discarded" and getattr(
                effect, "kind", "") == "put_into_play":  # off the pile into play: playable
            tossed = [c for c in when if isinstance(c, Condition) and c.subject == "discarded"]
            if not _drawable(ctx, "", tossed, into_play=card):
                ctx.sink.error("E228", "no card of the pack "
                               + ("that passes " + " and ".join(f"`{_said(t)}`" for t in tossed)
                                  + " " if tossed else "")
                               + "can go into play (a monster or a curse never does), so this "
                               "move changes nothing", effect.span, "take it into a hand: "
                               "`take the card just discarded`")
        if not (isinstance(pick, CardPart) and pick.pick == "drawn"):
            continue
        if not draws:
            _no_draw(ctx, pick)
        elif getattr(effect, "kind", "") == "put_into_play" and not _drawable(
                ctx, deck, tests, into_play=card):
            ctx.sink.error("E228", f"no other {deck or 'card'} card of the pack "
                           + ("that passes " + " and ".join(f"`{_said(t)}`" for t in tests)
                              + " " if tests else "")
                           + "can go into play (a monster or a curse never does), so this "
                           "move changes nothing", effect.span,
                           "move it elsewhere: `discard the card just drawn`, `put the card "
                           "just drawn on top of its deck`, `give the card just drawn to ...`")


def _check_spoils(ctx: CheckContext, card: Card, timing: str, effects: list[Clause]) -> None:
    """E221: `the treasures just drawn`, `a random treasure just drawn` name the treasures
    of a kill only at the kill's events after its draw (language/parts/in_flight.py)."""
    flight = in_flight.CARDS["spoils"]
    if in_flight.carries(flight, timing, card.kind):
        return
    for effect in effects:
        pick = getattr(effect, "card", None)
        if isinstance(pick, CardPart) and pick.pick in in_flight.SPOIL_PICKS:
            ctx.sink.error("E221", "`the treasures just drawn` names the treasures a kill "
                           "drew, and this line fires at no kill after its draw, so it names "
                           "no card", pick.span, flight.where)


def _check_in_flight(ctx: CheckContext, flight: in_flight.InFlight, timing: str,
                     when: list[Clause], effects: list[Clause], kind: str) -> None:
    """`if the card played is a one-shot`, `if the card just discarded is a monster`: only
    at an event that carries that card (E221 elsewhere, with the events that do); a card
    test some card of the pack the event carries must pass (E222); and a card played into
    a fight tested for a kind played only outside one, with an effect on the fight, is
    E228."""
    tests = [c for c in when if isinstance(c, Condition) and c.subject == flight.subject]
    if not tests:
        return
    if not in_flight.carries(flight, timing, kind):
        for clause in tests:
            ctx.sink.error("E221", f"`{flight.words}` names the card "
                           + ("a draw event drew" if flight.subject == "drawn"
                              else "its event is about") + ", and this line fires at no "
                           "such event, so it names no card", clause.span, flight.where)
        return
    deck = flight.at[timing]
    if not all([_check_test(ctx, t, deck, flight.words) for t in tests]):
        return
    if not _drawable(ctx, deck, tests):
        ctx.sink.error("E222", f"no {deck or 'card'} card of the pack passes "
                       + " and ".join(f"`{_said(t)}`" for t in tests)
                       + ", so the line would never act", tests[0].span,
                       "add such a card to the pack (a tag: `tags NAME`), or test a card kind "
                       f"{'the deck holds ' if deck else ''}(`if {flight.words} is "
                       f"{'a one-shot' if flight.subject == 'played' else 'an item'}`)")
        return
    if flight.subject != "played":
        return
    fights = any(registry.effects()[effect_kind(e)].needs in FIGHT_NEEDS for e in effects)
    for clause in tests:
        if fights and not clause.negated and isinstance(clause.value, Ref) and \
                drawn_filter(ctx.scope, clause.value) in PLAYED_OUTSIDE_A_FIGHT:
            ctx.sink.error("E228", f"{KINDS[str(drawn_filter(ctx.scope, clause.value))]} is "
                           "played outside a fight (only one-shots and curses come from the "
                           "hand in one), so this change to a fight never acts", clause.span,
                           "test a card played in a fight: `if the card played is a one-shot`, "
                           "`... is a curse`; or give the line an effect outside the fight")


def _said(test: Condition) -> str:
    value = test.value.name if isinstance(test.value, Ref) else test.value
    return f"is {'not ' if test.negated else ''}{value}"


def _no_draw(ctx: CheckContext, clause: Clause) -> None:
    ctx.sink.error("E221", "`the card just drawn` names the card a draw event drew, and this "
                   "line fires on no draw, so it names no card", clause.span,
                   "write the line on a draw event: `when you draw a treasure`, `when you "
                   "draw a door` or `when you draw a card`, or keep the rule as `manual "
                   "\"...\"`")


def _check_test(ctx: CheckContext, clause: Condition, deck: str,
                words: str = "the card just drawn") -> bool:
    """One `if the card just drawn ...` (``words``: the card's subject; False: refused)."""
    if clause.lasting:
        ctx.sink.error("E222", f"`while {words} ...` lasts no longer than its event: the line "
                       "acts once, as the event comes", clause.span,
                       f"write `if {words} is an item: ...`")
        return False
    if clause.predicate != "is" or clause.detail is not None:
        ctx.sink.error("E222", f"{words} is a card: it has no level, helper or cards of its "
                       "own, so this test would never hold", clause.span,
                       f"test its kind or tag: `if {words} is an item`, `... is a curse`, "
                       "`... is a Weapon`")
        return False
    if not isinstance(clause.value, Ref):
        return False
    name = drawn_filter(ctx.scope, clause.value)
    if name is None:
        check_filter(ctx, clause.value)  # E101, with the card kinds and tags to name
        return False
    decks = _decks_of(ctx, name)
    if name in KINDS and deck and decks and deck not in decks and not clause.negated:
        ctx.sink.error("E222", f"a {deck} card drawn is never {KINDS[name]} (those are in the "
                       f"{' and '.join(sorted(decks))} deck), so this test would never hold",
                       clause.span, "draw from the deck that holds it (`when you draw a "
                       "card`), or test a kind of this deck")
        return False
    return True


def _decks_of(ctx: CheckContext, kind: str) -> set[str]:
    """The decks a card of ``kind`` belongs to in the pack's rulesets."""
    return {rs.deck_for_kind(kind) for rs in ctx.rulesets if kind in rs.raw["deck_of_kind"]}


def card_passes(ctx: CheckContext, card: Card, test: Condition) -> bool:
    """What the engine's test reads of a card (engine/algebra_conditions.matches): its
    kind, a tag, `big` (its `big` stat), or for a race or class card its name."""
    name = drawn_filter(ctx.scope, test.value) if isinstance(test.value, Ref) else None
    tags = {a.name for s in card.stats if s.kind == "tags" for a in s.args
            if isinstance(a, Ref)}
    hit = name == "card" or card.kind == name or name in tags or (
        card.kind in ("race", "class") and card.name == name) or (
        is_title(name) and any(n.casefold() == t.casefold() for _l, n, _s in card.names()
                               for t in titles(str(name)))) or (
        name == "big" and any(s.kind == "big" for s in card.stats)) or (
        name in DECK_FILTERS and name in _decks_of(ctx, card.kind)) or (
        name == "go_up_a_level" and _goes_up_a_level(ctx, card))
    return hit != test.negated


def _goes_up_a_level(ctx: CheckContext, card: Card) -> bool:
    """A Go Up a Level card, whatever its title, as the engine reads one: a Treasure (not
    an item) whose every effect is a level gain."""
    effects = [e for line in card.lines for e in getattr(line, "effects", ())]
    return (card.kind != "item" and "treasure" in _decks_of(ctx, card.kind) and bool(effects)
            and all(getattr(e, "kind", "") == "gain_levels" for e in effects))


def _drawable(ctx: CheckContext, deck: str, tests: list[Condition],
              into_play: Card | None = None) -> bool:
    """Some card of the pack the event draws passes every test (and, for a move into play,
    is another card that can go there)."""
    return any((not deck or deck in _decks_of(ctx, c.kind))
               and all(card_passes(ctx, c, t) for t in tests)
               and (into_play is None or (c is not into_play and c.kind in PLAYABLE))
               for c in ctx.cards)


def check_that_many(ctx: CheckContext, effects: list[Clause]) -> None:
    """E229: `that many` counts the cards the effect before it on the line moved (`discard
    any of the treasures you just drew, draw that many treasures`); with no such effect
    before it the number would be 0 and the effect would do nothing."""
    moved = False
    for clause in effects:
        amounts = getattr(clause, "amounts", ()) or ()
        if any(getattr(type(a), "replaces_number", False) for a in amounts) and not moved:
            ctx.sink.error("E229", "`that many` counts the cards the effect before it on the "
                           "line moved, and no effect before it moves cards, so it comes "
                           "out as nothing", clause.span,
                           "put it after an effect that moves cards (`discard any of the "
                           "treasures you just drew, draw that many treasures face down`), "
                           "or write a number; a die's number is `discard as many cards as a "
                           "die shows` or `lose 1 level for each point of a die`")
        moved = moved or bool(getattr(type(clause), "moves_cards", False))
