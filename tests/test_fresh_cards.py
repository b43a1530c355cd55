"""Cards of the new families written fresh in the final reviews (tests/data/fresh-cards,
tests/data/fresh-cards-2): they check clean, their text exists in every language, and
their scenarios pass in the engine."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

PACK = REPO / "tests" / "data" / "fresh-cards"
PACK_2 = REPO / "tests" / "data" / "fresh-cards-2"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "munchkin_dsl", *args], capture_output=True,
                          text=True, env=env, cwd=REPO, timeout=120)


@pytest.mark.parametrize("pack", [PACK, PACK_2], ids=["fresh-cards", "fresh-cards-2"])
def test_the_fresh_cards_check_and_play_as_written(pack: Path) -> None:
    check = run("check", str(pack), "--format", "json")
    assert check.returncode == 0, check.stdout + check.stderr
    test = run("test", str(pack))
    assert test.returncode == 0, test.stdout + test.stderr
    assert "4 passed, 0 failed" in test.stdout + test.stderr


def test_the_fresh_cards_have_text_in_every_language() -> None:
    for lang, words in (("en", "halve the combat strength"), ("ru", "уменьшается вдвое"),
                        ("pl", "dobierasz 1 skarb")):
        text = run("text", str(PACK), "--lang", lang)
        assert text.returncode == 0, text.stderr
        assert words in text.stdout + text.stderr, lang


def test_the_second_fresh_cards_have_text_in_every_language() -> None:
    for lang, words in (("en", "+1 for each marker on you"),
                        ("ru", "за каждый жетон на этой карте"),
                        ("pl", "za każdy znacznik na tobie")):
        text = run("text", str(PACK_2), "--lang", lang)
        assert text.returncode == 0, text.stderr
        assert words in text.stdout + text.stderr, lang
