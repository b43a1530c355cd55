"""Explicit limits instead of internal errors: one smallest reproducer per finding of issue 8.

Each input here once ended in exit 70 (an internal error), a hang or runaway time; now
each is a diagnostic with its own documented code (or, for a command-line option, a
usage error), and the work that would break never starts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import HEADER, PackWriter

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.base.explain import explain_code
from munchkin_dsl.cli import main
from munchkin_dsl.language import text_limits
from munchkin_dsl.language.parser import parse_text

GOOD = HEADER + 'race r "R" { +1 to run away }\n'


def invoke(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert "internal error" not in result.stderr, result.stderr
    return result.exit_code, result.stdout, result.stderr


def parse_codes(text: str) -> list[tuple[str, int]]:
    sink = DiagnosticSink()
    parse_text(text, "f.munch", sink)
    return [(d.code, d.span.line) for d in sink.sorted()]


# ---------------------------------------------------------------- pack text
@pytest.mark.parametrize(("line", "code"), [
    ('monster m "M" { level ' + "9" * 4301 + " }", "E031"),
    ('race r "R" { ' + "may " * 500 + "draw 1 treasure }", "E032"),
    ('race r "R" { ' + "otherwise " * 500 + "draw 1 treasure }", "E032"),
    ('race r "' + "N" * 10_000 + '" { }', "E033"),
    ("race " + "r" * 1000 + ' "R" { }', "E034"),
    ('race r "R" { tags ' + "a, " * 100_000 + "b }", "E030"),
])
def test_limit_breaking_line_gets_its_own_code(line: str, code: str) -> None:
    text = HEADER + line + "\n" + 'race ok "OK" { @ }\n'
    found = parse_codes(text)
    assert (code, 2) in found
    assert ("E001", 3) in found  # the rest of the file is still checked
    assert explain_code(code) is not None


def test_limits_in_quoted_text_and_names_are_not_numbers() -> None:
    text = HEADER + 'race r12345678901234567890 "Card 12345678901234567890" { }\n'
    assert parse_codes(text) == []
    text = HEADER + 'race r "May may may" { } # ' + "may " * 100 + "\n"
    assert parse_codes(text) == []


def test_limits_are_far_above_the_sample_packs() -> None:
    from conftest import PACKS

    for path in PACKS.rglob("*.munch"):
        longest = max(map(len, path.read_text(encoding="utf-8").split("\n")))
        assert longest * 100 < text_limits.MAX_LINE_CHARS, path


def test_nesting_just_under_the_limit_still_parses() -> None:
    line = 'race r "R" { ' + "may " * text_limits.MAX_NESTING + "draw 1 treasure }"
    assert "E032" not in [c for c, _ in parse_codes(HEADER + line + "\n")]


# ---------------------------------------------------------------- resolution files
@pytest.mark.parametrize(("text", "code"), [
    ("x = " + "[" * 500 + "]" * 500 + "\n", "M011"),
    ("x = " + "{a = " * 500 + "1" + "}" * 500 + "\n", "M011"),
    ("x = " + "9" * 4301 + "\n", "M012"),
])
def test_hostile_resolution_file_is_a_diagnostic(packdir: PackWriter, text: str,
                                                 code: str) -> None:
    packdir.write("pack.munch", GOOD)
    packdir.write("r.resolve", text)
    rc, out, _ = invoke("mix", "pack.munch", "--resolve", "r.resolve", "--format", "json")
    assert rc == 1
    assert [d["code"] for d in json.loads(out)["diagnostics"]] == [code]
    assert explain_code(code) is not None


@pytest.mark.parametrize(("text", "line", "column"), [
    ("# a\rb\rc\nx = " + "[" * 40 + "\n", 4, 37),            # lone \r ends a line too
    ('a = "x\\\ny"\nx = ' + "[" * 40 + "\n", 3, 37),        # an escaped line end
    ("# a\r\nx = " + "9" * 40 + "\n", 2, 5),                  # \r\n is one line end
])
def test_resolution_limit_caret_counts_lines_as_the_diagnostics_do(
        packdir: PackWriter, text: str, line: int, column: int) -> None:
    """The long fuzz run found M011/M012 placed on the wrong line (counting \\n only)."""
    packdir.write("pack.munch", GOOD)
    packdir.write("r.resolve", text)
    rc, out, _ = invoke("mix", "pack.munch", "--resolve", "r.resolve", "--format", "json")
    found = json.loads(out)["diagnostics"]
    assert rc == 1 and [(d["line"], d["column"]) for d in found] == [(line, column)]


@pytest.mark.parametrize("name", ["/dev/zero", "fifo"])
def test_resolution_device_or_fifo_is_a_usage_error(packdir: PackWriter, name: str) -> None:
    import os

    packdir.write("pack.munch", GOOD)
    if name == "fifo":
        os.mkfifo("fifo")
    rc, _, err = invoke("mix", "pack.munch", "--resolve", name)
    assert rc == 2 and "not a regular file" in err


# ---------------------------------------------------------------- print options
@pytest.mark.parametrize("option", ["--gutter", "--bleed", "--min-font"])
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308"])
def test_print_option_must_be_finite_and_in_range(packdir: PackWriter, option: str,
                                                  value: str) -> None:
    packdir.write("pack.munch", GOOD)
    rc, _, err = invoke("print", "pack.munch", "-o", "out.pdf", option, value)
    assert rc == 2 and " must " in err
    assert not Path("out.pdf").exists()


@pytest.mark.parametrize("value", ["nan,0", "0,inf", "1e308,0"])
def test_back_offset_must_be_finite(packdir: PackWriter, value: str) -> None:
    packdir.write("pack.munch", GOOD)
    rc, _, err = invoke("print", "pack.munch", "-o", "out.pdf", "--back-offset", value)
    assert rc == 2 and "--back-offset" in err


@pytest.mark.parametrize("size", ["0.1x0.1", "1x1000", "nanx60", "60xinf", "1e308x60"])
def test_card_size_has_a_range(packdir: PackWriter, size: str) -> None:
    packdir.write("pack.munch", GOOD)
    rc, _, err = invoke("print", "pack.munch", "-o", "out.pdf", "--card-size", size)
    assert rc == 2 and "card" in err


def test_long_card_id_is_shortened_by_binary_search(monkeypatch: pytest.MonkeyPatch) -> None:
    from munchkin_dsl.render import fonts as fonts_module
    from munchkin_dsl.render.pdf import ellipsize as _ellipsize

    fonts = fonts_module.load_fonts()
    calls: list[int] = []
    real = fonts_module.pdfmetrics.stringWidth

    def counting(text: str, font: str, size: float) -> float:
        calls.append(len(text))
        return real(text, font, size)

    monkeypatch.setattr(fonts_module.pdfmetrics, "stringWidth", counting)
    text = "".join(chr(ord("a") + i % 26) for i in range(64_000))
    shown = _ellipsize(fonts, text, fonts.regular, 6, 100)
    assert shown.endswith("…") and fonts.width(shown, fonts.regular, 6) <= 100
    longer = text[:len(shown)] + "…"  # one more character does not fit
    assert fonts.width(longer, fonts.regular, 6) > 100
    assert len(calls) < 40  # log2(64,000) + a few, not 64,000


# ---------------------------------------------------------------- scenario files
def _scenario(packdir: PackWriter, body: str) -> tuple[int, str]:
    packdir.write("pack.munch", GOOD)
    packdir.write("scenarios/a.scn", body)
    rc, out, _ = invoke("test", ".", "--format", "json")
    return rc, out


def test_unknown_ruleset_in_a_scenario_is_s003(packdir: PackWriter) -> None:
    rc, out = _scenario(packdir, "scenario: s\nruleset: foo\nplayer A: level 1\n")
    diags = json.loads(out)["diagnostics"]
    assert rc == 1 and [(d["code"], d["line"]) for d in diags] == [("S003", 2)]


def test_repeated_expect_refused_is_s010(packdir: PackWriter) -> None:
    rc, out = _scenario(packdir, "scenario: s\nplayer A: level 1\nplayer B: level 1\n"
                        + "expect refused: " * 500 + "A dies\n")
    assert rc == 1 and [d["code"] for d in json.loads(out)["diagnostics"]] == ["S010"]
