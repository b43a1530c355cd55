"""Write the tables of docs/language.md: every form of the language, from its declaration.

Each table stands between ``<!-- parts:KEY -->`` and ``<!-- /parts -->`` (KEY: event,
frequency, duration, cost, subject, condition, selector, amount, effect) and is built by
:mod:`munchkin_dsl.language.reference` from data/timings.toml, data/effects.toml,
data/forms.toml and the part classes, so the reference can never list a form the language
lacks or miss one it has; ``tests/test_docs_language.py`` fails when a table is stale or
missing.  Run: ``python -m munchkin_dsl.tools.write_docs_tables``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from munchkin_dsl.language import reference

DOC = Path(__file__).resolve().parents[2] / "docs" / "language.md"
TABLE = re.compile(r"(<!-- parts:(\w+) -->\n)(.*?)(<!-- /parts -->)", re.S)
#: The command that rewrites the tables (the docs test's failure message names it).
COMMAND = "PYTHONPATH=. python -m munchkin_dsl.tools.write_docs_tables"


def rewrite(text: str) -> str:
    """``text`` with every marked table written from the declarations (a marker whose key
    has no table is left as it stands; the docs test names it)."""
    tables = reference.tables()

    def table(m: re.Match[str]) -> str:
        found = tables.get(m.group(2))
        body = found.markdown() + "\n" if found is not None else m.group(3)
        return m.group(1) + body + m.group(4)

    return TABLE.sub(table, text)


def markers(text: str) -> list[str]:
    """The table keys the text has markers for, in order."""
    return [m.group(2) for m in TABLE.finditer(text)]


def main() -> int:
    text = DOC.read_text(encoding="utf-8")
    new = rewrite(text)
    missing = sorted(set(reference.tables()) - set(markers(new)))
    if new != text:
        DOC.write_text(new, encoding="utf-8")
        print(f"wrote {DOC}")
    if missing:
        print("no marker in the docs for: " + ", ".join(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
