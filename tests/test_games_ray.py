"""The Ray backend (`simulate --backend ray`): the same games as the local backend, on a
local Ray this test starts (one CPU, no dashboard) and stops."""

from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine.simulate import simulate

ray = pytest.importorskip("ray", reason="Ray is not installed on this Python "
                                        "(pip install 'munchkin-dsl[ray]')")

PACK = Path(__file__).parent.parent / "packs" / "munchkin-1.6"


def test_the_ray_backend_gives_the_local_results() -> None:
    data = compile_packs([PACK]).data
    assert data is not None
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        remote = simulate(data.cards, "munchkin-1.6", 60, 4, 5, backend="ray")
    finally:
        ray.shutdown()
    local = simulate(data.cards, "munchkin-1.6", 60, 4, 5, jobs=1)
    assert remote.per_game == local.per_game
    assert remote.to_json() == local.to_json()
