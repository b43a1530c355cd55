"""Checks of the declared condition parts (`if you have a Sidekick in play`).

A part's card filter must name a card kind or a tag, race or class the pack knows
(E101), and only players hold cards (E222 on the monster: the test would never hold).
"""

from __future__ import annotations

from munchkin_dsl.base.rulesets.model import CURSE_KINDS
from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.stats import check_range, kind_words
from munchkin_dsl.language import algebra, registry
from munchkin_dsl.language.algebra import ControlPart, DurationPart, EffectPart
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import (
    Card,
    Clause,
    Condition,
    Frequency,
    Ref,
    Target,
    Timing,
)
from munchkin_dsl.language.parts import until_events
from munchkin_dsl.language.parts.durations import MOMENT_ENDS
from munchkin_dsl.language.parts.holdings import (
    FILTER_WORDS,
    HAND_FILTERS,
    SLOT_FILTERS,
    filter_name,
    is_title,
    titles,
)
from munchkin_dsl.language.parts.moves import Discard
from munchkin_dsl.language.parts.riders import TIMINGS as RIDERS
from munchkin_dsl.language.parts.turn_facts import NEEDS_SEALS, DidThisTurn
from munchkin_dsl.language.parts.waiting import base_timing
from munchkin_dsl.language.parts.won_fights import WIN_EVENTS
from munchkin_dsl.language.phrases import effect_kind
from munchkin_dsl.language.reference import statement_hint, statement_words


def check_title(ctx: CheckContext, value: Ref) -> None:
    """W116: a card's title in quotes as a card filter that no card of the pack bears: it
    may be a card of a pack mixed in (`munchkin mix`), or a typo."""
    for title in titles(value.name):
        if ctx.scope.lookup(title, ("titles",)) is not None:
            continue
        near = ", ".join(f'"{n}"' for n in ctx.scope.suggest(title, ("titles",)))
        ctx.sink.warning("W116", f'no card of the pack is titled "{title}": the filter '
                         "matches only such a card of a pack mixed in", value.span,
                         (f"did you mean {near}? " if near else "")
                         + "check the title, or mix in the pack that has the card")


def check_filter(ctx: CheckContext, value: Ref, kinds: dict[str, str] | None = None) -> None:
    """E101: a card filter names no card kind, tag, race or class of the pack (nor one of
    ``kinds``, the part's own further kinds)."""
    if is_title(value.name):
        check_title(ctx, value)
        return
    if filter_name(ctx.scope, value, kinds) is None:
        words = [*(kinds or {}), *FILTER_WORDS][:5]  # hints name <= 5
        named = ", ".join(f"`{k}`" for k in words)
        hint = (statement_hint(value.name) if value.name.lower() in statement_words() else
                f"name a card kind ({named}...) or a tag declared with "
                f"`tags {value.name}` on a card, or keep the rule as `manual \"...\"`")
        ctx.sink.error("E101", f"'{value.name}' is no card kind, tag, race or class of the "
                       "pack", value.span, hint)


def check_alone(ctx: CheckContext, counted: CountPart) -> None:
    """E229: a count written with no `you carry` (`+1 for each footgear`) is the owner's
    items of a slot or the hands; another word alone (`for each curse`) would count the
    owner's items of that kind, which it does not say."""
    what = filter_name(ctx.scope, counted.tag) if counted.tag else None
    if not counted.alone or what in SLOT_FILTERS or what in HAND_FILTERS or what is None:
        return
    word = counted.tag.name if counted.tag else ""
    trait = ctx.scope.lookup(word, ("races", "classes")) is not None  # `for each Elf`
    ctx.sink.error("E229", f"`for each {word}` does not say whose cards it counts (only a "
                   "worn slot or the hands may stand alone: `for each footgear`)", counted.span,
                   (f"the players who are one: `for each player who is "
                    f"{'an' if word[:1] in 'AEIOUaeiou' else 'a'} {word}`; " if trait
                    else "") + f"say whose: `for each {word} you have in play`, `for each "
                   f"{word} the fighter has in play` or at the whole table `for each {word} "
                   "in play`")


def check_filters(ctx: CheckContext, clause: Clause) -> None:
    """The card filters of an effect: `for each curse the fighter has in play`, a declared
    part's filter fields (`discard a Sidekick in play`) must name something."""
    counted = getattr(clause, "counted", None)  # a modifier's or a numeric effect's count
    if isinstance(counted, CountPart) and counted.tag_names == "filter" and counted.tag:
        check_filter(ctx, counted.tag, counted.filter_kinds)
        check_alone(ctx, counted)
    if isinstance(clause, EffectPart):
        for name in clause.filters:
            value = getattr(clause, name)
            if isinstance(value, Ref):
                check_filter(ctx, value, clause.filter_kinds)


def _could_be_counted(ctx: CheckContext, card: Card, counted: CountPart) -> bool:
    """Whether the card the line is on may be one of the cards ``counted`` counts, so that
    `other` (leave this card out) can change the count: an item for a count of items or
    their gold, a card of the filter's kind, tag or title for a count of cards in play."""
    if counted.tag_names != "filter" or (counted.count == "items" and card.kind != "item"):
        return card.kind == "item"  # items, their gold: only an item is one of them
    what = filter_name(ctx.scope, counted.tag) if counted.tag else None
    tags = {a.name for s in card.stats if s.kind == "tags" for a in s.args if isinstance(a, Ref)}
    big = any(s.kind == "big" for s in card.stats)
    return (what in (None, "card", card.kind) or what in tags or (what == "big" and big)
            or (what == "small" and not big) or what in SLOT_FILTERS or what in HAND_FILTERS
            or (what == "curse" and card.kind in CURSE_KINDS)
            or what in (n for _lang, n, _span in card.names()))


def check_other(ctx: CheckContext, card: Card, clause: Clause | Condition) -> None:
    """E229: `other` leaves the card the line is on out of a count of a player's cards
    (`for every 1000 gold of other items you carry`); on a card that is never one of them
    (`for each other item you carry` on a Race) it would change nothing."""
    counted = getattr(clause, "counted", None)
    if not isinstance(counted, CountPart) or not counted.other or \
            not counted.reads_other or counted.in_fight or counted.other_leaves != "card" or \
            _could_be_counted(ctx, card, counted):
        return
    ctx.sink.error("E229", f"`other` leaves this card out of the count, and {kind_words(card.kind)}"
                   " is never one of the cards it counts, so `other` changes nothing",
                   counted.span, "remove `other`, or count cards this card is one of")


def check_part_condition(ctx: CheckContext, clause: Condition) -> None:
    part = clause.detail
    if isinstance(part, algebra.ConditionPart) and part.subjects == "event":
        return  # a test of the event the line fires at: checks/happenings.py
    if isinstance(part, algebra.ConditionPart) and part.subjects == "monster":
        if clause.subject != "monster":
            ctx.sink.error("E222", "only a monster is tested this way: a player has no Bad "
                           "Stuff", clause.span, "write `if monster ...`")
        return
    if clause.subject == "monster":
        ctx.sink.error("E222", "a monster holds no cards, hand or gold: this condition would "
                       "never hold" if not isinstance(part, DidThisTurn) else "a monster "
                       "does none of the things a turn keeps: this condition would never "
                       "hold", clause.span,
                       "test a player (`if fighter has ...`, `if you have ...`, `if fighter "
                       "was cursed this turn`)")
    if isinstance(clause.value, Ref):
        check_filter(ctx, clause.value)
    if isinstance(part, DidThisTurn) and part.happened in NEEDS_SEALS and ctx.rulesets and \
            not any("seal" in rs.decks for rs in ctx.rulesets):
        ctx.sink.error("E224", "no ruleset of the pack has Seals, so nobody opens one and the "
                       "condition never holds", clause.span, "add a ruleset with Seals "
                       "(munchkin-apocalypse) to the pack header, or test another happening "
                       "(`if you killed a monster this turn`)")


def check_controls(ctx: CheckContext, when: list[Clause], effects: list[Clause],
                   windowed: bool = False) -> None:
    """`3 times` in range (E205), once a line (E213), with an effect that a repeat
    changes (E229); `choose one` with alternatives to choose from (E209; not where an
    alternative opened with two windows, `windowed`: E212 names that fault)."""
    seen: set[str] = set()
    for clause in when:
        if not isinstance(clause, ControlPart):
            continue
        if clause.ability_field in seen:
            ctx.sink.error("E213", f"a line has one {clause.summary.split(':')[0][2:]}; this "
                           "one has two", clause.span, "keep one of them")
        seen.add(clause.ability_field)
        for effect in effects:
            why = clause.refuse_effects.get(effect_kind(effect))
            if clause.ability_field == "repeat" and isinstance(effect, Discard) and \
                    effect.what == "this":
                why = "the card is gone after the first time"
            if why is not None:
                ctx.sink.error("E229", f"`{clause.summary.split(':')[0]}` of this effect "
                               f"comes out as nothing: {why}", clause.span,
                               "write the effect once, without the repeat")
        if clause.ability_field == "repeat":
            check_range(ctx, "repeat", clause.count, clause.span)
        elif not any(c.either for c in effects) and not windowed:
            ctx.sink.error("E209", "`choose one` needs alternatives after the ':'", clause.span,
                           "write them with `or`: `choose one: +2 to run away, or draw 1 "
                           "treasure face down`; or remove `choose one`")


def selectors_of(clause: Clause) -> list[Target]:
    """The selectors a clause names (its subject or `to ...`, `from ...`, `chosen by ...`)."""
    names = [f for f in ("target", "source", "chooser") if hasattr(clause, f)]
    found = [v for f in names if isinstance(v := getattr(clause, f), Target)]
    owner = getattr(getattr(clause, "card", None), "owner", None)  # a card pick's holder
    return [*found, owner] if isinstance(owner, Target) else found


def check_selectors(ctx: CheckContext, card_kind: str, timing: str, effects: list[Clause]
                    ) -> None:
    """E221: a declared selector that names nobody at the line's moment (`the winner` where
    no fight has just been won); E228: `a player of your choice` on a monster, which has no
    player to choose."""
    parts = {p.target: p for p in algebra.selector_parts()}
    for clause in effects:
        for target in selectors_of(clause):
            part = parts.get(target.kind)
            if part is not None and part.chooser and card_kind == "monster":
                ctx.sink.error("E228", "a monster has no player of its own, so `a player of "
                               "your choice` on its line names nobody", target.span,
                               "name a player of the fight or the table: `fighter`, "
                               "`each player`, `the player with the most items`")
            if part is not None and part.timings is not None and timing not in part.timings \
                    and base_timing(timing) not in part.timings and not (
                        part.kinds is not None and card_kind in part.kinds):
                ctx.sink.error("E221", part.refuse, target.span, part.instead or
                               "write it on `on kill:`, `after a kill:` or `when another "
                               "player kills a monster:`, or name the player another way "
                               "(`fighter`, `you`)")


def check_duration(ctx: CheckContext, card_kind: str, clause: DurationPart,
                   stays: bool = False) -> None:
    """E221: uses on a card that does not stay in play; E205: out of range.  A card that
    ``stays`` on its victim (a `persistent` curse, trap or disaster) counts its uses there
    and is discarded when they are spent (engine/durations.spend)."""
    why = None if stays else registry.duration_refusal(card_kind, type(clause))
    if why is not None:
        ctx.sink.error("E221", f"`{clause.count} {clause.kind}` can never run out here",
                       clause.span, why)
    check_range(ctx, clause.kind, clause.count, clause.span)


#: Where a fight just won is known: the kill's own timings, and the reward lines a monster
#: has (its treasures and the levels it gives are counted once it is beaten).
WON_TIMINGS = frozenset({"on_kill", "after_kill", *WIN_EVENTS,
                         # a one-shot's own win event (`if the fighter wins this combat`)
                         *(t for t in RIDERS if t.startswith("win"))})
WON_EFFECTS = frozenset({"treasure_count", "kill_levels"})


def check_won(ctx: CheckContext, timing: str, conditions: list[Condition],
              effects: list[Clause]) -> None:
    """E221: `if you win by N or more` and `for every 5 points you won by` read the fight
    just won; elsewhere they would read an older fight."""
    for clause in effects:
        counted = getattr(clause, "counted", None)
        if isinstance(counted, CountPart) and counted.only_at and \
                timing not in counted.only_at and \
                (clause.kind not in WON_EFFECTS  # a monster's reward is read once it is won
                 or "on_kill" not in counted.only_at):
            ctx.sink.error("E221", counted.only_at_refuse[0], counted.span,
                           counted.only_at_refuse[1])
    if base_timing(timing) in WON_TIMINGS or (effects and all(c.kind in WON_EFFECTS
                                                              for c in effects)):
        return
    for cond in conditions:
        if cond.predicate == "won_by":
            ctx.sink.error("E221", "the margin of a fight is known only once it is won",
                           cond.span, "use it on `on kill:`, `after a kill:`, `when you win a "
                           "fight:`, a one-shot's `if the fighter wins this combat:` or a "
                           "monster's `+1 treasure` line")


def check_count_conditions(ctx: CheckContext, conditions: list[Condition]) -> None:
    """`if there are at least 2 monsters in this combat`: the count's card filter must
    name something (E101), and a count that a condition cannot mean (its part's
    ``test_refuse``), or that counts a deck no ruleset of the pack has, is refused (E229)."""
    for cond in conditions:
        counted = cond.counted
        if not isinstance(counted, CountPart):
            continue
        if counted.tag_names == "filter" and counted.tag:
            check_filter(ctx, counted.tag, counted.filter_kinds)
        refused = counted.test_refuse
        deck = counted.needs_deck
        if deck and ctx.rulesets and not any(deck in rs.decks for rs in ctx.rulesets):
            refused = (f"no ruleset of the pack has {deck.title()}s, so the count is always 0",
                       f"add a ruleset with {deck.title()}s (munchkin-apocalypse) to the pack "
                       "header")
        if refused is not None:
            ctx.sink.error("E229", refused[0], counted.span, refused[1])


def check_standing(ctx: CheckContext, conditions: list[Condition], effects: list[Clause]
                   ) -> None:
    """E221: a limit is read whenever the owner's cards are counted, fight or not, so its
    line's conditions must be ones the owner meets or not at any moment."""
    if not any(c.kind == "limit" for c in effects):
        return
    for cond in conditions:
        if cond.subject != "you" or cond.predicate not in algebra.standing_predicates():
            ctx.sink.error("E221", "a limit is read at any moment, and this condition needs a "
                           "fight or another player", cond.span,
                           "test yourself: `if you are Elf`, `if you are level 5 or higher`, "
                           "`if you have a Steed in play`, `if you carry items worth 1000 or "
                           "more`")


#: What a clause before the ':' waits for, by its node type: on a limit line it never comes,
#: since a limit is read whenever the owner's cards are counted and never used.
NEVER_SPENT: dict[type, str] = {
    Frequency: "a frequency counts the times the line is used",
    DurationPart: "uses count the times the line acts",
    EffectPart: "a cost is paid when the line is used",  # before the ':', a part is a cost
}


#: the effects read, never used: a limit whenever the owner's cards are counted, the terms
#: of a sale at each sale (parts/selling.py) -> how the refusal names it, and a line of it
READ_NOT_USED = {"limit": ("a limit is read at any moment", "hand limit +1"),
                 "sell_rate": ("the terms of a sale are read at each sale",
                               "you sell items at 800 gold per level"),
                 "sell_bonus": ("the terms of a sale are read at each sale",
                                "+200 gold for each item you sell")}


def check_read_limit(ctx: CheckContext, when: list[Clause], effects: list[Clause]) -> None:
    """E221: a limit line (or a sale's terms) is read, never used, so a frequency, uses or
    a cost on it would never be spent (`3 uses: hand limit +1` would last for ever, the
    cost never be paid; `once per turn: you sell items at 800 gold per level` would price
    every sale)."""
    read = next((READ_NOT_USED[c.kind] for c in effects if c.kind in READ_NOT_USED), None)
    if read is None:
        return
    for clause in when:
        why = next((w for t, w in NEVER_SPENT.items() if isinstance(clause, t)), None)
        if why is not None:
            ctx.sink.error("E221", f"{read[0]} and never used, and {why}, so it would never "
                           "count", clause.span,
                           f"drop it (`{read[1]}` lasts while the card is in play); to end "
                           "it, put it on a card that is discarded")


#: durations that end at a moment of the game (not `while ...`, not `until TARGET loses
#: headgear`): what they keep must be something read while it lasts
TIMED_UNTIL = frozenset({"until_end_of_turn", "until_next_turn", "until_end_of_next_turn",
                         "until_end_of_combat", "until_end_of_next_combat",
                         "until_next_combats", "until_next_turns"})
#: durations that reach the line's player's later fights (engine/durations.py keeps the
#: line on its player): a bonus under one needs no fight at the line's own moment
OUTLASTING_UNTIL = frozenset({"until_next_turn", "until_end_of_next_turn",
                              "until_end_of_next_combat", "until_next_combats",
                              "until_next_turns"})


def outlasts(until: str | None) -> bool:
    """Whether a line's duration reaches its player's later fights: one of OUTLASTING_UNTIL,
    or one that ends at an event of that player (`until victim kills a monster`), which the
    engine keeps on them until the event (engine/durations.py ``event_came``)."""
    return until in OUTLASTING_UNTIL or until_events.base_of(
        (until or "").removeprefix("until_")) is not None


def check_kept(ctx: CheckContext, card_kind: str, when: list[Clause],
               effects: list[Clause]) -> None:
    """E221: `until the end of the turn: draw 1 treasure` would draw once and keep nothing:
    a duration keeps only effects read while it lasts (a bonus, a rule of the fight, a
    curse's help ban: ``EffectPart.kept_on``)."""
    until = next((c for c in when if isinstance(c, Timing) and c.timing in TIMED_UNTIL),
                 None)
    if until is None:
        return
    kept = registry.kept_kinds()
    for clause in effects:
        try:
            kind = effect_kind(clause)
        except KeyError:  # not an effect: reported where it stands
            continue
        if getattr(clause, "undone", False) and until.timing.removeprefix(
                "until_") in MOMENT_ENDS:
            continue  # `until end of combat, put a marker on fighter`: taken off as it ends
        if kind not in kept and card_kind not in getattr(clause, "kept_on", ()):
            if getattr(clause, "held", False):  # a ban on a card in play: while it stays
                ctx.sink.error(
                    "E221", f"`{kind.replace('_', ' ')}` on a {card_kind} lasts while the "
                    "card is in play: a duration before it is a curse's", until.span,
                    "drop the `until ...` (the ban binds the card's owner while it is in "
                    "play), or put the ban with its duration on a curse")
                continue
            ctx.sink.error(
                "E221", f"`{kind.replace('_', ' ')}` happens once: a duration "
                "before it would keep nothing", until.span,
                "a duration keeps a bonus or a rule read while it lasts (`+2 to you`, `+1 to "
                "run away`, `win ties`, `double the strength of monster`); for a one-time "
                "effect drop the `until ...`, or keep the rule as `manual \"...\"`")
