"""The fuzz harness in CI: a short budget per surface, and every kept crashing input replayed.

The budget is small so the suite stays fast (MUNCHKIN_FUZZ_EXAMPLES raises it); the long
run is bench/fuzz_long.py.  Any input that reaches the internal-error guard (exit 70),
lets an exception escape, exits with an undocumented code, places a diagnostic outside
the input or leaves a half-written output fails the test; hypothesis prints the input.
"""

from __future__ import annotations

import os
from pathlib import Path

import fuzz_harness as fh
import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings

BUDGET = int(os.environ.get("MUNCHKIN_FUZZ_EXAMPLES", "25"))
SHORT = settings(max_examples=BUDGET, deadline=None, database=None, print_blob=True,
                 suppress_health_check=list(HealthCheck))


@SHORT
@given(fh.grammar_texts())
def test_fuzz_pack_text_from_the_grammar(data: bytes) -> None:
    fh.run_pack(data)


@SHORT
@given(fh.pack_bytes())
def test_fuzz_sample_packs_mutated_bytewise(data: bytes) -> None:
    fh.run_pack(data)


@SHORT
@given(fh.resolution_bytes())
def test_fuzz_resolution_files(data: bytes) -> None:
    fh.run_resolution(data)


@SHORT
@given(fh.scenario_bytes())
def test_fuzz_scenario_files(data: bytes) -> None:
    fh.run_scenario(data)


@settings(SHORT, max_examples=max(5, BUDGET // 3))
@given(fh.print_options())
def test_fuzz_print_options(options: dict[str, object]) -> None:
    fh.run_print(options)


#: issue 20's surfaces: inputs per CI run (fixed seed), kept small (each runs a command)
HOSTILE_BUDGET = {"replay": 12, "resolve-path": 12, "export": 6, "new": 12, "fmt": 12,
                  "simulate": 10, "lsp": 12}


@pytest.mark.parametrize("surface", sorted(HOSTILE_BUDGET))
def test_fuzz_hostile_surface(surface: str) -> None:
    """Replay, mix --resolve paths, export, new, fmt on folders, simulate options and the
    language server: no internal error, no time-out, no read of the planted secret."""
    examples = max(2, HOSTILE_BUDGET[surface] * BUDGET // 25)

    @seed(20)
    @settings(SHORT, max_examples=examples, phases=[Phase.generate])
    @given(fh.STRATEGIES[surface]())
    def body(value: object) -> None:
        fh.RUNNERS[surface](value)

    body()


def test_the_harness_catches_an_outside_read() -> None:
    """The audit hook must see a read of the planted secret, or the check is empty."""
    import fuzz_hostile as fz

    with pytest.raises(fh.FuzzFailure, match="outside read"), fz.watched():
        (fz.secret_dir() / "link").unlink(missing_ok=True)
        (fz.secret_dir() / "secret.munch").read_bytes()


@pytest.mark.parametrize(("runner", "path"), fh.regression_inputs(),
                         ids=lambda v: v.name if isinstance(v, Path) else v)
def test_kept_fuzz_input_is_handled(runner: str, path: Path) -> None:
    fh.replay(runner, path)


def test_regression_folder_covers_every_surface() -> None:
    runners = {runner for runner, _ in fh.regression_inputs()}
    assert {"pack-bytes", "resolution", "scenario", "print"} <= runners <= set(fh.RUNNERS)


def test_the_harness_fails_on_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard turns a bug into exit 70; the harness must treat that as a failure."""
    import munchkin_dsl.compiler.api as api

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RecursionError("simulated bug")

    monkeypatch.setattr(api, "build", broken)
    with pytest.raises(fh.FuzzFailure, match="internal error: .*RecursionError"):
        fh.run_pack(b"pack p { }\n")


def test_the_harness_fails_on_a_position_outside_the_input() -> None:
    with pytest.raises(fh.FuzzFailure, match="line 3 of a 2-line input"):
        fh.check_positions([{"code": "E001", "file": "x/pack.munch", "line": 3, "column": 1}],
                           Path("pack.munch"), b"a\nb")


def test_the_harness_fails_on_a_half_written_output(tmp_path: Path) -> None:
    (tmp_path / "out.json").write_text('{"cards": [', encoding="utf-8")
    with pytest.raises(fh.FuzzFailure, match="half-written"):
        fh.check_output(tmp_path, tmp_path / "out.json", 0, "json")
    (tmp_path / "out.json").unlink()
    (tmp_path / ".out.json.1.tmp").write_text("", encoding="utf-8")
    with pytest.raises(fh.FuzzFailure, match="temporary files left"):
        fh.check_output(tmp_path, tmp_path / "out.json", 1, "json")


def test_the_guard_reports_a_bug_in_one_bounded_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import munchkin_dsl.compiler.api as api

    def broken(*_args: object, **_kwargs: object) -> None:
        raise ValueError("\x1b]0;x\x07" + "y" * 10_000 + "\nsecond line")

    monkeypatch.setattr(api, "build", broken)
    ran = fh.CliRunner().invoke(fh.main, ["compile", "x"])
    assert ran.exit_code == 70
    assert ran.stderr.count("\n") == 1 and len(ran.stderr) < 400
    assert "\x1b" not in ran.stderr and "MUNCHKIN_DEBUG=1" in ran.stderr
