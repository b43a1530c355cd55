"""`munchkin print` and `munchkin text` end to end, as a user runs them (subprocesses)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from conftest import SAMPLE

from munchkin_dsl.compiler.api import compile_packs
from munchkin_dsl.compiler.effects import CardData

MM = 72 / 25.4
PER_PAGE = 10  # munchkin-size cards on A4 (5×2, landscape)


def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "munchkin_dsl", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def cards() -> list[CardData]:
    result = compile_packs([SAMPLE])
    assert result.data is not None
    return list(result.data.cards)


def squash(text: str) -> str:
    """Text without whitespace: titles wrap onto two lines in the header band."""
    return "".join(text.split())


def pages(path: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(path).pages]


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, subprocess.CompletedProcess]:
    out = tmp_path_factory.mktemp("en") / "x.pdf"
    return out, run("print", str(SAMPLE), "-o", str(out))


def test_print_sample_pack(english, cards) -> None:
    out, proc = english
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == ""  # no progress bar when stdout is not a terminal
    assert "layout: A4 landscape, 5×2 cards of 56×87 mm (10 per page)" in proc.stderr
    assert f"printed {len(cards)} cards on {math.ceil(len(cards) / PER_PAGE)} pages" \
        in proc.stderr
    texts = pages(out)
    assert len(texts) == math.ceil(len(cards) / PER_PAGE)
    for i, card in enumerate(cards):
        assert squash(card.names["en"]) in squash(texts[i // PER_PAGE]), card.id
    for expected in ("Net Troll", "Monster", "LEVEL 10", "3 Treasures", "Bad Stuff: Lose 2 levels.",
                     "+4 against Elves."):
        assert squash(expected) in squash(texts[0]), expected


def test_print_russian_names_on_the_right_page(tmp_path, cards) -> None:
    out = tmp_path / "ru.pdf"
    proc = run("print", str(SAMPLE), "-o", str(out), "--lang", "ru")
    assert proc.returncode == 0, proc.stderr
    texts = pages(out)
    for i, card in enumerate(cards):
        assert squash(card.names["ru"]) in squash(texts[i // PER_PAGE]), card.id
    assert squash(cards[-1].names["ru"]) not in squash(texts[0])
    for expected in ("Непотребство: теряешь 2 уровня.", "Монстр", "УРОВЕНЬ 10", "3 сокровища",
                     "+4, если в бою Эльф."):
        assert squash(expected) in squash(texts[0]), expected


def test_two_runs_are_byte_identical(tmp_path, english) -> None:
    again = tmp_path / "again.pdf"
    assert run("print", str(SAMPLE), "-o", str(again)).returncode == 0
    assert again.read_bytes() == english[0].read_bytes()


def test_shop_mode_page_boxes(tmp_path, cards) -> None:
    out = tmp_path / "shop.pdf"
    proc = run("print", str(SAMPLE), "-o", str(out), "--mode", "shop")
    assert proc.returncode == 0, proc.stderr
    assert "print-shop pages of 62×93 mm" in proc.stderr
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == len(cards)
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        assert media == pytest.approx([0, 0, 62 * MM, 93 * MM], abs=1e-3)
        assert [float(v) for v in page.bleedbox] == pytest.approx(media, abs=1e-3)
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [3 * MM, 3 * MM, 59 * MM, 90 * MM], abs=1e-3)
    assert cards[0].names["en"] in reader.pages[0].extract_text()


def test_backs_page_count(tmp_path, cards) -> None:
    out = tmp_path / "backs.pdf"
    proc = run("print", str(SAMPLE), "-o", str(out), "--backs", "--duplex", "short",
               "--back-offset", "0.5,-1")
    assert proc.returncode == 0, proc.stderr
    # Decks mix on a sheet, so the backs take no extra fronts.
    fronts = math.ceil(len(cards) / PER_PAGE)
    assert len(pypdf.PdfReader(out).pages) == 2 * fronts
    assert "backs for short-edge duplex" in proc.stderr and "offset +0.5,-1.0 mm" in proc.stderr
    assert "2 mm back bleed" in proc.stderr


def test_backs_use_the_rulesets_deck_names(tmp_path) -> None:
    out = tmp_path / "sm.pdf"
    proc = run("print", str(SAMPLE.parent / "star-munchkin"), "-o", str(out), "--backs",
               "--lang", "ru")
    assert proc.returncode == 0, proc.stderr
    texts = pages(out)
    cards = sum(text.count("\nstar-munchkin\n") for text in texts[::2])  # one footer a card
    sheets = -(-cards // 9)  # nine cards a sheet, each sheet followed by its back page
    assert cards >= 15 and len(texts) == 2 * sheets
    backs = "".join(texts[1::2])
    assert backs.count("ШЛЮЗ") + backs.count("ТРОФЕИ") == cards
    assert "DOOR" not in backs and "TREASURE" not in backs


def test_calibration_sheet(tmp_path) -> None:
    out = tmp_path / "cal.pdf"
    proc = run("print", "--calibrate", "-o", str(out), "--paper", "letter")
    assert proc.returncode == 0, proc.stderr
    assert "Letter portrait duplex calibration sheet for 56×87 mm cards" in proc.stderr
    proc = run("print", "--calibrate", "-o", str(out), "--paper", "letter", "--card-size", "poker")
    assert "Letter landscape duplex calibration sheet for 63×88 mm cards" in proc.stderr
    texts = pages(out)
    assert len(texts) == 2 and "Duplex calibration: front" in texts[0]


def test_json_report(tmp_path, cards) -> None:
    out = tmp_path / "x.pdf"
    proc = run("print", str(SAMPLE), "-o", str(out), "--format", "json", "--mode", "proof")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["written"] is True and report["cards"] == len(cards)
    assert report["pages"] == len(pypdf.PdfReader(out).pages)
    assert report["layout"]["per_page"] == PER_PAGE
    assert "proof marks" in report["layout"]["description"]
    assert report["problems"] == [] and report["summary"] == {"errors": 0, "warnings": 0}
    assert all(fit["fits"] for fit in report["font_sizes"])


# --------------------------------------------------------------------------- problem packs

HEADER = 'pack p { title "P"; version "1"; ruleset munchkin-1.6; languages en, pl }\n'


def write_pack(root: Path, body: str, header: str = HEADER) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "pack.munch").write_text(header + body, encoding="utf-8")
    return root


def test_overflowing_text_is_p001_and_an_error_when_strict(tmp_path) -> None:
    long_text = " ".join(["This card has far too much to say about itself."] * 40)
    write_pack(tmp_path / "wordy", f'race wordy "Wordy" {{\n  name pl "Gadatliwy"\n'
                                   f'  text en "{long_text}"\n}}\n')
    out = tmp_path / "wordy.pdf"
    proc = run("print", "wordy", "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "wordy/pack.munch:2:1: warning[P001]" in proc.stderr
    assert "   2 | race wordy" in proc.stderr  # the source line is quoted
    assert out.is_file()

    out.unlink()
    proc = run("print", "wordy", "-o", str(out), "--strict", "--format", "json", cwd=tmp_path)
    assert proc.returncode == 1
    report = json.loads(proc.stdout)
    p001 = [d for d in report["diagnostics"] if d["code"] == "P001"]
    assert p001 and p001[0]["severity"] == "error"
    assert (p001[0]["file"], p001[0]["line"], p001[0]["column"]) == ("wordy/pack.munch", 2, 1)
    assert (tmp_path / p001[0]["file"]).is_file()
    assert report["written"] is False and not out.exists()


def test_polish_card_prints_its_diacritics(tmp_path) -> None:
    write_pack(tmp_path / "pl", 'monster ants "Fire Ants" {\n  name pl "Mrówki Ogniste"\n'
               '  level 12\n  treasures 2\n  bad stuff: lose 2 levels\n}\n'
               'item boots "Boots" {\n  name pl "Buty Żółwia"\n  footgear\n  bonus +2\n'
               '  value 500\n}\n')
    out = tmp_path / "pl.pdf"
    proc = run("print", str(tmp_path / "pl"), "-o", str(out), "--lang", "pl")
    assert proc.returncode == 0, proc.stderr
    text = squash(pages(out)[0])
    for expected in ("Mrówki Ogniste", "Potwór", "POZIOM 12", "2 skarby", "Marny Koniec:",
                     "tracisz 2 poziomy.", "Buty Żółwia", "Przedmiot · Obuwie", "+2 Obuwie",
                     "500 sztuk złota"):
        assert squash(expected) in text, expected


def test_missing_glyph_and_broken_art_point_at_the_card(tmp_path) -> None:
    root = write_pack(tmp_path / "odd", 'race dragon "Dragon 🐉" {\n  name pl "Smok"\n'
                      '  +1 to run away\n}\n'
                      'race art "Art" {\n  name pl "Sztuka"\n  art "art/broken.png"\n}\n')
    (root / "art").mkdir()
    (root / "art" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 32)
    proc = run("print", "odd", "-o", "odd.pdf", "--format", "json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    found = {(d["code"], d["file"], d["line"]) for d in json.loads(proc.stdout)["diagnostics"]}
    assert ("P002", "odd/pack.munch", 2) in found
    assert ("P003", "odd/pack.munch", 6) in found
    proc = run("print", "odd", "-o", "odd.pdf", "--strict", cwd=tmp_path)
    assert proc.returncode == 1 and "error[P002]" in proc.stderr


def test_pack_with_errors_prints_nothing(tmp_path) -> None:
    write_pack(tmp_path / "bad", 'monster m "M" { levle 3 }\n')
    out = tmp_path / "bad.pdf"
    proc = run("print", str(tmp_path / "bad"), "-o", str(out))
    assert proc.returncode == 1
    assert "error[" in proc.stderr and "nothing written" in proc.stderr
    assert not out.exists()


@pytest.mark.parametrize("args", [
    ("print", str(SAMPLE)),
    ("print", str(SAMPLE), "-o", "x.pdf", "--card-size", "huge"),
    ("print", str(SAMPLE), "-o", "x.pdf", "--back-offset", "1"),
    ("print", "no-such-pack", "-o", "x.pdf"),
    ("print", "-o", "x.pdf"),
    ("text",),
])
def test_usage_errors_exit_2(tmp_path, args) -> None:
    proc = run(*args, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert not (tmp_path / "x.pdf").exists()


# --------------------------------------------------------------------------- munchkin text


def test_text_command_russian(cards) -> None:
    proc = run("text", str(SAMPLE), "--lang", "ru")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "net-troll  Сетевой Тролль\n  Монстр · Уровень 10 · 3 сокровища\n" \
           "  Непотребство: теряешь 2 уровня.\n" in out
    assert "warrior  Воин\n  Класс\n  Побеждаешь при ничьей.\n" in out
    assert out.count("\n\n") == len(cards) - 1


def test_text_command_json(cards) -> None:
    proc = run("text", str(SAMPLE), "--format", "json", "--lang", "pl")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    entries = {entry["id"]: entry for entry in doc["cards"]}
    assert len(entries) == len(cards)
    troll = entries["net-troll"]
    assert (troll["lang"], troll["kind_line"], troll["bad_stuff"], troll["footer"]) == \
        ("pl", "Potwór", "tracisz 2 poziomy.", "3 skarby")
    assert troll["source"].endswith("monsters.munch:3:1")
    assert doc["summary"] == {"errors": 0, "warnings": 0}


def test_lang_the_pack_does_not_declare_is_refused_unless_allowed(tmp_path) -> None:
    out = tmp_path / "pl.pdf"
    proc = run("print", str(SAMPLE), "-o", str(out), "--lang", "pl")
    assert proc.returncode == 2, proc.stderr
    assert "does not declare pl" in proc.stderr
    assert "--allow-missing-translations" in proc.stderr
    assert not out.exists()
    proc = run("print", str(SAMPLE), "-o", str(out), "--lang", "pl",
               "--allow-missing-translations")
    assert proc.returncode == 0, proc.stderr
    assert "does not declare pl" in proc.stderr  # the note stays
    assert out.is_file()


def test_no_footer_leaves_out_the_card_id_line(tmp_path, english) -> None:
    with_footer, _proc = english
    out = tmp_path / "bare.pdf"
    proc = run("print", str(SAMPLE), "-o", str(out), "--no-footer")
    assert proc.returncode == 0, proc.stderr
    assert "net-troll" in pages(with_footer)[0]
    assert "net-troll" not in pages(out)[0]
    assert "Net Troll" in pages(out)[0]
