"""Print typography: minus signs, no-break spaces, dashes, quotes, hyphenation, P005."""

from __future__ import annotations

import pytest

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.render import CardFace, PrintOptions, render_pdf
from munchkin_dsl.render.fonts import hyphen_points, load_fonts
from munchkin_dsl.text.typography import MINUS, NBSP, typeset


@pytest.mark.parametrize(("lang", "raw", "printed"), [
    ("en", "-5 to the monster.", f"{MINUS}5{NBSP}to the monster."),
    ("en", "Half-Breed loses 2 levels", f"Half-Breed loses 2{NBSP}levels"),
    ("en", "+3 against Elves", f"+3{NBSP}against Elves"),
    ("ru", "сбрось 1 карту", f"сбрось 1{NBSP}карту"),
    ("ru", "Если помощник — Котейка: +2.", f"Если помощник{NBSP}— Котейка: +2."),
    ("ru", "Шмотки «Большая» и -1 сокровище", f"Шмотки «Большая» и {MINUS}1{NBSP}сокровище"),
    ("pl", "przedmioty «Duża Rzecz»", "przedmioty „Duża Rzecz”"),
    ("pl", 'krzyczą "Uciekaj" - mrówki', f"krzyczą „Uciekaj”{NBSP}— mrówki"),
    ("en", 'say "hi" - then', f"say “hi”{NBSP}– then"),
])
def test_typeset(lang: str, raw: str, printed: str) -> None:
    assert typeset(raw, lang) == printed


def test_hyphenation_points_in_every_language() -> None:
    assert ("Непотреб", "ство") in hyphen_points("Непотребство", "ru")
    assert ("„Ucie", "kaj”,") in hyphen_points("„Uciekaj”,", "pl")
    assert ("Dismember", "ment.") in hyphen_points("Dismemberment.", "en")
    # An existing hyphen is a break point of its own.
    assert ("Рубаха-", "Парень") in hyphen_points("Рубаха-Парень", "ru")


def test_a_long_word_is_hyphenated_not_cut() -> None:
    fonts = load_fonts()
    word = "Гаджестянщиковщина"
    width = fonts.width(word, fonts.regular, 8) * 0.6
    lines = fonts.wrap(word, fonts.regular, 8, width, lang="ru")
    assert len(lines) == 2 and lines[0].endswith("-")
    assert lines[0][:-1] + lines[1] == word
    for line in lines:
        assert fonts.width(line, fonts.regular, 8) <= width + 1e-6
    # Without a language the old behaviour: cut between letters, no hyphen.
    assert not fonts.wrap(word, fonts.regular, 8, width)[0].endswith("-")


def test_line_end_hyphenation_fills_lines_but_spares_short_words() -> None:
    fonts = load_fonts()
    text = "Нет ограничения на число шмоток Гаджестянщиковщина отменяешь действие ловушки"
    lines = fonts.wrap(text, fonts.regular, 8, 120, lang="ru")
    assert any(line.endswith("-") for line in lines)
    assert " ".join(lines).replace("- ", "") == text
    short = fonts.wrap("Tracisz 2 poziomy, a potem", fonts.regular, 8,
                       fonts.width("Tracisz 2 pozio-", fonts.regular, 8), lang="pl")
    assert not any(line.endswith("-") for line in short)


@pytest.mark.parametrize("width_words", [3, 4, 5, 6])
def test_no_line_starts_with_a_dash_or_ends_with_a_bare_number(width_words: int) -> None:
    fonts = load_fonts()
    text = typeset("Если помощник — Котейка, сбрось 1 карту и возьми 2 сокровища — быстро.",
                   "ru")
    width = fonts.width("помощник " * width_words, fonts.regular, 8) / 2
    for line in fonts.wrap(text, fonts.regular, 8, width, lang="ru"):
        assert not line.startswith(("—", "–", "-")), line
        assert not line.rstrip().split(" ")[-1].isdigit(), line


def test_p005_for_a_word_with_no_hyphenation_point(tmp_path) -> None:
    face = CardFace(card_id="shout", deck="door", title="Shout", lang="en",
                    body="He yells " + "W" * 30 + " at you.", source="p.munch:4:1")
    sink = DiagnosticSink()
    report = render_pdf([face], PrintOptions(), tmp_path / "p.pdf", sink)
    p005 = [d for d in sink if d.code == "P005"]
    assert len(p005) == 1 and report.written
    assert "'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW'" in p005[0].message
    assert p005[0].span is not None and p005[0].span.line == 4
    # A long word with hyphenation points is set without a diagnostic.
    ok = CardFace(card_id="ok", deck="door", title="Ok", lang="ru",
                  body="Гаджестянщиковщинанепотребствообразный монстр.")
    sink = DiagnosticSink()
    render_pdf([ok], PrintOptions(), tmp_path / "q.pdf", sink)
    assert not [d for d in sink if d.code == "P005"]


def test_faces_of_a_pack_are_typeset_in_their_language() -> None:
    from conftest import SAMPLE

    from munchkin_dsl.compiler.api import compile_packs
    from munchkin_dsl.render.from_cards import faces_of_packs

    result = compile_packs([SAMPLE])
    assert result.data is not None
    for lang in ("pl", "ru", "en"):
        faces, _ = faces_of_packs(result.packs, result.data.cards, lang, ("en", "ru", "pl"))
        by_id = {face.card_id: face for face in faces}
        dwarf, baby = by_id["dwarf"].body, by_id["baby"].body
        if lang == "pl":
            # the term agrees with its noun (pl_forms.toml); no «» is left in Polish text
            assert "Dużych Rzeczy" in dwarf and "«" not in dwarf and "»" not in dwarf
        if lang == "ru":
            assert "больших шмоток" in dwarf  # the term agrees with its noun (pymorphy3)
        # A real minus sign and the number glued to its noun.
        assert baby.startswith(MINUS + "5") and f"{MINUS}1{NBSP}" in baby, baby


def test_parsed_hyphenation_patterns_are_reused_between_runs(tmp_path, monkeypatch) -> None:
    """The second run loads the parsed dictionary (no parse) and hyphenates the same;
    a damaged entry is parsed again."""
    import subprocess
    import sys

    probe = ("import pyphen\n"
             "parsed = []\n"
             "original = pyphen.HyphDict.__init__\n"
             "def note(self, path):\n"
             "    parsed.append(path.name)\n"
             "    original(self, path)\n"
             "pyphen.HyphDict.__init__ = note\n"
             "from munchkin_dsl.render.fonts import hyphen_points\n"
             "print(hyphen_points('Непотребство', 'ru'), hyphen_points('Dismemberment.', 'en'),"
             " parsed)\n")
    monkeypatch.setenv("MUNCHKIN_CACHE_DIR", str(tmp_path))

    def run() -> str:
        proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                              timeout=60)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout

    first, second = run(), run()
    assert "['hyph_ru_RU.dic', 'hyph_en_US.dic']" in first
    assert second == first.replace("['hyph_ru_RU.dic', 'hyph_en_US.dic']", "[]")
    for entry in (tmp_path / "hyphenation").iterdir():
        entry.write_bytes(b"\x80\x05damaged")
    assert run() == first
