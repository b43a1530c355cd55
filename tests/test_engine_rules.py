"""Engine unit tests: one per rule the engine plays (RULES.md sections 1-3)."""

from __future__ import annotations

from functools import cache

import pytest

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.effects import EFFECT_TYPES
from munchkin_dsl.compiler.engine_data import EngineData
from munchkin_dsl.engine import EngineError, Game
from munchkin_dsl.engine.effects_apply import APPLY
from munchkin_dsl.engine.invariants import check


@cache
def pack(name: str) -> EngineData:
    data = compile_packs([f"packs/{name}"]).data
    assert data is not None
    return data


def table(name: str = "munchkin-1.6", players: tuple[str, ...] = ("A", "B"),
          ruleset: str | None = None) -> Game:
    return Game(pack(name), list(players), seed=1, debug=True, deal=False, ruleset=ruleset)


def give(g: Game, who: str, *ids: str) -> None:
    for cid in ids:
        g.put_in_play(g.state.player(who), g.new_card(cid))


def test_every_effect_kind_has_an_apply_function() -> None:
    missing = [t.kind for t in EFFECT_TYPES if t.kind not in APPLY]
    assert not missing, f"effect kinds without an engine entry: {missing}"


def test_r1_never_below_level_1() -> None:
    g = table()
    a = g.state.player("A")
    a.level = 2
    g.start_combat(a, g.new_card("hippogriff"))
    g.run_away([6])
    assert a.level == 1 and not check(g)


def test_r2_no_level_without_a_kill() -> None:
    g = table()
    a = g.state.player("A")
    a.sex = "female"
    g.start_combat(a, g.new_card("amazon"))
    assert g.last_outcome == "defeated_without_kill" and a.level == 1
    assert a.treasures_drawn == 1


def test_r3_rewards_wait_for_the_end_of_combat_but_a_level_card_acts_at_once() -> None:
    g = table()
    a = g.state.player("A")
    a.level = 5
    g.start_combat(a, g.new_card("speedy-snail"))
    g.play(a, g.new_card("go-up-a-level"), on_player=a)
    assert a.level == 6, "a level card is no reward of the fight: it acts at once (issue 12)"
    assert g.breakdown().player == 6
    g.resolve()
    assert a.level == 7
    assert all(not during for _n, kind, _a, during, _r in g.state.rewards if kind != "level")
    assert a.treasures_drawn == 1


def test_r4_level_10_only_by_a_kill() -> None:
    g = table()
    a = g.state.player("A")
    a.level = 9
    g.play(a, g.new_card("go-up-a-level"), on_player=a)
    assert a.level == 9
    goods = [g.new_card("chainsaw"), g.new_card("wishing-ring")]
    a.hand += goods
    g.sell(a, goods)
    assert a.level == 9 and not g.state.winners
    g.start_combat(a, g.new_card("speedy-snail"))
    g.resolve()
    assert a.level == 10 and g.state.winners == ["A"]


def test_r4_override_divine_intervention_classic_ru() -> None:
    g = table("munchkin-classic-ru")
    a = g.state.player("A")
    a.level = 9
    give(g, "A", "classic-cleric")
    card = g.new_card("classic-divine-intervention")
    a.hand.append(card)
    g.play(a, card)
    assert a.level == 10 and g.state.winners == ["A"] and not check(g)


def test_ties_go_to_the_monster_and_a_warrior_wins_them() -> None:
    g = table()
    a = g.state.player("A")
    a.level = 4
    g.start_combat(a, g.new_card("speedy-snail"))
    assert not g.breakdown().won
    with pytest.raises(EngineError):
        g.resolve()
    g.run_away([6])
    a.level = 4
    give(g, "A", "warrior")
    g.start_combat(a, g.new_card("speedy-snail"))
    assert g.breakdown().player == g.breakdown().monster and g.breakdown().won


@pytest.mark.parametrize("ruleset,helper_up", [("munchkin-1.6", 1), ("star-munchkin", 0),
                                               ("munchkin-apocalypse", 0)])
def test_helper_levels_follow_the_ruleset(ruleset: str, helper_up: int) -> None:
    g = table(ruleset=ruleset)
    a, b = g.state.players
    a.level, b.level = 5, 3
    b.bare_traits.add("Elf")
    g.start_combat(a, g.new_card("speedy-snail"))
    g.help(b)
    g.resolve()
    assert b.level == 3 + helper_up


def test_mate_copies_with_enhancers_on_both() -> None:
    g = table()
    a, b = g.state.players
    a.level = 9
    g.start_combat(a, g.new_card("gelatinous-octahedron"))
    g.play(b, g.new_card("enraged"))
    g.play(b, g.new_card("mate"))
    bd = g.breakdown()
    assert bd.monster == 2 * (2 + 5)
    assert g.treasure_total() == 2 * (1 + 1)


def test_dwarf_hand_limit_6_in_classic_ru_from_the_ruleset() -> None:
    g = table("munchkin-classic-ru", ruleset="munchkin-classic-ru")
    a = g.state.player("A")
    a.bare_traits.add("Dwarf")
    assert g.rules.hand_limit(a) == 6
    g2 = table("munchkin-classic-ru", ruleset="munchkin-classic-ru")
    assert g2.rules.hand_limit(g2.state.player("A")) == 5


def test_charity_gives_the_excess_to_the_lowest_level() -> None:
    g = table()
    a, b = g.state.players
    a.level = 3
    a.hand += [g.new_card("thief") for _ in range(7)]
    g.charity(a)
    assert len(a.hand) == 5 and len(b.hand) == 2


def test_death_keeps_level_and_class_and_others_loot() -> None:
    g = table(players=("A", "B", "C"))
    a, b, c = g.state.players
    a.level, b.level = 6, 4
    give(g, "A", "warrior", "chainsaw", "boots-of-butt-kicking")
    g.kill(a)
    assert a.dead and a.level == 6 and a.classes and not a.items
    assert len(b.hand) == 1 and len(c.hand) == 1


def test_run_away_five_or_more_escapes_and_modifiers_apply() -> None:
    g = table()
    a = g.state.player("A")
    a.level = 3
    give(g, "A", "elf")
    g.start_combat(a, g.new_card("net-troll"))
    assert g.run_away([4]) == {"A:net-troll": "escaped"}
    g.start_combat(a, g.new_card("speedy-snail"))
    assert g.run_away([5]) == {"A:speedy-snail": "caught"}  # 5 + 1 - 2


def test_no_escape_and_will_not_pursue() -> None:
    g = table()
    a = g.state.player("A")
    a.level = 5
    g.start_combat(a, g.new_card("plutonium-dragon"))
    assert g.last_outcome == "not_pursued" and g.combat is None
    g.start_combat(a, g.new_card("hippogriff"))
    assert g.run_away([6]) == {"A:hippogriff": "caught"}


def test_seals_add_strength_and_the_top_seal_applies() -> None:
    g = table("munchkin-apocalypse", players=("Basia", "Jozek"))
    basia = g.state.player("Basia")
    basia.level = 5
    give(g, "Basia", "guerrilla", "tire-iron")
    for cid in ("jam-shortage", "jam-shortage", "beer-shortage"):
        g.state.open_seals.append(g.new_card(cid))
    g.start_combat(basia, g.new_card("fire-ants"))
    bd = g.breakdown()
    assert (bd.player, bd.monster) == (10, 16)


def test_three_levels_in_one_turn_close_the_top_seal() -> None:
    g = table("munchkin-apocalypse")
    a = g.state.player("A")
    g.state.open_seals += [g.new_card("jam-shortage"), g.new_card("beer-shortage")]
    g.gain_levels(a, 2, "card", 9)
    assert len(g.state.open_seals) == 2
    g.gain_levels(a, 1, "card", 9)
    assert [s.id for s in g.state.open_seals] == ["jam-shortage"]


def test_seventh_seal_ends_the_game_by_item_bonus() -> None:
    g = table("munchkin-apocalypse")
    a, b = g.state.players
    b.level = 2
    give(g, "A", "tire-iron")
    g.state.decks["seal"].append(g.new_card("seventh-seal"))
    g.open_seal(b)
    assert g.state.over and g.state.winners == ["A"]


def test_sidekick_escapes_every_monster_automatically() -> None:
    g = table("star-munchkin")
    a = g.state.player("A")
    give(g, "A", "red-shirt")
    sk = a.sidekicks[0]
    g.start_combat(a, g.new_card("fanged-space-thing"))
    ab = next(ab for ab in sk.data.abilities if ab.costs or ab.effects)
    g.use(a, sk, ab)
    result = g.run_away([1])
    assert set(result.values()) == {"escaped"}
    assert not a.sidekicks


def test_same_seed_same_game() -> None:
    from munchkin_dsl.engine.simulate import play_one

    cards = pack("munchkin-1.6").cards
    one = play_one(cards, "munchkin-1.6", 4, (5, 1))
    two = play_one(cards, "munchkin-1.6", 4, (5, 1))
    assert one == two
