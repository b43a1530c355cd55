"""The algebra of the language: each part of a rule declared once, as one class.

A rule is a sentence of typed parts: *events* (when), *conditions* (if), *selectors*
(who, which), *amounts* (how much), *effects* (what) and *durations*.  A part is one
class under :mod:`munchkin_dsl.language.parts`, found by a subclass scan (as sqlglot
finds its expressions) and bound to its grammar rule the way Lark's
``ast_utils.create_transformer`` binds AST classes: the class names its rule and the
rule's body, and the parser builds the class from the rule's children by their types.
The class carries everything the stages read:

* its grammar (``rule``, ``syntax``), appended to ``grammar/munchkin.lark`` when the
  parser is built; an effect's rule joins the effect alternatives, a condition's the
  predicates;
* its fields (typed dataclass fields; no ``dict[str, Any]``), which the parser fills and
  the lowering copies into the engine record (a ``Ref`` becomes the resolved name, a
  ``Target`` its kind);
* its typing rules: the card kinds that may carry it, the game phase it needs, the
  timings where it means nothing and why (``refuse_at``), its number ranges;
* its printed text in every card language (``text``: a Jinja macro body per language
  with the effect ``e``, the ability ``a`` and the words helper ``t``);
* its summary, example and the words an author might use for it (docs tables,
  did-you-mean, hover, completion).

The engine behaviour of an effect sits in ``munchkin_dsl/engine/algebra_*.py`` keyed by
the same ``kind``; the registry (:mod:`munchkin_dsl.language.registry`) reads effect
parts like its TOML entries, so the checker and the conformance suite treat both alike.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import typing
from dataclasses import dataclass, field, fields
from functools import cache
from typing import Any, ClassVar

from munchkin_dsl.base.diagnostics import Span
from munchkin_dsl.language.nodes import FLAG_FIELDS, Clause, Ref, Target


@dataclass(frozen=True, slots=True)
class Part(Clause):
    """Base of every declared part; a subclass with a ``rule`` is one part of the language."""

    #: "effect" or "condition" (events, selectors, amounts and durations follow the same shape)
    category: ClassVar[str] = ""
    #: the grammar rule that writes it, and that rule's body in Lark syntax
    rule: ClassVar[str] = ""
    syntax: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    example: ClassVar[str] = ""
    #: words an author might write for it (did-you-mean by meaning)
    means: ClassVar[str] = ""
    #: printed text per language: the body of a Jinja macro over (e, a, t)
    text: ClassVar[dict[str, str]] = {}
    #: natural phrasings of the same rule the grammar does not take (a regex over the
    #: refused line, lower case) -> the form that works, with `{who}` the regex's `who`
    #: group as a target word (`your strength is halved` -> `halve the strength of you`)
    #: and `{n}` its `n` group; the parser's hint names it (registry.misphrasing_hint)
    misphrasings: ClassVar[dict[str, str]] = {}

    #: helper rules its syntax uses, in Lark syntax (`from_roll: "as" "many" ...`); each
    #: rule (or `-> alias`) yields a :class:`Marker` of its name: a ``bool`` field of that
    #: name becomes True (False for `not_NAME`), a field whose metadata ``choices`` hold it
    #: takes it as its value
    subrules: ClassVar[str] = ""
    #: fields filled from the last children of their type: a required selector after an
    #: optional subject (`[X] steals 1 level from Y`: one selector written is Y)
    from_end: ClassVar[tuple[str, ...]] = ()
    #: helper rules whose values are read too, after the marker (`relative: SIGNED`: the
    #: rule marks the limit relative and its number is the value)
    keeps: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def build(cls, span: Span, children: list[Any]) -> Part:
        """The part from its rule's children (numbers as ints, names as Refs, selectors as
        Targets, helper rules as Markers): each field takes the next child of its type; a
        field with no child keeps its default."""
        values = [w for v in children for w in (
            (v, *v.children) if isinstance(v, Marker) and v in cls.keeps else (v,))]
        hints = _field_types(cls.__qualname__, cls)
        kwargs: dict[str, Any] = {}
        if "per" in hints:  # a numeric phrase's or a modifier's `per ...` (and amount parts)
            kwargs.update({k: v for k, v in amounts_of(values).items() if k in hints})
            values = [v for v in values if not isinstance(v, (AmountPart, tuple))]
        todo = [f for f in fields(cls) if f.name not in (*FLAG_FIELDS, *AMOUNT_FIELDS)]
        todo.sort(key=lambda f: f.name not in cls.from_end)
        for f in todo:
            want = hints[f.name]
            if typing.get_origin(want) is tuple:  # every child of its item type, in order
                item = typing.get_args(want)[0]
                hits = [i for i, v in enumerate(values)
                        if v is not None and not isinstance(v, Marker) and _fits(v, item)]
                kwargs[f.name] = tuple(values[i] for i in hits)
                values = [None if i in hits else v for i, v in enumerate(values)]
                continue
            choices = f.metadata.get("choices") or ()
            order = range(len(values) - 1, -1, -1) if f.name in cls.from_end \
                else range(len(values))
            for i in order:
                v = values[i]
                if isinstance(v, Marker):
                    value: Any = _marked(v, f.name, choices)
                    if bool in (typing.get_args(want) or (want,)):  # a flag: FIELD, not_FIELD
                        value = {f.name: True, f"not_{f.name}": False}.get(v)
                    elif v == f.metadata.get("from_rule") and v.children:  # its own rule's
                        value = v.children[0]
                    taken = value is not None
                    if taken:
                        kwargs[f.name] = value
                elif taken := (v is not None and _fits(v, want)):
                    kwargs[f.name] = v
                if taken:
                    values[i] = None
                    break
        return cls(span, **kwargs)


class Marker(str):
    """What a part's helper rule (``subrules``) yields: its name, which a field reads, and
    the values written inside it (``children``: read only where the part ``keeps`` it)."""

    children: tuple[Any, ...] = ()


def _marked(marker: Marker, name: str, choices: tuple[str, ...]) -> str | None:
    """The value a helper rule gives a field: its name when the field's choices hold it,
    or the rest of a name `FIELD_VALUE` (`-> half_up` fills ``half`` with "up")."""
    if marker in choices:
        return str(marker)
    rest = marker.removeprefix(f"{name}_")
    if rest == marker:
        return None
    # a choice with a hyphen is named with an underscore (`-> source_one_shot`: "one-shot")
    return next((c for c in choices if c.replace("-", "_") == rest), None)


#: The fields of a numeric phrase's amount (`gain 1 level for each curse, up to 3`): the
#: `per` kind with what it counts, and the amount parts written (the engine record's
#: ``Amounts`` fields are read from them)
AMOUNT_FIELDS = ("per", "counted", "amounts")


def amounts_of(children: list[Any]) -> dict[str, Any]:
    """The amount of a numeric phrase (`draw up to 3 treasures for each other player, at
    least 1`): its `per` (built by ``per_each``... as a tuple) and its amount parts."""
    out: dict[str, Any] = {"amounts": tuple(c for c in children if isinstance(c, AmountPart))}
    for c in children:
        if isinstance(c, tuple) and c[0] == "per":
            out["per"] = c[1]
        elif isinstance(c, tuple) and c[0] == "each":
            out["per"], out["counted"] = "each", c[1]
    return out


_SAME: Any = object()


def described(doc: str, default: Any = None, *, choices: tuple[str, ...] | None = None,  # noqa: PLR0913 (the field's record options, all keyword-only)
              record: Any = _SAME, unset: Any = _SAME, quiet: bool = False,
              names: tuple[str, ...] | None = None,
              lowered: tuple[str, ...] | None = None, from_rule: str | None = None) -> Any:
    """A part field with what the engine record says of it (the schema's text): its
    ``doc``, the values it may take (a helper rule's Marker among them fills it), the
    record's default when it differs from the part's (``...``: none, the lowering always
    writes it; a selector's record default is otherwise `you`) and ``unset``, what the
    record holds where the author wrote none (the part's None: `lose as many levels as
    the roll shows` has no number, so no range check reads one; the record's is 0).
    ``quiet``: left out of the record's repr (replays record an effect's repr: a field
    added to an older effect keeps their text).  ``names``: for a name the author writes
    (a ``Ref``), where it must be found: ``("tags",)``, ``("decks",)`` (E101/E106 when it
    is not; the lowering writes the name as the ruleset spells it, looked up in ``lowered``
    where that differs: `ignore Elf bonuses` is checked as any trait, written as a tag).
    ``from_rule``: a helper rule (``subrules``) whose one value the field takes, so a value
    inside a form is told apart from one of the same type outside it (`discard 1 item
    chosen by X`: X is the chooser, not the one who discards)."""
    meta: dict[str, Any] = {"doc": doc, "choices": choices, "quiet": quiet}
    if from_rule is not None:
        meta["from_rule"] = from_rule
    if names is not None:
        meta["names"] = names
    if lowered is not None:
        meta["lowered"] = lowered
    if record is not _SAME:
        meta["record"] = record
    if unset is not _SAME:
        meta["unset"] = unset
    return field(default=default, metadata=meta)


def _fits(value: Any, want: Any) -> bool:
    options = typing.get_args(want) or (want,)
    return any(isinstance(value, o) and not (o is int and isinstance(value, bool))
               for o in options if isinstance(o, type))


_HINTS: dict[str, dict[str, Any]] = {}


def _field_types(key: str, cls: type[Part]) -> dict[str, Any]:
    """The resolved field types of a part class, worked out once per class."""
    hints = _HINTS.get(key)
    if hints is None:
        hints = _HINTS[key] = typing.get_type_hints(cls)
    return hints


@dataclass(frozen=True, slots=True)
class EffectPart(Part):
    """An effect: what happens.  Its ``kind`` is the engine effect kind."""

    category: ClassVar[str] = "effect"
    #: the card kinds that may carry it: a group of data/effects.toml, a tuple, or None (any)
    carriers: ClassVar[str | tuple[str, ...] | None] = None
    #: the game phase it acts on (data/needs.toml)
    needs: ClassVar[str | None] = None
    passive: ClassVar[bool] = False
    #: a strength operator (`double the strength of monster`): done once where it is played,
    #: but read all fight long, after every bonus, on a line with no moment of its own (a
    #: monster's own line, a card in play's `while in play`: engine/standing_operators.py)
    standing: ClassVar[bool] = False
    #: read where its player acts while its card is in play (a ban: engine/help_bans.py)
    held: ClassVar[bool] = False
    #: kinds on which `until ...:` keeps it though not passive (a curse stays, its ban too)
    kept_on: ClassVar[tuple[str, ...]] = ()
    #: state a duration before it takes back as it ends (`until end of combat, put a marker`)
    undone: ClassVar[bool] = False
    reward: ClassVar[bool] = False
    player_target: ClassVar[bool] = False
    #: timing -> why the effect means nothing there
    refuse_at: ClassVar[dict[str, str]] = {}
    #: card kind (not among ``carriers``) -> why the kind cannot carry it (E202's hint)
    kind_refuse: ClassVar[dict[str, str]] = {}
    #: card kind (among ``carriers``) that carries it only as an offer to the player who
    #: uses the card (`may`: a monster's line its fighter uses) -> E202's hint without `may`
    offered_on: ClassVar[dict[str, str]] = {}
    #: field -> range key in data/limits.toml
    numbers: ClassVar[dict[str, str]] = {}
    #: what the conformance suite observes when it fires
    observe: ClassVar[str] = ""
    #: fields that are card filters (a card kind or a tag: `a Sidekick`, `an item`)
    filters: ClassVar[tuple[str, ...]] = ()
    #: kinds its filters may name that nobody holds in play (`one-shots`, parts/bans.py)
    filter_kinds: ClassVar[dict[str, str]] = {}
    monster_example: ClassVar[str | None] = None
    #: a deck it needs in one of the pack's rulesets (open or close a Seal: E224 otherwise)
    needs_deck: ClassVar[str | None] = None
    #: the field whose value makes a variant, and per value what the variant changes of the
    #: registry's record (``example``, ``observe``, ``carriers``...)
    variant_field: ClassVar[str | None] = None
    variants: ClassVar[dict[str, dict[str, Any]]] = {}
    #: the docs rows when one row from ``syntax`` says too little: (form, what it does,
    #: example) per way of writing it
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    #: it is also a cost before the ':' (`remove a counter from this: ...`, `discard 2
    #: cards: ...`): the grammar reaches its rule through `cost` as well as after the ':'
    cost: ClassVar[bool] = False
    #: for a cost whose forms differ (`discard 2 cards:`, `discard this:`): per value of
    #: ``variant_field``, the kind of the Cost record it pays; a form not listed is no
    #: cost (E216, with ``cost_refuse``).  Empty: the part's own kind, any form.
    cost_kinds: ClassVar[dict[str, str]] = {}
    #: why a form not in ``cost_kinds`` is no cost: (message, hint) of E216
    cost_refuse: ClassVar[tuple[str, str]] = ("", "")
    #: the Costs table of the docs: (Cost kind, form, what it takes, example) per form
    cost_forms: ClassVar[tuple[tuple[str, str, str, str], ...]] = ()
    #: the printed text of its Cost record per language: a Jinja macro body over (c, t);
    #: none: the effect's own text, with the record as ``e``
    cost_text: ClassVar[dict[str, str]] = {}
    #: how the clause is named to an author before the ':' (`'may' has no effect on ...`)
    cost_words: ClassVar[str] = "a cost"
    #: before the ':' the checker judges it as its effect too (carriers, timing, numbers:
    #: counters spent mean what counters taken off do); False: as a cost only (who pays,
    #: which forms, numbers), as cards discarded to pay are paid at any timing the line is
    #: used
    cost_as_effect: ClassVar[bool] = True

    #: the only timings where it means anything (empty: any), and why elsewhere (E221)
    only_at: ClassVar[tuple[str, ...]] = ()
    only_at_refuse: ClassVar[str] = ""

    #: its ``target`` is the phrase's subject (`victim discards ...`): an `otherwise` or
    #: `or` that names none reaches the player the effect before it named; False for a
    #: modifier, whose `to X` says where the bonus goes
    subject: ClassVar[bool] = True
    #: who a line that names nobody reaches on a monster's own card (a monster, a monster
    #: enhancer), where the kind's default would be the fighter: `+3` is the monster's
    monster_side: ClassVar[str | None] = None

    def cost_record(self) -> tuple[str, int] | None:
        """(kind, count) of the Cost record this clause pays before the ':'; None: this
        form is no cost (``cost_kinds``)."""
        count = getattr(self, "count", None) or 0
        if not self.cost_kinds:
            return self.kind, count
        kind = self.cost_kinds.get(getattr(self, self.variant_field or "", None) or "")
        return None if kind is None else (kind, count)

    def cost_fields(self) -> dict[str, Any]:
        """Further fields of its Cost record (an item cost's pick and slot); none here."""
        return {}


@dataclass(frozen=True, slots=True)
class ConditionPart(Part):
    """A predicate after `if SUBJECT`: `if you have a Sidekick in play`.

    Every condition part has the same two fields so the engine record stays one shape:
    ``what`` (a card filter: a card kind or a tag) and ``count`` (a number)."""

    category: ClassVar[str] = "condition"
    #: the predicate id in engine data (Condition.predicate)
    predicate: ClassVar[str] = ""
    #: it tests what the player holds, so it can be read at any moment (a limit's line);
    #: False: it needs a fight or what just happened
    standing: ClassVar[bool] = True
    #: who it can test: "player" (what a player holds) or "monster" (a monster's card)
    subjects: ClassVar[str] = "player"
    what: Ref | None = None
    count: int = 1


@dataclass(frozen=True, slots=True)
class EventPart(Part):
    """An event (a timing): when a line fires.  Its rule is the timing's grammar
    alternative; the engine fires ``timing`` where the event happens."""

    category: ClassVar[str] = "event"
    #: the timing id in engine data (Ability.timing)
    timing: ClassVar[str] = ""
    #: how an author writes it (docs, messages)
    words: ClassVar[str] = ""
    #: the card kinds it fires on: a group of data/timings.toml or a tuple
    carriers: ClassVar[str | tuple[str, ...]] = "table"
    #: where the game is when it fires (data/timings.toml `phase`)
    phase: ClassVar[str] = "none"
    #: why a card kind that does not carry it never fires it
    refuse: ClassVar[str] = ""
    #: effect kind -> why it means nothing at this event (E221; `instead of dying: die`)
    refuse_effects: ClassVar[dict[str, str]] = {}
    #: card kind -> why a line at this event needs a condition or a roll there (E220)
    needs_condition: ClassVar[dict[str, str]] = {}
    #: card kind -> (effect kind, why): on that kind the line answers the card's own
    #: effect (a monster's `instead of dying` answers its Bad Stuff's `die`), which the card
    #: must have, else the line never fires (E220)
    answers_own: ClassVar[dict[str, tuple[str, str]]] = {}
    #: card kind -> who a line with no subject reaches at this event on that kind, when not
    #: the kind's own (a monster's `instead of dying`: the victim its Bad Stuff would kill)
    subject_on: ClassVar[dict[str, str]] = {}
    #: why an effect on the open fight is refused at an event that can happen during one
    #: (E221's hint, instead of "there is no fight at ...", which would be false there)
    no_fight: ClassVar[str] = ""
    #: an event inside another player's fight: the effects on that fight it carries into
    #: it (its strength changes); any other effect on the fight is refused with ``no_fight``
    fight_effects: ClassVar[tuple[str, ...]] = ()
    #: who a subjectless effect reaches at this event (None: the card kind's default; an
    #: item enhancer's answer to its item's loss reaches its player, not the item)
    subject: ClassVar[str | None] = None


@dataclass(frozen=True, slots=True)
class DurationPart(Part):
    """A duration or a budget before the ':' (`3 uses`): how long the line's card lasts.

    ``ability_field`` names the Ability field the lowering sets to ``count``; ``kind`` is
    the clause kind (a clause before the ':')."""

    category: ClassVar[str] = "duration"
    ability_field: ClassVar[str] = ""
    #: the card kinds on which it can mean anything, and why the others are refused
    carriers: ClassVar[str | tuple[str, ...]] = "table"
    refuse: ClassVar[str] = ""
    count: int = 1


@dataclass(frozen=True, slots=True)
class ControlPart(DurationPart):
    """A control clause before the ':' that shapes how the line's effects run (`twice`,
    `3 times`, `choose one`): like a duration it sets one Ability field, read by the
    engine's :func:`~munchkin_dsl.engine.effects_apply.run_ability`."""

    category: ClassVar[str] = "control"
    carriers: ClassVar[str | tuple[str, ...]] = "players"
    #: effect kind -> why the control means nothing with it (E229)
    refuse_effects: ClassVar[dict[str, str]] = {}


@dataclass(frozen=True, slots=True)
class SelectorPart(Part):
    """A selector (who): a player or players an effect reaches, written wherever a target
    stands (`the winner gains 1 level`, `+2 to the player with the most items`).

    Its rule is an alternative of the grammar's ``target`` (added with Lark's ``%extend``),
    built into the same ``Target`` node as the hand-written selectors; ``target`` is the
    TARGETS word the engine reads, whose players ``engine/algebra_selectors.py`` finds.
    ``text`` is the nominative per language, ``cases`` the dative (TO) and genitive (GEN)
    forms the languages with cases print (`+2 игроку с наибольшим числом шмоток`)."""

    category: ClassVar[str] = "selector"
    target: ClassVar[str] = ""
    #: what the word reaches, for the TARGETS documentation (schema, --explain)
    reaches: ClassVar[str] = ""
    cases: ClassVar[dict[str, dict[str, str]]] = {}
    #: timings at which it names someone; None: any (elsewhere E221 with ``refuse``)
    timings: ClassVar[frozenset[str] | None] = None
    #: card kinds on which it names someone at any timing (None: the timings alone say)
    kinds: ClassVar[frozenset[str] | None] = None
    refuse: ClassVar[str] = ""
    #: what to write instead where it names nobody (E221's hint; empty: the kill's timings)
    instead: ClassVar[str] = ""
    #: the card's owner picks the player: a monster, which has no owner, is refused (E228)
    chooser: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class AmountPart(Part):
    """An amount form of a numeric effect (`gain`, `lose` levels, `draw`): `up to 3` before
    the number (the player picks how many), a cap after it (`..., up to 3`, `at least 1`).

    ``position`` says where it stands: "pre" joins the grammar's ``amount_pre``, "post"
    ``amount_post``; ``record_field`` is the field of the effect record it sets (to
    ``count``, or True for a part with no number), read by ``engine/amounts.py``.
    ``text`` is its words after the number; ``prefix`` its words before it."""

    category: ClassVar[str] = "amount"
    position: ClassVar[str] = "post"
    record_field: ClassVar[str] = ""
    prefix: ClassVar[dict[str, str]] = {}
    count: int = 0

    def value(self) -> int | bool:
        """What the lowering writes into ``record_field``."""
        return self.count if self.count else True


@dataclass(frozen=True, slots=True)
class CardPart(Part):
    """A card selector (which card): `an item you carry`, `a random card from victim`,
    `a Steed in play`, `this card`, written wherever an effect that moves a card takes one.

    Its rule is an alternative of the grammar's ``card_pick`` (and, when ``discard_form``,
    of ``card_to_discard``: the picks no other discard part already says); an effect's
    field of this type is lowered into the record's ``card``, ``card_what`` and
    ``card_owner`` (``pick``, the filter, the owner's TARGETS word), read by
    ``engine/algebra_cards.py``.  ``zone`` is where the card is picked: "hand" or "play"."""

    category: ClassVar[str] = "card"
    pick: ClassVar[str] = ""
    zone: ClassVar[str] = "play"
    discard_form: ClassVar[bool] = True
    #: `every ...`: the move takes every card the pick names, not one of them
    every: ClassVar[bool] = False
    #: no holder written: the hand of the player reached (`discard a one-shot from your hand`)
    own: ClassVar[bool] = False
    #: filter kinds beyond holdings.FILTER_WORDS: a one-shot is carried as an item is
    filter_kinds: ClassVar[dict[str, str]] = {"one-shot": "one-shot", "one-shots": "one-shot"}
    what: Ref | None = None
    owner: Target | None = None
    #: `worth N or less` / `worth N or more` (parts/cards.py ``card_worth``): the bound on
    #: the card's value, lowered into the record's ``card_worth_max`` / ``card_worth_min``
    worth_bound: str | None = field(default=None, metadata={
        "choices": ("worth_most", "worth_least")})
    worth: int | None = None


def cost_parts() -> tuple[type[EffectPart], ...]:
    """The effects that are also a cost before the ':'."""
    return tuple(c for c in effect_parts() if c.cost)


def card_parts() -> tuple[type[CardPart], ...]:
    return tuple(c for c in declared() if issubclass(c, CardPart))


def _load_parts() -> None:
    """Import every module of the parts package, so the subclass scan sees its classes
    (by name: the parts import this module, never the other way round)."""
    package = importlib.import_module("munchkin_dsl.language.parts")
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{info.name}")


def _subclasses(cls: type[Part]) -> list[type[Part]]:
    out: list[type[Part]] = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_subclasses(sub))
    return out


@cache
def declared() -> tuple[type[Part], ...]:
    """Every declared part (a subclass with a rule), in a stable order (by rule name)."""
    _load_parts()
    found = {c.rule: c for c in _subclasses(Part) if c.rule}
    return tuple(found[r] for r in sorted(found))


P = typing.TypeVar("P", bound=Part)


def declared_under(base: type[P]) -> tuple[type[P], ...]:
    """The declared parts deriving from ``base``, in the order their modules declare them
    (the count parts keep their module's order: the schema lists them so)."""
    declared()  # imports the parts package
    # by rule: a slots dataclass is a new class, and the class it was made from stays listed
    found = {c.rule: c for c in _subclasses(base) if c.rule}
    return tuple(found.values())  # type: ignore[arg-type]


@cache
def _kind_of(base: type[P]) -> tuple[type[P], ...]:
    """The declared parts of one kind, kept: the checker asks for them once per line."""
    return tuple(c for c in declared() if issubclass(c, base))


def effect_parts() -> tuple[type[EffectPart], ...]:
    return _kind_of(EffectPart)


def event_parts() -> tuple[type[EventPart], ...]:
    return _kind_of(EventPart)


def duration_parts() -> tuple[type[DurationPart], ...]:
    return _kind_of(DurationPart)


def selector_parts() -> tuple[type[SelectorPart], ...]:
    return _kind_of(SelectorPart)


@cache
def selector_targets() -> dict[str, str]:
    """Grammar alias -> TARGETS word, for the parser's target table."""
    return {c.rule: c.target for c in selector_parts()}


def amount_parts() -> tuple[type[AmountPart], ...]:
    return _kind_of(AmountPart)


def condition_parts() -> tuple[type[ConditionPart], ...]:
    return _kind_of(ConditionPart)


@cache
def by_rule() -> dict[str, type[Part]]:
    """Grammar rule name -> its part class (the parser's binding table)."""
    return {c.rule: c for c in declared()}


@cache
def by_predicate() -> dict[str, type[ConditionPart]]:
    return {c.predicate: c for c in condition_parts()}


def standing_predicates() -> frozenset[str]:
    """Predicates a player's card can test at any moment, outside a fight too (a limit is
    read whenever the player's cards are counted): the player's traits and level, and
    every declared condition part (they test what the player holds)."""
    return frozenset({"is", "level_at_most", "level_at_least",
                      *(c.predicate for c in condition_parts() if c.standing)})


@cache
def marker_rules() -> frozenset[str]:
    """The helper rules (and their aliases) of every part: each yields a Marker."""
    names: set[str] = set()
    for c in declared():
        names.update(re.findall(r"^\s*(\w+)\s*:", c.subrules, re.MULTILINE))
        names.update(re.findall(r"->\s*(\w+)", c.subrules))
    return frozenset(names)


def form_of(part: type[Part]) -> str:
    """How an author writes a part (its rule body read as words), for the reference
    tables (:mod:`munchkin_dsl.language.reference`) and messages."""
    return _words(part.syntax)


def _top_level(syntax: str, sep: str) -> list[str]:
    """``syntax`` cut at each ``sep`` outside parentheses (a group stays whole, however
    deeply nested: `("carry"|("have"|"has") "in" "play")` is one token)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(syntax):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and (ch == sep or (sep == " " and ch.isspace())):
            parts.append(syntax[start:i])
            start = i + 1
    parts.append(syntax[start:])
    return [p.strip() for p in parts if p.strip()]


def _words(syntax: str) -> str:
    """A rule body as an author reads it: `"double" "the"? "strength" "of" target` ->
    `double [the] strength of TARGET`; a group `("to" target)?` -> `[to TARGET]`."""
    out = []
    for tok in _top_level(syntax, " "):
        optional = tok.endswith("?")
        tok = tok.rstrip("?")
        if tok.startswith("("):
            inner = tok[1:-1]
            alts = _top_level(inner, "|")
            word = "/".join(_words(alt) for alt in alts) if len(alts) > 1 else _words(inner)
        elif tok.startswith('"'):
            word = tok.strip('"')
        else:
            word = {"INT": "N", "SIGNED": "+N", "WORD": "NAME", "target": "TARGET",
                    "_discard": "discard(s)", "_loses": "lose(s)",
                    "card_pick": "CARD", "card_to_discard": "CARD", "big_items": "Big item(s)",
                    "card_title": '"TITLE"',
                    "_money": "gold",
                    "than_player": "than you/the fighter/the helper/the victim",
                    "curse_kind": "curse/trap/disaster",
                    "did_not": "did not",  # parts/turn_facts.py
                    }.get(tok, tok.upper())
        out.append(f"[{word}]" if optional else word)
    return " ".join(out)
