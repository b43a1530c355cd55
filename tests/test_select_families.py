"""The families of the third scout's cards E, F, G (issue 19 item 4), on cards nobody wrote
for them (tests/data/select-families):

* a lasting bonus that counts (`+1 for each open seal up to +3 to attached item`, `+1 per
  open seal to run away`): read through the one reader of a lasting bonus's amount, so
  an item enhancer or a run-away item no longer adds a flat +1;
* alternatives that reach a group (`every other player discards 1 card, or loses 1
  level`): each player of the group picks their own; under `choose one` an alternative
  without a subject is the card's player's, in the engine as in the printed text;
* selectors by a standing (`the player with the most cards in hand`, `each player with the
  fewest items`): the measure of the standings condition, ties the card's player's pick
  unless `each`; read all fight on a lasting bonus;
* the ruleset's money word (`credits`) wherever `gold` is written;
* `for each player` (every living player); a take from a group (`you take 1 card at random
  from every other player`): from each of its players in turn, where E228 refused it;
* the card pick by value (`take the most valuable item the player with the most items
  carries`, was E002): only the dearest card is on offer.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from conftest import HEADER, PackWriter

from munchkin_dsl.base.rulesets import money_words
from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs

CARDS = Path(__file__).resolve().parent / "data" / "select-families"


def test_the_scenarios_play_every_family() -> None:
    result = CliRunner().invoke(main, ["test", str(CARDS)])
    assert result.exit_code == 0, result.output
    assert " 0 failed" in result.output and "0 not modelled" in result.output


def test_the_rulesets_money_word_counts_where_gold_does(packdir: PackWriter) -> None:
    """`for every 1000 credits of items you carry` (Star Munchkin's money) is the gold
    count: the word comes from the rulesets' money terms, and the card prints it."""
    packdir.write("pack.munch", 'pack t { title "T"; version "1"; ruleset star-munchkin }\n'
                  'item s "S" { bonus +0; value 100; '
                  '+1 for every 1000 credits of items you carry }\n')
    result = compile_packs(["pack.munch"])
    assert result.data is not None, [str(d) for d in result.sink]
    eff = next(c for c in result.data.cards if c.id == "s").abilities[0].effects[0]
    assert (eff.for_each, eff.for_every) == ("gold", 1000)
    assert "credits" in money_words() and "gold" in money_words()


def test_a_subject_before_give_is_told_to_drop_it(packdir: PackWriter) -> None:
    """`victim gives an item victim carries to ...`: E230 names the subject-less form, and
    that form compiles (the hint listed unrelated effects and never `give`)."""
    line = "gives an item victim carries to the lowest level player"
    packdir.write("pack.munch", HEADER + f'curse c "C" {{ victim {line} }}\n')
    result = compile_packs(["pack.munch"])
    [bad] = [d for d in result.sink.items if d.code == "E230"]
    assert "`give an item victim carries to the lowest level player`" in (bad.hint or "")
    packdir.write("pack.munch", HEADER + 'curse c "C" { give an item victim carries to the '
                  'lowest level player }\n')
    assert compile_packs(["pack.munch"]).data is not None


def test_a_whole_selector_where_a_count_stands_is_told_so(packdir: PackWriter) -> None:
    """`+1 for each player with the most items`: the hint said "no selector says 'each player
    with the'" and offered that very selector; now it says the selector is misplaced."""
    packdir.write("pack.munch", HEADER + 'item i "I" { bonus +0; value 100; '
                  '+1 for each player with the most items }\n')
    [bad] = [d for d in compile_packs(["pack.munch"]).sink.items if d.code == "E002"]
    assert (bad.hint or "").startswith("`each player with the most items` is a selector, but "
                                       "no selector stands here (`for each` counts"), bad.hint


def test_a_monster_of_your_choice_is_told_monster_is_the_pick(packdir: PackWriter) -> None:
    """`-3 to a monster of your choice`: the hint offered player selectors; a card's
    `monster` is the one its player plays it on (scenario monster-choice.scn proves it)."""
    packdir.write("pack.munch", HEADER + 'one-shot h "H" { value 100; in combat: -3 to a '
                  'monster of your choice }\n')
    [bad] = [d for d in compile_packs(["pack.munch"]).sink.items if d.code == "E002"]
    assert "write `-3 to monster`" in (bad.hint or ""), bad.hint


def test_a_count_owned_by_victim_names_you(packdir: PackWriter) -> None:
    """`for each sidekick victim has in play` (the hint said "did you mean 'item'?"): a
    count's player is `you` or `the fighter`, and on a curse `you` is its victim."""
    packdir.write("pack.munch", HEADER + 'curse c "C" { victim loses 1 level for each '
                  'sidekick victim has in play }\n')
    [bad] = [d for d in compile_packs(["pack.munch"]).sink.items if d.code == "E002"]
    assert "`victim loses 1 level for each sidekick you have in play`" in (bad.hint or "")
    packdir.write("pack.munch", HEADER + 'curse c "C" { victim loses 1 level for each '
                  'sidekick you have in play }\n')
    assert compile_packs(["pack.munch"]).data is not None
