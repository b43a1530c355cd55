"""Write the tables of docs/language.md that list the declared parts of the language.

Each table stands between ``<!-- parts:CATEGORY -->`` and ``<!-- /parts -->`` (CATEGORY:
event, condition, effect, duration) and is generated from the part classes
(:func:`munchkin_dsl.language.algebra.docs_table`), so the reference can never list a
form the language lacks or miss one it has; ``tests/test_docs_language.py`` fails when a
table is stale.  Run: ``python -m munchkin_dsl.tools.write_docs_tables``.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from munchkin_dsl.language import algebra

DOC = Path(__file__).resolve().parents[2] / "docs" / "language.md"
TABLE = re.compile(r"(<!-- parts:(\w+) -->\n)(.*?)(<!-- /parts -->)", re.S)


def rewrite(text: str) -> str:
    """``text`` with every marked table written from the declarations."""
    return TABLE.sub(lambda m: m.group(1) + algebra.docs_table(m.group(2)) + "\n" + m.group(4),
                     text)


def main() -> int:
    text = DOC.read_text(encoding="utf-8")
    new = rewrite(text)
    if new != text:
        DOC.write_text(new, encoding="utf-8")
        print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
