"""Where the games of a simulation run: this process, local worker processes, or a Ray
cluster (``pip install 'munchkin-dsl[ray]'``, ``simulate --backend ray``).

Every backend plays game ``i`` with seed ``(S, i)`` and returns the per-game results in
game order, so the report is the same byte for byte whichever backend and however many
workers: a balance sweep run on a cluster reproduces on a laptop.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from multiprocessing import get_context
from typing import Any

BACKENDS = ("local", "ray")
#: games per Ray task: large enough that scheduling is a small part of a task
RAY_CHUNK = 50


class BackendUnavailable(RuntimeError):
    """The chosen backend cannot run here (Ray not installed); the message says how."""


def run_local(play: Callable[[tuple[int, int]], dict[str, Any]],
              init: Callable[..., None], initargs: tuple[Any, ...],
              seeds: Iterable[tuple[int, int]], jobs: int, games: int
              ) -> Iterator[dict[str, Any]]:
    """In this process (``jobs`` 1) or a pool of ``jobs`` forked workers; results are
    yielded in game order as they come, so no list of every game is ever built."""
    if jobs <= 1 or games <= 1:
        init(*initargs)
        yield from (play(s) for s in seeds)
        return
    ctx = get_context("fork") if hasattr(os, "fork") else get_context()
    # What this process built (the compiled cards, the filler) is shared with the forked
    # workers; frozen, the collector of a worker never walks it, so its pages are not
    # copied into every worker (the gc module's advice for a fork).
    gc.freeze()
    try:
        with ctx.Pool(jobs, initializer=init, initargs=initargs) as pool:
            yield from pool.imap(play, seeds,
                                 chunksize=max(1, min(games // (jobs * 4), 256)))
    finally:
        gc.unfreeze()


def _ray_chunk(play: Callable[[tuple[int, int]], dict[str, Any]],
               init: Callable[..., None], initargs: tuple[Any, ...],
               seeds: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """One Ray task: a run of consecutive games, played like a local worker plays them."""
    init(*initargs)  # the worker setup shared with the local pool
    return [play(s) for s in seeds]


def run_ray(play: Callable[[tuple[int, int]], dict[str, Any]], init: Callable[..., None],
            initargs: tuple[Any, ...], seeds: Sequence[tuple[int, int]]
            ) -> list[dict[str, Any]]:
    """On the Ray cluster ``RAY_ADDRESS`` names, or a local Ray started here when none
    is running; chunks of games are tasks, their results gathered in game order."""
    try:
        import ray
    except ImportError as exc:
        raise BackendUnavailable(
            "the Ray backend needs Ray: pip install 'munchkin-dsl[ray]'") from exc
    if not ray.is_initialized():
        ray.init(address=os.environ.get("RAY_ADDRESS"), include_dashboard=False,
                 log_to_driver=False, configure_logging=False)
    task = ray.remote(_ray_chunk)
    shared = ray.put(initargs)
    chunks = [list(seeds[i:i + RAY_CHUNK]) for i in range(0, len(seeds), RAY_CHUNK)]
    futures = [task.remote(play, init, shared, chunk) for chunk in chunks]
    out: list[dict[str, Any]] = []
    for part in ray.get(futures):
        out.extend(part)
    return out
