"""The rules suite (tests/rules): one scenario per rule of RULES.md sections 1-3, each citing
its rulebook (seed file and section), run by `munchkin test` like any scenario file.

A rule the engine does not play yet is a scenario marked `not modelled: WHY`; it runs, is
reported with its own status, and fails the suite as soon as the engine plays it (so the
mark is removed then).  Nothing here is skipped.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner
from seeds import require_seeds

from munchkin_dsl.cli import main

SUITE = Path(__file__).parent / "rules"
SECTIONS = ("1-shared", "2-fixed", "3-per-ruleset")
CITATION = re.compile(r"#\s*seeds/(\d{3}_[0-9a-f]{16}\.txt),\s*«(.+?)»")


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["test", *args])
    return result.exit_code, result.output


def _blocks() -> list[tuple[Path, str, list[str]]]:
    """(file, scenario title, its lines up to the next scenario) for every suite scenario."""
    out: list[tuple[Path, str, list[str]]] = []
    for f in sorted(SUITE.rglob("*.scn")):
        for line in f.read_text(encoding="utf-8").splitlines():
            if line.startswith("scenario:"):
                out.append((f, line.split(":", 1)[1].strip(), []))
            elif out and out[-1][0] == f:
                out[-1][2].append(line)
    return out


def test_the_suite_runs_with_no_failure_and_reports_what_is_not_modelled() -> None:
    code, output = _run(str(SUITE), "--format", "json")
    doc = json.loads(output)
    failed = [s for s in doc["scenarios"] if s["status"] == "failed"]
    assert not failed, json.dumps(failed, indent=1, ensure_ascii=False)
    assert code == 0
    assert len(doc["scenarios"]) >= 90
    summary = doc["summary"]
    assert summary["passed"] + summary["not_modelled"] == len(doc["scenarios"])
    for s in doc["scenarios"]:  # a not-modelled rule says why, and what the engine does
        if s["status"] == "not modelled":
            assert s["not_modelled"] and s["failures"], s


def test_the_suite_is_organised_by_rulebook_section() -> None:
    folders = {f.parent.name for f in SUITE.rglob("*.scn")}
    assert folders == set(SECTIONS)
    for section in SECTIONS:
        assert len([b for b in _blocks() if b[0].parent.name == section]) >= 10, section


def test_every_scenario_cites_a_seed_section_that_exists() -> None:
    seeds = require_seeds()
    texts: dict[str, list[str]] = {}
    for f, title, lines in _blocks():
        cites = [CITATION.match(line.strip()) for line in lines]
        found = [m for m in cites if m]
        assert found, f"{f.name}: '{title}' cites no seed (# seeds/NNN_....txt, «Section»)"
        for m in found:
            name, heading = m.groups()
            lines_of = texts.setdefault(name, [
                line.strip().lstrip("#").strip().strip("*").strip()
                for line in (seeds / name).read_text(encoding="utf-8").splitlines()])
            assert heading in lines_of or any(line.startswith(heading) for line in lines_of), (
                f"{f.name}: '{title}': «{heading}» is no heading of {name}")


def test_titles_are_unique_and_numbered_by_section() -> None:
    titles = [t for _, t, _ in _blocks()]
    assert len(titles) == len(set(titles))
    for f, title, _ in _blocks():
        assert title.split(".")[0] == f.parent.name.split("-")[0], (f, title)


_MARKED = """\
pack: {pack}

scenario: a rule the engine lacks
# seeds/000_2feb673ef6db30b2.txt, «COMBAT»
not modelled: the engine does not know this yet
player A: level 4
A fights speedy-snail
expect strength 9 vs 4
"""


def test_not_modelled_is_a_visible_status_in_text_json_and_summary(tmp_path: Path) -> None:
    pack = Path("packs/munchkin-1.6").resolve()
    f = tmp_path / "suite" / "x.scn"
    f.parent.mkdir()
    f.write_text(_MARKED.format(pack=pack))
    code, out = _run(str(f.parent))
    assert code == 0, out
    assert "NOT MODELLED  a rule the engine lacks" in out
    assert "not modelled: the engine does not know this yet" in out
    assert "0 passed, 0 failed, 1 not modelled" in out
    code, out = _run(str(f.parent), "--format", "json")
    doc = json.loads(out)
    assert doc["scenarios"][0]["status"] == "not modelled"
    assert doc["summary"] == {"passed": 0, "failed": 0, "not_modelled": 1}


def test_a_marked_scenario_that_passes_fails_so_the_mark_is_removed(tmp_path: Path) -> None:
    pack = Path("packs/munchkin-1.6").resolve()
    f = tmp_path / "suite" / "x.scn"
    f.parent.mkdir()
    f.write_text(_MARKED.format(pack=pack).replace("9 vs 4", "4 vs 4"))
    code, out = _run(str(f))
    assert code == 1
    assert "FAIL  a rule the engine lacks" in out and "remove the `not modelled:` line" in out


def test_a_typo_in_a_marked_scenario_is_a_failure_not_a_missing_rule(tmp_path: Path) -> None:
    pack = Path("packs/munchkin-1.6").resolve()
    f = tmp_path / "suite" / "x.scn"
    f.parent.mkdir()
    f.write_text(_MARKED.format(pack=pack).replace("A fights speedy-snail",
                                                   "A fihgts speedy-snail"))
    code, out = _run(str(f))
    assert code == 1 and "FAIL  a rule the engine lacks" in out


def test_a_suite_file_without_its_pack_is_a_diagnostic(tmp_path: Path) -> None:
    f = tmp_path / "suite" / "x.scn"
    f.parent.mkdir()
    f.write_text("scenario: x\nplayer A: level 1\n")
    code, out = _run(str(f.parent))
    assert code == 1 and "S004" in out
