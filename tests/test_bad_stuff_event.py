"""Bad Stuff as an event (issue 19 item 1, ninth held-out set 408, 417, 438): `when bad
stuff would hit you` answers a monster's Bad Stuff whether its player was caught or
escaped from Bad Stuff `even on escape`, once per monster; `when another player suffers
bad stuff` (and its own and anyone forms) hears a Bad Stuff that hit, not one ignored.
Each test fails on the code before: only `when caught` answered, only a caught player."""

from __future__ import annotations

from conftest import HEADER, PackWriter

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine import Game

TABLE = """monster scorcher "Scorcher" { level 18; treasures 2; bad stuff: lose 1 level
  bad stuff even on escape: lose 1 level }
monster singer "Singer" { level 18; treasures 2; bad stuff even on escape: lose 1 level }
monster brute "Brute" { level 18; treasures 2; bad stuff: lose 1 level }
hireling torch "Torch" { when bad stuff would hit you, discard this card: you ignore bad stuff }
item rig "Rig" { bonus +0; value 400; when another player suffers bad stuff: draw 1 door face down }
item bell "Bell" { bonus +0; value 400; when a player suffers bad stuff: gain 1 level }
item charm "Charm" { bonus +0; value 400; when bad stuff would hit you: draw 1 treasure face down }
one-shot scroll "Scroll" { value 300; play outside combat
  the next time bad stuff would hit you: you ignore bad stuff }
"""


def game(packdir: PackWriter) -> Game:
    packdir.write("pack.munch", HEADER + TABLE)
    result = compile_packs(["pack.munch"])
    assert result.data is not None, [str(d) for d in result.sink]
    g = Game(result.data, ["A", "B"], seed=3, deal=False)
    for p in g.state.players:
        p.level = 5
    return g


def test_an_escape_from_bad_stuff_even_on_escape_is_answered(packdir: PackWriter) -> None:
    g = game(packdir)
    a = g.state.players[0]
    g.put_in_play(a, torch := g.new_card("torch"))
    g.start_combat(a, g.new_card("singer"))
    assert g.run_away([6]) == {"A:singer": "escaped"}
    assert a.level == 5 and torch not in a.in_play()


def test_a_plain_escape_is_not_answered(packdir: PackWriter) -> None:
    g = game(packdir)
    a = g.state.players[0]
    g.put_in_play(a, torch := g.new_card("torch"))
    g.start_combat(a, g.new_card("brute"))
    g.run_away([6])
    assert torch in a.in_play()  # no Bad Stuff hit: the Torch is kept


def test_a_caught_player_answers_once_for_both_bad_stuffs(packdir: PackWriter) -> None:
    g = game(packdir)
    a = g.state.players[0]
    g.put_in_play(a, g.new_card("charm"))
    a.hand.append(scroll := g.new_card("scroll"))
    g.play(a, scroll)
    g.start_combat(a, g.new_card("scorcher"))
    g.run_away([1])
    # the Scroll ignores both lines of the one monster; the Charm answers once, not twice
    assert a.level == 5 and scroll not in a.others and len(a.hand) == 1
    g.start_combat(a, g.new_card("scorcher"))
    g.run_away([1])
    assert a.level == 3 and len(a.hand) == 2  # spent: both lines hit


def test_another_player_suffering_bad_stuff_is_heard_not_one_ignored(
        packdir: PackWriter) -> None:
    g = game(packdir)
    a, b = g.state.players
    g.put_in_play(b, g.new_card("rig"))
    g.start_combat(a, g.new_card("singer"))
    g.run_away([6])
    assert a.level == 4 and len(b.hand) == 1  # escaped, hit `even on escape`: B draws
    g.put_in_play(a, g.new_card("torch"))
    g.start_combat(a, g.new_card("singer"))
    g.run_away([6])
    assert a.level == 4 and len(b.hand) == 1  # ignored: nothing suffered, nothing drawn


def test_a_player_suffering_bad_stuff_is_its_owner_too(packdir: PackWriter) -> None:
    g = game(packdir)
    a, b = g.state.players
    g.put_in_play(a, g.new_card("bell"))
    g.start_combat(a, g.new_card("brute"))
    g.run_away([1])
    assert a.level == 5  # lost 1, then the Bell's own player gains 1
    assert b.level == 5
