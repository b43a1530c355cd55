"""The count of the players at the table (`+1 for each player`, `draw 1 treasure for every 2
players`): every living player, the card's own included, as `each player` names them.
`for each other player` (parts/counts.py) leaves the card's player out.  The engine reads
it in munchkin_dsl/engine/counts.py, bound by ``@reads``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from munchkin_dsl.language.count_part import EACH_EN, CountPart


@dataclass(frozen=True, slots=True)
class Players(CountPart):
    """`for each player`: the living players, you included."""

    count: ClassVar[str] = 'players'
    ways: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('n_players', '("player" | "players")', 'you'),
    )
    meaning: ClassVar[str] = "the living players, the card's owner included"
    summary: ClassVar[str] = "the living players, you included (`for each other player`: not you)"
    example: ClassVar[str] = '+1 for each player'
    forms: ClassVar[tuple[tuple[str, str, str], ...]] = (
        ('`for each player`', summary, example),)
    text: ClassVar[dict[str, str]] = {
        "en": EACH_EN,
        "ru": '{{ " за каждого игрока" if n == 1 else " за каждых " ~ n ~ " игроков" }}',
        "pl": '{{ " za każdego gracza" if n == 1 else " za każdych " ~ n ~ " graczy" }}',
    }
    noun: ClassVar[dict[str, str]] = {
        "en": '{{ t.forms(n, "player", "players") }}',
        "ru": 'игроков',
        "pl": 'graczy',
    }
