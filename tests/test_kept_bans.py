"""Bans on a card that stays in play (held-out-4 card 208, Class: Town Crier: "you cannot
sell items yourself while you are a Town Crier"): `you cannot sell items`, `you cannot run
away`, `you cannot help`, `you cannot play one-shots` on a class, race, item, Hireling or
Sidekick bind the card's owner while it is in play (its line's conditions read where the
action is taken), as on a curse they bind its victim.  Accepted on every kind that stays,
refused with a timing or a duration, played (tests/data/kept-bans) and heeded by the bots."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import assert_scenarios_pass, pack_codes

from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.engine import Game
from munchkin_dsl.engine.bots import Bots, setup

CARDS = Path(__file__).resolve().parent / "data" / "kept-bans"
BANS = ("you cannot sell items", "you cannot run away", "you cannot help",
        "you cannot play one-shots")
KEPT = {"class": 'class k "K" {{ {} }}', "race": 'race k "K" {{ {} }}',
        "item": 'item k "K" {{ bonus +1; value 300; {} }}',
        "hireling": 'hireling k "K" {{ {} }}'}


@pytest.mark.parametrize("ban", BANS)
@pytest.mark.parametrize("kind", sorted(KEPT))
def test_every_ban_is_accepted_on_every_kind_that_stays(kind: str, ban: str,
                                                        tmp_path: Path) -> None:
    codes = pack_codes(KEPT[kind].format(ban) + "\n", tmp_path)
    assert not [c for c in codes if c.startswith("E")], codes


@pytest.mark.parametrize(("body", "code"), [
    # a one-shot is never in play: nothing to last while
    ('one-shot o "O" { value 100; you cannot sell items }\n', "E202"),
    # the ban is the card's own line
    ('class k "K" { on kill: you cannot sell items }\n', "E221"),
    # a duration is a curse's (the class's ban lasts while it is in play)
    ('race r "R" { until your next turn: you cannot run away }\n', "E221"),
])
def test_a_ban_that_would_mean_nothing_is_refused(body: str, code: str,
                                                  tmp_path: Path) -> None:
    assert code in pack_codes(body, tmp_path)


def test_a_duration_on_a_kept_ban_says_what_to_write(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        'pack t { title "T"; version "1"; ruleset munchkin-1.6 }\n'
        'class k "K" { until the end of your next turn: you cannot sell items }\n',
        encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(tmp_path)]).output
    assert "lasts while the card is in play" in out and "drop the `until ...`" in out, out


def test_the_scenarios_play_each_ban() -> None:
    assert_scenarios_pass(CARDS, 6)


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "You cannot sell items."),
    ("ru", "Ты не можешь продавать шмотки."),
    ("pl", "Nie możesz uciekać."),
])
def test_card_text(lang: str, words: str) -> None:
    result = CliRunner().invoke(main, ["text", str(CARDS), "--lang", lang])
    assert words in result.output, result.output


@pytest.mark.parametrize(("crier", "sold"), [(False, True), (True, False)])
def test_a_bot_does_not_try_to_sell_while_its_class_bans_it(crier: bool, sold: bool) -> None:
    data = compile_packs([str(CARDS)]).data
    assert data is not None
    g = Game(data, ["A", "B"], seed=3, debug=True, deal=False, policy=Bots())
    a = g.state.player("A")
    a.level, g.state.current = 3, a.seat
    if crier:
        card = g.new_card("town-crier")
        a.hand.append(card)
        g.put_in_play(a, card)
    a.hand.append(g.new_card("gold-idol"))
    setup(g, a)
    assert (a.level == 4) is sold
