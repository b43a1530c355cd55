"""State that lasts one fight and cards only a player in the fight may play (issue 19,
the eighth set's Twin-Headed Ogre 368, Berserker's Brew 381, Quantum Disintegrator 388).

`until end of combat, put a marker on fighter` (and the other durations that end at a
moment: the turn, the player's next turn, the next combat) takes its markers off as the
duration ends, so a choice a monster keeps for its fight is gone for the next fight with
the same card; `play in a combat you are in` refuses the card to a player outside the
fight; `kill the monster outright` wins the fight with no strength comparison.
"""

from __future__ import annotations

from pathlib import Path

from conftest import assert_scenarios_pass, pack_codes

FIGHT_SCOPED = Path(__file__).resolve().parent / "data" / "fight-scoped"


def test_the_fight_scoped_cards_play_as_written() -> None:
    """Markers for the turn and for the fight go as they end (not those kept for the
    game); the choice a monster keeps for the fight is read by its Bad Stuff and gone for
    the next fight; the play window refuses a player outside the fight."""
    assert_scenarios_pass(FIGHT_SCOPED, 12)


def test_a_marker_under_a_moment_duration_is_accepted(tmp_path: Path) -> None:
    body = ('one-shot m "M" {\n  value 100\n'
            '  in combat, until end of combat: put a marker on fighter\n}\n')
    assert not [c for c in pack_codes(body, tmp_path) if c.startswith("E")]


def test_a_marker_under_a_counted_duration_is_refused(tmp_path: Path) -> None:
    """`for your next 2 combats` is no moment the markers can be taken off at: E221."""
    body = ('one-shot c "C" {\n  value 100\n'
            '  any time, for your next 2 combats: put a marker on you\n}\n')
    assert "E221" in pack_codes(body, tmp_path)


def test_a_remembered_choice_gets_the_marker_form(tmp_path: Path) -> None:
    body = ('monster o "O" {\n  level 4\n  treasures 1\n'
            '  bad stuff, if you chose the second option: lose 2 levels\n}\n')
    assert pack_codes(body, tmp_path)  # refused, its hint tested below
    from munchkin_dsl.base.diagnostics import DiagnosticSink  # noqa: PLC0415
    from munchkin_dsl.compiler.api import check_pack  # noqa: PLC0415

    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    hints = " ".join(d.hint or "" for d in sink.items)
    assert "until end of combat, choose one" in hints and "if victim has a marker" in hints


def test_the_play_window_is_no_line_timing(tmp_path: Path) -> None:
    """`in a fight you are in: ...` on a line is E220, whose hint names the play line."""
    body = 'one-shot b "B" {\n  value 100\n  in a fight you are in: +2 to you\n}\n'
    assert "E220" in pack_codes(body, tmp_path)
    ok = ('one-shot b "B" {\n  value 100\n  play only in a fight you are in\n'
          '  in combat: +2 to you\n}\n')
    assert not [c for c in pack_codes(ok, tmp_path) if c.startswith("E")]


def test_the_trace_says_a_sure_escape_and_why_a_door_is_not_played() -> None:
    """The eighth set's misleading rows: a used `you escape every monster` is said at once
    (not only at the run-away roll), and a door with an `instead of looting the room` line
    played on its own is refused naming the step that plays it, not a combat."""
    from click.testing import CliRunner  # noqa: PLC0415

    from munchkin_dsl.cli import main  # noqa: PLC0415

    out = CliRunner().invoke(main, ["test", str(FIGHT_SCOPED), "--trace"]).output
    assert "A will escape every monster when running away (no roll)" in out
    assert ("Side Path is not played on its own: its line `instead of looting the room` acts "
            "from A's hand as that comes (in a scenario: `A loots the room`)") in out
    assert "outside a combat" not in out
