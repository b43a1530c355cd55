"""Data files the compiler reads (card kinds, number ranges), loaded once.

They are data rather than code so that what a kind may carry, or what range a
number may take, is one table a reader can scan and a maintainer can change.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> dict[str, Any]:
    """Parse ``munchkin_dsl/data/<name>.toml``."""
    text = resources.files(__package__).joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def kinds() -> dict[str, dict[str, Any]]:
    return load("kinds")


def limits() -> dict[str, dict[str, Any]]:
    return load("limits")


@dataclass(frozen=True)
class EffectKind:
    """What the checker knows of an effect kind without building its dataclass."""

    kind: str
    summary: str
    carriers: frozenset[str] | None
    reward: bool


@cache
def effect_kinds() -> dict[str, EffectKind]:
    """data/effects.toml by kind, with carrier groups expanded.

    The checker reads this instead of importing munchkin_dsl.effects, whose ~40
    dataclasses cost 30 ms that `munchkin check` would pay for nothing.
    """
    table = dict(load("effects"))
    groups = table.pop("groups")
    out: dict[str, EffectKind] = {}
    for kind, entry in table.items():
        carriers = entry.get("carriers")
        if isinstance(carriers, str):
            carriers = groups[carriers]
        out[kind] = EffectKind(kind, entry["summary"],
                               frozenset(carriers) if carriers is not None else None,
                               bool(entry.get("reward", False)))
    return out
