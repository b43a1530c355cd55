"""Building blocks of F7, F11, F12 and F13 below the sample packs' scenarios: how the
deck, roll and timing phrases lower and what the checker refuses.  The scenarios
(packs/*/scenarios/corpus2.scn) show the engine side with numbers."""

from __future__ import annotations

from conftest import PackWriter, codes, lower

from munchkin_dsl.compiler import effects as fx


def test_take_from_a_discard_pile_by_kind_into_play(packdir: PackWriter) -> None:
    cards = lower(packdir, 'curse c "C" { victim takes the top class card from the door '
                           "discard pile into play, otherwise discards class }\n")
    take, other = cards["c"].abilities[0].effects
    assert isinstance(take, fx.TakeFromDiscards)
    assert (take.deck, take.card_kind, take.into_play, take.target) == (
        "door", "class", True, "victim")
    assert isinstance(other, fx.Discard) and other.otherwise


def test_take_any_card_into_the_hand(packdir: PackWriter) -> None:
    cards = lower(packdir, 'door d "D" { take the top card from the treasure discard pile }\n')
    take = cards["d"].abilities[0].effects[0]
    assert (take.deck, take.card_kind, take.into_play) == ("treasure", None, False)


def test_arrange_the_top_of_a_deck(packdir: PackWriter) -> None:
    cards = lower(packdir, 'one-shot o "O" { value 100; any time: look at the top 3 doors '
                           "and put them back in any order }\n"
                           'class k "K" { any time, once per turn: look at the top treasure '
                           "and put it back on the top or the bottom }\n")
    three = cards["o"].abilities[0].effects[0]
    one = cards["k"].abilities[0].effects[0]
    assert (three.count, three.deck, three.bottom) == (3, "door", False)
    assert (one.count, one.deck, one.bottom) == (1, "treasure", True)


def test_a_roll_fails_only_at_the_next_run_away_roll(packdir: PackWriter) -> None:
    cards = lower(packdir, 'curse c "C" { next run away roll: the roll fails, lose 1 level }\n')
    ab = cards["c"].abilities[0]
    assert ab.timing == "next_run_away_roll"
    assert [e.kind for e in ab.effects] == ["fail_roll", "lose_levels"]
    found = packdir.diagnostics('curse c "C" { next combat: the roll fails }\n')
    assert "E221" in codes(found) or "E222" in codes(found), codes(found)


def test_next_run_away_roll_is_for_curses(packdir: PackWriter) -> None:
    found = packdir.diagnostics('race r "R" { next run away roll: -1 to run away }\n')
    assert "E220" in codes(found)


def test_after_a_kill_is_for_cards_played_from_the_hand(packdir: PackWriter) -> None:
    cards = lower(packdir, 'treasure t "T" { after a kill: gain 1 level }\n')
    assert cards["t"].abilities[0].timing == "after_kill"
    assert "E220" in codes(packdir.diagnostics('race r "R" { after a kill: gain 1 level }\n'))


def test_a_curse_turns_back_only_when_targeted(packdir: PackWriter) -> None:
    cards = lower(packdir, 'race g "G" { when targeted by curse, discard 1 card: the curse '
                           "hits its player instead }\n")
    eff = cards["g"].abilities[0].effects[0]
    assert isinstance(eff, fx.Redirect) and eff.card_kind == "curse"
    found = packdir.diagnostics('race g "G" { on kill: the curse hits its player instead }\n')
    assert codes(found), "a curse can be turned back only as it is played"


def test_a_limit_for_one_slot(packdir: PackWriter) -> None:
    cards = lower(packdir, 'race m "M" { headgear limit +1 }\n')
    eff = cards["m"].abilities[0].effects[0]
    assert (eff.limit, eff.value, eff.relative) == ("headgear", 1, True)


def test_bonuses_of_a_kind_shrink_toward_zero(packdir: PackWriter) -> None:
    from munchkin_dsl.engine.combat import toward_zero

    cards = lower(packdir, 'monster m "M" { level 4; treasures 1; every item gives 2 less; '
                           "bad stuff: lose 1 level }\n")
    eff = cards["m"].abilities[0].effects[0]
    assert isinstance(eff, fx.Weaken) and (eff.source, eff.amount) == ("item", 2)
    assert [toward_zero(a, 2) for a in (5, 1, 0, -1, -3)] == [3, 0, 0, 0, -1]


def test_a_monster_hears_a_death_in_its_fight(packdir: PackWriter) -> None:
    cards = lower(packdir, 'monster v "V" { level 3; treasures 1; when a player dies: +5; '
                           "bad stuff: lose 1 level }\n")
    ab = cards["v"].abilities[0]
    assert ab.timing == "when_any_dies" and ab.effects[0].amount == 5
    assert "E220" in codes(packdir.diagnostics('race r "R" { when a player dies: +1 }\n'))


def test_a_monster_turns_on_another_player_only_when_caught(packdir: PackWriter) -> None:
    cards = lower(packdir, 'class k "K" { when caught, roll 5+: the monster turns on the '
                           "player to your left }\n")
    ab = cards["k"].abilities[0]
    assert (ab.timing, ab.roll) == ("when_caught", 5)
    assert ab.effects[0].kind == "turn_on" and ab.effects[0].target == "left_player"
    found = packdir.diagnostics('class k "K" { on kill: the monster turns on another player }\n')
    assert codes(found), "a monster can be sent on only by a caught player"


def test_a_face_up_draw_replaced(packdir: PackWriter) -> None:
    cards = lower(packdir, 'class c "C" { instead of drawing face up, discard 1 card: take '
                           "the top card from the door discard pile }\n")
    ab = cards["c"].abilities[0]
    assert ab.timing == "instead_of_face_up" and ab.costs[0].count == 1
    assert "E220" in codes(packdir.diagnostics(
        'one-shot o "O" { value 100; instead of drawing face up: gain 1 level }\n'))


def test_a_die_face_changed_only_after_the_roll(packdir: PackWriter) -> None:
    cards = lower(packdir, 'one-shot o "O" { value 100; after run away roll: the die shows 6 }\n')
    eff = cards["o"].abilities[0].effects[0]
    assert eff.kind == "set_die" and eff.value == 6
    assert codes(packdir.diagnostics('one-shot o "O" { value 100; in combat: the die shows 6 }\n'))
    assert "E205" in codes(packdir.diagnostics(
        'one-shot o "O" { value 100; after run away roll: the die shows 7 }\n'))
