"""Where the tests find the seed rulebooks, and never a silent skip when they are missing.

CI has the rulebooks at ``../shared/seeds`` next to the repository; a developer machine has
them at ``/work/shared/seeds``; ``MUNCHKIN_SEEDS`` overrides both.  A test that quotes the
rulebooks must run wherever it is collected: without the seeds it fails and says where it
looked, unless ``MUNCHKIN_NO_SEEDS=1`` declares, visibly, a machine without them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FIRST_SEED = "000_2feb673ef6db30b2.txt"


def candidates() -> list[Path]:
    """The places looked at, in order."""
    found = [Path(p) for p in (os.environ.get("MUNCHKIN_SEEDS", ""),) if p]
    return found + [REPO.parent / "shared" / "seeds", REPO / "seeds",
                    Path("/work/shared/seeds")]


def seeds_dir() -> Path | None:
    for candidate in candidates():
        if (candidate / FIRST_SEED).is_file():
            return candidate
    return None


def require_seeds() -> Path:
    """The seeds folder, or a failure naming where it looked (a skip only when the run
    says so with MUNCHKIN_NO_SEEDS=1)."""
    found = seeds_dir()
    if found is not None:
        return found
    if os.environ.get("MUNCHKIN_NO_SEEDS") == "1":
        pytest.skip("MUNCHKIN_NO_SEEDS=1: the seed rulebooks are declared absent")
    pytest.fail("the seed rulebooks are not found; looked in " + ", ".join(
        str(c) for c in candidates()) + " (set MUNCHKIN_SEEDS, or MUNCHKIN_NO_SEEDS=1)")
