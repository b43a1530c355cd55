"""Effect lines: clauses in the right place, an effect on every line, effects the card
kind may carry, numbers in range.

Codes: E202 effect the card kind cannot carry, E205 number out of range, E206 clause on
the wrong side of the ':', E207 line with no effect, E209 'otherwise' with nothing
before it, E210 'per card' without a discard cost, E212 two timings, E213 two
frequencies or rolls, E215 a cost paid by someone else, E216 a cost that is not
cards, W211 'may' before the ':' (where it changes nothing).
"""

from __future__ import annotations

from munchkin_dsl import data
from munchkin_dsl.checks import CheckContext
from munchkin_dsl.checks.stats import check_language, check_range, kind_words, kinds_plural
from munchkin_dsl.nodes import Card, Clause, EffectLine
from munchkin_dsl.phrases import CLAUSE_WORDS, effect_kind, split

#: clause kind -> (field holding a number, limits.toml key)
NUMBERS: dict[str, tuple[str, str]] = {
    "modifier": ("amount", "modifier"), "treasure_change": ("amount", "treasure_change"),
    "level_gain": ("amount", "levels"), "level_loss": ("amount", "levels"),
    "steal_level": ("amount", "levels"), "draw": ("count", "draw"),
    "roll": ("at_least", "roll"), "sell_double": ("count", "sell"),
    "wield": ("amount", "wield"),
    "set_level": ("level", "set_level"),
}
COST_WHATS = {"cards", "up_to", "hand", "this"}


def check_lines(ctx: CheckContext) -> None:
    for card in ctx.cards:
        for line in card.lines:
            _check_line(ctx, card, line)


def _check_line(ctx: CheckContext, card: Card, line: EffectLine) -> None:
    sink = ctx.sink
    for lang, _text in line.labels:
        check_language(ctx, lang)
    when, effects, misplaced = split(line)
    for clause in misplaced:
        if clause.kind in CLAUSE_WORDS and clause.kind != "discard":
            sink.error("E206", f"{CLAUSE_WORDS[clause.kind]} must come before the ':'",
                       clause.span, _move_hint(line, clause))
        else:
            sink.error("E206", "an effect must come after the ':'", clause.span,
                       "write `when, cost: effect`, e.g. `in combat: +5 to either side`")
    if not effects and not misplaced:
        sink.error("E207", "this line says when, but not what happens", line.span,
                   "add an effect after the ':', e.g. `in combat: +2 to you`")
    _check_counts(ctx, when)
    for clause in when:
        if clause.get("optional"):
            sink.warning("W211", f"'may' has no effect on {CLAUSE_WORDS[clause.kind]} before the "
                         "':'", clause.span, "a card's owner always chooses whether to use an "
                         "ability; remove 'may' (after the ':' it makes an effect optional)")
        if clause.kind == "discard":
            if clause.get("target") is not None and clause.get("target").kind != "you":
                sink.error("E215", "a cost is paid by the card's owner", clause.get("target").span,
                           "remove the target; to make someone else discard, put it after ':'")
            elif clause.get("what") not in COST_WHATS:
                sink.error("E216", "only cards can be discarded as a cost", clause.span,
                           "write `discard N cards`, `discard up to N cards`, `discard whole "
                           "hand` or `discard this`; item losses go after the ':'")
            elif "count" in clause.fields:
                check_range(ctx, "discard", clause.get("count"), clause.span)
    has_per_cost = any(c.kind == "discard" and c.get("what") in ("up_to", "cards") for c in when)
    for index, clause in enumerate(effects):
        kind = effect_kind(clause)
        meta = data.effect_kinds()[kind]
        carriers = meta.carriers
        if carriers is not None and card.kind not in carriers:
            sink.error("E202", f"{kind_words(card.kind)} cannot carry this effect "
                       f"({meta.summary})", clause.span,
                       f"only {kinds_plural(sorted(carriers))} can carry it")
        if clause.get("otherwise") and index == 0:
            sink.error("E209", "'otherwise' needs an effect before it on the same line",
                       clause.span, "write `effect, otherwise other effect`")
        if clause.kind == "modifier" and clause.get("per") == "card" and not has_per_cost:
            sink.error("E210", "'per card' needs a discard cost before the ':'", clause.span,
                       "e.g. `discard up to 3 cards: +1 per card to you`")
        if clause.kind == "discard" and "count" in clause.fields:
            check_range(ctx, "discard", clause.get("count"), clause.span)
        if clause.kind == "limit" and clause.get("value") is not None:
            value = clause.get("value")
            relative = clause.get("relative")
            check_range(ctx, "limit", abs(value) if relative else value, clause.span,
                        f"{value:+d}" if relative else None)
        _check_number(ctx, clause)
    for clause in when:
        _check_number(ctx, clause)


def _check_number(ctx: CheckContext, clause: Clause) -> None:
    spec = NUMBERS.get(clause.kind)
    if spec is None:
        return
    value = clause.get(spec[0])
    if clause.kind in ("modifier", "treasure_change") and value == 0:
        ctx.sink.error("E205", "a modifier of 0 does nothing", clause.span,
                       "use a non-zero number such as +1 or -2")
        return
    check_range(ctx, spec[1], value, clause.span)


def _check_counts(ctx: CheckContext, when: list[Clause]) -> None:
    timings = [c for c in when if c.kind == "timing" and not c.get("timing").startswith("until")]
    untils = [c for c in when if c.kind == "timing" and c.get("timing").startswith("until")]
    for extra in timings[1:]:
        ctx.sink.error("E212", "a line has one timing; this one has two", extra.span,
                       "split the line in two, one per timing")
    for extra in untils[1:]:
        ctx.sink.error("E212", "a line has one 'until'; this one has two", extra.span,
                       "keep the 'until' that ends the effect")
    for kind in ("frequency", "roll"):
        group = [c for c in when if c.kind == kind]
        for extra in group[1:]:
            ctx.sink.error("E213", f"a line has one {CLAUSE_WORDS[kind].split()[-1]}; "
                           "this one has two", extra.span, "keep one of them")


def _move_hint(line: EffectLine, clause: Clause) -> str:
    if not line.has_colon:
        return "put a ':' between when it happens and what happens, e.g. `in combat: +2 to you`"
    return "move it before the ':', e.g. `in combat, roll 4+: ...`"
