"""Stage 0: finding a pack's files, following includes inside the folder, reading text."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from conftest import HEADER, SAMPLE, PackWriter, codes, span_tuple

from munchkin_dsl.base.diagnostics import DiagnosticSink
from munchkin_dsl.language import source
from munchkin_dsl.language.source import PackNotFound, load_pack, resolve_pack_path

MANIFEST = HEADER + 'include "monsters.munch"\ninclude "items/boots.munch"\n'
MONSTERS = 'monster troll "Troll" { level 10; treasures 3; bad stuff: lose 1 level }\n'
BOOTS = 'item boots "Boots" { footgear; bonus +2; no value }\n'


@pytest.fixture
def pack(packdir: PackWriter) -> PackWriter:
    packdir.write("pack.munch", MANIFEST)
    packdir.write("monsters.munch", MONSTERS)
    packdir.write("items/boots.munch", BOOTS)
    return packdir


def test_folder_with_manifest_and_includes(pack: PackWriter) -> None:
    sink = DiagnosticSink()
    loaded = load_pack(".", sink)
    assert list(sink) == []
    assert [u.path for u in loaded.units] == [
        "pack.munch", "monsters.munch", os.path.join("items", "boots.munch")]
    assert loaded.header_unit is loaded.units[0]
    assert [c.id for u in loaded.units for c in u.cards] == ["troll", "boots"]
    assert loaded.texts["monsters.munch"] == MONSTERS
    assert loaded.relative[os.path.join("items", "boots.munch")] == "items/boots.munch"


def test_check_of_folder_and_of_manifest_file_agree(pack: PackWriter) -> None:
    by_folder, diags_folder = pack.check(".")
    by_file, diags_file = pack.check("pack.munch")
    assert diags_folder == diags_file == []
    assert [c.id for c in by_folder.cards] == [c.id for c in by_file.cards] == ["troll", "boots"]


def test_include_paths_are_relative_to_the_including_file(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + 'include "sub/a.munch"\n')
    packdir.write("sub/a.munch", 'include "b.munch"\nrace a "A" { }\n')
    packdir.write("sub/b.munch", 'race b "B" { }\n')
    checked, diags = packdir.check()
    assert diags == []
    assert [c.id for c in checked.cards] == ["a", "b"]


def test_a_file_included_twice_is_read_once(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + 'include "a.munch"\ninclude "./a.munch"\n')
    packdir.write("a.munch", 'include "pack.munch"\nrace a "A" { }\n')
    checked, diags = packdir.check()
    # a.munch including pack.munch back is a cycle: read once, and said (issue 20)
    assert [(d.code, str(d.span)) for d in diags] == [("W009", "a.munch:1:1")]
    assert [c.id for c in checked.cards] == ["a"]


def test_stable_source_is_relative_to_the_pack_folder(pack: PackWriter,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(pack.root.parent)
    sink = DiagnosticSink()
    loaded = load_pack(pack.root, sink)
    unit = loaded.units[2]
    assert unit.path.endswith(os.path.join(pack.root.name, "items", "boots.munch"))
    assert loaded.stable_source(unit.cards[0].span) == "items/boots.munch:1:1"


def test_include_outside_the_folder_is_E007(packdir: PackWriter) -> None:
    (packdir.root.parent / "secret.munch").write_text('race s "S" { }\n', encoding="utf-8")
    packdir.write("pack.munch", HEADER + 'include "../secret.munch"\ninclude "/etc/passwd"\n')
    checked, diags = packdir.check()
    assert [(d.code, span_tuple(d.span)) for d in diags] == [
        ("E007", (2, 1, 2, 26)), ("E007", (3, 1, 3, 22))]
    assert diags[0].message == "include '../secret.munch' points outside the pack folder"
    assert diags[0].hint == "a pack may include only files inside its own folder"
    assert checked.cards == []


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks")
def test_symlink_leading_outside_the_folder_is_E007(packdir: PackWriter, tmp_path: Path) -> None:
    outside = tmp_path.parent / f"{tmp_path.name}-outside.munch"
    outside.write_text('race s "S" { }\n', encoding="utf-8")
    (packdir.root / "link.munch").symlink_to(outside)
    packdir.write("pack.munch", HEADER + 'include "link.munch"\n')
    checked, diags = packdir.check()
    assert codes(diags) == ["E007"]
    assert checked.cards == []


def test_missing_include_is_E008_with_did_you_mean(pack: PackWriter) -> None:
    pack.write("pack.munch", HEADER + 'include "monster.munch"\n')
    _, diags = pack.check()
    assert [(d.code, span_tuple(d.span)) for d in diags] == [("E008", (2, 1, 2, 24))]
    assert diags[0].message == "included file 'monster.munch' does not exist"
    assert diags[0].hint == "did you mean 'monsters.munch'?"


def test_missing_include_without_a_close_name(pack: PackWriter) -> None:
    pack.write("pack.munch", HEADER + 'include "treasure-cards.txt"\n')
    _, diags = pack.check()
    assert codes(diags) == ["E008"]
    assert diags[0].hint == "check the file name; paths are relative to the including file"


def test_missing_include_hint_never_offers_the_including_file(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + 'include "zzzz.munch"\n')
    _, diags = packdir.check()
    assert codes(diags) == ["E008"]
    assert "pack.munch" not in diags[0].hint


def test_binary_file_is_E006_at_the_first_NUL(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + 'include "art.munch"\n')
    packdir.write("art.munch", b'race r "R" {}\n\x89PNG\x00\x01\x02')
    checked, diags = packdir.check()
    assert [(d.code, str(d.span)) for d in diags] == [("E006", "art.munch:2:5")]
    assert diags[0].message == "this is a binary file, not pack text"
    assert checked.cards == []


def test_invalid_utf8_is_E005_with_line_and_column(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + 'include "ru.munch"\n')
    packdir.write("ru.munch", b'race elf "Elf" {\n  name ru "' + "Эльф".encode("cp1251")
                  + b'"\n}\n')
    _, diags = packdir.check()
    assert [(d.code, str(d.span)) for d in diags] == [("E005", "ru.munch:2:12")]
    assert diags[0].message == "the file is not valid UTF-8 (byte 0xdd)"
    assert "cp1251" in diags[0].hint


def test_invalid_utf8_column_counts_characters_not_bytes(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + 'include "a.munch"\n')
    packdir.write("a.munch", b"\n" + 'race r "Ёж" { }'.encode() + b" \xff\n")
    _, diags = packdir.check()
    assert [(d.code, str(d.span)) for d in diags] == [("E005", "a.munch:2:17")]


def test_unreadable_manifest_gives_only_E005(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER.encode() + 'race r "Ёж" { }'.encode() + b" \xff\n")
    _, diags = packdir.check()
    assert [(d.code, str(d.span)) for d in diags] == [("E005", "pack.munch:2:17")]


def test_utf8_bom_is_accepted_and_columns_ignore_it(packdir: PackWriter) -> None:
    packdir.write("pack.munch", b"\xef\xbb\xbf" + HEADER.encode()
                  + b'race r "R" { +1 against Elvs }\n')
    checked, diags = packdir.check()
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("E101", 2, 25)]
    assert checked.header is not None and checked.header.id == "t"
    assert not checked.loaded.texts["pack.munch"].startswith("\ufeff")


def test_too_large_file_is_E012(packdir: PackWriter, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(source, "MAX_FILE_BYTES", 2 * 1024 * 1024)
    packdir.write("pack.munch", HEADER + 'include "big.munch"\n')
    packdir.write("big.munch", "# filler\n" * (300 * 1024))
    _, diags = packdir.check()
    assert [(d.code, str(d.span)) for d in diags] == [("E012", "big.munch:1:1")]
    assert diags[0].hint == "split the pack into several files with `include`"


def test_too_large_file_message_shows_a_size_above_the_limit(
        packdir: PackWriter, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(source, "MAX_FILE_BYTES", 2 * 1024 * 1024)
    packdir.write("pack.munch", HEADER + 'include "big.munch"\n')
    packdir.write("big.munch", "# filler\n" * (300 * 1024))
    _, diags = packdir.check()
    found = re.match(r"the file is ([\d.]+) MiB; a pack file may be at most ([\d.]+) MiB$",
                     diags[0].message)
    assert found is not None, diags[0].message
    assert float(found.group(1)) > float(found.group(2))


def test_include_of_a_folder_says_it_is_a_folder(packdir: PackWriter) -> None:
    (packdir.root / "sub").mkdir()
    packdir.write("pack.munch", HEADER + 'include "sub"\n')
    _, diags = packdir.check()
    assert codes(diags) == ["E008"]
    assert "does not exist" not in diags[0].message
    assert "folder" in diags[0].message


def test_second_header_in_an_included_file_is_E010(packdir: PackWriter) -> None:
    packdir.write("pack.munch", HEADER + 'include "other.munch"\n')
    packdir.write("other.munch", 'pack u { title "U"; version "1"; ruleset munchkin-1.6 }\n')
    _, diags = packdir.check()
    assert [(d.code, str(d.span)) for d in diags] == [("E010", "other.munch:1:1")]
    assert diags[0].message == "a pack has one header; this is a second one"
    assert diags[0].hint == "the header is at pack.munch:1:1; remove this one"


def test_missing_pack_path_raises_PackNotFound(tmp_path: Path) -> None:
    with pytest.raises(PackNotFound, match="no such pack file or folder"):
        resolve_pack_path(tmp_path / "nope")
    with pytest.raises(PackNotFound, match="no pack.munch manifest"):
        resolve_pack_path(tmp_path)


def test_resolve_single_file_and_folder() -> None:
    assert resolve_pack_path(SAMPLE) == (SAMPLE, SAMPLE / "pack.munch")
    assert resolve_pack_path(SAMPLE / "monsters.munch") == (SAMPLE, SAMPLE / "monsters.munch")


def test_sample_pack_loads_every_file() -> None:
    sink = DiagnosticSink()
    loaded = load_pack(SAMPLE, sink)
    assert list(sink) == []
    assert sorted(loaded.relative.values()) == sorted(
        p.name for p in SAMPLE.glob("*.munch"))
