"""The ``munchkin`` command line: a click group whose commands load lazily.

Start-up time matters (``munchkin check`` of a one-card pack should cost little more
than importing lark and click), so each command lives in its own module under
:mod:`munchkin_dsl.commands` and is imported only when it runs or when help lists it.
"""

from __future__ import annotations

import importlib

import click

from munchkin_dsl import __version__

#: command name -> module under munchkin_dsl.commands holding ``command``.
COMMANDS: dict[str, str] = {
    "check": "check",
    "compile": "compile",
    "rules": "rules",
    "mix": "mix",
    "text": "text",
    "print": "print_pdf",
    "test": "scenario_test",
    "simulate": "simulate",
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when that command is needed."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name, module in COMMANDS.items() if _available(module))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMANDS.get(cmd_name)
        if module is None or not _available(module):
            return None
        return importlib.import_module(f"munchkin_dsl.commands.{module}").command


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
