"""Data files the compiler reads (card kinds, number ranges), loaded once.

They are data rather than code so that what a kind may carry, or what range a
number may take, is one table a reader can scan and a maintainer can change.

Why parsed tables are kept in the cache folder (``data/``, as ``marshal`` data keyed by
the file's text and Python's version): ``tomllib`` is pure Python, and the six tables a
one-card `check` reads (75 KB, a ruleset's among them: :func:`parse_shipped`) took 8 ms of
its CPU time to parse, against under 1 ms to load.  Like the parser tables they depend on
the tool alone, so ``--no-cache`` uses them too; a table that marshal cannot hold (a date)
is parsed every time.
"""

from __future__ import annotations

import contextlib
import hashlib
import marshal
import sys
from functools import cache
from importlib import resources
from typing import Any

from munchkin_dsl.base.cache_store import Store, cache_root


@cache
def load(name: str) -> dict[str, Any]:
    """Parse ``munchkin_dsl/data/<name>.toml``."""
    text = resources.files(__package__).joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return parse_shipped(text)


def parse_shipped(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)`` for a table the tool ships, through the cache folder."""
    store = Store(cache_root(), "data")
    key = hashlib.blake2b(f"{sys.version}\0{text}".encode(), digest_size=20).hexdigest()
    saved = store.get(key)
    if isinstance(saved, bytes):
        try:
            table = marshal.loads(saved)
        except (EOFError, ValueError, TypeError):
            table = None
        if isinstance(table, dict):
            return table
    import tomllib  # only on a miss: the cached table needs no parser (1 ms to import)

    table = tomllib.loads(text)
    with contextlib.suppress(ValueError):  # a value marshal cannot hold: not kept
        store.put(key, marshal.dumps(table))
    return table


def kinds() -> dict[str, dict[str, Any]]:
    return load("kinds")


def limits() -> dict[str, dict[str, Any]]:
    return load("limits")
