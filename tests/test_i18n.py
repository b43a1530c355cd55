"""`munchkin i18n export|import|check`: translation files (PO, XLIFF) for a pack.

The strongest check is the sample packs themselves: with every translation deleted from a
copy, importing the files exported from the original gives back the original files byte
for byte (layout, comments and all).  Smaller packs cover texts, manual rules, one-line
cards, fuzzy marks and bad input.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import polib
import pytest
from click.testing import CliRunner
from conftest import sample_packs

from munchkin_dsl.cli import main


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def strip_translations(folder: Path) -> None:
    for file in folder.glob("*.munch"):
        text = file.read_text(encoding="utf-8")
        text = re.sub(r'(?m)^\s*(name|text|manual|title) (ru|pl) "(?:[^"\\\n]|\\.)*"\n', "",
                      text)
        text = re.sub(r', (ru|pl) "(?:[^"\\\n]|\\.)*"', "", text)
        file.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("kind", ["po", "xliff"])
@pytest.mark.parametrize("pack", sample_packs(), ids=lambda p: p.name)
def test_importing_the_exported_files_restores_a_stripped_pack(pack: Path, kind: str,
                                                               tmp_path: Path) -> None:
    files = tmp_path / "files"
    assert run("i18n", "export", str(pack), "--format", kind, "-o", str(files)).exit_code == 0
    copy = tmp_path / "pack"
    shutil.copytree(pack, copy)
    strip_translations(copy)
    assert run("i18n", "check", str(copy), "--strict").exit_code == 1
    result = run("i18n", "import", str(copy), *sorted(map(str, files.iterdir())))
    assert result.exit_code == 0, result.output
    for original in sorted(pack.glob("*.munch")):
        assert (copy / original.name).read_text(encoding="utf-8") == original.read_text(
            encoding="utf-8"), original.name
    assert run("i18n", "check", str(copy), "--strict").exit_code == 0


def test_export_is_deterministic_and_carries_context(tmp_path: Path) -> None:
    for name in ("a", "b"):
        assert run("i18n", "export", "packs/munchkin-1.6", "-o", str(tmp_path / name)
                   ).exit_code == 0
        assert run("i18n", "export", "packs/munchkin-1.6", "--format", "xliff",
                   "-o", str(tmp_path / name)).exit_code == 0
    for file in ("ru.po", "ru.xlf"):
        assert (tmp_path / "a" / file).read_bytes() == (tmp_path / "b" / file).read_bytes()
    catalog = polib.pofile(str(tmp_path / "a" / "ru.po"))
    theft = next(e for e in catalog if e.msgctxt == "thief|class|label.2")
    assert (theft.msgid, theft.msgstr) == ("Theft", "Кража")
    assert theft.comment == "class thief: label.2" and theft.occurrences == [("doors.munch", "34")]
    assert catalog.metadata["Language"] == "ru"
    assert "munchkin-1.6-sample|pack|title" in {e.msgctxt for e in catalog}


SMALL = '''pack small {
  title "Small"
  version "1"
  ruleset munchkin-1.6
  languages en, ru, pl
}

# A curse the engine cannot fully play.
curse no-trading "No Trading" {
  name ru "Без обмена"
  text en "Nobody trades with you."
  manual "Nobody may trade with the victim until their next turn."  # a manual rule
  victim loses 1 level
}

item boots "Boots" { footgear; bonus +2; value 400 }
'''


@pytest.fixture()
def small(tmp_path: Path) -> Path:
    pack = tmp_path / "small"
    pack.mkdir()
    (pack / "pack.munch").write_text(SMALL, encoding="utf-8")
    return pack


def translate(path: Path, values: dict[str, str], fuzzy: tuple[str, ...] = ()) -> None:
    catalog = polib.pofile(str(path))
    for entry in catalog:
        if entry.msgctxt in values:
            entry.msgstr = values[entry.msgctxt]
        if entry.msgctxt in fuzzy:
            entry.flags.append("fuzzy")
    catalog.save(str(path))


def test_texts_manual_rules_and_one_line_cards_are_merged_in_place(small: Path,
                                                                    tmp_path: Path) -> None:
    out = tmp_path / "po"
    assert run("i18n", "export", str(small), "-o", str(out)).exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == ["pl.po", "ru.po"]
    translate(out / "ru.po", {
        "no-trading|curse|text": "Никто не меняется с тобой.",
        "no-trading|curse|manual.1": "Никто не может меняться с жертвой.",
        "boots|item|name": "Сапоги",
        "small|pack|title": "Малый",
    })
    result = run("i18n", "import", str(small), str(out / "ru.po"))
    assert result.exit_code == 0, result.output
    text = (small / "pack.munch").read_text(encoding="utf-8")
    assert '  title "Small"\n  title ru "Малый"\n' in text
    assert ('  text en "Nobody trades with you."\n  text ru "Никто не меняется с тобой."\n'
            in text)
    assert ('until their next turn."  # a manual rule\n'
            '  manual ru "Никто не может меняться с жертвой."\n') in text
    assert 'item boots "Boots" { name ru "Сапоги"; footgear; bonus +2; value 400 }' in text
    assert "# A curse the engine cannot fully play." in text
    status = json.loads(run("i18n", "check", str(small), "--format", "json").output)
    assert status["languages"]["ru"]["untranslated"] == []
    assert status["languages"]["pl"]["translated"] == 0


def test_a_changed_source_marks_the_translation_fuzzy_until_reviewed(small: Path,
                                                                     tmp_path: Path) -> None:
    out = tmp_path / "po"
    assert run("i18n", "export", str(small), "-o", str(out)).exit_code == 0
    translate(out / "ru.po", {"boots|item|name": "Сапоги"})
    manifest = small / "pack.munch"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('"Boots"', '"Big Boots"'),
                        encoding="utf-8")
    assert run("i18n", "import", str(small), str(out / "ru.po")).exit_code == 0
    text = manifest.read_text(encoding="utf-8")
    assert 'name ru "Сапоги";' in text and '# fuzzy ru: source was "Boots"' in text
    result = run("i18n", "check", str(small), "--lang", "ru", "--format", "json")
    status = json.loads(result.output)
    assert status["languages"]["ru"]["outdated"] == ["boots|item|name"]
    assert [d["line"] for d in status["diagnostics"] if d["code"] == "X202"] == [16]
    # the next export carries the mark; the reviewed translation clears it
    again = tmp_path / "again"
    assert run("i18n", "export", str(small), "-o", str(again)).exit_code == 0
    entry = next(e for e in polib.pofile(str(again / "ru.po")) if e.msgctxt == "boots|item|name")
    assert "fuzzy" in entry.flags and entry.previous_msgid == "Boots"
    translate(again / "ru.po", {"boots|item|name": "Большие сапоги"})
    catalog = polib.pofile(str(again / "ru.po"))
    for e in catalog:
        if "fuzzy" in e.flags:
            e.flags.remove("fuzzy")
    catalog.save(str(again / "ru.po"))
    assert run("i18n", "import", str(small), str(again / "ru.po")).exit_code == 0
    text = manifest.read_text(encoding="utf-8")
    assert 'name ru "Большие сапоги";' in text and "fuzzy" not in text


def test_a_translator_fuzzy_flag_is_kept_as_a_mark(small: Path, tmp_path: Path) -> None:
    out = tmp_path / "xl"
    assert run("i18n", "export", str(small), "--format", "xliff", "-o", str(out)).exit_code == 0
    from translate.storage import xliff

    store = xliff.xlifffile.parsestring((out / "pl.xlf").read_bytes())
    for unit in store.getunits():
        if unit.getid().endswith("no-trading|curse|name"):
            unit.target = "Zakaz handlu"
            unit.markfuzzy(True)
    (out / "pl.xlf").write_bytes(bytes(store))
    assert run("i18n", "import", str(small), str(out / "pl.xlf")).exit_code == 0
    text = (small / "pack.munch").read_text(encoding="utf-8")
    assert '  name pl "Zakaz handlu"  # fuzzy pl\n' in text


def test_bad_files_are_usage_errors_and_change_nothing(small: Path, tmp_path: Path) -> None:
    before = (small / "pack.munch").read_bytes()
    junk = tmp_path / "ru.po"
    junk.write_text('msgid "unterminated\n', encoding="utf-8")
    result = run("i18n", "import", str(small), str(junk))
    assert result.exit_code == 2 and "holds no string of a pack" in result.output
    junk.write_text('msgctxt "a|b|c"\nmsgid "x"\nmsgstr "y" "', encoding="utf-8")
    result = run("i18n", "import", str(small), str(junk))
    assert result.exit_code == 2 and "not a readable PO file" in result.output
    other = tmp_path / "de.po"
    other.write_text('msgid ""\nmsgstr "Language: de\\n"\n\nmsgctxt "boots|item|name"\n'
                     'msgid "Boots"\nmsgstr "Stiefel"\n', encoding="utf-8")
    result = run("i18n", "import", str(small), str(other))
    assert result.exit_code == 2 and "does not declare de" in result.output
    result = run("i18n", "import", str(small), str(tmp_path / "missing.po"))
    assert result.exit_code == 2
    assert (small / "pack.munch").read_bytes() == before


def test_a_merge_that_would_break_the_pack_writes_nothing(small: Path, tmp_path: Path) -> None:
    out = tmp_path / "po"
    assert run("i18n", "export", str(small), "-o", str(out)).exit_code == 0
    # a translation clashing with another card's ru name (E103) would break the pack
    translate(out / "ru.po", {"boots|item|name": "Без обмена"})
    before = (small / "pack.munch").read_bytes()
    result = run("i18n", "import", str(small), str(out / "ru.po"))
    assert result.exit_code == 1 and "E103" in result.output and "nothing written" in result.output
    assert (small / "pack.munch").read_bytes() == before


@pytest.mark.parametrize("args", [("i18n", "export"), ("i18n", "import"), ("i18n", "check"),
                                  ("export", "csv"), ("export", "xlsx"), ("import",),
                                  ("site",)])
def test_each_new_command_has_help_with_an_example(args: tuple[str, ...]) -> None:
    result = run(*args, "--help")
    assert result.exit_code == 0 and "Example" in result.output
