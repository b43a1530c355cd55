"""Engine fixes found by the sample packs' card scenarios (issue 5): card requirements,
one copy of a race or class, the Sidekick limit, abilities refused before they are paid,
and the Orc's discard only against Bad Stuff that takes levels."""

from __future__ import annotations

import dataclasses
from functools import cache

import pytest

from munchkin_dsl.compiler import effects as fx
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


def table(name: str, cards: list[CardData] | None = None) -> Game:
    return Game(cards if cards is not None else pack(name), ["A", "B"], seed=1, debug=True,
                deal=False)


def in_hand(g: Game, who: str, cid: str):  # noqa: ANN201 - a CardInst
    card = g.new_card(cid)
    g.state.player(who).hand.append(card)
    return card


@pytest.mark.parametrize(("name", "card", "need"), [
    ("munchkin-1.6", "half-breed", "elf"), ("munchkin-1.6", "super-munchkin", "warrior"),
    ("munchkin-classic-ru", "classic-race-cocktail", "classic-elf"),
    ("munchkin-classic-ru", "classic-super-munchkin", "classic-warrior"),
])
def test_half_breed_and_super_munchkin_need_a_race_or_class_in_play(name: str, card: str,
                                                                     need: str) -> None:
    g = table(name)
    a = g.state.player("A")
    c = in_hand(g, "A", card)
    with pytest.raises(EngineError, match="needs a"):
        g.play(a, c)
    assert c in a.hand  # refused before anything moved
    g.play(a, in_hand(g, "A", need))
    g.play(a, c)
    assert c in a.others and not check(g)


def test_never_two_copies_of_the_same_race_even_with_half_breed() -> None:
    g = table("munchkin-1.6")
    a = g.state.player("A")
    g.play(a, in_hand(g, "A", "elf"))
    g.play(a, in_hand(g, "A", "half-breed"))
    second = in_hand(g, "A", "elf")
    with pytest.raises(EngineError, match="never two copies"):
        g.play(a, second)
    assert second in a.hand and [c.id for c in a.races] == ["elf"]
    g.play(a, in_hand(g, "A", "dwarf"))
    assert sorted(c.id for c in a.races) == ["dwarf", "elf"] and not check(g)


def test_a_new_race_replaces_the_old_one_without_half_breed() -> None:
    g = table("munchkin-1.6")
    a = g.state.player("A")
    g.play(a, in_hand(g, "A", "elf"))
    g.play(a, in_hand(g, "A", "dwarf"))
    assert [c.id for c in a.races] == ["dwarf"] and not check(g)


def test_one_sidekick_in_play_two_for_a_trader() -> None:
    g = table("star-munchkin")
    a, b = g.state.player("A"), g.state.player("B")
    g.play(a, in_hand(g, "A", "red-shirt"))
    extra = in_hand(g, "A", "red-shirt")
    with pytest.raises(EngineError, match="at most 1 Sidekick"):
        g.play(a, extra)
    assert extra in a.hand
    g.state.current = b.seat  # a class from the hand goes to the table on its owner's turn
    g.play(b, in_hand(g, "B", "trader"))
    g.play(b, in_hand(g, "B", "red-shirt"))
    g.play(b, in_hand(g, "B", "red-shirt"))
    assert len(b.sidekicks) == 2
    with pytest.raises(EngineError, match="at most 2 Sidekick"):
        g.play(b, in_hand(g, "B", "red-shirt"))
    assert not check(g)


def _ability(g: Game, card, label: str) -> fx.Ability:  # noqa: ANN001
    return next(ab for ab in card.data.abilities if ab.label == label)


def test_turning_against_a_monster_that_is_not_undead_is_refused_before_payment() -> None:
    g = table("munchkin-1.6")
    a = g.state.player("A")
    g.play(a, cleric := in_hand(g, "A", "cleric"))
    card = in_hand(g, "A", "thief")
    g.start_combat(a, g.new_card("net-troll"))
    with pytest.raises(EngineError, match="no effect"):
        g.use(a, cleric, _ability(g, cleric, "Turning"), discards=[card])
    assert card in a.hand and g.breakdown().player == 1


def test_backstab_is_refused_before_payment_on_a_victim_already_hit() -> None:
    g = table("munchkin-1.6")
    a, b = g.state.player("A"), g.state.player("B")
    a.level = 6
    g.state.current = b.seat  # a class from the hand goes to the table on its owner's turn
    g.play(b, thief := in_hand(g, "B", "thief"))
    g.state.current = a.seat
    first, second = in_hand(g, "B", "elf"), in_hand(g, "B", "dwarf")
    g.start_combat(a, g.new_card("net-troll"))
    backstab = _ability(g, thief, "Backstab")
    g.use(b, thief, backstab, discards=[first], on_player=a)
    assert g.breakdown().player == 4
    with pytest.raises(EngineError, match="already used on A"):
        g.use(b, thief, backstab, discards=[second], on_player=a)
    assert second in b.hand and g.breakdown().player == 4


def _level_taker() -> list[CardData]:
    """munchkins-and-mazes cards plus a monster whose Bad Stuff takes 2 levels."""
    mazes, base = pack("munchkins-and-mazes"), pack("munchkin-1.6")
    troll = next(c for c in base.cards if c.id == "net-troll")
    return [*mazes.cards, dataclasses.replace(troll, id="level-taker")]


def test_orc_discards_2_cards_to_ignore_bad_stuff_that_takes_levels() -> None:
    g = table("munchkins-and-mazes", _level_taker())
    a = g.state.player("A")
    a.level = 4
    g.play(a, in_hand(g, "A", "orc"))
    in_hand(g, "A", "thief"), in_hand(g, "A", "cleric")
    g.start_combat(a, g.new_card("level-taker"))
    g.run_away([1])
    assert a.level == 4 and not a.hand and not check(g)


def test_orc_without_2_cards_loses_the_levels() -> None:
    g = table("munchkins-and-mazes", _level_taker())
    a = g.state.player("A")
    a.level = 4
    g.play(a, in_hand(g, "A", "orc"))
    in_hand(g, "A", "thief")
    g.start_combat(a, g.new_card("level-taker"))
    g.run_away([1])
    assert a.level == 2 and len(a.hand) == 1


def test_orc_does_not_pay_against_death() -> None:
    g = table("munchkins-and-mazes")
    a, b = g.state.player("A"), g.state.player("B")
    g.play(a, in_hand(g, "A", "orc"))
    in_hand(g, "A", "thief"), in_hand(g, "A", "cleric")
    g.start_combat(a, g.new_card("crow-king"))
    g.run_away([1])
    assert a.dead and len(b.hand) == 1  # B loots one of the two unpaid cards
