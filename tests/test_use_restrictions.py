"""A card's use restrictions (`usable by X only`, `not usable by X`) apply to every line of
it (RULES.md: an item you cannot use gives you nothing): a triggered line of an item its
holder may not use does not fire, and a one-shot is refused to a player who may not use it."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from munchkin_dsl.cli import main

PACK = """pack p {
  title "P"
  version "1.0.0"
  ruleset munchkin-1.6
}

item elf-bell "Elf Bell" {
  bonus +0
  value 200
  usable by Elf only
  when another player runs away: draw 1 treasure face down
}

item dwarf-bane "Dwarf Bane" {
  bonus +0
  value 200
  not usable by Dwarf
  when another player runs away: draw 1 treasure face down
}

one-shot elf-potion "Elf Potion" {
  value 200
  usable by Elf only
  in combat: +3 to you
}

monster rat "Rat" {
  level 8
  treasures 1
  bad stuff: lose 1 level
}
"""

RUN = "player B: level 1\nB fights rat\nB runs away rolling 6\n"

SCENARIOS = {
    "an Elf's bell rings": f"turn: B\nplayer A: level 3, elf, carries elf-bell\n{RUN}"
                           "expect A hand 1\n",
    "a Human's bell is silent": f"turn: B\nplayer A: level 3, carries elf-bell\n{RUN}"
                                "expect A hand 0\n",
    "a Dwarf's bane is silent": f"turn: B\nplayer A: level 3, dwarf, carries dwarf-bane\n{RUN}"
                                "expect A hand 0\n",
    "a Human's bane works": f"turn: B\nplayer A: level 3, carries dwarf-bane\n{RUN}"
                            "expect A hand 1\n",
    "a Human may not play the potion": "player A: level 3, hand elf-potion\nA fights rat\n"
                                       "expect refused: A plays elf-potion\n"
                                       "expect strength 3 vs 8\n",
    "an Elf plays the potion": "player A: level 3, elf, hand elf-potion\nA fights rat\n"
                               "A plays elf-potion\nexpect strength 6 vs 8\n",
}


def test_use_restrictions_reach_triggered_lines_and_one_shots(tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "pack.munch").write_text(PACK, encoding="utf-8")
    (tmp_path / "scenarios" / "x.scn").write_text(
        "\n".join(f"scenario: {name}\n{body}" for name, body in SCENARIOS.items()),
        encoding="utf-8")
    result = CliRunner().invoke(main, ["test", str(tmp_path), "--format", "json"])
    doc = json.loads(result.output)
    assert doc["diagnostics"] == []
    assert {s["title"]: s["status"] for s in doc["scenarios"]} == dict.fromkeys(
        SCENARIOS, "passed"), json.dumps(doc["scenarios"], indent=1)
