"""Stage 3b of the pipeline: semantic checks, one small function per rule.

Each check takes the :class:`CheckContext` of a pack and reports through its sink;
each owns its diagnostic codes (listed in its docstring) so a code always comes from
one place.  :data:`CHECKS` is the order they run in.  Checks never raise on bad
input: the parser already turned whatever it could into nodes, and a check skips
what it cannot read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.base.rulesets import Ruleset
from munchkin_dsl.compiler.resolve import Scope
from munchkin_dsl.language.nodes import Card, Header


@dataclass
class CheckContext:
    """One pack as the checks see it."""

    header: Header | None
    cards: list[Card]
    scope: Scope
    rulesets: tuple[Ruleset, ...]
    #: The languages the pack header declares (English always among them).
    languages: tuple[str, ...]
    sink: DiagnosticSink
    #: The pack folder, for checks that look at files the pack names (art).
    root: Path | None = None


Check = Callable[[CheckContext], None]


def pack_checks() -> tuple[Check, ...]:
    """Checks that compare cards with each other (duplicates): they see the whole pack."""
    from munchkin_dsl.compiler.checks import completeness, identity

    return (identity.check_duplicate_ids, identity.check_duplicate_names,
            completeness.check_name_case)


def card_checks() -> tuple[Check, ...]:
    """Checks that look at one card at a time (given the pack's names, rulesets, languages).

    Run on ``ctx.cards = [card]`` they report exactly that card's problems, which is what
    lets the language server re-check only the cards an edit touched.
    """
    from munchkin_dsl.compiler.checks import (
        art,
        card_text,
        completeness,
        fixed_rules,
        inert,
        lines,
        manual,
        play_when,
        references,
        ruleset_fit,
        stats,
    )

    return (
        stats.check_stats,
        references.check_references,
        lines.check_lines,
        inert.check_inert,
        play_when.check_play_when,
        ruleset_fit.check_ruleset_fit,
        art.check_art,
        fixed_rules.check_fixed_rules,
        card_text.check_card_text,
        manual.check_manual,
        completeness.check_completeness,
    )


def all_checks() -> tuple[Check, ...]:
    """The checks in the order they run; imported lazily to keep start-up light."""
    return pack_checks() + card_checks()


def run_checks(ctx: CheckContext) -> None:
    for check in all_checks():
        check(ctx)
