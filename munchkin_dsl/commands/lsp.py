"""`munchkin lsp`: the language server for editors, on stdin/stdout."""

from __future__ import annotations

import gc
import importlib.util
import os
import sys
from typing import BinaryIO

import click

from munchkin_dsl.commands._common import EXIT_USAGE

INSTALL_HINT = "pip install 'munchkin-dsl[lsp]'  (or: pip install pygls)"


@click.command("lsp")
def command() -> None:
    """Run the language server (LSP over stdio) for .munch and .scn files.

    Editors start it themselves (the VS Code extension in editors/vscode does);
    it checks as you type, completes, hovers, formats and offers quick fixes.
    It needs pygls, an optional dependency.

    \b
    Example (what an editor runs):
      munchkin lsp
    """
    if importlib.util.find_spec("pygls") is None:
        click.echo(f"error: the language server needs pygls, which is not installed\n"
                   f"  hint: {INSTALL_HINT}", err=True)
        raise SystemExit(EXIT_USAGE)
    from munchkin_dsl.base import dataclass_code
    from munchkin_dsl.lsp.early import EarlyStart

    # What the server imports lives as long as it does (pygls's ~570 attrs classes, the
    # checker, the parser's tables): the cyclic collector walking it again and again while
    # it is built was a tenth of the start, so it is off until then and the lot is frozen
    # (never walked again, also not during edits); attrs' code is compiled once (cached).
    gc.disable()
    # initialize answered, the opened file's syntax errors shown, before pygls loads
    early = EarlyStart(_own_stdin(), sys.stdout.buffer)
    early.run()
    dataclass_code.install_attrs()
    from munchkin_dsl.lsp.main import main

    gc.freeze()
    gc.enable()
    main(early)


def _own_stdin() -> BinaryIO:
    """Standard input on a file object of the server's own: its frames are read on a
    daemon thread, which may be waiting in a read when the client says ``exit``, and the
    interpreter's own ``sys.stdin`` must then not be locked by it at shutdown."""
    try:
        return open(os.dup(sys.stdin.fileno()), "rb")  # noqa: SIM115 - lives as the server
    except (AttributeError, OSError, ValueError):  # no real descriptor (a test's stream)
        return sys.stdin.buffer
