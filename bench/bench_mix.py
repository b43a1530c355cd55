"""Benchmark conflict detection of ``munchkin mix``: 10 packs x 1,000 cards vs 20 x 1,000.

Packs are built directly as compiled cards (parsing is `compile`'s cost, not the mixer's)
over the five rulesets in turn, with the things the finders look for planted at a fixed
rate: ids shared by several packs (some identical, some not), English names shared under
different ids, and cards that refer to races or tags only another line defines.  The
timed part is :func:`munchkin_dsl.mix.analyse` (equivalences and every conflict finder),
best of fifteen runs, with the loaded packs frozen out of the garbage collector's passes
(:func:`gc.freeze`).  Detection must stay near-linear: 20 packs should take at most about
2.2x the time of 10.  The ratio is a wall-clock figure; on a busy machine run it twice.

    PYTHONPATH=. python bench/bench_mix.py [CARDS_PER_PACK]
"""

from __future__ import annotations

import gc
import sys
import time

from munchkin_dsl.base.rulesets import all_rulesets
from munchkin_dsl.compiler.effects import Ability, CardData, Condition, Strength
from munchkin_dsl.compiler.engine_data import PackInfo
from munchkin_dsl.mix import analyse
from munchkin_dsl.mix.model import MixPack, defines_of

KINDS = ("monster", "item", "curse", "one-shot")
FOREIGN = ("Feline", "Elf", "Orc", "Scientist", "Cyborg")


def synthetic_pack(index: int, cards: int) -> MixPack:
    """One pack of ``cards`` cards on ruleset number ``index`` mod 5, deterministic."""
    rulesets = all_rulesets()
    rs = rulesets[index % len(rulesets)]
    pack_id = f"bench-{index:02d}"
    out: list[CardData] = []
    for i in range(cards):
        kind = KINDS[i % len(KINDS)]
        if kind == "curse":
            kind = rs.curse_kind
        card_id, name = f"{pack_id}-card-{i:04d}", f"{pack_id} Card {i}"
        if i % 50 == 0:          # an id several packs share; identical every other time
            card_id = f"shared-{i}"
        if i % 70 == 0:          # an English name several packs share, under its own id
            name = f"Common Name {i}"
        level = 1 + (i % 19) if kind == "monster" else None
        if i % 140 == 0 and level is not None:   # the shared name on different cards
            level += index % 3
        bonus = (i % 5) + (index if i % 100 == 0 else 0) if kind == "item" else None
        abilities = ()
        if i % 40 == 0:          # a reference to a race some other line defines
            abilities = (Ability("in_combat", (Strength(3, "monster",
                                                        against=FOREIGN[i % 5]),),
                                 conditions=(Condition("fighter", "is", FOREIGN[(i + 1) % 5]),)),)
        out.append(CardData(
            id=card_id, kind=kind, deck=rs.deck_for_kind(kind), names={"en": name},
            level=level, treasures=1 if level else None, bonus=bonus,
            value=100 * (i % 7) if kind == "item" else None, abilities=abilities,
            source=f"bench.munch:{i + 1}:1"))
    cards_t = tuple(out)
    info = PackInfo(pack_id, pack_id, "1", (rs.id,), ("en",))
    return MixPack(pack_id, f"bench/{pack_id}", info, (rs,), cards_t,
                   defines_of((rs,), cards_t))


def time_detection(packs: list[MixPack], runs: int = 15) -> tuple[float, int]:
    """Best wall time of ``analyse`` over ``runs`` runs, and how many conflicts it found."""
    best, found = float("inf"), 0
    # The packs are long-lived input, loaded before detection starts: freeze them so the
    # cyclic collector's passes measure the finders' own allocations, not the input's size.
    gc.collect()
    gc.freeze()
    for _ in range(runs):
        start = time.perf_counter()
        _equivalences, conflicts = analyse(packs)
        best = min(best, time.perf_counter() - start)
        found = len(conflicts)
    gc.unfreeze()
    return best, found


def main(per_pack: int = 1000) -> int:
    results = {}
    for count in (10, 20):
        packs = [synthetic_pack(i, per_pack) for i in range(count)]
        seconds, found = time_detection(packs)
        results[count] = seconds
        print(f"{count:>2} packs x {per_pack} cards = {count * per_pack:>6} cards: "
              f"{seconds * 1000:8.1f} ms, {found} conflicts")
    ratio = results[20] / results[10]
    print(f"ratio 20/10: {ratio:.2f} (target <= 2.2: {'ok' if ratio <= 2.2 else 'SLOW'})")
    return 0 if ratio <= 2.2 else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
