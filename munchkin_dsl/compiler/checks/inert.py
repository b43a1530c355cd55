"""Lines the engine would accept but never run, found by the grammar-driven conformance
run (tests/grammar_lines.py): each is refused, and each hint says what to write instead.

Codes: E226 a `roll N+` on a line with no moment to roll at (a line read while its card
is in play), E227 a door or treasure line that waits for an event while the card is in
play, on a card that is not `persistent` (so it never stays in play), E224 (as in
checks/lines.py) a line that waits for a Seal in a pack with no Seals, E228 an effect that
reaches nothing it can act on (a player effect on the monster, taking from oneself, the
fighter made to help, borrowing from a player of the fight, a player set to their own level,
`if helper is alone`, `if monster is the highest level player`, `if you are using female`,
`player side ignores curses from the door`,
`discard this` after the ':' on a played card), E229 an amount that
cannot come out as written (`as many levels as the roll shows` with no roll, `per open
seal` with no Seals, an `up to` cap of the other sign, `items worth at least that value`
with no discard before it, `for every 6 other players` where a table seats 6 at most).
"""

from __future__ import annotations

from collections.abc import Callable

from munchkin_dsl import data
from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.amounts import check_amount
from munchkin_dsl.compiler.checks.card_moves import CURSE_LIKE, NAMED_ALIKE
from munchkin_dsl.compiler.checks.changes_nothing import check_changes
from munchkin_dsl.compiler.checks.fight_moments import (
    NO_FIGHT_AT_ALL,
    check_condition_subjects,
    check_fight_counts,
    check_out_of_the_fight,
    check_own_operator,
    check_owner_not_in_fight,
    check_table_operator,
)
from munchkin_dsl.compiler.checks.flight import check_flight
from munchkin_dsl.compiler.checks.lines import line_timing
from munchkin_dsl.compiler.checks.stats import kind_words
from munchkin_dsl.language import algebra, registry
from munchkin_dsl.language.algebra import ControlPart
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import (
    Card,
    Clause,
    Condition,
    EffectLine,
    Ref,
    Roll,
    Target,
    Timing,
)
from munchkin_dsl.language.parts.bans import CannotGainLevels
from munchkin_dsl.language.parts.counts import OtherPlayers
from munchkin_dsl.language.parts.decks import ArrangeTop, TakeFromDiscards
from munchkin_dsl.language.parts.event_groups import stays_on_victim
from munchkin_dsl.language.parts.ignore import Ignore
from munchkin_dsl.language.parts.levels import LoseLevels
from munchkin_dsl.language.parts.modifiers import RunAway, Strength
from munchkin_dsl.language.parts.moves import Discard
from munchkin_dsl.language.parts.players import FROM_EACH, GROUP_TARGETS
from munchkin_dsl.language.parts.waiting import base_timing
from munchkin_dsl.language.phrases import effect_kind, split

#: Kinds whose card leaves play once played (a one-shot, an enhancer with its fight).
PLAYED = frozenset({"one-shot", "monster-enhancer"})
#: Kinds played from the hand whose card stays in play only when `persistent`.
STAYS_IF_PERSISTENT = frozenset({"door", "treasure"})
#: Kinds discarded once their `on play` line is done, unless `persistent`.
ONE_OFF = frozenset({"door", "treasure", "curse", "trap", "disaster"})
#: Timings that wait for a Seal: they never come under a ruleset with no Seal deck.
SEAL_TIMINGS = frozenset({"when_seal_opens", "when_seal_closes", "when_other_opens_seal",
                          "when_you_open_seal"})
#: Timings that fire for a card as it is drawn, not while it is in play.
FROM_THE_DECK = frozenset({"on_reveal"})


def check_inert(ctx: CheckContext) -> None:
    for card in ctx.cards:
        persistent = any(stat.kind in ("persistent", "attaches") for stat in card.stats)
        for line in card.lines:
            _check_line(ctx, card, line, persistent)
        _check_that_value(ctx, card)


def _check_that_value(ctx: CheckContext, card: Card) -> None:
    """E229: `items worth at least that value` reads what an earlier effect of the card
    discarded (`victim discards 1 item of their choice`); with none before it the value is
    0 and the engine takes nothing (Curse! Income Tax has both)."""
    valued = False
    for line in card.lines:
        for clause in split(line)[1]:
            if isinstance(clause, Discard) and clause.what == "items_of_choice":
                valued = True
            elif isinstance(clause, Discard) and clause.what == "items_worth_that_value" and (
                    not valued):
                ctx.sink.error("E229", "`items worth at least that value` reads the value of "
                               "the items an earlier effect of the card discarded, and none "
                               "comes before it", clause.span,
                               "discard first, on an earlier line or before it: `victim "
                               "discards 1 item of their choice` (Curse! Income Tax); or name "
                               "the value: `discards every item worth 400 or more`")


#: Subjects that name no player: an effect on a player reaching them reaches nobody.
NOT_A_PLAYER = {"monster": "the monster", "either_side": "either side"}
#: Targets that name several players (parts/players.py), and `each` of a group line.
GROUPS = GROUP_TARGETS | {"each"}
#: Targets that mean the card's player, who chose: a monster's own line has none.
CHOOSERS = {"you": "you", "any_player": "any player"}
#: A player's sex: what a player is, never what a card used in the fight is.
SEXES = frozenset({"male", "female"})
#: What a condition can test of the monster (engine/combat.py); any other test is of a player.
MONSTER_TESTS = frozenset({"is", "level_at_most", "level_at_least", "using"})
#: `ignore` variants the engine reads only on the item a card is attached to.
ITEM_ONLY = frozenset({"use_restrictions", "slot_limits"})


#: a victim's event a curse may wait for once instead of staying: E227's hint names it
_ONCE = {"after_combat": "; a curse that strikes once its victim's next combat is over says "
                         "`after the next combat`",
         "when_you_fight": "; a curse that strikes once as its victim's next combat starts "
                           "says `next combat`"}


def _check_line(ctx: CheckContext, card: Card, line: EffectLine, persistent: bool) -> None:
    when, effects, _misplaced = split(line)
    timing = line_timing(card, when)
    check_condition_subjects(ctx, card.kind, timing, when)
    _check_moment(ctx, card.kind, timing, when, effects)
    for clause in effects:
        _check_reach(ctx, clause, registry.default_subject(card.kind, timing))
        if timing in NO_FIGHT_AT_ALL:
            check_out_of_the_fight(ctx, clause)
        if card.kind == "monster" and timing == "continuous":  # fired as it enters the fight
            _check_ownerless(ctx, clause)
        _check_players(ctx, card.kind, timing, clause)
        kept = any(isinstance(c, Timing) and c.is_until for c in when) and not any(
            isinstance(c, Roll) for c in when)  # with a roll it acts once (durations.lasts)
        check_own_operator(ctx, card.kind, clause, kept and timing != "continuous")
        check_table_operator(ctx, card.kind, timing, clause, lasting=kept)
        check_owner_not_in_fight(ctx, timing, clause)
        check_flight(ctx, timing, clause, kept)
        if isinstance(clause, Discard) and clause.what == "up_to":
            ctx.sink.error("E228", "`discard up to N cards` after the ':' lets the player "
                           "discard none, so it may change nothing", clause.span,
                           "as a cost, put it before the ':' (`discard up to 3 cards: +1 per "
                           "card to you`); as an effect, say how many: `discard 2 cards`")
        if isinstance(clause, Discard) and clause.what == "this" and (
                card.kind in PLAYED or (card.kind in ONE_OFF and not persistent
                                        and timing == "on_play")):
            ctx.sink.error("E228", f"{kind_words(card.kind)} is discarded once played, so "
                           "`discard this` after the ':' changes nothing", clause.span,
                           "as a cost, put it before the ':' (`discard this: ...`); or remove it")
        if isinstance(clause, LoseLevels) and clause.from_roll and not any(
                isinstance(c, Roll) for c in when):
            ctx.sink.error("E229", "`as many levels as the roll shows` needs a roll on the line, "
                           "and this line rolls no die", clause.span,
                           "add the roll before the ':', e.g. `bad stuff, roll 3+: lose as many "
                           "levels as the roll shows`, or lose a number of levels: `lose 2 "
                           "levels`")
        if getattr(clause, "per", None) is not None or bool(getattr(clause, "amounts", ())) \
                or getattr(clause, "up_to", None) is not None:
            check_amount(ctx, clause)
        _check_seats(ctx, clause)
        if isinstance(clause, ArrangeTop) and clause.count == 1 and not clause.bottom:
            ctx.sink.error("E228", "one card put back in any order goes back where it was, so "
                           "the line changes nothing", clause.span,
                           "let the player move it: `... and put it back on the top or the "
                           "bottom`, or look at more: `look at the top 3 doors and put them "
                           'back in any order`')
    check_changes(ctx, card, timing, when, effects)
    own = next((s.args[0] for s in card.stats if s.kind == "level"), None) if (
        card.kind == "monster") else None
    _check_conditions(ctx, when, own if isinstance(own, int) else None)
    if card.kind == "monster" and timing == "continuous":
        _check_untargeted(ctx, when)
    spec = registry.timings().get(timing)
    if spec is None or registry.refusal(card.kind, timing) is not None:
        return  # E220 says it already
    if spec.passive_only:
        _check_unfired(ctx, spec.words, when, effects, card.kind)
        _check_read(ctx, card.kind, spec.words, when, effects)
    if base_timing(timing) in SEAL_TIMINGS and ctx.rulesets and not any(
            "seal" in rs.decks for rs in ctx.rulesets):
        ctx.sink.error("E224", f"`{spec.words}` waits for a Seal, and no ruleset of the pack "
                       "has Seals, so the line never fires", line.span,
                       "add a ruleset with Seals (munchkin-apocalypse) to the pack header, or "
                       "give the line another moment (`on kill:`, `when another player dies:`)")
    if card.kind in CURSE_LIKE and not persistent and timing in stays_on_victim() and not any(
            isinstance(c, Timing) and c.is_until for c in when):  # it stays until then
        ctx.sink.error("E227", f"{kind_words(card.kind)} goes to the discards once it has "
                       f"acted, so it is never on its victim to act at `{spec.words}`",
                       line.span, "add `persistent` to the card so it stays on its victim "
                       "(its line then acts on the victim at every such event; `discard "
                       "this card` on a line of its own ends it)" + _ONCE.get(timing, ""))
    if card.kind in STAYS_IF_PERSISTENT and not persistent and not (
            "one-shot" in spec.carriers or timing in FROM_THE_DECK):
        ctx.sink.error("E227", f"{kind_words(card.kind)} is discarded when played, so it is "
                       f"never in play to act at `{spec.words}`", line.span,
                       "add `persistent` to the card so it stays in play once played, or give "
                       "the line a moment of the play itself (`any time:`, `in combat:`)")



#: Level tests no level can pass, as (predicate, negated) -> the levels for which it never
#: holds: levels start at 1 (a player's and a monster's), so `not level 1 or higher` never.
NEVER_LEVEL: dict[tuple[str, bool], Callable[[int], bool]] = {
    ("level_at_least", True): lambda n: n <= 1,
    ("level_at_most", False): lambda n: n < 1,
}


#: (subject, role) tests no player passes: the fighter never helps in their own fight.
NEVER_ROLES = frozenset({("fighter", "helper")})


#: A monster's level test of itself, by predicate: whether a monster of ``own`` level
#: passes `level N or lower` / `level N or higher` (its level is printed on the card).
OWN_LEVEL: dict[str, Callable[[int, int], bool]] = {
    "level_at_most": lambda own, n: own <= n,
    "level_at_least": lambda own, n: own >= n,
}


def _check_conditions(ctx: CheckContext, when: list[Clause], own_level: int | None = None
                      ) -> None:
    """Conditions before the ':' that can never hold as written (``own_level``: a
    monster's printed level, which its own `if monster is level ...` tests)."""
    for clause in when:
        test = OWN_LEVEL.get(clause.predicate) if isinstance(clause, Condition) and (
            clause.subject == "monster" and own_level is not None) else None
        if test is not None and isinstance(clause, Condition) and isinstance(
                clause.value, int) and own_level is not None and \
                test(own_level, clause.value) == clause.negated:
            ctx.sink.error("E228", f"this monster is level {own_level}, so its own test "
                           "of its level never holds", clause.span,
                           "test another card's monster on an enhancer or a one-shot, test "
                           "the fighter (`if fighter is level 5 or lower`), or drop the "
                           "condition")
        if isinstance(clause, Condition) and not clause.negated and (
                clause.subject, clause.predicate) in NEVER_ROLES:
            ctx.sink.error("E228", f"the {clause.subject} is never the {clause.predicate}, so "
                           "this condition never holds", clause.span,
                           "test the player the line is about (`if you are helper`), or drop "
                           "the condition")
        never = NEVER_LEVEL.get((clause.predicate, clause.negated)) if isinstance(
            clause, Condition) else None
        if never is not None and isinstance(clause, Condition) and isinstance(
                clause.value, int) and never(clause.value):
            ctx.sink.error("E228", "levels start at 1, so this level test never holds",
                           clause.span, "test a level that can be reached (`if fighter is "
                           "level 5 or higher`), or drop the condition")
        if isinstance(clause, Condition) and clause.subject == "helper" and (
                clause.predicate == "alone"):
            ctx.sink.error("E228", "`helper is alone` never holds: with a helper the fighter "
                           "is not alone, and without one there is no helper", clause.span,
                           "write `if fighter is alone` (no one helps) or `if helper is ...` "
                           "with another test (`if helper is Elf`)")
        if isinstance(clause, Condition) and clause.predicate == "using" and isinstance(
                clause.value, Ref) and (clause.value.name in SEXES or (
                    ctx.scope.lookup(clause.value.name, ("tags",)) is None
                    and ctx.scope.lookup(clause.value.name, ("races", "classes")))):
            ctx.sink.error("E228", f"`using {clause.value.name}` tests the tags of the cards "
                           f"a player uses, and no card is tagged {clause.value.name}",
                           clause.span,
                           f"test the player: `if {clause.subject.replace('_', ' ')} "
                           f"{'are' if clause.subject == 'you' else 'is'} "
                           f"{clause.value.name}`")
        if isinstance(clause, Condition) and clause.subject == "monster" and (
                clause.predicate not in MONSTER_TESTS
                and clause.detail is None):  # a declared part says whom it tests itself
            ctx.sink.error("E228", "the monster is no player, so this test of a player is "
                           f"{'always' if clause.negated else 'never'} true of it",
                           clause.span, "test the monster's tag, name or level (`if monster "
                           "is Undead`, `if monster is level 10 or higher`), or name a player "
                           "(`if fighter is the highest level player`)")

def _check_read(ctx: CheckContext, kind: str, words: str, when: list[Clause],
                effects: list[Clause]) -> None:
    """E228: on a line read while its card is in play, not used (no cost, `may` or uses),
    nobody is played on and no moment comes to pick a player: `if target ...` tests nobody
    (`if target is level 4 or higher: wins ties`), `+2 to another player` reaches nobody."""
    if kind == "monster":  # its bonuses are read even on a `may` line (Game.use skips them)
        _check_another_player(ctx, effects)
        return
    if any(getattr(c, "optional", False) for c in effects) or not all(
            isinstance(c, Condition) for c in when):
        return  # used on a player: it has a moment
    _check_untargeted(ctx, when, f"a line read while its card is in play (`{words}`) is "
                      "played on nobody", "test the card's player or a player of the "
                      "fight: `if you are level 4 or higher`, `if fighter ...`")
    _check_another_player(ctx, effects, choices=True)


def _check_moment(ctx: CheckContext, kind: str, timing: str, when: list[Clause],
                  effects: list[Clause]) -> None:
    """What the line's moment lacks: a fight to count (NO_FIGHT_AT_ALL), a player the card
    was played on (a card in play firing at an event on its own: PLAYED_ON_NOBODY)."""
    if timing in NO_FIGHT_AT_ALL:
        check_fight_counts(ctx, [*when, *effects])
    if _alike(kind, timing) is PLAYED_ON_NOBODY:  # `if target ..., on escape:`
        _check_untargeted(ctx, when, "a card in play that fires at an event on its own is "
                          "played on nobody", "test the card's player or a player of the "
                          "fight: `if you have a marker`, `if fighter ...`")


def _picked_players() -> dict[str, str]:
    """TARGETS word -> its words, for the selectors that pick a player when the line
    applies: `another player`, `any player` and the declared choosers (`a player of your
    choice whose level is lower than yours`)."""
    return {"another_player": "another player", "any_player": "any player",
            **{p.target: p.text["en"] for p in algebra.selector_parts() if p.chooser}}


def _check_another_player(ctx: CheckContext, effects: list[Clause],
                          choices: bool = False) -> None:
    """E228: a bonus read while its card is in play reaching a player picked when the line
    applies (``choices``: any such pick; a monster's choosers are refused elsewhere):
    no moment comes to pick one, so the bonus reaches nobody."""
    picked = _picked_players() if choices else {"another_player": "another player"}
    for clause in effects:
        who = clause.target if isinstance(clause, Strength | RunAway) else None
        if who is not None and who.kind in picked:
            ctx.sink.error("E228", "a bonus read while its card is in play has no moment at "
                           f"which a player is picked, so `{picked[who.kind]}` names nobody",
                           who.span, "name the player: `helper`, `the player to your "
                           "left`, `the highest level player`, or give the line a moment "
                           "(`in combat: +2 to a player of your choice`)")


def _check_untargeted(ctx: CheckContext, when: list[Clause],
                      why: str = "a monster's own line has no target (nobody plays it on a "
                      "player)", hint: str = "test the player who fights it: `if fighter is "
                      "level 4 or lower`") -> None:
    """E228: `if target ...` on a line nobody plays on a player: a monster's own line (read
    as it enters the fight), a line read while its card is in play with no cost, `may` or
    uses (`if target is level 4 or higher: wins ties` on an item): `target` names nobody
    and the test never holds."""
    for clause in when:
        if isinstance(clause, Condition) and clause.subject == "target":
            ctx.sink.error("E228", f"{why}, so this test never holds", clause.span, hint)


def _check_reach(ctx: CheckContext, clause: Clause, default: str = "you") -> None:
    """E228: a player effect whose subject or source is the monster or a side, and an
    item's `ignores use restrictions` said of anything but the attached item (``default``:
    whom the line reaches with no subject, :func:`registry.default_subject`)."""
    kind = effect_kind(clause)
    spec = registry.effects().get(kind)
    if spec is None:
        return
    for field_name in ("target", "source"):
        who = getattr(clause, field_name, None)
        if isinstance(who, Target) and field_name == "source" and who.kind == "attached_item":
            ctx.sink.error("E228", f"this effect ({spec.summary}) takes from a player, and the "
                           "attached item is none", who.span, "name a player: `fighter`, "
                           "`helper`, `victim` or `the player to your left`")
        if isinstance(who, Target) and field_name == "source" and who.kind in GROUPS \
                and kind not in FROM_EACH:
            ctx.sink.error("E228", f"this effect ({spec.summary}) takes from one player, and "
                           f"`{who.kind.replace('_', ' ')}` names several", who.span,
                           "name one player (`the player to your left`, `victim`, `the "
                           "highest level player`), or give the line to each: `each player "
                           "loses 1 level`")
        if not isinstance(who, Target) or who.kind not in NOT_A_PLAYER:
            continue
        if field_name == "source" or spec.player_target:
            ctx.sink.error("E228", f"this effect ({spec.summary}) needs a player, and "
                           f"{NOT_A_PLAYER[who.kind]} is none", who.span,
                           "name a player: `fighter`, `you`, `victim` or `each player`; for "
                           "the monster's strength write `+N to monster`")
    _check_same(ctx, clause, spec, default)
    if isinstance(clause, Ignore) and clause.what == "door_curses" and (
            clause.target is not None and clause.target.kind != "you"):
        ctx.sink.error("E228", "a curse from the door lands on the player who kicks the door "
                       "open, and only that player's own card can stop it", clause.target.span,
                       "write `ignore curses from the door` (the card's holder ignores them)")
    if isinstance(clause, CannotGainLevels) and clause.target is not None and (
            clause.target.kind not in ("you", "victim")):
        ctx.sink.error("E228", "a ban binds the player its card stays on (a curse's victim, a "
                       "card in play's owner), never another", clause.target.span,
                       "write `victim gains no levels` (or `you gain no levels` on a card "
                       "in play); for everyone, one curse each")
    if isinstance(clause, Ignore) and clause.what in ITEM_ONLY and (
            clause.target is None or clause.target.kind != "attached_item"):
        ctx.sink.error("E228", f"only an item ignores {clause.what.replace('_', ' ')}, and "
                       "this line names no item", clause.span,
                       "write `attached item ignores ...` on an item enhancer or a card that "
                       "`attaches to an item`")


#: Effects whose source may not be a player of the fight (Theft: "not in combat"; a
#: borrowed item is lent by a player outside the fight, the engine's `borrow_item`); out of
#: a fight `fighter` and `helper` mean the card's owner, who is the taker already.
NOT_FROM_THE_FIGHT = frozenset({"steal_item", "borrow_item"})


def _check_same(ctx: CheckContext, clause: Clause, spec: registry.EffectSpec,
                default: str = "you") -> None:
    """E228: an effect that moves something from a player to the same player (a line with
    no subject reaches ``default``: on a trap, the victim), from a player of the fight
    where only others may lose it, or makes the fight's own player help."""
    kind = effect_kind(clause)
    source = getattr(clause, "source", None)
    taker = getattr(clause, "target", None)
    taker_kind = taker.kind if isinstance(taker, Target) else default
    if isinstance(source, Target):
        if source.kind == taker_kind and source.qualifier is None:
            said = "" if isinstance(taker, Target) else (
                f" (with no subject the line reaches the {default.replace('_', ' ')})")
            ctx.sink.error("E228", f"this effect ({spec.summary}) takes from the same player "
                           f"it gives to{said}, so nothing moves", source.span,
                           "name who takes (`you take ... from victim`) or another player to "
                           "take from: `another player`, `the player to your left`")
        elif kind in NOT_FROM_THE_FIGHT and source.kind in ("fighter", "helper"):
            ctx.sink.error("E228", f"this effect ({spec.summary}) never takes from a player "
                           "in the fight, and outside one `fighter` is the card's owner",
                           source.span, "take from `another player`, `the player to your left` "
                           "or `victim`")
    level_of = getattr(clause, "level_of", None)
    if kind == "set_level" and level_of == taker_kind and (
            not isinstance(taker, Target) or taker.qualifier is None):
        ctx.sink.error("E228", "this line sets a player's level to the level that player "
                       "already has, so nothing changes", clause.span,
                       "name two players: `the lowest level player goes to the level of the "
                       "highest level player`, or give a number: `go to level 3`")
    if isinstance(source, Target) and taker_kind == "player_side" and source.kind in (
            "fighter", "helper"):
        ctx.sink.error("E228", f"the player side is the fighter and the helper, so it takes "
                       f"from the {source.kind}, one of its own, and nothing moves",
                       source.span, "name one taker (`helper steals 1 level from fighter`) or "
                       "take from a player outside the fight: `the player to your left`")
    if kind in OUTSIDE_THE_FIGHT and taker_kind in ("fighter", "helper", "player_side"):
        why, instead = OUTSIDE_THE_FIGHT[kind]
        ctx.sink.error("E228", f"the {taker_kind.replace('_', ' ')} {why}",
                       taker.span if isinstance(taker, Target) else clause.span, instead)


#: Kinds played on a victim.
#: Moments a curse-like card waits for on its victim, when its own player is long gone.
WAITING = frozenset({"next_combat", "next_run_away_roll"})


def _check_players(ctx: CheckContext, kind: str, timing: str, clause: Clause) -> None:
    """The players an effect names that are someone else, or nobody, on this kind of card
    at this moment (NAMED_ALIKE, WAITING)."""
    _check_named_alike(ctx, clause, _alike(kind, timing),
                       registry.default_subject(kind, timing))
    _check_deck_of_kind(ctx, clause)
    if (kind == "monster-enhancer" or (kind, timing) == ("monster", "continuous")) and \
            isinstance(clause, Strength) and clause.target is not None and \
            clause.target.kind == "you":  # (a monster's own bonus: read, even on a `may` line)
        ctx.sink.error("E228", f"a {kind.replace('-', ' ')}'s bonus is read with its monster, "
                       "which has no player of its own, so `you` names nobody",
                       clause.target.span,
                       "write `+N to monster`, or `-N to player side` for the fighter's side")
    if kind in CURSE_LIKE and timing in WAITING:
        _check_waiting_you(ctx, clause)


def _check_deck_of_kind(ctx: CheckContext, clause: Clause) -> None:
    """E228: `take the top class card from the treasure discard pile`: a class card is a
    door card (data/kinds.toml), so the treasure discards never hold one."""
    if not isinstance(clause, TakeFromDiscards) or clause.card_kind is None or \
            clause.deck is None or clause.deck.name not in ("door", "treasure", "seal"):
        return
    own = str(data.kinds().get(clause.card_kind, {}).get("deck", clause.deck.name))
    if own != clause.deck.name:
        ctx.sink.error("E228", f"a {clause.card_kind} card is a {own} card, so the "
                       f"{clause.deck.name} discards never hold one", clause.deck.span,
                       f"take it from the {own} discard pile: `take the top "
                       f"{clause.card_kind} card from the {own} discard pile`")


def _check_waiting_you(ctx: CheckContext, clause: Clause) -> None:
    """E228: `next combat: put 6 markers on you` on a curse: when the victim's next combat
    comes the curse has no player of its own (engine/fight.py), so `you` names nobody."""
    spec = registry.effects().get(effect_kind(clause))
    if spec is None or spec.passive:  # a modifier is read on the victim (combat.passives)
        return
    for field_name in ("target", "source"):
        who = getattr(clause, field_name, None)
        if isinstance(who, Target) and who.kind == "you":
            ctx.sink.error("E228", "a curse that waits for its victim's next combat or roll "
                           "has no player of its own by then, so `you` names nobody",
                           who.span, "write `victim` (the cursed player), or give the line "
                           "to the moment the curse is played: `put 6 markers on you`")


#: A card in play that fires at an event on its own (`on kill`, `on escape`, `when caught`)
#: is played on nobody, so `any player` is its own player, as is `victim` (the player it
#: fires for: engine/effects_targets.targets, Game.fire_table, engine/events.react).
PLAYED_ON_NOBODY = {"any_player": "card's player", "you": "card's player",
                    "victim": "card's player"}
#: Those moments (not `when targeted`, whose target is the curse's player, nor a loss about
#: to happen, whose target is the card's player: engine/replacement.py).
FIRED_ON_NOBODY = frozenset({
    "on_kill", "on_escape", "on_death", "on_loot", "when_caught", "when_bad_stuff",
    "after_failed_run_away",
    "when_other_dies", "when_other_sells", "when_other_gains_level", "when_other_kills",
    "curse_played", "turn_start", "after_combat", "when_you_gain_level"})


def _alike(kind: str, timing: str) -> dict[str, str]:
    """The words that name one player on this kind of card at this moment (NAMED_ALIKE, and
    PLAYED_ON_NOBODY on a card in play at a moment of FIRED_ON_NOBODY)."""
    if (kind, timing) in NAMED_ALIKE:
        return NAMED_ALIKE[(kind, timing)]
    if timing not in FIRED_ON_NOBODY or kind in (*CURSE_LIKE, "monster", "monster-enhancer"):
        return {}
    return PLAYED_ON_NOBODY


def _check_named_alike(ctx: CheckContext, clause: Clause, alike: dict[str, str],
                       default: str) -> None:
    """E228: two different words for the same player as taker and source (`victim takes a
    small item from any player` on a trap): nothing moves."""
    source, taker = getattr(clause, "source", None), getattr(clause, "target", None)
    if not alike or not isinstance(source, Target) or source.qualifier is not None:
        return
    taker_kind = taker.kind if isinstance(taker, Target) else default
    if source.kind != taker_kind and alike.get(source.kind, source.kind) == alike.get(
            taker_kind, taker_kind):
        said = source.kind if source.kind in alike else taker_kind
        ctx.sink.error("E228", f"here `{said.replace('_', ' ')}` is the {alike[said]}, so "
                       "this takes from the same player it gives to and nothing moves",
                       source.span, "take from another player: `the player to your left`, "
                       "`another player`, `the highest level player`")
    elif effect_kind(clause) in NOT_FROM_THE_FIGHT and alike.get(source.kind) in (
            "fighter", "helper"):
        ctx.sink.error("E228", f"here `{source.kind.replace('_', ' ')}` is the "
                       f"{alike[source.kind]}, and this effect never takes from a player in "
                       "the fight", source.span, "take from `another player` or `the player "
                       "to your left`")


#: Effects that only a player outside the fight can be the taker of: (why, what instead).
OUTSIDE_THE_FIGHT = {
    "force_help": ("cannot be made to help (the fighter fights, the helper already helps)",
                   "write `another player must help` or `the player to your left must help`"),
    "give_monster": ("is in the fight already, so the monster cannot be given to them",
                     "give it to a player outside the fight: `give the monster to the player "
                     "to your left`, `give the monster to the lowest level player`"),
}


#: Kinds whose standing `choose one` is chosen as the card is attached, then stands.
CHOSEN_AS_ATTACHED = frozenset({"item-enhancer"})


def _check_unfired(ctx: CheckContext, words: str, when: list[Clause], effects: list[Clause],
                   kind: str = "") -> None:
    """E226: on a line that is read, not fired (`while in play`, a monster's own line), a
    die for an amount, a control clause (`twice`) or a `roll N+` never happens.  An item
    enhancer's `choose one` is the exception: chosen as it is attached, the chosen
    alternative stands (engine/item_traits.py)."""
    for clause in effects:
        counted = getattr(clause, "counted", None)
        if isinstance(counted, CountPart) and counted.reads_dice:
            ctx.sink.error("E226", f"a die for the amount has no moment to be rolled at "
                           f"`{words}`: the line is read, not fired", counted.span,
                           "give the line its moment (`in combat: +1 for each point of a "
                           "die to you`), or count something on the table")
    for clause in when:
        if isinstance(clause, ControlPart) and not (
                kind in CHOSEN_AS_ATTACHED and clause.kind == "choose_one"):
            ctx.sink.error("E226", f"`{clause.summary.split(':')[0]}` has no moment at "
                           f"`{words}`: the line is read, not fired", clause.span,
                           f"{clause.refuse}; give the line its moment, e.g. `on reveal, "
                           "twice: ...` or `in combat, choose one: ...`")
        if isinstance(clause, Roll):
            said = f"roll {clause.at_least}+" if clause.at_least else "roll a die"
            ctx.sink.error("E226", f"`{said}` has no moment to be rolled "
                           f"at `{words}`: the line is read, not fired", clause.span,
                           "give the line its moment, e.g. `on reveal, roll "
                           f"{clause.at_least}+: ...` or `bad stuff, roll "
                           f"{clause.at_least}+: ...`")


def _check_seats(ctx: CheckContext, clause: Clause) -> None:
    """E229: a count of players whose step and threshold the table never reaches (`for
    every 6 other players`, `for each player with a Steed beyond the sixth`, where no
    ruleset of the pack seats more than 6 players): the count is always 0."""
    counted = getattr(clause, "counted", None)
    if not isinstance(counted, CountPart) or counted.seats_left_out is None or \
            not ctx.rulesets:
        return
    seats = max(rs.players[1] for rs in ctx.rulesets)
    most = seats - counted.seats_left_out - (1 if counted.other and not isinstance(
        counted, OtherPlayers) else 0)
    if counted.every + counted.beyond > most:
        said = (f"for every {counted.every}" if counted.every > 1 else "for each") + (
            f" ... beyond the first {counted.beyond}" if counted.beyond else " ...")
        ctx.sink.error("E229", f"`{said}` is never reached: a table of the pack's rulesets "
                       f"seats at most {seats} players, and this count counts at most {most} "
                       "of them, so the amount is always 0", counted.span,
                       f"count a step and a threshold the table reaches (together at most "
                       f"{most}), or write the number you mean")


def _check_ownerless(ctx: CheckContext, clause: Clause) -> None:
    """E228: `you` or `any player` on a monster's own line (fired as it enters the fight;
    at `bad stuff` `you` is the caught player): no player owns the monster or picks the
    player, so the words name nobody."""
    spec = registry.effects().get(effect_kind(clause))
    if spec is None or not spec.player_target:
        return
    for field_name in ("target", "source"):
        who = getattr(clause, field_name, None)
        if isinstance(who, Target) and who.kind in CHOOSERS:
            ctx.sink.error("E228", f"a monster has no player of its own, so "
                           f"`{CHOOSERS[who.kind]}` on its line names nobody", who.span,
                           "name a player of the fight or the table: `fighter`, `helper`, "
                           "`each player`, `the lowest level player`")
