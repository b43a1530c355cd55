"""Lines `check` accepted that the engine did not play, found by outside authors (issue
19 item 4, second round): an `otherwise` after an effect that found nothing, an answer to
a curse at an event where a curse is in flight, complementary conditions of one event's
lines, and a scenario's `expect refused:` of another player's kick.  Each test fails on
the code before its fix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import HEADER, PackWriter, codes
from test_scenario_language import _pack_with

from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine import Game


# ------------------------------------------------------------ a phase is its player's own
def test_expect_refused_another_players_kick_and_loot(tmp_path: Path) -> None:
    pack = _pack_with(tmp_path, "scenario: not your turn\ndoor deck: net-troll\n"
                      "player A: level 3\nplayer B: level 3\n"
                      "expect refused: B kicks open the door\n"
                      "expect refused: B loots the room\n"
                      "A kicks open the door\nexpect strength 3 vs 10\n", siblings=())
    result = CliRunner().invoke(main, ["test", pack])
    assert result.exit_code == 0, result.output


# ------------------------------------------------------------ `otherwise` after a pick
MAZES = 'pack t { title "T"; version "1"; ruleset munchkins-and-mazes }\n'
HAND = 'hireling hand "Hired Hand" { value 200; +1 to you }\n'


def _caught(packdir: PackWriter, bad_stuff: str, hired: bool) -> tuple[int, int, bool]:
    """A (level 5, with or without a Hireling in play) is caught by a monster with
    ``bad_stuff``: (A's level, B's level, whether B, on A's left, holds the Hireling)."""
    packdir.write("pack.munch", MAZES + HAND + 'monster g "Goblin" { level 18; treasures 1; '
                  f'bad stuff: {bad_stuff} }}\n')
    result = compile_packs(["pack.munch"])
    assert result.data is not None, [str(d) for d in result.sink]
    g = Game(result.data, ["A", "B", "C"], seed=3, deal=False)
    a, b, _c = g.state.players
    a.level = b.level = 5
    if hired:
        g.put_in_play(a, g.new_card("hand"))
    g.start_combat(a, g.new_card("g"))
    g.run_away([1])
    return a.level, b.level, any(c.id == "hand" for c in b.in_play())


@pytest.mark.parametrize("bad_stuff", [
    "give a hireling victim carries to the player to your left, otherwise lose 2 levels",
    "the player to your left takes a hireling victim carries, otherwise lose 2 levels",
    "the player to your left takes an item victim carries, otherwise lose 2 levels",
    "victim discards a hireling in play, otherwise lose 2 levels",
])
def test_otherwise_after_a_pick_that_finds_nothing_hits_the_victim(
        packdir: PackWriter, bad_stuff: str) -> None:
    # before: the `otherwise` went to the player to the left (the give's recipient, the
    # take's subject), so the victim with no Hireling lost nothing
    assert _caught(packdir, bad_stuff, hired=False) == (3, 5, False)
    if "an item" in bad_stuff:  # a Hireling is no item: still nothing to take
        assert _caught(packdir, bad_stuff, hired=True) == (3, 5, False)
        return
    level, left, moved = _caught(packdir, bad_stuff, hired=True)
    assert level == 5 and left == 5 and moved == ("discards" not in bad_stuff)


def test_otherwise_in_the_third_person_keeps_the_subject(packdir: PackWriter) -> None:
    """`otherwise loses` (the third person) is the effect before it's subject, and the
    card text says so; `otherwise lose` is the line's own player (here the victim)."""
    line = "the player to your left takes a hireling victim carries, otherwise loses 2 levels"
    assert _caught(packdir, line, hired=False) == (5, 3, False)
    assert packdir.diagnostics(MAZES + HAND + 'monster g "Goblin" { level 18; treasures 1; '
                               f'bad stuff: {line} }}\n', header=None) == []


# ------------------------------------------------------------ one event's lines, one moment
STAR = 'pack t { title "T"; version "1"; ruleset star-munchkin }\n'
SIDEKICK = 'sidekick pal "Pal" { +1 to you }\n'
TWO_LINES = ("bad stuff, if victim has a sidekick in play: victim discards a sidekick in play, "
             "lose 1 level\n  bad stuff, if victim does not have a sidekick in play: "
             "lose 2 levels")


def _hit(packdir: PackWriter, body: str, pal: bool, curse: bool = False) -> tuple[int, bool]:
    """A (level 5, with or without a Sidekick) is caught by the monster ``m`` of ``body``
    (or cursed by its curse ``c``): (A's level, whether A still has the Sidekick)."""
    packdir.write("pack.munch", STAR + SIDEKICK + body)
    result = compile_packs(["pack.munch"])
    assert result.data is not None, [str(d) for d in result.sink]
    g = Game(result.data, ["A", "B"], seed=3, deal=False)
    a = g.state.players[0]
    a.level = 5
    if pal:
        g.put_in_play(a, g.new_card("pal"))
    if curse:
        g.curse(a, g.new_card("c"))
    else:
        g.start_combat(a, g.new_card("m"))
        g.run_away([1])
    return a.level, any(c.id == "pal" for c in a.in_play())


def test_complementary_bad_stuff_lines_read_their_conditions_as_it_hits(
        packdir: PackWriter) -> None:
    body = f'monster m "M" {{ level 18; treasures 1\n  {TWO_LINES}\n}}\n'
    # before: (2, False): the second line was read after the first took the Sidekick
    assert _hit(packdir, body, pal=True) == (4, False)
    assert _hit(packdir, body, pal=False) == (3, False)


def test_complementary_curse_lines_read_their_conditions_as_it_hits(
        packdir: PackWriter) -> None:
    lines = TWO_LINES.replace("bad stuff, ", "")
    body = f'curse c "C" {{\n  {lines}\n}}\n'
    assert _hit(packdir, body, pal=True, curse=True) == (4, False)
    assert _hit(packdir, body, pal=False, curse=True) == (3, False)


# ------------------------------------------------------------ answers to a curse in flight
ANSWERS = """item amulet "Amulet" { bonus +0; value 300
  when another player plays a curse, discard this card: cancel a curse }
item brooch "Brooch" { bonus +0; value 300
  when a curse is played on a player, discard this card: cancel a curse }
item mirror "Mirror" { bonus +0; value 300
  when a curse is played on a player: the curse goes to the player to your left instead }
curse c "Curse! Lose" { lose 1 level }
"""


def _cursed(packdir: PackWriter, item: str | None, on: int = 0) -> tuple[list[int], bool]:
    """B curses the player of seat ``on`` while A has ``item`` in play: (every level,
    whether A still has the item)."""
    packdir.write("pack.munch", HEADER + ANSWERS)
    result = compile_packs(["pack.munch"])
    assert result.data is not None, [str(d) for d in result.sink]
    g = Game(result.data, ["A", "B", "C"], seed=3, deal=False)
    players = g.state.players
    for p in players:
        p.level = 5
    if item is not None:
        g.put_in_play(players[0], g.new_card(item))
    g.curse(players[on], g.new_card("c"), by=players[1])
    return [p.level for p in players], any(c.id == item for c in players[0].in_play())


def test_cancel_a_curse_when_another_player_plays_one(packdir: PackWriter) -> None:
    # before: ([4, 5, 5], False): the Amulet was paid and the curse still acted
    assert _cursed(packdir, "amulet") == ([5, 5, 5], False)
    assert _cursed(packdir, "amulet", on=2) == ([5, 5, 5], False)  # on anyone
    assert _cursed(packdir, None) == ([4, 5, 5], False)


def test_cancel_a_curse_when_a_curse_is_played_on_a_player(packdir: PackWriter) -> None:
    assert _cursed(packdir, "brooch") == ([5, 5, 5], False)


def test_the_curse_goes_to_a_player_at_curse_played(packdir: PackWriter) -> None:
    assert _cursed(packdir, "mirror") == ([5, 4, 5], True)  # B sits on A's left


def test_an_answer_to_a_curse_where_none_is_in_flight_is_refused(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('item k "K" { bonus +0; value 300; '
                                'on kill: the curse goes to the player to your left instead }\n')
    assert codes(diags) == ["E221"]
    assert "`when a curse is played on a player`" in (diags[0].message + (diags[0].hint or ""))
    # a one-shot answers a curse played on anyone from the hand (tests/test_hand_reactions.py)
    one_shot = packdir.diagnostics('one-shot s "S" { value 300; when a curse is played on a '
                                   'player: cancel a curse }\n')
    assert codes(one_shot) == []


# ------------------------------------------------------------ audit: `otherwise` after any
#: How a line is set off on the empty table, per card kind: a monster's Bad Stuff as it
#: catches A, a curse on A, a one-shot A plays outside a fight.
AUDIT_CARDS = {
    "monster": ('monster m{i} "M{i}" {{ level 18; treasures 1; bad stuff: {line} }}\n',
                lambda g, card: (g.start_combat(g.state.players[0], card), g.run_away([1]))),
    "curse": ('curse m{i} "M{i}" {{ {line} }}\n',
              lambda g, card: g.curse(g.state.players[0], card)),
    "one-shot": ('one-shot m{i} "M{i}" {{ value 200; outside combat: {line} }}\n',
                 lambda g, card: (g.state.players[0].hand.append(card),
                                  g.play(g.state.players[0], card))),
}


def _said_by_left(example: str) -> str:
    """The example with the player to the owner's left as its subject (`lose 1 level` ->
    `the player to your left loses 1 level`), so the audit also meets an `otherwise` after
    an effect whose subject is not the line's own player."""
    verb, _, rest = example.partition(" ")
    if verb in ("victim", "you"):  # it names its subject already
        return example
    said = {"have": "has", "go": "goes", "do": "does"}.get(verb) or (
        verb + "es" if verb.endswith(("s", "sh", "ch", "x")) else verb + "s")
    return f"the player to your left {said} {rest}"


def _seen(g: Game, card_id: str) -> tuple[object, ...]:
    """What any effect could change on the empty table (levels, cards anywhere, marks,
    lasting changes kept on a player: `-2 to every other player in their next combat`),
    but for the card ``card_id`` that set the line off (played, fought: discarded)."""
    st = g.state

    def ids(cards: list[Any]) -> tuple[str, ...]:
        return tuple(sorted(c.id for c in cards if c.id != card_id))
    return (tuple((p.level, p.dead, p.sex, ids(p.hand), len(p.followers),
                   tuple(sorted(c.id for c in p.in_play())), tuple(sorted(p.bare_traits)),
                   tuple(sorted(map(str, p.markers.items()))), len(p.lasting))
                  for p in st.players),
            tuple(sorted((k, ids(v)) for k, v in st.decks.items())),
            tuple(sorted((k, ids(v)) for k, v in st.discards.items())))


@pytest.mark.parametrize("kind", sorted(AUDIT_CARDS))
def test_every_effect_that_finds_nothing_lets_its_otherwise_apply(
        packdir: PackWriter, kind: str) -> None:
    """Each effect part's example, followed by `otherwise lose 1 level`, on a table where
    nobody has a card and the decks are empty: either it changed something a player sees
    or its `otherwise` applied (A loses the level).  An effect that reports it applied and
    changed nothing would make the `otherwise` inert."""
    from munchkin_dsl.language import algebra

    shape, set_off = AUDIT_CARDS[kind]
    examples = sorted({(p.kind, getattr(p, "monster_example", None) or p.example)
                       for p in algebra.effect_parts() if p.example}
                      | {(p.kind, _said_by_left(p.example)) for p in algebra.effect_parts()
                         if p.example and p.subject and p.syntax.startswith("target?")})

    def pack(rows: list[tuple[str, str]]) -> str:
        return MAZES + "".join(shape.format(i=i, line=f"{ex}, otherwise lose 1 level")
                               + shape.format(i=f"n{i}", line=ex)
                               for i, (_k, ex) in enumerate(rows))

    refused = {(d.span.line - 2) // 2 for d in packdir.diagnostics(pack(examples), header=None)
               if d.severity.name == "ERROR" and d.span is not None}
    rows = [row for i, row in enumerate(examples) if i not in refused]
    assert len(rows) >= 10, refused  # the audit reaches a fair share of the effects
    packdir.write("pack.munch", pack(rows))
    result = compile_packs(["pack.munch"])
    assert result.data is not None, [str(d) for d in result.sink]

    def run(card_id: str) -> tuple[tuple[object, ...], tuple[object, ...], int]:
        g = Game(result.data, ["A", "B", "C"], seed=3, deal=False)
        for p in g.state.players:
            p.level = 5
        for deck in g.state.decks.values():
            deck.clear()
        before = _seen(g, card_id)
        set_off(g, g.new_card(card_id))
        return before, _seen(g, card_id), g.state.players[0].level

    inert = []
    for i, (effect, example) in enumerate(rows):
        before, alone, _level = run(f"mn{i}")
        if alone != before:
            continue  # it did something on the empty table: its `otherwise` rightly waits
        if run(f"m{i}")[2] != 4:  # it found nothing: A (the victim, the owner) loses 1
            inert.append(f"{effect}: {example}")
    assert inert == [], "\n".join(inert)
