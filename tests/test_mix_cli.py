"""`munchkin mix` as a user runs it: a real subprocess, exit codes, atomic output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from test_mix import write_pack

RESOLVED = ('["fixed-rule.R1"]\nchoose = "base:explicit"\n["fixed-rule.R2"]\nchoose = '
            '"munchkin-1.6"\n["fixed-rule.R3"]\nchoose = "munchkin-1.6"\n["fixed-rule.R4"]\n'
            'choose = "munchkin-1.6"\n[shared-win]\nchoose = "both"\n[helper-levels]\n'
            'choose = "elf"\n')


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "munchkin_dsl", "mix", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def packs(tmp_path: Path) -> list[str]:
    return [str(write_pack(tmp_path, "base", "munchkin-1.6")),
            str(write_pack(tmp_path, "star", "star-munchkin"))]


def test_open_choices_exit_1_and_list_the_choices(tmp_path: Path) -> None:
    out = tmp_path / "merged.json"
    out.write_text("old", encoding="utf-8")
    proc = run(*packs(tmp_path), "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "shared-win  [OPEN CHOICE]" in proc.stdout
    assert '- "both" (also: star-munchkin)' in proc.stdout
    assert "deal  [settled by the rulebook: 4+4]" in proc.stdout
    assert '[helper-levels]\nchoose = ""   # one of: elf, nobody' in proc.stdout
    assert "mix incomplete" in proc.stderr and "nothing written" in proc.stderr
    assert out.read_text(encoding="utf-8") == "old"


def test_all_settled_exit_0_writes_atomically(tmp_path: Path) -> None:
    resolve = tmp_path / "star-base.resolve"
    resolve.write_text(RESOLVED, encoding="utf-8")
    out = tmp_path / "out" / "merged.json"
    proc = run(*packs(tmp_path), "--resolve", str(resolve), "-o", str(out), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip().startswith("mixed 2 cards from 2 pack(s) to")
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["mix"]["rulesets"] == ["munchkin-1.6", "star-munchkin"]
    assert [p.name for p in out.parent.iterdir()] == ["merged.json"]  # no temp file left
    again = run(*packs(tmp_path), "--resolve", str(resolve), "-o", str(out), cwd=tmp_path)
    assert again.returncode == 0
    assert json.loads(out.read_text(encoding="utf-8")) == doc


def test_json_format(tmp_path: Path) -> None:
    proc = run(*packs(tmp_path), "--format", "json", cwd=tmp_path)
    assert proc.returncode == 1
    doc = json.loads(proc.stdout)
    assert doc["summary"]["open"] == 6
    assert [c["id"] for c in doc["conflicts"]][:2] == ["deal", "fixed-rule.R1"]
    assert doc["conflicts"][0]["rulebook"][0]["ruleset"] == "star-munchkin"
    assert doc["output"] is None


def test_resolution_file_errors_are_diagnostics(tmp_path: Path) -> None:
    resolve = tmp_path / "bad.resolve"
    resolve.write_text('[shared-wim]\nchoose = "both"\n', encoding="utf-8")
    proc = run(*packs(tmp_path), "--resolve", str(resolve), cwd=tmp_path)
    assert proc.returncode == 1
    assert ("bad.resolve:1:2: warning[M001]: this mix has no conflict 'shared-wim'; the table "
            "is ignored") in proc.stderr
    assert "did you mean 'shared-win'?" in proc.stderr


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run(cwd=tmp_path).returncode == 2
    missing = run(str(tmp_path / "nope"), cwd=tmp_path)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr
    no_file = run(*packs(tmp_path), "--resolve", "absent.resolve", cwd=tmp_path)
    assert no_file.returncode == 2
    assert "cannot read the resolution file absent.resolve" in no_file.stderr
    resolve = tmp_path / "x.resolve"
    resolve.write_text("", encoding="utf-8")
    as_pack = run(*packs(tmp_path), str(resolve), cwd=tmp_path)
    assert as_pack.returncode == 2 and "--resolve" in as_pack.stderr


def test_help_has_an_example(tmp_path: Path) -> None:
    proc = run("--help", cwd=tmp_path)
    assert proc.returncode == 0
    assert "munchkin mix packs/star-munchkin packs/munchkin-1.6" in proc.stdout
