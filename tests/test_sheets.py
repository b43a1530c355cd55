"""`munchkin export csv|xlsx` and `munchkin import`: a pack as a spreadsheet and back.

The round trip is the contract: every sample pack exported and imported again compiles to
the same engine data (everything but the ``source`` positions, which name lines of the
regenerated files).  Bad cells are reported at their sheet, row and column, and a sheet
with any error writes nothing.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import sample_packs

from munchkin_dsl.cli import main
from munchkin_dsl.compiler.api import compile_packs


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def without_sources(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_sources(v) for k, v in value.items() if k != "source"}
    if isinstance(value, list | tuple):
        return [without_sources(v) for v in value]
    return value


def compiled(pack: Path) -> Any:
    result = compile_packs([pack])
    assert result.data is not None, [d.message for d in result.sink.items]
    return ([without_sources(dataclasses.asdict(card)) for card in result.data.cards],
            [dataclasses.asdict(info) for info in result.data.packs])


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
@pytest.mark.parametrize("pack", sample_packs(), ids=lambda p: p.name)
def test_round_trip_gives_the_same_compiled_data(pack: Path, kind: str, tmp_path: Path) -> None:
    sheet = tmp_path / f"cards.{kind}"
    assert run("export", kind, str(pack), "-o", str(sheet)).exit_code == 0
    out = tmp_path / "again"
    result = run("import", str(sheet), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert compiled(out) == compiled(pack)


def read_csv(path: Path) -> list[list[str]]:
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline="")))


def write_csv(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)


@pytest.fixture()
def sheet(tmp_path: Path) -> Path:
    path = tmp_path / "cards.csv"
    assert run("export", "csv", "packs/munchkin-1.6", "-o", str(path)).exit_code == 0
    return path


def test_one_row_per_card_with_columns_and_rules_as_written(sheet: Path) -> None:
    rows = read_csv(sheet)
    header = rows[0]
    assert header[:5] == ["file", "id", "kind", "name:en", "name:ru"]
    by_id = {row[1]: dict(zip(header, row, strict=True)) for row in rows[1:]}
    assert by_id["munchkin-1.6-sample"]["kind"] == "pack"
    slime = by_id["drooling-slime"]
    assert (slime["level"], slime["treasures"], slime["name:ru"]) == ("1", "1", "Слюнявая Слизь")
    assert slime["rules"].split("\n") == [
        "+4 against Elf", "bad stuff: discard footgear, otherwise lose 1 level"]
    assert by_id["chainsaw"]["slot"] == "two hands"
    assert by_id["enraged"]["kind"] == "monster enhancer"
    assert len(rows) - 2 == len(compile_packs(["packs/munchkin-1.6"]).data.cards)  # type: ignore[union-attr]


def test_xlsx_is_byte_identical_and_dated_fixed(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    first, second = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    for path in (first, second):
        assert run("export", "xlsx", "packs/star-munchkin", "-o", str(path)).exit_code == 0
    assert first.read_bytes() == second.read_bytes()
    book = load_workbook(first)
    assert book.properties.modified.year == 2000
    assert book.sheetnames == ["cards"]
    rows = [[cell.value for cell in row] for row in book["cards"].iter_rows()]
    level = rows[0].index("level")
    monster = next(row for row in rows if row[rows[0].index("kind")] == "monster")
    assert isinstance(monster[level], int)  # a number: the sheet sorts by level


def test_bad_cells_are_named_by_row_and_column_and_nothing_is_written(sheet: Path,
                                                                     tmp_path: Path) -> None:
    rows = read_csv(sheet)
    col = {name: i for i, name in enumerate(rows[0])}
    rows[2][col["level"]] = "ten"
    rows[3][col["kind"]] = "monstr"
    rows[4][col["rules"]] = "+4 against Elf\nbad stuff: loose 2 levels"
    bad = tmp_path / "bad.csv"
    write_csv(bad, rows)
    out = tmp_path / "pack"
    result = run("import", str(bad), "-o", str(out), "--format", "json")
    assert result.exit_code == 1
    found = {(d["code"], d["line"], d["column"]): d["message"]
             for d in json.loads(result.output)["diagnostics"]}
    assert found[("X104", 3, col["level"] + 1)].startswith("row 3, column level (H)")
    assert "did you mean" not in found[("X104", 3, col["level"] + 1)]
    assert ("X102", 4, col["kind"] + 1) in found
    # the cell checks stop the run before the pack is generated
    assert not out.exists() and list(tmp_path.glob(".pack*")) == []
    rows[2][col["level"]], rows[3][col["kind"]] = "10", "monster"
    write_csv(bad, rows)
    result = run("import", str(bad), "-o", str(out), "--format", "json")
    assert result.exit_code == 1
    (diagnostic,) = [d for d in json.loads(result.output)["diagnostics"] if d["code"] == "E002"]
    assert diagnostic["message"].startswith("row 5, column rules (N), line 2: unexpected 'loose'")
    assert (diagnostic["line"], diagnostic["column"]) == (5, col["rules"] + 1)
    assert not out.exists() and list(tmp_path.glob(".pack*")) == []


def test_an_existing_pack_is_replaced_only_with_force_and_keeps_other_files(
        sheet: Path, tmp_path: Path) -> None:
    out = tmp_path / "pack"
    out.mkdir()
    (out / "notes.txt").write_text("keep me", encoding="utf-8")
    (out / "old.munch").write_text("# stale", encoding="utf-8")
    result = run("import", str(sheet), "-o", str(out))
    assert result.exit_code == 2 and "--force" in result.output
    assert run("import", str(sheet), "-o", str(out), "--force").exit_code == 0
    assert (out / "notes.txt").read_text(encoding="utf-8") == "keep me"
    assert not (out / "old.munch").exists()
    assert (out / "monsters.munch").is_file()


def test_a_file_that_is_no_sheet_is_a_usage_error(tmp_path: Path) -> None:
    junk = tmp_path / "cards.xlsx"
    junk.write_bytes(b"not a zip")
    result = run("import", str(junk), "-o", str(tmp_path / "out"))
    assert result.exit_code == 2 and "not an Excel workbook" in result.output
    text = tmp_path / "cards.txt"
    text.write_text("id,kind\n", encoding="utf-8")
    assert run("import", str(text), "-o", str(tmp_path / "out")).exit_code == 2


def test_a_sheet_without_a_pack_row_or_with_an_unknown_column(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    write_csv(bad, [["id", "kind", "name:en", "levle"], ["troll", "monster", "Troll", "3"]])
    result = run("import", str(bad), "-o", str(tmp_path / "out"), "--format", "json")
    codes = [(d["code"], d["message"]) for d in json.loads(result.output)["diagnostics"]]
    assert ("X101", "row 1, column D: unknown column 'levle'") in codes
    assert any(code == "X108" for code, _ in codes)
    assert result.exit_code == 1


def test_a_missing_translation_is_reported_at_its_empty_cell(sheet: Path, tmp_path: Path) -> None:
    rows = read_csv(sheet)
    col = {name: i for i, name in enumerate(rows[0])}
    rows[3][col["name:ru"]] = ""
    edited = tmp_path / "edited.csv"
    write_csv(edited, rows)
    result = run("import", str(edited), "-o", str(tmp_path / "pack"), "--format", "json")
    assert result.exit_code == 0  # a warning: the pack is written
    (warning,) = json.loads(result.output)["diagnostics"]
    assert warning["code"] == "W109"
    assert warning["message"].startswith("row 4, column name:ru (E): ")


def test_a_bad_cell_of_an_xlsx_names_the_sheet(tmp_path: Path) -> None:
    from openpyxl import load_workbook

    book_path = tmp_path / "cards.xlsx"
    assert run("export", "xlsx", "packs/munchkin-1.6", "-o", str(book_path)).exit_code == 0
    book = load_workbook(book_path)
    sheet = book["cards"]
    header = [cell.value for cell in sheet[1]]
    sheet.cell(row=3, column=header.index("treasures") + 1, value="three")
    book.save(book_path)
    result = run("import", str(book_path), "-o", str(tmp_path / "pack"), "--format", "json")
    assert result.exit_code == 1
    (diagnostic,) = json.loads(result.output)["diagnostics"]
    assert diagnostic["message"] == ("sheet 'cards', row 3, column treasures (I): 'three' is "
                                     "not a whole number")
    assert not (tmp_path / "pack").exists()
