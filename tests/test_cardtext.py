"""Card text generated from compiled effects: templates, plural forms, ruleset terms, W501."""

from __future__ import annotations

from dataclasses import replace

import jinja2
import pytest
from conftest import HEADER, SAMPLE, codes, span_tuple

from munchkin_dsl.base.explain import explain_code
from munchkin_dsl.base.rulesets import load_ruleset
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.effect_words import COUNTED
from munchkin_dsl.compiler.effects import (
    CONDITION_PREDICATES,
    CONDITION_SUBJECTS,
    EFFECT_TYPES,
    EFFECTS_BY_KIND,
    TARGETS,
    TIMINGS,
    UNTILS,
    Ability,
    AddTag,
    ArrangeTop,
    Cancel,
    CardData,
    CloseSeal,
    Condition,
    CopyMonster,
    Cost,
    Counting,
    DefeatWithoutKill,
    DieRolls,
    Discard,
    Draw,
    EndGame,
    Horde,
    Ignore,
    KillLevels,
    Limit,
    OpenSeal,
    Redirect,
    RunAway,
    Strength,
    Take,
    TakeFromDiscards,
    TreasureCount,
    TwoHandedBonus,
    Weaken,
)
from munchkin_dsl.language import algebra
from munchkin_dsl.text.cardtext import (
    TEXT_LANGUAGES,
    CardText,
    Words,
    ability_text,
    card_tags,
    card_text,
    plural,
    ruleset_for,
    template_module,
)

#: effects declared as part classes (munchkin_dsl/language/parts): records by kind
Die = EFFECTS_BY_KIND["die"]
JoinFromHand = EFFECTS_BY_KIND["join_from_hand"]
ChangeSex = EFFECTS_BY_KIND["change_sex"]
StealItem = EFFECTS_BY_KIND["steal_item"]
BorrowItem = EFFECTS_BY_KIND["borrow_item"]
ForceHelp = EFFECTS_BY_KIND["force_help"]
ReplaceMonster = EFFECTS_BY_KIND["replace_monster"]
SellDouble = EFFECTS_BY_KIND["sell_double"]
SetDie = EFFECTS_BY_KIND["set_die"]
ChooseDie = EFFECTS_BY_KIND["choose_die"]
AutoEscape = EFFECTS_BY_KIND["auto_escape"]
NoEscape = EFFECTS_BY_KIND["no_escape"]
WinTies = EFFECTS_BY_KIND["win_ties"]
WillNotPursue = EFFECTS_BY_KIND["will_not_pursue"]
Reroll = EFFECTS_BY_KIND["reroll"]
FailRoll = EFFECTS_BY_KIND["fail_roll"]
TurnOn = EFFECTS_BY_KIND["turn_on"]
GainLevels = EFFECTS_BY_KIND["gain_levels"]
LoseLevels = EFFECTS_BY_KIND["lose_levels"]
SetLevel = EFFECTS_BY_KIND["set_level"]
StealLevel = EFFECTS_BY_KIND["steal_level"]

M16 = load_ruleset("munchkin-1.6")
STAR = load_ruleset("star-munchkin")
APOC = load_ruleset("munchkin-apocalypse")
COUNTS = (1, 2, 5, 21, 22, 25, 11, 12)


@pytest.fixture(scope="module")
def sample() -> dict[str, CardData]:
    result = compile_packs([SAMPLE])
    assert result.data is not None, [str(d) for d in result.sink]
    return {card.id: card for card in result.data.cards}


def monster(n: int) -> CardData:
    """A monster giving ``n`` treasures whose Bad Stuff takes ``n`` levels."""
    return CardData(id="m", kind="monster", deck="door", names={"en": "M"}, level=3,
                    treasures=n, abilities=(Ability(timing="bad_stuff", effects=(
                        LoseLevels(amount=n, target="victim"),)),))


# --------------------------------------------------------------------------- plural forms

TREASURE = {
    "en": {1: "treasure", 2: "treasures", 5: "treasures", 21: "treasures", 22: "treasures",
           25: "treasures", 11: "treasures", 12: "treasures"},
    "ru": {1: "сокровище", 2: "сокровища", 5: "сокровищ", 21: "сокровище", 22: "сокровища",
           25: "сокровищ", 11: "сокровищ", 12: "сокровищ"},
    "pl": {1: "skarb", 2: "skarby", 5: "skarbów", 21: "skarbów", 22: "skarby", 25: "skarbów",
           11: "skarbów", 12: "skarbów"},
}
LEVEL = {
    "en": {1: "level", 2: "levels", 5: "levels", 21: "levels", 22: "levels", 25: "levels",
           11: "levels", 12: "levels"},
    "ru": {1: "уровень", 2: "уровня", 5: "уровней", 21: "уровень", 22: "уровня", 25: "уровней",
           11: "уровней", 12: "уровней"},
    "pl": {1: "poziom", 2: "poziomy", 5: "poziomów", 21: "poziomów", 22: "poziomy",
           25: "poziomów", 11: "poziomów", 12: "poziomów"},
}
LOSE = {"en": "Lose", "ru": "теряешь", "pl": "tracisz"}  # lower case after "Непотребство:"


@pytest.mark.parametrize("lang", TEXT_LANGUAGES)
@pytest.mark.parametrize("n", COUNTS)
def test_plural_forms_of_ruleset_terms(lang: str, n: int) -> None:
    assert M16.plural("treasure", n, lang) == TREASURE[lang][n]
    assert M16.plural("level", n, lang) == LEVEL[lang][n]


@pytest.mark.parametrize("lang", TEXT_LANGUAGES)
@pytest.mark.parametrize("n", COUNTS)
def test_plural_forms_in_generated_text(lang: str, n: int) -> None:
    text = card_text(monster(n), M16, lang)
    treasure = TREASURE[lang][n]
    assert text.footer == f"{n} {treasure.capitalize() if lang == 'en' else treasure}"
    assert text.bad_stuff == f"{LOSE[lang]} {n} {LEVEL[lang][n]}."


@pytest.mark.parametrize(("lang", "forms", "expected"), [
    ("en", ("card", "cards"), ["card", "cards", "cards", "cards", "cards", "cards", "cards",
                               "cards"]),
    ("ru", ("карту", "карты", "карт"), ["карту", "карты", "карт", "карту", "карты", "карт",
                                         "карт", "карт"]),
    ("pl", ("kartę", "karty", "kart"), ["kartę", "karty", "kart", "kart", "karty", "kart",
                                         "kart", "kart"]),
])
def test_shared_plural_function(lang: str, forms: tuple[str, ...], expected: list[str]) -> None:
    assert [plural(n, forms, lang) for n in COUNTS] == expected


def test_discard_costs_decline_with_the_count() -> None:
    card = CardData(id="c", kind="class", deck="door", names={"en": "C"})
    cases = {
        "ru": ["сбрось 1 карту", "сбрось 2 карты", "сбрось 5 карт", "сбрось 21 карту"],
        "pl": ["odrzuć 1 kartę", "odrzuć 2 karty", "odrzuć 5 kart", "odrzuć 21 kart"],
        "en": ["discard 1 card", "discard 2 cards", "discard 5 cards", "discard 21 cards"],
    }
    for lang, expected in cases.items():
        got = [ability_text(Ability(timing="in_combat", costs=(Cost("discard_cards", n),),
                                    effects=(Strength(amount=1, target="you"),)),
                            Words(card, M16, lang)) for n in (1, 2, 5, 21)]
        assert [g.split(", ", 1)[1].split(":")[0] for g in got] == expected


# --------------------------------------------------------------------------- ruleset terms

TRAP = CardData(id="t", kind="trap", deck="door", names={"en": "Trap! Shift"},
                abilities=(Ability(timing="on_play", effects=(ChangeSex(target="victim"),)),))
DISASTER = CardData(id="d", kind="disaster", deck="door", names={"en": "Disaster! Zoo"},
                    abilities=(Ability(timing="on_play",
                                       effects=(OpenSeal(target="victim"),)),))


@pytest.mark.parametrize(("lang", "kind_line", "body"), [
    ("en", "Trap", "Change sex."), ("ru", "Ловушка", "Меняешь пол."),
    ("pl", "Pułapka", "Zmieniasz płeć."),
])
def test_trap_kind_line_in_star_munchkin(lang: str, kind_line: str, body: str) -> None:
    text = card_text(TRAP, STAR, lang)
    assert (text.kind_line, text.body) == (kind_line, body)


@pytest.mark.parametrize(("lang", "kind_line", "body"), [
    ("en", "Disaster", "Open a Seal."), ("ru", "Катастрофа", "Открываешь Печать."),
    ("pl", "Katastrofa", "Otwierasz Pieczęć."),
])
def test_disaster_in_apocalypse(lang: str, kind_line: str, body: str) -> None:
    text = card_text(DISASTER, APOC, lang)
    assert (text.kind_line, text.body) == (kind_line, body)


@pytest.mark.parametrize(("lang", "gold", "credits", "no_value"), [
    ("en", "400 Gold Pieces", "400 Credits", "No Value"),
    ("ru", "400 голдов", "400 кредитов", "Без цены"),
    ("pl", "400 sztuk złota", "400 kredytów", "bezwartościowy"),
])
def test_money_is_the_lines_own(lang: str, gold: str, credits: str, no_value: str) -> None:
    item = CardData(id="i", kind="item", deck="treasure", names={"en": "I"}, bonus=1, value=400)
    assert card_text(item, M16, lang).corner_right == gold
    assert card_text(item, STAR, lang).corner_right == credits
    assert card_text(replace(item, value=0), STAR, lang).corner_right == no_value


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ("Airlock", "Draw 2 Loot instead of the normal draw.", "2 Loot")),
    ("ru", ("Шлюз", "Тянешь 2 трофея вместо обычного взятия карт.", "2 трофея")),
    ("pl", ("Śluza", "Dobierasz 2 łupy zamiast zwykłego dobierania.", "2 łupy")),
])
def test_deck_words_airlock_and_loot(lang: str, expected: tuple[str, str, str]) -> None:
    door = CardData(id="d", kind="door", deck="door", names={"en": "D"}, abilities=(
        Ability(timing="on_play", effects=(Draw(count=2, deck="treasure", target="you",
                                                 instead=True),)),))
    text = card_text(door, STAR, lang)
    footer = card_text(replace(monster(2), abilities=()), STAR, lang).footer
    assert (text.kind_line, text.body, footer) == expected


def test_star_munchkin_aggregate_and_cancel_a_trap() -> None:
    item = CardData(id="i", kind="item", deck="treasure", names={"en": "I"}, bonus=2,
                    aggregate=True, slot="two_hands")
    assert card_text(item, STAR, "en").kind_line == "Item · 2 Hands · Aggregate"
    assert card_text(item, STAR, "ru").kind_line == "Шмотка · 2 руки · Агрегат"
    ring = CardData(id="r", kind="one-shot", deck="treasure", names={"en": "R"}, abilities=(
        Ability(timing="any_time", effects=(Cancel(card_kind="trap"),)),))
    assert card_text(ring, STAR, "en").body == "Usable once only.\nAt any time: cancel a trap."
    assert card_text(ring, STAR, "ru").body == ("Применить только один раз.\n"
                                                "В любой момент: отменяешь действие ловушки.")
    assert card_text(ring, STAR, "pl").body == (""
                                                "W dowolnym momencie: anulujesz działanie "
                                                "pułapki.")


def test_race_class_and_tag_names_are_localised() -> None:
    slime = CardData(id="s", kind="monster", deck="door", names={"en": "S"}, level=1,
                     treasures=1, tags=("Undead",), abilities=(Ability(
                         timing="continuous",
                         effects=(Strength(amount=4, target="monster", against="Dwarf"),)),))
    assert card_text(slime, M16, "en").body == "+4 against Dwarves."
    assert card_text(slime, M16, "ru").body == "+4, если в бою Дварф."
    assert card_text(slime, M16, "pl").body == "+4, jeśli w walce jest Krasnolud."
    assert card_tags(slime, M16, "ru") == ("Андед",)
    assert card_tags(slime, M16, "pl") == ("Nieumarły",)
    assert card_tags(slime, M16, "en") == ("Undead",)


def test_ruleset_for_picks_the_line_that_has_the_kind() -> None:
    assert ruleset_for(TRAP, (M16, STAR)) is STAR
    assert ruleset_for(monster(1), (M16, STAR)) is M16


# --------------------------------------------------------------------------- sample cards

EXPECTED: dict[str, dict[str, CardText]] = {
    "net-troll": {
        "en": CardText("Monster", "Level 10", "", "", "Lose 2 levels.", "3 Treasures"),
        "ru": CardText("Монстр", "Уровень 10", "", "", "теряешь 2 уровня.", "3 сокровища"),
        "pl": CardText("Potwór", "Poziom 10", "", "", "tracisz 2 poziomy.", "3 skarby"),
    },
    "drooling-slime": {
        "en": CardText("Monster", "Level 1", "", "+4 against Elves.",
                       "Discard your footgear, otherwise lose 1 level.", "1 Treasure"),
        "ru": CardText("Монстр", "Уровень 1", "", "+4, если в бою Эльф.",
                       "сбрасываешь надетую обувку, иначе теряешь 1 уровень.", "1 сокровище"),
        "pl": CardText("Potwór", "Poziom 1", "", "+4, jeśli w walce jest Elf.",
                       "odrzucasz noszone obuwie, w przeciwnym razie tracisz 1 poziom.",
                       "1 skarb"),
    },
    "plutonium-dragon": {
        "en": CardText("Monster", "Level 20", "",
                       "If the fighter is level 5 or lower: will not pursue.", "You die.",
                       "5 Treasures · 2 Levels"),
        "ru": CardText("Монстр", "Уровень 20", "",
                       "Если у бойца уровень 5 или ниже: не преследует его.", "ты погибаешь.",
                       "5 сокровищ · 2 уровня"),
        "pl": CardText("Potwór", "Poziom 20", "",
                       "Jeśli walczący ma poziom 5 lub niższy: nie ściga.", "giniesz.",
                       "5 skarbów · 2 poziomy"),
    },
    "speedy-snail": {
        "en": CardText("Monster", "Level 4", "", "-2 to Run Away.",
                       "Even if you escape, lose 1 level.", "1 Treasure"),
        "ru": CardText("Монстр", "Уровень 4", "", "-2 к смывке.",
                       "даже если смылся, теряешь 1 уровень.", "1 сокровище"),
        "pl": CardText("Potwór", "Poziom 4", "", "-2 do ucieczki.",
                       "nawet jeśli uciekniesz, tracisz 1 poziom.", "1 skarb"),
    },
    "chainsaw": {
        "en": CardText("Item · 2 Hands · Big", "+3 Bonus", "600 Gold Pieces", "", "", ""),
        "ru": CardText("Шмотка · 2 руки · Большая", "Бонус +3", "600 голдов", "", "", ""),
        "pl": CardText("Przedmiot · 2 ręce · Duża Rzecz", "Premia +3", "600 sztuk złota", "",
                       "", ""),
    },
    "yuppie-water": {
        "en": CardText("One-Shot Item", "", "100 Gold Pieces",
                       "Usable once only.\n"
                       "In combat, if any fighter is an Elf: +2 to the player side.", "", ""),
        "ru": CardText("Разовая шмотка", "", "100 голдов",
                       "Применить только один раз.\n"
                       "В бою, если среди бойцов есть Эльф: +2 стороне игроков.", "", ""),
        "pl": CardText("Przedmiot jednorazowy", "", "100 sztuk złota",
                       ""
                       "W walce, jeśli wśród walczących jest Elf: +2 stronie graczy.",
                       "", ""),
    },
    "warrior": {
        "en": CardText("Class", "", "", "You win ties.\nBerserking: In combat, once per "
                       "combat, discard up to 3 cards: +1 per card.", "", ""),
        "ru": CardText("Класс", "", "", "Побеждаешь при ничьей.\nБуйство: в бою, раз за "
                       "бой, сбрось до 3 карт: +1 за каждую карту.", "", ""),
        "pl": CardText("Klasa", "", "", "Wygrywasz przy remisie.\nBerserking: w walce, raz "
                       "na walkę, odrzuć do 3 kart: +1 za każdą kartę.", "", ""),
    },
    "thief": {
        "en": CardText("Class", "", "", "Backstab: In combat, once per victim per combat, "
                       "discard 1 card: -2 to another player.\nTheft: Outside combat, discard "
                       "1 card, roll 4+: take a small item from another player, otherwise "
                       "lose 1 level.", "", ""),
        "ru": CardText("Класс", "", "", "Удар в спину: в бою, раз за бой против каждой жертвы, "
                       "сбрось 1 карту: -2 другому игроку.\nКража: вне боя, сбрось 1 карту, "
                       "выброси 4+: забираешь маленькую шмотку у другого игрока, иначе "
                       "теряешь 1 уровень.", "", ""),
        "pl": CardText("Klasa", "", "", "Backstab: w walce, raz na ofiarę w każdej walce, "
                       "odrzuć 1 kartę: -2 innemu graczowi.\nTheft: poza walką, odrzuć 1 "
                       "kartę, wyrzuć 4+: zabierasz mały przedmiot innemu graczowi, w "
                       "przeciwnym razie tracisz 1 poziom.", "", ""),
    },
    "dwarf": {
        "en": CardText("Race", "", "", "No limit on Big items.\n"
                       "You may have up to 6 cards in hand.", "", ""),
        "ru": CardText("Раса", "", "", "Нет ограничения на число больших шмоток.\n"
                       "Можешь иметь до 6 карт на руке.", "", ""),
        "pl": CardText("Rasa", "", "", "Brak limitu Dużych Rzeczy.\n"
                       "Możesz mieć do 6 kart na ręce.", "", ""),
    },
    "chicken-on-your-head": {
        "en": CardText("Curse", "", "", "This card stays in play.\n"
                       "Until you lose your headgear: -1 to all die rolls.", "", ""),
        "ru": CardText("Проклятие", "", "", "Эта карта остаётся в игре.\n"
                       "Пока не потеряешь головняк: -1 ко всем броскам кубика.", "", ""),
        "pl": CardText("Klątwa", "", "", "Ta karta pozostaje w grze.\n"
                       "Dopóki nie stracisz nakrycia głowy: -1 do wszystkich rzutów kością.",
                       "", ""),
    },
    "go-up-a-level": {
        "en": CardText("Treasure", "", "", "At any time: any player goes up 1 level.", "", ""),
        "ru": CardText("Сокровище", "", "", "В любой момент: любой игрок получает 1 уровень.",
                       "", ""),
        "pl": CardText("Skarb", "", "", "W dowolnym momencie: dowolny gracz zyskuje 1 poziom.",
                       "", ""),
    },
    # Names declined from the ruleset's case forms: «для Клирика», «dla Kapłana».
    "mace-of-sharpness": {
        "en": CardText("Item · 1 Hand", "+4 Bonus", "600 Gold Pieces", "Usable by Cleric only.",
                       "", ""),
        "ru": CardText("Шмотка · 1 рука", "Бонус +4", "600 голдов", "Только для Клирика.", "",
                       ""),
        "pl": CardText("Przedmiot · 1 ręka", "Premia +4", "600 sztuk złota",
                       "Tylko dla Kapłana.", "", ""),
    },
    # "Otherwise" keeps the subject of the effect before it instead of repeating it.
    "income-tax": {
        "en": CardText("Curse", "", "", "Discard 1 item of your choice.\nEvery other player "
                       "discards items worth at least that value, otherwise loses 1 level.",
                       "", ""),
        "ru": CardText("Проклятие", "", "", "Сбрасываешь 1 шмотку на выбор.\nКаждый другой "
                       "игрок сбрасывает шмотки на сумму не меньше этой, иначе теряет 1 "
                       "уровень.", "", ""),
        "pl": CardText("Klątwa", "", "", "Odrzucasz 1 przedmiot według własnego wyboru.\n"
                       "Każdy inny gracz odrzuca przedmioty warte co najmniej tyle samo, w "
                       "przeciwnym razie traci 1 poziom.", "", ""),
    },
}


@pytest.mark.parametrize("lang", TEXT_LANGUAGES)
@pytest.mark.parametrize("card_id", sorted(EXPECTED))
def test_sample_cards_exact_text(sample: dict[str, CardData], card_id: str, lang: str) -> None:
    card = sample[card_id]
    assert card_text(card, M16, lang) == EXPECTED[card_id][lang]


def test_names_decline_in_other_lines_and_keep_their_capital_after_a_colon() -> None:
    apoc_item = CardData(id="v", kind="item", deck="treasure", names={"en": "V"}, bonus=4,
                         usable_by=("Scientist", "Kid"), not_usable_by=("female",))
    assert card_text(apoc_item, APOC, "pl").body == (
        "Tylko dla Naukowca lub Dzieciaka.\nNie dla kobiet.")
    assert card_text(apoc_item, APOC, "ru").body == (
        "Только для Учёного или Ребёнка.\nНе для женщин.")
    star_item = CardData(id="s", kind="item", deck="treasure", names={"en": "S"}, bonus=1,
                         usable_by=("Feline",))
    assert card_text(star_item, STAR, "ru").body == "Только для Котейки."
    assert card_text(star_item, STAR, "pl").body == "Tylko dla Kotowatego."
    # Lower case after a colon, except a name: Котейка stays capitalised.
    from munchkin_dsl.text.cardtext import Words, lower_after_colon

    names = Words(star_item, STAR, "ru").proper_names()
    assert lower_after_colon("В бою: Котейка получает +2. Вор: Теряет", names) == \
        "В бою: Котейка получает +2. Вор: теряет"


def test_each_race_or_class_is_named_and_declined_not_quoted() -> None:
    card = CardData(id="e", kind="door", deck="door", names={"en": "E"}, abilities=(
        Ability(timing="on_reveal", effects=(
            GainLevels(amount=1, target="each_player", target_is="Cleric"),)),
        Ability(timing="in_combat", effects=(
            Strength(amount=2, target="each_player", target_is="Elf"),)),
    ))
    assert card_text(card, M16, "ru").body == (
        "Когда карта открыта: каждый Клирик получает 1 уровень.\nВ бою: +2 каждому Эльфу.")
    assert card_text(card, M16, "pl").body == (
        "Po odkryciu: każdy Kapłan zyskuje 1 poziom.\nW walce: +2 każdemu Elfowi.")


@pytest.mark.parametrize("ruleset", [M16, APOC, STAR])
def test_every_race_and_class_has_its_genitive_in_ru_and_pl(ruleset) -> None:
    for name in (*ruleset.races, *ruleset.classes):
        for lang in ("ru", "pl"):
            form = ruleset.raw["names"][name]["cases"][lang]["gen"]
            assert form and form != ruleset.localized_name(name, lang) or name == "Psychic", \
                (name, lang)


@pytest.mark.parametrize("lang", TEXT_LANGUAGES)
def test_notes_are_in_sentence_case(sample: dict[str, CardData], lang: str) -> None:
    # the one-shot note (pl and ru 1.6 leave it out where the kind line says it)
    first = str(M16.terms(lang)["one_shot"])
    words = first.rstrip(".").split(" ")
    assert all(word[:1].islower() or word[:1].isdigit() for word in words[1:]), first


def test_every_sample_card_has_text_in_every_language(sample: dict[str, CardData]) -> None:
    for card in sample.values():
        for lang in TEXT_LANGUAGES:
            text = card_text(card, M16, lang)
            assert text.kind_line, (card.id, lang)
            assert text.body or text.bad_stuff or text.corner_left, (card.id, lang)
            for part in (text.body, text.bad_stuff):
                assert "None" not in part and "{" not in part and "  " not in part


# --------------------------------------------------------------------------- author text


def test_author_text_overrides_generated_text(sample: dict[str, CardData]) -> None:
    troll = replace(sample["net-troll"], texts={
        "ru": "Сетевой тролль флеймит.\nНепотребство: Теряешь 2 уровня и достоинство."})
    ru = card_text(troll, M16, "ru")
    assert ru.body == "Сетевой тролль флеймит."
    assert ru.bad_stuff == "Теряешь 2 уровня и достоинство."
    assert (ru.kind_line, ru.corner_left, ru.footer) == ("Монстр", "Уровень 10", "3 сокровища")
    # Other languages keep the generated text.
    assert card_text(troll, M16, "en") == EXPECTED["net-troll"]["en"]
    boots = replace(sample["boots-of-butt-kicking"], texts={"en": "Kicks butt.\nReally."})
    assert card_text(boots, M16, "en").body == "Kicks butt.\nReally."
    assert card_text(boots, M16, "en").bad_stuff == ""


# --------------------------------------------------------------------------- template coverage


@pytest.mark.parametrize("lang", TEXT_LANGUAGES)
def test_every_effect_kind_has_a_macro_in_every_language(lang: str) -> None:
    module = template_module(lang, "effects")
    missing = [t.kind for t in EFFECT_TYPES
               if not isinstance(getattr(module, t.kind, None), jinja2.runtime.Macro)]
    assert not missing, f"{lang}/effects.j2 has no macro for: {missing}"


#: One instance of every effect kind; adding an effect without an example fails below.
EXAMPLES = {
    "strength": Strength(amount=2, target="another_player", per="card", against="Elf"),
    "run_away": RunAway(amount=-1, target="fighter"),
    "die_rolls": DieRolls(amount=1, target="helper"),
    "treasure_count": TreasureCount(amount=2),
    "gain_levels": GainLevels(amount=1, target="each_player", target_is="Elf",
                              per_monster=True),
    "lose_levels": LoseLevels(amount=2, target="every_other_player", optional=True),
    "set_level": SetLevel(level=10, target="any_player"),
    "draw": Draw(count=2, deck="door", target="you", face_up=True, instead=True),
    "discard": Discard(target="victim", what="all_worn", slot="armor"),
    "die": Die(target="fighter"),
    "change_sex": ChangeSex(target="any_player", optional=True),
    "steal_level": StealLevel(amount=1),
    "steal_item": StealItem(target="you", source="lowest_level"),
    "open_seal": OpenSeal(target="highest_level"),
    "close_seal": CloseSeal(),
    "auto_escape": AutoEscape(target="helper"),
    "no_escape": NoEscape(),
    "win_ties": WinTies(),
    "defeat_without_kill": DefeatWithoutKill(with_treasure=True),
    "will_not_pursue": WillNotPursue(),
    "force_help": ForceHelp(target="another_player"),
    "join_from_hand": JoinFromHand(optional=True),
    "horde": Horde(tag="Undead"),
    "copy_monster": CopyMonster(with_treasure=True),
    "add_tag": AddTag(tag="Undead"),
    "cancel": Cancel(card_kind="curse"),
    "limit": Limit(limit="hand", value=1, relative=True),
    "sell_double": SellDouble(count=2),
    "sell_rate": EFFECTS_BY_KIND["sell_rate"](gold=800),
    "sell_bonus": EFFECTS_BY_KIND["sell_bonus"](gold=200),
    "reroll": Reroll(),
    "ignore": Ignore(what="bad_stuff_levels"),
    "two_handed_bonus": TwoHandedBonus(amount=3),
    "end_game": EndGame(criteria=("item_bonus", "level", "shared")),
    "kill_levels": KillLevels(amount=1),
    "replace_monster": ReplaceMonster(),
    "borrow_item": BorrowItem(target="fighter", source="left_player"),
    "take": Take(what="cards", count=2, target="others_by_level", source="victim"),
    "fail_roll": FailRoll(),
    "take_from_discards": TakeFromDiscards(deck="door", card_kind="race", into_play=True,
                                           target="victim"),
    "arrange_top": ArrangeTop(count=3, deck="door", bottom=True, target="any_player"),
    "redirect": Redirect(card_kind="trap"),
    "weaken": Weaken(source="item", amount=2),
    "turn_on": TurnOn(target="right_player"),
    "set_die": SetDie(value=6),
    "choose_die": ChooseDie(),
    "draw_to_hand": EFFECTS_BY_KIND["draw_to_hand"](count=5, deck="treasure", target="you"),
}
# the other declared parts: their engine record with its defaults (their fields all have one)
EXAMPLES.update({part.kind: EFFECTS_BY_KIND[part.kind]() for part in algebra.effect_parts()
                 if part.kind not in EXAMPLES})
DOOR = CardData(id="x", kind="door", deck="door", names={"en": "X"})


def _clean(text: str) -> None:
    assert text.endswith("."), text
    assert "None" not in text and "_" not in text and "  " not in text, text


def test_examples_cover_every_effect_kind() -> None:
    assert set(EXAMPLES) == set(EFFECTS_BY_KIND)


@pytest.mark.parametrize("lang", TEXT_LANGUAGES)
@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_every_effect_renders(kind: str, lang: str) -> None:
    text = ability_text(Ability(timing="in_combat", effects=(EXAMPLES[kind],)),
                        Words(DOOR, APOC, lang))
    _clean(text)


@pytest.mark.parametrize("lang", TEXT_LANGUAGES)
def test_every_target_timing_condition_and_variant_renders(lang: str) -> None:
    """Every vocabulary key the templates look up exists in every language."""
    words = Words(DOOR, APOC, lang)

    def say(*effects, **kw) -> str:
        text = ability_text(Ability(timing=kw.pop("timing", "in_combat"), effects=effects,
                                    **kw), words)
        _clean(text)
        return text

    for target in TARGETS:
        say(Strength(amount=1, target=target), LoseLevels(amount=1, target=target),
            RunAway(amount=1, target=target), DieRolls(amount=-1, target=target),
            Die(target=target), StealLevel(amount=2, source=target))
    for timing in TIMINGS:
        say(Strength(amount=1, target="you"), timing=timing)
    for until in UNTILS:
        say(Strength(amount=1, target="you"), until=until)
    for frequency in ("once_per_combat", "once_per_turn", "once_per_game",
                      "once_per_victim_per_combat"):
        say(Strength(amount=1, target="you"), frequency=frequency)
    count_tests = {"count_at_least", "count_at_most"}  # the table's: with what they count
    for subject in CONDITION_SUBJECTS:
        for predicate in CONDITION_PREDICATES:
            if (predicate in count_tests) != (subject == "table"):
                continue
            if predicate in count_tests:
                for what in COUNTED:
                    for whose in ("you", "fighter", "monster"):
                        for n in (0, 1, 3):
                            say(Strength(amount=1, target="you"), conditions=(Condition(
                                subject, predicate, n, counts=Counting(
                                    for_each=what, for_each_whose=whose,
                                    for_each_tag="curse" if what == "cards" else None)),))
                continue
            for negated in (False, True):
                value = {"is": "Elf", "only_in_play": "Elf", "using": "fire"}.get(predicate, 5)
                say(Strength(amount=1, target="you"),
                    conditions=(Condition(subject, predicate, value, negated),))
    for cost in ("discard_cards", "discard_up_to", "discard_hand", "discard_this"):
        say(Strength(amount=1, target="you", per="card"), costs=(Cost(cost, 3),), roll=4)
    for what in ("cards", "hand", "all_big", "items_of_choice", "items_worth_that_value"):
        say(Discard(target="victim", what=what, count=2))
    for chooser in TARGETS:
        say(Discard(target="victim", what="items_of_choice", count=2, chooser=chooser))
    for slot in ("headgear", "armor", "footgear"):
        say(Discard(target="fighter", what="worn", slot=slot),
            Discard(target="you", what="all_worn", slot=slot))
    for limit in ("hand", "big", "aggregate", "sidekick", "slot", "race", "class"):
        for value, relative in ((None, False), (2, False), (1, True)):
            say(Limit(limit=limit, value=value, relative=relative))
    for what in ("item_bonuses", "bad_stuff", "bad_stuff_levels", "use_restrictions",
                 "slot_limits", "tag_bonuses", "tag_cards", "door_curses"):
        say(Ignore(what=what, target="fighter", tag="fire"))
    for deck in ("door", "treasure", "seal"):
        say(Draw(count=1, deck=deck, target="fighter", face_up=False))
    say(Strength(amount=1, target="you", per="open_seal"), EndGame(),
        EndGame(criteria=("level",)), timing="when_targeted")


@pytest.mark.parametrize("lang", TEXT_LANGUAGES)
def test_every_card_kind_and_flag_renders(lang: str) -> None:
    from munchkin_dsl.base.rulesets import CARD_KINDS

    for kind in CARD_KINDS:
        card = CardData(id="k", kind=kind, deck="door", names={"en": "K"}, level=2,
                        treasures=1, levels_given=2, bonus=1, value=0, slot="headgear",
                        big=True, aggregate=True, usable_by=("Elf", "female"),
                        not_usable_by=("Dwarf",), requires="race", persistent=True,
                        kept_after_death=True, comes_apart_on_death=True,
                        accepts_enhancers=True, chains_with="laser", attaches_to_item=True,
                        items_outside_combat_only=True, play="any_time")
        text = card_text(card, APOC, lang)
        for part in text.to_json().values():
            assert "None" not in part and "_" not in part and "  " not in part, (kind, part)
        assert text.kind_line and text.body


# --------------------------------------------------------------------------- W501

W501_CARD = '''monster m "M" {
  level 10
  treasures 3
  +3 against Elf
  text en "+5 against Elves. Level 10, 3 Treasures."
}
'''


def test_w501_number_the_card_does_not_have(check_text) -> None:
    diags = check_text(W501_CARD)
    w501 = [d for d in diags if d.code == "W501" and " says " in d.message]
    assert len(w501) == 1, [(d.code, d.message) for d in diags]
    assert w501[0].span.file == "pack.munch"
    line = '  text en "+5 against Elves. Level 10, 3 Treasures."'
    assert span_tuple(w501[0].span) == (6, 3, 6, len(line) + 1)
    assert "says 5" in w501[0].message and "en text" in w501[0].message
    assert not w501[0].is_error


def test_w501_quiet_when_numbers_agree(check_text) -> None:
    assert "W501" not in codes(check_text(W501_CARD.replace("+3 against", "+5 against")))
    ok = ('class c "C" {\n  "Berserking": in combat, discard up to 3 cards: +1 per card to you\n'
          '  text ru "Берсерк: в бою сбрось до 3 карт, +1 за каждую."\n}\n')
    assert "W501" not in codes(check_text(ok, HEADER.replace("munchkin-1.6",
                                                             "munchkin-1.6; languages en, ru")))


def test_w501_each_wrong_number_once_per_text(check_text) -> None:
    body = ('item i "I" {\n  bonus +2\n  value 400\n'
            '  text en "+4 bonus. +4 again. Worth 700."\n}\n')
    w501 = [d for d in check_text(body) if d.code == "W501"]
    assert sorted(d.message.split(" says ")[1].split(",")[0] for d in w501) == ["4", "700"]


def test_w501_effect_number_the_text_leaves_out(check_text) -> None:
    # The effect says +3; the text says 5 (one warning) and never says 3 (another).
    card = W501_CARD.replace(" Level 10, 3 Treasures.", "")
    w501 = [d for d in check_text(card) if d.code == "W501"]
    assert sorted(d.message.split("'m' ")[1] for d in w501) == [
        "never says 3, but an effect of the card has 3",
        "says 5, but none of the card's stats or effects has 5 (its numbers: 3, 10)"]


def test_w501_bad_stuff_counts_only_when_the_text_rewords_it(check_text) -> None:
    card = ('monster m "M" {{\n  level 4\n  treasures 1\n  +5 against Elf\n'
            '  bad stuff: lose 2 levels\n  text en "{text}"\n}}\n')
    # The box is generated: the text need not mention the 2 levels...
    assert "W501" not in codes(check_text(card.format(text="+5 against Elves.")))
    # ...but a text that rewords the box must carry its numbers; stats never need repeating.
    w501 = [d for d in check_text(card.format(text="+5 against Elves.\\nBad Stuff: you weep."))
            if d.code == "W501"]
    assert [d.message.split("'m' ")[1] for d in w501] == [
        "never says 2, but an effect of the card has 2"]
    text = "+7 on the table.\\nBad Stuff: lose 3 levels."
    msgs = sorted(d.message.split("'m' ")[1] for d in check_text(card.format(text=text))
                  if d.code == "W501")
    have = "(its numbers: 1, 2, 4, 5)"
    assert msgs == ["never says 2, but an effect of the card has 2",
                    "never says 5, but an effect of the card has 5",
                    f"says 3, but none of the card's stats or effects has 3 {have}",
                    f"says 7, but none of the card's stats or effects has 7 {have}"]


def test_w501_one_may_be_a_word(check_text) -> None:
    card = 'door d "D" {\n  on reveal: draw 1 door\n  text en "Draw a Door."\n}\n'
    assert "W501" not in codes(check_text(card))
    two = card.replace("draw 1", "draw 2")
    assert "W501" in codes(check_text(two))


def test_author_text_never_hides_bad_stuff(sample: dict[str, CardData]) -> None:
    troll = sample["net-troll"]
    generated = card_text(troll, M16, "en")
    assert generated.bad_stuff
    custom = card_text(replace(troll, texts={"en": "He flames everybody."}), M16, "en")
    assert custom.body == "He flames everybody."
    assert custom.bad_stuff == generated.bad_stuff
    assert (custom.corner_left, custom.footer) == (generated.corner_left, generated.footer)


def test_w501_is_explained() -> None:
    text = explain_code("W501")
    assert text is not None and "W501" in text
