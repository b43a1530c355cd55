"""Simulated games with the shape of the real game (issue 22): deck models and filler,
player counts, the shuffled Seal deck, per-seat policies, the balance report, --jobs."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.rulesets import ruleset_ids
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine import deck_model
from munchkin_dsl.engine.game import Game
from munchkin_dsl.engine.simulate import new_game, simulate

PACKS = Path(__file__).parent.parent / "packs"


def _cards(pack: str) -> tuple:  # type: ignore[type-arg]
    data = compile_packs([PACKS / pack]).data
    assert data is not None
    return data.cards


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_ruleset_has_a_deck_model_with_its_source(ruleset: str) -> None:
    model = deck_model.load_model(ruleset)
    assert model.ruleset == ruleset and model.source
    assert model.size >= 160, model.size
    kinds = {c.kind for c in model.categories}
    assert {"monster", "curse", "monster-enhancer", "one-shot", "item", "class"} <= kinds


def test_the_deck_holds_each_pack_card_once_and_filler_for_the_rest() -> None:
    cards = _cards("star-munchkin")
    full = deck_model.fill(cards, "star-munchkin")
    ids = Counter(c.id for c in full)
    assert all(ids[c.id] == 1 for c in cards)  # a pack card is never repeated
    filler = [c for c in full if deck_model.is_filler(c.id)]
    assert len(full) == len(cards) + len(filler)
    assert abs(len(full) - deck_model.load_model("star-munchkin").size) <= 12
    # the shortfall per category is what the filler makes up
    missing = deck_model.shortfall(deck_model.load_model("star-munchkin"), cards)
    assert sum(missing.values()) == len(filler)
    assert any(c.kind == "trap" for c in filler)  # the line's own curse kind


def test_a_game_deals_from_the_filled_decks() -> None:
    cards = _cards("munchkin-1.6")
    game, _bots = new_game(cards, "munchkin-1.6", 4, (0, 0))
    on_table = sum(len(d) for d in game.state.decks.values()) + sum(
        len(p.hand) for p in game.state.players)
    assert on_table == len(deck_model.fill(cards, "munchkin-1.6"))


def test_the_seventh_seal_lies_anywhere_in_the_shuffled_seal_deck() -> None:
    """Seed 004 «3. PRZYGOTOWANIE»: every deck is shuffled, the Seal deck too."""
    cards = _cards("munchkin-apocalypse")
    places = Counter()
    for i in range(60):
        game = Game(deck_model.fill(cards, "munchkin-apocalypse"), 4, seed=(5, i),
                    ruleset="munchkin-apocalypse")
        seals = game.state.decks["seal"]
        places[[c.id for c in reversed(seals)].index("seventh-seal")] += 1
    assert len(places) >= 6 and max(places.values()) < 30, places


def test_a_two_player_base_game_is_refused_unless_a_house_rule_allows_it() -> None:
    """Seed 000 «SETUP»: three to six can play; Apocalypse allows two (seed 004 «3.»)."""
    run = CliRunner()
    got = run.invoke(main, ["simulate", str(PACKS / "munchkin-1.6"), "-n", "1", "-p", "2"])
    assert got.exit_code == 2 and "munchkin-1.6 is for 3 to 6 players" in got.output
    assert "«SETUP»" in got.output and "--house-rule-players" in got.output
    ok = run.invoke(main, ["simulate", str(PACKS / "munchkin-1.6"), "-n", "1", "-p", "2",
                           "--house-rule-players", "--format", "json"])
    assert ok.exit_code == 0, ok.output
    apo = run.invoke(main, ["simulate", str(PACKS / "munchkin-apocalypse"), "-n", "1", "-p",
                            "2", "--format", "json"])
    assert apo.exit_code == 0, apo.output


def test_policies_are_chosen_per_seat_and_an_unknown_one_is_refused() -> None:
    cards = _cards("munchkin-1.6")
    rep = simulate(cards, "munchkin-1.6", 4, 3, 1, policies=("aggressive",))
    assert rep.policies == ("aggressive",) * 3
    mixed = simulate(cards, "munchkin-1.6", 4, 4, 1)
    assert mixed.policies == ("cautious", "aggressive") * 2
    got = CliRunner().invoke(main, ["simulate", str(PACKS / "munchkin-1.6"), "-n", "1",
                                    "--policy", "reckless"])
    assert got.exit_code == 2 and "unknown policy 'reckless'" in got.output


def test_jobs_give_the_same_figures_as_one_process() -> None:
    cards = _cards("munchkins-and-mazes")
    one = simulate(cards, "munchkins-and-mazes", 6, 4, 3, jobs=1)
    two = simulate(cards, "munchkins-and-mazes", 6, 4, 3, jobs=2)
    assert one.per_game == two.per_game and one.to_json() == two.to_json()


def test_the_balance_report_is_complete_and_byte_identical_for_a_seed(tmp_path: Path) -> None:
    outs = []
    for name, jobs in (("a", "1"), ("b", "2")):
        folder = tmp_path / name
        got = CliRunner().invoke(main, ["simulate", str(PACKS / "munchkin-1.6"), "-n", "30",
                                        "-s", "4", "--jobs", jobs, "--report", str(folder)])
        assert got.exit_code == 0, got.output
        assert "balance report written to" in got.output
        outs.append(folder)
    names = sorted(p.name for p in outs[0].iterdir())
    assert names == ["cards.csv", "cards.png", "cards.svg", "monsters.csv", "monsters.png",
                     "monsters.svg", "report.json", "seats.png", "seats.svg"]
    for n in names:
        assert (outs[0] / n).read_bytes() == (outs[1] / n).read_bytes(), n
    doc = json.loads((outs[0] / "report.json").read_text(encoding="utf-8"))
    summary = doc["summary"]
    assert set(summary["endings"]) == {"kill", "card", "seventh seal", "turn cap"}
    assert 0 < summary["fights_won"] < 1 and summary["turns_per_player"] > 0
    cards = {c["card"]: c for c in doc["cards"]}
    assert cards["go-up-a-level"]["filler"] is False
    assert any(c["filler"] for c in doc["cards"])  # filler is labelled
    row = cards["go-up-a-level"]
    assert row["drew_ci_low"] <= row["drew_diff"] <= row["drew_ci_high"]
    assert row["drawn"] >= row["played"] >= 0
    monster = doc["monsters"][0]
    assert set(monster["by_fighter_level"]) == {"1-3", "4-6", "7-10"}
    assert "run_away_rate" in monster and "mean_margin" in monster
    header = (outs[0] / "cards.csv").read_text(encoding="utf-8").splitlines()[0]
    assert header.startswith("card,filler,drawn,played,held_to_end,win_rate_drew")
    assert b"<dc:date>" not in (outs[0] / "cards.svg").read_bytes()


def test_a_card_acquired_on_a_rivals_turn_may_be_played_at_once_not_later() -> None:
    """Seed 000 «CLASSES AND RACES»: "as soon as they are acquired, or at any time during
    your own turn"; a card held since the turn started waits for the owner's turn."""
    from munchkin_dsl.engine.core import EngineError

    cards = _cards("munchkin-1.6")
    game = Game(cards, ["A", "B", "C"], seed=1, deal=False, ruleset="munchkin-1.6")
    a, b = game.state.players[0], game.state.players[1]
    old = game.new_card("dwarf")
    a.hand.append(old)
    game.start_turn(b)
    with pytest.raises(EngineError, match="only on A's own turn"):
        game.play(a, old)
    fresh = game.new_card("cleric")
    a.hand.append(fresh)  # acquired during B's turn
    game.play(a, fresh)
    assert fresh in a.classes


def _bot_table(levels: tuple[int, int, int],
               policies: tuple[str, ...] = ("aggressive", "cautious")) -> Game:
    """A star-munchkin table of three bots (``policies`` cycled) at these levels, nobody
    holding a card, so only the bargain decides the help."""
    from munchkin_dsl.engine.bots import Bots
    from munchkin_dsl.engine.personas import seat_personas

    data = compile_packs([PACKS / "star-munchkin"]).data
    assert data is not None
    g = Game(data, ["A", "B", "C"], seed=1, debug=True, deal=False,
             policy=Bots(seat_personas(policies, 3)))
    for p, level in zip(g.state.players, levels, strict=True):
        p.level = level
    return g


def test_a_helper_takes_every_treasure_of_a_monster_that_gives_fewer_than_its_price() -> None:
    """An aggressive bot offers 1 treasure, a cautious helper wants 2: for a monster that
    gives 1 treasure, 1 is all anyone can offer, so the helper joins (it used to refuse)."""
    from munchkin_dsl.engine import bots

    g = _bot_table((1, 2, 1))
    a, b, _c = g.state.players
    bots.fight(g, a, g.new_card("star-gelatinous-octahedron"))  # level 2, 1 treasure
    fights = [e.data for e in g.state.events if e.kind == "fight"]
    assert fights and fights[-1]["won"] and fights[-1]["helped"]
    assert a.level == 2 and not any(e.kind == "help_refused" for e in g.state.events)
    assert b.level == 2  # star-munchkin helpers gain no level (seed 003 «Зовем на помощь»)


def test_nobody_helps_the_leader_past_half_way() -> None:
    """At level 6 of 10 and ahead of every rival, the fighter gets no help against a
    monster the next player would have turned (8 against 6 + 4), though it offers the
    helper's price (a cautious bot offers 2)."""
    from munchkin_dsl.engine import bots

    g = _bot_table((6, 4, 1), ("cautious",))
    a = g.state.players[0]
    bots.fight(g, a, g.new_card("fanged-space-thing"))
    fights = [e.data for e in g.state.events if e.kind == "fight"]
    assert fights and not fights[-1]["won"] and not fights[-1]["helped"]
    g2 = _bot_table((5, 5, 1), ("cautious",))  # level with B: not the leader, B helps
    bots.fight(g2, g2.state.players[0], g2.new_card("fanged-space-thing"))
    fights = [e.data for e in g2.state.events if e.kind == "fight"]
    assert fights and fights[-1]["won"] and fights[-1]["helped"]
