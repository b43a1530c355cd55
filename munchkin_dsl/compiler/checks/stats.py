"""Card stat lines: allowed on the kind, required, given once, in range, consistent.

Codes: E201 stat not allowed on this kind, E203 required stat missing, E204 stat given
twice, E205 number out of range, E208 contradictory stats, E104 unknown language,
W108 a name or text in a language the pack does not declare, W109 a name missing in
a declared language, W301 a value that is not a multiple of 100.
"""

from __future__ import annotations

from munchkin_dsl import data
from munchkin_dsl.base.diagnostics import Span
from munchkin_dsl.base.rulesets import LANGUAGES as RULESET_LANGUAGES
from munchkin_dsl.base.rulesets import Ruleset
from munchkin_dsl.compiler.checks import CheckContext
from munchkin_dsl.compiler.resolve import known_language
from munchkin_dsl.language.nodes import Card, Ref, Stat

#: How a stat is written, for messages.
STAT_WORDS = {
    "name": "name", "text": "text", "manual": "manual", "art": "art", "tags": "tags",
    "level": "level", "treasures": "treasures",
    "gives_levels": "gives N levels", "bonus": "bonus", "value": "value",
    "no_value": "no value", "slot": "a slot (headgear, armor, footgear, one hand, two hands)",
    "big": "big", "aggregate": "aggregate", "usable_by": "usable by ... only",
    "not_usable_by": "not usable by", "counts_as": "counts as", "requires": "requires",
    "persistent": "persistent",
    "kept_after_death": "kept after death", "comes_apart": "comes apart on death",
    "accepts_enhancers": "accepts item enhancers", "chains_with": "chains with",
    "attaches": "attaches to an item", "receives_outside_combat":
    "receives items outside combat only", "play_when": "play ...", "overrides": "overrides rule",
}
#: Stats that may appear more than once on a card (two slots are E208, not E204).
REPEATABLE = {"name", "text", "manual", "tags", "usable_by", "not_usable_by", "counts_as",
              "overrides", "slot"}
#: Stats whose single number is range-checked, with the limits.toml entry it uses.
RANGED = {"level": "level", "treasures": "treasures", "gives_levels": "gives_levels",
          "bonus": "bonus", "value": "value"}


def kind_words(kind: str) -> str:
    article = "an" if kind[0] in "aeiou" and not kind.startswith("one") else "a"
    return f"{article} {kind.replace('-', ' ')}"


def kinds_plural(kinds: list[str], limit: int = 5) -> str:
    """'monster enhancers', 'seals and doors' - for hints naming the kinds that may; a hint
    names at most ``limit`` alternatives (`..., hirelings and 3 more kinds`), or all of
    them when only one or two more would be left unnamed (a count of two hides which)."""
    words = [k.replace("-", " ") + ("es" if k.endswith(("s", "sh", "ch", "x")) else "s")
             for k in kinds]
    if len(words) > limit + 2:
        words = [*words[:limit], f"{len(words) - limit} more kinds"]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def check_range(ctx: CheckContext, key: str, value: int, span: Span,
                written: str | None = None) -> None:
    """Report E205 when ``value`` lies outside the range limits.toml gives for ``key``.

    ``written`` is the number as the author wrote it (a relative limit is checked by its
    size but quoted with its sign).
    """
    rng = data.limits()[key]
    if not rng["min"] <= value <= rng["max"]:
        ctx.sink.error("E205", f"{written or value} is out of range for {rng['what']} "
                       f"({rng['min']} to {rng['max']})", span,
                       f"use a number from {rng['min']} to {rng['max']}")


def check_stats(ctx: CheckContext) -> None:
    kinds = data.kinds()
    for card in ctx.cards:
        spec = kinds[card.kind]
        allowed = set(spec["stats"])
        seen: dict[str, Stat] = {}
        for stat in card.stats:
            if stat.kind not in allowed:
                where = sorted(k for k, s in kinds.items() if stat.kind in s["stats"])
                hint = kinds[card.kind].get("stat_hints", {}).get(stat.kind) or (
                    f"only {kinds_plural(where)} have it" if where else None)
                ctx.sink.error("E201", f"{kind_words(card.kind)} cannot have "
                               f"'{STAT_WORDS.get(stat.kind, stat.kind)}'", stat.span, hint)
                continue
            if stat.kind in seen and stat.kind not in REPEATABLE:
                ctx.sink.error("E204", f"'{STAT_WORDS.get(stat.kind, stat.kind)}' is given "
                               f"twice (first at {seen[stat.kind].span})", stat.span,
                               "keep one of the two lines")
            seen.setdefault(stat.kind, stat)
            if stat.kind in RANGED:
                check_range(ctx, RANGED[stat.kind], stat.args[0], stat.span)
            if stat.kind == "value" and stat.args[0] % 100:
                ctx.sink.warning("W301", f"value {stat.args[0]} is not a multiple of 100",
                                 stat.span, "Munchkin values are whole hundreds; selling "
                                 "counts only full 1000s")
            if stat.kind in ("name", "text"):
                check_language(ctx, stat.args[0])
            if stat.kind == "name" and stat.args[0].name == "en":
                ctx.sink.error("E018", "the English name is the one in the card's header",
                               stat.span, f"change the header's name (\"{card.name}\") "
                               "instead, and remove this line")
            if stat.kind == "name" and not stat.args[1].strip():
                ctx.sink.error("E016", "a card name may not be empty", stat.span,
                               "write the card's name between the quotes")
        if not card.name.strip():
            ctx.sink.error("E016", "a card name may not be empty", card.name_span,
                           "write the card's name between the quotes")
        for required in spec["required"]:
            if required not in seen and card.complete:
                ctx.sink.error("E203", f"{kind_words(card.kind)} needs "
                               f"'{STAT_WORDS[required]}'", card.id_span,
                               f"add a line such as `{_example(required)}` to the card")
        _check_conflicts(ctx, card, seen)
        _check_declared_names(ctx, card)


def ruleset_name(rulesets: tuple[Ruleset, ...], name: str, lang: str) -> str | None:
    """A race's or class's name in ``lang`` from the rulesets' own tables, if they have it
    (a declared language the rulesets are not translated into has none)."""
    if lang not in RULESET_LANGUAGES:
        return None
    for rs in rulesets:
        localized = rs.localized_name(name, lang)
        if localized and localized != name:
            return localized
    return None


def _example(stat: str) -> str:
    return {"level": "level 4", "treasures": "treasures 1", "bonus": "bonus +2"}.get(stat, stat)


def check_language(ctx: CheckContext, lang: Ref) -> None:
    """E104 for an unknown language code, W108 for one the pack does not declare."""
    if not known_language(lang, ctx.sink):
        return
    if lang.name not in ctx.languages and lang.name != "en":
        ctx.sink.warning("W108", f"'{lang.name}' is not among the pack's languages "
                         f"({', '.join(ctx.languages)})", lang.span,
                         f"add {lang.name} to the pack header's `languages` line")


def _check_declared_names(ctx: CheckContext, card: Card) -> None:
    named = {"en"} | {s.args[0].name for s in card.stats if s.kind == "name"}
    for lang in ctx.languages:
        if lang == "en" or lang in named:
            continue
        if ruleset_name(ctx.rulesets, card.name, lang) is None:
            ctx.sink.warning("W109", f"the card has no {lang} name, but the pack declares "
                             f"{lang}", card.name_span, f'add `name {lang} "..."` to the card')


def _check_conflicts(ctx: CheckContext, card: Card, seen: dict[str, Stat]) -> None:
    if "big" in seen and "aggregate" in seen:
        ctx.sink.error("E208", "an item cannot be both big and aggregate", seen["aggregate"].span,
                       "Big and Aggregate are separate categories; keep the one your line uses")
    if "value" in seen and "no_value" in seen:
        ctx.sink.error("E208", "the card has both a value and 'no value'",
                       seen["no_value"].span, "keep one of the two lines")
    slots = [s for s in card.stats if s.kind == "slot"]
    if len(slots) > 1:
        ctx.sink.error("E208", "an item takes one slot; this card names "
                       f"{len(slots)}", slots[1].span, "keep the slot the item is worn in")
