"""The held-out set's accepted-but-inert lines (tests/authoring/cards.md, issue 19 item 4):
a card's `play TIMING` line is enforced by the engine (or refused by the checker for a
moment it cannot hold a card to), and a card filter word that is both a card kind and a
tag matches either.  Each test fails on the code before the fix.
"""

from __future__ import annotations

import pytest
from conftest import HEADER, PackWriter, codes

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine import EngineError, Game
from munchkin_dsl.engine.play_windows import play_closed

TABLE = """monster weakling "Weakling" { level 1; treasures 1; bad stuff: lose 1 level }
monster brute "Brute" { level 18; treasures 2; bad stuff: lose 1 level }
"""


def game(packdir: PackWriter, body: str) -> Game:
    packdir.write("pack.munch", HEADER + TABLE + body)
    result = compile_packs(["pack.munch"])
    assert result.data is not None, [str(d) for d in result.sink]
    g = Game(result.data, ["A", "B"], seed=3, deal=False)
    g.state.players[0].level = 3
    return g


# ------------------------------------------------------------ `play TIMING` is enforced
def test_play_outside_combat_is_refused_in_a_combat_and_the_card_kept(
        packdir: PackWriter) -> None:
    g = game(packdir, 'one-shot w "Wire" { value 200; play outside combat; '
                      'until end of next combat: -4 to monster }\n')
    a = g.state.players[0]
    a.hand.append(wire := g.new_card("w"))
    g.start_combat(a, g.new_card("brute"))
    with pytest.raises(EngineError, match="only outside a combat"):
        g.play(a, wire)
    assert wire in a.hand  # refused, not spent for nothing


def test_play_in_combat_is_refused_outside_one(packdir: PackWriter) -> None:
    g = game(packdir, 'one-shot b "Boost" { value 200; play in combat; +3 to you }\n')
    a = g.state.players[0]
    a.hand.append(boost := g.new_card("b"))
    with pytest.raises(EngineError, match="only in a combat"):
        g.play(a, boost)
    g.start_combat(a, g.new_card("weakling"))
    g.play(a, boost)
    assert boost not in a.hand


def test_play_on_your_turn_is_refused_on_another_players_turn(packdir: PackWriter) -> None:
    g = game(packdir, 'one-shot t "Tick" { value 200; play on your turn; '
                      'draw 1 treasure face down }\n')
    a, b = g.state.players
    b.hand.append(tick := g.new_card("t"))
    assert g.state.players[g.state.current] is a
    assert play_closed(g.state, b, tick) == "can be played only on B's own turn"
    with pytest.raises(EngineError, match="own turn"):
        g.play(b, tick)
    assert play_closed(g.state, a, tick) is None


def test_a_play_line_for_an_event_is_refused_with_the_windows(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('one-shot k "K" { value 200; play on kill; +2 to you }\n')
    assert codes(diags) == ["E220"]
    hint = diags[0].hint or ""
    assert "`play outside combat`" in hint and "`on kill: ...`" in hint and "manual" in hint
    assert packdir.diagnostics('one-shot k "K" { value 200; play any time; +2 to you }\n') \
        == []


def test_a_line_the_play_window_shuts_out_is_refused(packdir: PackWriter) -> None:
    diags = packdir.diagnostics('one-shot w "W" { value 200; play outside combat; '
                                'in combat: +4 to you }\n')
    assert codes(diags) == ["E220"] and "never played in combat" in diags[0].message
    assert packdir.diagnostics('item w "W" { value 200; bonus +0; play outside combat; '
                               'in combat: +4 to you }\n') == []  # in play, used later


def test_a_one_shot_played_outside_combat_for_an_event_in_a_fight_is_refused(
        packdir: PackWriter) -> None:
    """Ninth held-out set, Sleeper Scroll's first draft: `play outside combat` with `when
    caught:` was accepted, and the engine then refused to play the card at all."""
    diags = packdir.diagnostics('one-shot s "S" { value 300; play outside combat; '
                                'when caught: you ignore bad stuff }\n')
    assert codes(diags) == ["E220"] and "never in the hand" in diags[0].message
    assert "`the next time you are caught: ...`" in (diags[0].hint or "")
    for ok in ("the next time you are caught: you ignore bad stuff",
               "the next time bad stuff would hit you: you ignore bad stuff"):
        assert packdir.diagnostics(f'one-shot s "S" {{ value 300; play outside combat; {ok} }}\n'
                                   ) == []
    assert packdir.diagnostics('one-shot s "S" { value 300; '  # no `play`: from the hand
                               'when caught: you ignore bad stuff }\n') == []


def test_bots_keep_a_card_played_only_outside_combat_out_of_their_fights(
        packdir: PackWriter) -> None:
    from munchkin_dsl.engine.bots import _fight_cards

    g = game(packdir, 'one-shot w "Wire" { value 200; play outside combat; any time: +4 to you }\n'
                      'one-shot s "Shot" { value 200; in combat: +4 to you }\n')
    a = g.state.players[0]
    a.hand.extend([g.new_card("w"), g.new_card("s")])
    assert [c.id for c in _fight_cards(g, a)] == ["s"]


# ------------------------------------------------------------ a kind word that is a tag
HIRED = 'item h "Hired Hand" { bonus +0; value 200; tags Hireling }\n'


def _knight(packdir: PackWriter, line: str) -> int:
    """The strength of a level-7 monster with ``line`` against a fighter who has the card
    tagged Hireling in play."""
    g = game(packdir, HIRED + f'monster k "Knight" {{ level 7; treasures 2; {line}; '
                              'bad stuff: lose 1 level }\n')
    a = g.state.players[0]
    g.put_in_play(a, g.new_card("h"))
    g.start_combat(a, g.new_card("k"))
    return g.breakdown().monster


def test_a_tag_named_like_a_kind_counts_for_a_condition(packdir: PackWriter) -> None:
    # before: +4 (the filter read the kind only, and munchkin-1.6 has no Hireling)
    assert _knight(packdir, "if fighter does not have a Hireling in play: +4") == 7


def test_a_tag_named_like_a_kind_is_picked_by_a_card_selector(packdir: PackWriter) -> None:
    g = game(packdir, HIRED + 'one-shot f "Fire" { value 200; outside combat: '
                              'another player discards a Hireling in play }\n')
    a, b = g.state.players
    g.put_in_play(b, hand := g.new_card("h"))
    a.hand.append(fire := g.new_card("f"))
    g.play(a, fire, on_player=b)
    assert hand not in b.in_play()


def test_a_tag_named_like_a_kind_is_counted(packdir: PackWriter) -> None:
    assert _knight(packdir, "+2 for each Hireling the fighter has in play") == 9


# ------------------------------------------------------------ the card being lost is itself
BAG = ('item bag "Bag" { bonus +0; value 300\n  when you would lose an item, {}discard 1 card: '
       'prevent it }\n')


def _lose(packdir: PackWriter, body: str, lost: str) -> tuple[bool, int]:
    """Player A carries a cap and the card ``bag`` of ``body``, holds one card, and loses
    ``lost`` (the id of one of the two): (was it kept, cards left in hand)."""
    g = game(packdir, 'item cap "Cap" { bonus +1; headgear; value 200 }\n' + body)
    a = g.state.players[0]
    for cid in ("cap", "bag"):
        g.put_in_play(a, g.new_card(cid))
    a.hand.append(g.new_card("weakling"))
    card = next(c for c in a.in_play() if c.id == lost)
    g.lose_card(a, card)
    return card in a.in_play(), len(a.hand)


def test_a_line_saves_its_own_card(packdir: PackWriter) -> None:
    assert _lose(packdir, BAG.replace("{}", ""), "bag") == (True, 0)  # Bag of Holding
    assert _lose(packdir, BAG.replace("{}", ""), "cap") == (True, 0)


def test_if_the_loss_takes_this_card(packdir: PackWriter) -> None:
    mine = BAG.replace("{}", "if the loss takes this card, ")
    others = BAG.replace("{}", "if the loss does not take this card, ")
    assert _lose(packdir, mine, "bag") == (True, 0)
    assert _lose(packdir, mine, "cap") == (False, 1)
    assert _lose(packdir, others, "bag") == (False, 1)
    assert _lose(packdir, others, "cap") == (True, 0)


def test_a_line_paying_with_its_own_card_does_not_fire_for_its_loss(
        packdir: PackWriter) -> None:
    decoy = ('item bag "Decoy" { bonus +0; value 300\n  when you would lose an item, discard '
             'this card: prevent it }\n')
    assert _lose(packdir, decoy, "bag") == (False, 1)
    assert _lose(packdir, decoy, "cap") == (True, 1)


@pytest.mark.parametrize(("lang", "condition", "words"), [
    ("en", "takes this card", "if the loss takes this card,"),
    ("en", "does not take this card", "if the loss does not take this card,"),
    ("ru", "takes this card", "если потерю терпит эта карта,"),
    ("ru", "does not take this card", "если потерю терпит другая карта,"),
    ("pl", "takes this card", "jeśli stratę ponosi ta karta,"),
    ("pl", "does not take this card", "jeśli stratę ponosi inna karta,"),
])
def test_the_loss_takes_this_card_text(lang: str, condition: str, words: str,
                                       packdir: PackWriter) -> None:
    from click.testing import CliRunner

    from munchkin_dsl.cli import main

    assert packdir.diagnostics(BAG.replace("{}", f"if the loss {condition}, ")) == []
    result = CliRunner().invoke(main, ["text", str(packdir.root), "--lang", lang])
    assert result.exit_code == 0 and words in result.output, result.output
