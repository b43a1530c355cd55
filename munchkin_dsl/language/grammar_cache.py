"""The parser's LALR tables: built once per grammar, then loaded from the cache folder.

Why: analysing the grammar into LALR tables takes about half a second, and `munchkin
check` of a small pack should cost little more than starting Python.  So the built parser
is kept in the cache folder (:func:`munchkin_dsl.base.cache_store.cache_root`, which
``MUNCHKIN_CACHE_DIR`` moves) under ``grammar/``.

Why the whole parser object is pickled, not Lark's own serialised form (``Lark.save``):
``Lark.load`` rebuilds every rule, terminal, table row and lexer state in Python (35 ms),
unpickling the finished objects takes a third of that.  Two things do not pickle as they
are, and :class:`_Pickler` writes them as references: modules (the lexer keeps the ``re``
module) and lark's module-level singletons, which lark compares by identity (the LALR
actions ``Shift`` and ``Reduce``); a copy of either would not be the same object after
loading.  Should a future lark hold something that does not pickle, Lark's own form is
stored instead (``Lark.load``), so a new lark slows the start, never breaks it.

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
import importlib
import io
import marshal
import pickle
import platform
import sys
import types
from collections.abc import Callable
from typing import Any

from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from munchkin_dsl.base.cache_store import Store, cache_root
from munchkin_dsl.language.inline_parse import Tables

#: The folder under the cache root that holds the tables.
KIND = "grammar"
#: Bump when what is stored changes shape.
ENTRY_VERSION = 2
#: Values written as they are even when a lark module holds the same object: identity
#: does not matter for them (and small strings and numbers are shared by everyone).
_PLAIN = (str, bytes, int, float, bool, type(None), tuple, frozenset, type, types.FunctionType)


def tables_key(grammar: str, options: dict[str, Any]) -> str:
    """The entry's name: everything the tables are a function of."""
    import lark

    digest = hashlib.blake2b(digest_size=20)
    for part in (str(ENTRY_VERSION), lark.__version__, platform.python_version(),
                 repr(sorted(options.items())), grammar):
        digest.update(part.encode("utf-8", "surrogateescape"))
        digest.update(b"\0")
    return digest.hexdigest()


class _Pickler(pickle.Pickler):
    """Pickles a parser with modules and lark's module-level singletons as references."""

    def __init__(self, file: io.BytesIO) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.globals: dict[int, tuple[types.ModuleType, str]] = {}
        for name, module in list(sys.modules.items()):
            if name == "lark" or name.startswith("lark."):
                for attr, value in vars(module).items():
                    if not isinstance(value, (*_PLAIN, types.ModuleType)):
                        self.globals.setdefault(id(value), (module, attr))

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, types.ModuleType):
            return importlib.import_module, (obj.__name__,)
        found = self.globals.get(id(obj))
        if found is not None and getattr(found[0], found[1], None) is obj:
            return getattr, found
        return NotImplemented


def _dump(lark: Lark) -> bytes | dict[str, Any]:
    """What to store for a freshly built parser: the pickled parser as ``Lark.load`` makes
    it (without the analysed grammar a fresh one keeps, a third larger and four times
    slower to unpickle), or Lark's own serialised form when that won't pickle."""
    data, memo = lark.memo_serialize([TerminalDef, Rule])
    portable = {"data": data, "memo": memo}
    buffer = io.BytesIO()
    try:
        _Pickler(buffer).dump(Lark.load(portable))
    except Exception:  # noqa: BLE001 - an object a future lark adds: fall back, still cached
        return portable
    return buffer.getvalue()


def _load(saved: object) -> Lark | None:
    if isinstance(saved, bytes):
        lark = pickle.loads(saved)
        return lark if isinstance(lark, Lark) else None
    if isinstance(saved, dict):
        return Lark.load(saved)
    return None


def load_lark(grammar: str, **options: Any) -> Lark:
    """``Lark(grammar, **options)`` (LALR), from the saved parser when there is one."""
    store = Store(cache_root(), KIND)
    key = tables_key(grammar, options)
    saved = store.get(key)
    if saved is not None:
        try:
            loaded = _load(saved)
        except Exception:  # noqa: BLE001 - a parser that does not load is only a miss
            loaded = None
        if loaded is not None:
            return loaded
        store.discard(key)
    lark = Lark(grammar, **options)
    store.put(key, _dump(lark))
    return lark


#: The folder of the inline parser's tables (:class:`~.inline_parse.Tables`).
INLINE_KIND = "grammar-inline"


def load_tables(grammar: str, build: Callable[[], Lark], **options: Any) -> Tables:
    """The inline parser's tables for ``Lark(grammar, **options)``, from the cache folder
    when they are there, else taken from ``build()``'s parser and saved.

    Why apart from the parser: a run that meets no syntax error needs only these (the
    parse table, each rule's shape, each lexer's regexes and their compiled code), as
    ``marshal`` data that loads in a tenth of the time of the pickled parser; the parser
    itself is loaded only to word a syntax error.  The key is the parser's, so the two
    entries are always of the same grammar."""
    store = Store(cache_root(), INLINE_KIND)
    key = tables_key(grammar, options)
    saved = store.get(key)
    if isinstance(saved, bytes):
        try:
            return Tables.from_plain(marshal.loads(saved))
        except Exception:  # noqa: BLE001 - damaged or from another shape: a miss
            store.discard(key)
    tables = Tables.of(build())
    plain = tables.plain()
    if plain is not None:
        store.put(key, marshal.dumps(plain))
    return tables
