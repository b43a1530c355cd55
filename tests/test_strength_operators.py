"""Strength operators on a monster's own line and on a card in play's `while in play` line,
and a one-shot's line for the loss of the fight it was played into (issue 19 item 1,
"strength operators"; authoring cards 80 Mega-Zombie, 67 Reactor Overload, 136 Bogatyr's
Sword).  The pack tests/data/strength-operators plays each
where it applies and where it must not; here: the refusals, the printed text, and the
engine arithmetic of a played operator beside an own-line one."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.cli import main

CARDS = Path(__file__).resolve().parent / "data" / "strength-operators"
MON = 'monster m "M" {{\n  level 4\n  treasures 1\n  {}\n  bad stuff: lose 1 level\n}}\n'


def test_the_scenarios_pass() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert "29 passed, 0 failed" in result.output


@pytest.mark.parametrize("line", [
    "double the strength of monster",
    "halve the strength of monster",
    "monster loses all bonuses",
    "if fighter is Elf: double the strength of monster",
    "triple the strength of monster",
    "multiply the strength of monster by 5",
    "halve the strength of monster rounded up",
    # the fighter's side, read all fight (Mind Leech): engine tests in test_monster_side_operators
    "if fighter is Elf: halve the strength of fighter",
    "helper loses all bonuses",
    "halve the strength of player side",
])
def test_a_monster_carries_an_operator_on_itself(line: str, tmp_path: Path) -> None:
    assert pack_codes(MON.format(line), tmp_path) == []


@pytest.mark.parametrize(("line", "code"), [
    ("double the strength of you", "E228"),     # nobody of the fight's sides
    ("halve the strength of victim", "E228"),
    ("may double the strength of monster", "E228"),  # read all fight: nobody chooses
    ("kill the monster outright", "E202"),           # a monster does not kill itself
    ("+1 die to monster", "E202"),                   # rolled once when played, not all fight
    ("triple the strength of the player to your left", "E228"),
    ("multiply the strength of monster by 1", "E205"),  # below the limit: no multiplier
])
def test_an_operator_that_means_nothing_on_a_monster_is_refused(line: str, code: str,
                                                                tmp_path: Path) -> None:
    assert code in pack_codes(MON.format(line), tmp_path)


ITEM = 'item i "I" {{\n  bonus +1\n  value 100\n  {}\n}}\n'
ONE_SHOT = 'one-shot o "O" {{\n  value 100\n  {}\n}}\n'


def refusal(card: str, tmp_path: Path) -> str:
    """`munchkin check` on a pack of one card that must be refused: what it printed."""
    pack = tmp_path / "p"
    pack.mkdir()
    (pack / "pack.munch").write_text('pack p { title "P"; version "1"; ruleset munchkin-1.6 }\n'
                                     + card, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(pack)])
    assert result.exit_code != 0
    return result.output


@pytest.mark.parametrize(("kind_card", "line"), [
    (ITEM, "if monster is Undead: halve the strength of monster"),
    (ITEM, "double the strength of you"),
    (ITEM, "double the strength of helper"),
    (ITEM, "halve the strength of fighter"),
    (ITEM, "monster loses all bonuses"),
    (ITEM, "double the strength of player side"),
    ('race r "R" {{\n  {}\n}}\n', "if monster is Undead: double the strength of you"),
    ('curse c "C" {{\n  while in play: {}\n}}\n', "victim loses all bonuses"),
])
def test_a_card_in_play_carries_an_operator_read_all_fight(kind_card: str, line: str,
                                                           tmp_path: Path) -> None:
    assert pack_codes(kind_card.format(line), tmp_path) == []


@pytest.mark.parametrize(("line", "hint"), [
    ("may double the strength of monster", "in combat, once per combat"),  # nobody chooses
    ("double the strength of another player", "name a side of the fight"),
    ("double the strength of either side", "name a side of the fight"),
    ("halve the strength of each player", "name a side of the fight"),
])
def test_an_operator_in_play_that_reaches_nobody_is_refused(line: str, hint: str,
                                                            tmp_path: Path) -> None:
    output = refusal(ITEM.format(line), tmp_path)
    assert "E228" in output and hint in output, output


@pytest.mark.parametrize(("card", "code"), [
    ('item i "I" {\n  bonus +1\n  value 100\n  if you lose this combat: lose 1 level\n}\n',
     "E220"),                                        # only a one-shot played into a fight
    ('one-shot o "O" {\n  value 100\n  if you lose this combat: +5 to you\n}\n', "E221"),
    ('one-shot o "O" {\n  value 100\n  if you lose this combat: kill the monster outright\n}\n',
     "E221"),                                        # the fight is lost already
])
def test_a_loss_line_that_cannot_fire_is_refused(card: str, code: str, tmp_path: Path) -> None:
    assert code in pack_codes(card, tmp_path)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "If the fighter is an Elf: the combat strength of the monster is doubled."),
    ("en", "If you lose this combat: lose 1 level."),
    ("ru", "Если боец — Эльф: боевая сила монстра удваивается."),
    ("ru", "Если ты проиграешь этот бой: теряешь 1 уровень."),
    ("pl", "Jeśli walczący to Elf: siła bojowa potwora zostaje podwojona."),
    ("pl", "Jeśli przegrasz tę walkę: tracisz 1 poziom."),
    ("en", "If the monster is Undead: the combat strength of the monster is halved "
           "(rounded down)."),
    ("ru", "Твоя боевая сила удваивается."),
    ("pl", "Twoja siła bojowa zostaje podwojona."),
    ("en", "The combat strength of the monster is 12."),
    ("en", "In combat: set the combat strength of the monster to 0."),
    ("ru", "Боевая сила монстра становится равной 12."),
    ("pl", "Siła bojowa potwora wynosi 12."),
    ("en", "The combat strength of the monster is tripled."),
    ("en", "In combat: multiply the combat strength of the monster by 4."),
    ("en", "The combat strength of the monster is halved (rounded up)."),
    ("ru", "Боевая сила монстра утраивается."),
    ("ru", "В бою: боевая сила монстра умножается на 4."),
    ("ru", "Боевая сила монстра уменьшается вдвое (с округлением вверх)."),
    ("pl", "Siła bojowa potwora zostaje potrojona."),
    ("pl", "W walce: siła bojowa potwora zostaje pomnożona przez 4."),
    ("pl", "Siła bojowa potwora zostaje zmniejszona o połowę (w górę)."),
])
def test_card_text(lang: str, words: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output, result.output


@pytest.mark.parametrize(("card", "line", "form"), [
    (ITEM, "halve your strength", "halve the strength of you"),
    (ITEM, "your strength is halved", "halve the strength of you"),
    (MON, "its strength is doubled", "double the strength of monster"),
    (MON, "the strength of the monster is 0", "set the strength of monster to 0"),
    (MON, "its bonuses are lost", "monster loses all bonuses"),
    (MON, "while another player helps you: double the strength of monster",
     "if fighter is not alone"),
    (ONE_SHOT, "in combat: the monster is killed outright", "kill the monster outright"),
    (ONE_SHOT, "in combat: set the monster's strength to 0", "set the strength of monster to 0"),
    (MON, "its strength is tripled", "triple the strength of monster"),
    (ONE_SHOT, "in combat: triple your strength", "triple the strength of you"),
    (ONE_SHOT, "in combat: multiply the monster's strength by 5",
     "multiply the strength of monster by 5"),
    # the levels a kill gives (parts/rewards.KillLevels), as authors say them
    (MON, "the monster gives 1 fewer level", "-1 level(s)"),
    (ONE_SHOT, "in combat: the monster gives 2 extra levels", "+2 level(s)"),
    (MON, "it gives half its levels", "-1 level"),
])
def test_a_natural_phrasing_is_refused_with_the_form_that_works(card: str, line: str,
                                                                 form: str,
                                                                 tmp_path: Path) -> None:
    output = refusal(card.format(line), tmp_path)
    assert f"is written `{form}`" in output, output


@pytest.mark.parametrize("line", [
    "the monster loses all its bonuses",
    "set the strength of the monster to 0",
    "double the strength of the monster",
])
def test_the_monster_and_its_bonuses_are_read(line: str, tmp_path: Path) -> None:
    assert pack_codes(MON.format(line), tmp_path) == []


def test_a_monster_operator_on_a_player_outside_its_fight_names_the_sides(
        tmp_path: Path) -> None:
    """A monster's line is read in its own fight: `you` there is nobody of its sides, and the
    hint names the fighter, the helper and the monster."""
    output = refusal(MON.format("you lose all bonuses"), tmp_path)
    assert "E228" in output and "`halve the strength of fighter`" in output, output
    assert pack_codes(MON.format("fighter loses all bonuses"), tmp_path) == []


def test_each_monster_is_refused_with_the_word_that_reaches_them(tmp_path: Path) -> None:
    output = refusal(ONE_SHOT.format("in combat: double the strength of each monster"), tmp_path)
    assert "E101" in output and "write `monster`" in output, output


ENHANCER = 'item enhancer e "E" {{\n  value 100\n  {}\n}}\n'


@pytest.mark.parametrize(("card", "codes"), [
    # an item enhancer's operator works on its item's bonus (held-out-5 277 Overclocked Motor)
    (ENHANCER.format("double the strength of attached item"), []),
    (ENHANCER.format("halve the strength of attached item rounded up"), []),
    (ENHANCER.format("multiply the strength of attached item by 3"), []),
    # any other side on an item enhancer, or `attached item` on a card that has none
    (ENHANCER.format("double the strength of monster"), ["E228"]),
    (ITEM.format("double the strength of attached item"), ["E225"]),
])
def test_an_item_enhancer_operator_works_on_its_item(card: str, codes: list[str],
                                                      tmp_path: Path) -> None:
    got = [c for c in pack_codes(card, tmp_path) if c.startswith("E")]  # (W401: 1.6's kinds)
    assert all(c in got for c in codes) and (codes or got == []), got
