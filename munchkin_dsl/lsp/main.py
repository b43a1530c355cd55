"""The language server with every feature registered: what `munchkin lsp` starts.

Each feature module registers its handlers on :data:`munchkin_dsl.lsp.server.server` when
imported; importing them here (and only here) keeps the server core free of them.
"""

from __future__ import annotations

from munchkin_dsl.lsp import completion, editing, hover, lenses, navigation, structure
from munchkin_dsl.lsp.early import EarlyStart
from munchkin_dsl.lsp.server import MunchkinServer, server

#: the feature modules, imported for their registrations
FEATURES = (completion, editing, hover, lenses, navigation, structure)


def main(early: EarlyStart | None = None) -> None:
    """Serve on stdin/stdout through the defensive frame reader (``lsp/transport.py``),
    after the early start that answered ``initialize`` (``lsp/early.py``) when given."""
    from munchkin_dsl.lsp.transport import serve

    serve(early=early)


__all__ = ["FEATURES", "MunchkinServer", "main", "server"]
