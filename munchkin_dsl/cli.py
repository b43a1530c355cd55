"""The ``munchkin`` command line: a click group whose commands load lazily.

Start-up time matters (``munchkin check`` of a one-card pack should cost little more
than importing lark and click), so each command lives in its own module under
:mod:`munchkin_dsl.commands` and is imported only when it runs or when help lists it.
"""

from __future__ import annotations

import atexit
import gc
import importlib
import importlib.util
import os
import sys
from typing import Any

import click

from munchkin_dsl import __version__
from munchkin_dsl.base import dataclass_code

#: Exit code for a bug in the tool itself (sysexits' EX_SOFTWARE).
EXIT_INTERNAL = 70

#: Commands that have nothing left to do when they return (no threads, no temporary
#: folders, no Ray): when run as a program the process ends at once, as mypy's does,
#: skipping the interpreter's teardown of every module and object it built (a quarter of
#: a one-card `check`).  Other commands, and `main` called in-process, exit normally.
QUICK_EXIT = frozenset({"check", "compile", "fmt"})

#: command name -> module under munchkin_dsl.commands holding ``command``.
COMMANDS: dict[str, str] = {
    "check": "check",
    "fmt": "fmt",
    "compile": "compile",
    "rules": "rules",
    "lsp": "lsp",
    "mix": "mix",
    "new": "new",
    "text": "text",
    "print": "print_pdf",
    "export": "export",
    "test": "scenario_run",
    "simulate": "simulate",
    "replay": "replay",
    "import": "import_sheet",
    "i18n": "i18n",
    "site": "site",
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when that command is needed."""

    def list_commands(self, _ctx: click.Context) -> list[str]:
        return sorted(name for name, module in COMMANDS.items() if _available(module))

    def get_command(self, _ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None or not _available(module):
            return None
        command: click.Command = importlib.import_module(f"munchkin_dsl.commands.{module}").command
        return command


    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """Called with nothing to parse but the process's own command line, as the console
        script and ``python -m munchkin_dsl`` call it (tests call ``main([...])`` or
        ``main.main(...)``), this run is the program: see :data:`QUICK_EXIT`."""
        global _quick
        if not args and "args" not in kwargs:
            _quick = True
            dataclass_code.install()
            atexit.register(dataclass_code.save)
            if sys.argv[1:2] and sys.argv[1] in QUICK_EXIT:
                # Start-up allocates many objects that live as long as the process (classes,
                # the parser's tables) and a build makes acyclic trees: looking for cycles
                # every 100,000 net allocations, as api's builds do, instead of every 700
                # saves 8 % of a small check; reference counting still frees the rest at
                # once.  (Not for the language server: it must not pause mid-edit.)
                gc.set_threshold(100_000, *gc.get_threshold()[1:])
        return super().__call__(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; an unexpected exception is a short report, not a traceback.

        Pack problems never get here (they are diagnostics); this is the last guard for
        bugs in the tool itself.  MUNCHKIN_DEBUG=1 shows the traceback for a bug report.
        """
        try:
            result = super().invoke(ctx)
        except SystemExit as exc:
            _quick_exit(ctx, exc.code)
            raise
        except (click.exceptions.Exit, click.ClickException, click.Abort, KeyboardInterrupt):
            raise
        except Exception as exc:  # noqa: BLE001 - the guard exists to catch anything
            if os.environ.get("MUNCHKIN_DEBUG"):
                raise
            from munchkin_dsl.base.diagnostics import escape_controls

            # One line, bounded and escaped: the message may quote hostile input.
            detail = escape_controls(str(exc).replace("\n", " "))[:200]
            click.echo(f"internal error: {type(exc).__name__}: {detail} (a bug in "
                       "munchkin-dsl, not in your pack; rerun with MUNCHKIN_DEBUG=1 and "
                       "report the traceback)", err=True)
            sys.exit(EXIT_INTERNAL)
        _quick_exit(ctx, 0)
        return result


_quick = False


def _quick_exit(ctx: click.Context, code: object) -> None:
    """End the process now with ``code`` when the run is the program and the command is in
    :data:`QUICK_EXIT`; otherwise return (a failed flush, too: the normal exit reports it)."""
    if not _quick or ctx.invoked_subcommand not in QUICK_EXIT or not (
            code is None or isinstance(code, int)):
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    dataclass_code.save()
    os._exit(code or 0)


def _available(module: str) -> bool:
    return importlib.util.find_spec(f"munchkin_dsl.commands.{module}") is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="munchkin")
def main() -> None:
    """Write, check, compile, mix and print custom Munchkin card packs.

    \b
    Example:
      munchkin check packs/munchkin-1.6
      munchkin compile packs/munchkin-1.6 -o out/base.json
    """


if __name__ == "__main__":  # pragma: no cover
    main()
