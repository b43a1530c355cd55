"""A regex's compiled code as plain data, so a cached lexer need not compile its regexes.

Why: the parser's lexers (one per LALR state, ``language/inline_parse.py``) match with long
alternations of every terminal the state accepts; ``re.compile`` parses and compiles each
in Python, about 0.4 ms a lexer: 10 ms of a one-card `check` (28 lexers) and 60 ms of a
1,000-card `print` (157).  What it produces is a list of integers that the regex engine
runs; :func:`code_of` keeps that list (with the group names), and :func:`compile_pattern`
hands it to the engine directly, skipping the parse and the compile.

The code belongs to one version of the regex engine: it is stored with ``_sre.MAGIC`` and
Python's version, and anything that does not match them, or that the engine refuses (it
validates the code it is given), is compiled again from the pattern by ``re.compile``.
Callers keep the data in the cache folder, keyed by Python's version as well.
"""

from __future__ import annotations

import re
import sys
from typing import Any

try:  # the engine's own compiler, as ``re.compile`` calls it (CPython)
    import _sre  # type: ignore[import-not-found]
    from re import _compiler, _parser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - another Python: patterns are compiled as usual
    _sre = None

#: What the stored code is valid for.
ENGINE = (sys.implementation.cache_tag, sys.version, getattr(_sre, "MAGIC", None))

#: ``(engine, flags, code, groups, group index, index group)``, or None.
Code = tuple[Any, ...] | None


def code_of(pattern: str, flags: int = 0) -> Code:
    """The compiled code of ``pattern``, as ``re._compiler.compile`` makes it; None when
    this Python's engine is not CPython's."""
    if _sre is None:
        return None
    try:
        parsed = _parser.parse(pattern, flags)
        code = _compiler._code(parsed, flags)  # noqa: SLF001
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        return (ENGINE, int(flags | parsed.state.flags), [int(c) for c in code],
                parsed.state.groups - 1,
                groupindex, tuple(indexgroup))
    except Exception:  # noqa: BLE001 - a change in the engine's internals: compile as usual
        return None


def compile_pattern(pattern: str, flags: int = 0, code: Code = None) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, from ``code`` when it is this engine's."""
    if code is not None and _sre is not None and code[0] == ENGINE:
        try:
            compiled: re.Pattern[str] = _sre.compile(pattern, *code[1:])
        except Exception:  # noqa: BLE001 - refused by the engine: compile the pattern
            return re.compile(pattern, flags)
        return compiled
    return re.compile(pattern, flags)
