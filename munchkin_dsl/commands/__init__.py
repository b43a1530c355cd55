"""CLI commands, one module per command, each exposing a click command named ``command``.

They are imported lazily by :mod:`munchkin_dsl.cli`, so ``munchkin check`` does not
pay for importing reportlab or the engine.
"""
