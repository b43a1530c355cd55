"""Regenerate the committed JSON Schemas after a change to ``compiler/effects.py``.

Run ``python -m munchkin_dsl.tools.write_schemas``; a test fails until the committed copies in
``schemas/`` match what the code generates.  It lives here, not beside the engine-data writer,
because it needs the mix stage's schema too and the compiler must not import the mix.
"""

from __future__ import annotations

from pathlib import Path

from munchkin_dsl.base.files import write_atomic
from munchkin_dsl.compiler.engine_data import schema_text
from munchkin_dsl.mix.merge import mixed_schema_text


def write_schemas(folder: str = "schemas") -> None:
    """Write both schemas into ``folder``."""
    write_atomic(Path(folder) / "engine-data.schema.json", schema_text())
    write_atomic(Path(folder) / "mixed-engine-data.schema.json", mixed_schema_text())


if __name__ == "__main__":
    write_schemas()
