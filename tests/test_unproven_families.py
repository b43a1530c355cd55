"""The families the grammar sweep found accepted but unproven (tests/data/grammar_unproven.toml
and the long sweeps of bench/conformance_long.py), one named test each, by where the fault was.

* the engine did not run the line: it runs now and changes the game as the card says;
* the line could mean nothing: the checker refuses it, saying why and what to write;
* the probe never made the line's moment or state: the line is proven by the sweep's own
  ``prove`` now (the last test, one case per family, with the line the sweep found).
"""

from __future__ import annotations

from typing import Any

import grammar_lines as gl
import pytest
from conftest import HEADER, PackWriter, codes
from test_inert_lines import game, players

from munchkin_dsl.base.diagnostics import Diagnostic
from munchkin_dsl.engine import EngineError
from munchkin_dsl.engine.crowd import discard_into_combat


def refusal(packdir: PackWriter, card: str, header: str = HEADER) -> Diagnostic:
    """The one error of a pack with ``card``; it must carry a hint naming `manual` or a
    line to write instead."""
    errors = [d for d in packdir.diagnostics(card + "\n", header) if d.code.startswith("E")]
    assert len(errors) == 1, [str(d) for d in errors]
    assert errors[0].hint and "`" in errors[0].hint
    return errors[0]


# ---------------------------------------------------------------- the engine ran nothing
def test_monster_continuous_discard_this_sends_the_monster_away(packdir: PackWriter) -> None:
    """`discard this` on a monster (the fighter's choice with `may`): it leaves the fight
    with no kill and no treasure; before, the handler had no branch for `this`."""
    g = game(packdir, 'monster shy "Shy" { level 8; treasures 2; may discard this; '
                      "bad stuff: lose 1 level }\n")
    a, _b, _c = players(g)
    g.start_combat(a, g.new_card("shy"))
    combat = g.state.combat
    assert combat is not None
    shy = combat.monsters[0]
    g.use(a, shy.card, shy.card.data.abilities[0])
    assert shy.removed and not shy.removed_with_treasure
    assert a.level == 3  # no kill, no level


def test_race_in_combat_discard_this_discards_the_card(packdir: PackWriter) -> None:
    g = game(packdir, 'race orc "Orc" { in combat: +3 to you, discard this }\n')
    a, _b, _c = players(g)
    a.hand.append(orc := g.new_card("orc"))
    g.put_in_play(a, orc)
    g.start_combat(a, g.new_card("brute"))
    g.use(a, orc, orc.data.abilities[0])
    assert orc not in a.races and orc in g.state.discards["door"]


def test_door_double_the_strength_of_either_side(packdir: PackWriter) -> None:
    """`either side` is the side chosen when played (the player side by default); the
    operator found no player for it before and did nothing."""
    g = game(packdir, 'door d "D" { double the strength of either side }\n')
    a, _b, _c = players(g)
    g.start_combat(a, g.new_card("weakling"))
    before = g.breakdown().player
    a.hand.append(card := g.new_card("d"))
    g.play(a, card)
    assert g.breakdown().player == 2 * before


def test_seal_while_open_if_a_fighter_has_a_dwarf_in_play(packdir: PackWriter) -> None:
    """A card filter may name a race or class: the race card of that name is in play (the
    engine matched kinds and tags only, so `has a Dwarf in play` never held)."""
    g = game(packdir, 'race dwarf "Dwarf" { in combat: +1 to you }\n'
                      'one-shot o "O" { no value; if you have a Dwarf in play: +5 to you }\n')
    a, _b, _c = players(g)
    g.start_combat(a, g.new_card("weakling"))
    a.hand.append(first := g.new_card("o"))
    g.play(a, first)
    without = g.breakdown().player
    g.state.combat = None
    a.hand.append(dwarf := g.new_card("dwarf"))
    g.put_in_play(a, dwarf)
    g.start_combat(a, g.new_card("weakling"))
    a.hand.append(second := g.new_card("o"))
    g.play(a, second)
    assert g.breakdown().player == without + 1 + 5  # the Dwarf's +1 and the line's +5


def test_item_continuous_strength_to_the_highest_level_player(packdir: PackWriter) -> None:
    """A passive bonus to `the highest level player` (or to your left, to every other
    player) counts when that player is in the fight; the breakdown had no side for it."""
    g = game(packdir, 'item charm "Charm" { bonus +1; footgear; value 100; -2 to the highest '
                      "level player }\n")
    a, b, _c = players(g)
    a.hand.append(charm := g.new_card("charm"))
    g.put_in_play(a, charm)
    g.start_combat(a, g.new_card("weakling"))
    alone = g.breakdown().player
    g.help(b)  # B (level 5) is the highest level player
    assert g.breakdown().player == alone + b.level - 2


def test_race_continuous_weaken_with_uses_is_used_and_runs_out(packdir: PackWriter) -> None:
    """A line with uses is used, not read (the probe never used it): each use weakens the
    items for the fight and spends one; the last one discards the card."""
    g = game(packdir, 'race r "R" { 2 uses: every item gives 1 less }\n'
                      'item club "Club" { bonus +3; one hand; value 100 }\n')
    a, _b, _c = players(g)
    a.hand.append(race := g.new_card("r"))
    g.put_in_play(a, race)
    a.hand.append(club := g.new_card("club"))
    g.put_in_play(a, club)
    for use in (1, 2):
        g.start_combat(a, g.new_card("brute"))
        strong = g.breakdown().player
        g.use(a, race, race.data.abilities[0])
        assert g.breakdown().player == strong - 1, use
        g.state.combat = None
    assert race not in a.races


def test_door_continuous_aggregate_limit_is_read_in_every_ruleset(packdir: PackWriter
                                                                 ) -> None:
    """`aggregate limit -1` where the ruleset's Big items are `big`: the limit the engine
    keeps for Aggregates (a mix may bring some) changes; the probe read only the ruleset's
    own category."""
    g = game(packdir, 'door d "D" { persistent; aggregate limit +1 }\n')
    a, _b, _c = players(g)
    assert g.rules.big_limit(a, "aggregate") == 1
    a.hand.append(card := g.new_card("d"))
    g.play(a, card)
    assert g.rules.big_limit(a, "aggregate") == 2 and g.rules.big_limit(a, "big") == 1


def test_one_shot_helper_takes_a_small_item_from_another_player(packdir: PackWriter) -> None:
    """`another player` is one the line may take from: never a player of the fight (the
    policy's pick was the helper, whom the effect may not rob, so nothing moved)."""
    g = game(packdir, 'one-shot o "O" { no value; helper takes a small item from another '
                      "player }\n")
    a, b, c = players(g)
    g.put_in_play(c, g.new_card("cap"))
    g.start_combat(a, g.new_card("brute"))
    g.help(b)
    a.hand.append(card := g.new_card("o"))
    g.play(a, card)
    assert [i.id for i in b.items] == ["cap"] and c.items == []


def test_every_other_player_takes_a_small_item_never_from_themself(packdir: PackWriter
                                                                    ) -> None:
    """`every other player ... takes a small item from the highest level player`: each
    taker takes one, and the highest level player, a taker too, takes none from themself
    (before, only the first taker took: B "took" B's own dagger and C got nothing)."""
    g = game(packdir, 'item dagger "Dagger" { bonus +1; one hand; value 100 }\n'
                      'monster m "M" { level 4; treasures 1; every other player highest level '
                      "first takes small item from highest level player; bad stuff: lose 1 "
                      "level }\n")
    a, b, c = players(g)
    b.hand.append(dagger := g.new_card("dagger"))
    g.put_in_play(b, dagger)
    g.start_combat(a, g.new_card("m"))
    assert dagger in c.items and dagger not in b.items


def test_a_passive_bonus_to_the_player_with_the_most_items(packdir: PackWriter) -> None:
    """`+3 to the player with the most items` read from a card in play reaches that player
    in the fight; the breakdown knew the standings by level only, so it reached nobody."""
    g = game(packdir, 'race r "R" { +3 to the player with the most items }\n')
    a, _b, _c = players(g)
    g.put_in_play(a, g.new_card("cap"))  # A carries the most items
    g.start_combat(a, g.new_card("weakling"))
    before = g.breakdown().player
    g.state.combat = None
    a.hand.append(race := g.new_card("r"))
    g.put_in_play(a, race)
    g.start_combat(a, g.new_card("weakling"))
    assert g.breakdown().player == before + 3


def test_a_monster_enhancer_rolls_its_die_amount_as_it_is_played(packdir: PackWriter
                                                                 ) -> None:
    """`+2 for each point of a die` on a monster enhancer: the die is rolled as it is played
    and the bonus read from then on; before, the passive count of a die was 0."""
    g = game(packdir, 'monster enhancer e "E" { +2 for each point of a die }\n')
    a, b, _c = players(g)
    g.start_combat(a, g.new_card("weakling"))
    g.forced_rolls = [4]
    b.hand.append(card := g.new_card("e"))
    g.play(b, card)
    assert g.breakdown().monster == 1 + 2 * 4


def test_victim_on_a_monsters_own_bonus_line_is_the_fighter(packdir: PackWriter) -> None:
    """`+2 to victim` on a monster: its victim is the fighter (the checker reads it so,
    NAMED_ALIKE); the breakdown looked for the line's owner, whom a monster has not."""
    g = game(packdir, 'monster m "M" { level 1; treasures 1; +2 to victim; bad stuff: lose 1 '
                      "level }\n")
    a, _b, _c = players(g)
    g.start_combat(a, g.new_card("weakling"))
    plain = g.breakdown().player
    g.state.combat = None
    g.start_combat(a, g.new_card("m"))
    assert g.breakdown().player == plain + 2


def test_victim_when_caught_is_the_caught_player(packdir: PackWriter) -> None:
    """`if victim ..., when caught:`: the victim is the player caught (as the checker reads
    it, VICTIM_TIMINGS); the answer was fired with no victim, so the test never held."""
    g = game(packdir, 'race r "R" { if victim is level 3 or lower, when caught: lose 1 level }\n'
                      'monster ogre "Ogre" { level 18; treasures 1; bad stuff: discard '
                      "headgear }\n")
    a, _b, _c = players(g)
    a.hand.append(race := g.new_card("r"))
    g.put_in_play(a, race)
    g.start_combat(a, g.new_card("ogre"))
    g.run_away([1, 1, 1])
    assert a.level == 2  # the line's level (the Ogre takes none)


def test_every_other_player_steals_a_level_never_from_themself(packdir: PackWriter) -> None:
    """`every other player steals 1 level from the player to your left` on a curse played on
    A: B (on A's left) steals none from themself and C steals one from B (before, only the
    first taker stole, from themself: a level lost and gained back)."""
    g = game(packdir, 'curse c "C" { every other player steals 1 levels from the player to '
                      "your left }\n")
    a, b, c = players(g)
    c.hand.append(card := g.new_card("c"))
    g.play(c, card, on_player=a)
    assert (a.level, b.level, c.level) == (3, 4, 3)


def test_a_played_bonus_counts_the_cards_discarded_after_it(packdir: PackWriter) -> None:
    """`+2 for each card discarded into this combat` played into a fight counts the cards
    discarded into it from then on (before, it was worked out as played, when no card can
    have been discarded yet: always 0)."""
    g = game(packdir, 'one-shot o "O" { no value; +2 for each card discarded into this '
                      "combat }\n")
    a, _b, c = players(g)
    g.start_combat(a, g.new_card("brute"))
    a.hand.append(card := g.new_card("o"))
    g.play(a, card)
    before = g.breakdown().player
    discard_into_combat(g, c, c.hand[0])
    assert g.breakdown().player == before + 2


# ---------------------------------------------------------------- the line meant nothing
@pytest.mark.parametrize(("test", "code"), [('using "Glorp"', "E101"), ("using Dwarf", "E228")])
def test_one_shot_on_play_if_target_is_using_an_unknown_name(packdir: PackWriter, test: str,
                                                             code: str) -> None:
    """`using X` tests the tags of the cards a player uses: a name no card has (or a race
    that is no tag) never holds; it was accepted unchecked."""
    diag = refusal(packdir, f'one-shot o "O" {{ no value; if target is {test}: player to '
                            "your right loses 3 levels }\nrace dwarf \"Dwarf\" { }")
    assert diag.code == code


#: family -> (a card it refuses, the card as the hint says to write it, code, words of why)
REFUSED_WITH_A_FIX = {
    "hireling.on_loot.steal_level": (  # with no fight, fighter and player side are the owner
        'door d "D" { persistent; roll 4+, on loot: player side steals 2 levels from fighter }',
        'door d "D" { persistent; in combat: helper steals 2 levels from fighter }',
        "E228", "nothing moves"),
    "one-shot.on_play.take_from_discards": (  # the fighter never helps in their own fight
        'one-shot o "O" { no value; if fighter is helper: +1 treasure }',
        'one-shot o "O" { no value; if you are helper: +1 treasure }', "E228", "never the helper"),
    "one-shot.on_play.defeat_without_kill": (  # levels start at 1
        'one-shot o "O" { no value; if fighter is not level 1 or higher: defeat every monster '
        "without kill }",
        'one-shot o "O" { no value; if fighter is not level 2 or higher: defeat every monster '
        "without kill }", "E228", "never holds"),
    "one-shot.on_play.give_monster": (  # the fighter and the helper fight it already
        'one-shot o "O" { no value; give the monster to fighter }',
        'one-shot o "O" { no value; give the monster to the player to your left }', "E228",
        "cannot be given to them"),
    "curse.on_play.steal_item": (  # played on its victim: `any player` is the victim
        'curse c "C" { victim takes a small item from any player }',
        'curse c "C" { victim takes a small item from the player to your left }', "E228",
        "`any player` is the victim"),
    "curse.on_play.steal_level": (  # as on a trap or a disaster
        'curse c "C" { may steal 1 level from any player }',
        'curse c "C" { may steal 1 level from the highest level player }', "E228",
        "`any player` is the victim"),
    "monster.continuous.steal_item": (  # a monster's victim, as it enters, is the fighter
        'monster m "M" { level 4; treasures 1; take a small item from victim; bad stuff: lose '
        "1 level }",
        'monster m "M" { level 4; treasures 1; take a small item from the player to your left; '
        "bad stuff: lose 1 level }", "E228", "`victim` is the fighter"),
    "curse.next_combat.add_marker": (  # the curse's player is gone by then
        'curse c "C" { next combat: put 6 markers on you }',
        'curse c "C" { next combat: put 6 markers on victim }', "E228", "`you` names nobody"),
    "monster.continuous.will_not_pursue": (  # no player owns a monster
        'monster m "M" { level 4; treasures 1; if you are level 3 or more: will not pursue; '
        "bad stuff: lose 1 level }",
        'monster m "M" { level 4; treasures 1; if fighter is level 3 or more: will not '
        "pursue; bad stuff: lose 1 level }", "E228", "a test of `you` on its line is of nobody"),
    "item.on_loot.take_from_discards": (  # no fight while looting the room
        'item i "I" { bonus +1; value 100; on loot, if any fighter has 3 markers: gain 1 '
        "level }",
        'item i "I" { bonus +1; value 100; on loot, if you have 3 markers: gain 1 level }',
        "E228", "there is no fight at this moment"),
    "treasure.on_play.steal_level:side": (  # the player side holds the fighter
        'treasure t "T" { value 100; player side steals 1 level from fighter }',
        'treasure t "T" { value 100; helper steals 1 level from fighter }', "E228",
        "one of its own"),
    "treasure.own_turn.take_from_discards": (  # a class card is a door card
        'treasure t "T" { value 100; take the top class card from the treasure discard '
        "pile }",
        'treasure t "T" { value 100; take the top class card from the door discard pile }',
        "E228", "never hold one"),
    "monster-enhancer.in_combat.strength:you": (  # read with the monster: no player
        'monster enhancer e "E" { -2 to you }', 'monster enhancer e "E" { -2 to player side }',
        "E228", "`you` names nobody"),
    "monster.continuous.steal_item:others": (
        'monster m "M" { level 4; treasures 1; every other player takes a small item from '
        "victim; bad stuff: lose 1 level }",
        'monster m "M" { level 4; treasures 1; every other player takes a small item from '
        "the lowest level player; bad stuff: lose 1 level }", "E228",
        "never takes from a player in the fight"),
    "monster.continuous.take_card": (  # a card move: the monster's victim is the fighter
        'monster m "M" { level 4; treasures 1; takes a random card from victim; bad stuff: '
        "lose 1 level }",
        'monster m "M" { level 4; treasures 1; takes a random card from the player to your '
        "left; bad stuff: lose 1 level }", "E228", "holds it already"),
    "item.outside_combat.discard_card": (  # nobody helps out of a fight
        'item i "I" { bonus +1; value 100; 4 times, outside combat: discards an Elf helper '
        "carries }",
        'item i "I" { bonus +1; value 100; 4 times, in combat: discards an Elf helper '
        "carries }", "E228", "`helper` is nobody"),
    "treasure.continuous.win_ties": (  # a line read from the table is played on nobody
        'treasure t "T" { value 100; persistent; if target is level 4 or higher: wins ties }',
        'treasure t "T" { value 100; persistent; if you are level 4 or higher: wins ties }',
        "E228", "is played on nobody"),
    "monster.bad_stuff_always.lose_levels": (  # `on 6` before the ':' is no branch
        'monster m "M" { level 4; treasures 1; on 6 while you are not alone, bad stuff even '
        "on escape: the player to your right loses 1 level; bad stuff: lose 1 level }",
        'monster m "M" { level 4; treasures 1; bad stuff even on escape, roll a die: on 6 the '
        "player to your right loses 1 level, on 1 to 5 nothing; bad stuff: lose 1 level }",
        "E229", "no die picks it"),
    "treasure.on_play.lose_levels:seats": (  # 6 players at most: 5 others
        'treasure t "T" { value 100; lose 6 levels for every 6 other player up to 3 }',
        'treasure t "T" { value 100; lose 6 levels for every 4 other player up to 3 }',
        "E229", "is never reached"),
    "monster.continuous.strength:you": (  # read with the monster, as an enhancer's is
        'monster m "M" { level 4; treasures 1; "Big Move": -2 to you; bad stuff: '
        "lose 1 level }",
        'monster m "M" { level 4; treasures 1; "Big Move": -2 to player side; bad stuff: lose '
        "1 level }", "E228", "`you` names nobody"),
    "item.on_kill.take:cards": (  # a card in play fires for its own player
        'item i "I" { bonus +1; value 100; on kill: take 1 cards at random from any player }',
        'item i "I" { bonus +1; value 100; on kill: take 1 cards at random from the player to '
        "your left }", "E228", "nothing moves"),
    "item.on_escape.take_card": (  # a card in play firing at an event is played on nobody
        'item i "I" { bonus +1; value 100; if target is level 2 or more, on kill: gain 1 '
        "level }",
        'item i "I" { bonus +1; value 100; if you are level 2 or more, on kill: gain 1 level }',
        "E228", "played on nobody"),
    "monster.continuous.lose_all_bonuses:may": (  # read all fight: nobody chooses it
        'monster m "M" { level 4; treasures 1; "Big Move": may monster lose all bonuses; '
        "bad stuff: lose 1 level }",
        'monster m "M" { level 4; treasures 1; "Big Move": monster loses all bonuses; '
        "bad stuff: lose 1 level }", "E228", "nobody chooses it"),
    "race.continuous.strength:another_player": (  # a bonus read picks no player
        'race r "R" { +2 to another player against Undead }',
        'race r "R" { +2 to the player to your left against Undead }', "E228",
        "`another player` names nobody"),
}


@pytest.mark.parametrize("family", sorted(REFUSED_WITH_A_FIX))
def test_the_checker_refuses_the_family(packdir: PackWriter, family: str) -> None:
    bad, fine, code, why = REFUSED_WITH_A_FIX[family]
    diag = refusal(packdir, bad)
    assert diag.code == code and why in diag.message
    assert packdir.diagnostics(fine + "\n") == []


@pytest.mark.parametrize("line", ['"Trick": 4 charges: aggregate limit 6',
                                  "once per turn: hand limit +1",
                                  "discard 1 card: race limit +1"])
def test_hireling_continuous_limit_with_uses_frequency_or_cost(packdir: PackWriter,
                                                                line: str) -> None:
    """A limit is read, never used: its uses, frequency or cost would never be spent."""
    diag = refusal(packdir, f'hireling h "H" {{ {line} }}')
    assert diag.code == "E221" and "never used" in diag.message


@pytest.mark.parametrize(("line", "lowest"), [("hand limit 4", 5), ("race limit 1", 1),
                                              ("sidekick limit 1", 1)])
def test_race_continuous_limit_at_or_below_the_rulesets(packdir: PackWriter, line: str,
                                                        lowest: int) -> None:
    """A card's absolute limit only raises a limit (the highest wins)."""
    diag = refusal(packdir, f'race r "R" {{ {line} }}')
    assert diag.code == "E205" and f"it is {lowest} already" in diag.message
    assert "-1" in (diag.hint or "")
    assert packdir.diagnostics(f'race r "R" {{ {line.rsplit(" ", 1)[0]} {lowest + 1} }}\n') \
        == []


def test_treasure_on_play_player_side_must_help(packdir: PackWriter) -> None:
    diag = refusal(packdir, 'treasure t "T" { value 100; player side must help }')
    assert diag.code == "E228" and "player side cannot be made to help" in diag.message


def test_monster_continuous_one_card_put_back_in_any_order(packdir: PackWriter) -> None:
    diag = refusal(packdir, 'one-shot o "O" { no value; look at the top door and put it back '
                            "in any order }")
    assert diag.code == "E228" and "on the top or the bottom" in (diag.hint or "")
    assert codes(packdir.diagnostics('one-shot o "O" { no value; look at the top door and put '
                                     "it back on the top or the bottom }\n")) == []


def test_a_monster_testing_its_own_printed_level_against_itself(packdir: PackWriter) -> None:
    """monster.continuous.lose_levels (the merged sweep, seed 19): `if monster is not level 2
    or more` on a level 4 monster's own line never holds, its level being printed; a level
    1 monster's same test holds and is accepted."""
    diag = refusal(packdir, 'monster m "M" { level 4; treasures 1; if monster is not level 2 '
                            "or more: loses 2 levels; bad stuff: lose 1 level }")
    assert diag.code == "E228" and "level 4" in diag.message
    kept = packdir.diagnostics('monster m "M" { level 1; treasures 1; if monster is level 2 '
                               "or less: +2 to monster; bad stuff: lose 1 level }\n", HEADER)
    assert not [d for d in kept if d.code.startswith("E")]


def test_a_subjectless_take_from_the_player_it_reaches(packdir: PackWriter) -> None:
    """trap.on_play.steal_item, monster.continuous.take (found once the probe stopped
    counting the card's own place on a deck as a change): with no subject a trap's line
    reaches the victim and a monster's the fighter, so taking from that same player moves
    nothing."""
    diag = refusal(packdir, 'trap t "T" { take a small item from victim }',
                   HEADER.replace("munchkin-1.6", "star-munchkin"))
    assert diag.code == "E228" and "reaches the victim" in diag.message
    diag = refusal(packdir, 'monster m "M" { level 4; treasures 1; take 4 cards at random '
                            "from fighter; bad stuff: lose 1 level }")
    assert diag.code == "E228" and "reaches the fighter" in diag.message


def test_item_after_run_away_roll_penalty_counts_on_a_roll_that_escaped(
        packdir: PackWriter) -> None:
    """item.after_run_away_roll.run_away (`after run away roll: -1 for every 4 points of 1
    dice to run away`): the engine ran `after run away roll` lines only on a roll that had
    already failed, where a penalty changes nothing; a line with no cost is a rule of the
    card and counts after every roll, so a 5 that escaped is a 4 that is caught.  A line
    with a cost is still paid only when the roll failed."""
    g = game(packdir, 'item dud "Dud" { bonus +0; value 100; after run away roll: '
                      '-1 for every 4 points of 1 dice to run away }\n'
                      'item wing "Wing" { bonus +0; value 100; after run away roll, '
                      'discard up to 2 cards: +1 per card to run away }\n')
    a, _b, _c = players(g)

    def flee(roll: int, amount_die: int = 4) -> str:
        g.forced_rolls = [amount_die]  # the amount's die: 4 points, -1
        g.start_combat(a, g.new_card("brute"))
        return g.run_away([roll])["A:brute"]

    def wear(card_id: str) -> None:
        a.hand.append(card := g.new_card(card_id))
        g.put_in_play(a, card)

    assert flee(5) == "escaped"  # a bare 5 escapes
    wear("wing")
    hand = len(a.hand)
    assert flee(5) == "escaped" and len(a.hand) == hand  # no card paid on a roll that escaped
    wear("dud")
    assert flee(5) == "escaped" and len(a.hand) == hand - 1  # 5 - 1 = 4: Wing pays one card
    assert flee(5, amount_die=3) == "escaped" and len(a.hand) == hand - 1  # 3 points: -0
    a.hand.clear()  # nothing left to pay Wing with
    assert flee(5) == "caught"
    assert "+1 to the roll" not in " ".join(g.state.log[-3:])


def test_monster_enhancer_line_with_a_cost_is_paid_and_done(packdir: PackWriter) -> None:
    """monster-enhancer.in_combat.weaken/strength (`discard whole hand of at least 3 cards:
    every one-shot gives 3 less`): a line with a cost on a monster enhancer was never read
    (a passive with a cost is not) and an active one was done without its cost being paid;
    now the player who plays the enhancer pays and the whole line is done."""
    g = game(packdir, 'monster enhancer big "Big" { discard 2 cards: +5 to monster }\n'
                      'monster enhancer dear "Dear" { discard 9 cards: +5 to monster }\n')
    a, b, _c = players(g)
    g.start_combat(a, g.new_card("weakling"))
    before = g.breakdown().monster
    b.hand.append(dear := g.new_card("dear"))
    with pytest.raises(EngineError, match="cannot pay"):
        g.play(b, dear)
    assert dear in b.hand and g.breakdown().monster == before  # refused before anything moved
    b.hand.append(big := g.new_card("big"))
    hand = len(b.hand)
    g.play(b, big)
    assert g.breakdown().monster == before + 5
    assert len(b.hand) == hand - 3  # the card and the two it cost


@pytest.mark.parametrize(("line", "moved"), [
    ("helper steals 3 levels from another player", lambda b, c: (b.level, c.level) == (8, 1)),
    ("helper takes 1 cards at random from another player",
     lambda b, c: (len(b.hand), len(c.hand)) == (4, 2))])
def test_treasure_on_play_helper_takes_from_another_player(packdir: PackWriter, line: str,
                                                           moved: Any) -> None:
    """treasure.on_play.steal_level, treasure.on_play.take:cards: `another player` was
    another than the card's player, the leader, who was the helper stealing from
    themself; it is another than the one who takes."""
    g = game(packdir, f'treasure t "T" {{ value 100; {line} }}\n')
    a, b, c = players(g)
    c.level = 4
    g.start_combat(a, g.new_card("brute"))
    g.help(b)
    a.hand.append(card := g.new_card("t"))
    g.play(a, card)
    assert moved(b, c), (b.level, c.level, len(b.hand), len(c.hand))


def test_you_on_a_monsters_bad_stuff_escape_and_reveal_is_that_player(
        packdir: PackWriter) -> None:
    """monster.bad_stuff.lose_levels, monster.on_escape.draw, monster.on_reveal.draw (`bad
    stuff: you lose 1 level`, `on escape, if you are level 2 or more: ...`): the monster's
    lines ran with no player, so `you` reached nobody and a test of `you` never held; `you`
    is the player the line is about, as docs/language.md says."""
    g = game(packdir, 'monster m "M" { level 18; treasures 1; on reveal: you draw 1 treasure '
                      "face down; on escape, if you are level 2 or more: you draw 1 treasure "
                      "face down; bad stuff: you lose 1 level }\n"
                      'item coin "Coin" { bonus +0; value 100 }\n')
    a, _b, _c = players(g)
    g.state.decks.setdefault("treasure", []).extend(g.new_card("coin") for _ in range(4))
    g.state.decks.setdefault("door", []).append(g.new_card("m"))
    hand = len(a.hand)
    g.kick_open_door(a)
    assert g.run_away([1]) == {"A:m": "caught"} and a.level == 2  # bad stuff
    assert len(a.hand) == hand + 1  # on reveal (the card comes once the fight is over)
    g.start_combat(a, g.new_card("m"))
    assert g.run_away([6]) == {"A:m": "escaped"} and len(a.hand) == hand + 2  # on escape


def test_a_passive_ignore_reaches_the_player_its_words_name(packdir: PackWriter) -> None:
    """curse.continuous.ignore (`the lowest level player ignores bad stuff that takes
    levels` on a curse on A): a passive `ignore` was read for the card's holder whatever
    its words said, so A kept the levels and the lowest level player lost them; a seat or
    level word now names whom it reaches."""
    g = game(packdir, 'curse c "C" { persistent; the lowest level player ignores bad stuff '
                      "that takes levels }\n"
                      'monster leech "Leech" { level 18; treasures 1; bad stuff: lose 2 '
                      "levels }\n")
    a, b, c = players(g)
    a.level, b.level, c.level = 6, 3, 4
    c.hand.append(curse := g.new_card("c"))
    g.curse(a, curse, by=c)
    g.start_combat(a, g.new_card("leech"))
    g.help(b)
    assert g.run_away([1, 1]) == {"A:leech": "caught", "B:leech": "caught"}
    assert (a.level, b.level) == (4, 3)


# ---------------------------------------------------------------- the probe missed the moment
#: family -> (kind, ruleset, persistent, the line the sweep found unproven)
PROBED = {
    "sidekick.when_targeted.steal_level": (  # fired by a disaster now, not the curse
        "sidekick", "munchkin-classic-ru", False, "once per victim per combat, when targeted "
        "by disaster: may steal 4 levels from lowest level player"),
    "door.on_play.strength": (  # a fighter who is the lowest level player, at level 4
        "door", "munchkin-1.6", False,
        "+2 for every 4 level of fighter to lowest level player against Thief"),
    "disaster.on_play.strength": (  # Dragon cards in play
        "disaster", "munchkin-1.6", False, '"Trick": -1 for each Dragon you have in play'),
    "disaster.on_play.discard": (  # someone wears footgear on the victim's left
        "disaster", "munchkin-1.6", False, "the player to your left discard footgear"),
    "door.on_play.lose_all_bonuses": (  # a monster with a bonus of its own
        "door", "star-munchkin", False, "roll 6 +: may monster loses all bonuses"),
    "door.on_play.no_escape": (  # a fighter who carries nothing
        "door", "star-munchkin", False,
        "if fighter does not carry items worth 3 or more: +1 level, no escape"),
    "door.continuous.win_ties": (  # a line with uses is used
        "door", "munchkins-and-mazes", True, '"Trick": 1 uses: win ties'),
    "seal.while_open.ignore:tag_bonuses": (  # a Dragon card's bonus to ignore
        "seal", "munchkins-and-mazes", False, "ignore Dragon bonuses"),
    "class.continuous.limit": (  # a Sidekick limit above 1 to lower
        "class", "munchkin-1.6", False, "sidekick limit -1"),
    "item.continuous.ignore:tag_cards": (  # another player's Cleric card on A
        "item", "munchkin-1.6", False, '"Trick", ru "Trick": ignores Cleric cards'),
    "monster.continuous.gain_levels": (  # a monster joining a fight the helper is in
        "monster", "star-munchkin", False, "helper gains 3 level per monster"),
    "one-shot.on_play.draw": (  # a closed Seal in the discards
        "one-shot", "munchkin-apocalypse", False,
        "the highest level player draw 4 seal face up from the discard pile"),
    "treasure.on_play.cancel": (  # a trap on A to cancel, hands of six
        "treasure", "munchkin-apocalypse", False,
        "may if any fighter have at least 6 cards in hand, roll 4 +: cancel a trap"),
    "one-shot.on_play.discard_most_valuable": (  # a short hand, items kept
        "one-shot", "star-munchkin", False, "if you do not have at least 4 cards in hand, "
        "once per game: player side discard the most valuable item"),
    "monster.continuous.arrange_top": (  # some cards on top, some below
        "monster", "munchkin-apocalypse", False, "until each Scientist lose footgear: player "
        "to your right looks at the top 6 seal and put it back on the top or the bottom"),
    "door.on_play.discard_in_play": (  # the helm to discard is in play before the fight
        "door", "munchkin-1.6", False,
        "if any fighter has 2 or fewer cards in hand: helper discard an Thief in play"),
    "sidekick.continuous.run_away": (  # a roll that escapes by exactly 1
        "sidekick", "munchkin-apocalypse", False, "-1 to run away"),
    "door.continuous.run_away": (  # a marker to count, and a roll that escapes by 1
        "door", "star-munchkin", True,
        '"Trick", ru "Trick": -1 for every 1 marker on you up to -1 to run away'),
    "treasure.on_play.lose_all_bonuses": (  # a boosted monster, the fighter alone
        "treasure", "munchkin-1.6", False,
        "if any fighter are alone: monster loses all bonuses"),
    "item-enhancer.continuous.ignore:item_bonuses": (  # items with bonuses, worth nothing
        "item-enhancer", "munchkin-classic-ru", False,
        "if fighter do not carries items worth 2 or more: ignores item bonuses"),
    "sidekick.continuous.run_away:counters": (  # counters on the card, no other bonus
        "sidekick", "munchkin-1.6", False, "+1 for each counter on this card to run away"),
    "monster-enhancer.in_combat.horde": (  # a monster of that tag comes to join
        "monster-enhancer", "star-munchkin", False, "other fire monsters may join"),
    "one-shot.own_turn.force_help": (  # empty hands, the fighter alone
        "one-shot", "munchkin-classic-ru", False, "may on your turn, while any fighter do "
        "not have at least 1 cards in hand: may the player with the lowest level must help"),
    "trap.continuous.strength": (  # a horde, the victim's right-hand neighbour helping
        "trap", "star-munchkin", True,
        '"Big Move", pl "Trick": may -2 for every 6 monsters in this combat to player to '
        "your right"),
    "disaster.on_play.discard:big": (  # the curse's player leads, the lowest carries a Big item
        "disaster", "munchkin-1.6", False,
        "if you are highest level player: the lowest level player discards all big items"),
    "item-enhancer.continuous.strength": (  # the player on A's right helps
        "item-enhancer", "munchkin-1.6", False,
        '"Trick": +1 for each monster in this combat to the player to your right'),
    "door.on_play.discard": (  # played into a fight with a monster that takes levels
        "door", "munchkin-apocalypse", False,
        "1 charges, while monster take levels: discard whole hand"),
    "class.continuous.ignore": (  # the player on A's right caught by the Leech
        "class", "munchkins-and-mazes", False,
        '"Trick": player to your right ignore bad stuff that takes levels'),
    "curse.continuous.ignore": (  # markers, the lowest level player caught by the Leech
        "curse", "munchkin-classic-ru", True, '"Trick": while you has 3 marker: the player '
        "with the lowest level ignore bad stuff that takes levels"),
    "treasure.on_play.steal_item:victim": (  # C helps; B, the victim, is out of the fight
        "treasure", "munchkin-classic-ru", False, "may helper takes a small item from victim"),
    "trap.on_play.steal_level": (  # only the victim is what the line names
        "trap", "munchkin-1.6", False, "while target are the only Thief in play: steal 1 "
        "level from the player with the lowest level"),
    "monster-enhancer.in_combat.strength": (  # `either side` read as the player side
        "monster-enhancer", "munchkin-classic-ru", False, '"Big Move": twice: -2 to either '
        "side"),
    "curse.on_play.set_level": (  # the helper's three Dragons in play, the fight on
        "curse", "munchkin-apocalypse", False,
        "if helper have at least 3 Dragon in play: goes to level 6, highest level player die"),
    "curse.on_play.take_card:most_items": (  # items tied, a Warrior with each player
        "curse", "munchkins-and-mazes", False,
        "steal a Warrior the player with the most items carries"),
    "curse.on_play.take_card:chosen": (  # the last choice, a Cleric with each player
        "curse", "munchkins-and-mazes", False, "steal an Cleric a player of your choice carry"),
    "trap.on_play.take_card:lowest": (  # other levels, a Mutant with each player
        "trap", "star-munchkin", False, "you take an Mutant the lowest level player carry"),
    "treasure.on_play.take_card:left": (  # B and C change seats, an Undead with each
        "treasure", "munchkin-apocalypse", False,
        "victim takes an Undead player to your left carries"),
    "treasure.on_play.give_card": (  # A, level 1, fighting; a Warrior with each player
        "treasure", "munchkin-classic-ru", False,
        "while fighter is level 2 or lower: give an Warrior in play to player to your left"),
    "treasure.on_play.lose_levels:other_players": (  # six players: five others
        "treasure", "munchkin-1.6", False, "lose 6 levels for every 4 other player up to 3"),
    "door.after_kill.take:cards": (  # B kills, A stands by
        "door", "star-munchkin", True,
        '"Big Move", pl "Big Move": after a kill: take 1 card at random from the winner'),
    "trap.on_play.replace_monster": (  # a short hand that holds a monster
        "trap", "munchkins-and-mazes", False, "if any fighter does not has at least 2 cards "
        "in hand: replace monster with a monster from hand"),
    "one-shot.on_play.lose_levels:tagged_horde": (  # a horde of Wizard monsters
        "one-shot", "munchkins-and-mazes", False, '"Trick": loses 4 levels for every 3 other '
        "Wizard monsters in this combat halved rounded down"),
    "one-shot.on_play.arrange_top:treasures": (  # the treasure deck out of order too
        "one-shot", "munchkin-1.6", False,
        "look at the top 2 treasures and put them back in any order"),
    "one-shot.on_play.replace_monster:bystander": (  # the fighter's hand empty, C's a monster
        "one-shot", "munchkin-1.6", False, "if any fighter does not have at least 1 cards in "
        "hand: replace monster with a monster from hand"),
    "disaster.on_play.take:cards": (  # the fighter leads, the victim stands by
        "disaster", "munchkin-apocalypse", False, "if fighter are highest level player: take "
        "1 cards at random from the highest level player"),
    "treasure.on_play.arrange_top:seals": (  # three Seals of three names out of order
        "treasure", "munchkin-apocalypse", False,
        '"Trick": may look at the top 3 seal and put them back in any order'),
    "disaster.continuous.strength:counters": (  # counters, a level 6 helper
        "disaster", "munchkin-classic-ru", True,
        "if helper is level 6 or more: +2 for each counters on this card up to +2"),
    "one-shot.on_play.steal_item:leader": (  # full hands, the leader outside the fight
        "one-shot", "munchkin-classic-ru", False, "twice, while fighter has at least 6 cards "
        "in hand: take a small item from highest level player"),
    "trap.on_play.set_level": (  # the fighter one level short of winning, a bystander victim
        "trap", "munchkin-1.6", False, "if fighter are fighting for the winning level: go to "
        "the level of the highest level player"),
    "disaster.on_play.discard:helper": (  # B fights, A (the victim) helps
        "disaster", "munchkin-1.6", False, "if victim is helper: discard the item with the "
        "biggest bonus"),
    "item-enhancer.continuous.weaken": (  # the named cards in play, the fighter alone
        "item-enhancer", "munchkin-classic-ru", False, "if victim have a Halfling in play, "
        "while victim is alone: every item give 6 less"),
    "treasure.in_combat.give_card": (  # markers and the named cards in play
        "treasure", "munchkins-and-mazes", False, "in combat, once per victim per combat, 6 "
        "uses, while you have an markers, 6 times: give a Dragon in play to player to your "
        "left"),
    "trap.on_play.die": (  # a level 1 helper in a fight already on
        "trap", "star-munchkin", False,
        '"Big Move", pl "Big Move": may may if helper are level 1 or lower: dies'),
    "monster-enhancer.in_combat.gain_levels": (  # a horde of seven of the named monsters
        "monster-enhancer", "star-munchkin", False, '"Big Move": fighter gain 1 levels per '
        "monster for every 6 other Gadgeteer monsters in this combat"),
    "monster.continuous.discard": (  # everyone dressed, the fighter at level 1
        "monster", "star-munchkin", False,
        "if victim are not level 2 or higher: every other player discards armor"),
    "monster.continuous.lose_all_bonuses": (  # a card of A's gives A's monster a bonus
        "monster", "munchkin-1.6", False, "monster loses all bonuses"),
    "monster.continuous.strength:markers": (  # markers, the fighter the lowest level
        "monster", "munchkins-and-mazes", False,
        "+3 for every 6 marker on you up to +2 to the lowest level player"),
}


@pytest.mark.parametrize("family", sorted(PROBED))
def test_the_probe_proves_the_family(family: str) -> None:
    kind, ruleset, persistent, line = PROBED[family]
    assert gl.prove_line(kind, ruleset, line, persistent) is None
