"""The fuzz harness: input strategies and the checks every input must pass, per surface.

Shared by the short CI run (tests/test_fuzz_surfaces.py) and the long run
(bench/fuzz_long.py).  Surfaces, each with its own generator:

* ``pack-grammar`` - pack text generated from grammar/munchkin.lark by
  ``hypothesis.extra.lark.from_lark`` (syntactically plausible, semantically wild);
* ``pack-bytes``   - the sample packs' files mutated byte by byte (flips, inserts of
  random or hostile bytes, deletions, duplications, splices between files);
* ``resolution``   - the shipped resolution files mutated, plus generated TOML;
* ``scenario``     - the sample scenario files mutated line- and byte-wise;
* ``print``        - random `munchkin print` options, sane and absurd.

Every input runs through the real command (in-process, click's CliRunner) and must
give: no internal error (exit 70) and no exception escaping, only documented exit codes
(0, 1, 2), every diagnostic positioned inside the input, and no half-written output
(the output is absent or complete, and no temporary file is left).

A failing input is written by :func:`save_regression` to tests/fuzz_regressions/SURFACE/,
which tests/test_fuzz_surfaces.py replays on every CI run.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from click.testing import CliRunner
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from munchkin_dsl.cli import EXIT_INTERNAL, main

REPO = Path(__file__).resolve().parents[1]
PACKS = REPO / "packs"
SAMPLE = PACKS / "munchkin-1.6"
REGRESSIONS = Path(__file__).resolve().parent / "fuzz_regressions"
EXIT_CODES = {0, 1, 2}
SURFACES = ("pack-grammar", "pack-bytes", "resolution", "scenario", "print")
#: Where a surface's regression inputs live and the suffix they are written with.
REGRESSION_KIND = {"pack-grammar": ("pack", ".munch"), "pack-bytes": ("pack", ".munch"),
                   "resolution": ("resolution", ".resolve"), "scenario": ("scenario", ".scn"),
                   "print": ("print", ".json")}
HOSTILE = [b"\x00", b"\xff", b"\xef\xbb\xbf", b"\r", b"\r\n", b"\x1b]0;x\x07", b"\xe2\x80\xa8",
           b"\xc2\x85", b"\x0b", b"\x0c", b"{" * 64, b"}" * 64, b"9" * 40, b"may " * 40,
           b"otherwise " * 40, b'"', b"#", b"include \"pack.munch\"\n", b"..", b"/",
           b"art \"/dev/zero\"", b"art \"../x.png\"", b"\\", b"\t", b"-", b"+"]


class FuzzFailure(AssertionError):
    """An input broke one of the harness's promises (the message says which)."""


# ---------------------------------------------------------------- generators
@cache
def _lark() -> Lark:
    from munchkin_dsl.language.parser import _grammar_text

    return Lark(_grammar_text(), start="start", parser="lalr", lexer="contextual")


def grammar_texts() -> st.SearchStrategy[bytes]:
    """Pack text from the Lark grammar, encoded (so the byte checks apply too)."""
    return from_lark(_lark()).map(lambda text: text.encode("utf-8", "surrogatepass"))


@cache
def _files(pattern: str) -> tuple[bytes, ...]:
    return tuple(p.read_bytes() for p in sorted(REPO.glob(pattern)))


@st.composite
def mutated_bytes(draw: st.DrawFn, pattern: str) -> bytes:
    """One of the files matching ``pattern``, mutated 1-8 times."""
    corpus = _files(pattern)
    data = bytearray(draw(st.sampled_from(corpus)))
    for _ in range(draw(st.integers(1, 8))):
        op = draw(st.sampled_from(["flip", "insert", "hostile", "delete", "duplicate",
                                   "splice", "truncate"]))
        at = draw(st.integers(0, len(data)))
        if op == "flip" and data:
            i = min(at, len(data) - 1)
            data[i] ^= 1 << draw(st.integers(0, 7))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
        elif op == "hostile":
            data[at:at] = draw(st.sampled_from(HOSTILE)) * draw(st.integers(1, 8))
        elif op == "delete":
            del data[at:at + draw(st.integers(1, 64))]
        elif op == "duplicate":
            data[at:at] = data[at:at + draw(st.integers(1, 256))]
        elif op == "splice":
            other = draw(st.sampled_from(corpus))
            start = draw(st.integers(0, len(other)))
            data[at:at] = other[start:start + draw(st.integers(1, 512))]
        elif op == "truncate":
            del data[at:]
    return bytes(data)


def pack_bytes() -> st.SearchStrategy[bytes]:
    return mutated_bytes("packs/*/*.munch")


def resolution_bytes() -> st.SearchStrategy[bytes]:
    toml_values = st.recursive(
        st.one_of(st.integers(), st.floats(allow_nan=True), st.text(max_size=20),
                  st.booleans()),
        lambda inner: st.one_of(st.lists(inner, max_size=3),
                                st.dictionaries(st.text(max_size=8), inner, max_size=3)),
        max_leaves=10)
    generated = st.dictionaries(st.text(max_size=30), toml_values, max_size=5).map(
        lambda d: "\n".join(f"[{json.dumps(k)}]\nchoose = {json.dumps(v)}"
                            for k, v in d.items()).encode("utf-8", "surrogatepass"))
    return st.one_of(mutated_bytes("mixes/*.resolve"), generated)


def scenario_bytes() -> st.SearchStrategy[bytes]:
    return mutated_bytes("packs/munchkin-1.6/scenarios/*.scn")


def _number() -> st.SearchStrategy[str]:
    return st.one_of(st.floats(allow_nan=True, allow_infinity=True).map(repr),
                     st.integers(-10**6, 10**6).map(str), st.sampled_from(
                         ["nan", "inf", "-inf", "1e308", "0", "-0", "x", "", "1,2", "3"]))


def print_options() -> st.SearchStrategy[dict[str, object]]:
    """Arguments of `munchkin print` as a dict (the form kept in the regression folder)."""
    size = st.one_of(st.sampled_from(["munchkin", "poker", "huge", "60x90", "0.1x0.1"]),
                     st.tuples(_number(), _number()).map(lambda wh: f"{wh[0]}x{wh[1]}"))
    return st.fixed_dictionaries({}, optional={
        "--mode": st.sampled_from(["sheet", "shop", "proof", "poster"]),
        "--paper": st.sampled_from(["a4", "letter"]),
        "--card-size": size,
        "--gutter": _number(), "--bleed": _number(), "--min-font": _number(),
        "--back-offset": st.tuples(_number(), _number()).map(lambda xy: f"{xy[0]},{xy[1]}"),
        "--duplex": st.sampled_from(["long", "short"]),
        "--backs": st.just(True), "--strict": st.just(True), "--calibrate": st.just(True),
        "--lang": st.sampled_from(["en", "ru", "pl"]),
    })


STRATEGIES: dict[str, Callable[[], st.SearchStrategy]] = {
    "pack-grammar": grammar_texts, "pack-bytes": pack_bytes,
    "resolution": resolution_bytes, "scenario": scenario_bytes, "print": print_options,
}


# ---------------------------------------------------------------- checks
@dataclass
class Ran:
    code: int
    stdout: bytes
    stderr: str


def _forget_click_streams() -> None:
    """Empty click's cache of text wrappers around ``sys.stdout``/``sys.stderr``.

    The cache is a WeakKeyDictionary whose values hold their keys, so each CliRunner
    run's captured streams (and their output) stayed alive for good: about 1.6 KiB an
    input, which a long fuzz run read as the tool's memory growing.  A real ``munchkin``
    process runs once and never meets it.
    """
    import click._compat as compat

    for func in (compat._default_text_stdout, compat._default_text_stderr):
        for cell in func.__closure__ or ():
            if hasattr(cell.cell_contents, "clear"):
                cell.cell_contents.clear()


def invoke(args: list[str]) -> Ran:
    try:
        result = CliRunner().invoke(main, args)
    finally:
        _forget_click_streams()
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise FuzzFailure(f"exception escaped: {type(result.exception).__name__}: "
                          f"{result.exception}")
    ran = Ran(result.exit_code, result.stdout_bytes, result.stderr)
    if ran.code == EXIT_INTERNAL or "internal error" in ran.stderr:
        raise FuzzFailure(f"internal error: {ran.stderr.strip()[:500]}")
    if ran.code not in EXIT_CODES:
        raise FuzzFailure(f"undocumented exit code {ran.code}")
    return ran


def _lines(data: bytes) -> list[str]:
    """The input's lines as the tool counts them (BOM dropped; \\n, \\r\\n, \\r end lines)."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    text = data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def check_positions(diagnostics: list[dict], file: Path, data: bytes) -> None:
    """Every diagnostic naming ``file`` points inside its text."""
    lines = _lines(data)
    for d in diagnostics:
        if "line" not in d or not str(d.get("file", "")).endswith(file.name):
            continue
        line, column = d["line"], d["column"]
        if not 1 <= line <= len(lines):
            raise FuzzFailure(f"{d['code']} at line {line} of a {len(lines)}-line input")
        if not 1 <= column <= len(lines[line - 1]) + 2:
            raise FuzzFailure(f"{d['code']} at {line}:{column}, the line has "
                              f"{len(lines[line - 1])} characters")


def check_output(folder: Path, output: Path, code: int, kind: str) -> None:
    """The output is complete when written, absent otherwise, with no temp file left."""
    left = [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]
    if left:
        raise FuzzFailure(f"temporary files left: {left}")
    if not output.exists():
        return
    data = output.read_bytes()
    if kind == "json":
        try:
            json.loads(data)
        except ValueError as exc:
            raise FuzzFailure(f"half-written JSON output: {exc}") from exc
    elif not (data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")):
        raise FuzzFailure("half-written PDF output")
    if code not in (0, 1):
        raise FuzzFailure(f"output written although the run exited {code}")


@contextmanager
def _workdir() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="munchkin-fuzz-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run_pack(data: bytes) -> None:
    with _workdir() as work:
        pack = work / "pack"
        pack.mkdir()
        (pack / "pack.munch").write_bytes(data)
        out = work / "out.json"
        ran = invoke(["compile", str(pack), "-o", str(out), "--format", "json"])
        if ran.code == 0 and not out.exists():
            raise FuzzFailure("compile exited 0 without writing")
        doc = json.loads(ran.stdout) if ran.stdout.strip() else {"diagnostics": []}
        check_positions(doc["diagnostics"], pack / "pack.munch", data)
        check_output(work, out, ran.code, "json")


@cache
def _mix_fixture() -> tuple[str, ...]:
    return (str(PACKS / "star-munchkin"), str(SAMPLE))


# Kept for the whole run (not per input): the packs do not change between inputs.
_MIX_CACHE: tuple[dict[tuple[str, ...], tuple], dict[int, tuple]] = ({}, {})


@contextmanager
def _cached_mix() -> Iterator[None]:
    """Check the two sample packs once, not once per input: only the resolution varies."""
    import munchkin_dsl.mix as mix
    from munchkin_dsl.mix import inputs

    real_load, real_analyse = inputs.load_mix_packs, mix.analyse
    loaded, analysed = _MIX_CACHE

    def load(paths, sink):  # type: ignore[no-untyped-def]
        key = tuple(map(str, paths))
        if key not in loaded:
            own = type(sink)()
            loaded[key] = (*real_load(paths, own), own.items)
        packs, texts, items = loaded[key]
        sink.extend(items)
        return packs, dict(texts)

    def analyse(packs):  # type: ignore[no-untyped-def]
        if id(packs) not in analysed:
            analysed[id(packs)] = real_analyse(packs)
        return analysed[id(packs)]

    inputs.load_mix_packs, mix.analyse = load, analyse
    try:
        yield
    finally:
        inputs.load_mix_packs, mix.analyse = real_load, real_analyse


def run_resolution(data: bytes) -> None:
    with _workdir() as work, _cached_mix():
        res = work / "mix.resolve"
        res.write_bytes(data)
        out = work / "merged.json"
        ran = invoke(["mix", *_mix_fixture(), "--resolve", str(res), "-o", str(out),
                      "--format", "json"])
        if ran.code in (0, 1):
            doc = json.loads(ran.stdout)
            check_positions(doc["diagnostics"], res, data)
        check_output(work, out, ran.code, "json")


@cache
def _scenario_pack() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="munchkin-fuzz-scn-"))
    for path in SAMPLE.glob("*.munch"):
        shutil.copy(path, folder / path.name)
    (folder / "scenarios").mkdir()
    return folder


_COMPILED: dict[tuple[str, ...], object] = {}


@contextmanager
def _cached_compile() -> Iterator[None]:
    """Compile the sample pack once for all scenario inputs."""
    import munchkin_dsl.compiler.api as api

    real = api.compile_packs
    done = _COMPILED

    def compile_packs(paths, sink=None):  # type: ignore[no-untyped-def]
        key = tuple(map(str, paths))
        if key not in done:
            done[key] = real(paths, sink)
        return done[key]

    api.compile_packs = compile_packs
    try:
        yield
    finally:
        api.compile_packs = real


def run_scenario(data: bytes) -> None:
    pack = _scenario_pack()
    scn = pack / "scenarios" / "fuzz.scn"
    scn.write_bytes(data)
    with _cached_compile():
        ran = invoke(["test", str(pack), "--format", "json"])
    doc = json.loads(ran.stdout)
    check_positions(doc["diagnostics"], scn, data)


def _tiny_pack() -> Path:
    return REPO / "tests" / "fuzz_print_pack"


def run_print(options: dict[str, object]) -> None:
    with _workdir() as work:
        out = work / "out.pdf"
        args = ["print", str(_tiny_pack()), "-o", str(out)]
        for key, value in sorted(options.items()):
            args += [key] if value is True else [key, str(value)]
        ran = invoke(args)
        check_output(work, out, ran.code, "pdf")


RUNNERS: dict[str, Callable] = {"pack-grammar": run_pack, "pack-bytes": run_pack,
                                "resolution": run_resolution, "scenario": run_scenario,
                                "print": run_print}


# ---------------------------------------------------------------- regressions
def save_regression(surface: str, value: bytes | dict) -> Path:
    """Keep a failing input where CI replays it; the name is its content hash."""
    folder_name, suffix = REGRESSION_KIND[surface]
    data = json.dumps(value, sort_keys=True).encode() if isinstance(value, dict) else value
    folder = REGRESSIONS / folder_name
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{hashlib.sha256(data).hexdigest()[:16]}{suffix}"
    path.write_bytes(data)
    return path


def regression_inputs() -> list[tuple[str, Path]]:
    """(runner name, file) for every kept input."""
    found = []
    for runner, folder_name in (("pack-bytes", "pack"), ("resolution", "resolution"),
                                ("scenario", "scenario"), ("print", "print"),
                                *((name, name) for name in fuzz_hostile.SURFACES)):
        folder = REGRESSIONS / folder_name
        for path in sorted(folder.glob("*")) if folder.is_dir() else []:
            found.append((runner, path))
    return found


def replay(runner: str, path: Path) -> None:
    data = path.read_bytes()
    RUNNERS[runner](json.loads(data) if path.suffix == ".json" else data)


# Issue 20's surfaces (replay, mix --resolve paths, export, new, fmt, simulate, lsp) live in
# tests/fuzz_hostile.py and share this registry.
import fuzz_hostile  # noqa: E402

for _name, (_strategy, _runner) in fuzz_hostile.SURFACES.items():
    STRATEGIES[_name] = _strategy
    RUNNERS[_name] = _runner
    REGRESSION_KIND[_name] = (_name, ".json")
SURFACES = SURFACES + tuple(fuzz_hostile.SURFACES)
