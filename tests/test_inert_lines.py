"""Lines `check` accepted although the engine never ran them (issue 19): each is either
run by the engine now or refused by the checker with what to write instead.

One test per construct of the issue, named for it, plus the misleading diagnostics met on
the way.  Each fails on the code before the fix: the engine test plays the card in a small
game, the checker test reads the diagnostic and its hint.
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import HEADER, PackWriter, assert_scenarios_pass, codes

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.checks.stats import kinds_plural
from munchkin_dsl.engine import EngineError, Game
from munchkin_dsl.engine.state import Player
from munchkin_dsl.scenarios.runner import run_file

#: The cards every game of this file has besides the card under test.
TABLE = """race elf "Elf" { in combat: +1 to you }
class cleric "Cleric" { in combat: +1 to you }
monster weakling "Weakling" { level 1; treasures 1; bad stuff: lose 1 level }
monster brute "Brute" { level 18; treasures 2; bad stuff: lose 1 level }
item cap "Cap" { bonus +1; headgear; value 200 }
"""


def game(packdir: PackWriter, body: str, header: str = HEADER) -> Game:
    """A game of players A, B and C (levels 3, 5, 2) with the table's cards and ``body``."""
    packdir.write("pack.munch", header + TABLE + body)
    result = compile_packs(["pack.munch"])
    assert result.data is not None, [str(d) for d in result.sink]
    g = Game(result.data, ["A", "B", "C"], seed=3, deal=False)
    for p, level in zip(g.state.players, (3, 5, 2), strict=True):
        p.level = level
        p.hand.extend(g.new_card("cap") for _ in range(3))
    return g


def players(g: Game) -> tuple[Player, Player, Player]:
    a, b, c = g.state.players
    return a, b, c


# ---------------------------------------------------------------- 1. roll N+ on a monster
def test_roll_on_a_monster_line_is_refused_with_its_moment(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('monster m "M" { level 2; treasures 1; roll 3+: +1 treasure; '
                                'bad stuff: lose 1 level }\n')
    assert codes(diags) == ["E226"]
    assert "on reveal, roll 3+" in (diags[0].hint or "") and "manual" in (diags[0].hint or "")
    assert packdir.diagnostics('monster m "M" { level 2; treasures 1; on reveal, roll 3+: '
                               "fighter draws 1 treasure; bad stuff: lose 1 level }\n") == []


# ---------------------------------------------------------------- 2. a door's `on kill`
def test_a_door_with_on_kill_needs_persistent(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('door d "D" { on kill: gain 1 level }\n')
    assert codes(diags) == ["E227"] and "`persistent`" in (diags[0].hint or "")


def test_a_persistent_door_with_on_kill_is_played_and_fires(packdir: PackWriter) -> None:
    g = game(packdir, 'door d "D" { persistent; on kill: gain 1 level }\n')
    a, _b, _c = players(g)
    a.hand.append(door := g.new_card("d"))
    g.play(a, door)  # refused before: "D cannot be played outside a combat"
    assert door in a.others
    g.start_combat(a, g.new_card("weakling"))
    g.resolve()
    assert a.level == 3 + 1 + 1  # the kill's level and the door's


# ---------------------------------------------------------------- 3. `when another player dies`
def test_a_treasure_reacting_to_a_death_is_played_from_the_hand(packdir: PackWriter) -> None:
    """Not `persistent`, it is played from the hand as another player dies (as a one-shot
    is, tests/test_hand_reactions.py), not kept: accepted, and it acts then."""
    diags = packdir.diagnostics('treasure t "T" { when another player dies: gain 1 level }\n')
    assert codes(diags) == []
    g = game(packdir, 'treasure t "T" { when another player dies: gain 1 level }\n')
    a, _b, c = players(g)
    a.hand.append(card := g.new_card("t"))
    g.kill(c)
    assert a.level == 4 and card not in a.hand


def test_a_persistent_treasure_fires_when_another_player_dies(packdir: PackWriter) -> None:
    g = game(packdir, 'treasure t "T" { persistent; when another player dies: gain 1 level }\n')
    a, _b, c = players(g)
    a.hand.append(card := g.new_card("t"))
    g.play(a, card)
    g.kill(c)
    assert a.level == 4


# ---------------------------------------------------------------- 4. after a kill
def test_after_a_kill_take_from_fighter_reaches_the_fight_just_won(packdir: PackWriter) -> None:
    g = game(packdir, 'one-shot o "O" { after a kill: you take 1 cards at random from fighter }\n')
    a, _b, c = players(g)
    g.start_combat(a, g.new_card("weakling"))
    g.resolve()
    before = (len(a.hand), len(c.hand))
    c.hand.append(card := g.new_card("o"))
    g.play(c, card)
    assert (len(a.hand), len(c.hand)) == (before[0] - 1, before[1] + 1)


def test_after_a_kill_if_you_are_helper_holds_for_the_helper(packdir: PackWriter) -> None:
    g = game(packdir, 'one-shot o "O" { after a kill, if you are helper: gain 1 level }\n')
    a, b, _c = players(g)
    g.start_combat(a, g.new_card("weakling"))
    g.help(b)
    g.resolve()
    level = b.level
    b.hand.append(card := g.new_card("o"))
    g.play(b, card)
    assert b.level == level + 1


# ---------------------------------------------------------------- 5. ignore X bonuses
def test_ignore_an_unknown_name_bonuses_is_refused(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('item i "I" { bonus +1; value 100; footgear; '
                                'ignore Bloggerz bonuses }\n')
    assert codes(diags) == ["E101"] and "Bloggerz" in diags[0].message


def test_ignore_elf_bonuses_drops_a_monster_bonus_against_elves(packdir: PackWriter) -> None:
    body = ('monster snob "Snob" { level 4; treasures 1; +3 against Elf; bad stuff: lose 1 '
            'level }\nitem amulet "Amulet" { bonus +1; footgear; ignore Elf bonuses }\n')
    g = game(packdir, body)
    a, _b, _c = players(g)
    g.put_in_play(a, g.new_card("elf"))
    g.start_combat(a, g.new_card("snob"))
    assert g.breakdown().monster == 7
    g.state.combat = None
    g.put_in_play(a, g.new_card("amulet"))
    g.start_combat(a, g.new_card("snob"))
    assert g.breakdown().monster == 4


# ---------------------------------------------------------------- 6. against a tag in play
def test_against_a_tag_counts_a_persistent_door_with_that_tag(packdir: PackWriter) -> None:
    body = ('monster hater "Hater" { level 4; treasures 1; +5 against Cheer; bad stuff: lose 1 '
            'level }\ndoor pom "Pom-Pom" { persistent; tags Cheer; on kill: gain 1 level }\n')
    g = game(packdir, body)
    a, _b, _c = players(g)
    a.hand.append(pom := g.new_card("pom"))
    g.play(a, pom)
    g.start_combat(a, g.new_card("hater"))
    assert g.breakdown().monster == 9


# ---------------------------------------------------------------- 7. not usable by
def test_not_usable_by_cleric_stops_a_cleric_using_the_item(packdir: PackWriter) -> None:
    g = game(packdir, 'item mace "Mace" { bonus +1; one hand; not usable by Cleric; '
                      "in combat, discard this: +3 to you }\n")
    a, _b, _c = players(g)
    g.put_in_play(a, g.new_card("cleric"))
    a.items.append(mace := g.new_card("mace"))
    g.start_combat(a, g.new_card("brute"))
    try:
        g.use(a, mace, mace.data.abilities[0])
    except EngineError as exc:
        assert "Cleric" in str(exc) or "use restriction" in str(exc)
    else:
        raise AssertionError("a Cleric used an item not usable by Clerics")


# ---------------------------------------------------------------- 8. for each other player
def test_for_each_other_player_on_a_monster_leaves_out_the_fighter(packdir: PackWriter) -> None:
    g = game(packdir, 'monster crowd "Crowd" { level 1; treasures 1; +2 for each other player; '
                      "bad stuff: lose 1 level }\n")
    a, _b, _c = players(g)
    g.start_combat(a, g.new_card("crowd"))
    assert g.breakdown().monster == 1 + 2 * 2  # B and C, not A


# ---------------------------------------------------------------- 9. manual monster in a scenario
SCENARIO = """scenario: a manual monster
player A: level 3
A fights ogre
{expect}A runs away rolling 6
expect outcome escaped
"""


def _run(packdir: PackWriter, expect: str) -> list:
    packdir.write("pack.munch", HEADER + 'monster ogre "Ogre" { level 2; treasures 1; '
                  'manual "The Ogre hates elves."; bad stuff: lose 1 level }\n')
    result = compile_packs(["pack.munch"])
    assert result.data is not None
    scn = packdir.write("s.scn", SCENARIO.format(expect=expect))
    return run_file(scn, result.data, DiagnosticSink())


def test_a_manual_monster_in_a_scenario_needs_expect_manual(packdir: PackWriter) -> None:
    (failed,) = _run(packdir, "")
    assert not failed.passed and "expect manual ogre" in failed.failures[-1]
    (passed,) = _run(packdir, "expect manual ogre\n")  # right after `fights`
    assert passed.passed, passed.failures


def test_a_manual_seal_open_in_a_fight_takes_part(packdir: PackWriter) -> None:
    header = 'pack t { title "T"; version "1"; ruleset munchkin-apocalypse }\n'
    g = game(packdir, 'seal doom "Doom" { manual "Everyone weeps."; while open: +1 to fighter }\n',
             header)
    a, _b, _c = players(g)
    g.state.open_seals.append(g.new_card("doom"))  # open from the start (a scenario's table)
    g.start_combat(a, g.new_card("weakling"))
    assert "doom" in g.manual_played


# ---------------------------------------------------------------- the misleading diagnostics
def test_an_unknown_effect_starting_with_a_keyword_gets_meaning_hints(
        packdir: PackWriter) -> None:
    # `double ...` and `kill the monster outright` are effects now (the algebra); an unknown
    # phrase gets the meaning hints, and one that breaks off inside a known phrase a short
    # list of what may follow, never "expected ... or 84 more".
    for line in ("in combat: banish the monster", "in combat: teleport you"):
        diags = packdir.diagnostics(f'one-shot o "O" {{ no value; {line} }}\n')
        assert codes(diags) == ["E230"], [str(d) for d in diags]
        assert not re.search(r"\d+ more", diags[0].hint or "")
        assert "manual" in (diags[0].hint or "")
    for line in ("in combat: steal the monster", "in combat: kill everyone"):
        diags = packdir.diagnostics(f'one-shot o "O" {{ no value; {line} }}\n')
        assert codes(diags) == ["E002"], [str(d) for d in diags]
        assert not re.search(r"\d+ more", diags[0].hint or ""), diags[0].hint


def test_a_monster_may_line_says_it_needs_a_use(packdir: PackWriter) -> None:
    g = game(packdir, 'monster shy "Shy" { level 1; treasures 1; if any fighter is Cleric: may '
                      "defeat without a kill; bad stuff: lose 1 level }\n")
    a, _b, _c = players(g)
    g.start_combat(a, g.new_card("shy"))
    assert any("`may` line acts only when a player uses it" in n and "uses shy" in n
               for n in g.state.log)


def test_an_outcome_is_reported_as_the_scenario_writes_it(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + TABLE + 'one-shot spare "Spare" { in combat: defeat '
                  "the monster without a kill }\n")
    result = compile_packs(["pack.munch"])
    assert result.data is not None
    scn = packdir.write("s.scn", "scenario: o\nplayer A: level 3, hand spare\n"
                        "A fights weakling\nA plays spare\nresolve\nexpect outcome win\n")
    (res,) = run_file(scn, result.data, DiagnosticSink())
    assert not res.passed and res.failures[-1].endswith("got defeated-without-kill"), res.failures


def test_e221_on_a_door_names_persistent(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('door d "D" { persistent; on kill: +1 treasure }\n')
    assert codes(diags) == ["E221"] and "`persistent`" in (diags[0].hint or "")


def test_kind_plurals_are_english() -> None:
    assert kinds_plural(["class", "race"]) == "classes and races"


def test_become_is_accepted_like_becomes(packdir: PackWriter) -> None:
    assert packdir.diagnostics('monster enhancer e "E" { monster become Undead }\n'
                               'monster z "Z" { level 1; treasures 1; tags Undead; '
                               "bad stuff: lose 1 level }\n") == []


# ---------------------------------------------------------------- found by the grammar sweep
def test_sweep_found_lines_are_refused_with_what_to_write(packdir: PackWriter) -> None:
    """Lines tests/grammar_lines.py found accepted but inert; each refused, saying why."""
    refused = {
        'one-shot o "O" { monster loses 1 level }': "E228",
        'one-shot o "O" { take a small item from monster }': "E228",
        'one-shot o "O" { take a small item from helper }': "E228",
        'one-shot o "O" { helper takes small item from helper }': "E228",
        'one-shot o "O" { helper must help }': "E228",
        'one-shot o "O" { discard this card }': "E228",
        'curse c "C" { discard up to 3 cards }': "E228",
        'door d "D" { steal 1 level from each player }': "E228",
        'monster m "M" { level 2; treasures 1; take 1 cards at random from any player }': "E228",
        'trap t "T" { steals 4 levels from attached item }': "E228",
        'treasure t "T" { persistent; ignores slot limits }': "E228",
        'curse c "C" { lose as many levels as the roll shows }': "E229",
        'one-shot o "O" { +1 per open seal to you }': "E229",
        'race r "R" { +3 for each item you have in play up to -1 }': "E229",
        'one-shot o "O" { look at the top 2 Dragon and put them back in any order }': "E106",
    }
    refused_with_hints(packdir, refused, (
        'one-shot o "O" { another player must help }',
        'one-shot o "O" { take a small item from another player }',
        'one-shot o "O" { discard this: +2 to you }',
        'one-shot o "O" { look at the top 2 doors and put them back in any order }'))


def refused_with_hints(packdir: PackWriter, refused: dict[str, str],
                       fine: tuple[str, ...]) -> None:
    """Each card of ``refused`` gets its code, with a hint; no card of ``fine`` gets E228."""
    for card, code in refused.items():
        found = [d for d in packdir.diagnostics(card + "\n") if d.code == code]
        assert found and all(d.hint for d in found), (card, code)
    for card in fine:
        assert "E228" not in codes(packdir.diagnostics(card + "\n")), card


def test_a_monster_line_reaches_the_fighter_as_victim(packdir: PackWriter) -> None:
    g = game(packdir, 'monster drain "Drain" { level 2; treasures 1; victim loses 1 level; '
                      "bad stuff: lose 1 level }\n")
    a, _b, _c = players(g)
    g.start_combat(a, g.new_card("drain"))
    assert a.level == 2


def test_second_sweep_lines_are_refused_with_what_to_write(packdir: PackWriter) -> None:
    """The CI sweep's next families: borrowing from the fight (the lender is outside it),
    a player sent to their own level, `discard this` on a card discarded once played, a
    Seal's moment in a pack with no Seals."""
    refused = {
        'treasure t "T" { borrows item from fighter }': "E228",
        'one-shot o "O" { borrow an item from helper }': "E228",
        'monster m "M" { level 2; treasures 1; highest level player goes to the level of '
        'the highest level player }': "E228",
        'curse c "C" { lowest level player discards this card }': "E228",
        'door d "D" { discard this card }': "E228",
    }
    star = HEADER.replace("munchkin-1.6", "star-munchkin")
    (diag,) = packdir.diagnostics('class k "K" { when a seal opens: take a small item from '
                                  "the lowest level player }\n", star)
    assert diag.code == "E224" and "munchkin-apocalypse" in (diag.hint or "")
    apocalypse = HEADER.replace("munchkin-1.6", "munchkin-apocalypse")
    assert packdir.diagnostics('class k "K" { when a seal opens: take a small item from '
                               "the lowest level player }\n", apocalypse) == []
    refused_with_hints(packdir, refused, (
        'one-shot o "O" { borrow an item from another player }',
        'monster m "M" { level 2; treasures 1; lowest level player goes to the level of the '
        "highest level player }",
        'curse c "C" { persistent; on kill: discard this card }',
        'door d "D" { discard this: +2 to you }'))


def test_that_value_needs_a_discard_before_it(packdir: PackWriter) -> None:
    """`items worth at least that value` reads what an earlier effect discarded."""
    (diag,) = packdir.diagnostics('door d "D" { every other player discards items worth at '
                                  "least that value }\n")
    assert diag.code == "E229" and "item of their choice" in (diag.hint or "")
    assert packdir.diagnostics(
        'curse c "C" { victim discards 1 item of their choice\n'
        "  every other player discards items worth at least that value, otherwise loses 1 "
        "level }\n") == []


#: a one-shot that prints its value ("no value"), so W702 does not join the diagnostics
ONE_SHOT = 'one-shot o "O" { no value; '


def test_helper_is_alone_is_refused(packdir: PackWriter) -> None:
    """`alone` holds for a fight without a helper, so `helper is alone` never holds."""
    (diag,) = packdir.diagnostics(ONE_SHOT + "if helper is alone: +1 treasure }\n")
    assert diag.code == "E228" and "fighter is alone" in (diag.hint or "")
    assert packdir.diagnostics(ONE_SHOT + "if fighter is alone: +1 treasure }\n") == []


def test_a_player_test_of_the_monster_is_refused(packdir: PackWriter) -> None:
    """The engine tests only a monster's tag, name, level and enhancers."""
    (diag,) = packdir.diagnostics(ONE_SHOT + "if monster is not the highest level player: "
                                  "+1 treasure }\n")
    assert diag.code == "E228" and "always" in diag.message
    assert packdir.diagnostics(ONE_SHOT + "if monster is Undead: +1 treasure }\n") == []


def test_using_a_sex_is_refused(packdir: PackWriter) -> None:
    """`using` tests the tags of what a player uses; a sex is what the player is."""
    (diag,) = packdir.diagnostics(ONE_SHOT + "if you are using female: +1 treasure }\n")
    assert diag.code == "E228" and "`if you are female`" in (diag.hint or "")
    assert packdir.diagnostics(ONE_SHOT + "if fighter is female: +1 treasure }\n") == []


def test_door_curses_are_ignored_by_the_holder_only(packdir: PackWriter) -> None:
    """The engine's door-curse shield reads the holder's own `ignore curses from the door`."""
    (diag,) = packdir.diagnostics('class k "K" { player side ignores curses from the door }\n')
    assert diag.code == "E228" and "`ignore curses from the door`" in (diag.hint or "")
    assert packdir.diagnostics('class k "K" { ignore curses from the door }\n') == []


def test_a_cost_at_when_a_seal_opens_is_paid(packdir: PackWriter) -> None:
    """A scout's Gas Mask (`when a seal opens, discard this card: draw 2 treasures face
    down`) drew the treasures and stayed worn: the Seal's loop ran the lines itself and
    never paid their cost.  Each opening now fires the table as every event does."""
    header = 'pack t { title "T"; version "1"; ruleset munchkin-apocalypse }\n'
    g = game(packdir, 'item mask "Mask" { headgear; bonus +1; value 300\n'
             '  when a seal opens, discard this card: draw 2 treasures face down }\n'
             'seal doom "Doom" { while open: +1 to fighter }\n', header)
    a, b, _c = players(g)
    mask = g.new_card("mask")
    a.items.append(mask)
    g.state.decks["seal"] = [g.new_card("doom"), g.new_card("doom")]
    g.state.decks["treasure"] = [g.new_card("cap") for _ in range(4)]
    hand = len(a.hand)
    g.open_seal(b)  # another player opens it: the mask's owner answers too
    assert mask not in a.items and len(a.hand) == hand + 2
    g.open_seal(b)  # gone with its cost: the second Seal draws nothing
    assert len(a.hand) == hand + 2


def test_a_kill_event_reads_the_monster_killed() -> None:
    """`when another player kills a monster, if monster is level 4 or higher: ...` was
    accepted and never held (fifth and sixth held-out sets, cards 271 and 311): the kill
    events now carry the monster killed (its strongest) to the lines' conditions."""
    pack = Path(__file__).resolve().parent / "data" / "killed-monster"
    assert_scenarios_pass(pack, 3)  # the third: a waiting card is not spent on a kill its
    # condition does not hold for (the Wanted Poster waits for the next level-10 kill)


def test_an_alternative_holds_every_effect_to_the_next_or(packdir: PackWriter) -> None:
    """`choose one: +4 to fighter and -4 to monster, or +4 to helper and -4 to monster`
    played the `-4 to monster` outside the choice (fifth held-out set, card 269, then
    refused with E229): an alternative is now every effect from its `or` to the next, and
    the engine runs the chosen group whole (tests/data/choice-groups)."""
    assert packdir.diagnostics(ONE_SHOT + "in combat, choose one: +4 to fighter and -4 to "
                               "monster, or +4 to helper and -4 to monster }\n") == []
    assert_scenarios_pass(Path(__file__).resolve().parent / "data" / "choice-groups", 10)


def test_alternatives_among_roll_branches_are_refused(packdir: PackWriter) -> None:
    """A face of `roll a die` picks a branch, not an alternative: E229 says so."""
    (diag,) = packdir.diagnostics(ONE_SHOT + "in combat, roll a die: on 1 to 3 +2 to you, "
                                  "or -2 to monster, on 4 to 6 +4 to you }\n")
    assert diag.code == "E229" and "branches" in diag.message


def test_an_alternative_never_offered_is_refused(packdir: PackWriter) -> None:
    """`in combat, choose one: ..., or outside combat, ...`: the second is never offered."""
    (diag,) = packdir.diagnostics(ONE_SHOT + "in combat, choose one: +2 to you, or outside "
                                  "combat, lose 1 level }\n")
    assert diag.code == "E229" and "never comes" in diag.message


def test_taking_from_the_dead_is_refused(packdir: PackWriter) -> None:
    """The body is looted before `when another player dies` fires (fifth held-out set, card
    264's first draft took nothing): E221 names why."""
    (diag,) = packdir.diagnostics('item m "M" { bonus +1; value 200; headgear; when another '
                                  "player dies: take 1 card at random from that player }\n")
    assert diag.code == "E221" and "looted" in diag.message
