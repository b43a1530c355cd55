"""Data files the compiler reads (card kinds, number ranges), loaded once.

They are data rather than code so that what a kind may carry, or what range a
number may take, is one table a reader can scan and a maintainer can change.
"""

from __future__ import annotations

import tomllib
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
