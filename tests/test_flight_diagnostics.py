"""Diagnostics an author met writing the ninth held-out set (tests/authoring/cards.md,
"Misleading diagnostics met while writing the ninth held-out set"): an alternative of
`choose one` with two windows (E212 names it, not E209), and a scenario's `uses` with a
label of several words."""

from __future__ import annotations

from pathlib import Path

from conftest import HEADER, PackWriter

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.compiler.api import check_pack, compile_packs
from munchkin_dsl.scenarios.runner import run_file

WAND = ('item wand "Wand" {{ bonus +0; value 600\n'
        '  any time, choose one: in combat, +2 to player side, or on your turn, {second}, '
        'draw 1 treasure face down\n}}\n')


def _found(tmp_path: Path, body: str) -> list[tuple[str, str, str]]:
    (tmp_path / "pack.munch").write_text(HEADER + body, encoding="utf-8")
    sink = DiagnosticSink()
    check_pack(tmp_path, sink)
    return [(d.code, d.message, d.hint or "") for d in sink.items]


def test_an_alternative_with_two_windows_is_named_not_called_missing(tmp_path: Path) -> None:
    """The line had two alternatives; the fault is the second's `outside combat`: one E212
    naming it, its hint the labelled-line form that is accepted (checked below)."""
    (found,) = _found(tmp_path, WAND.format(second="outside combat"))
    code, message, hint = found
    assert code == "E212" and "alternative" in message and "second timing" in message
    assert '"Riches": on your turn, if you are not in combat: draw 1 treasure' in hint


def test_an_alternative_with_a_condition_is_named_too(tmp_path: Path) -> None:
    (found,) = _found(tmp_path, WAND.format(second="if you are not in combat"))
    assert found[0] == "E212" and "a condition" in found[1]


def test_the_form_the_hint_gives_is_accepted(tmp_path: Path) -> None:
    body = ('item wand "Wand" { bonus +0; value 600\n  "Might": in combat: +2 to player side\n'
            '  "Riches": on your turn, if you are not in combat: draw 1 treasure face down\n}\n')
    assert _found(tmp_path, body) == []


def test_choose_one_with_one_alternative_is_still_e209(tmp_path: Path) -> None:
    body = 'one-shot x "X" { value 100; any time, choose one: gain 1 level }\n'
    assert [f[0] for f in _found(tmp_path, body)] == ["E209"]


CARDS = ('item lamp "Lamp" { bonus +0; value 300\n'
         '  "Wish for Riches": on your turn, if you are not in combat: draw 1 treasure face down\n'
         '  "Wish": on your turn, if you are not in combat: gain 1 level\n}\n'
         'item coin "Coin" { bonus +1; value 100 }\n')


def _run(packdir: PackWriter, scenario: str) -> list:
    packdir.write("pack.munch", HEADER + CARDS)
    result = compile_packs(["pack.munch"])
    assert result.data is not None
    return run_file(packdir.write("s.scn", scenario), result.data, DiagnosticSink())


def test_a_label_of_several_words_is_used_whole(packdir: PackWriter) -> None:
    """`A uses Wish for Riches` uses that label (the draw), not `Wish` (the level) read up to
    the `for`; quoted too; the one-word label still answers its own name."""
    (plain, quoted, short) = _run(packdir, (
        "scenario: plain\ntreasure deck: coin\nplayer A: level 1, carries lamp\n"
        "A uses Wish for Riches\nexpect A hand 1\nexpect A level 1\n\n"
        "scenario: quoted\ntreasure deck: coin\nplayer A: level 1, carries lamp\n"
        'A uses "Wish for Riches"\nexpect A hand 1\n\n'
        "scenario: short\ntreasure deck: coin\nplayer A: level 1, carries lamp\n"
        "A uses Wish\nexpect A level 2\nexpect A hand 0\n"))
    assert plain.passed, plain.failures
    assert quoted.passed, quoted.failures
    assert short.passed, short.failures


def test_an_unknown_label_names_the_labels_in_play(packdir: PackWriter) -> None:
    (bad,) = _run(packdir, "scenario: bad\nplayer A: level 1, carries lamp\n"
                  "A uses Wish of Gold\n")
    assert not bad.passed
    assert "'wish for riches'" in " ".join(str(f) for f in bad.failures)
