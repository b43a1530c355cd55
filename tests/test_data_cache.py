"""The shipped TOML tables, parsed once and kept in the cache folder (``data/``)."""

from __future__ import annotations

import datetime
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from munchkin_dsl import data


def test_every_shipped_table_loads_from_the_cache_as_tomllib_parses_it(cache: Path) -> None:
    names = sorted(e.name for e in resources.files("munchkin_dsl.data").iterdir()
                   if e.name.endswith(".toml"))
    assert len(names) > 5
    for name in names:
        text = resources.files("munchkin_dsl.data").joinpath(name).read_text(encoding="utf-8")
        first = data.parse_shipped(text)  # parsed and stored
        again = data.parse_shipped(text)  # loaded
        assert first == again == tomllib.loads(text) and again is not first, name
    assert len(list((cache / "data").glob("*.pickle"))) == len(names)


@pytest.mark.parametrize("damage", [b"", b"not a pickle"])
def test_a_damaged_entry_is_parsed_again(cache: Path, damage: bytes) -> None:
    text = 'a = 1\n[b]\nc = ["x", "y"]\n'
    data.parse_shipped(text)
    [entry] = (cache / "data").glob("*.pickle")
    entry.write_bytes(damage)
    assert data.parse_shipped(text) == {"a": 1, "b": {"c": ["x", "y"]}}
    assert entry.read_bytes() not in (b"", b"not a pickle")  # stored whole again


def test_a_table_marshal_cannot_hold_is_parsed_every_time(cache: Path) -> None:
    text = "when = 2026-11-25\n"
    assert data.parse_shipped(text) == {"when": datetime.date(2026, 11, 25)}
    assert data.parse_shipped(text) == {"when": datetime.date(2026, 11, 25)}
    assert not list((cache / "data").glob("*.pickle"))
