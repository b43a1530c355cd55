"""Stage 4 of the pipeline: checked AST -> engine effect objects (:mod:`munchkin_dsl.effects`).

Lowering gives every line its full meaning: the kind's default timing and target
(from ``data/kinds.toml``) where the author left them out, canonical spellings of
names, costs and conditions as records, and the fixed-rule facts an engine needs
(a level gain outside a kill stops at 9 unless the card overrides rule 4).  It
runs only on packs without errors, so it may assume names resolve, but it still
never raises on an unexpected shape: the checker is the one place that judges.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from munchkin_dsl import data
from munchkin_dsl.checks.references import rule_id
from munchkin_dsl.checks.stats import ruleset_name
from munchkin_dsl.effects import (
    EFFECTS_BY_KIND,
    Ability,
    CardData,
    Condition,
    Cost,
    Effect,
    Override,
)
from munchkin_dsl.nodes import Card, Clause, EffectLine, Ref, Target
from munchkin_dsl.phrases import default_timing, effect_kind, split
from munchkin_dsl.resolve import Scope

#: Timings at which a subjectless effect hits the player the monster caught.
VICTIM_TIMINGS = frozenset({"bad_stuff", "bad_stuff_always", "on_escape", "when_caught"})
#: Timings at which levels are a reward for a kill (fixed rule 4 does not cap them).
KILL_TIMINGS = frozenset({"on_kill"})
WINNING_LEVEL_CAP = 9
COST_KINDS = {"cards": "discard_cards", "up_to": "discard_up_to", "hand": "discard_hand",
              "this": "discard_this"}


#: Card line -> (CardData field, how its value is read from the line's args).
SCALAR_STATS: dict[str, tuple[str, Callable[[Lowerer, tuple], Any]]] = {
    "art": ("art", lambda low, a: a[0]),
    "level": ("level", lambda low, a: a[0]),
    "treasures": ("treasures", lambda low, a: a[0]),
    "gives_levels": ("levels_given", lambda low, a: a[0]),
    "bonus": ("bonus", lambda low, a: a[0]),
    "value": ("value", lambda low, a: a[0]),
    "no_value": ("value", lambda low, a: 0),
    "slot": ("slot", lambda low, a: a[0]),
    "big": ("big", lambda low, a: True),
    "aggregate": ("aggregate", lambda low, a: True),
    "persistent": ("persistent", lambda low, a: True),
    "kept_after_death": ("kept_after_death", lambda low, a: True),
    "accepts_enhancers": ("accepts_enhancers", lambda low, a: True),
    "comes_apart": ("comes_apart_on_death", lambda low, a: True),
    "attaches": ("attaches_to_item", lambda low, a: True),
    "receives_outside_combat": ("items_outside_combat_only", lambda low, a: True),
    "requires": ("requires", lambda low, a: a[0]),
    "chains_with": ("chains_with", lambda low, a: low.name(a[0], ("tags",))),
    "play_when": ("play", lambda low, a: a[0].get("timing")),
}


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

    # -- cards ----------------------------------------------------------------
    def card(self, card: Card) -> CardData:
        stats: dict[str, Any] = {}
        names = {"en": card.name}
        texts: dict[str, str] = {}
        tags: list[str] = []
        usable: list[str] = []
        not_usable: list[str] = []
        overrides: list[Override] = []
        for stat in card.stats:
            k, args = stat.kind, stat.args
            if k == "name":
                names[args[0].name] = args[1]
            elif k == "text":
                texts[args[0].name] = args[1]
            elif k == "tags":
                tags += [self.name(r, ("tags",)) for r in args]
            elif k == "usable_by":
                usable += [self.name(r) for r in args]
            elif k == "not_usable_by":
                not_usable += [self.name(r) for r in args]
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
        overrides_r4 = any(o.rule == "R4" for o in overrides)
        abilities = tuple(self.ability(card, line, overrides_r4) for line in card.lines)
        return CardData(
            id=card.id, kind=card.kind,
            deck=self.deck_for_kind.get(card.kind, self.kinds[card.kind]["deck"]),
            names=dict(sorted(names.items())), texts=dict(sorted(texts.items())),
            tags=tuple(dict.fromkeys(tags)), usable_by=tuple(usable),
            not_usable_by=tuple(not_usable), overrides=tuple(overrides), abilities=abilities,
            source=self.source(card.span), **stats)

    # -- lines ----------------------------------------------------------------
    def ability(self, card: Card, line: EffectLine, overrides_r4: bool) -> Ability:
        when, effect_clauses, _ = split(line)
        timing = default_timing(card)
        until = frequency = roll = targeted_by = None
        costs: list[Cost] = []
        conditions: list[Condition] = []
        for clause in when:
            if clause.kind == "timing":
                t = clause.get("timing")
                if t == "until_loses":
                    until = f"loses_{clause.get('slot')}"
                elif t.startswith("until_"):
                    until = t.removeprefix("until_")
                else:
                    timing = t
                    targeted_by = clause.get("curse_kind", targeted_by)
            elif clause.kind == "frequency":
                frequency = clause.get("frequency")
            elif clause.kind == "roll":
                roll = clause.get("at_least")
            elif clause.kind == "condition":
                conditions.append(self.condition(clause))
            elif clause.kind == "discard":
                costs.append(Cost(COST_KINDS.get(clause.get("what"), "discard_cards"),
                                  clause.get("count", clause.get("minimum", 0))))
        effects: list[Effect] = []
        previous_target: Target | None = None
        for clause in effect_clauses:
            if clause.get("otherwise") and "target" in clause.fields and clause.get(
                    "target") is None and previous_target is not None:
                # "X discards ..., otherwise loses 1 level": the fallback hits the same X.
                clause = Clause(clause.kind, clause.span, {**clause.fields,
                                                           "target": previous_target})
            previous_target = clause.get("target")
            effects.append(self.effect(card, clause, timing, overrides_r4))
        labels = {lang.name: text for lang, text in line.labels}
        return Ability(timing=timing, effects=tuple(effects), label=line.label,
                       labels=dict(sorted(labels.items())), until=until,
                       frequency=frequency, costs=tuple(costs), roll=roll,
                       conditions=tuple(conditions), targeted_by=targeted_by,
                       source=self.source(line.span))

    def condition(self, clause: Clause) -> Condition:
        value = clause.get("value")
        if isinstance(value, Ref):
            value = self.name(value)
        return Condition(subject=clause.get("subject"), predicate=clause.get("predicate"),
                         value=value, negated=clause.get("negated", False))

    def target(self, card: Card, target: Target | None, timing: str) -> tuple[str, str | None]:
        if target is not None:
            if target.kind == "each":
                return "each_player", self.name(target.qualifier, ("races", "classes", "sexes"))
            return target.kind, None
        if timing in VICTIM_TIMINGS:
            return "victim", None
        return self.kinds[card.kind]["target"], None

    def effect(self, card: Card, clause: Clause, timing: str, overrides_r4: bool) -> Effect:
        kind = effect_kind(clause)
        cls = EFFECTS_BY_KIND[kind]
        f = clause.fields
        flags = {"otherwise": f.get("otherwise", False), "optional": f.get("optional", False)}
        monster_side = card.kind in ("monster", "monster-enhancer")
        tgt, target_is = self.target(card, f.get("target"), timing)
        if clause.kind == "modifier":
            to = f.get("to")
            per = f.get("per")
            if kind == "strength":
                if isinstance(to, Target):
                    tgt, target_is = self.target(card, to, timing)
                elif monster_side:
                    tgt, target_is = "monster", None
                return cls(amount=f["amount"], target=tgt, target_is=target_is, per=per,
                           against=self.name(f.get("against")), **flags)
            if kind == "run_away":
                return cls(amount=f["amount"], target="player_side" if monster_side else tgt,
                           per=per, **flags)
            return cls(amount=f["amount"], target=tgt, **flags)
        builders = {
            "treasure_count": lambda: dict(amount=f["amount"]),
            "gain_levels": lambda: dict(
                amount=f["amount"], target=tgt, target_is=target_is,
                per_monster=f.get("per_monster", False),
                max_level=None if (timing in KILL_TIMINGS or overrides_r4)
                else WINNING_LEVEL_CAP),
            "lose_levels": lambda: dict(amount=f["amount"], target=tgt),
            "set_level": lambda: dict(level=f["level"], target=tgt),
            "draw": lambda: dict(
                count=f["count"], deck=self.scope.decks.get(f["deck"].name.casefold(),
                                                            f["deck"].name),
                target=tgt, face_up={"up": True, "down": False}.get(f.get("face")),
                instead=f.get("instead", False)),
            "discard": lambda: dict(target=tgt, what=f["what"], count=f.get("count", 1),
                                    slot=f.get("slot")),
            "die": lambda: dict(target=tgt),
            "change_sex": lambda: dict(target=tgt),
            "steal_level": lambda: dict(amount=f["amount"], target=tgt,
                                        source=f["source"].kind),
            "steal_item": lambda: dict(target=tgt, source=f["source"].kind),
            "open_seal": lambda: dict(target=tgt),
            "auto_escape": lambda: dict(target=tgt),
            "defeat_without_kill": lambda: dict(with_treasure=f.get("with_treasure", False)),
            "force_help": lambda: dict(target=tgt),
            "horde": lambda: dict(tag=self.name(f["tag"], ("tags",))),
            "copy_monster": lambda: dict(with_treasure=f.get("with_treasure", False)),
            "add_tag": lambda: dict(target=tgt, tag=self.name(f["tag"], ("tags",))),
            "cancel": lambda: dict(card_kind=f["curse_kind"]),
            "limit": lambda: dict(limit=f["limit"], value=f.get("value"),
                                  relative=f.get("relative", False)),
            "sell_double": lambda: dict(count=f["count"]),
            "ignore": lambda: dict(what=f["what"], target=tgt),
            "two_handed_bonus": lambda: dict(amount=f["amount"]),
            "end_game": lambda: dict(criteria=tuple(f.get("criteria", ()))),
        }
        kwargs = builders[kind]() if kind in builders else {}
        return cls(**kwargs, **flags)


def lower_cards(cards: list[Card], scope: Scope, deck_for_kind: dict[str, str],
                source: Callable[[object], str] = str, languages: tuple[str, ...] = ()
                ) -> list[CardData]:
    """Lower every card of a checked pack, in source order."""
    lowerer = Lowerer(scope, deck_for_kind, source, languages)
    return [lowerer.card(card) for card in cards]
