"""What stays on a victim and reacts to the victim's events (the scouts' curse-like cards and
lasting Bad Stuff, issue 19 wave 4): each test fails on the code before its fix.

1. a monster's Bad Stuff with a duration (`bad stuff, until the end of your next turn: -1
   to run away`) is kept on its victim and read at the victim's later run-away rolls and
   fights, and only theirs (a Bad Stuff's `+3 to monster` is not every fight's);
2. a Bad Stuff's duration may end at an event of its victim (`bad stuff, until victim
   kills a monster: -1 to run away`), and the hint of a duration that ends too soon names
   the ones that are kept;
3. a curse, trap or disaster kept on its victim reacts to every event of its victim as a
   card in play reacts to its owner's (`at the start of your turn`, `when caught`, `on
   kill`, `on escape`, `when you draw a treasure`, `when you fight a monster`...), acting
   for the victim; a line with a duration keeps the curse on its victim until then without
   `persistent` (`until victim kills a monster, when caught: victim loses 1 level`);
4. `the next time victim ...` on a curse-like card: it stays on its victim until the
   victim does what any `when another player ...` event names, acts once, and goes;
5. `the player who played this card` (a curse-like card, on its victim or as it hits; a
   monster played into a fight) and `the player who played the curse` (the curse coming
   in at `when a curse is played on a player`, where `that player` is its victim);
6. a scenario's `A ends turn` ends the turn (its end-of-turn lines fire then, once), not
   only the charity;
7. `the next time that player ... this turn` (a one-shot played on another player, gone
   unused when the turn ends) and `the sale` on the waiting forms of a sale.
"""

from __future__ import annotations

import pytest
from conftest import HEADER, PackWriter, codes
from test_inert_lines import TABLE, game, players

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine import Game
from munchkin_dsl.engine.state import Player
from munchkin_dsl.scenarios.runner import run_file


def _lose_to(g: Game, player: Player, monster: str) -> None:
    """``player`` fights ``monster`` and is caught (rolls 1): its Bad Stuff hits them."""
    g.start_combat(player, g.new_card(monster))
    g.run_away([1])


def _next_turn(g: Game) -> None:
    st = g.state
    g.start_turn(st.players[(st.current + 1) % len(st.players)])


def _roll_against_brute(g: Game, player: Player, roll: int) -> str:
    g.start_combat(player, g.new_card("brute"))
    return next(iter(g.run_away([roll]).values()))


LEECH = ('monster leech "Leech" { level 4; treasures 1; bad stuff, until the end of your '
         'next turn: -1 to run away }\n')


def test_a_bad_stuff_run_away_penalty_counts_at_the_victims_next_turn(
        packdir: PackWriter) -> None:
    """Before: "Leech counts for A until the end of their next turn", then A's roll of 5
    escaped in A's next turn (the kept `-1 to run away` is the fleeing side's on a monster,
    which no later roll read)."""
    g = game(packdir, LEECH)
    a, _b, _c = players(g)
    _lose_to(g, a, "leech")
    for _ in range(3):
        _next_turn(g)  # B's, C's, A's
    assert g.state.players[g.state.current] is a
    assert _roll_against_brute(g, a, 5) == "caught"  # 5 - 1 = 4: not enough


def test_a_bad_stuff_run_away_penalty_is_the_victims_only(packdir: PackWriter) -> None:
    g = game(packdir, LEECH)
    a, b, _c = players(g)
    _lose_to(g, a, "leech")
    _next_turn(g)
    assert _roll_against_brute(g, b, 5) == "escaped"


def test_a_bad_stuff_run_away_penalty_ends_with_the_victims_next_turn(
        packdir: PackWriter) -> None:
    g = game(packdir, LEECH)
    a, _b, _c = players(g)
    _lose_to(g, a, "leech")
    for _ in range(4):
        _next_turn(g)  # B's, C's, A's (its end ends it), B's
    assert not a.lasting
    assert _roll_against_brute(g, a, 5) == "escaped"


def test_a_bad_stuff_bonus_to_the_monster_counts_in_the_victims_fights_only(
        packdir: PackWriter) -> None:
    """Before: `bad stuff, until the end of your next turn: +3 to monster` kept on A made
    every monster at the table 3 stronger, B's too."""
    g = game(packdir, 'monster grip "Grip" { level 4; treasures 1; bad stuff, until the end '
                      'of your next turn: +3 to monster }\n')
    a, b, _c = players(g)
    _lose_to(g, a, "grip")
    _next_turn(g)
    g.start_combat(b, g.new_card("weakling"))
    assert g.breakdown().monster == 1
    g.run_away([6])
    _next_turn(g)
    _next_turn(g)
    g.start_combat(a, g.new_card("weakling"))
    assert g.breakdown().monster == 1 + 3


# ---------------------------------------------------------------- 2. until the victim's event
GRUB = ('monster grub "Grub" { level 4; treasures 1; bad stuff, until victim kills a monster: '
        '-1 to run away }\n')


def test_a_bad_stuff_until_the_victims_kill_is_accepted(packdir: PackWriter) -> None:
    """Before: E221 "its `until` is not carried past it", though the engine keeps a line
    until its player's event as it keeps one until their next turn."""
    assert codes(packdir.diagnostics(GRUB)) == []


def test_a_bad_stuff_until_the_victims_kill_lasts_until_it(packdir: PackWriter) -> None:
    g = game(packdir, GRUB)
    a, _b, _c = players(g)
    _lose_to(g, a, "grub")
    for _ in range(6):
        _next_turn(g)  # two rounds: no kill yet
    assert _roll_against_brute(g, a, 5) == "caught"
    g.start_combat(a, g.new_card("weakling"))
    g.resolve()  # A kills: the penalty ends
    assert not a.lasting
    assert any("Grub no longer counts for A: A kills a monster" in x for x in g.state.log)
    assert _roll_against_brute(g, a, 5) == "escaped"


def test_a_bad_stuff_until_the_end_of_the_turn_is_told_the_durations_that_last(
        packdir: PackWriter) -> None:
    diags = packdir.diagnostics('monster m "M" { level 4; treasures 1\n  bad stuff, until '
                                'the end of the turn: -1 to run away }\n')
    assert codes(diags) == ["E221"]
    hint = diags[0].hint or ""
    assert "`bad stuff, until the end of your next turn: ...`" in hint, hint
    assert "`bad stuff, until victim kills a monster: ...`" in hint, hint
    assert "not carried past it" not in hint


def test_all_die_rolls_on_a_monster_names_the_run_away_penalty(packdir: PackWriter) -> None:
    """Before: E202 with "every kind but ... monster ... can carry it" only: the lasting
    run-away penalty that says it on a monster was not named."""
    diags = packdir.diagnostics('monster m "M" { level 4; treasures 1\n  bad stuff, until '
                                'the end of your next turn: -1 to all die rolls }\n')
    assert codes(diags) == ["E202"]
    assert "`bad stuff, until the end of your next turn: -1 to run away`" in (
        diags[0].hint or "")


# ---------------------------------------------------------------- 3. the victim's events
def _curse(g: Game, by: Player, victim: Player, card_id: str) -> None:
    by.hand.append(card := g.new_card(card_id))
    g.play(by, card, on_player=victim)


@pytest.mark.parametrize(("kind", "line"), [
    ("curse", "at the start of your turn: victim loses 1 level"),
    ("trap", "when you draw a treasure: victim loses 1 level"),
    ("disaster", "when caught: victim loses 1 level"),
    ("curse", "on kill: victim loses 1 level"),
    ("trap", "on escape: victim loses 1 level"),
    ("curse", "when you fight a monster: +2 to monster"),
])
def test_a_persistent_curse_like_card_is_accepted_at_its_victims_event(
        packdir: PackWriter, kind: str, line: str) -> None:
    """Before: E220 "the engine never fires ... on a curse", though a curse on its victim
    counts as in play and the engine fires every card in play of the player at the event."""
    diags = packdir.diagnostics(f'{kind} x "X" {{\n  persistent\n  {line}\n}}\n')
    assert [c for c in codes(diags) if c.startswith("E")] == []  # (W401: not a 1.6 kind)


def test_a_curse_at_the_start_of_its_victims_turn_acts_then_only(packdir: PackWriter) -> None:
    g = game(packdir, 'curse slow "Slow" { persistent\n  at the start of your turn: victim '
                      'loses 1 level }\n')
    a, b, c = players(g)
    _curse(g, b, c, "slow")
    assert c.level == 2
    _next_turn(g)  # B's
    assert (a.level, b.level, c.level) == (3, 5, 2)
    _next_turn(g)  # C's
    assert c.level == 1


def test_a_trap_reacts_to_each_treasure_its_victim_draws(packdir: PackWriter) -> None:
    g = game(packdir, 'trap itch "Itch" { persistent\n  when you draw a treasure: victim '
                      'loses 1 level }\n')
    a, b, _c = players(g)
    _curse(g, b, a, "itch")
    g.start_combat(a, g.new_card("weakling"))
    g.resolve()  # a kill: +1 level, 1 treasure drawn: -1
    assert a.level == 3
    assert any("Itch" in x for x in g.state.log)


def test_a_curse_on_kill_acts_for_its_victim(packdir: PackWriter) -> None:
    g = game(packdir, 'curse gloat "Gloat" { persistent\n  on kill: victim loses 2 levels }\n')
    a, b, _c = players(g)
    _curse(g, b, a, "gloat")
    g.start_combat(a, g.new_card("weakling"))
    g.resolve()
    assert a.level == 3 + 1 - 2 and b.level == 5


DOGGED = ('curse dog "Dogged" {\n  until victim kills a monster, when caught: victim loses 1 '
          'level\n}\n')


def test_a_curse_until_its_victims_kill_stays_without_persistent(packdir: PackWriter) -> None:
    """Before: E220 on `when caught`; a curse whose line has a duration now stays on its
    victim until it ends (as one with `until ...:` alone does), reacting meanwhile."""
    assert codes(packdir.diagnostics(DOGGED)) == []
    g = game(packdir, DOGGED)
    a, b, _c = players(g)
    a.level = 6
    _curse(g, b, a, "dog")
    assert [x.id for x in a.curses] == ["dog"]
    assert _roll_against_brute(g, a, 1) == "caught"
    assert a.level == 6 - 1 - 1  # the curse, then the Brute's Bad Stuff
    g.start_combat(a, g.new_card("weakling"))
    g.resolve()  # the kill ends it
    assert not a.curses
    assert _roll_against_brute(g, a, 1) == "caught"
    assert a.level == 5 - 1


def test_a_curse_at_its_victims_event_without_persistent_is_told_to_stay(
        packdir: PackWriter) -> None:
    diags = packdir.diagnostics('curse x "X" {\n  at the start of your turn: victim loses 1 '
                                'level\n}\n')
    assert codes(diags) == ["E227"]
    assert "`persistent`" in (diags[0].hint or "")


# ---------------------------------------------------------------- 4. the next time victim ...
@pytest.mark.parametrize("event", ["sells", "gains a level", "is caught", "kills a monster",
                                   "discards a card", "starts a turn", "helps"])
def test_a_curse_may_wait_for_any_event_of_its_victim(packdir: PackWriter, event: str) -> None:
    """Before: E230 "'the next time victim sells' is not an event the language knows"
    (only `wins a fight` was)."""
    diags = packdir.diagnostics(f'curse x "X" {{\n  the next time victim {event}: victim loses '
                                '1 level\n}\n')
    assert codes(diags) == []


def test_the_victim_form_is_a_curses_only(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('one-shot x "X" { value 100\n  the next time victim gains a '
                                'level: gain 1 level }\n')
    assert codes(diags) == ["E220"]
    assert "`the next time that player ...`" in (diags[0].hint or "")


SPITE = ('curse spite "Spite" {\n  the next time victim gains a level: victim loses 2 levels\n'
         '}\n')


def test_a_curse_waiting_for_its_victims_level_strikes_once_then(packdir: PackWriter) -> None:
    g = game(packdir, SPITE)
    a, b, c = players(g)
    _curse(g, b, a, "spite")
    assert [x.id for x in a.curses] == ["spite"] and a.level == 3  # it waits on A
    g.gain_levels(c, 1, "test")  # another player's level: not A's event
    assert a.level == 3 and a.curses
    g.gain_levels(a, 1, "test")
    assert a.level == 3 + 1 - 2 and not a.curses  # struck once, and gone
    assert any("Spite on A strikes" in x for x in g.state.log)
    g.gain_levels(a, 1, "test")
    assert a.level == 3


def test_a_curse_waiting_for_its_victims_sale(packdir: PackWriter) -> None:
    g = game(packdir, 'curse tax "Tax" {\n  the next time victim sells: victim loses 1 level\n'
                      '}\n')
    a, b, _c = players(g)
    _curse(g, b, a, "tax")
    a.hand.extend(g.new_card("cap") for _ in range(3))  # 5 caps of 200: one level's worth
    g.sell(a, [x for x in a.hand if x.id == "cap"][:5])
    assert a.level == 3 + 1 - 1 and not a.curses


# ---------------------------------------------------------------- 5. who played the card
def test_a_curse_on_its_victim_rewards_the_player_who_played_it(packdir: PackWriter) -> None:
    """Before: E002 at `who`; `you` on a curse kept on its victim is the victim, so nothing
    named the player who played it."""
    g = game(packdir, 'curse leech "Leech" { persistent\n  at the start of your turn: victim '
                      'loses 1 level, the player who played this card gains 1 level }\n')
    a, b, c = players(g)
    _curse(g, c, b, "leech")  # C plays it on B
    _next_turn(g)  # B's turn starts
    assert (a.level, b.level, c.level) == (3, 4, 3)


def test_a_curse_as_it_hits_names_its_player(packdir: PackWriter) -> None:
    g = game(packdir, 'curse tithe "Tithe" { victim loses 1 level; the player who played it '
                      'gains 1 level }\n')
    a, b, c = players(g)
    _curse(g, c, a, "tithe")
    assert (a.level, b.level, c.level) == (2, 5, 3)


def test_a_card_in_play_names_the_player_of_a_curse_coming_in(packdir: PackWriter) -> None:
    """At `when a curse is played on a player`, `that player` is the victim: the player who
    played the curse is `the player who played the curse`."""
    g = game(packdir, 'item ward "Ward" { bonus +1; value 100\n  when a curse is played on a '
                      'player: the player who played the curse loses 1 level }\n'
                      'curse hex "Hex" { victim loses 1 level }\n')
    a, b, c = players(g)
    g.put_in_play(a, g.new_card("ward"))
    _curse(g, b, c, "hex")  # B curses C; A's Ward punishes B
    assert (a.level, b.level, c.level) == (3, 4, 1)


def test_a_monster_played_into_a_fight_names_its_player(packdir: PackWriter) -> None:
    g = game(packdir, 'door wander "Wander" { in combat: add a monster from hand }\n'
                      'monster pet "Pet" { level 2; treasures 1\n  +4 to the player who played '
                      'this card\n  bad stuff: lose 1 level }\n')
    a, b, _c = players(g)
    g.start_combat(a, g.new_card("weakling"))
    g.help(b)
    before = g.breakdown().player
    b.hand.append(g.new_card("pet"))
    _play = b.hand[-1]
    b.hand.append(wander := g.new_card("wander"))
    g.play(b, wander)  # B brings the Pet in: +4 to B, who helps A
    assert _play.played_by is b
    assert g.breakdown().player == before + 4


def test_the_player_who_played_this_card_on_a_card_of_ones_own_is_refused(
        packdir: PackWriter) -> None:
    diags = packdir.diagnostics('item i "I" { bonus +1; value 100\n  on kill: the player who '
                                'played this card gains 1 level }\n')
    assert codes(diags) == ["E221"]
    assert "a card of your own is `you`" in (diags[0].hint or "")


# ---------------------------------------------------------------- 6. `A ends turn`
def test_ends_turn_in_a_scenario_fires_the_end_of_the_turn_once(packdir: PackWriter) -> None:
    """Before: `A ends turn` was the charity only; the curse's `at the end of your turn`
    fired at the following `next turn`, so an `expect` between the two failed."""
    packdir.write("pack.munch", HEADER + TABLE + 'curse gnaw "Gnaw" { persistent\n  at the '
                  'end of your turn: victim loses 1 level }\n')
    result = compile_packs(["pack.munch"])
    assert result.data is not None
    scn = packdir.write("s.scn", "scenario: e\nplayer A: level 5\nplayer B: level 3, hand "
                        "gnaw\nB plays gnaw on A\nA ends turn\nexpect A level 4\nnext turn\n"
                        "expect A level 4\n")
    (res,) = run_file(scn, result.data, DiagnosticSink())
    assert res.passed, res.failures


# ---------------------------------------------------------------- 7. waiting forms
GRUDGE = ('one-shot grudge "Grudge" { value 100\n  the next time that player gains a level this '
          'turn: that player loses 2 levels }\n')


def test_the_next_time_that_player_this_turn_fires_in_the_turn(packdir: PackWriter) -> None:
    """Before: E230 "'the next time that player gains a level this turn' is not an event"."""
    assert codes(packdir.diagnostics(GRUDGE)) == []
    g = game(packdir, GRUDGE)
    a, b, c = players(g)
    a.hand.append(card := g.new_card("grudge"))
    g.play(a, card, on_player=b)
    g.gain_levels(c, 1, "test")  # not B: it waits on
    assert c.level == 3 and card in a.others
    g.gain_levels(b, 1, "test")
    assert b.level == 5 + 1 - 2 and card not in a.others


def test_the_next_time_that_player_this_turn_goes_unused_at_the_turns_end(
        packdir: PackWriter) -> None:
    g = game(packdir, GRUDGE)
    a, b, _c = players(g)
    a.hand.append(card := g.new_card("grudge"))
    g.play(a, card, on_player=b)
    _next_turn(g)
    assert card not in a.others
    g.gain_levels(b, 1, "test")
    assert b.level == 6


def test_the_sale_is_named_on_the_waiting_forms_of_a_sale(packdir: PackWriter) -> None:
    """Before: E221 "`the sale` names the event the line fires at, and this line fires at
    no such event" on `the next time another player sells`, which fires at the sale."""
    for line in ("the next time another player sells, if the sale buys at least 2 levels",
                 "the next time that player sells this turn, if the sale buys a level"):
        assert codes(packdir.diagnostics(f'one-shot s "S" {{ value 100\n  {line}: gain 1 '
                                         'level }\n')) == [], line
    assert codes(packdir.diagnostics('one-shot s "S" { value 100\n  the next time another '
                                     'player discards a card, if the sale buys a level: gain '
                                     '1 level }\n')) == ["E221"]


def test_the_curses_player_names_the_selector(packdir: PackWriter) -> None:
    """Before: E002 with "'curse's' ... no form takes it here"; the hint names the form."""
    diags = packdir.diagnostics("curse x \"X\" {\n  persistent\n  at the start of your turn: "
                                "the curse's player gains 1 level\n}\n")
    assert codes(diags) == ["E002"]
    assert "`the player who played this card`" in (diags[0].hint or ""), diags[0].hint


def test_a_curse_waiting_for_its_victim_to_help_strikes_once_they_are_in(
        packdir: PackWriter) -> None:
    """`when another player helps` fires as the helper agrees, before they join; a curse
    waiting for its victim to help strikes once they are in the fight, so its change to
    their strength counts there (it was lost: the victim was not in the fight yet)."""
    g = game(packdir, 'curse drag "Drag" {\n  the next time victim helps: -3 to victim\n}\n')
    a, b, c = players(g)
    _curse(g, c, b, "drag")
    g.start_combat(a, g.new_card("weakling"))
    g.help(b)
    assert g.breakdown().player == 3 + 5 - 3 and not b.curses
