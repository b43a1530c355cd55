"""Thin wrapper so ``python cli.py ...`` works from a checkout; the real entry point is
the ``munchkin`` console script (munchkin_dsl.cli:main)."""

from munchkin_dsl.cli import main

if __name__ == "__main__":
    main()
