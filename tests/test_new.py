"""`munchkin new`: a pack that checks, tests and formats clean as created, for every ruleset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from munchkin_dsl.base.rulesets import ruleset_ids
from munchkin_dsl.cli import main


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_new_pack_checks_tests_and_formats_clean(ruleset: str, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = invoke("new", "my-pack", "--ruleset", ruleset, "--languages", "en,ru,de")
    assert code == 0 and "created my-pack" in err
    files = sorted(p.relative_to(tmp_path / "my-pack").as_posix()
                   for p in (tmp_path / "my-pack").rglob("*") if p.is_file())
    assert files == ["README.md", "cards.munch", "pack.munch", "scenarios/cards.scn"]
    code, out, _ = invoke("check", "my-pack", "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["diagnostics"] == [], doc   # no warnings either
    kinds = {line.split()[0] for line in (tmp_path / "my-pack" / "cards.munch").read_text(
        encoding="utf-8").splitlines() if line.endswith("{")}
    assert {"monster", "item", "one-shot"} <= kinds and len(kinds) >= 5
    code, out, _ = invoke("test", "my-pack", "--format", "json")
    summary = json.loads(out)["summary"]
    assert code == 0 and summary == {"passed": 3, "failed": 0, "not_modelled": 0}
    assert invoke("fmt", "--check", "my-pack")[0] == 0
    readme = (tmp_path / "my-pack" / "README.md").read_text(encoding="utf-8")
    for command in ("munchkin check my-pack", "munchkin test my-pack", "munchkin print my-pack"):
        assert command in readme


def test_languages_get_names_and_unknown_translations_are_marked(tmp_path: Path,
                                                                 monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert invoke("new", "p", "--ruleset", "munchkin-1.6", "--languages", "ru,fr")[0] == 0
    cards = (tmp_path / "p" / "cards.munch").read_text(encoding="utf-8")
    assert 'name ru "Ворчливый Гоблин"' in cards
    assert 'name fr "Grumpy Goblin"  # translate' in cards
    assert "languages en, ru, fr" in (tmp_path / "p" / "pack.munch").read_text(encoding="utf-8")


@pytest.mark.parametrize(("args", "message"), [
    (("--ruleset", "munchkin-9"), "unknown ruleset 'munchkin-9'"),
    (("--ruleset", "munchkin-1.6", "--languages", "en,xx"), "unknown language code 'xx'"),
])
def test_bad_arguments_are_usage_errors(tmp_path: Path, monkeypatch, args, message) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = invoke("new", "p", *args)
    assert code == 2 and message in err and not (tmp_path / "p").exists()


def test_an_existing_folder_is_never_overwritten(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "keep.txt").write_text("mine", encoding="utf-8")
    code, _, err = invoke("new", "p", "--ruleset", "munchkin-1.6")
    assert code == 2 and "already exists" in err
    assert [f.name for f in (tmp_path / "p").iterdir()] == ["keep.txt"]
