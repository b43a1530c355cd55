"""Cards of the new families written fresh in the final review (tests/data/fresh-cards):
they check clean, their text exists in every declared language, and their scenarios
pass in the engine."""

from __future__ import annotations

import os
import subprocess
import sys

from conftest import REPO

PACK = REPO / "tests" / "data" / "fresh-cards"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-m", "munchkin_dsl", *args], capture_output=True,
                          text=True, env=env, cwd=REPO, timeout=120)


def test_the_fresh_cards_check_and_play_as_written() -> None:
    check = run("check", str(PACK), "--format", "json")
    assert check.returncode == 0, check.stdout + check.stderr
    test = run("test", str(PACK))
    assert test.returncode == 0, test.stdout + test.stderr
    assert "4 passed, 0 failed" in test.stdout + test.stderr


def test_the_fresh_cards_have_text_in_every_language() -> None:
    for lang, words in (("en", "halve the combat strength"), ("ru", "уменьшается вдвое"),
                        ("pl", "dobierasz 1 skarb")):
        text = run("text", str(PACK), "--lang", lang)
        assert text.returncode == 0, text.stderr
        assert words in text.stdout + text.stderr, lang
