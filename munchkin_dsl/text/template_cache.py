"""Compiled card text templates kept between runs, as Python keeps ``.pyc`` files.

Jinja compiles every template it loads to Python source and then to a code object; for
the three templates of one print language that is about a tenth of a second, paid on
every `munchkin print`, `export` or `text` run, and more than generating the text of a
thousand cards.  Jinja's bytecode cache hook stores the code object and reuses it while
the template's source is unchanged (Jinja compares a checksum of the source, and the
Python version and Jinja's own format version are part of each entry).

Entries live in the per-user cache folder (:func:`munchkin_dsl.base.cache_store.cache_root`)
in a :class:`~munchkin_dsl.base.cache_store.Store`, so they are written atomically and an
entry that does not load is only a miss.  Like the parser tables, this caches the tool's
own code, not a build result, so ``--no-cache`` (which is about packs) does not turn it
off; a template edited in place gets a new checksum and is compiled again.
"""

from __future__ import annotations

import hashlib

import jinja2
from jinja2.bccache import Bucket

from munchkin_dsl.base.cache_store import Store, cache_root


class TemplateCodeCache(jinja2.BytecodeCache):
    """Jinja's bytecode cache on the project's cache store.

    ``salt`` names what the compiled code depends on besides the source (the
    environment's syntax options), so two environments never share entries.
    """

    def __init__(self, salt: str) -> None:
        self.store = Store(cache_root(), "templates")
        self.salt = salt

    def _entry(self, bucket: Bucket) -> str:
        return hashlib.blake2b(f"{self.salt}\0{bucket.key}".encode(),
                               digest_size=20).hexdigest()

    def load_bytecode(self, bucket: Bucket) -> None:
        data = self.store.get(self._entry(bucket))
        if not isinstance(data, bytes):
            return
        try:
            bucket.bytecode_from_string(data)  # resets itself on a stale checksum
        except Exception:  # noqa: BLE001 - an entry that does not load is only a miss
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.store.put(self._entry(bucket), bucket.bytecode_to_string())


#: The environment's settings that change the code a template compiles to.
SYNTAX = ("block_start_string", "block_end_string", "variable_start_string",
          "variable_end_string", "comment_start_string", "comment_end_string",
          "line_statement_prefix", "line_comment_prefix", "trim_blocks", "lstrip_blocks",
          "newline_sequence", "keep_trailing_newline", "autoescape", "optimized")


def code_cache(env: jinja2.Environment) -> TemplateCodeCache:
    """The cache for templates compiled by ``env`` (salted with its syntax settings)."""
    settings = [(name, repr(getattr(env, name, None))) for name in SYNTAX]
    settings.append(("extensions", repr(sorted(env.extensions))))  # names, not objects
    return TemplateCodeCache(f"{jinja2.__version__}/{settings!r}")


__all__ = ["TemplateCodeCache", "code_cache"]
