"""The misleading diagnostics met while writing the end-of-round set of authoring cards
(tests/authoring/cards.md, "Misleading diagnostics ..."): each hint now names what may
stand there and never sends the author to a form that is refused in turn."""

from __future__ import annotations

from pathlib import Path

from test_hints import _hint

HAPOC = 'pack t { title "T"; version "1"; ruleset munchkin-apocalypse }\n'
HRU = 'pack t { title "T"; version "1"; ruleset munchkin-classic-ru }\n'


def test_e202_says_every_kind_but_when_most_kinds_may(tmp_path: Path) -> None:
    """A Seal's `-1 to run away`: thirteen kinds may carry it; say the two that may not."""
    hit = _hint("E202", HAPOC + 'seal s "S" {\n  while open: -1 to run away\n}\n', tmp_path)
    assert hit.hint is not None
    assert hit.hint.startswith("every kind but item enhancer and seal can carry it"), hit.hint
    assert "more kinds" not in hit.hint


def test_e212_says_two_lines_are_two_abilities(tmp_path: Path) -> None:
    """Samovar: `on your turn, outside combat, ...`.  "Split the line in two" made two
    abilities, usable at either moment; the hint says so and offers what is left."""
    hit = _hint("E212", HRU + 'item s "S" {\n  bonus +0\n  value 300\n  on your turn, outside '
                'combat, 3 uses, discard 1 card: draw 1 door face down\n}\n', tmp_path)
    assert hit.hint is not None
    assert "split the line" not in hit.hint
    assert "two abilities" in hit.hint and "not one that needs both" in hit.hint
    assert "`on your turn: ...`" in hit.hint and '`manual "..."`' in hit.hint
