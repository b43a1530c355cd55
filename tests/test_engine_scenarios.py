"""Scenario files and the `munchkin test` / `munchkin simulate` commands, end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.cli import main

PACKS = sorted(str(p.parent.parent) for p in Path("packs").glob("*/scenarios/*.scn"))


@pytest.mark.parametrize("pack", sorted(set(PACKS)))
def test_pack_scenarios_pass(pack: str) -> None:
    result = CliRunner().invoke(main, ["test", pack, "--format", "json"])
    doc = json.loads(result.output)
    failed = [s for s in doc["scenarios"] if not s["passed"]]
    assert not failed, json.dumps(failed, indent=1, ensure_ascii=False)
    assert result.exit_code == 0


def _has_behaviour(card: object) -> bool:
    """An effect line, or a printed stat that matters in play (a bonus, a level, Big or
    Aggregate, use restrictions, requirements, limits, what happens on death...)."""
    return any(getattr(card, f) for f in (
        "abilities", "bonus", "level", "treasures", "levels_given", "big", "aggregate",
        "usable_by", "not_usable_by", "requires", "persistent", "kept_after_death",
        "comes_apart_on_death", "accepts_enhancers", "chains_with", "attaches_to_item",
        "items_outside_combat_only", "overrides"))


def _scenario_words(pack: Path) -> set[str]:
    """The words of the setup and play lines of a pack's scenarios, case folded (titles
    and comments left out: a card counts only when a scenario deals or plays it)."""
    import re

    words: set[str] = set()
    for f in pack.glob("scenarios/**/*.scn"):
        for line in f.read_text(encoding="utf-8").splitlines():
            body = line.split("#", 1)[0].casefold()
            if not body.lstrip().startswith("scenario:"):
                words |= set(re.findall(r"[\w-]+", body))
    return words


@pytest.mark.parametrize("pack", sorted(p.name for p in Path("packs").iterdir()
                                        if (p / "pack.munch").exists()))
def test_every_card_with_behaviour_has_a_scenario(pack: str) -> None:
    """Issue 5: every sample pack ships scenarios for each of its cards with behaviour."""
    from munchkin_dsl.compiler.api import compile_packs

    data = compile_packs([f"packs/{pack}"]).data
    assert data is not None
    words = _scenario_words(Path("packs") / pack)
    behaving = [c.id for c in data.cards if _has_behaviour(c)]
    assert behaving, f"{pack}: no card with behaviour found"
    missing = [cid for cid in behaving if cid.casefold() not in words]
    assert not missing, (f"{pack}: no scenario in packs/{pack}/scenarios names these cards "
                         f"with behaviour: {', '.join(missing)}")


def test_net_troll_worked_example_numbers() -> None:
    result = CliRunner().invoke(main, ["test", "packs/munchkin-1.6", "-k", "Aric and the Net",
                                       "--trace"])
    assert result.exit_code == 0, result.output
    out = result.output
    for want in ("players 7", "monsters 10", "players 12", "monsters 15", "players 15",
                 "+3 Warrior Berserking x3", "tie, a player wins ties", "Aric level 5",
                 "Aric drew 4 treasures"):
        assert want in out


def _write(tmp_path: Path, text: str) -> str:
    pack = tmp_path / "pack"
    (pack / "scenarios").mkdir(parents=True)
    for f in Path("packs/munchkin-1.6").glob("*.munch"):
        (pack / f.name).write_text(f.read_text())
    (pack / "scenarios" / "x.scn").write_text(text)
    return str(pack)


def test_a_failing_expectation_exits_1_with_file_and_line(tmp_path: Path) -> None:
    pack = _write(tmp_path, "scenario: wrong\nplayer A: level 4\nA fights net-troll\n"
                            "expect strength 9 vs 10\n")
    result = CliRunner().invoke(main, ["test", pack])
    assert result.exit_code == 1
    assert "x.scn:4" in result.output and "got 4 vs 10" in result.output


def test_malformed_scenario_is_a_diagnostic_not_a_traceback(tmp_path: Path) -> None:
    pack = _write(tmp_path, "player A: level 4\n")
    result = CliRunner().invoke(main, ["test", pack])
    assert result.exit_code == 1
    assert "x.scn:1:1" in result.output and "S001" in result.output
    assert "Traceback" not in result.output
    pack2 = _write(tmp_path / "b", "scenario: t\nplayer A: level four\nA fights nothing\n")
    result = CliRunner().invoke(main, ["test", pack2])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "x.scn:2" in result.output


def test_usage_errors_exit_2() -> None:
    assert CliRunner().invoke(main, ["test"]).exit_code == 2
    assert CliRunner().invoke(main, ["test", "no/such/pack"]).exit_code == 2
    assert CliRunner().invoke(main, ["simulate", "packs/munchkin-1.6", "--games", "0"]
                              ).exit_code == 2


def test_help_has_examples() -> None:
    for cmd in ("test", "simulate"):
        result = CliRunner().invoke(main, [cmd, "--help"])
        assert result.exit_code == 0 and "Examples:" in result.output


def test_simulate_is_the_same_for_any_number_of_jobs() -> None:
    args = ["simulate", "packs/munchkin-1.6", "--games", "12", "--seed", "3", "--format",
            "json"]
    one = CliRunner().invoke(main, args)
    two = CliRunner().invoke(main, [*args, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0
    assert json.loads(one.output) == json.loads(two.output)
    doc = json.loads(one.output)
    assert {"length", "seat_win_rate", "monsters", "items", "outliers"} <= set(doc)


def _scenario_codes() -> set[str]:
    import re

    text = "".join(path.read_text(encoding="utf-8")
                   for path in sorted(Path("munchkin_dsl/scenarios").glob("*.py")))
    return set(re.findall(r'"(S\d{3})"', text))


def test_every_scenario_code_has_an_explain_entry() -> None:
    from munchkin_dsl import data

    entries = data.load("codes")
    emitted = _scenario_codes()
    assert {"S001", "S003", "S010", "S011"} <= emitted
    missing = sorted(c for c in emitted if c not in entries)
    assert not missing, f"scenario codes without an entry in data/codes.toml: {missing}"
    for code in emitted:
        result = CliRunner().invoke(main, ["check", "--explain", code])
        assert result.exit_code == 0 and code in result.output


@pytest.mark.parametrize("code", sorted(_scenario_codes() - {"S000", "S022"}))
def test_scenario_code_examples_fail_and_pass_as_documented(tmp_path: Path, code: str
                                                            ) -> None:
    from munchkin_dsl import data

    entry = data.load("codes")[code]
    for name, want in (("bad", True), ("good", False)):
        pack = _write(tmp_path / name, entry[name].replace("\\n", "\n") + "\n")
        result = CliRunner().invoke(main, ["test", pack, "--format", "json"])
        got = {d["code"] for d in json.loads(result.output)["diagnostics"]}
        assert (code in got) == want, (name, got, result.output)


def test_crow_king_worked_example_numbers() -> None:
    result = CliRunner().invoke(main, ["test", "packs/munchkins-and-mazes", "-k",
                                       "Пример боя", "--trace"])
    assert result.exit_code == 0, result.output
    out = result.output
    for want in ("players 8 = +4 Tolik level +4 Story Armor", "monsters 12",
                 "players 13", "monsters 17 = +12 Crow King level +5 Undead",
                 "ok   treasures 5", "Berserking discards at most 3 card(s), not 4",
                 "players 16", "players 17", "tie, a player wins ties", "ok   Tolik level 6",
                 "ok   Tolik drew 5 treasures", "players 18", "ok   Sonya level 3"):
        assert want in out, want
