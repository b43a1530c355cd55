"""What the engine works out once per card data (its passive lines, its limits, a bot's
view of it), kept by the data object's identity and bounded.

Why bounded: the memo is keyed by ``id(data)`` and keeps the data alive (so the id is not
reused while the entry lives).  Unbounded, every pack compiled in one long process (a
language server, a replay or simulation run in-process again and again, the fuzz
harness) stayed in memory for good: the long fuzz run of `replay` grew by about 6 KiB an
input from three such dicts.  A full memo is emptied and filled again, which costs one
recomputation per card and keeps the memory of the cards of the current games only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

V = TypeVar("V")

#: Entries a memo keeps at most: far above the cards of any game (a 10,000-card pack plus
#: the filler), far below what a long process would otherwise collect.
MAX_ENTRIES = 20_000


class CardMemo(Generic[V]):
    """``memo.get(data, compute)``: ``compute(data)`` once per data object."""

    def __init__(self) -> None:
        self._entries: dict[int, tuple[object, V]] = {}

    def get(self, data: object, compute: Callable[[object], V]) -> V:
        hit = self._entries.get(id(data))
        if hit is not None and hit[0] is data:
            return hit[1]
        if len(self._entries) >= MAX_ENTRIES:
            self._entries.clear()
        value = compute(data)
        self._entries[id(data)] = (data, value)
        return value

    def __len__(self) -> int:
        return len(self._entries)
