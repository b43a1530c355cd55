"""The full printed text of every sample (and corpus) card in en, ru and pl, pinned.

`munchkin text PACK --lang L` is what `munchkin print` puts on the cards (names, kind
line, corners, tags, rules, Bad Stuff).  Each pack and language is compared with
``tests/golden/text/PACK.L.txt``, reviewed text: a template or ruleset change that alters
any printed sentence shows here as a diff to read.  Regenerate with
``UPDATE_GOLDEN=1 python -m pytest tests/test_text_golden.py`` and say in the commit
what changed and why.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO, sample_packs

from munchkin_dsl.cli import main

GOLDEN = REPO / "tests" / "golden" / "text"
CASES = [(pack, lang) for pack in sample_packs() for lang in ("en", "ru", "pl")]


def _update() -> bool:
    return os.environ.get("UPDATE_GOLDEN", "") not in ("", "0")


@pytest.mark.parametrize(("pack", "lang"), CASES, ids=[f"{p.name}-{lang}" for p, lang in CASES])
def test_card_text_matches_the_reviewed_golden(pack: Path, lang: str) -> None:
    result = CliRunner().invoke(main, ["text", str(pack.relative_to(REPO)), "--lang", lang])
    assert result.exit_code == 0, result.output
    text = result.stdout
    golden = GOLDEN / f"{pack.name}.{lang}.txt"
    if _update():
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.is_file(), f"no golden {golden}; run with UPDATE_GOLDEN=1 and review it"
    assert text == golden.read_text(encoding="utf-8"), (
        f"{pack.name} in {lang} differs from {golden.relative_to(REPO)}; review the diff "
        "(UPDATE_GOLDEN=1 python -m pytest tests/test_text_golden.py)")
