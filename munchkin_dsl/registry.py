"""The registry: every timing and effect kind of the language, declared once.

``data/timings.toml`` and ``data/effects.toml`` are the declarations; this module reads
them into typed records that every stage consults instead of keeping its own table:

* the parser maps grammar alternatives to timing ids (:func:`timing_for_phrase`);
* the checker asks :func:`refusal` whether a card kind, a timing and an effect can meet,
  and reads each effect's number ranges;
* the lowering maps a clause to its effect kind (:func:`effect_kind_of`);
* the engine reads which kinds are passive (read from the table while in play);
* the schema, ``--explain`` and the language server read the summaries;
* the conformance suite (``tests/test_conformance.py``) walks every combination the
  checker accepts and proves it changes the game as ``observe`` says.

It imports no effect dataclass, so ``munchkin check`` stays light.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from munchkin_dsl import data


@dataclass(frozen=True)
class TimingSpec:
    """One timing: when a line fires, on which card kinds the engine fires it."""

    id: str
    summary: str
    #: how an author writes it
    words: str
    #: the grammar alternative that writes it (None: implied, e.g. on_play)
    phrase: str | None
    carriers: frozenset[str]
    #: "open", "closed" or "any": whether a combat is open when it fires
    combat: str
    refuse: str


@dataclass(frozen=True)
class UntilSpec:
    id: str
    summary: str
    phrase: str


@dataclass(frozen=True)
class EffectSpec:
    """One effect kind: the phrase that writes it and what every stage needs to know."""

    kind: str
    summary: str
    phrase: str
    destination: str | None
    carriers: frozenset[str] | None
    reward: bool
    passive: bool
    needs: str | None
    numbers: dict[str, str]
    example: str
    monster_example: str | None
    observe: str


def _expand(value: Any, groups: dict[str, list[str]]) -> frozenset[str] | None:
    if value is None:
        return None
    return frozenset(groups[value] if isinstance(value, str) else value)


@cache
def timings() -> dict[str, TimingSpec]:
    """Timing id -> spec, in declaration order."""
    table = data.load("timings")
    groups = table["groups"]
    return {tid: TimingSpec(tid, e["summary"], e["words"], e.get("phrase"),
                            _expand(e["carriers"], groups) or frozenset(), e["combat"],
                            e["refuse"])
            for tid, e in table["timing"].items()}


@cache
def untils() -> dict[str, UntilSpec]:
    return {uid: UntilSpec(uid, e["summary"], e["phrase"])
            for uid, e in data.load("timings")["until"].items()}


@cache
def effects() -> dict[str, EffectSpec]:
    """Effect kind -> spec, in declaration order."""
    table = dict(data.load("effects"))
    groups = table.pop("groups")
    return {kind: EffectSpec(kind, e["summary"], e["phrase"], e.get("destination"),
                             _expand(e.get("carriers"), groups), bool(e.get("reward")),
                             bool(e.get("passive")), e.get("needs"), dict(e.get("numbers", {})),
                             e["example"], e.get("monster_example"), e["observe"])
            for kind, e in table.items()}


@cache
def timing_for_phrase() -> dict[str, str]:
    """Grammar alternative (``t_in_combat``) -> timing or until id (``until_...``)."""
    out = {t.phrase: t.id for t in timings().values() if t.phrase}
    out.update({u.phrase: f"until_{u.id}" for u in untils().values()})
    return out


@cache
def _by_phrase() -> dict[tuple[str, str | None], str]:
    return {(e.phrase, e.destination): e.kind for e in effects().values()}


def effect_kind_of(phrase: str, destination: str | None = None) -> str | None:
    """The effect kind a clause compiles to (None: the phrase is not an effect)."""
    table = _by_phrase()
    return table.get((phrase, destination)) or table.get((phrase, None))


@cache
def passive_kinds() -> frozenset[str]:
    """Effects read from the table while their card is in play, not done once."""
    return frozenset(k for k, e in effects().items() if e.passive)


def refusal(card_kind: str, timing: str, effect: str | None = None) -> str | None:
    """Why the engine would never run ``effect`` at ``timing`` on a ``card_kind`` card
    (None: it runs).  The one place the checker and the conformance suite both ask."""
    spec = timings().get(timing)
    if spec is None:
        return None
    if card_kind not in spec.carriers:
        return spec.refuse
    if effect is None:
        return None
    eff = effects()[effect]
    if eff.needs == "fight" and spec.combat == "closed":
        return (f"no combat is open {_when(timing)}, and this effect acts on a fight; "
                "fire it `in combat` or while the card is in play")
    if eff.needs == "failed_roll" and timing not in ("after_failed_run_away",
                                                     "after_run_away_roll"):
        return "a roll can be made again only right after it failed: use `after failed run " \
               "away roll`"
    return None


def _when(timing: str) -> str:
    return f"at `{timings()[timing].words}`"
