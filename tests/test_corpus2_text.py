# ruff: noqa: E501  (pinned card text is kept one card-language per line, as printed)
"""Corpus part 2 (CORPUS-2.md C79-C142): the building blocks' card text, pinned.

A dozen and more representative corpus cards per language, compiled from the sample
packs: amounts that count (`for each`, `for every 2 ... up to`), a level read from the
table, the die of the line's roll, choices (`either ..., or ...`), name lists after
`against`, discards picked by a property, standings, chained conditions and the Bad
Stuff victim printed as "you".  A wording change must be made here on purpose.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.base.rulesets import Ruleset
from munchkin_dsl.compiler.api import compile_packs, lower_pack
from munchkin_dsl.compiler.effects import CardData
from munchkin_dsl.text.cardtext import card_text, ruleset_for

PACKS = Path(__file__).resolve().parent.parent / "packs"

PINNED = [
    ("munchkin-1.6", "orc-horde", "en", '+6 against Dwarves. | Roll 3+, lose as many levels as the roll shows, otherwise you die.'),
    ("munchkin-1.6", "orc-horde", "ru", '+6, если в бою Дварф. | выброси 3+, теряешь столько уровней, сколько выпало на кубике, иначе ты погибаешь.'),
    ("munchkin-1.6", "orc-horde", "pl", '+6, jeśli w walce jest Krasnolud. | wyrzuć 3+, tracisz tyle poziomów, ile wypadło na kostce, w przeciwnym razie giniesz.'),
    ("munchkin-1.6", "ghoul-relatives", "en", 'Go to the level of the lowest-level player.'),
    ("munchkin-1.6", "ghoul-relatives", "ru", 'переходишь на уровень игрока с самым низким уровнем.'),
    ("munchkin-1.6", "ghoul-relatives", "pl", 'przechodzisz na poziom gracza z najniższym poziomem.'),
    ("munchkin-1.6", "bone-choir", "en", '+1 for each other Undead monster in this combat. | Lose 1 level.'),
    ("munchkin-1.6", "bone-choir", "ru", '+1 за каждого другого монстра «Андед» в этом бою. | теряешь 1 уровень.'),
    ("munchkin-1.6", "bone-choir", "pl", '+1 za każdego innego Nieumarłego potwora w tej walce. | tracisz 1 poziom.'),
    ("munchkin-1.6", "hoarders-golem", "en", '+1 for each item the fighter has in play. | Lose 1 level.'),
    ("munchkin-1.6", "hoarders-golem", "ru", '+1 за каждую шмотку у бойца в игре. | теряешь 1 уровень.'),
    ("munchkin-1.6", "hoarders-golem", "pl", '+1 za każdy przedmiot walczącego w grze. | tracisz 1 poziom.'),
    ("munchkin-1.6", "mirror-knight", "en", '+1 for each level of the fighter. | Lose 1 level.'),
    ("munchkin-1.6", "mirror-knight", "ru", '+1 за каждый уровень бойца. | теряешь 1 уровень.'),
    ("munchkin-1.6", "mirror-knight", "pl", '+1 za każdy poziom walczącego. | tracisz 1 poziom.'),
    ("munchkin-1.6", "pocket-of-holding", "en", '+1 for every 2 cards in your hand, up to +4.'),
    ("munchkin-1.6", "pocket-of-holding", "ru", '+1 за каждые 2 карты у тебя на руке, но не больше +4.'),
    ("munchkin-1.6", "pocket-of-holding", "pl", '+1 za każde 2 karty na twojej ręce, maksymalnie +4.'),
    ("munchkin-1.6", "whine", "en", 'At any time, if you are the lowest-level player or tied for it: go up 1 level.'),
    ("munchkin-1.6", "whine", "ru", 'В любой момент, если ни у кого нет уровня ниже, чем у тебя: получаешь 1 уровень.'),
    ("munchkin-1.6", "whine", "pl", 'W dowolnym momencie, jeśli nikt nie ma niższego poziomu niż ty: zyskujesz 1 poziom.'),
    ("munchkin-1.6", "friendship-potion", "en", 'Usable once only.\nIn combat: every monster is defeated without a kill.'),
    ("munchkin-1.6", "friendship-potion", "ru", 'Применить только один раз.\nВ бою: все монстры боя побеждены без убийства.'),
    ("munchkin-1.6", "friendship-potion", "pl", 'W walce: wszystkie potwory walki zostają pokonane bez zabijania.'),
    ("munchkins-and-mazes", "platypus-core", "en", '+6 against Wizards. | Either discard your whole hand, or lose 2 levels.'),
    ("munchkins-and-mazes", "platypus-core", "ru", '+6, если в бою Волшебник. | либо сбрасываешь все карты с руки, либо теряешь 2 уровня.'),
    ("munchkins-and-mazes", "platypus-core", "pl", '+6, jeśli w walce jest Czarodziej. | albo odrzucasz wszystkie karty z ręki, albo tracisz 2 poziomy.'),
    ("munchkins-and-mazes", "debt-collector", "en", 'Discard items worth at least 1000 Gold Pieces in total (your pick; all of them if they are worth less).'),
    ("munchkins-and-mazes", "debt-collector", "ru", 'сбрасываешь шмотки на общую сумму не меньше 1000 голдов (на выбор; если все вместе стоят меньше — все).'),
    ("munchkins-and-mazes", "debt-collector", "pl", 'odrzucasz przedmioty warte łącznie co najmniej 1000 sztuk złota (według własnego wyboru; jeśli są warte mniej — wszystkie).'),
    ("munchkins-and-mazes", "shrieking-nerd", "en", '+6 against Warriors. | Discard your race, discard your class.'),
    ("munchkins-and-mazes", "shrieking-nerd", "ru", '+6, если в бою Воин. | сбрасываешь карту расы и карту класса.'),
    ("munchkins-and-mazes", "shrieking-nerd", "pl", '+6, jeśli w walce jest Wojownik. | odrzucasz kartę rasy i kartę klasy.'),
    ("munchkins-and-mazes", "duelling-mage", "en", '+4 against Warriors. | If you are not a Wizard, you die. If you are a Wizard, discard your class.'),
    ("munchkins-and-mazes", "duelling-mage", "ru", '+4, если в бою Воин. | если ты — не Волшебник, ты погибаешь. Если ты — Волшебник, сбрасываешь карту класса.'),
    ("munchkins-and-mazes", "duelling-mage", "pl", '+4, jeśli w walce jest Wojownik. | jeśli nie grasz jako Czarodziej, giniesz. Jeśli grasz jako Czarodziej, odrzucasz kartę klasy.'),
    ("munchkins-and-mazes", "lonely-hermit", "en", 'If the fighter fights alone: +1 Treasure. | Lose 1 level.'),
    ("munchkins-and-mazes", "lonely-hermit", "ru", 'Если боец сражается в одиночку: +1 сокровище. | теряешь 1 уровень.'),
    ("munchkins-and-mazes", "lonely-hermit", "pl", 'Jeśli walczący walczy w pojedynkę: +1 skarb. | tracisz 1 poziom.'),
    ("munchkin-classic-ru", "classic-truly-obnoxious", "en", 'Discard the item that gives you the biggest bonus.'),
    ("munchkin-classic-ru", "classic-truly-obnoxious", "ru", 'Сбрасываешь шмотку с самым большим бонусом.'),
    ("munchkin-classic-ru", "classic-truly-obnoxious", "pl", 'Odrzucasz przedmiot, który daje największą premię.'),
    ("munchkin-classic-ru", "classic-lose-a-small-item", "en", 'Discard 1 small item of your choice.'),
    ("munchkin-classic-ru", "classic-lose-a-small-item", "ru", 'Сбрасываешь 1 маленькую шмотку на выбор.'),
    ("munchkin-classic-ru", "classic-lose-a-small-item", "pl", 'Odrzucasz 1 mały przedmiot według własnego wyboru.'),
    ("munchkin-classic-ru", "classic-blob-of-envy", "en", 'Discard every item worth 400 Gold Pieces or more.'),
    ("munchkin-classic-ru", "classic-blob-of-envy", "ru", 'сбрасываешь каждую шмотку ценой от 400 золотых.'),
    ("munchkin-classic-ru", "classic-blob-of-envy", "pl", 'odrzucasz każdy przedmiot wart 400 sztuk złota lub więcej.'),
    ("munchkin-classic-ru", "classic-wild-surge", "en", 'Usable once only.\nIn combat, roll 4+: +5, otherwise +2 to the monster.'),
    ("munchkin-classic-ru", "classic-wild-surge", "ru", 'Применить только один раз.\nВ бою, выброси 4+: +5, иначе +2 монстру.'),
    ("munchkin-classic-ru", "classic-wild-surge", "pl", 'W walce, wyrzuć 4+: +5, w przeciwnym razie +2 potworowi.'),
    ("star-munchkin", "mutant", "en", '+1 to your limit of headgear items.'),
    ("star-munchkin", "mutant", "ru", '+1 к лимиту головняков.'),
    ("star-munchkin", "mutant", "pl", '+1 do limitu nakryć głowy.'),
    ("star-munchkin", "cyborg", "en", '+1 for each cyber item you have in play.'),
    ("star-munchkin", "cyborg", "ru", '+1 за каждую шмотку «кибер» у тебя в игре.'),
    ("star-munchkin", "cyborg", "pl", '+1 za każdy twój przedmiot „cyber” w grze.'),
    ("star-munchkin", "bounty-hunter", "en", 'After a kill, if you fight alone: draw 1 Loot face down.'),
    ("star-munchkin", "bounty-hunter", "ru", 'После убийства монстра, если ты сражаешься в одиночку: тянешь 1 трофей втёмную.'),
    ("star-munchkin", "bounty-hunter", "pl", 'Po zabiciu potwora, jeśli walczysz w pojedynkę: dobierasz 1 łup w ciemno.'),
    ("munchkin-1.6", "scribe", "en", 'Whenever another player sells items, once per turn: draw 1 Treasure face down.'),
    ("munchkin-1.6", "scribe", "ru", 'Когда другой игрок продаёт шмотки, раз за ход: тянешь 1 сокровище втёмную.'),
    ("munchkin-1.6", "scribe", "pl", 'Gdy inny gracz sprzedaje przedmioty, raz na turę: dobierasz 1 skarb w ciemno.'),
    ("munchkin-1.6", "bad-omen", "en", 'At your next Run Away roll: the roll fails.'),
    ("munchkin-1.6", "bad-omen", "ru", 'При твоём следующем броске на смывку: бросок проваливается.'),
    ("munchkin-1.6", "bad-omen", "pl", 'Przy twoim następnym rzucie na ucieczkę: rzut jest nieudany.'),
    ("munchkin-classic-ru", "classic-scavenge", "en", 'Draw 2 Treasures from the discard pile.'),
    ("munchkin-classic-ru", "classic-scavenge", "ru", 'Тянешь 2 сокровища из сброса.'),
    ("munchkin-classic-ru", "classic-scavenge", "pl", 'Dobierasz 2 skarby ze stosu kart odrzuconych.'),
    ("munchkin-1.6", "mutilate-the-bodies", "en", 'Right after a combat in which a monster was killed: go up 1 level.'),
    ("munchkin-1.6", "mutilate-the-bodies", "ru", 'Сразу после боя, в котором был убит монстр: получаешь 1 уровень.'),
    ("munchkin-1.6", "mutilate-the-bodies", "pl", 'Zaraz po walce, w której zginął potwór: zyskujesz 1 poziom.'),
    ("munchkin-classic-ru", "classic-change-race", "en", 'Take the top race card from the Door discard pile into play, otherwise discard your race.'),
    ("munchkin-classic-ru", "classic-change-race", "ru", 'Берёшь верхнюю карту расы из сброса колоды «Подземелья» и вводишь её в игру, иначе сбрасываешь карту расы.'),
    ("munchkin-classic-ru", "classic-change-race", "pl", 'Bierzesz wierzchnią kartę rasy ze stosu kart odrzuconych talii Drzwi i wprowadzasz ją do gry, w przeciwnym razie odrzucasz kartę rasy.'),
    ("munchkin-classic-ru", "classic-crystal-ball", "en", 'Usable once only.\nAt any time: look at the top 3 cards of the Door deck and put them back in any order.'),
    ("munchkin-classic-ru", "classic-crystal-ball", "ru", 'Применить только один раз.\nВ любой момент: смотришь 3 верхние карты колоды «Подземелья» и возвращаешь их в любом порядке.'),
    ("munchkin-classic-ru", "classic-crystal-ball", "pl", 'W dowolnym momencie: oglądasz 3 wierzchnie karty talii Drzwi i odkładasz je w dowolnej kolejności.'),
    ("munchkin-apocalypse", "scientist", "en", 'At any time, once per turn, discard 1 card: look at the top card of the Seal deck and put it back on the top or at the bottom.'),
    ("munchkin-apocalypse", "scientist", "ru", 'В любой момент, раз за ход, сбрось 1 карту: смотришь верхнюю карту колоды «Печати» и возвращаешь её наверх или под низ колоды.'),
    ("munchkin-apocalypse", "scientist", "pl", 'W dowolnym momencie, raz na turę, odrzuć 1 kartę: oglądasz wierzchnią kartę talii Pieczęci i odkładasz ją na wierzch lub na spód talii.'),
    ("munchkin-1.6", "paranoid-gnome", "en", 'When a curse is played on you, discard 1 card: the curse hits the player who played it instead.'),
    ("munchkin-1.6", "paranoid-gnome", "ru", 'Когда ты становишься целью проклятия, сбрось 1 карту: вместо тебя проклятие поражает сыгравшего игрока.'),
    ("munchkin-1.6", "paranoid-gnome", "pl", 'Gdy stajesz się celem klątwy, odrzuć 1 kartę: zamiast ciebie klątwa trafia gracza, który ją zagrał.'),
    ("munchkin-apocalypse", "pizza-shortage", "en", 'Every One-Shot Item gives 1 less (not below 0).'),
    ("munchkin-apocalypse", "pizza-shortage", "ru", 'Каждая разовая шмотка даёт на 1 меньше (но не меньше 0).'),
    ("munchkin-apocalypse", "pizza-shortage", "pl", 'Każdy przedmiot jednorazowy daje o 1 mniej (nie mniej niż 0).'),
    ("munchkin-1.6", "vulture", "en", 'Whenever a player dies during this fight: +5. | Lose 1 level.'),
    ("munchkin-1.6", "vulture", "ru", 'Когда в этом бою погибает игрок: +5. | теряешь 1 уровень.'),
    ("munchkin-1.6", "vulture", "pl", 'Gdy w tej walce ginie gracz: +5. | tracisz 1 poziom.'),
    ("munchkin-apocalypse", "kid", "en", 'When you are caught, roll 5+: the monster turns on the player to your left instead.'),
    ("munchkin-apocalypse", "kid", "ru", 'Если тебя поймали, выброси 5+: монстр вместо тебя нападает на игрока слева от тебя.'),
    ("munchkin-apocalypse", "kid", "pl", 'Gdy zostaniesz złapany, wyrzuć 5+: potwór zamiast ciebie atakuje gracza po twojej lewej.'),
    ("munchkin-classic-ru", "classic-undertaker", "en", 'Resurrection: Instead of drawing a card face up, discard 1 card: take the top card from the Door discard pile.'),
    ("munchkin-classic-ru", "classic-undertaker", "ru", 'Воскрешение: вместо того чтобы взять карту в открытую, сбрось 1 карту: берёшь верхнюю карту из сброса колоды «Подземелья».'),
    ("munchkin-classic-ru", "classic-undertaker", "pl", 'Resurrection: zamiast dobierać kartę jawnie, odrzuć 1 kartę: bierzesz wierzchnią kartę ze stosu kart odrzuconych talii Drzwi.'),
    ("munchkin-classic-ru", "classic-loaded-die", "en", 'Usable once only.\nRight after any die roll: change the die to a number you choose.'),
    ("munchkin-classic-ru", "classic-loaded-die", "ru", 'Применить только один раз.\nСразу после любого броска кубика: меняешь результат на любое число по своему выбору.'),
    ("munchkin-classic-ru", "classic-loaded-die", "pl", 'Zaraz po dowolnym rzucie kostką: zmieniasz wynik na dowolną wybraną liczbę.'),
]


@cache
def _pack(name: str) -> tuple[dict[str, CardData], tuple[Ruleset, ...]]:
    sink = DiagnosticSink()
    result = compile_packs([PACKS / name], sink)
    assert result.data is not None, [str(d) for d in sink.items]
    pack = result.packs[0]
    return {c.id: c for c in lower_pack(pack)}, tuple(pack.rulesets)


@pytest.mark.parametrize(("pack", "card_id", "lang", "expected"), PINNED,
                         ids=[f"{p[1]}-{p[2]}" for p in PINNED])
def test_corpus_card_text_is_pinned(pack: str, card_id: str, lang: str, expected: str) -> None:
    assert pinned_text(pack, card_id, lang) == expected


def pinned_text(pack: str, card_id: str, lang: str) -> str:
    """A card's generated text as the pinned tables hold it: body | Bad Stuff."""
    cards, rulesets = _pack(pack)
    card = cards[card_id]
    text = card_text(card, ruleset_for(card, rulesets), lang)
    return " | ".join(x for x in (text.body, text.bad_stuff) if x)


def test_every_language_has_a_dozen_pinned_cards() -> None:
    for lang in ("en", "ru", "pl"):
        assert len({p[1] for p in PINNED if p[2] == lang}) >= 12
