"""Effect lines: clauses in the right place, an effect on every line, effects the card
kind may carry at a timing the engine fires, numbers in range.

Codes: E202 effect the card kind cannot carry, E205 number out of range, E206 clause on
the wrong side of the ':', E207 line with no effect, E209 'otherwise' with nothing
before it, E210 'per card' without a discard cost, E212 two timings, E213 two
frequencies or rolls, E215 a cost paid by someone else, E216 a cost that is not
cards, E220 a timing the engine never fires on this card kind, E221 an effect that
cannot act at this timing, E222 a player tested for a card tag, E223 a
player effect with no subject where the subject would be a monster or an item, E224 an
effect that needs a deck the pack's rulesets lack, W211 'may' before the
':' (where it changes nothing), W212 `otherwise` after a discard that can apply in part.

What the engine runs is the registry's (:func:`munchkin_dsl.language.registry.refusal`): the
checker refuses exactly the combinations the conformance suite cannot prove, so every
line that checks also runs.
"""

from __future__ import annotations

from collections.abc import Callable

from munchkin_dsl.base.rulesets import Ruleset
from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.alternatives import check_alternatives
from munchkin_dsl.compiler.checks.card_moves import CURSE_LIKE, check_card_move, check_redirect
from munchkin_dsl.compiler.checks.counters import check_counter_clause
from munchkin_dsl.compiler.checks.drawn import check_drawn, check_that_many
from munchkin_dsl.compiler.checks.group_conditions import (
    check_group_conditions,
    check_narrowed_groups,
)
from munchkin_dsl.compiler.checks.happenings import check_happenings
from munchkin_dsl.compiler.checks.holdings import check_own_holding
from munchkin_dsl.compiler.checks.item_traits import check_item_trait
from munchkin_dsl.compiler.checks.later import check_later
from munchkin_dsl.compiler.checks.partial_otherwise import check_partial_otherwise
from munchkin_dsl.compiler.checks.parts import (
    check_controls,
    check_count_conditions,
    check_duration,
    check_filters,
    check_kept,
    check_other,
    check_part_condition,
    check_read_limit,
    check_selectors,
    check_standing,
    check_won,
    outlasts,
)
from munchkin_dsl.compiler.checks.replacing import check_replacing
from munchkin_dsl.compiler.checks.roll_branches import check_roll_branches
from munchkin_dsl.compiler.checks.stats import check_language, check_range, kind_words, kinds_plural
from munchkin_dsl.language import registry
from munchkin_dsl.language.algebra import ControlPart, DurationPart, EffectPart
from munchkin_dsl.language.count_part import per_count
from munchkin_dsl.language.nodes import (
    Card,
    Clause,
    Condition,
    EffectLine,
    Ref,
    Roll,
    Timing,
)
from munchkin_dsl.language.parts import until_events
from munchkin_dsl.language.parts.limits import Limit
from munchkin_dsl.language.parts.moves import Discard
from munchkin_dsl.language.parts.rewards import TreasureCount
from munchkin_dsl.language.phrases import CLAUSE_WORDS, default_timing, effect_kind, split
from munchkin_dsl.language.reference import every_kind_but

#: Subjects of a condition that are players (tested for race, class or sex, not card tags).
PLAYER_SUBJECTS = frozenset({"fighter", "helper", "any_fighter", "victim", "you", "target",
                             "any_player", "another_player", "each_player",
                             "every_other_player"})


def check_lines(ctx: CheckContext) -> None:
    for card in ctx.cards:
        for line in card.lines:
            _check_line(ctx, card, line)


def line_timing(card: Card, when: list[Clause]) -> str:
    """The timing a line fires at: the one it names, or its card kind's default."""
    for clause in when:
        if isinstance(clause, Timing) and not clause.is_until:
            return clause.timing
    return default_timing(card)


def _check_line(ctx: CheckContext, card: Card, line: EffectLine) -> None:
    sink = ctx.sink
    for lang, _text in line.labels:
        check_language(ctx, lang)
    when, effects, misplaced = split(line)
    _check_placement(ctx, line, effects, misplaced)
    _check_counts(ctx, when)
    check_kept(ctx, card.kind, when, effects)
    timing = line_timing(card, when)
    timing_clause = next((c for c in when if isinstance(c, Timing) and not c.is_until), None)
    timing_refused = registry.refusal(card.kind, timing)
    if timing_refused is not None:
        sink.error("E220", f"the engine never fires `{_timing_words(timing)}` on "
                   f"{kind_words(card.kind)}, so this line would do nothing",
                   timing_clause.span if timing_clause else line.span, timing_refused)
    _check_when(ctx, card, when)
    check_replacing(ctx, card, timing, when)  # `instead of ...` that needs a condition
    conditions = [c for c in when if isinstance(c, Condition)]
    check_standing(ctx, conditions, effects)
    check_group_conditions(ctx, conditions, effects)  # W213
    check_narrowed_groups(ctx, effects)  # E231
    check_read_limit(ctx, when, effects)
    check_won(ctx, timing, conditions, effects)
    check_count_conditions(ctx, conditions)
    for cond in conditions:
        check_other(ctx, card, cond)
    check_controls(ctx, when, effects, windowed=any(
        getattr(c, "offered", None) is not None for c in misplaced))
    check_selectors(ctx, card.kind, timing, effects)
    has_per_cost = any(isinstance(c, Discard) and c.what in ("up_to", "cards") for c in when)
    until = next((c.timing for c in when if isinstance(c, Timing) and c.is_until), None)
    for index, clause in enumerate(effects):
        _check_effect(ctx, card, clause, timing, refused=timing_refused, first=index == 0,
                      per_cost=has_per_cost, until=until)
        check_item_trait(ctx, card, clause, when)
    for clause in when:  # a cost checked as its effect (`remove a counter from this:`)
        if isinstance(clause, EffectPart) and clause.cost and clause.cost_as_effect:
            _check_effect(ctx, card, clause, timing, refused=timing_refused, first=False,
                          per_cost=False)
    for clause in when:
        if isinstance(clause, Roll) and clause.at_least:  # 0: `roll a die`, for branches
            check_range(ctx, "roll", clause.at_least, clause.span)
    check_roll_branches(ctx, line, when)
    check_drawn(ctx, card, timing, when, effects)
    check_happenings(ctx, timing, when)
    check_that_many(ctx, effects)
    check_partial_otherwise(ctx, when, effects)
    check_alternatives(ctx, timing, effects)


def _check_placement(ctx: CheckContext, line: EffectLine, effects: list[Clause],
                     misplaced: list[Clause]) -> None:
    """E206 for a clause on the wrong side of the ':', E207 for a line with no effect."""
    sink = ctx.sink
    for clause in misplaced:
        if getattr(clause, "offered", None) is not None:  # `or on your turn, in combat`
            sink.error("E212", "an alternative of `choose one` opens with one timing and "
                       f"nothing more; this one has {_more_words(clause)} after it",
                       clause.span, _alternative_hint(clause))
        elif clause.kind in CLAUSE_WORDS:
            sink.error("E206", f"{CLAUSE_WORDS[clause.kind]} must come before the ':'",
                       clause.span, _move_hint(line))
        else:
            sink.error("E206", "an effect must come after the ':'", clause.span,
                       "write `when, cost: effect`, e.g. `in combat: +5 to either side`")
    if not effects and not misplaced:
        sink.error("E207", "this line says when, but not what happens", line.span,
                   "add an effect after the ':', e.g. `in combat: +2 to you`")


def _check_when(ctx: CheckContext, card: Card, when: list[Clause]) -> None:
    """The clauses before the ':': a needless 'may', costs and conditions."""
    for clause in when:
        if clause.otherwise or clause.either:  # `otherwise roll 4+:` would be read as a roll
            word = "otherwise" if clause.otherwise else "or"
            ctx.sink.error("E209", f"'{word}' joins effects after the ':', not "
                           f"{CLAUSE_WORDS.get(clause.kind, 'a clause')} before it",
                           clause.span, f"remove '{word}', or write `effect, {word} other "
                           "effect` after the ':'")
        if clause.optional:
            ctx.sink.warning("W211", f"'may' has no effect on {CLAUSE_WORDS[clause.kind]} "
                             "before the ':'", clause.span, "a card's owner always chooses "
                             "whether to use an ability; remove 'may' (after the ':' it makes "
                             "an effect optional)")
        if isinstance(clause, EffectPart) and clause.cost:
            _check_cost(ctx, clause)
        if isinstance(clause, Condition):
            _check_condition(ctx, clause)
        if isinstance(clause, DurationPart) and not isinstance(clause, ControlPart):
            check_duration(ctx, card.kind, clause, stays=card.kind in CURSE_LIKE and any(
                stat.kind == "persistent" for stat in card.stats))
        check_counter_clause(ctx, card, clause)
        check_own_holding(ctx, card, clause)


def _check_effect(ctx: CheckContext, card: Card, clause: Clause, timing: str, *,
                  refused: str | None, first: bool, per_cost: bool,
                  until: str | None = None) -> None:
    """One effect after the ':': who may carry it, when it may act, what it needs.

    ``refused`` is why the line's timing never fires on this card (then E220 said so
    already), ``first`` whether it is the line's first effect, ``per_cost`` whether the
    line has a discard cost a `per card` can count, ``until`` the line's duration (None: none)."""
    sink = ctx.sink
    kind = effect_kind(clause)
    variant = getattr(clause, registry.effects()[kind].variant_field or "", None)
    meta = registry.effects()[kind].variant(variant)
    carriers = meta.carriers
    if carriers is not None and card.kind not in carriers:
        who = (every_kind_but(frozenset(carriers), " and ")
               or "only " + kinds_plural(sorted(carriers)))
        why = getattr(clause, "kind_refuse", {}).get(card.kind)
        sink.error("E202", f"{kind_words(card.kind)} cannot carry this effect "
                   f"({meta.summary})", clause.span,
                   f"{why}; {who} can carry it" if why else f"{who} can carry it")
    elif (offer := getattr(clause, "offered_on", {}).get(card.kind)) and not clause.optional:
        sink.error("E202", f"{kind_words(card.kind)} carries this effect only as an offer "
                   f"({meta.summary})", clause.span, offer)
    elif refused is None:
        why = registry.refusal(card.kind, timing, kind, variant, outlasts(until))
        if why is not None:
            if until is not None and (need := registry.needs().get(meta.needs or "")) is not None \
                    and need.phases is not None and not registry.timings()[timing].no_fight:
                why = _lasting_hint(card.kind, timing, why)
            sink.error("E221", f"this effect ({meta.summary}) cannot act at "
                       f"`{_timing_words(timing)}`", clause.span, why)
    _check_subject(ctx, card, clause, timing, meta)
    _check_attached(ctx, card, clause)
    if meta.deck and ctx.rulesets and not any(meta.deck in rs.decks for rs in ctx.rulesets):
        sink.error("E224", f"this effect needs a {meta.deck} deck, and no ruleset of the "
                   "pack has one", clause.span,
                   "add a ruleset with that deck to the pack header (munchkin-apocalypse "
                   "has Seals), or remove the effect")
    if (clause.otherwise or clause.either) and first:
        word = "otherwise" if clause.otherwise else "or"
        sink.error("E209", f"'{word}' needs an effect before it on the same line",
                   clause.span, f"write `effect, {word} other effect`")
    check_filters(ctx, clause)
    check_other(ctx, card, clause)
    check_card_move(ctx, card, clause, timing)
    check_redirect(ctx, clause)
    check_later(ctx, clause, timing)
    if (per := per_count(clause)) is not None and per.paid and not per_cost:
        sink.error("E210", "'per card' needs a discard cost before the ':'", clause.span,
                   "e.g. `discard up to 3 cards: +1 per card to you`")
    if isinstance(clause, Limit) and clause.value is not None:
        value = clause.value
        check_range(ctx, "limit", abs(value) if clause.relative else value, clause.span,
                    f"{value:+d}" if clause.relative else None)
        _check_absolute_limit(ctx, clause)
    _check_numbers(ctx, clause, meta.numbers)


#: A limit's value in a ruleset before any card (engine/rules.py): a card's absolute limit
#: only ever raises it (the highest wins).  `slot` (extra items worn) is a count, not a limit.
LIMIT_BASES: dict[str, Callable[[Ruleset], int]] = {
    "hand": lambda rs: rs.hand_limit,
    **dict.fromkeys(("big", "aggregate", "race", "class", "sidekick", "headgear", "armor",
                     "footgear"), lambda _rs: 1),
}


def _check_absolute_limit(ctx: CheckContext, clause: Limit) -> None:
    """E205: `hand limit 4` where the hand limit is 5 already: a card's limit only raises
    a limit, so one at or below every declared ruleset's changes nothing."""
    base = LIMIT_BASES.get(clause.limit)
    if clause.relative or clause.value is None or base is None or not ctx.rulesets:
        return
    lowest = min(base(rs) for rs in ctx.rulesets)
    if clause.value <= lowest:
        words = clause.limit.replace("_", " ")
        ctx.sink.error("E205", f"`{words} limit {clause.value}` changes nothing: a card's "
                       f"limit only raises it, and it is {lowest} already", clause.span,
                       f"raise it (`{words} limit {lowest + 1}`), lower it by a number "
                       f"(`{words} limit -1`), or keep the rule as `manual \"...\"`")


def _check_subject(ctx: CheckContext, card: Card, clause: Clause, timing: str,
                   meta: registry.EffectSpec) -> None:
    """E223: an effect on a player, on a card whose lines default to the monster or item."""
    if not meta.player_target or clause.who is not None:
        return
    subject = registry.default_subject(card.kind, timing)
    if subject in ("monster", "attached_item"):
        ctx.sink.error("E223", f"this effect reaches a player, and on {kind_words(card.kind)} a "
                       f"line with no subject means the {subject.replace('_', ' ')}",
                       clause.span, "say who, e.g. `fighter draws 1 door` or `each player "
                       "loses 1 level`")


def _check_attached(ctx: CheckContext, card: Card, clause: Clause) -> None:
    """E225: `attached item` on a card that is never attached to an item."""
    who = clause.who
    if who is None or who.kind != "attached_item" or card.kind == "item-enhancer":
        return
    if any(stat.kind == "attaches" for stat in card.stats):
        return
    ctx.sink.error("E225", f"{kind_words(card.kind)} is not attached to an item, so "
                   "`attached item` names nothing", who.span,
                   "add `attaches to an item` to the card, or make it an item enhancer")


def _check_cost(ctx: CheckContext, clause: EffectPart) -> None:
    """E215: a cost paid by someone else; E216: a form of the part that is no cost; E205:
    its numbers out of range (a cost checked as its effect: with the effect checks)."""
    target = clause.who
    if target is not None and target.kind != "you":
        ctx.sink.error("E215", "a cost is paid by the card's owner", target.span,
                       "remove the target; to make someone else discard, put it after ':'")
    elif clause.cost_record() is None:
        message, hint = clause.cost_refuse
        ctx.sink.error("E216", message, clause.span, hint)
    elif getattr(clause, "per", None) or getattr(clause, "amounts", ()):
        ctx.sink.error("E216", "a cost is a number of cards paid before the effect, and a "
                       "count or a cap is worked out only as an effect applies",
                       clause.span, "pay a fixed number (`discard 2 cards: ...`), or put "
                       "the counted discard after the ':' (`any time: discard 1 card for "
                       "each item you have in play`)")
    elif not clause.cost_as_effect:
        _check_numbers(ctx, clause, clause.numbers)


def _check_condition(ctx: CheckContext, clause: Condition) -> None:
    """E222: a player is tested for a race, class or sex; a card tag never holds for one."""
    if clause.detail is not None:  # a declared condition part checks its own fields
        check_part_condition(ctx, clause)
        return
    value = clause.value
    if clause.predicate != "is" or clause.subject not in PLAYER_SUBJECTS or not isinstance(
            value, Ref):
        return
    if ctx.scope.lookup(value.name, ("races", "classes", "sexes")) is not None:
        return
    if ctx.scope.lookup(value.name, ("tags",)) is not None:
        ctx.sink.error("E222", f"'{value.name}' is a tag of cards, and the {clause.subject} "
                       "is a player: this condition would never hold", value.span,
                       "test the player's race, class or sex, or test the monster "
                       f"(`if monster is {value.name}`)")


def _check_numbers(ctx: CheckContext, clause: Clause, numbers: dict[str, str]) -> None:
    if any(getattr(type(a), "replaces_number", False) for a in getattr(clause, "amounts", ())):
        return  # `that many` stands for the number (checks/drawn.py: check_that_many)
    for field_name, key in numbers.items():
        value = getattr(clause, field_name, None)
        if not isinstance(value, int):
            continue
        if (key in ("modifier", "dice") or isinstance(clause, TreasureCount)) and value == 0:
            ctx.sink.error("E205", "a modifier of 0 does nothing", clause.span,
                           "use a non-zero number such as +1 or -2")
            continue
        check_range(ctx, key, value, clause.span)


def _check_counts(ctx: CheckContext, when: list[Clause]) -> None:
    timings = [c for c in when if isinstance(c, Timing) and not c.is_until]
    untils: list[Clause] = [c for c in when if (isinstance(c, Timing) and c.is_until)
                            or (isinstance(c, Condition) and c.lasting)]
    for extra in timings[1:]:
        ctx.sink.error("E212", "a line has one timing; this one has two", extra.span,
                       _two_timings_hint(timings))
    for until in untils:  # `until the fighter kills a monster`: not the player it lasts on
        who = getattr(until, "target", None)
        if until_events.base_of(getattr(until, "timing", "").removeprefix("until_")) \
                and who is not None and who.kind not in until_events.SUBJECTS:
            ctx.sink.error("E221", "this duration ends at the event of the player the line "
                           "lasts on, not another's", who.span, until_events.SUBJECT_REFUSE)
    for later in untils[1:]:
        ctx.sink.error("E212", "a line has one 'until' or 'while'; this one has two", later.span,
                       "keep the 'until' or the 'while' that ends the effect")
    for kind in ("frequency", "roll"):
        group = [c for c in when if c.kind == kind]
        for again in group[1:]:
            ctx.sink.error("E213", f"a line has one {CLAUSE_WORDS[kind].split()[-1]}; "
                           "this one has two", again.span, "keep one of them")


#: timings that are also a condition: `in combat` is `if you are in combat`
_FIGHT_CONDITION = {"in_combat": "", "outside_combat": "not "}


#: two timings an author writes together for a moment one timing names: its hint
_BOTH_IN_ONE = {
    frozenset({"next_combat", "after_combat"}): (
        "a curse that strikes once its victim's next combat is over says so with one timing: "
        "`after the next combat: ...` (`next combat: ...` acts as that combat starts)"),
}


def _two_timings_hint(timings: list[Timing]) -> str:
    """Why not two lines: each line is an ability of its own, so `on your turn: X` and
    `outside combat: X` make X usable at either moment, not at the moment both hold.  Where
    one of the two is a fight (`in combat`, `outside combat`) next to `on your turn` or `any
    time`, the condition `if you are [not] in combat` says it; else what is left is one
    timing (the rule acts more often than printed) or the manual form."""
    ids = [t.timing for t in timings]
    both = _BOTH_IN_ONE.get(frozenset(ids))
    if both is not None:
        return both
    said = next((_FIGHT_CONDITION[t] for t in ids if t in _FIGHT_CONDITION), None)
    if said is not None and any(t in ("own_turn", "any_time") for t in ids):
        words = "outside combat" if said else "in combat"
        return (f"keep the other timing and write `{words}` as a condition: `if you are "
                f"{said}in combat` (`on your turn, if you are {said}in combat: ...`)")
    one, two = _timing_words(ids[0]), _timing_words(ids[1])
    return (f"two lines would be two abilities (one usable `{one}`, one `{two}`), not one "
            f"that needs both, and no condition says `{two}`: keep the one timing that "
            f"matters (`{one}: ...`, then it acts more often than printed) or keep the rule "
            'as `manual "..."`')


def _lasting_hint(card_kind: str, timing: str, why: str) -> str:
    """E221's hint for an effect on the fight under an `until` at a moment with no fight:
    the duration is what the author asked for, so the hint says why it is not kept (the
    plain "there is no fight" reads as if the `until` had been overlooked)."""
    words = _timing_words(timing)
    head = (f"a monster's line acts only in the monster's own fight, which is over at "
            f"`{words}`, and this `until` ends before its victim fights again: a duration "
            f"that reaches the victim's later fights keeps it (`{words}, until the end of "
            f"your next turn: ...`, `{words}, until victim kills a monster: ...`)"
            if card_kind == "monster" else
            f"a lasting strength change (`until ...`) starts only where a fight is open "
            f"(`in combat, until end of combat: ...`), and there is none at `{words}`")
    rest = why.split("; ", 1)[1] if "; " in why else ""
    return f"{head}; {rest}" if rest else head


def _timing_words(timing: str) -> str:
    """A timing as an author writes it (`after failed run away roll`)."""
    return registry.timings()[timing].words


def _more_words(clause: Clause) -> str:
    return "a second timing" if isinstance(clause, Timing) else "a condition"


def _alternative_hint(extra: Clause) -> str:
    """E212's hint for an alternative of `choose one` with two windows or a condition (`or
    on your turn, outside combat, draw ...`): an alternative takes neither, so the choice
    is written as labelled lines of their own, each with its timing and conditions."""
    first = _timing_words(str(getattr(extra, "offered", "")))
    said = _FIGHT_CONDITION.get(getattr(extra, "timing", ""))
    cond = "if ..." if said is None else f"if you are {said}in combat"
    return (f"write each alternative as a line of its own, a label before it: `\"Riches\": "
            f"{first}, {cond}: draw 1 treasure face down`")


def _move_hint(line: EffectLine) -> str:
    if not line.has_colon:
        return "put a ':' between when it happens and what happens, e.g. `in combat: +2 to you`"
    return "move it before the ':', e.g. `in combat, roll 4+: ...`"
