# ruff: noqa: E501  (pinned card text is kept one card-language per line, as printed)
"""Corpus part 2, families F3, F4, F6 and F10 (fire, immunities, reshaping a fight):
how the building blocks lower, and the pinned card text of their corpus cards in en, ru
and pl.  The engine side, with numbers, is in the sample packs' scenarios
(packs/munchkin-1.6/scenarios/fire.scn ...)."""

from __future__ import annotations

import pytest
from conftest import PackWriter, lower
from test_corpus2_text import pinned_text

from munchkin_dsl.compiler import effects as fx


def test_ignore_tag_bonuses_keeps_the_tag(packdir: PackWriter) -> None:
    cards = lower(packdir, 'item s "S" { armor; bonus +1; value 100; ignore fire bonuses }\n'
                           'monster m "M" { level 2; treasures 1; ignore Undead bonuses; '
                           "bad stuff: lose 1 level }\n")
    eff = cards["s"].abilities[0].effects[0]
    assert isinstance(eff, fx.Ignore)
    assert (eff.what, eff.tag, eff.target) == ("tag_bonuses", "fire", "you")
    assert cards["m"].abilities[0].effects[0].tag == "Undead"


def test_ignore_tag_cards_is_its_own_variant(packdir: PackWriter) -> None:
    """C110 Asbestos Suit: `ignore fire cards` keeps the tag and means "against you"."""
    cards = lower(packdir, 'item s "S" { armor; bonus +1; value 100; ignore fire cards }\n')
    eff = cards["s"].abilities[0].effects[0]
    assert isinstance(eff, fx.Ignore)
    assert (eff.what, eff.tag, eff.target) == ("tag_cards", "fire", "you")


def test_item_bonuses_is_still_its_own_variant(packdir: PackWriter) -> None:
    """`item` is a keyword before `bonuses`, never read as a tag called item."""
    cards = lower(packdir, 'one-shot o "O" { value 100; in combat: ignore item bonuses }\n')
    eff = cards["o"].abilities[0].effects[0]
    assert (eff.what, eff.tag) == ("item_bonuses", None)


def test_ignore_curses_from_the_door(packdir: PackWriter) -> None:
    cards = lower(packdir, 'item s "S" { footgear; bonus +0; value 100; '
                           "ignore curses from the door }\n")
    eff = cards["s"].abilities[0].effects[0]
    assert (eff.what, eff.target) == ("door_curses", "you")


def test_using_a_tag_and_a_level_change(packdir: PackWriter) -> None:
    cards = lower(packdir, 'monster r "R" { level 2; treasures 1; '
                           "if any fighter is not using fire: -1 level; "
                           "bad stuff: lose 1 level }\n")
    ab = cards["r"].abilities[0]
    cond, eff = ab.conditions[0], ab.effects[0]
    assert (cond.subject, cond.predicate, cond.value, cond.negated) == (
        "any_fighter", "using", "fire", True)
    assert isinstance(eff, fx.KillLevels) and eff.amount == -1


def test_replace_and_borrow(packdir: PackWriter) -> None:
    cards = lower(packdir, 'door i "I" { in combat: replace the monster with a monster from hand }\n'
                           'one-shot b "B" { value 100; in combat: borrow an item from another player }\n'
                           'one-shot h "H" { value 100; in combat: helper borrows an item from '
                           "the player to your left }\n")
    assert cards["i"].abilities[0].effects[0].kind == "replace_monster"
    b = cards["b"].abilities[0].effects[0]
    assert b.kind == "borrow_item" and (b.target, b.source) == ("you", "another_player")
    h = cards["h"].abilities[0].effects[0]
    assert (h.target, h.source) == ("helper", "left_player")


def test_take_items_and_random_cards_in_an_order(packdir: PackWriter) -> None:
    cards = lower(packdir, 'monster g "G" { level 9; treasures 2; bad stuff: every other player '
                           "highest level first takes 1 item from victim }\n"
                           'curse b "B" { the player to your left takes 2 cards at random '
                           "from victim }\n")
    g = cards["g"].abilities[0].effects[0]
    assert isinstance(g, fx.Take)
    assert (g.what, g.count, g.target, g.source) == ("items", 1, "others_by_level", "victim")
    b = cards["b"].abilities[0].effects[0]
    assert (b.what, b.count, b.target, b.source) == ("cards", 2, "left_player", "victim")


def test_items_chosen_by_another_player(packdir: PackWriter) -> None:
    cards = lower(packdir, 'monster l "L" { level 4; treasures 2; bad stuff: discard 2 items '
                           "chosen by the player to your right }\n")
    eff = cards["l"].abilities[0].effects[0]
    assert (eff.what, eff.count, eff.chooser, eff.target) == (
        "items_of_choice", 2, "right_player", "victim")


def test_cards_discarded_into_this_combat_are_counted(packdir: PackWriter) -> None:
    cards = lower(packdir, 'monster enhancer h "H" { +2 for each card discarded into this '
                           "combat up to +6 }\n")
    eff = cards["h"].abilities[0].effects[0]
    assert (eff.per, eff.for_each, eff.up_to, eff.target) == ("each", "discarded", 6, "monster")


def test_every_other_player_alone_is_still_its_own_target(packdir: PackWriter) -> None:
    cards = lower(packdir, 'curse c "C" { every other player gains 1 level }\n')
    assert cards["c"].abilities[0].effects[0].target == "every_other_player"


PINNED = [
    ("munchkin-1.6", "sandals-of-protection", "en", "Ignore curses drawn face up when kicking open the door (they are discarded)."),
    ("munchkin-1.6", "sandals-of-protection", "ru", "Игнорируешь проклятия, вытянутые в открытую, когда вышибаешь дверь (они уходят в сброс)."),
    ("munchkin-1.6", "sandals-of-protection", "pl", "Ignorujesz klątwy wyciągnięte odkryte przy wyważaniu drzwi (idą na stos kart odrzuconych)."),
    ("munchkin-1.6", "asbestos-suit", "en", "Fire one-shots and fire items played against you have no effect."),
    ("munchkin-1.6", "asbestos-suit", "ru", "Огненные карты (разовые шмотки и шмотки), сыгранные против тебя, не действуют."),
    ("munchkin-1.6", "asbestos-suit", "pl", "Ogniste karty (przedmioty jednorazowe i przedmioty) zagrane przeciwko tobie nie działają."),
    ("munchkin-1.6", "fire-proof-accountant", "en", "Bonuses from fire cards do not count in this fight. | Lose 1 level."),
    ("munchkin-1.6", "fire-proof-accountant", "ru", "Бонусы огненных карт в этом бою не действуют. | теряешь 1 уровень."),
    ("munchkin-1.6", "fire-proof-accountant", "pl", "Premie z ognistych kart nie liczą się w tej walce. | tracisz 1 poziom."),
    ("munchkin-1.6", "furious-rooster", "en", "If any fighter uses a fire card: +1 level for the kill. | Lose 1 level."),
    ("munchkin-1.6", "furious-rooster", "ru", "Если кто-то из бойцов использует огненную карту: +1 уровень за убийство. | теряешь 1 уровень."),
    ("munchkin-1.6", "furious-rooster", "pl", "Jeśli ktoś z walczących używa ognistej karty: +1 poziom za zabicie. | tracisz 1 poziom."),
    ("munchkin-1.6", "illusion", "en", "In combat: discard a monster from the fight and put a monster from your hand in its place."),
    ("munchkin-1.6", "illusion", "ru", "В бою: сбрасываешь монстра из боя и ставишь на его место монстра с руки."),
    ("munchkin-1.6", "illusion", "pl", "W walce: odrzucasz potwora z walki i wstawiasz na jego miejsce potwora z ręki."),
    ("munchkin-1.6", "borrowed-blade", "en", "Usable once only.\nIn combat: borrow an item another player has in play for this fight (it goes back when the fight ends)."),
    ("munchkin-1.6", "borrowed-blade", "ru", "Применить только один раз.\nВ бою: берёшь на этот бой шмотку, которая в игре у другого игрока (после боя она возвращается владельцу)."),
    ("munchkin-1.6", "borrowed-blade", "pl", "W walce: pożyczasz na tę walkę przedmiot, który ma w grze inny gracz (po walce wraca do właściciela)."),
    ("munchkins-and-mazes", "griffon-of-greed", "en", "If the fighter is level 3 or lower: will not pursue. | Every other player, highest level first, takes 1 item in play from you."),
    ("munchkins-and-mazes", "griffon-of-greed", "ru", "Если у бойца уровень 3 или ниже: не преследует его. | каждый другой игрок по очереди, начиная с самого высокого уровня, забирает 1 шмотку в игре у тебя."),
    ("munchkins-and-mazes", "griffon-of-greed", "pl", "Jeśli walczący ma poziom 3 lub niższy: nie ściga. | każdy inny gracz po kolei, od najwyższego poziomu, zabiera 1 przedmiot spośród twoich przedmiotów w grze."),
    ("munchkins-and-mazes", "leprechaun-lord", "en", "+5 against Elves. | Discard 1 item chosen by the player to your left, discard 1 item chosen by the player to your right."),
    ("munchkins-and-mazes", "leprechaun-lord", "ru", "+5, если в бою Эльф. | сбрасываешь 1 шмотку на выбор игрока слева от тебя и 1 шмотку на выбор игрока справа от тебя."),
    ("munchkins-and-mazes", "leprechaun-lord", "pl", "+5, jeśli w walce jest Elf. | odrzucasz 1 przedmiot wybrany przez gracza po twojej lewej i 1 przedmiot wybrany przez gracza po twojej prawej."),
    ("munchkins-and-mazes", "heckling-crowd", "en", "+2 for each card other players discard into this combat (one each) to the monster."),
    ("munchkins-and-mazes", "heckling-crowd", "ru", "+2 монстру за каждую карту, которую другие игроки сбросили в этот бой (не больше одной от игрока)."),
    ("munchkins-and-mazes", "heckling-crowd", "pl", "+2 za każdą kartę odrzuconą do tej walki przez innych graczy (najwyżej jedną od gracza) potworowi."),
    ("munchkins-and-mazes", "butterfingers", "en", "The player to your left takes 1 card at random from your hand, the player to your right takes 1 card at random from your hand."),
    ("munchkins-and-mazes", "butterfingers", "ru", "Игрок слева от тебя забирает наугад 1 карту с твоей руки, игрок справа от тебя забирает наугад 1 карту с твоей руки."),
    ("munchkins-and-mazes", "butterfingers", "pl", "Gracz po twojej lewej zabiera losowo 1 kartę z twojej ręki, gracz po twojej prawej zabiera losowo 1 kartę z twojej ręki."),
]


@pytest.mark.parametrize(("pack", "card_id", "lang", "expected"), PINNED,
                         ids=[f"{p[1]}-{p[2]}" for p in PINNED])
def test_card_text_is_pinned(pack: str, card_id: str, lang: str, expected: str) -> None:
    assert pinned_text(pack, card_id, lang) == expected
