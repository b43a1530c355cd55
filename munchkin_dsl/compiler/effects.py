"""Stage 4 of the pipeline: engine effect objects, the meaning a card compiles to.

This module is the one registry of effect kinds.  Each effect is a frozen dataclass
whose fields carry a ``doc`` (what the field means and how an engine applies it);
the JSON Schema in ``schemas/``, the loader in :mod:`munchkin_dsl.compiler.engine_data`, the
card-text templates and the checker's "which card kinds may carry this" rule are all
derived from the classes below, so adding an effect is one class here.  The base they
are built from lives in :mod:`.effect_base` and the card record in :mod:`.card_data`;
both are re-exported here, so every name keeps this one address.

How an engine applies a card: every :class:`Ability` of the card is active at its
``timing`` (see :data:`TIMINGS`).  When it fires, the engine checks ``conditions``
(all must hold), the ``frequency`` budget, pays the ``costs`` (the player chooses
the cards), rolls ``roll`` if set (the effects apply only on a result at least that
high), then applies ``effects`` in order.  An effect with ``otherwise`` applies only
when the effect before it could not apply (nothing to discard, the roll failed).
An ``optional`` effect is the player's choice ("may").
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import fields
from typing import Any

from munchkin_dsl.compiler.card_data import Ability, CardData, ManualRule, Override
from munchkin_dsl.compiler.effect_base import (
    CONDITION_PREDICATES,
    CONDITION_SUBJECTS,
    TIMINGS,
    UNTILS,
    Amounts,
    Condition,
    Cost,
    Counting,
    Effect,
    doc,
    field_docs,
)
from munchkin_dsl.compiler.effect_words import TARGETS
from munchkin_dsl.language import algebra
from munchkin_dsl.language.nodes import FLAG_FIELDS


def _engine_record(part: type[algebra.EffectPart]) -> type[Effect]:
    """The engine record of an effect declared as a class: its fields, with a name the
    author wrote resolved to a string and a selector to its TARGETS word; a field declared
    with :func:`~munchkin_dsl.language.algebra.described` keeps its own text, values and
    default."""
    hints = typing.get_type_hints(part)
    specs: list[tuple[str, Any, Any]] = []
    counts = "amounts" in hints  # a numeric phrase: the record holds the Amounts fields
    # a modifier (`+1 for each item ... up to +4`): its count as the Counting fields
    counting = not counts and "counted" in hints
    skip = set(algebra.AMOUNT_FIELDS) if counts else (
        {"counted", *Counting.__dataclass_fields__} if counting else set())
    for f in fields(part):
        if f.name in FLAG_FIELDS or f.name in skip:
            continue
        text = str(hints[f.name])
        meta = f.metadata
        if "CardPart" in text:  # a card selector: which pick, its filter, its owner
            specs += [(f.name, str, doc("which card: " + ", ".join(
                          c.pick for c in algebra.card_parts()), "this")),
                      (f"{f.name}_what", str | None, doc("the card filter of the pick", None)),
                      (f"{f.name}_owner", str | None, doc("whose card; see TARGETS", None)),
                      (f"{f.name}_worth_max", int | None, doc(
                          "`worth N or less`: the most the card may be worth", None,
                          repr=False)),
                      (f"{f.name}_worth_min", int | None, doc(
                          "`worth N or more`: the least the card may be worth", None,
                          repr=False))]
        elif "Target" in text:  # a record default of None: nobody named (`chooser`)
            record = meta.get("record", "you")
            specs.append((f.name, str if record is not None else str | None,
                          doc(meta.get("doc", "who it reaches; see TARGETS"), record,
                              choices=TARGETS)))
        elif "tuple" in text and "Ref" in text:  # names the part declares (`against A, B`)
            specs.append((f.name, tuple[str, ...], doc(meta["doc"], ())))
        elif "Ref" in text and "doc" in meta:  # a name the part declares: its record text
            kind = str if "unset" in meta else str | None
            specs.append((f.name, kind, doc(meta["doc"], meta.get("record", f.default))))
        elif "Ref" in text:
            specs.append((f.name, str | None, doc(f"the {f.name} named", None)))
        elif meta:
            record = meta.get("record", f.default)
            kind = hints[f.name]
            if "unset" in meta:  # never None in the record: the part's type without None
                kind = next(t for t in typing.get_args(kind) if t is not type(None))
            specs.append((f.name, kind, doc(meta["doc"], record, choices=meta.get("choices"),
                                            repr=not meta.get("quiet"))))
        else:
            specs.append((f.name, hints[f.name], doc(f.name.replace("_", " "), f.default)))
    name = "".join(w.title() for w in part.kind.split("_"))
    bases: tuple[type, ...] = (Effect, Amounts) if counts else (
        (Effect, Counting) if counting else (Effect,))
    return dataclasses.make_dataclass(name, specs, bases=bases, frozen=True,
                                      namespace={"kind": part.kind, "__module__": __name__})


_GENERATED = tuple(_engine_record(part) for part in algebra.effect_parts())
#: every effect record: all are generated from the declared parts
EFFECT_TYPES: tuple[type[Effect], ...] = _GENERATED
for _record in _GENERATED:
    # a generated record is found by name here, as a written one is: pickle (process pools,
    # Ray) sends a class as its module and name, and rebuilding one by value loses `kind`
    globals()[_record.__name__] = _record
EFFECTS_BY_KIND: dict[str, type[Effect]] = {t.kind: t for t in EFFECT_TYPES}


#: The effect kinds here, and (one address for importers) the base and card records.
__all__ = [
    "CONDITION_PREDICATES",
    "CONDITION_SUBJECTS",
    "EFFECTS_BY_KIND",
    "EFFECT_TYPES",
    "TIMINGS",
    "UNTILS",
    "Ability",
    "Amounts",
    "CardData",
    "Condition",
    "Cost",
    "Counting",
    "Effect",
    "ManualRule",
    "Override",
    "doc",
    "field_docs",
]
