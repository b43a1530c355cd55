"""Replays: every committed replay re-runs to the same actions and end, the engine is
deterministic action by action, and a failing checked game is saved and reproduced."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine import invariants
from munchkin_dsl.engine.replay import compare, run

REPLAYS = sorted(Path(__file__).parent.joinpath("replays").glob("*.json"))


def test_there_are_committed_replays_for_every_sample_pack() -> None:
    packs = {tuple(json.loads(f.read_text())["packs"]) for f in REPLAYS}
    assert {p[0] for p in packs} == {str(p) for p in Path("packs").iterdir()
                                     if (p / "pack.munch").exists()}


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_a_committed_replay_re_runs_action_by_action(path: Path) -> None:
    """A difference means the engine now plays this game differently: if that is meant,
    re-record with `munchkin replay FILE --update` and say why in the commit."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    data = compile_packs(doc["packs"]).data
    assert data is not None
    first = run(data.cards, doc["ruleset"], doc["players"], doc["seed"], doc["optional_rules"])
    second = run(data.cards, doc["ruleset"], doc["players"], doc["seed"],
                 doc["optional_rules"])
    assert first.actions == second.actions, "the engine is not deterministic"
    cmp = compare(doc, first)
    assert cmp.same, cmp.message + " (re-record with `munchkin replay FILE --update`)"
    assert doc["failure"] is None and doc["winners"] and len(doc["actions"]) > 10


def _break_at_level_3(game, p):  # type: ignore[no-untyped-def]
    return [f"{p.name} reached level 3 (a planted bug)"] if p.level >= 3 else []


def test_a_broken_game_is_saved_and_replayed_to_the_same_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(invariants, "_limit_problems", _break_at_level_3)
    out = tmp_path / "replays"
    result = CliRunner().invoke(main, ["simulate", "packs/munchkin-1.6", "-n", "2",
                                       "--check-invariants", "--replays", str(out),
                                       "--format", "json"])
    assert result.exit_code == 1, result.output
    doc = json.loads(result.output)
    broken = doc["invariants"]["broken"]
    assert len(broken) == 2 and "reached level 3 (a planted bug)" in broken[0]["failure"]
    files = sorted(out.glob("*.json"))
    assert [str(f) for f in files] == sorted(b["replay"] for b in broken)
    saved = json.loads(files[0].read_text())
    assert saved["failure"].startswith("InvariantBroken: invariant broken after")
    replayed = CliRunner().invoke(main, ["replay", str(files[0])])
    assert replayed.exit_code == 0 and replayed.output.startswith("same  fails the same way")
    monkeypatch.undo()  # the bug fixed: the replay no longer fails there
    replayed = CliRunner().invoke(main, ["replay", str(files[0])])
    assert replayed.exit_code == 1 and replayed.output.startswith("DIFFERS")


def test_replay_update_rewrites_the_recording(tmp_path: Path) -> None:
    doc = json.loads(REPLAYS[0].read_text())
    doc["actions"][3] = "resolve"
    f = tmp_path / "r.json"
    f.write_text(json.dumps(doc))
    result = CliRunner().invoke(main, ["replay", str(f)])
    assert result.exit_code == 1 and "action 4 differs" in result.output
    result = CliRunner().invoke(main, ["replay", str(f), "--update"])
    assert result.exit_code == 0 and "updated" in result.output
    assert CliRunner().invoke(main, ["replay", str(f)]).exit_code == 0


@pytest.mark.parametrize("text", ["not json", "{}", '{"format": 1, "packs": []}'])
def test_a_bad_replay_file_is_a_usage_error(tmp_path: Path, text: str) -> None:
    f = tmp_path / "r.json"
    f.write_text(text)
    result = CliRunner().invoke(main, ["replay", str(f)])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_simulate_with_invariants_reports_them_checked() -> None:
    result = CliRunner().invoke(main, ["simulate", "packs/star-munchkin", "-n", "5",
                                       "--check-invariants", "--replays", "/nonexistent/x"])
    assert result.exit_code == 0, result.output
    assert "invariants checked after every action: 0 game(s) broke one" in result.output


def test_check_all_sees_a_lost_card_and_limits_broken() -> None:
    from munchkin_dsl.engine.invariants import check_all, hand_problems, zones
    from munchkin_dsl.engine.simulate import new_game

    data = compile_packs(["packs/munchkin-1.6"]).data
    assert data is not None
    game, _bots = new_game(data.cards, "munchkin-1.6", 4, (1, 0), check_invariants=True)
    assert game.card_total == sum(len(c) for _z, c in zones(game))
    assert check_all(game, game.card_total) == []
    lost = game.state.decks["door"].pop()
    assert any("cards on the table" in p for p in check_all(game, game.card_total))
    game.state.decks["door"].append(lost)
    p = game.state.players[0]
    p.items += [game.new_card("chainsaw"), game.new_card("chainsaw")]
    game.card_total += 2
    assert any("2 big item(s) in play (limit 1)" in x for x in check_all(game, game.card_total))
    p.hand += [game.new_card("elf") for _ in range(6)]
    assert any("ends the turn with" in x for x in hand_problems(game, p))


def test_the_incremental_checks_see_every_change_after_a_clean_check() -> None:
    """check_all looks only at what changed since its last look (engine/invariants.py):
    a card put on a second zone's top, a card taken from the middle of one zone into
    another, a shuffled deck and an item worn past the limit without any card moving
    are each seen by the check after them, and a state put right again checks clean."""
    from munchkin_dsl.engine.invariants import check_all
    from munchkin_dsl.engine.simulate import new_game

    data = compile_packs(["packs/munchkin-1.6"]).data
    assert data is not None
    game, _bots = new_game(data.cards, "munchkin-1.6", 4, (1, 0), check_invariants=True)
    total = game.card_total
    st = game.state
    p = st.players[0]
    assert check_all(game, total) == []
    top = st.decks["door"][-1]
    p.hand.append(top)  # on top of the hand, still on top of the deck
    assert any(f"{top.id}#{top.uid} is in two places" in x for x in check_all(game, total))
    p.hand.pop()
    assert check_all(game, total) == []
    middle = st.decks["treasure"][10]
    st.decks["treasure"].remove(middle)
    st.discards.setdefault("treasure", []).append(middle)  # moved: fine
    assert check_all(game, total) == []
    st.discards["treasure"].insert(0, st.decks["door"][3])  # a copy, not a move
    assert any("is in two places" in x for x in check_all(game, total))
    st.discards["treasure"].pop(0)
    st.rng.shuffle(st.decks["door"])
    assert check_all(game, total) == []
    helmets = [game.new_card("horned-helmet"), game.new_card("horned-helmet")]
    p.items += helmets
    assert check_all(game, total + 2) == []  # carried, not worn: within the limits
    for c in helmets:
        c.worn = True  # no card moves: only the flags change
    assert any("wears 2 headgear" in x for x in check_all(game, total + 2))
    helmets[1].worn = False
    assert check_all(game, total + 2) == []
