"""The composable building blocks of corpus part 2, below the sample packs' scenarios:
how each phrase lowers, what the checker says about a wrong one, and the card text of
chained conditions.  The scenarios (packs/*/scenarios/corpus2.scn) show the engine side
with numbers."""

from __future__ import annotations

from conftest import HEADER, PackWriter, codes, lower

from munchkin_dsl.compiler import effects as fx
from munchkin_dsl.compiler.api import compile_packs, lower_pack
from munchkin_dsl.engine.combat import scaled_amount
from munchkin_dsl.text.cardtext import card_text, ruleset_for


def test_for_every_n_up_to_lowers_to_the_counting_fields(packdir: PackWriter) -> None:
    cards = lower(packdir, 'item p "P" { bonus +0; value 100; '
                           "+1 for every 2 cards in your hand up to +4 }\n")
    eff = cards["p"].abilities[0].effects[0]
    assert isinstance(eff, fx.Strength)
    assert (eff.per, eff.for_each, eff.for_every, eff.up_to, eff.for_each_whose) == (
        "each", "hand", 2, 4, "you")


def test_for_each_other_tagged_monster(packdir: PackWriter) -> None:
    cards = lower(packdir, 'monster m "M" { level 2; treasures 1; tags Undead; '
                           "+2 for each other undead monster in this combat; "
                           "bad stuff: lose 1 level }\n")
    eff = cards["m"].abilities[0].effects[0]
    assert (eff.for_each, eff.for_each_tag, eff.for_each_other) == ("monsters", "Undead", True)


def test_the_fighters_items_of_a_tag(packdir: PackWriter) -> None:
    cards = lower(packdir, 'monster m "M" { level 2; treasures 1; '
                           "+1 for each Undead item the fighter has in play; "
                           "bad stuff: lose 1 level }\n"
                           'item u "U" { bonus +1; value 100; tags Undead }\n')
    eff = cards["m"].abilities[0].effects[0]
    assert (eff.for_each, eff.for_each_tag, eff.for_each_whose) == ("items", "Undead", "fighter")


def test_a_cap_holds_negative_amounts_too() -> None:
    eff = fx.Strength(amount=-1, target="monster", per="each", for_each="hand", up_to=-3)
    assert scaled_amount(eff, 5) == -3
    assert scaled_amount(eff, 2) == -2


def test_a_list_after_against_and_an_otherwise_after_it(packdir: PackWriter) -> None:
    cards = lower(packdir, 'monster m "M" { level 2; treasures 1; '
                           "+3 against Dwarf, Halfling, otherwise lose 1 level"
                           "; bad stuff: lose 1 level }\n")
    first, second = cards["m"].abilities[0].effects
    assert (first.against, first.against_also) == ("Dwarf", ("Halfling",))
    assert second.kind == "lose_levels" and second.otherwise


def test_an_unknown_name_in_the_list_is_pointed_at(check_text) -> None:  # noqa: ANN001
    found = check_text('monster m "M" { level 2; treasures 1; +3 against Dwarf, Hobbit'
                       '; bad stuff: lose 1 level }\n')
    assert codes(found) == ["E101"]
    assert (found[0].span.line, found[0].span.column) == (2, 57)


def test_or_needs_an_effect_before_it(check_text) -> None:  # noqa: ANN001
    found = check_text('curse c "C" { or lose 1 level }\n')
    assert "E209" in codes(found)


def test_human_is_the_lack_of_a_race(packdir: PackWriter) -> None:
    cards = lower(packdir, 'item b "B" { bonus +3; value 400; headgear; usable by Human only }\n'
                           'item c "C" { bonus +1; value 100; if you are Human: +2 }\n')
    assert cards["b"].usable_by == ("Human",)
    assert cards["c"].abilities[0].conditions[0].value == "Human"


def test_level_amounts_from_the_roll_and_from_the_table(packdir: PackWriter) -> None:
    cards = lower(packdir, 'monster m "M" { level 2; treasures 1; bad stuff, roll 3+: lose as '
                           "many levels as the roll shows, otherwise die }\n"
                           'monster g "G" { level 2; treasures 1; bad stuff: go to the level of '
                           "the lowest level player }\n")
    lose = cards["m"].abilities[0].effects[0]
    assert lose.kind == "lose_levels" and lose.from_roll
    assert cards["g"].abilities[0].effects[0].level_of == "lowest_level"


CHAINED = {
    "en": "If the fighter is level 4 or lower and not an Elf: +3.",
    "ru": "Если у бойца уровень 4 или ниже и боец — не Эльф: +3.",
    "pl": "Jeśli walczący ma poziom 4 lub niższy i walczący to nie Elf: +3.",
}


def test_chained_conditions_read_as_one_sentence(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + 'monster m "M" { level 6; treasures 2; if fighter is '
                  "level 4 or lower, if fighter is not Elf: +3; bad stuff: lose 1 level }\n")
    result = compile_packs(["pack.munch"])
    card = lower_pack(result.packs[0])[0]
    rs = ruleset_for(card, result.packs[0].rulesets)
    for lang, text in CHAINED.items():
        assert card_text(card, rs, lang).body == text


def test_seat_targets_are_the_neighbours_of_you(packdir: PackWriter) -> None:
    """`the player to your left` is the next living seat in turn order; on a curse "your"
    is the victim's."""
    from munchkin_dsl.engine import Game

    packdir.write("pack.munch", HEADER + 'curse gift "Curse! Pass It On" { victim loses 1 '
                  "level, the player to your left gains 1 level, the player to your right "
                  "gains 1 level }\n")
    result = compile_packs(["pack.munch"])
    assert result.data is not None, [str(d) for d in result.sink]
    g = Game(result.data, ["A", "B", "C", "D"], seed=1, deal=False)
    a, b, c, d = (g.state.player(n) for n in "ABCD")
    for p in (a, b, c, d):
        p.level = 3
    c.dead = True  # a dead seat is skipped
    card = g.new_card("gift")
    a.hand.append(card)
    g.curse(b, card, by=a)
    assert (a.level, b.level, c.level, d.level) == (4, 2, 3, 4)


def test_seat_targets_print_in_every_language(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + 'door d "D" { the player to your left gains 1 level, '
                  "+2 to the player to your right }\n")
    result = compile_packs(["pack.munch"])
    card = lower_pack(result.packs[0])[0]
    rs = ruleset_for(card, result.packs[0].rulesets)
    assert card_text(card, rs, "en").body == (
        "The player to your left goes up 1 level, +2 to the player to your right.")
    assert card_text(card, rs, "ru").body == (
        "Игрок слева от тебя получает 1 уровень, +2 игроку справа от тебя.")
    assert card_text(card, rs, "pl").body == (
        "Gracz po twojej lewej zyskuje 1 poziom, +2 graczowi po twojej prawej.")
