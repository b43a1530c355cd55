"""The fixed rules (RULES.md section 2): no card breaks them unless it says so explicitly.

Codes:
  R101  a level set below 1 (rule 1)
  R102  star-munchkin: a monster's strength can fall to 0 or below (rule 1 variant)
  R201  a level gained after a combat without a kill (rule 2)
  R301  a reward (level, treasure) granted while the combat is still on (rule 3)
  R401  a level set to 10 or more outside a kill (rule 4)
  R411  an override of a rule the pack's ruleset lets no card override
  W410  an override of a rule the card does not break

Each message quotes the rule and its source from the ruleset data, so the author sees
the rulebook's words, not ours.  A rule whose ruleset lets any card override it
(star-munchkin's rules 2 and 3, seed 003 «Противоречия в правилах») is reported as a
warning.  Gains outside a kill that are only capped (``gain 1 level`` at any time)
are not violations: the engine data records that they stop at level 9.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from munchkin_dsl.base.diagnostics import Span
from munchkin_dsl.base.rulesets import FixedRule, Ruleset
from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.lines import line_timing
from munchkin_dsl.compiler.checks.references import rule_id
from munchkin_dsl.language.nodes import Card, Clause
from munchkin_dsl.language.parts.decks import Draw
from munchkin_dsl.language.parts.levels import SetLevel
from munchkin_dsl.language.parts.modifiers import Strength
from munchkin_dsl.language.parts.rewards import DefeatWithoutKill
from munchkin_dsl.language.phrases import split

#: Timings after a combat that ended without a kill, or while fleeing.
NO_KILL_TIMINGS = frozenset({"on_escape", "bad_stuff", "bad_stuff_always", "when_caught",
                             "after_run_away_roll", "after_failed_run_away", "when_bad_stuff"})
#: Timings inside an open combat.
IN_COMBAT_TIMINGS = frozenset({"in_combat", "this_combat"})
#: Card kinds whose continuous abilities act inside their combat.
COMBAT_KINDS = frozenset({"monster", "monster-enhancer"})
REWARD_CLAUSES = frozenset({"gain_levels", "steal_level", "set_level"})


@dataclass(frozen=True)
class Breach:
    """One effect that breaks a fixed rule, found on the AST."""

    rule: str
    code: str
    span: Span
    what: str


def _is_treasure_draw(ctx: CheckContext, clause: Clause) -> bool:
    if not isinstance(clause, Draw) or clause.deck is None:
        return False
    deck = ctx.scope.decks.get(clause.deck.name.casefold())
    return deck == "treasure"


def breaches(ctx: CheckContext, card: Card) -> Iterator[Breach]:
    """Every place in ``card`` that breaks a fixed rule, whatever the ruleset."""
    for line in card.lines:
        when, effects, _ = split(line)
        timing = line_timing(card, when)
        combat_over = False
        for clause in effects:
            if isinstance(clause, DefeatWithoutKill):
                combat_over = True  # what follows on the line happens after the fight
                continue
            # `the level of the lowest level player` (level None): a level someone has already
            if isinstance(clause, SetLevel) and clause.level is not None and clause.level < 1:
                yield Breach("R1", "R101", clause.span, f"sets a level to {clause.level}")
            elif (isinstance(clause, SetLevel) and clause.level is not None
                  and clause.level >= 10 and timing != "on_kill"):
                yield Breach("R4", "R401", clause.span,
                             f"sets a level to {clause.level} without a kill")
            gains = clause.kind in REWARD_CLAUSES and clause.kind != "set_level"
            if gains and (timing in NO_KILL_TIMINGS or combat_over):
                yield Breach("R2", "R201", clause.span,
                             "gives a level after a combat won without a kill"
                             if combat_over else "gives a level when no monster was killed")
                continue
            # a level card (Go Up a Level, a class's "in combat: gain a level") changes the
            # fight at once and is no reward for it (seed 002 «КОГДА ЧТО МОЖНО»: "даже в
            # бою"); rule 3 is about what the fight gives: treasure, and the levels of a
            # monster's or an enhancer's own lines
            reward = (gains and card.kind in COMBAT_KINDS) or _is_treasure_draw(ctx, clause)
            in_combat = timing in IN_COMBAT_TIMINGS or (
                timing == "continuous" and card.kind in COMBAT_KINDS)
            if reward and in_combat and not combat_over:
                yield Breach("R3", "R301", clause.span,
                             "grants a reward while the combat is still going on")
    if card.kind == "monster":
        yield from _zero_strength(card)


def _zero_strength(card: Card) -> Iterator[Breach]:
    level = next((s.args[0] for s in card.stats if s.kind == "level"), None)
    if level is None:
        return
    for line in card.lines:
        for clause in line.effects:
            if not isinstance(clause, Strength):
                continue
            amount, to = clause.amount, clause.target
            on_monster = to is None or to.kind == "monster"
            if amount < 0 and on_monster and level + amount <= 0:
                yield Breach("R1", "R102", clause.span,
                             f"brings the monster to {level + amount} (level {level}, "
                             f"{amount:+d})")


def _rule_of(rulesets: tuple[Ruleset, ...], rule: str) -> tuple[Ruleset, FixedRule] | None:
    for rs in rulesets:
        for fixed in rs.fixed_rules:
            if fixed.id == rule:
                return rs, fixed
    return None


def _applies(fixed: FixedRule, breach: Breach) -> bool:
    if breach.code == "R102":
        return fixed.variant == "no_zero_strength"
    return True


def check_fixed_rules(ctx: CheckContext) -> None:
    for card in ctx.cards:
        overrides = {rule_id(s.args[0].name): s for s in card.stats if s.kind == "overrides"}
        broken: set[str] = set()
        for breach in breaches(ctx, card):
            for rs in ctx.rulesets:
                fixed = next((r for r in rs.fixed_rules if r.id == breach.rule), None)
                if fixed is None or not _applies(fixed, breach):
                    continue
                broken.add(breach.rule)
                if breach.rule in overrides and fixed.override != "never":
                    break
                _report(ctx, rs, fixed, breach)
                break
        for rule, stat in overrides.items():
            _check_override(ctx, rule, stat.span, rule in broken or _could_break(card, rule))


def _could_break(card: Card, rule: str) -> bool:
    """Rule 4 is broken by any level gain outside a kill once the card lifts the cap."""
    if rule != "R4":
        return False
    for line in card.lines:
        when, effects, _ = split(line)
        if line_timing(card, when) == "on_kill":
            continue
        if any(c.kind in REWARD_CLAUSES for c in effects):
            return True
    return False


def _quote(rs: Ruleset, fixed: FixedRule) -> str:
    return f"“{fixed.text_en}” ({rs.id}: {fixed.source})"


def _report(ctx: CheckContext, rs: Ruleset, fixed: FixedRule, breach: Breach) -> None:
    number = fixed.id.removeprefix("R")
    message = f"the card {breach.what}, against fixed rule {number}: {_quote(rs, fixed)}"
    if fixed.override == "never":
        hint = f"{rs.id} lets no card override rule {number}; change the effect"
    else:
        hint = (f"change the effect, or if the card really breaks the rule, say so: "
                f'`overrides rule {number} "why"`')
    if fixed.override == "any-card":
        ctx.sink.warning(breach.code, message + f"; {rs.id} lets any card override it",
                         breach.span, hint)
    else:
        ctx.sink.error(breach.code, message, breach.span, hint)


def _check_override(ctx: CheckContext, rule: str, span: Span, breaks: bool) -> None:
    found = _rule_of(ctx.rulesets, rule)
    if found is None:
        return  # unknown rule ids are E107 (checks/references.py)
    strict = [(r, f) for r in ctx.rulesets for f in r.fixed_rules
              if f.id == rule and f.override == "never"]
    if strict:
        rs, fixed = strict[0]
        ctx.sink.error("R411", f"{rs.id} lets no card override fixed rule "
                       f"{rule.removeprefix('R')}: {_quote(rs, fixed)}", span,
                       "remove the override and change the effect that needs it")
        return
    if not breaks:
        ctx.sink.warning("W410", f"the card overrides fixed rule {rule.removeprefix('R')} "
                         "but nothing on it breaks that rule", span,
                         "remove the `overrides` line, or check that it names the right rule")
