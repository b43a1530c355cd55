"""The looting of a dead player's body as an event (issue 19 item 1, 264 Grave-Robber's
Monocle): `when another player is looted` comes once every other player has looted one
card and before the rest is discarded, so a line there takes from what is left; the
first draft written at `when another player dies` is refused with a hint naming it."""

from __future__ import annotations

from pathlib import Path

import pytest

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import check_pack
from munchkin_dsl.language.parser import parse_text
from munchkin_dsl.language.parts.looting import OtherLooted

HEADER = 'pack t { title "T"; version "1"; ruleset munchkin-1.6; languages en, ru, pl }\n'
ITEM = 'item i "I" {{ bonus +1; value 100; {line} }}\n'


@pytest.mark.parametrize("words", ["when another player is looted",
                                   "when a dead player has been looted"])
def test_the_phrasings_parse_to_the_event(words: str) -> None:
    sink = DiagnosticSink()
    unit = parse_text(ITEM.format(line=f"{words}: take 1 card at random from that player"),
                      "t.munch", sink)
    assert not sink.items, [d.message for d in sink.items]
    assert unit.cards[0].lines[0].when[0].timing == OtherLooted.timing


def _diags(body: str, tmp_path: Path) -> list[tuple[str, str, str]]:
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [(d.code, d.message, d.hint or "") for d in sink.items if d.code.startswith("E")]


def test_taking_from_the_body_is_clean(tmp_path: Path) -> None:
    assert _diags(ITEM.format(line="when another player is looted: take 1 card of your "
                                   "choice from the hand of that player"), tmp_path) == []


def test_the_first_draft_at_the_death_names_the_looting_event(tmp_path: Path) -> None:
    found = _diags(ITEM.format(line="when another player dies: take 1 card at random from "
                                    "that player"), tmp_path)
    assert [c for c, _m, _h in found] == ["E221"]
    assert "when another player is looted" in found[0][2]


def test_a_looting_phrase_after_the_death_gets_a_hint(tmp_path: Path) -> None:
    found = _diags(ITEM.format(line="when another player dies, after the looting: take 1 "
                                    "card at random from that player"), tmp_path)
    assert found and "when another player is looted" in " ".join(m + h for _c, m, h in found)


def test_a_monster_does_not_loot(tmp_path: Path) -> None:
    found = _diags('monster m "M" { level 1; treasures 1; bad stuff: lose 1 level; when '
                   'another player is looted: +2 }\n', tmp_path)
    assert "E220" in [c for c, _m, _h in found]
