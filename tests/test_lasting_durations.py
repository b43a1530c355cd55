"""The four families the end-of-round authoring set found accepted but inert (issue 19,
tests/authoring/cards.md), one named test per case; each failed on the code before the fix.

1. an `until ...` duration on a line its player plays or uses (one-shot, treasure, an
   item's used ability) lasts exactly as long as it says, in and out of combat, and ends
   (the trace says both); on a card in play the `until` line lapses when it is over;
   a duration before a one-time effect is refused (E221);
2. a strength change played on one monster of several stays with that monster only;
3. `may` on a line that fires by itself asks its holder; a declined line spends no use;
4. the printed text: "you may ...", "your combat strength", "in your fights".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import PackWriter, codes
from test_inert_lines import game, players

from munchkin_dsl.cli import main
from munchkin_dsl.engine import EngineError, Game
from munchkin_dsl.engine.policy import DefaultPolicy
from munchkin_dsl.engine.state import Player


def _fight(g: Game, player: Player, monster: str = "brute") -> int:
    """Start a fight of ``player`` and return the player side's strength."""
    g.start_combat(player, g.new_card(monster))
    return g.breakdown().player


def _flee(g: Game, roll: int = 6) -> str:
    """Run away from the open fight with ``roll``; the outcome of the first player."""
    result = g.run_away([roll])
    return next(iter(result.values()))


def _next_turn(g: Game) -> None:
    st = g.state
    g.start_turn(st.players[(st.current + 1) % len(st.players)])


def _play(g: Game, player: Player, card_id: str) -> Any:
    player.hand.append(card := g.new_card(card_id))
    g.play(player, card)
    return card


# ---------------------------------------------------------------- 1. durations
def test_until_the_end_of_the_turn_played_outside_combat_counts_in_every_fight_of_it(
        packdir: PackWriter) -> None:
    """Before: "(no effect)" outside a fight, the card used up; in a fight, only that one."""
    g = game(packdir, 'one-shot rage "Rage" { value 300; on your turn, until the end of '
                      "the turn: +2 to you }\n")
    a, _b, _c = players(g)
    _play(g, a, "rage")
    assert _fight(g, a) == 3 + 2
    _flee(g)
    assert _fight(g, a) == 3 + 2  # a second fight of the same turn
    _flee(g)
    _next_turn(g)
    assert not a.lasting and any("no longer counts for A" in line for line in g.state.log)


def test_until_the_end_of_the_turn_played_in_a_fight_outlasts_it(packdir: PackWriter) -> None:
    g = game(packdir, 'treasure t "T" { any time, until the end of the turn: +2 to you }\n')
    a, _b, _c = players(g)
    _fight(g, a)
    _play(g, a, "t")
    assert g.breakdown().player == 5
    _flee(g)
    assert _fight(g, a) == 5


def test_until_your_next_turn_lasts_through_the_others_turns_and_ends_at_yours(
        packdir: PackWriter) -> None:
    g = game(packdir, 'one-shot o "O" { value 200; any time, until your next turn: '
                      "+2 to you }\n")
    a, b, _c = players(g)
    _play(g, a, "o")
    _next_turn(g)  # B's turn: A fights a wandering fight of B's turn
    assert _fight(g, a) == 5
    _flee(g)
    _next_turn(g)
    _next_turn(g)  # A's turn begins: over
    assert _fight(g, a) == 3
    assert b.lasting == []


def test_until_the_end_of_your_next_turn_run_away_lasts_one_more_turn_then_ends(
        packdir: PackWriter) -> None:
    """Before: the +1 to run away played outside a fight did nothing, silently."""
    g = game(packdir, 'one-shot o "O" { value 200; until the end of your next turn: '
                      "+1 to run away }\n")
    a, _b, _c = players(g)
    _play(g, a, "o")
    _fight(g, a)
    assert _flee(g, 4) == "escaped"  # 4 + 1
    for _ in range(3):
        _next_turn(g)  # B, C, then A's next turn
    _fight(g, a)
    assert _flee(g, 4) == "escaped"
    for _ in range(3):
        _next_turn(g)
    _fight(g, a)
    assert _flee(g, 4) == "caught"


def test_until_end_of_next_combat_played_before_the_door_is_its_next_fight_only(
        packdir: PackWriter) -> None:
    g = game(packdir, 'one-shot w "W" { value 200; on your turn, until end of next combat: '
                      "+3 to you }\n")
    a, _b, _c = players(g)
    _play(g, a, "w")
    assert _fight(g, a) == 6
    _flee(g)
    assert _fight(g, a) == 3


def test_an_items_used_ability_with_a_duration_lasts_the_turn(packdir: PackWriter) -> None:
    g = game(packdir, 'item i "I" { bonus +1; value 200; on your turn, until the end of the '
                      "turn, discard 1 card: +2 to you }\n")
    a, _b, _c = players(g)
    a.items.append(item := g.new_card("i"))
    item.worn = True
    assert g.use(a, item, item.data.abilities[0])  # outside a fight: "(no effect)" before
    assert _fight(g, a) == 3 + 1 + 2
    _flee(g)
    _next_turn(g)
    assert _fight(g, a) == 3 + 1


def test_an_until_line_of_a_card_in_play_lapses_when_its_duration_ends(
        packdir: PackWriter) -> None:
    """Before: `until the end of your next turn: +1 to you` on an item counted for ever."""
    g = game(packdir, 'item torch "Torch" { bonus +0; value 100; until the end of your next '
                      "turn: +1 to you }\n")
    a, _b, _c = players(g)
    a.hand.append(torch := g.new_card("torch"))
    g.play(a, torch)
    assert _fight(g, a) == 4
    _flee(g)
    for _ in range(3):
        _next_turn(g)
    assert _fight(g, a) == 4  # A's next turn: still
    _flee(g)
    for _ in range(3):
        _next_turn(g)
    assert _fight(g, a) == 3 and torch in a.items  # lapsed; the card stays


def test_a_played_while_line_counts_while_it_holds_and_then_leaves(packdir: PackWriter) -> None:
    g = game(packdir, 'one-shot o "O" { value 200; any time, while you are level 3 or '
                      "higher: +2 to you }\n")
    a, _b, _c = players(g)
    _play(g, a, "o")
    assert _fight(g, a) == 5
    _flee(g)
    _next_turn(g)
    assert _fight(g, a) == 5  # turns do not end it
    _flee(g)
    a.level = 2
    assert _fight(g, a) == 2  # read only while it holds
    _flee(g)
    assert not a.lasting  # and gone once it no longer does


def test_until_end_of_combat_outside_a_fight_is_refused_and_the_card_kept(
        packdir: PackWriter) -> None:
    g = game(packdir, 'one-shot o "O" { value 200; any time, until end of combat: '
                      "+2 to you }\n")
    a, _b, _c = players(g)
    a.hand.append(card := g.new_card("o"))
    with pytest.raises(EngineError, match="outside a combat"):
        g.play(a, card)
    assert card in a.hand


@pytest.mark.parametrize("effect", ["draw 1 treasure", "victim loses 1 level"])
def test_a_duration_before_an_effect_that_happens_once_is_refused(
        packdir: PackWriter, effect: str) -> None:
    diags = packdir.diagnostics(f'one-shot o "O" {{ value 200; any time, until the end of '
                                f"the turn: {effect} }}\n")
    assert codes(diags) == ["E221"]
    assert "happens once" in diags[0].message and "manual" in (diags[0].hint or "")


# ---------------------------------------------------------------- 2. one monster
def test_a_bonus_played_on_one_monster_leaves_the_fight_with_it(packdir: PackWriter) -> None:
    g = game(packdir, 'one-shot f "F" { value 200; in combat: -5 to monster }\n')
    a, _b, _c = players(g)
    g.start_combat(a, g.new_card("brute"))
    g.add_monster(g.new_card("weakling"))
    combat = g.state.combat
    assert combat is not None
    brute, weakling = combat.monsters
    a.hand.append(card := g.new_card("f"))
    g.play(a, card, on_monster=weakling)
    assert g.breakdown().monster == 18 + 1 - 5
    assert any("on Weakling" in line.what for line in g.breakdown().lines)
    weakling.removed = True  # it leaves the fight (sent away, swapped)
    assert g.breakdown().monster == 18


# ---------------------------------------------------------------- 3. `may`
class _Declines(DefaultPolicy):
    """Declines every `may` ``n`` times, then takes it."""

    def __init__(self, n: int) -> None:
        self.n = n

    def decide_optional(self, _game: Any, _ctx: Any, _eff: Any) -> bool:
        self.n -= 1
        return self.n < 0


def test_may_on_a_line_that_fires_by_itself_is_asked_and_a_no_spends_no_use(
        packdir: PackWriter) -> None:
    g = game(packdir, 'item jet "Jet" { bonus +0; value 300; after run away roll, 2 uses: '
                      "may +2 to run away }\n")
    a, _b, _c = players(g)
    g.core.policy = _Declines(1)
    a.items.append(jet := g.new_card("jet"))
    jet.worn = True
    _fight(g, a)
    assert _flee(g, 4) == "caught"  # declined: no +2, and no use spent
    assert not any(k.startswith("uses:") for k in a.used_once)
    for _ in range(2):
        g.state.combat = None
        _fight(g, a)
        assert _flee(g, 3) == "escaped"  # 3 + 2, a use each
    assert jet not in a.items  # the second use was the last


def test_may_on_when_another_player_sells_is_asked(packdir: PackWriter) -> None:
    g = game(packdir, 'item sk "Skimmer" { bonus +0; value 300; when another player sells: '
                      "may draw 1 treasure face down }\n")
    a, b, _c = players(g)
    g.core.policy = _Declines(1)
    a.items.append(g.new_card("sk"))
    hand = len(a.hand)
    b.items.append(cap := g.new_card("cap"))
    _next_turn(g)  # B's turn: B sells
    g.sell(b, [cap])
    assert len(a.hand) == hand and any("A does not use" in line for line in g.state.log)


# ---------------------------------------------------------------- 4. printed text
def _texts(packdir: PackWriter, body: str, lang: str) -> dict[str, str]:
    packdir.write("pack.munch", 'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
                  + body)
    out = CliRunner().invoke(main, ["text", str(Path(packdir.root)), "--lang", lang,
                                    "--format", "json"]).output
    return {c["id"]: c["body"] for c in json.loads(out)["cards"]}


@pytest.mark.parametrize(("lang", "may", "strength", "fights"), [
    ("en", "you may get +2 to Run Away", "double your combat strength",
     "do not count in your fights"),
    ("ru", "можешь получить +2 к смывке", "твоя боевая сила удваивается", "в твоих боях"),
    ("pl", "możesz otrzymać +2 do ucieczki", "twoja siła bojowa zostaje podwojona",
     "w twoich walkach"),
])
def test_the_printed_card_says_may_your_strength_and_how_long(
        packdir: PackWriter, lang: str, may: str, strength: str, fights: str) -> None:
    texts = _texts(packdir, 'item j "J" { bonus +0; value 300; after run away roll, 4 uses: '
                            "may +2 to run away }\n"
                            'one-shot g "G" { value 300; in combat: double the strength of '
                            "you }\n"
                            'curse r "R" { until the end of your next turn: victim ignores '
                            "item bonuses }\n", lang)
    assert may in texts["j"]
    assert strength in texts["g"] and "тебя" not in texts["g"] and "ciebie" not in texts["g"]
    assert fights in texts["r"]


def test_a_kept_line_on_the_fight_reaches_a_fight_its_player_is_not_in(
        packdir: PackWriter) -> None:
    """`until the end of the turn: -3 to monster` played by B counts in A's fights that
    turn (a bonus to B counts only in B's)."""
    g = game(packdir, 'one-shot o "O" { value 200; any time, until the end of the turn: '
                      "-3 to monster }\n"
                      'one-shot p "P" { value 200; any time, until the end of the turn: '
                      "+3 to you }\n")
    a, b, _c = players(g)
    _play(g, b, "o")
    _play(g, b, "p")
    g.start_combat(a, g.new_card("brute"))
    assert (g.breakdown().player, g.breakdown().monster) == (3, 18 - 3)


# ---------------------------------------------------------------- every duration x carrier
DURATIONS = ("until the end of the turn", "until your next turn",
             "until the end of your next turn", "until end of next combat",
             "until end of combat")
CARRIERS = (("one-shot", "any time, {d}"), ("one-shot", "on your turn, {d}"),
            ("one-shot", "in combat, {d}"), ("treasure", "any time, {d}"),
            ("item", "{d}"), ("item", "on your turn, {d}, discard 1 card"))
EFFECTS = ("+2 to you", "+1 to run away", "-2 to monster")


@pytest.mark.parametrize("effect", EFFECTS)
@pytest.mark.parametrize("carrier", CARRIERS, ids=lambda c: f"{c[0]}:{c[1]}")
def test_every_accepted_duration_is_seen_to_last_and_to_end(carrier: tuple[str, str],
                                                           effect: str) -> None:
    """The sweep's proof with its duration walk (tests/grammar_durations.py) over each
    duration, card that carries it and effect: accepted means it lasts and ends."""
    import grammar_lines as gl  # noqa: PLC0415 (the sweep's machinery, loaded when used)

    kind, when = carrier
    for duration in DURATIONS:
        gen = gl.Generated(0, f"{when.format(d=duration)}: {effect}", kind, False,
                           "munchkin-1.6")
        run = gl.Run()
        gl.check([gen], run)
        for _gen, card in run.accepted:
            assert gl.prove(gen, card) is None, (gen.line, gl.prove(gen, card))
