"""Names a card refers to must exist: races, classes, sexes, tags, decks, fixed rules.

Codes: E101 unknown race/class/sex/tag name, E106 unknown deck, E107 unknown fixed rule.
Every miss gets the nearest known names as a did-you-mean hint.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields

from munchkin_dsl import data
from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.checks.parts import check_title
from munchkin_dsl.compiler.resolve import did_you_mean, ref_label
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import (
    Card,
    Clause,
    Condition,
    Ref,
    Target,
    clause_values,
)
from munchkin_dsl.language.parts import in_flight
from munchkin_dsl.language.parts.holdings import is_title
from munchkin_dsl.language.reference import statement_hint, statement_words

PLAYER_TRAITS = ("races", "classes", "sexes")
ANY_TRAIT = ("races", "classes", "sexes", "tags")
ROLES = ("races", "classes")


def card_refs(card: Card) -> Iterator[tuple[Ref, tuple[str, ...]]]:
    """Every name a card refers to, with the categories it may resolve in."""
    for stat in card.stats:
        if stat.kind in ("usable_by", "not_usable_by"):
            for ref in stat.args:
                yield ref, PLAYER_TRAITS
        elif stat.kind == "counts_as" and card.kind in ("race", "class"):  # E201 elsewhere
            for ref in stat.args:  # a race card counts as a race, a class card as a class
                yield ref, (card.kind.replace("class", "classe") + "s",)
        elif stat.kind == "chains_with":
            yield stat.args[0], ("tags",)
    for line in card.lines:
        for clause in (*line.when, *line.effects):
            yield from clause_refs(clause)


def clause_refs(clause: Clause) -> Iterator[tuple[Ref, tuple[str, ...]]]:
    counted = getattr(clause, "counted", None)  # a modifier's or a numeric effect's count
    if (isinstance(counted, CountPart) and counted.tag is not None
            and isinstance(counted.tag_names, tuple)):  # "filter": checks/parts.py
        # items carry tags, never a race, class or sex: `for each female item` counts 0
        yield counted.tag, counted.tag_names
    if isinstance(clause, Condition) and isinstance(clause.value, Ref):
        if clause.predicate == "is" and clause.subject not in in_flight.CARD_SUBJECTS:  # a card:
            # checks/drawn.py
            yield clause.value, ANY_TRAIT
        elif clause.predicate == "only_in_play":
            yield clause.value, ROLES
        elif clause.predicate == "using":  # the tag of an item worn or a card played
            yield clause.value, ANY_TRAIT  # a race, class or sex: E228 says why it never holds
    for f in fields(clause):  # a declared part's names: where each must be found
        value = getattr(clause, f.name)
        for ref in value if isinstance(value, tuple) else (value,):  # `against A, B`
            if isinstance(ref, Ref) and "names" in f.metadata:
                yield ref, f.metadata["names"]
    for value in clause_values(clause):
        if isinstance(value, Target) and value.qualifier is not None:
            yield value.qualifier, PLAYER_TRAITS


def check_references(ctx: CheckContext) -> None:
    if not ctx.rulesets:
        return  # without a known ruleset (E105/E013/E011) every race and deck would cascade
    for card in ctx.cards:
        for ref, categories in card_refs(card):
            if ctx.scope.lookup(ref.name, categories) is not None:
                continue
            if is_title(ref.name):  # `+5 against "Super Munchkin"`: a player with that card
                check_title(ctx, ref)
                continue
            suggestions = ctx.scope.suggest(ref.name, categories)
            hint = did_you_mean(suggestions)
            if categories == ("decks",):
                known = sorted(set(ctx.scope.decks))
                ctx.sink.error("E106", f"unknown deck '{ref.name}'", ref.span,
                               hint or "the pack's rulesets have the decks: " + ", ".join(known))
                continue
            if hint is None:
                hint = _role_hint(ctx, ref, categories) or _define_hint(ref, categories)
            ctx.sink.error("E101", f"unknown {ref_label(categories)} '{ref.name}'", ref.span,
                           hint)
        for stat in card.stats:
            if stat.kind == "overrides":
                _check_rule(ctx, stat.args[0])


#: the condition forms (data/forms.toml ids) that test who a player is, offered when a
#: player word stands where a race, class, sex or tag is tested (`if target is you`)
PLAYER_TESTS = ("helper", "lowest_level")


def _player_words() -> frozenset[str]:
    """The words that name a player as a condition's subject (data/forms.toml)."""
    return frozenset(i.replace("_", " ") for e in data.load("forms")["subject"]
                     for i in e["ids"])


def _player_hint(word: str) -> str:
    """`if target is you`: a player is tested as the subject, by the tests that exist."""
    tests = [e["example"] for e in data.load("forms")["condition"]
             if set(e["ids"]) & set(PLAYER_TESTS) and e.get("example")]
    return (f"'{word}' is a subject (who is tested), not a race, class, sex or tag: it "
            "stands before `is`/`are`; the tests of who a player is are "
            + " and ".join(f"`{t}`" for t in tests[:4])
            + ' (none says `is you` or `is the victim`), else keep the rule as `manual "..."`')


def _role_hint(ctx: CheckContext, ref: Ref, categories: tuple[str, ...]) -> str | None:
    """`you become Elf`: Elf is a race of the pack, named where a race cannot stand; say
    so, and how a card is that race (`counts as Elf` on a race card), rather than send
    the author to declare a tag of that name, which would make nobody an Elf."""
    for role, table in (("race", "races"), ("class", "classes")):
        found = ctx.scope.lookup(ref.name, (table,))
        if found is not None and table not in categories:
            name = found[1]
            return (f"'{name}' is a {role}, and this takes a {ref_label(categories)}: no "
                    f"effect gives a {role}; a {role} card that is one says `counts as "
                    f"{name}`, and `if you are {name}` tests it")
    return None


def _define_hint(ref: Ref, categories: tuple[str, ...]) -> str:
    if ref.name.lower() in ("monster", "monsters"):  # `double the strength of each monster`
        return ("`each NAME` picks players by race, class or tag, so `each monster` names "
                "nobody: write `monster` (a card in play's strength operator reaches each "
                "monster of the fight, `if monster is Undead` each Undead one; a card played "
                "reaches the monster it is played on)")
    if ref.name.lower() in _player_words():
        return _player_hint(ref.name)
    if ref.name.lower() in statement_words():
        return statement_hint(ref.name)
    if "tags" in categories:
        return (f"no ruleset or card in the pack defines '{ref.name}'; declare it with "
                f"`tags {ref.name}` on a card, or fix the spelling")
    return (f"no ruleset in the pack defines '{ref.name}'; add a race or class card for it, "
            "or declare the ruleset that has it")


def rule_id(text: str) -> str:
    """'4', 'R4' and 'r4' all name fixed rule R4."""
    return f"R{text}" if text.isdigit() else text.upper()


def _check_rule(ctx: CheckContext, ref: Ref) -> None:
    known = sorted({r.id for rs in ctx.rulesets for r in rs.fixed_rules})
    if not known or rule_id(ref.name) in known:
        return
    ctx.sink.error("E107", f"there is no fixed rule '{ref.name}'", ref.span,
                   "the fixed rules are " + ", ".join(known) + " (see `munchkin rules ID`)")
