"""`munchkin check --format sarif`: SARIF 2.1.0, valid against the OASIS schema.

tests/data/sarif-schema-2.1.0.json is the OASIS TC's published schema (sarif-spec,
sarif-2.1/schema/), kept here so the test needs no network.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from conftest import HEADER, SAMPLE

SCHEMA = json.loads((Path(__file__).parent / "data" / "sarif-schema-2.1.0.json").read_text(
    encoding="utf-8"))


def sarif(*args: str | Path, cwd: Path) -> tuple[int, dict]:
    proc = subprocess.run([sys.executable, "-m", "munchkin_dsl", "check", "--format", "sarif",
                           *map(str, args)], cwd=cwd, capture_output=True,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert proc.stderr == b"", proc.stderr.decode()
    log = json.loads(proc.stdout.decode("utf-8"))
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    return proc.returncode, log


def test_the_schema_is_the_sarif_2_1_0_schema() -> None:
    assert SCHEMA["title"] == "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
    jsonschema.Draft4Validator.check_schema(SCHEMA)
    with pytest.raises(jsonschema.ValidationError):  # the validator does reject bad logs
        jsonschema.Draft4Validator(SCHEMA).validate({"version": "2.1.0", "runs": [{}]})


def test_problems_become_results_with_rules_and_regions(tmp_path: Path) -> None:
    (tmp_path / "pack.munch").write_text(
        HEADER + 'include "more.munch"\nrace r "R" {\n  +1 against Elvs\n}\n', encoding="utf-8")
    (tmp_path / "more.munch").write_text('monster m "M" {\n  levle 3\n}\n', encoding="utf-8")
    code, log = sarif("pack.munch", cwd=tmp_path)
    assert code == 1
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    results = {r["ruleId"]: r for r in run["results"]}
    assert set(results) >= {"E101", "E002"}
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    e101 = results["E101"]
    assert e101["level"] == "error"
    assert "did you mean" in e101["message"]["text"] or "Elvs" in e101["message"]["text"]
    where = e101["locations"][0]["physicalLocation"]
    assert where["artifactLocation"] == {"uri": "pack.munch", "uriBaseId": "%SRCROOT%"}
    assert where["region"] == {"startLine": 4, "startColumn": 14, "endLine": 4,
                               "endColumn": 18}
    assert results["E002"]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] \
        == "more.munch"
    e101_rule = rules[e101["ruleIndex"]]
    assert e101_rule["shortDescription"]["text"] == "unknown race, class, sex or tag"
    assert "Fails:" in e101_rule["help"]["text"]


def test_warnings_are_warning_results(tmp_path: Path) -> None:
    (tmp_path / "w.munch").write_text(HEADER + 'item i "I" { bonus +1; value 250 }\n',
                                      encoding="utf-8")
    code, log = sarif("w.munch", cwd=tmp_path)
    assert code == 0
    assert {r["level"] for r in log["runs"][0]["results"]} == {"warning"}


def test_a_clean_pack_is_a_valid_log_without_results() -> None:
    code, log = sarif(SAMPLE, cwd=SAMPLE.parent)
    assert code == 0
    assert log["runs"][0]["results"] == [] and log["runs"][0]["tool"]["driver"]["rules"] == []


def test_output_is_deterministic(tmp_path: Path) -> None:
    (tmp_path / "b.munch").write_text(HEADER + 'race r "R" {\n  +1 against Elvs\n}\n',
                                      encoding="utf-8")
    assert sarif("b.munch", cwd=tmp_path) == sarif("b.munch", cwd=tmp_path)
