"""``python -m munchkin_dsl`` runs the same CLI as the ``munchkin`` console script."""

from munchkin_dsl.cli import main

main()
