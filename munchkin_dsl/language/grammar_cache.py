"""The parser's LALR tables: built once per grammar, then loaded from the cache folder.

Why: analysing the grammar into LALR tables takes about half a second, loading the saved
tables a few tens of milliseconds, and `munchkin check` of a small pack should cost little
more than starting Python.  So the tables (Lark's own serialised form, ``Lark.save``) are
kept in the cache folder (:func:`munchkin_dsl.base.cache_store.cache_root`, which
``MUNCHKIN_CACHE_DIR`` moves) under ``grammar/``.

Why the key is the grammar *text*: the grammar is the shipped file with the declared
parts' rules appended (``language/parts``), so a new part, phrase or grammar edit changes
the text and gets tables of its own; an entry can never be stale.  Lark's version, the
Python version and the options are in the key too.

Why it is read and written under ``--no-cache`` as well: the tables depend on nothing but
the grammar (like Python's ``.pyc`` files), never on a pack, so they cannot change what a
run reports; ``--no-cache`` is about build results (``compiler/build_cache.py``).

Safety is :class:`~munchkin_dsl.base.cache_store.Store`'s: an entry is written beside its
name and renamed over it, so concurrent runs see a whole entry or none; an entry that does
not load (cut short, from another version, tampered with) is a miss, removed and rebuilt.
"""

from __future__ import annotations

import hashlib
import platform
from typing import Any

from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from munchkin_dsl.base.cache_store import Store, cache_root

#: The folder under the cache root that holds the tables.
KIND = "grammar"
#: Bump when what is stored changes shape.
ENTRY_VERSION = 1


def tables_key(grammar: str, options: dict[str, Any]) -> str:
    """The entry's name: everything the tables are a function of."""
    import lark

    digest = hashlib.blake2b(digest_size=20)
    for part in (str(ENTRY_VERSION), lark.__version__, platform.python_version(),
                 repr(sorted(options.items())), grammar):
        digest.update(part.encode("utf-8", "surrogateescape"))
        digest.update(b"\0")
    return digest.hexdigest()


def load_lark(grammar: str, **options: Any) -> Lark:
    """``Lark(grammar, **options)`` (LALR), from the saved tables when they exist."""
    store = Store(cache_root(), KIND)
    key = tables_key(grammar, options)
    saved = store.get(key)
    if isinstance(saved, dict):
        try:
            return Lark.load(saved)
        except Exception:  # noqa: BLE001 - tables that do not load are only a miss
            store.discard(key)
    lark = Lark(grammar, **options)
    data, memo = lark.memo_serialize([TerminalDef, Rule])
    store.put(key, {"data": data, "memo": memo})
    return lark
