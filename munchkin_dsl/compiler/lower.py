"""Stage 4 of the pipeline: checked AST -> engine effect objects (:mod:`.effects`).

Lowering gives every line its full meaning: the kind's default timing and target
(from ``data/kinds.toml``) where the author left them out, canonical spellings of
names, costs and conditions as records.  Rules that depend on the game being played
(the winning-level cap of fixed rule 4, which the Epic optional rule lifts) are the
engine's to decide, so nothing here bakes them into the data.  It
runs only on packs without errors, so it may assume names resolve, but it still
never raises on an unexpected shape: the checker is the one place that judges.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields, replace
from typing import Any, cast

from munchkin_dsl import data
from munchkin_dsl.compiler.checks.references import rule_id
from munchkin_dsl.compiler.checks.stats import ruleset_name
from munchkin_dsl.compiler.effects import (
    EFFECTS_BY_KIND,
    Ability,
    CardData,
    Condition,
    Cost,
    Counting,
    Effect,
    ManualRule,
    Override,
)
from munchkin_dsl.compiler.resolve import Scope
from munchkin_dsl.language import algebra, nodes
from munchkin_dsl.language.count_part import CountPart
from munchkin_dsl.language.nodes import FLAG_FIELDS, Card, Clause, EffectLine, Ref, Target
from munchkin_dsl.language.parts import in_flight
from munchkin_dsl.language.parts.cards import RANKED
from munchkin_dsl.language.parts.drawn import drawn_filter
from munchkin_dsl.language.parts.durations import next_combats_until, next_turns_until
from munchkin_dsl.language.parts.holdings import filter_name
from munchkin_dsl.language.phrases import default_timing, effect_kind, split
from munchkin_dsl.language.registry import default_subject

#: Card line -> (CardData field, how its value is read from the line's args).
SCALAR_STATS: dict[str, tuple[str, Callable[[Lowerer, tuple[Any, ...]], Any]]] = {
    "art": ("art", lambda _low, a: a[0]),
    "level": ("level", lambda _low, a: a[0]),
    "treasures": ("treasures", lambda _low, a: a[0]),
    "gives_levels": ("levels_given", lambda _low, a: a[0]),
    "bonus": ("bonus", lambda _low, a: a[0]),
    "value": ("value", lambda _low, a: a[0]),
    "no_value": ("value", lambda _low, _a: 0),
    "slot": ("slot", lambda _low, a: a[0]),
    "big": ("big", lambda _low, _a: True),
    "aggregate": ("aggregate", lambda _low, _a: True),
    "persistent": ("persistent", lambda _low, _a: True),
    "kept_after_death": ("kept_after_death", lambda _low, _a: True),
    "accepts_enhancers": ("accepts_enhancers", lambda _low, _a: True),
    "comes_apart": ("comes_apart_on_death", lambda _low, _a: True),
    "attaches": ("attaches_to_item", lambda _low, _a: True),
    "receives_outside_combat": ("items_outside_combat_only", lambda _low, _a: True),
    "requires": ("requires", lambda _low, a: a[0]),
    "chains_with": ("chains_with", lambda low, a: low.name(a[0], ("tags",))),
    "play_when": ("play", lambda _low, a: a[0].timing),
}



def _until_id(clause: nodes.Timing) -> str:
    """The engine's id of a duration (`until victim loses headgear`: ``loses_headgear``,
    `for your next 3 combats`: ``next_combats_3``)."""
    if clause.timing == "until_loses":
        return f"loses_{clause.slot}"
    if clause.timing == "until_next_combats":
        return next_combats_until(clause.count or 2)
    if clause.timing == "until_next_turns":
        return next_turns_until(clause.count or 2)
    return clause.timing.removeprefix("until_")

class Lowerer:
    """Lowers the cards of one pack; holds what every card needs (scope, deck table)."""

    def __init__(self, scope: Scope, deck_for_kind: dict[str, str],
                 source: Callable[[object], str] = str, languages: tuple[str, ...] = ()) -> None:
        self.scope = scope
        self.languages = languages
        self.source = source
        self.deck_for_kind = deck_for_kind
        self.kinds = data.kinds()

    # -- names ----------------------------------------------------------------
    def name(self, ref: Ref | None, categories: tuple[str, ...] = ("races", "classes", "sexes",
                                                                    "tags")) -> str | None:
        if ref is None:
            return None
        found = self.scope.lookup(ref.name, categories)
        return found[1] if found else ref.name

    def names(self, refs: Sequence[Ref], categories: tuple[str, ...] = (
            "races", "classes", "sexes", "tags")) -> list[str]:
        """The resolved names of a list of references (none of them missing)."""
        return [n for r in refs if (n := self.name(r, categories)) is not None]

    # -- cards ----------------------------------------------------------------
    def card(self, card: Card) -> CardData:
        stats: dict[str, Any] = {}
        names = {"en": card.name}
        texts: dict[str, str] = {}
        tags: list[str] = []
        usable: list[str] = []
        not_usable: list[str] = []
        counts_as: list[str] = []
        overrides: list[Override] = []
        manual: list[tuple[dict[str, str], str]] = []
        for stat in card.stats:
            k, args = stat.kind, stat.args
            if k == "manual":
                if args[0] is None or not manual:  # an English rule starts a new one
                    manual.append(({}, self.source(stat.span)))
                manual[-1][0][args[0].name if args[0] is not None else "en"] = args[1]
            elif k == "name":
                names[args[0].name] = args[1]
            elif k == "text":
                texts[args[0].name] = args[1]
            elif k == "tags":
                tags += self.names(args, ("tags",))
            elif k == "usable_by":
                usable += self.names(args)
            elif k == "not_usable_by":
                not_usable += self.names(args)
            elif k == "counts_as":
                counts_as += self.names(args)
            elif k == "overrides":
                overrides.append(Override(rule_id(args[0].name), args[1], self.source(stat.span)))
            elif k in SCALAR_STATS:
                field_name, value = SCALAR_STATS[k]
                stats[field_name] = value(self, args)
        for lang in self.languages:
            if lang not in names:
                translated = ruleset_name(self.scope.rulesets, card.name, lang)
                if translated:
                    names[lang] = translated
        abilities = tuple(self.ability(card, line) for line in card.lines)
        return CardData(
            id=card.id, kind=card.kind,
            deck=self.deck_for_kind.get(card.kind, self.kinds[card.kind]["deck"]),
            names=dict(sorted(names.items())), texts=dict(sorted(texts.items())),
            tags=tuple(dict.fromkeys(tags)), usable_by=tuple(usable),
            not_usable_by=tuple(not_usable), counts_as=tuple(dict.fromkeys(counts_as)),
            overrides=tuple(overrides), abilities=abilities,
            manual=tuple(ManualRule(dict(sorted(texts.items())), where)
                         for texts, where in manual),
            source=self.source(card.span), **stats)

    # -- lines ----------------------------------------------------------------
    def ability(self, card: Card, line: EffectLine) -> Ability:
        when, effect_clauses, _ = split(line)
        timing = default_timing(card)
        until: str | None = None
        frequency: str | None = None
        roll: int | None = None
        targeted_by: str | None = None
        costs: list[Cost] = []
        conditions: list[Condition] = []
        durations: dict[str, int] = {}
        for clause in when:
            if isinstance(clause, nodes.Timing):
                if clause.is_until:
                    until = _until_id(clause)
                else:
                    timing = clause.timing
                    targeted_by = clause.curse_kind or targeted_by
                    if clause.count is not None:  # `when this has 3 counters`: its test
                        conditions.append(Condition(subject="this", predicate="has_counters",
                                                    count=clause.count))
            elif isinstance(clause, nodes.Frequency):
                frequency = clause.frequency
            elif isinstance(clause, nodes.Roll):
                roll = clause.at_least
            elif isinstance(clause, nodes.Condition):
                if clause.lasting:  # `while ...`: the line lasts while it holds; first, so
                    until = until or "while"  # the card text leads with it
                    conditions.insert(0, self.condition(clause))
                else:
                    conditions.append(self.condition(clause))
            elif isinstance(clause, algebra.DurationPart):  # `3 uses`
                durations[clause.ability_field] = clause.count
            elif isinstance(clause, algebra.EffectPart):  # a cost (`discard 2 cards:`)
                costs.append(_cost(clause))
        effects: list[Effect] = []
        previous_target: Target | None = None
        for clause in effect_clauses:
            # ... but under `choose one` each alternative is a sentence of its own: one
            # without a subject is the card's player's (`a player of your choice loses 1
            # level, or draw 2 treasures`), as the card text prints it
            alone = clause.either and durations.get("choose_one")
            if ((clause.otherwise or clause.either) and not alone and hasattr(clause, "target")
                    and getattr(clause, "subject", True) and clause.who is None
                    and not clause.base_verb and previous_target is not None):
                # "X discards ..., otherwise loses 1 level": the fallback hits the same X
                # ("..., otherwise lose 1 level" addresses the line's own player).
                clause = replace(clause, target=previous_target)  # type: ignore[call-arg]
            # the subject only: `give ... to X` names whom it goes to, not who gives
            previous_target = clause.who if getattr(clause, "subject", True) else None
            effects.append(self.effect(card, clause, timing))
        labels = {lang.name: text for lang, text in line.labels}
        return Ability(timing=timing, effects=tuple(effects), label=line.label,
                       labels=dict(sorted(labels.items())), until=until,
                       frequency=frequency, costs=tuple(costs), roll=roll,
                       conditions=tuple(conditions), targeted_by=targeted_by,
                       source=self.source(line.span), **durations)

    def condition(self, clause: nodes.Condition) -> Condition:
        value = clause.value
        if isinstance(clause.detail, algebra.ConditionPart):  # a card filter and a number
            what = filter_name(self.scope, value) if isinstance(value, Ref) else None
            return Condition(subject=clause.subject, predicate=clause.predicate,
                             value=what, negated=clause.negated, count=clause.detail.count,
                             than=getattr(clause.detail, "than", None))
        if isinstance(clause.counted, CountPart):  # `if there are at least 2 monsters ...`
            return Condition(subject=clause.subject, predicate=clause.predicate,
                             value=value if isinstance(value, int) else None,
                             counts=Counting(**_counted(self, clause.counted)))
        named = self.name(value) if isinstance(value, Ref) else value
        if clause.subject in in_flight.CARD_SUBJECTS and isinstance(value, Ref):  # a card: its
            # kind or tag
            named = drawn_filter(self.scope, value)
        return Condition(subject=clause.subject, predicate=clause.predicate,
                         value=named, negated=clause.negated)

    def target(self, card: Card, target: Target | None, timing: str) -> tuple[str, str | None]:
        if target is not None:
            if target.kind == "each":
                return "each_player", self.name(target.qualifier, ("races", "classes", "sexes"))
            return target.kind, None
        return default_subject(card.kind, timing), None

    def effect(self, card: Card, clause: Clause, timing: str) -> Effect:
        """A clause as its engine record: every effect is a declared part, whose fields
        the record mirrors (``part_fields``), plus the flags every clause carries."""
        cls = EFFECTS_BY_KIND[effect_kind(clause)]
        flags: dict[str, Any] = {"otherwise": clause.otherwise, "optional": clause.optional,
                                 "either": clause.either, "on_roll": clause.on_roll or (),
                                 "later": clause.later or "", "offered": clause.offered or ""}
        return cls(**self.part_fields(card, cast(algebra.EffectPart, clause), timing), **flags)

    def part_fields(self, card: Card, clause: algebra.EffectPart, timing: str
                    ) -> dict[str, Any]:
        """A declared part's fields as its engine record holds them: a selector as its
        TARGETS word (the kind's default where none is written), a name resolved."""
        out: dict[str, Any] = {}
        for f in fields(clause):
            if f.name in FLAG_FIELDS:
                continue
            value = getattr(clause, f.name)
            if f.name in algebra.AMOUNT_FIELDS:
                continue
            if isinstance(value, algebra.CardPart):  # a card selector: its three fields
                owner = self.target(card, value.owner, timing)[0] if value.owner else (
                    _own_holder(clause, value, out))
                what = filter_name(self.scope, value.what,
                                   value.filter_kinds) if value.what else None
                out.update(card_fields(f.name, value, what, owner))
            elif value is None and f.name == "target" and clause.monster_side and \
                    card.kind in MONSTER_SIDE:  # `+3` on a monster: the monster's
                out[f.name] = clause.monster_side
            elif isinstance(value, Target) or (value is None and f.name == "target"):
                out[f.name] = self.target(card, value, timing)[0]
            elif f.name == "target_is":  # `each Elf`: the kind the target names
                out[f.name] = self.target(card, getattr(clause, "target", None), timing)[1]
            elif value is None and "unset" in f.metadata:  # none written: the record's value
                out[f.name] = f.metadata["unset"]
            elif isinstance(value, Ref) and f.name in clause.filters:
                out[f.name] = filter_name(self.scope, value, clause.filter_kinds)
            elif isinstance(value, Ref) and f.metadata.get("names") == ("decks",):
                out[f.name] = _deck(self, value)
            elif isinstance(value, Ref) and "names" in f.metadata:
                out[f.name] = self.name(value, f.metadata.get("lowered", f.metadata["names"]))
            elif isinstance(value, Ref):
                out[f.name] = self.name(value)
            elif isinstance(value, tuple) and "names" in f.metadata:  # `against A, B`
                out[f.name] = tuple(self.name(r, f.metadata["names"]) or r.name for r in value)
            else:
                out[f.name] = value
        if hasattr(clause, "per"):  # a numeric phrase's or a modifier's count
            out.update(amount_fields(self, clause))
        return out


def _own_holder(clause: algebra.EffectPart, pick: algebra.CardPart, out: dict[str, Any]
                ) -> str | None:
    """Whose cards a pick that names no holder takes: a ranked pick in a discard the
    discarder's; `a one-shot from your hand` the hand of the player the effect reaches,
    or the card's owner where the effect names nobody who holds it (`give ...`)."""
    if pick.pick in RANKED:
        return cast(str | None, out.get("target"))
    if pick.own:
        return (out.get("target") if clause.subject else None) or "you"
    return None


#: A monster's own cards: a line on them that names nobody reaches the monster's side
#: (``EffectPart.monster_side``), not the fighter.
MONSTER_SIDE = frozenset({"monster", "monster-enhancer"})


def _counted(low: Lowerer, n: CountPart | None) -> dict[str, Any]:
    """The `for each ...` part of a modifier, as the effect's for_each fields; its tag is
    a card filter where the count says so (``tag_names``), else a trait the checker found."""
    if n is None:
        return {}
    tag = (filter_name(low.scope, n.tag, n.filter_kinds)
           if n.tag_names == "filter" and n.tag is not None
           else low.name(n.tag, ("tags", "races", "classes")))
    return dict(for_each=n.count, for_each_tag=tag,
                for_each_other=n.other, for_every=n.every, for_each_whose=n.whose,
                for_each_dice=n.dice, for_each_worth=n.worth, for_each_beyond=n.beyond)


def amount_fields(low: Lowerer, c: Any) -> dict[str, Any]:
    """A numeric phrase's amount forms as the record's Amounts fields: the count it is
    multiplied by and each amount part's field (`up to` picked, `up to N`, `at least N`)."""
    out: dict[str, Any] = {p.record_field: p.value() for p in getattr(c, "amounts", ())
                           if isinstance(p, algebra.AmountPart)}
    if getattr(c, "per", None):
        out.update(per=c.per, **_counted(low, c.counted))
    return out


def _tag(low: Lowerer, ref: Ref | None) -> str | None:
    return low.name(ref, ("tags",))


def _deck(low: Lowerer, ref: Ref | None) -> str:
    """The deck a clause names, as the ruleset spells its id (none named: the door deck's)."""
    name = ref.name if ref else "door"
    return low.scope.decks.get(name.casefold(), name)


def lower_cards(cards: list[Card], scope: Scope, deck_for_kind: dict[str, str],
                source: Callable[[object], str] = str, languages: tuple[str, ...] = ()
                ) -> list[CardData]:
    """Lower every card of a checked pack, in source order."""
    lowerer = Lowerer(scope, deck_for_kind, source, languages)
    return [lowerer.card(card) for card in cards]


def _cost(clause: algebra.EffectPart) -> Cost:
    """The cost record of a clause before the ':': a cost declared as an effect part
    (`discard 2 cards:`, `remove a counter from this:`), its kind and count; a form that
    is no cost never gets here (the checker's E216)."""
    kind, count = clause.cost_record() or (clause.kind, 0)
    return Cost(kind, **{"count": count, **clause.cost_fields()})


def card_fields(name: str, pick: algebra.CardPart, what: str | None, owner: str | None
                ) -> dict[str, Any]:
    """A card selector's record fields: which pick, its filter, its owner, and a value
    bound (`worth 300 or less`: ``NAME_worth_max``) where one is written."""
    out: dict[str, Any] = {name: pick.pick, f"{name}_what": what, f"{name}_owner": owner}
    if pick.worth_bound is not None:
        bound = "max" if pick.worth_bound == "worth_most" else "min"
        out[f"{name}_worth_{bound}"] = pick.worth
    return out
