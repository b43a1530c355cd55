"""Engine plays of issue 5's last part: trading, equip/unequip by choice, the Hireling's
slot, selling on your own turn, optional rules (faster play, epic), the chart PDF."""

from __future__ import annotations

import json
from functools import cache
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.rulesets import load_ruleset
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.engine import EngineError, Game
from munchkin_dsl.engine.invariants import check
from munchkin_dsl.engine.rules import Rules, UnknownOptionalRule
from munchkin_dsl.engine.simulate import play_one, simulate


@cache
def pack(name: str) -> EngineData:
    data = compile_packs([f"packs/{name}"]).data
    assert data is not None
    return data


def table(name: str = "munchkin-1.6", players: tuple[str, ...] = ("A", "B", "C"),
          optional: tuple[str, ...] = ()) -> Game:
    return Game(pack(name), list(players), seed=1, debug=True, deal=False,
                optional_rules=optional)


def wear(g: Game, who: str, *ids: str) -> None:
    p = g.state.player(who)
    for cid in ids:
        g.put_in_play(p, g.new_card(cid))


# ---------------------------------------------------------------- trading
def test_trade_swaps_items_in_play_and_they_go_into_play() -> None:
    g = table()
    a, b, _ = g.state.players
    wear(g, "A", "chainsaw")
    wear(g, "B", "boots-of-butt-kicking")
    saw, boots = a.items[0], b.items[0]
    g.trade(a, [saw], b, [boots])
    assert a.items == [boots] and b.items == [saw]
    assert saw.worn and boots.worn and not check(g)


def test_trade_refuses_cards_from_the_hand_and_cards_not_owned() -> None:
    g = table()
    a, b, _ = g.state.players
    a.hand.append(mace := g.new_card("mace-of-sharpness"))
    with pytest.raises(EngineError, match="only items in play"):
        g.trade(a, [mace], b)
    with pytest.raises(EngineError, match="not an item"):
        g.trade(a, [g.new_card("chainsaw")], b)
    with pytest.raises(EngineError):
        g.trade(a, [], b)


@pytest.mark.parametrize("who", ["fighter", "helper"])
def test_no_trading_while_either_player_is_in_the_combat(who: str) -> None:
    g = table()
    a, b, c = g.state.players
    wear(g, "A", "boots-of-butt-kicking")
    wear(g, "C", "chainsaw")
    g.start_combat(a, g.new_card("net-troll"))
    if who == "helper":
        g.help(b)
    mover = a if who == "fighter" else b
    with pytest.raises(EngineError, match="in combat"):
        g.trade(c, [c.items[0]], mover)
    if who == "helper":
        with pytest.raises(EngineError, match="in combat"):
            g.trade(a, [a.items[0]], c)


def test_players_outside_the_fight_may_trade_during_it() -> None:
    g = table()
    a, b, c = g.state.players
    wear(g, "B", "chainsaw")
    g.start_combat(a, g.new_card("net-troll"))
    g.trade(b, [b.items[0]], c)
    assert [x.id for x in c.worn_items()] == ["chainsaw"]


def test_an_item_enhancer_goes_with_the_traded_item() -> None:
    g = Game(pack("munchkin-apocalypse"), ["A", "B"], seed=1, debug=True, deal=False)
    a, b = g.state.players
    wear(g, "A", "improvised-weapon")
    a.hand.append(tape := g.new_card("duct-tape"))
    g.play(a, tape)
    g.trade(a, [a.items[0]], b)
    assert tape in b.others and tape.attached_to in b.items and not check(g)


# ---------------------------------------------------------------- equip / unequip
def test_equip_by_choice_displaces_and_stays_chosen() -> None:
    g = table()
    a = g.state.player("A")
    give = [g.new_card("mace-of-sharpness"), g.new_card("chainsaw")]
    a.bare_traits.add("Cleric")
    for c in give:
        g.put_in_play(a, c)
    mace, saw = give
    assert mace.worn and not saw.worn  # two hands are taken by nothing better than +4
    g.equip_item(a, saw)
    assert saw.worn and not mace.worn
    g.put_in_play(a, g.new_card("boots-of-butt-kicking"))  # re-equips everything
    assert saw.worn and not mace.worn, "the player's choice survives a re-equip"
    g.unequip_item(a, saw)
    assert not saw.worn
    g.equip_item(a, mace)
    assert mace.worn


def test_no_equipping_or_unequipping_in_combat() -> None:
    g = table()
    a = g.state.player("A")
    wear(g, "A", "boots-of-butt-kicking")
    g.start_combat(a, g.new_card("net-troll"))
    with pytest.raises(EngineError, match="during a combat"):
        g.unequip_item(a, a.items[0])
    with pytest.raises(EngineError, match="during a combat"):
        g.equip_item(a, a.items[0])


# ---------------------------------------------------------------- the Hireling
def test_hireling_lets_one_more_item_of_any_slot_be_worn() -> None:
    g = Game(pack("munchkins-and-mazes"), ["A", "B"], seed=1, debug=True, deal=False)
    a = g.state.player("A")
    a.bare_traits.add("Elf")
    wear(g, "A", "story-armor", "thin-tall-armor")
    assert len(a.worn_items()) == 1
    wear(g, "A", "hireling")
    assert len(a.worn_items()) == 2
    assert all(c.worn for c in a.items)


def test_hireling_played_in_combat_takes_an_item_only_after_it() -> None:
    g = Game(pack("munchkins-and-mazes"), ["A", "B"], seed=1, debug=True, deal=False)
    a = g.state.player("A")
    a.bare_traits.add("Elf")
    wear(g, "A", "story-armor", "thin-tall-armor")
    g.start_combat(a, g.new_card("imaginary-bush"))
    a.hand.append(h := g.new_card("hireling"))
    g.play(a, h)
    assert h in a.sidekicks and len(a.worn_items()) == 1
    g.resolve()
    g.equip(a)
    assert len(a.worn_items()) == 2


# ---------------------------------------------------------------- selling
def test_selling_only_on_your_own_turn() -> None:
    g = table()
    a, b, _ = g.state.players
    b.hand += (goods := [g.new_card("chainsaw"), g.new_card("boots-of-butt-kicking")])
    with pytest.raises(EngineError, match="own turn"):
        g.sell(b, goods)
    g.state.current = b.seat
    assert g.sell(b, goods) == 1 and b.level == 2


# ---------------------------------------------------------------- optional rules
def test_optional_rules_come_from_the_ruleset_data() -> None:
    rs = load_ruleset("munchkin-1.6")
    assert Rules(rs).win_level == 10
    assert Rules(rs, optional=("epic",)).win_level == 20
    fast = Rules(rs, optional=("faster-play",))
    assert fast.listen_at_the_door and fast.loot_deck == "treasure"
    assert Rules(rs, optional=("shared-victory",)).shared_win == "both"
    with pytest.raises(UnknownOptionalRule, match="offers: faster-play"):
        Rules(rs, optional=("no-such-rule",))
    star = Rules(load_ruleset("star-munchkin"), optional=("faster-play",))
    assert star.deal() == {"door": 4, "treasure": 4} and star.unplayed == ["discard_pile_grab"]


def test_faster_play_loots_a_treasure() -> None:
    g = table(optional=("faster-play",))
    a = g.state.player("A")
    got, face_up = g.loot_room(a)
    assert not face_up and got[0].data.deck == "treasure" and a.treasures_drawn == 1


def test_epic_level_10_is_no_win_and_20_is() -> None:
    g = table(optional=("epic",))
    a = g.state.player("A")
    a.level = 9
    g.start_combat(a, g.new_card("drooling-slime"))
    g.resolve()
    assert a.level == 10 and not g.state.over
    a.level = 19
    a.items.append(saw := g.new_card("chainsaw"))
    g.equip(a)
    assert saw.worn
    g.start_combat(a, g.new_card("drooling-slime"))
    g.resolve()
    assert g.state.winners == ["A"] and not check(g)


@pytest.mark.parametrize("rules", [("faster-play",), ("epic",), ("faster-play", "epic")])
def test_bot_games_with_optional_rules_keep_every_invariant(rules: tuple[str, ...]) -> None:
    data = pack("munchkin-1.6")
    for i in range(3):
        out = play_one(data.cards, "munchkin-1.6", 4, (9, i), debug=True, optional_rules=rules)
        assert out["turns"] >= 1


def test_epic_games_last_longer_than_games_to_level_10() -> None:
    cards = pack("munchkin-1.6").cards
    mean = {}
    for rules in ((), ("faster-play",), ("epic",)):
        rep = simulate(cards, "munchkin-1.6", 40, 4, seed=2, optional_rules=rules)
        mean[rules] = sum(rep.turns) / len(rep.turns)
        assert rep.to_json()["winning_level"] == (20 if rules == ("epic",) else 10)
    assert mean[("epic",)] > mean[()]


def test_simulate_rule_option_and_usage_error() -> None:
    ok = CliRunner().invoke(main, ["simulate", "packs/munchkin-1.6", "-n", "5", "--rule",
                                   "epic", "--format", "json"])
    assert ok.exit_code == 0, ok.output
    assert json.loads(ok.output)["optional_rules"] == ["epic"]
    bad = CliRunner().invoke(main, ["simulate", "packs/munchkin-1.6", "-n", "5", "--rule",
                                    "nope"])
    assert bad.exit_code == 2


# ---------------------------------------------------------------- the chart PDF
def test_chart_pdf_has_the_pages_and_is_byte_identical(tmp_path: Path) -> None:
    from pypdf import PdfReader

    outs = []
    for name in ("one.pdf", "two.pdf"):
        path = tmp_path / name
        result = CliRunner().invoke(main, ["simulate", "packs/munchkin-1.6", "-n", "20",
                                           "--seed", "4", "--chart", str(path)])
        assert result.exit_code == 0, result.output
        outs.append(path.read_bytes())
    assert outs[0] == outs[1], "same seed, same bytes"
    reader = PdfReader(BytesIO(outs[0]))
    assert len(reader.pages) == 3
    text = "\n".join(page.extract_text() for page in reader.pages)
    for want in ("Seat win rates", "seat 1", "Game length", "Monsters", "Bad Stuff",
                 "net-troll", "20 games, 4 players, seed 4"):
        assert want in text, want
    assert not list(tmp_path.glob(".*.tmp")), "no temporary file is left behind"


def test_chart_does_not_depend_on_jobs(tmp_path: Path) -> None:
    args = ["simulate", "packs/munchkin-1.6", "-n", "8", "--seed", "5", "--chart"]
    one = CliRunner().invoke(main, [*args, str(tmp_path / "a.pdf")])
    two = CliRunner().invoke(main, [*args, str(tmp_path / "b.pdf"), "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


# ---------------------------------------------------------------- bug fixes
def test_a_monsters_may_ability_is_usable() -> None:
    """game.use() rebuilt a monster's Ability positionally; once Ability grew a `labels`
    field, the Cleric's "may defeat without a kill" against Wannabe Vampire raised
    TypeError (the roll field got the conditions tuple)."""
    g = table()
    a = g.state.player("A")
    a.bare_traits.add("Cleric")
    g.start_combat(a, g.new_card("wannabe-vampire"))
    m = g.combat.live_monsters()[0]
    ab = next(ab for ab in m.card.data.abilities if ab.timing == "continuous"
              and any(e.optional for e in ab.effects))
    g.use(a, m.card, ab)
    assert g.combat is None and g.last_outcome == "defeated_without_kill"


# ---------------------------------------------------------------- a "may" replacing the kick


def _undertaker_table(discard: str, *, race: bool = False) -> tuple[Game, object]:
    from munchkin_dsl.engine.bots import Bots

    bots = Bots()
    g = Game(pack("munchkin-classic-ru"), ["A", "B"], seed=1, debug=True, deal=False,
             policy=bots)
    a = g.state.player("A")
    wear(g, "A", "classic-undertaker")
    if race:
        wear(g, "A", "classic-dwarf")
    a.hand.append(g.new_card("classic-lose-a-level"))
    g.state.discards["door"].append(g.new_card(discard))
    g.state.decks["door"].append(g.new_card("classic-lame-goblin"))
    return g, bots


def test_bots_kick_open_the_door_rather_than_take_back_a_curse() -> None:
    """Resurrection is a "may": bots that always used it took a door card back every turn
    and never met a monster (classic-ru bot games at the 400-turn cap)."""
    g, _bots = _undertaker_table("classic-blob-of-envy")
    g.kick_open_door(g.state.player("A"))
    assert g.state.combat is not None
    assert [m.card.id for m in g.state.combat.monsters] == ["classic-lame-goblin"]


@pytest.mark.parametrize(("race", "used"), [(False, True), (True, False)])
def test_bots_take_a_race_for_an_empty_place_only(race: bool, used: bool) -> None:
    g, _bots = _undertaker_table("classic-elf", race=race)
    a = g.state.player("A")
    g.kick_open_door(a)
    assert ("classic-elf" in [c.id for c in a.hand]) is used
    assert (g.state.combat is None) is used
