"""Compiled card text templates are reused between runs, and only while they are current."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from munchkin_dsl.text.template_cache import code_cache


def _env(sources: dict[str, str], *, compiles: list[str]) -> jinja2.Environment:
    """An environment like the card text one that records every template it compiles."""
    env = jinja2.Environment(loader=jinja2.DictLoader(sources), trim_blocks=True,
                             lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.bytecode_cache = code_cache(env)
    original = env.compile

    def compile_and_note(source, name=None, filename=None, raw=False, defer_init=False):  # type: ignore[no-untyped-def]
        compiles.append(name)
        return original(source, name, filename, raw, defer_init)

    env.compile = compile_and_note  # type: ignore[method-assign]
    return env


@pytest.fixture(autouse=True)
def _cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUNCHKIN_CACHE_DIR", str(tmp_path / "cache"))


def test_second_environment_loads_the_compiled_template() -> None:
    first: list[str] = []
    sources = {"t.j2": "{% macro m(x) %}+{{ x }} to Run Away{% endmacro %}"}
    assert _env(sources, compiles=first).get_template("t.j2").module.m(2) == "+2 to Run Away"
    second: list[str] = []
    assert _env(sources, compiles=second).get_template("t.j2").module.m(3) == "+3 to Run Away"
    assert first == ["t.j2"]
    assert second == []  # answered from the cache, not compiled


def test_an_edited_template_is_compiled_again() -> None:
    _env({"t.j2": "old {{ x }}"}, compiles=[]).get_template("t.j2").render(x=1)
    again: list[str] = []
    assert _env({"t.j2": "new {{ x }}"}, compiles=again).get_template("t.j2").render(x=1) \
        == "new 1"
    assert again == ["t.j2"]


def test_other_syntax_settings_do_not_share_entries() -> None:
    sources = {"t.j2": "  {% if x %}\nyes\n{% endif %}"}
    _env(sources, compiles=[]).get_template("t.j2").render(x=1)
    plain = jinja2.Environment(loader=jinja2.DictLoader(sources))
    plain.bytecode_cache = code_cache(plain)
    # without trim_blocks/lstrip_blocks the whitespace stays: the trimmed code is not reused
    assert plain.get_template("t.j2").render(x=1) == "  \nyes\n"


def test_a_damaged_entry_is_a_miss(tmp_path: Path) -> None:
    sources = {"t.j2": "card {{ x }}"}
    _env(sources, compiles=[]).get_template("t.j2").render(x=1)
    entries = list((tmp_path / "cache" / "templates").iterdir())
    assert entries
    for entry in entries:
        entry.write_bytes(b"\x80\x04not a pickle")
    again: list[str] = []
    assert _env(sources, compiles=again).get_template("t.j2").render(x=7) == "card 7"
    assert again == ["t.j2"]
