"""Counts over a threshold and counts of players by level or by what they hold (issue 19
item 1, the Amount family: the eighth set's Pack Rat Kobold, `+1 for each item beyond the
fourth`, and the seventh set's Tavern Brawler, `+1 for each player whose level is higher
than the fighter's`).  A threshold (language/count_part.py `beyond`) stands after any
count; the player counts are parts of language/parts/counts_players.py.  Played in
tests/data/count-thresholds and tests/data/player-counts."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import pack_codes

from munchkin_dsl.cli import main

DATA = Path(__file__).resolve().parent / "data"


@pytest.mark.parametrize(("pack", "passed"), [("count-thresholds", 11), ("player-counts", 10),
                                              ("slot-counts", 10)])
def test_the_scenarios_play_each_count_below_at_and_over(pack: str, passed: int) -> None:
    result = CliRunner().invoke(main, ["test", str(DATA / pack)])
    assert result.exit_code == 0, result.output
    assert f"{passed} passed, 0 failed" in result.output


#: the ways players print a threshold and a count of players: each is accepted, on a monster
#: (whose count is the fighter's) and on an item
ACCEPTED = [
    "+1 for each item the fighter has in play beyond the fourth",
    "+1 for each item beyond the fourth",
    "+1 for each item you carry beyond the fourth",
    "+1 for each item over four",
    "+1 for each card in your hand above 5",
    "+1 for each level above 5",
    "+1 for each level you have over 5",
    "+1 for every curse in play after the first",
    "+1 for every 2 items you carry beyond the first 3",
    "+1 for each player whose level is higher than yours",
    "+1 for each player whose level is higher than the fighter's",
    "+1 for each player of higher level than you",
    "+1 for each player with a lower level",
    "+1 for each player with a Steed",
    "+1 for each player who has a Sidekick",
    "+1 for each other player with a curse in play",
    "+1 for each player who carries a Big item",
    "+1 for each headgear you carry",
    "+1 for each piece of armor you wear",
    "+1 for each footgear the fighter wears",
    "+1 for each item you carry that takes hands",
    "+1 for each two-handed item you carry",
    "+1 for each one-handed item the fighter carries",
    "+1 for each hand-held item you have in play beyond the first",
    "if fighter carries at least 2 headgear: +1",
    "+1 for each footgear",
    "+1 for each piece of armor",
    "+1 for each two-handed item",
    "+1 for each one-handed item over 1",
    "if the fighter wears 2 or more armor: +1",
]


@pytest.mark.parametrize("line", ACCEPTED)
def test_each_phrasing_is_accepted(tmp_path: Path, line: str) -> None:
    assert pack_codes(
        f'monster m "M" {{ level 6; treasures 2; {line}; bad stuff: lose 1 level }}\n'
        f'item i "I" {{ value 300; bonus +1; tags Steed; {line} }}\n', tmp_path) == [], line


def test_the_level_over_the_monster_still_parts_from_a_threshold(tmp_path: Path) -> None:
    """`for each level you have over 5` and `... over the monster` share `over`: the
    threshold stands inside each count's way, so LALR parts them at the word after it."""
    assert pack_codes(
        'one-shot o "O" { value 100; in combat: +1 for each level you have over the monster '
        'to you }\n', tmp_path) == []
    assert "for each level you have over the monster" in _text(tmp_path, "en")


def _text(path: Path, lang: str) -> str:
    result = CliRunner().invoke(main, ["text", str(path), "--lang", lang])
    assert result.exit_code == 0, result.output
    return result.output


CARDS = ('pack t { title "T"; version "1.0"; ruleset munchkin-1.6; languages en }\n'
         'item d "D" { value 300; bonus +1\n'
         '  +1 for each item you carry over four\n'
         '  +1 for every 2 cards in your hand above 5\n'
         '  +2 for each curse in play after the first\n'
         '  +1 for each player whose level is higher than yours\n'
         '  +1 for every 2 players with a lower level\n'
         '  +1 for each other player with a curse in play\n'
         '  +1 for each player who carries a Big item\n'
         '  +1 for each piece of armor you wear\n'
         '  +1 for each item you carry that takes hands\n'
         '  +1 for every 2 two-handed items you carry\n'
         '  if you carry at least 2 headgear: +1 }\n'
         'monster m "M" { level 8; treasures 2\n'
         '  +1 for each player of higher level than the fighter\n'
         '  bad stuff: lose 1 level }\n'
         'item h "H" { value 300; bonus +1; tags Steed\n'
         '  if there are at least 2 players with a Steed: +1 }\n')


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "+1 for each item you have in play beyond the fourth."),
    ("en", "+1 for every 2 cards in your hand beyond the fifth."),
    ("en", "+2 for each curse in play beyond the first."),
    ("en", "+1 for each player whose level is higher than yours."),
    ("en", "+1 for every 2 players whose level is lower than yours."),
    ("en", "+1 for each other player with a curse in play."),
    ("en", "+1 for each player with a Big item in play."),
    ("en", "+1 for each player whose level is higher than the fighter's."),
    ("en", "If there are at least 2 players with a Steed in play: +1."),
    ("en", "+1 for each armor item you have in play."),
    ("en", "+1 for each hand-held item you have in play."),
    ("en", "+1 for every 2 two-handed items you have in play."),
    ("en", "If you have at least 2 headgear in play: +1."),
    ("ru", "+1 за каждую ручную шмотку у тебя в игре."),
    ("ru", "+1 за каждые 2 двуручные шмотки у тебя в игре."),
    ("pl", "+1 za każdy twój ręczny przedmiot w grze."),
    ("pl", "+1 za każde 2 twoje dwuręczne przedmioty w grze."),
    ("ru", "+1 за каждую шмотку у тебя в игре сверх 4."),
    ("ru", "+1 за каждые 2 карты у тебя на руке сверх 5."),
    ("ru", "+1 за каждого игрока с уровнем выше твоего."),
    ("ru", "+1 за каждых 2 игроков с уровнем ниже твоего."),
    ("ru", "+1 за каждого другого игрока, у которого в игре есть карта «Проклятие»."),
    ("ru", "+1 за каждого игрока, у которого в игре есть большая шмотка."),
    ("ru", "+1 за каждого игрока с уровнем выше уровня бойца."),
    ("ru", "Если число игроков, у которых в игре есть карта «Steed», не меньше 2: +1."),
    ("pl", "+1 za każdy twój przedmiot w grze ponad 4."),
    ("pl", "+1 za każde 2 karty na twojej ręce ponad 5."),
    ("pl", "+1 za każdego gracza o poziomie wyższym niż twój."),
    ("pl", "+1 za każdych 2 graczy o poziomie niższym niż twój."),
    ("pl", "+1 za każdego innego gracza z kartą „Klątwa” w grze."),
    ("pl", "+1 za każdego gracza z dużym przedmiotem w grze."),
    ("pl", "+1 za każdego gracza o poziomie wyższym niż poziom walczącego."),
])
def test_card_text(texts: dict[str, str], lang: str, words: str) -> None:
    assert words in texts[lang], texts[lang]


@pytest.fixture(scope="module")
def texts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """`munchkin text` of CARDS in each language, once for the module."""
    folder = tmp_path_factory.mktemp("texts")
    (folder / "pack.munch").write_text(CARDS, encoding="utf-8")
    return {lang: _text(folder, lang) for lang in ("en", "ru", "pl")}


def test_a_count_of_players_the_language_lacks_names_the_counts(tmp_path: Path) -> None:
    """The seventh set's misleading row: `+1 for each player ...` refused named selectors
    (`each player with the most gold`); it is an amount, so the hint names the counts."""
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1.0"; ruleset munchkin-1.6; languages en }\n'
        'monster m "M" { level 6; treasures 2; +1 for each player higher than you; '
        'bad stuff: lose 1 level }\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 1 and "E002" in result.output
    assert "nearest counts are `for each player whose level is higher than yours`" in \
        result.output, result.output
    assert "selector" not in result.output


@pytest.mark.parametrize(("line", "codes"), [
    ("+1 for each other player beyond the fifth", ["E229"]),  # 6 seats: 5 others
    ("+1 for each other player beyond the fourth", []),
    ("+1 for each player who is an Elf beyond the sixth", ["E229"]),
    ("+1 for every 3 players with a curse in play over 4", ["E229"]),
    ("+1 for each player whose level is higher than yours above 5", ["E229"]),  # never you
    ("+1 for each player whose level is higher than yours above 4", []),
])
def test_a_count_of_players_the_table_never_reaches_is_refused(
        tmp_path: Path, line: str, codes: list[str]) -> None:
    """munchkin-1.6 seats at most 6: a step and a threshold over what a count of players
    can count there would always give 0 (and the probe table could never prove it)."""
    assert pack_codes(f'item i "I" {{ value 300; bonus +1; {line} }}\n', tmp_path) == codes


def test_a_word_alone_that_is_no_slot_says_whose(tmp_path: Path) -> None:
    """`for each footgear` is the owner's footgear; `for each curse` alone would count the
    owner's curse items (none), so it is refused with the forms that say whose."""
    assert pack_codes('item i "I" { value 300; bonus +1; +1 for each footgear }\n',
                      tmp_path) == []
    assert pack_codes('item i "I" { value 300; bonus +1; +1 for each curse }\n',
                      tmp_path) == ["E229"]
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'item i "I" { value 300; bonus +1; +1 for each Elf }\n', encoding="utf-8")
    said = CliRunner().invoke(main, ["check", str(tmp_path)]).output
    assert "E229" in said and "`for each player who is an Elf`" in said, said
