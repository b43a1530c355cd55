"""The code Python's dataclasses generate, compiled once and kept in the cache folder.

Why: ``@dataclass`` writes each method it generates (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, a frozen class's ``__setattr__`` and ``__delattr__``) as source
text and compiles it, every run: about a quarter of a millisecond a class, 45 ms for the
hundred or so frozen dataclasses `munchkin check` imports (the AST's nodes, the parts, the
rulesets), a quarter of a one-card check.  The text is the same on every run, so its
compiled code is kept and the compiling skipped.  Still needed (measured again with the
parser tables and data tables cached, CPU seconds of a one-card `check`, median of 15
interleaved runs): 122 ms with it, 164 ms without, against 84 ms for ``import lark, click``.

How: while `munchkin` runs as a program (:mod:`munchkin_dsl.cli`), the dataclasses
module's ``exec`` (the builtin it calls on that text) is shadowed by :func:`_exec`, which
compiles a text exactly as ``exec`` does (same file name, no inherited ``__future__``
flags) unless the compiled code is already known, and then runs it as ``exec`` does.  The
classes are the same; only the compiling moves.  Tests and tools that import the package
leave dataclasses alone.

The codes live in one entry of :class:`~munchkin_dsl.base.cache_store.Store` (atomic,
damaged entries are misses) under ``python/``, keyed by Python's exact version and
build, as ``marshal`` data (the format of ``.pyc`` files, which is tied to that version).
Like the parser tables they depend on nothing a pack holds, so ``--no-cache`` uses them.

attrs does the same for its classes, and the language server imports about 570 of them
(``lsprotocol.types``, every LSP message): compiling their methods was 100 ms of a 450 ms
start.  :func:`install_attrs` (called by `munchkin lsp` before it imports pygls) shadows
the ``compile`` of attrs' class builder the same way, keyed by the file name attrs gives
the text (it names each class's methods, and becomes the code's ``co_filename``) and the
text; the codes share this module's entry.
"""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import sys
from types import CodeType
from typing import Any

from munchkin_dsl.base.cache_store import Store, cache_root

KIND = "python"
#: Bump when what is stored changes shape.
ENTRY_VERSION = 1
#: Texts kept at most (the package compiles about 600; the rest would be another tool's).
MAX_CODES = 5000

_known: dict[str, bytes] = {}
#: the ``__future__`` flags attrs' builder module compiles with (its texts inherit them)
_attrs_flags = 0
_added = False
_installed = False


def _key() -> str:
    return f"dataclass-code-{ENTRY_VERSION}-{sys.implementation.cache_tag}-" + \
        "".join(c if c.isalnum() else "_" for c in sys.version)[:80]


def _exec(source: Any, globals_: Any = None, locals_: Any = None, /) -> None:
    """``exec`` for the dataclasses module: a text's compiled code is reused."""
    global _added
    if isinstance(source, str):
        data = _known.get(source)
        if data is None:
            code: CodeType = compile(source, "<string>", "exec", dont_inherit=True)
            if len(_known) < MAX_CODES:
                _known[source] = marshal.dumps(code)
                _added = True
        else:
            code = marshal.loads(data)
        source = code
    builtins.exec(source, globals_, locals_)


def _compile(source: Any, filename: Any, mode: str, *args: Any, **kwargs: Any) -> Any:
    """``compile`` for attrs' class builder: a text's compiled code is reused."""
    global _added
    if args or kwargs or not isinstance(source, str) or not isinstance(filename, str):
        return compile(source, filename, mode, *args, **kwargs)
    key = f"{filename}\0{mode}\0{source}"
    data = _known.get(key)
    if data is not None:
        return marshal.loads(data)
    code = compile(source, filename, mode, _attrs_flags, dont_inherit=True)
    if len(_known) < MAX_CODES:
        _known[key] = marshal.dumps(code)
        _added = True
    return code


def install_attrs() -> None:
    """While :func:`install` is in force (`munchkin` runs as a program), reuse the code of
    the classes attrs builds from now on too (a version of attrs whose builder compiles
    elsewhere is left as it is: slower, not wrong)."""
    global _attrs_flags
    if not _installed:
        return
    try:
        from attr import _make
    except ImportError:
        return
    if hasattr(_make, "_compile_and_eval") or hasattr(_make, "_make_method"):
        # `from __future__ import annotations` there: its compile() inherits the flag
        flag = getattr(getattr(_make, "annotations", None), "compiler_flag", 0)
        _attrs_flags = flag if isinstance(flag, int) else 0
        _make.compile = _compile  # type: ignore[attr-defined]


def install() -> None:
    """Reuse the compiled code from now on in this process (loaded from the cache)."""
    global _installed
    if _installed:
        return
    saved = Store(cache_root(), KIND).get(_key())
    if isinstance(saved, dict):
        _known.update((k, v) for k, v in saved.items()
                      if isinstance(k, str) and isinstance(v, bytes))
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    _installed = True


def save() -> None:
    """Keep the codes compiled in this run for the next (nothing to do when none was)."""
    global _added
    if _added:
        Store(cache_root(), KIND).put(_key(), dict(_known))
        _added = False
