"""Fuzz surfaces of issue 20: replay, mix --resolve paths, export, new, fmt on folders,
simulate options and the language server (JSON-RPC), with an outside-read check.

Registered in tests/fuzz_harness.py's SURFACES, STRATEGIES and RUNNERS, so the CI sample
(tests/test_fuzz_surfaces.py) and the long run (bench/fuzz_long.py) use them as they use
the older surfaces.  Every value is a JSON object (the form kept in the regression folder).

The outside-read check: a secret file (and /etc/passwd, /proc/self/environ) is what the
hostile inputs point at, through symlinks, ``..`` paths and absolute paths.  A Python
audit hook records every file the process opens; an input that opens one of those, or
whose output contains the secret's marker, fails with "outside read".  The language
server runs as a subprocess with the same hook installed (it writes what it opened to a
log this harness reads).
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import fuzz_harness as fh
from hypothesis import strategies as st

MARKER = "SECRET-MARKER-7d1f"
#: Seconds one input may take before it counts as a time-out (the issue's bound).
SLOW_SECONDS = 10.0
_OPENED: list[str] = []
_WATCHING = [False]
#: what the last input cost (read by bench/fuzz_long.py for its table)
LAST: dict[str, float] = {}


@cache
def secret_dir() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="munchkin-secret-"))
    (folder / "secret.munch").write_text(f"# {MARKER}\nrace r \"{MARKER}\" {{ }}\n")
    (folder / "secret.json").write_text(json.dumps({"format": 1, "packs": [MARKER]}))
    return folder


def _forbidden(path: str) -> bool:
    real = os.path.realpath(path)
    return (real.startswith(str(secret_dir().resolve())) or real == "/etc/passwd"
            or real.startswith("/proc/self/environ") or real.startswith("/etc/shadow"))


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _WATCHING[0] and event == "open" and args and isinstance(args[0], (str, bytes)):
        _OPENED.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


def _secret_intact() -> bool:
    """Whether the secret still holds its marker (read with the audit paused)."""
    watching, _WATCHING[0] = _WATCHING[0], False
    try:
        return MARKER in (secret_dir() / "secret.munch").read_text()
    finally:
        _WATCHING[0] = watching


@contextmanager
def watched() -> Iterator[None]:
    """Run one input with the open() audit on; fail on an outside read or a slow input."""
    secret_dir()
    _OPENED.clear()
    _WATCHING[0] = True
    started = time.perf_counter()
    try:
        yield
    finally:
        _WATCHING[0] = False
        LAST["seconds"] = time.perf_counter() - started
    outside = sorted({p for p in _OPENED if _forbidden(p)})
    if outside:
        raise fh.FuzzFailure(f"outside read: {outside[:3]}")


def _no_marker(*texts: str | bytes) -> None:
    for text in texts:
        shown = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        if MARKER in shown or "root:x:0:0" in shown:
            raise fh.FuzzFailure("outside read: the secret's content reached the output")


def _invoke(args: list[str]) -> fh.Ran:
    ran = fh.invoke(args)
    _no_marker(ran.stdout, ran.stderr)
    return ran


HOSTILE_PATHS = ["SECRET", "/etc/passwd", "/proc/self/environ", "../../../../etc/passwd",
                 "/dev/zero", "FIFO", "", "\x00", "a" * 300, "x\x1b]0;t\x07", "."]


def _hostile_path(work: Path, kind: str) -> str:
    """A path of ``kind`` made real inside ``work`` (a symlink to the secret, a FIFO...)."""
    if kind == "SECRET":
        link = work / "link-secret"
        if not link.is_symlink():
            link.symlink_to(secret_dir() / "secret.munch")
        return str(link)
    if kind == "FIFO":
        fifo = work / "fifo"
        if not fifo.exists():
            os.mkfifo(fifo)
        return str(fifo)
    return kind


# ---------------------------------------------------------------- replay
@cache
def _replay_base() -> str:
    return (fh.REPO / "tests" / "replays" / "replay-munchkin-1.6-12-0.json").read_text()


def _json_values() -> st.SearchStrategy[Any]:
    return st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                  st.floats(allow_nan=False), st.text(max_size=20),
                  st.sampled_from(HOSTILE_PATHS)),
        lambda inner: st.one_of(st.lists(inner, max_size=4),
                                st.dictionaries(st.text(max_size=8), inner, max_size=3)),
        max_leaves=8)


@st.composite
def replay_docs(draw: st.DrawFn) -> dict[str, Any]:
    doc = json.loads(_replay_base())
    doc["actions"] = doc["actions"][:draw(st.integers(0, 5))]
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from([*doc.keys(), "extra"]))
        op = draw(st.sampled_from(["value", "delete", "packs"]))
        if op == "delete":
            doc.pop(key, None)
        elif op == "packs":
            doc["packs"] = draw(st.lists(st.sampled_from(
                [*HOSTILE_PATHS, "packs/munchkin-1.6", "packs/star-munchkin"]),
                min_size=0, max_size=3))
        else:
            doc[key] = draw(_json_values())
    text = json.dumps(doc)
    if draw(st.integers(0, 9)) == 0:  # a few byte-level edits of the text itself
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(["", "{", "]", "\x00", '"', "9" * 30])) \
            + text[at + draw(st.integers(0, 5)):]
    return {"text": text}


def run_replay(value: dict[str, Any]) -> None:
    with fh._workdir() as work, fh._cached_compile(), _in(fh.REPO), watched():
        doc = json.loads(value["text"]) if _is_json(value["text"]) else None
        if isinstance(doc, dict) and isinstance(doc.get("packs"), list):
            doc["packs"] = [_hostile_path(work, p) if p in ("SECRET", "FIFO") else p
                            for p in doc["packs"]]
            text = json.dumps(doc)
        else:
            text = value["text"]
        file = work / "r.json"
        file.write_text(text, encoding="utf-8", errors="surrogatepass")
        _invoke(["replay", str(file), "--format", "json"])


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


@contextmanager
def _in(folder: Path) -> Iterator[None]:
    here = Path.cwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(here)


# ---------------------------------------------------------------- mix --resolve (paths)
def resolve_paths() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({
        "kind": st.sampled_from(["text", "link-secret", "fifo", "proc", "folder", "dangling",
                                 "loop", "big", "dev"]),
        "text": st.text(max_size=200)})


def run_resolve_path(value: dict[str, Any]) -> None:
    with fh._workdir() as work, fh._cached_mix(), watched():
        res = work / "mix.resolve"
        kind = value["kind"]
        if kind == "text":
            res.write_text(value["text"], encoding="utf-8", errors="surrogatepass")
        elif kind == "link-secret":
            res.symlink_to(secret_dir() / "secret.munch")
        elif kind == "fifo":
            os.mkfifo(res)
        elif kind == "proc":
            res.symlink_to("/proc/self/environ")
        elif kind == "folder":
            res.mkdir()
        elif kind == "dangling":
            res.symlink_to(work / "nowhere")
        elif kind == "loop":
            res.symlink_to(res)
        elif kind == "big":
            with open(res, "wb") as handle:
                handle.truncate(64 * 1024 * 1024)
        else:
            res.symlink_to("/dev/zero")
        out = work / "merged.json"
        ran = _invoke(["mix", *fh._mix_fixture(), "--resolve", str(res), "-o", str(out),
                       "--format", "json"])
        fh.check_output(work, out, ran.code, "json")


# ---------------------------------------------------------------- export
def export_options() -> st.SearchStrategy[dict[str, Any]]:
    size = st.one_of(st.sampled_from(["munchkin", "poker", "60x90", "0.1x0.1", "infx10",
                                      "nanx88", "1e9x1e9"]),
                     st.tuples(fh._number(), fh._number()).map(lambda wh: f"{wh[0]}x{wh[1]}"))
    return st.fixed_dictionaries({
        "verb": st.sampled_from(["png", "tts"]),
        "existing": st.sampled_from(["none", "clash", "other", "file", "link"]),
    }, optional={
        "--card-size": size, "--bleed": fh._number(),
        "--dpi": st.one_of(fh._number(), st.sampled_from(["30", "31"])),
        "--name": st.one_of(st.text(max_size=30), st.sampled_from(HOSTILE_PATHS)),
        "--preset": st.sampled_from(["tgc", "mpc"]), "--force": st.just(True),
        "--lang": st.sampled_from(["en", "ru"]),
    })


def run_export(value: dict[str, Any]) -> None:
    verb = value["verb"]
    with fh._workdir() as work, fh._cached_compile(), watched():
        out = work / "out"
        existing = value["existing"]
        if existing in ("clash", "other"):
            out.mkdir()
            (out / ("cards.json" if existing == "clash" else "mine.txt")).write_text("mine")
        elif existing == "file":
            out.write_text("mine")
        elif existing == "link":
            out.symlink_to(secret_dir())
        args = ["export", verb, str(fh._tiny_pack()), "-o", str(out)]
        options = dict(value)
        options.pop("verb")
        options.pop("existing")
        if verb == "png":
            options.pop("--name", None)
            options.setdefault("--dpi", "30")
        else:
            for key in ("--bleed", "--dpi", "--preset"):
                options.pop(key, None)
        for key, option in sorted(options.items()):
            args += [key] if option is True else [key, str(option)]
        ran = _invoke(args)
        left = [p.name for p in work.iterdir() if p.name.endswith(".tmp")]
        if left:
            raise fh.FuzzFailure(f"staged folders left: {left}")
        if existing == "clash" and "--force" not in options and \
                (out / "cards.json").read_text() != "mine":
            raise fh.FuzzFailure("an existing file was replaced without --force")
        if ran.code == 0 and existing != "file" and not any(out.iterdir()):
            raise fh.FuzzFailure("export exited 0 and wrote nothing")


# ---------------------------------------------------------------- new
def new_arguments() -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({
        "name": st.one_of(st.text(min_size=1, max_size=40), st.sampled_from(
            [*HOSTILE_PATHS, "my-pack", "a/b/c", "../up", "dangling", "file", "full"])),
        "ruleset": st.sampled_from(["munchkin-1.6", "star-munchkin", "nope"]),
        "languages": st.sampled_from(["en", "en,ru", "xx", "", ",,,"]),
    })


def run_new(value: dict[str, Any]) -> None:
    with fh._workdir() as work, _in(work), watched():
        (work / "dangling").symlink_to(work / "nowhere")
        (work / "file").write_text("x")
        (work / "full").mkdir()
        (work / "full" / "x").write_text("x")
        # the harness reads "internal error" on stderr as the guard's report: a name
        # that says it would be echoed in `created NAME/` and look like one
        name = value["name"].replace("internal error", "internal-error")
        if name in ("SECRET", "FIFO"):
            name = _hostile_path(work, name)
        before = {p.name for p in work.iterdir()}
        ran = _invoke(["new", name, "--ruleset", value["ruleset"], "--languages",
                       value["languages"]])
        if "\x1b" in ran.stderr or "\x07" in ran.stderr:
            raise fh.FuzzFailure("a control character reached the terminal")
        added = {p.name for p in work.iterdir()} - before
        if ran.code != 0 and added:
            raise fh.FuzzFailure(f"new failed but left {sorted(added)}")
        # (a pack named `.tmp` is the output itself, not a stage: the long run's 2 false
        # positives)
        if any(p.endswith(".tmp") and p != Path(name).name for p in added):
            raise fh.FuzzFailure("staged folder left")


# ---------------------------------------------------------------- fmt on folders
FILE_KINDS = ["file", "file", "file", "readonly", "link-inside", "link-secret", "fifo",
              "dangling", "loop", "subfolder"]


@st.composite
def fmt_folders(draw: st.DrawFn) -> dict[str, Any]:
    corpus = fh._files("packs/*/*.munch")
    files = []
    for index in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(FILE_KINDS))
        source = draw(st.sampled_from(corpus))
        start = draw(st.integers(0, max(0, len(source) - 1)))
        chunk = source[start:start + draw(st.integers(0, 800))].decode("utf-8", "replace")
        if draw(st.booleans()):
            chunk = chunk.replace("  ", draw(st.sampled_from([" ", "\t", "      ", ""])))
        files.append({"name": f"f{index}.munch", "kind": kind, "text": chunk})
    return {"files": files}


def run_fmt(value: dict[str, Any]) -> None:
    with fh._workdir() as work, watched():
        pack = work / "pack"
        pack.mkdir()
        readonly: dict[Path, str] = {}
        for entry in value["files"]:
            path = pack / entry["name"]
            kind = entry["kind"]
            if kind in ("file", "readonly", "subfolder"):
                if kind == "subfolder":
                    path = pack / "sub" / entry["name"]
                    path.parent.mkdir(exist_ok=True)
                path.write_text(entry["text"], encoding="utf-8", errors="surrogatepass")
                if kind == "readonly":
                    path.chmod(0o444)
                    readonly[path] = path.read_text(encoding="utf-8", errors="surrogatepass")
            elif kind == "link-inside":
                (pack / ("t-" + entry["name"])).write_text(entry["text"], encoding="utf-8",
                                                           errors="surrogatepass")
                path.symlink_to("t-" + entry["name"])
            elif kind == "link-secret":
                path.symlink_to(secret_dir() / "secret.munch")
            elif kind == "fifo":
                os.mkfifo(path)
            elif kind == "dangling":
                path.symlink_to(pack / "nowhere.munch")
            else:
                path.symlink_to(path)
        ran = _invoke(["fmt", str(pack)])
        for path, text in readonly.items():
            if path.read_text(encoding="utf-8", errors="surrogatepass") != text or \
                    path.stat().st_mode & 0o777 != 0o444:
                raise fh.FuzzFailure(f"fmt changed a read-only file ({path.name})")
        if not _secret_intact():
            raise fh.FuzzFailure("fmt rewrote a file outside the folder")
        left = [p.name for p in pack.rglob("*.tmp")]
        if left or ran.code not in (0, 1):
            raise fh.FuzzFailure(f"fmt left {left} / exited {ran.code}")


# ---------------------------------------------------------------- simulate options
def simulate_options() -> st.SearchStrategy[dict[str, Any]]:
    count = st.one_of(st.sampled_from(["0", "-1", "x", "1e9", "", "99999999999999999999"]),
                      st.integers(1, 2).map(str))
    return st.fixed_dictionaries({"--games": count}, optional={
        "--players": st.one_of(st.integers(-2, 10).map(str), st.sampled_from(["x", "1e3"])),
        "--seed": st.one_of(st.integers(-2**70, 2**70).map(str), st.sampled_from(["x", ""])),
        "--jobs": st.sampled_from(["1", "0", "-3", "x"]),
        "--rule": st.sampled_from(["faster-play", "epic", "nope", "", "\x1b[31m"]),
        "--chart": st.sampled_from(["chart.pdf", "/dev/null", "SECRET", "sub/c.pdf", ""]),
        "--record-replay": st.sampled_from(["0", "1", "-1", "x"]),
        "--format": st.sampled_from(["text", "json", "xml"]),
    })


def run_simulate(value: dict[str, Any]) -> None:
    with fh._workdir() as work, fh._cached_compile(), _in(work), watched():
        args = ["simulate", str(fh._tiny_pack()), "--replays", str(work / "replays")]
        for key, option in sorted(value.items()):
            if option == "SECRET":
                option = _hostile_path(work, option)
            args += [key, str(option)]
        _invoke(args)
        if not _secret_intact():
            raise fh.FuzzFailure("simulate wrote through a symlink to a file outside")


# ---------------------------------------------------------------- the language server
METHODS = ["textDocument/hover", "textDocument/completion", "textDocument/definition",
           "textDocument/references", "textDocument/documentSymbol",
           "textDocument/semanticTokens/full", "textDocument/formatting",
           "textDocument/codeAction", "workspace/symbol", "nope/nope"]
FRAMES = ["Content-Length: 99999999999999999999\r\n\r\n{}", "Content-Length: -5\r\n\r\n{}",
          "Content-Length: lots\r\n\r\n{}", "Content-Length: 7\r\n\r\n{not js",
          "Content-Length: 2\r\n\r\n[]", "junk\r\n\r\n", "Content-Length: 4\r\n\r\nnull",
          "Content-Length: 30\r\n\r\n" + '{"jsonrpc": "2.0", "id": [1]} ']


def _uris() -> st.SearchStrategy[str]:
    return st.sampled_from(["PACK", "PACK", "LINK", "OUTSIDE", "TRAVERSAL", "untitled:U-1",
                            "file:///etc/passwd", "file:///proc/self/environ",
                            "http://x/y.munch", "", "file:///dev/zero", "SCN"])


def _position() -> st.SearchStrategy[Any]:
    number = st.one_of(st.integers(0, 40), st.integers(-2**40, 2**40), st.just(2**31))
    return st.one_of(st.fixed_dictionaries({"line": number, "character": number}),
                     _json_values())


@st.composite
def lsp_messages(draw: st.DrawFn) -> dict[str, Any]:
    messages: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["request", "request", "request", "frame", "open",
                                     "change", "json"]))
        if kind == "frame":
            messages.append({"raw": draw(st.sampled_from(FRAMES))})
        elif kind == "json":
            messages.append({"json": draw(_json_values())})
        elif kind == "open":
            messages.append({"open": draw(_uris()), "text": draw(st.one_of(
                st.text(max_size=200), st.sampled_from(['include "../../outside/x.munch"\n',
                                                        'race r "R" { +1 against Elvs }\n'])))})
        elif kind == "change":
            messages.append({"change": draw(_uris()), "range": draw(st.one_of(
                st.none(), st.fixed_dictionaries({"start": _position(), "end": _position()}))),
                "text": draw(st.text(max_size=50))})
        else:
            params: dict[str, Any] = {"textDocument": {"uri": draw(_uris())},
                                      "position": draw(_position())}
            if draw(st.booleans()):
                params = draw(_json_values())
            messages.append({"request": draw(st.sampled_from(METHODS)), "params": params})
    return {"messages": messages}


class _Server:
    """One `munchkin lsp` for many inputs (restarted if it dies: that input fails)."""

    wire: Any = None
    workspace: Path | None = None
    log: Path | None = None


def _server() -> Any:
    from lsp_wire import Wire

    if _Server.wire is None or not _Server.wire.alive():
        work = Path(tempfile.mkdtemp(prefix="munchkin-fuzz-lsp-"))
        pack = work / "ws" / "pack"
        (pack / "scenarios").mkdir(parents=True)
        shutil.copy(fh._tiny_pack() / "pack.munch", pack / "pack.munch")
        (pack / "link.munch").symlink_to(secret_dir() / "secret.munch")
        (pack / "scenarios" / "leak.scn").symlink_to(secret_dir() / "secret.munch")
        os.mkfifo(pack / "scenarios" / "fifo.scn")
        (pack / "scenarios" / "zero.scn").symlink_to("/dev/zero")
        _Server.log = work / "opened.log"
        _Server.workspace = work / "ws"
        _Server.wire = Wire(work / "ws", audit_log=_Server.log)
    return _Server.wire


def _uri(name: str) -> str:
    ws = _Server.workspace
    assert ws is not None
    return {"PACK": (ws / "pack" / "pack.munch").as_uri(),
            "LINK": (ws / "pack" / "link.munch").as_uri(),
            "SCN": (ws / "pack" / "scenarios" / "leak.scn").as_uri(),
            "OUTSIDE": (secret_dir() / "secret.munch").as_uri(),
            "TRAVERSAL": (ws / "pack").as_uri() + "/../../../" + str(secret_dir()) +
                         "/secret.munch"}.get(name, name)


def run_lsp(value: dict[str, Any]) -> None:
    wire = _server()
    started = time.perf_counter()
    version = 1
    for message in value["messages"]:
        if "raw" in message:
            wire.raw(message["raw"].encode("utf-8", "surrogatepass"))
        elif "json" in message:
            wire.send(json.dumps(message["json"]).encode())
        elif "open" in message:
            wire.open(_uri(message["open"]), message["text"])
        elif "change" in message:
            version += 1
            change: dict[str, Any] = {"text": message["text"]}
            if message["range"] is not None:
                change["range"] = message["range"]
            wire.notify("textDocument/didChange", {"textDocument": {
                "uri": _uri(message["change"]), "version": version},
                "contentChanges": [change]})
        else:
            params = message["params"]
            if isinstance(params, dict) and isinstance(params.get("textDocument"), dict):
                params = dict(params, textDocument={"uri": _uri(
                    str(params["textDocument"].get("uri")))})
            msg_id = wire.request(message["request"], params)
            try:
                reply = wire.reply(msg_id, timeout=SLOW_SECONDS)
            except TimeoutError as exc:
                _Server.wire = None
                wire.proc.kill()
                raise fh.FuzzFailure(f"time-out: {exc}") from exc
            if reply.get("error", {}).get("code") == -32603:
                raise fh.FuzzFailure(f"internal error: {reply['error']['message'][:200]}")
            _no_marker(json.dumps(reply))
    # every message answered or dropped; the server is still serving
    ping = wire.request("textDocument/documentSymbol", {"textDocument": {"uri": _uri("PACK")}})
    try:
        wire.reply(ping, timeout=SLOW_SECONDS)
    except TimeoutError as exc:
        _Server.wire = None
        wire.proc.kill()
        raise fh.FuzzFailure(f"the server stopped answering: {exc}") from exc
    LAST["seconds"] = time.perf_counter() - started
    _no_marker(json.dumps(wire.notes[-50:]))
    wire.notes.clear()
    log = _Server.log
    if log is not None and log.exists() and log.stat().st_size:
        opened = [line for line in log.read_text().splitlines() if _forbidden(line)]
        log.write_text("")
        if opened:
            raise fh.FuzzFailure(f"outside read by the server: {opened[:3]}")


@atexit.register
def _close_server() -> None:
    if _Server.wire is not None:
        _Server.wire.close()


def lsp_peak_kib(field: str = "VmHWM") -> int:
    """The language server's peak resident memory so far (VmHWM; VmRSS: now), 0 if unknown."""
    wire = _Server.wire
    try:
        status = Path(f"/proc/{wire.proc.pid}/status").read_text()
    except (AttributeError, OSError):
        return 0
    line = next((x for x in status.splitlines() if x.startswith(field + ":")), "X: 0 kB")
    return int(line.split()[1])


SURFACES = {"replay": (replay_docs, run_replay), "resolve-path": (resolve_paths,
                                                                   run_resolve_path),
            "export": (export_options, run_export), "new": (new_arguments, run_new),
            "fmt": (fmt_folders, run_fmt), "simulate": (simulate_options, run_simulate),
            "lsp": (lsp_messages, run_lsp)}
