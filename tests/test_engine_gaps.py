"""Engine rules beyond the base game: star-munchkin's R1 floor, laser chains, Aggregates,
item enhancers, hordes, the Feline's loot (RULES.md section 3)."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.engine import EngineError, Game
from munchkin_dsl.engine.invariants import check


@cache
def pack(name: str) -> EngineData:
    data = compile_packs([f"packs/{name}"]).data
    assert data is not None
    return data


def table(name: str, ruleset: str | None = None, cards: list[CardData] | None = None) -> Game:
    return Game(cards if cards is not None else pack(name), ["A", "B"], seed=1, debug=True,
                deal=False, ruleset=ruleset)


def wear(g: Game, who: str, *ids: str) -> None:
    p = g.state.player(who)
    for cid in ids:
        g.put_in_play(p, g.new_card(cid))


# ---------------------------------------------------------------- R1, star-munchkin
def test_star_munchkin_strength_never_below_1_for_a_player() -> None:
    g = table("star-munchkin")
    a = g.state.player("A")
    a.level = 2
    g.curse(a, g.new_card("chromosome-shift"))
    g.start_combat(a, g.new_card("star-fish"))
    bd = g.breakdown()
    assert (bd.player, bd.monster) == (1, 6)  # 2 - 5 = -3, floored at 1
    assert "fixed rule 1" in bd.text()


@pytest.mark.parametrize(("ruleset", "want"), [("munchkin-1.6", -1), ("star-munchkin", 1)])
def test_baby_takes_a_monster_below_1_only_outside_star_munchkin(ruleset: str,
                                                                  want: int) -> None:
    g = table("munchkin-1.6", ruleset=ruleset)
    a = g.state.player("A")
    g.start_combat(a, g.new_card("speedy-snail"))
    a.hand.append(baby := g.new_card("baby"))
    g.play(a, baby)
    assert g.breakdown().monster == want


# ---------------------------------------------------------------- lasers
def test_lasers_join_into_one_two_handed_weapon_and_lose_one_card_at_a_time() -> None:
    g = table("star-munchkin")
    a = g.state.player("A")
    wear(g, "A", "laser", "dreamaser")
    assert {c.id for c in a.worn_items()} == {"laser", "dreamaser"}
    g.start_combat(a, g.new_card("fanged-space-thing"))
    bd = g.breakdown()
    assert bd.player == 1 + 2 + 3 and "laser chain" in bd.text()
    g.run_away([6])
    g.state.player("B").hand.append(trap := g.new_card("annihilation"))
    g.curse(a, trap, by=g.state.player("B"))
    assert [c.id for c in a.items] == ["dreamaser"] and a.items[0].worn
    assert a.lost == ["laser"] and not check(g)


def test_a_laser_chain_takes_both_hands() -> None:
    g = table("star-munchkin", cards=[*pack("star-munchkin").cards,
                                      *pack("munchkin-apocalypse").cards])
    a = g.state.player("A")
    wear(g, "A", "tire-iron", "laser", "dreamaser")
    assert {c.id for c in a.worn_items()} == {"laser", "dreamaser"}


# ---------------------------------------------------------------- Big and Aggregate
def _no_slot(data: EngineData, cid: str, new_id: str) -> CardData:
    card = next(c for c in data.cards if c.id == cid)
    return dataclasses.replace(card, id=new_id, slot=None)


def _bigs() -> list[CardData]:
    one6, star = pack("munchkin-1.6"), pack("star-munchkin")
    return [*one6.cards, *star.cards,
            _no_slot(one6, "chainsaw", "big-1"), _no_slot(one6, "chainsaw", "big-2"),
            _no_slot(star, "plasma-cannon", "agg-1"), _no_slot(star, "plasma-cannon", "agg-2")]


@pytest.mark.parametrize(("ruleset", "traits", "worn"), [
    ("star-munchkin", (), {"big-1", "agg-1"}),  # one of each category
    ("star-munchkin", ("gadgeteer",), {"big-1", "agg-1", "agg-2"}),  # any Aggregates
    ("munchkin-1.6", ("dwarf",), {"big-1", "big-2", "agg-1"}),  # any Big items
])
def test_big_items_and_aggregates_are_separate_categories(ruleset: str,
                                                          traits: tuple[str, ...],
                                                          worn: set[str]) -> None:
    g = table("star-munchkin", ruleset=ruleset, cards=_bigs())
    wear(g, "A", *traits)
    refused = set()
    for cid in ("big-1", "big-2", "agg-1", "agg-2"):  # past the limit: refused (issue 12)
        try:
            wear(g, "A", cid)
        except EngineError:
            refused.add(cid)
    assert {c.id for c in g.state.player("A").worn_items()} == worn
    assert refused == {"big-1", "big-2", "agg-1", "agg-2"} - worn


# ---------------------------------------------------------------- item enhancers
def test_duct_tape_adds_to_the_item_it_is_attached_to_and_leaves_with_it() -> None:
    g = table("munchkin-apocalypse")
    a = g.state.player("A")
    wear(g, "A", "tire-iron", "improvised-weapon")
    a.hand.append(tape := g.new_card("duct-tape"))
    g.play(a, tape)  # the chooser prefers the item that accepts item enhancers
    assert tape.attached_to is not None and tape.attached_to.id == "improvised-weapon"
    g.start_combat(a, g.new_card("fire-ants"))
    bd = g.breakdown()
    assert bd.player == 1 + 2 + 1 + 2 and "Duct Tape on Improvised Weapon" in bd.text()
    g.run_away([6])
    g.lose_card(a, tape.attached_to)
    assert tape not in a.in_play() and tape in g.state.discards["treasure"]
    assert not check(g)


def test_cheat_lets_a_non_elf_wear_thin_tall_armor_and_comes_apart_on_death() -> None:
    g = table("munchkins-and-mazes")
    a = g.state.player("A")
    wear(g, "A", "thin-tall-armor")
    assert not a.worn_items()
    a.hand.append(cheat := g.new_card("cheat"))
    g.play(a, cheat, extra=a.items[0])
    assert [c.id for c in a.worn_items()] == ["thin-tall-armor"]
    g.kill(a)
    assert cheat.attached_to is None and cheat not in a.in_play()
    assert not check(g)


# ---------------------------------------------------------------- hordes
def test_undead_join_undead_without_wandering_monster() -> None:
    g = table("munchkin-apocalypse")
    a, b = g.state.player("A"), g.state.player("B")
    g.start_combat(a, g.new_card("horde-of-hungry-undead"))
    b.hand += [ants := g.new_card("fire-ants"), undead := g.new_card("horde-of-hungry-undead")]
    with pytest.raises(EngineError, match="cannot join"):
        g.play(b, ants)
    assert ants in b.hand
    g.play(b, undead)
    assert len(g.combat.live_monsters()) == 2 and not check(g)


def test_a_sharks_own_horde_effect_lets_sharks_join() -> None:
    g = table("munchkin-apocalypse")
    a, b = g.state.player("A"), g.state.player("B")
    g.start_combat(a, g.new_card("land-shark"))
    b.hand.append(shark := g.new_card("land-shark"))
    g.play(b, shark)
    assert len(g.combat.live_monsters()) == 2


def test_a_monster_paired_with_undead_joins_an_undead_fight() -> None:
    g = table("munchkins-and-mazes")
    a, b = g.state.player("A"), g.state.player("B")
    g.start_combat(a, g.new_card("crow-king"))
    b.hand += [bush := g.new_card("imaginary-bush"), first := g.new_card("undead")]
    with pytest.raises(EngineError):
        g.play(b, bush)  # the Crow King is no Undead yet
    g.play(b, first, on_monster=g.combat.live_monsters()[0])
    b.hand.append(second := g.new_card("undead"))
    g.play(b, bush, extra=second)
    live = g.combat.live_monsters()
    assert len(live) == 2 and "Undead" in live[1].tags()
    assert g.breakdown().monster == 12 + 5 + 4 + 5


# ---------------------------------------------------------------- Feline
def test_a_feline_opens_the_second_airlock_face_up() -> None:
    g = table("star-munchkin")
    a, b = g.state.player("A"), g.state.player("B")
    wear(g, "A", "feline")
    g.state.decks["door"].append(fish := g.new_card("star-fish"))
    got, face_up = g.loot_room(a)
    assert got == [fish] and face_up and fish not in a.hand
    # revealed by the engine at once: the monster is fought (no card is ever in no place)
    assert g.combat is not None and g.combat.monsters[0].card is fish
    g.run_away([6])
    g.state.decks["door"].append(fish2 := g.new_card("star-fish"))
    g.state.current = b.seat  # looting is the turn's player's alone
    got, face_up = g.loot_room(b)
    assert got == [fish2] and not face_up and fish2 in b.hand
