"""A card category across titles (issue 19 item 1, the sixth held-out set's Eavesdropper's
Ear): `if the card played is a Go Up a Level card` tests every Treasure whose only effect is
a level gain, whatever its title; its text is each ruleset's own word for the category; a
pack with no such card is told so (E222).  The engine's side is played by the held-out-6
scenarios (a card with its own title counts, Steal a Level does not)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.cli import main

EAR = ('item ear "Ear" { value 200; bonus +1\n  when another player plays a card, if the card '
       'played is a Go Up a Level card: draw 1 door face down }\n')
BRIBE = 'treasure bribe "Bribe" { any time: gain 1 level }\n'


@pytest.mark.parametrize(("ruleset", "lang", "words"), [
    ("munchkin-1.6", "en", "if the card played is a Go Up a Level card: draw 1 Door face down"),
    ("munchkin-1.6", "ru", "если сыгранная карта — карта «Получи Уровень»"),
    ("munchkin-classic-ru", "ru", "если сыгранная карта — карта «Поднимись На Уровень»"),
    ("munchkin-1.6", "pl", "jeśli zagrana karta to karta „Zyskujesz 1 Poziom”"),
])
def test_the_category_prints_with_the_rulesets_word(tmp_path: Path, ruleset: str, lang: str,
                                                    words: str) -> None:
    (tmp_path / "pack.munch").write_text(
        f'pack t {{ title "T"; version "1.0"; ruleset {ruleset}; languages en }}\n'
        + EAR + BRIBE, encoding="utf-8")
    result = CliRunner().invoke(main, ["text", str(tmp_path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


def test_a_pack_with_no_card_of_the_category_is_told(tmp_path: Path) -> None:
    """Only a Steal a Level (it takes a level from another player): no card is one."""
    assert "E222" in pack_codes(EAR + 'treasure steal "Steal" { you steal 1 level from another '
                                'player }\n', tmp_path)
    (tmp_path / "with").mkdir()
    assert "E222" not in pack_codes(EAR + BRIBE, tmp_path / "with")
