"""What reaches a terminal: escaped control characters, the right line quoted, linear cost.

Smallest reproducers of issue 8's findings: ESC and OSC sequences in a card name or a
source line reached the terminal raw; a U+2028, U+0085, \\v or \\f earlier in a file made
diagnostics quote the wrong line; text diagnostics re-split the whole file for each
diagnostic (8,000 duplicate cards: 10.6 s as text against 1.5 s as JSON).
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import HEADER, PackWriter

from munchkin_dsl.base import diagnostics
from munchkin_dsl.base.diagnostics import Diagnostic, Severity, Span, escape_controls, render_text
from munchkin_dsl.cli import main

OSC = "\x1b]0;pwned\x07"
CSI = "\x1b[31m"


def test_escape_controls_shows_every_control_and_keeps_text() -> None:
    assert escape_controls(f"{OSC}Troll{CSI}\x9b\u202e") == (
        "\\x1b]0;pwned\\x07Troll\\x1b[31m\\x9b\\u202e")
    assert escape_controls("Эльф\tи\nгном\r") == "Эльф\tи\nгном\\x0d"


def test_diagnostic_escapes_message_line_and_hint_and_keeps_the_caret_under_the_span() -> None:
    text = f'race r "{OSC}R" {{ +1 against Elvs }}\n'
    col = text.index("Elvs") + 1
    d = Diagnostic("E101", Severity.ERROR, f"unknown '{OSC}'", Span("f", 1, col, 1, col + 4),
                   hint=f"did you mean {CSI}?")
    shown = render_text(d, {"f": text})
    assert "\x1b" not in shown and "\x07" not in shown
    source, caret = shown.split("\n")[1:3]
    assert source[caret.index("^"):caret.index("^") + 4] == "Elvs"


def test_check_and_text_never_write_raw_escapes(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + f'race r "{OSC}Troll" {{ +1 to run away }}\n'
                  f'race s "{OSC}Troll" {{ +1 to run away }}\n')
    result = CliRunner().invoke(main, ["check", "."])
    assert "\x1b" not in result.stdout + result.stderr and "\\x1b" in result.stderr
    packdir.write("pack.munch", HEADER + f'race r "{OSC}Troll" {{ +1 to run away }}\n')
    result = CliRunner().invoke(main, ["text", "."])
    assert result.exit_code == 0
    assert "\x1b" not in result.stdout and "\\x1b]0;pwned\\x07Troll" in result.stdout
    result = CliRunner().invoke(main, ["text", ".", "--format", "json"])
    assert "\x1b" not in result.stdout and "\\u001b" in result.stdout
    assert json.loads(result.stdout)["cards"][0]["name"] == f"{OSC}Troll"


@pytest.mark.parametrize("odd", ["\u2028", "\x85", "\x0b", "\x0c", "\u2029", "\x1c"])
def test_only_newlines_end_a_line(packdir: PackWriter, odd: str) -> None:
    packdir.write("pack.munch", HEADER + f'# a comment with {odd} in it\n'
                  'race r "R" { +1 against Elvs }\n')
    result = CliRunner().invoke(main, ["check", "."])
    assert "pack.munch:3:" in result.stderr
    assert "   3 | race r \"R\" { +1 against Elvs }" in result.stderr


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_cr_and_crlf_end_lines(packdir: PackWriter, newline: str) -> None:
    packdir.write("pack.munch", (HEADER + "# one\n" + 'race r "R" { +1 against Elvs }\n')
                  .replace("\n", newline).encode())
    result = CliRunner().invoke(main, ["check", "."])
    assert "pack.munch:3:" in result.stderr
    assert "   3 | race r \"R\" { +1 against Elvs }" in result.stderr


def test_lines_are_split_once_per_file_however_many_diagnostics(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real = diagnostics.split_lines
    monkeypatch.setattr(diagnostics, "split_lines", lambda t: calls.append(1) or real(t))
    text = "".join(f"line {i} unique-to-this-test\n" for i in range(2000))
    for line in range(1, 2001):
        render_text(Diagnostic("E001", Severity.ERROR, "x", Span.point("f", line)), {"f": text})
    assert len(calls) == 1
