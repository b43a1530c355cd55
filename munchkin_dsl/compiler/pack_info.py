"""The identity of a compiled pack, kept apart from the effect classes.

`munchkin check` builds one of these per pack from its header but never needs the
engine effect classes, so this record lives in a module that imports nothing heavy.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class PackInfo:
    """The identity of one compiled pack."""

    id: str
    title: str
    version: str
    rulesets: tuple[str, ...]
    languages: tuple[str, ...]
    titles: dict[str, str] = field(default_factory=dict)
