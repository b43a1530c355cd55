"""Cards in flight after a kill (issue 19 item 1, "the treasures you just drew"; the
end-of-round card Appraiser's Loupe): `discard any of the treasures you just drew` (only
`after a kill`, E221 elsewhere) and the amount `that many` (the cards the effect before
it on the line moved; E229 with no such effect before it).  Printed in en/ru/pl; played
by the Loupe's scenarios in tests/authoring/end/munchkins-and-mazes (one treasure swapped,
and one of two kept)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.cli import main

LOUPE = ("after a kill: discard any of the treasures you just drew, draw that many treasures "
         "face down")


@pytest.mark.parametrize(("line", "codes"), [
    (LOUPE, []),
    ("after a kill: discard any of the treasures you just drew", []),
    ("any time: draw that many treasures face down", ["E229"]),
    ("after a kill: draw that many treasures face down, discard any of the treasures you "
     "just drew", ["E229"]),
    ("on your turn: discard any of the treasures you just drew", ["E221"]),
])
def test_checked(line: str, codes: list[str], tmp_path: Path) -> None:
    assert pack_codes(f'one-shot x "X" {{ value 200\n  {line} }}\n', tmp_path) == codes


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "discard any of the Treasures you just drew, draw that many Treasures face down."),
    ("ru", "сбрасываешь любые из только что взятых сокровищ, тянешь столько же сокровищ "
           "втёмную."),
    ("pl", "odrzucasz dowolne z właśnie dobranych skarbów, dobierasz tyle samo skarbów w "
           "ciemno."),
])
def test_text(lang: str, words: str, tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        f'one-shot x "X" {{ value 200\n  {LOUPE} }}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output
