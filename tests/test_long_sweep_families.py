"""The families the long grammar sweep (``bench/conformance_long.py``: seeds 1-3 x 100,000
lines, seed 19 x 32,000, seeds 4-5) found accepted but unproven at the end of issue 19's
round, one named test each, by where the fault was (as in test_unproven_families.py):

* the engine ran the line to no effect: it changes the game as the card says now;
* the line cannot mean anything under the rules the engine plays: the checker refuses it;
* no probe set-up met the line's situation: ``tests/grammar_probe.py`` has one now, and the
  sweep's own ``prove`` proves the line the sweep found.
"""

from __future__ import annotations

import grammar_lines as gl
import pytest
from conftest import HEADER, PackWriter
from test_inert_lines import game, players
from test_unproven_families import refusal

from munchkin_dsl.engine import combat, counters, durations

MAZES = HEADER.replace("munchkin-1.6", "munchkins-and-mazes")


# ---------------------------------------------------------------- the engine ran nothing
def test_yours_on_a_card_played_on_another_player_is_its_players_level(
        packdir: PackWriter) -> None:
    """treasure.on_play.strength (`-2 ... to a player of your choice whose level is higher
    than yours`): a card played on B compared levels with B's, so the player above A who
    helps (B) was never above "you"; `yours` is the level of the one who chooses."""
    g = game(packdir, 'one-shot o "O" { no value; in combat: -2 to a player of your choice '
                      "whose level is higher than yours }\n")
    a, b, _c = players(g)  # levels 3, 5, 2
    g.start_combat(a, g.new_card("brute"))
    g.help(b)
    before = g.breakdown().player
    a.hand.append(card := g.new_card("o"))
    g.play(a, card, on_player=b)
    assert g.breakdown().player == before - 2


def test_a_passive_other_player_with_the_highest_level_reaches_the_fight(
        packdir: PackWriter) -> None:
    """monster.continuous.strength (`-1 to the other player with the highest level`), and
    its `most items` / `lowest level` siblings on a Seal: a passive line's seat words did
    not know the `other ...` standings, so the bonus reached nobody."""
    g = game(packdir, 'monster m "M" { level 4; treasures 1; -1 to the other player with the '
                      "highest level; bad stuff: lose 1 level }\n"
                      'monster n "N" { level 4; treasures 1; bad stuff: lose 1 level }\n')
    a, b, _c = players(g)

    def side(monster: str) -> int:
        g.state.combat = None
        g.start_combat(a, g.new_card(monster))
        g.help(b)  # B (5), the highest of the others, helps A
        return g.breakdown().player
    assert side("m") == side("n") - 1


def test_a_passive_each_player_with_the_most_items_reaches_the_fight(
        packdir: PackWriter) -> None:
    """monster.continuous.strength (`+1 ... to each player with the most items`): the
    `each player with ...` standings were not seat words of a line read all fight, so the
    bonus reached nobody; they reach every tied player in the fight, as the word without
    `each` does."""
    g = game(packdir, 'monster m "M" { level 4; treasures 1; -2 to each player with the '
                      "most items; bad stuff: lose 1 level }\n"
                      'monster n "N" { level 4; treasures 1; bad stuff: lose 1 level }\n')
    a, _b, _c = players(g)
    a.items.append(g.new_card("cap"))  # A carries the most

    def side(monster: str) -> int:
        g.state.combat = None
        g.start_combat(a, g.new_card(monster))
        return g.breakdown().player
    assert side("m") == side("n") - 2


def test_on_kill_counts_read_the_monster_just_killed(packdir: PackWriter) -> None:
    """item.on_kill.lose_levels (`on kill: ... for every 2 levels the monster has over
    you`): the fight is closed when on-kill lines run, so the count read no monster and was
    always 0; it reads the monster just killed (and the player's level after the kill)."""
    g = game(packdir, 'item rod "Rod" { bonus +9; value 100; on kill: gain 1 level for every '
                      "2 levels the monster has over you }\n"
                      'monster ogre "Ogre" { level 8; treasures 1; bad stuff: lose 1 level }\n')
    a, _b, _c = players(g)
    a.hand.append(rod := g.new_card("rod"))
    g.put_in_play(a, rod)
    g.start_combat(a, g.new_card("ogre"))
    g.resolve()  # 3 + 9 beats 8: level 4, then 8 - 4 = 4 levels under the Ogre: +2
    assert a.level == 6


def test_instead_of_drawing_treasures_counts_read_the_monster_just_killed(
        packdir: PackWriter) -> None:
    """sidekick.instead_of_drawing_treasures.gain_levels (`instead of drawing treasures:
    gain 1 level for each level you have over the monster`): the line had no monster, so
    the count was always 0; it reads the monster just killed, as on kill."""
    g = game(packdir, 'item rod "Rod" { bonus +9; value 100; instead of drawing treasures: '
                      "gain 1 level for each level you have over the monster }\n"
                      'monster imp "Imp" { level 1; treasures 1; bad stuff: lose 1 level }\n')
    a, _b, _c = players(g)
    a.hand.append(rod := g.new_card("rod"))
    g.put_in_play(a, rod)
    before = a.level
    g.start_combat(a, g.new_card("imp"))
    g.resolve()  # the kill's level, then one for each level over the Imp (level 1)
    assert a.level == min(9, before + 1 + (before + 1 - 1))


def test_a_two_handed_bonus_ends_with_its_until(packdir: PackWriter) -> None:
    """sidekick.continuous.two_handed_bonus (`until that player is caught: may wield one hand
    item with two hands for +3`): the bonus was read with no look at the line's duration,
    so it outlasted the catch; it ends there, as the card's other lines do."""
    g = game(packdir, 'race r "R" { until you are caught: may wield one hand item with two '
                      "hands for +3 }\n")
    a, _b, _c = players(g)
    a.hand.append(card := g.new_card("r"))
    g.put_in_play(a, card)
    assert combat.two_handed_bonus(a) == (3, card)
    durations.event_came(g, "when_other_caught", a)
    assert combat.two_handed_bonus(a) is None


def test_another_players_run_away_is_read_from_the_fight_just_fled(
        packdir: PackWriter) -> None:
    """item.when_other_runs_away.lose_levels (`... for each level fighter has`): the
    reaction comes once the fight is closed and read no fight, so the count was 0; it reads
    the fight just run from, as `after a kill` does."""
    g = game(packdir, 'item sting "Sting" { bonus +0; value 100; when another player tries '
                      "to run away: lose 1 level for each level fighter has }\n")
    a, b, _c = players(g)
    a.hand.append(sting := g.new_card("sting"))
    g.put_in_play(a, sting)
    g.start_combat(b, g.new_card("brute"))
    g.run_away([6])
    assert a.level == 1  # 3 - 5 (B's level), never below 1


def test_a_cost_is_paid_only_when_the_line_holds(packdir: PackWriter) -> None:
    """hireling.counters_added.skip_loot (`discards this, ..., when this card has 4
    counters: ...`): the cost was paid before the condition was read, so `this has 4
    counters` was read off a card already discarded (its counters gone) and never held;
    the condition is read first, and a cost is never spent on a line that does nothing."""
    g = game(packdir, 'hireling h "H" { discard this, when this card has 4 counters: gain 1 '
                      "level }\n", MAZES)
    a, _b, _c = players(g)
    a.hand.append(card := g.new_card("h"))
    g.put_in_play(a, card)
    card.counters = 2
    counters.added(g, a, card)
    assert a.level == 3 and card in a.sidekicks  # 2 counters: nothing, nothing paid
    card.counters = 4
    counters.added(g, a, card)
    assert a.level == 4 and card not in a.sidekicks


def test_a_monster_enhancers_counters_count_to_run_away(packdir: PackWriter) -> None:
    """monster-enhancer.in_combat.run_away (`+1 for each counter on this card to run
    away`): the run-away bonus of a monster's cards was counted without the card, so
    `this card` had no counters."""
    g = game(packdir, 'monster enhancer e "E" { +1 for each counter on this card to run away '
                      "}\n")
    a, b, _c = players(g)
    g.start_combat(a, g.new_card("brute"))
    b.hand.append(card := g.new_card("e"))
    card.counters = 3
    g.play(b, card)
    assert g.run_away([2])["A:brute"] == "escaped"  # 2 + 3


# ---------------------------------------------------------------- the checker refuses
#: family -> (a card it refuses, the card as the hint says to write it, code, words of why)
REFUSED = {
    "item.continuous.strength:chooser": (
        'item i "I" { bonus +1; value 100; +1 to a player of your choice whose level is lower '
        "than yours }",
        'item i "I" { bonus +1; value 100; +1 to the lowest level player }', "E228",
        "`a player of your choice whose level is lower than yours` names nobody"),
    "race.continuous.strength:any_player": (
        'race r "R" { -2 to any player }', 'race r "R" { -2 to helper }', "E228",
        "`any player` names nobody"),
    "door.on_play.lose_levels:level_one": (
        'door d "D" { if you are level 1 or lower: lose 2 levels }',
        'door d "D" { if you are level 1 or lower: the highest level player loses 2 levels }',
        "E228", "only while you are level 1"),
    "monster.continuous.treasure_count:gap": (
        'monster m "M" { level 4; treasures 1; +3 treasures for every 6 levels the monster has '
        "over you; bad stuff: lose 1 level }",
        'monster m "M" { level 4; treasures 1; +3 treasures for every 3 levels the monster has '
        "over you; bad stuff: lose 1 level }", "E229", "never 6 levels over"),
    "race.after_run_away_roll.add_counter:back": (  # seed 7: the cost's counter put back
        'race r "R" { after run away roll, remove a counter from this: put 1 counter on this }',
        'race r "R" { after run away roll, remove a counter from this: put 2 counters on '
        "this }", "E228", "put back on it"),
    "treasure.on_play.lose_levels:played_into": (  # final sweep, seed 1: counted once, 0
        'treasure t "T" { value 100; the lowest level player loses 2 levels for each card '
        "played into this combat }",
        'treasure t "T" { value 100; +2 for each card played into this combat to you }',
        "E229", "only a bonus of the fight counts them"),
    "race.continuous.die_rolls:outside": (
        'race r "R" { while you are not in combat: +3 to all die rolls }',
        'race r "R" { +3 to all die rolls }', "E228", "only the rolls to run away"),
}


@pytest.mark.parametrize("family", sorted(REFUSED))
def test_the_checker_refuses_the_family(packdir: PackWriter, family: str) -> None:
    bad, fine, code, why = REFUSED[family]
    diag = refusal(packdir, bad)
    assert diag.code == code and why in diag.message, diag.message
    assert "manual" in (diag.hint or "")
    assert packdir.diagnostics(fine + "\n") == []


def test_until_on_a_seals_while_open_line_is_refused(packdir: PackWriter) -> None:
    """seal.while_open.win_ties (`until your next turn: may wins ties`): a Seal's lines
    count while it is open and no player's turn or fight ends them."""
    header = HEADER.replace("munchkin-1.6", "munchkin-apocalypse")
    diag = refusal(packdir, 'seal s "S" { until your next turn: wins ties }', header)
    assert diag.code == "E221" and "as long as it is open" in diag.message
    assert packdir.diagnostics('seal s "S" { wins ties }\n', header) == []


def test_an_operator_played_to_last_on_a_player_outside_the_fight_sides_is_refused(
        packdir: PackWriter) -> None:
    """door.on_play.set_strength (`until your next turn: set the strength of the player to
    your left to 1`): kept under its duration, an operator is read on a side of each fight
    (engine/monster_operators.py), so a seat names nobody; played once, it reaches them."""
    diag = refusal(packdir, 'door d "D" { until your next turn: set the strength of the '
                            "player to your left to 1 }")
    assert diag.code == "E228" and "is nobody it can reach" in diag.message
    assert "drop the `until ...`" in (diag.hint or "")
    for fine in ("set the strength of the player to your left to 1",
                 "until your next turn: set the strength of fighter to 1"):
        assert packdir.diagnostics(f'door d "D" {{ {fine} }}\n') == []


def test_no_one_does_not_is_refused_as_a_double_negative(packdir: PackWriter) -> None:
    """item.continuous.win_ties (`while no one do not has more Feline in play than any other
    player: wins ties`): read as `any player has ...`, which the card does not say."""
    header = HEADER.replace("munchkin-1.6", "star-munchkin")
    diag = refusal(packdir, 'item i "I" { bonus +1; value 100; while no one do not has more '
                            "Feline in play than any other player: wins ties }", header)
    assert diag.code == "E230" and "double negative" in diag.message
    assert "`if any player has ...`" in (diag.hint or "")
    for fine in ("no one", "any player"):
        card = (f'item i "I" {{ bonus +1; value 100; while {fine} has more Feline in play '
                "than any other player: wins ties }\n")
        assert packdir.diagnostics(card, header) == []


def test_several_players_each_ahead_of_every_other_is_refused(packdir: PackWriter) -> None:
    """race.instead_of_being_cursed.set_level (`if each other player carry items worth more
    than every other player`): a strict standing has one holder at most, never several."""
    diag = refusal(packdir, 'race r "R" { if each other player carry items worth more than '
                            "every other player: +1 to you }")
    assert diag.code == "E228" and "never holds" in diag.message
    for fine in ("another player", "you", "each other player does not"):
        card = (f'race r "R" {{ if {fine} carry items worth more than every other player: '
                "+1 to you }\n")
        assert packdir.diagnostics(card) == [], fine
    # the fight's roles: one helper, two players in a fight (curse.this_combat.weaken,
    # monster.continuous.discard_dice in seeds 5-6)
    for bad in ("every player is in combat", "each player is helper",
                "every other player is helper"):
        diag = refusal(packdir, f'race r "R" {{ if {bad}: +1 to you }}')
        assert diag.code == "E228" and "never holds" in diag.message, bad
    assert packdir.diagnostics('race r "R" { if every player is not helper: +1 to you }\n') == []


def test_no_player_at_the_top_is_refused(packdir: PackWriter) -> None:
    """one-shot.on_play.double_strength, seal.while_open.no_escape (`if nobody is highest
    level player`): someone always has the highest level (a tie: each), so it never holds."""
    diag = refusal(packdir, 'race r "R" { if no player is the highest level player: +1 to '
                            "you }")
    assert diag.code == "E228" and "never holds" in diag.message
    assert "`if no other player is the highest level player`" in (diag.hint or "")
    for fine in ("no other player is the highest level player",
                 "you are not the lowest level player"):
        assert packdir.diagnostics(f'race r "R" {{ if {fine}: +1 to you }}\n') == [], fine


def test_no_players_at_the_table_is_refused(packdir: PackWriter) -> None:
    """trap.on_play.defeat_without_kill (`if there are no players: ...`): the living players
    include the card's player, so the count is never 0."""
    diag = refusal(packdir, 'race r "R" { if there are no players: +1 to you }')
    assert diag.code == "E228" and "never holds" in diag.message
    assert packdir.diagnostics('race r "R" { if there are no Undead monsters in this combat: '
                               "+1 to you }\n") == []


# ---------------------------------------------------------------- the probe had no set-up
#: family -> (kind, ruleset, persistent, the line the sweep found)
PROBED = {
    "item-enhancer.continuous.strength:played_into_lowest": (  # final sweep, seed 3
        "item-enhancer", "munchkin-apocalypse", False,
        '"Trick": -2 for each cards played into this combat to the player with the lowest level'),
    "disaster.continuous.strength:big": (  # six Big items, the limit lifted (_laden)
        "disaster", "munchkins-and-mazes", True,
        '"Trick": -1 for every 2 Big item fighter has in play'),
    "one-shot.on_play.dice_strength:big": (  # and the lowest level player helps
        "one-shot", "munchkins-and-mazes", False, "twice: roll 2 +: -2 die for every 6 big "
        "item you have in play to a player of your choice whose level is lower than yours"),
    "race.continuous.run_away:level_over": (  # above the monster, losing (_outlevelled_runner)
        "race", "munchkin-1.6", False,
        '"Big Move": -2 for each levels you have over monster to run away'),
    "treasure.on_play.gain_levels:level_over": (  # level 7 over the Weakling
        "treasure", "munchkin-1.6", False, '"Trick", ru "Big Move": may gains 2 level per '
        "monster for every 1 level you have above monster up to 2"),
    "item.on_kill.lose_levels:level_over": (  # a level 6 monster killed at level 1 (_upset)
        "item", "munchkin-apocalypse", False,
        "on kill: loses 3 level for every 2 levels the monster has over you halved"),
    "item.continuous.run_away:other_monsters": (  # a horde joins, an escape by 1
        "item", "star-munchkin", False,
        "-1 for every 4 other monster in this combat up to -1 to run away"),
    "treasure.on_play.give_card:big": (  # everyone's Anvil, the owner's own choice
        "treasure", "munchkin-1.6", False,
        '"Big Move": give an big item the player to your left carries to a player of your '
        "choice"),
    "door.on_play.take_card:chosen_lower": (  # the chooser's own level; the last choice
        "door", "munchkin-apocalypse", False, "once per game: the other player with the "
        "lowest level takes an Scientist a player of your choice whose level is lower than "
        "yours carries"),
    "one-shot.on_play.strength:other_most_items": (  # over the Weakling, items tied
        "one-shot", "star-munchkin", False, '"Big Move": +3 for every 1 levels you have over '
        "monster to the other player with the most items"),
    "treasure.continuous.ignore:until": (  # seed 19: set in play as when played
        "treasure", "star-munchkin", True, "until end of combat, once per combat: the "
        "highest level player ignores item bonuses"),
    "door.on_play.give_monster:level_over": (  # C leads outside a fight with the Weakling
        "door", "munchkins-and-mazes", False, "if there is at least 1 level you have over the "
        "monster: gives monster to the player with the highest level"),
    # the long sweep on the round's merged code (seeds 1-3): the forms merged last
    "curse.on_play.discard_card:worth": (  # every item worth nothing (_dressed_cheap)
        "curse", "munchkins-and-mazes", False,
        "discard a Big items worth 6 or less every other player carries"),
    "monster.continuous.give_card:every_worth": (  # the same, with a fight on
        "monster-enhancer", "munchkin-1.6", False,
        "gives a big items worth 6 or less the lowest level player carries to any player"),
    "one-shot.on_play.skip_kick:standing": (  # A holds the most cards (_a_holds_most)
        "one-shot", "munchkin-classic-ru", False,
        "if any fighter have more cards in hand than every other player: each player skip "
        "their next kick open the door, otherwise or may may you skips your next loot room"),
    "treasure.continuous.weaken:standing": (  # A holds the fewest cards (_a_holds_least)
        "treasure", "munchkin-apocalypse", True,
        "while victim have fewer cards in hand than every other player: every item give 3 "
        "less"),
    "monster.continuous.give_card:every_worth_left": (  # the seats turned, items cheap
        "monster", "star-munchkin", False,
        '"Big Move", pl "Big Move": gives every Big items worth 6 or less player to your '
        "left have in play to highest level player"),
    "one-shot.on_play.put_into_hand:every": (  # dressed, one card each, the fight on
        "one-shot", "munchkin-1.6", False,
        "if fighter has 2 or fewer cards in hand: any player puts all Big item the highest "
        "level player have in play into your hand"),
    # seeds 5-7 on commit d3e73ae's code
    "curse.on_play.change_sex:fewest_in_play": (  # C alone without them (_holding_but_c)
        "curse", "munchkin-apocalypse", False,
        "if you has fewer Blogger in play than any other player: roll 6 +: changes sex, may "
        "or add monster from hand"),
    "item-enhancer.continuous.weaken:fewest_in_hand_alone": (  # (_a_holds_least_alone)
        "item-enhancer", "munchkin-classic-ru", False,
        "if victim have fewer cards in hand than every other player, while victim is alone: "
        "every item give 6 less"),
    "item.instead_of_dying.take:cards": (  # A dies in a fight B helps in (_dies_in_fight)
        "item", "munchkin-classic-ru", False,
        "may instead of dying: helper takes 6 cards at random from each player with the most "
        "items"),
    "trap.on_play.skip_turn:horde_worth": (  # a Dragon horde, A carrying nothing (_horde_bare)
        "trap", "munchkin-classic-ru", False,
        "if there is at least 6 Dragon monsters in this combat, while target does not carries "
        "items worth more than any other player: the other player with the lowest level skips "
        "their next turn, -2 die"),
    # seeds 1-2 on commit 9f7abaf's code
    "disaster.on_play.set_strength:right_share": (  # C's share not already 6
        "disaster", "munchkin-1.6", False, "set the strength of the player to your right to 6"),
    "door.on_play.discard:race_empty_handed": (  # a race in play, no card in hand
        "door", "munchkins-and-mazes", False,
        "if victim do not have 1 or more cards in hand: discard race"),
    "treasure.on_play.dice_strength:laden_over": (  # six Big items each, A over the monster
        "treasure", "munchkin-1.6", False, "while all other players has at least 6 Big items "
        "in play: roll 4 +: +3 die for each level you have over the monster"),
    "one-shot.on_play.discard_card:alone_fewest": (  # dressed, A fighting alone
        "one-shot", "munchkin-apocalypse", False, "if all players are alone: roll 4 +: discard "
        "every Big item each player with the fewest items has in play"),
    "one-shot.on_play.run_away:no_other_above_one": (  # B and C level 1 (_others_level_one)
        "one-shot", "munchkin-classic-ru", False,
        "if another player is not level 2 or more: -1 to run away"),
    "treasure.on_play.steal_level:most_in_hand_markers": (  # (_marked_b_holds_most)
        "treasure", "munchkin-classic-ru", False,
        "steal 4 levels from the player with the most cards in hand for every 3 marker on you"),
    "one-shot.on_play.lose_levels:big_halved": (  # eight Big items (_laden_heavy_fighting)
        "one-shot", "munchkins-and-mazes", False, "each player with the lowest level loses up "
        "to 1 level for every 4 Big item fighter has in play halved rounded down"),
    "trap.on_play.cancel:nobody_high": (  # every player level 3 or lower (_all_low)
        "trap", "munchkins-and-mazes", False,
        "roll 6 +, while no one is level 4 or higher: cancel a curse"),
    "race.when_other_loses_level.take_card:horde_holding": (  # (_horde_holding)
        "race", "munchkin-1.6", False, "while all players is not helper, when another player "
        "goes down a level, if there are 3 or more male monsters in this combat: takes every "
        "Dwarf in play"),
}


@pytest.mark.parametrize("family", sorted(PROBED))
def test_the_probe_proves_the_family(family: str) -> None:
    kind, ruleset, persistent, line = PROBED[family]
    assert gl.prove_line(kind, ruleset, line, persistent) is None
