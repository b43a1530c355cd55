"""The one way the project reads and writes files: confined reads, atomic writes.

Packs, scenarios, resolution and replay files travel between authors, and an editor opens
whatever workspace it is given, so every file the tools read is untrusted.  Every read
and write of the package (CLI commands and the language server alike) goes through this
module; ``tests/test_files_layer.py`` fails when any other module opens a file itself.

Reads (:func:`read_confined`) resolve the path, refuse anything outside the allowed
folders (a pack root, the editor's workspace folders; symlinks only when they stay
inside), anything that is not a regular file (FIFO, device, socket, folder) and the
kernel's trees (/proc, /sys, /dev) even when the caller named the file itself, and read
at most a documented number of bytes.  They open with O_NONBLOCK and check the opened
descriptor (not the name), so a FIFO cannot hang the run and a file swapped between the
check and the read is still checked.  Refusals are :class:`Refused` exceptions carrying
a diagnostic code; each caller turns them into a diagnostic at its own span.  Codes:
E020 outside the pack folder, E021 not a regular file, E022 a path that cannot be
resolved (a symlink loop, a name too long), E012 unreadable or over the size limit.

Writes (:func:`write_atomic`) go beside the target and are renamed over it, so an
existing output is replaced only by a complete new one; the whole output is given in one
call (bytes, text, or a function yielding the text in pieces).  A rename replaces
*whatever* is at the target, so the target must be a regular file or a new path: a
device, FIFO, folder or symlink is refused with :class:`UnsafeTarget`, and so is a
read-only file (mode 0444: the user said "do not change this").  The new file keeps the
target's mode.  Data goes to an unnamed file (``O_TMPFILE``) where the platform has one,
named only when complete, so a killed run leaves nothing behind; elsewhere a named
temporary file whose writer's pid is in its name, removed by the next write once that
writer is gone.  A set of files (an export) is built in a temporary folder beside the
target folder and moved into place (:func:`staged_folder`): all or nothing, and existing
files are replaced only when the caller says so.
"""

from __future__ import annotations

import contextlib
import errno
import glob
import os
import shutil
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

#: The largest pack, scenario or resolution file read (documented under E012).
MAX_FILE_BYTES = 32 * 1024 * 1024
#: The largest art image read for printing (a 300 dpi card is well under this).
MAX_ART_BYTES = 64 * 1024 * 1024

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


@dataclass
class Refused(Exception):
    """A file the tool will not read, with the diagnostic code and hint that say why."""

    code: str
    message: str
    hint: str | None = None
    #: "missing" when the file does not exist, so a caller can give its own did-you-mean
    reason: str = ""

    def __str__(self) -> str:
        return self.message


def kind_of(mode: int) -> str | None:
    """'a folder', 'a FIFO (named pipe)'... for a mode that is not a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


#: Where the kernel shows processes, devices and settings as files: never read, even
#: when the user names the file (``/proc/self/environ`` is a "regular file").
SYSTEM_TREES = (Path("/proc"), Path("/sys"), Path("/dev"))

#: A folder a read is confined to, several (an editor's workspace folders), or None.
Roots = Path | Sequence[Path] | None


def resolve_inside(path: Path, root: Roots, name: str | None = None) -> Path:
    """``path`` with every symlink resolved; Refused when it leaves ``root`` or cannot resolve.

    ``root`` None means the caller named the file itself (a --resolve argument): it is
    not confined to a folder, but still resolved and, by :func:`read_confined`, checked.
    A sequence of folders allows any of them.
    ``name`` is how messages show the file (default: the path as given).
    """
    roots = _roots(root)
    shown = name or str(path)
    try:
        resolved = path.resolve(strict=True)
    except FileNotFoundError as exc:
        if roots is not None and not _inside_any(_loose(path), roots):
            raise _outside(shown) from exc
        raise Refused("E012", f"'{shown}' does not exist", reason="missing") from exc
    except RuntimeError as exc:  # Python < 3.13 reports a symlink loop this way
        raise Refused("E022", f"'{shown}' is a symlink loop",
                      "replace the link by the file it should name") from exc
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise Refused("E022", f"'{shown}' is a symlink loop",
                          "replace the link by the file it should name") from exc
        if exc.errno == errno.ENAMETOOLONG:
            raise Refused("E022", "the path is too long for this system",
                          "use a path of at most 255 bytes per folder or file name") from exc
        raise Refused("E012", f"cannot read '{shown}': {exc.strerror or exc}") from exc
    if roots is not None and not _inside_any(resolved, roots):
        raise _outside(shown)
    if any(_inside(resolved, tree) for tree in SYSTEM_TREES):
        raise Refused("E021", f"'{shown}' is a system file ({resolved}), not a regular file",
                      "name a file of your own")
    return resolved


def _roots(root: Roots) -> list[Path] | None:
    if root is None:
        return None
    return [r.resolve() for r in ([root] if isinstance(root, Path) else root)]


def _inside_any(path: Path, roots: list[Path]) -> bool:
    return any(_inside(path, r) for r in roots)


def nameable(text: str) -> bool:
    """Whether some file could have this path: no NUL, and every character encodable (a
    JSON file may hold an unpaired surrogate, `\\udb99`, that no file name can)."""
    try:
        os.fsencode(text)
    except UnicodeEncodeError:
        return False
    return "\x00" not in text


def is_inside(path: Path, root: Roots) -> bool:
    """Whether ``path`` (resolved, links followed as far as they exist) is in ``root``; a
    path no file can have is in no folder."""
    if not nameable(str(path)):
        return False
    roots = _roots(root)
    return roots is None or _inside_any(_loose(path), roots)


def _outside(shown: str) -> Refused:
    return Refused("E020", f"'{shown}' leads outside the pack folder",
                   "a pack reads only files inside its own folder; copy the file in instead "
                   "of linking to it")


def _loose(path: Path) -> Path:
    """Where a missing path would be, following the links that do exist."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return path.absolute()


def _inside(path: Path, root: Path) -> bool:
    try:
        path.relative_to(root)
    except ValueError:
        return False
    return True


def read_confined(path: Path, root: Roots, limit: int = MAX_FILE_BYTES,
                  prefix: int | None = None, name: str | None = None,
                  what: str = "a pack file") -> bytes:
    """The bytes of a regular file inside ``root``; Refused for anything else.

    ``prefix`` reads only the first bytes (an image's magic number) and then ignores
    the size limit, since nothing more is read.  ``what`` names the kind of file in the
    over-the-limit message ("a resolution file may be at most 4.0 MiB").
    """
    shown = name or str(path)
    resolved = resolve_inside(path, root, shown)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(resolved, flags | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # swapped for a symlink after it was resolved
            raise Refused("E020", f"'{shown}' changed into a symlink while being read") from exc
        if exc.errno == errno.EISDIR:
            raise Refused("E021", f"'{shown}' is a folder, not a file") from exc
        raise Refused("E012", f"cannot read '{shown}': {exc.strerror or exc}") from exc
    try:
        info = os.fstat(fd)
        kind = kind_of(info.st_mode)
        if kind is not None:
            raise Refused("E021", f"'{shown}' is {kind}, not a regular file",
                          "a pack holds only plain files")
        want = prefix if prefix is not None else limit + 1
        if prefix is None and info.st_size > limit:
            raise _too_big(info.st_size, limit, what)
        chunks: list[bytes] = []
        got = 0
        while got < want:
            chunk = os.read(fd, min(1 << 20, want - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        data = b"".join(chunks)
    except OSError as exc:
        raise Refused("E012", f"cannot read '{shown}': {exc.strerror or exc}") from exc
    finally:
        os.close(fd)
    if prefix is None and len(data) > limit:  # the file grew after fstat
        raise _too_big(len(data), limit, what)
    return data


def _too_big(size: int, limit: int, what: str) -> Refused:
    mib = 1024 * 1024
    hint = ("split the pack into several files with `include`" if what == "a pack file"
            else None)
    return Refused("E012", f"the file is {size / mib:.1f} MiB; {what} may be at most "
                   f"{limit / mib:.1f} MiB", hint)




#: The output name meaning standard output.
STDOUT = "-"
#: A temporary file this old is a leftover of a killed run, not one being written.
STALE_SECONDS = 60.0


class UnsafeTarget(OSError):
    """The output path names something a rename must not replace."""


def check_target(path: str | os.PathLike[str]) -> None:
    """Raise :class:`UnsafeTarget` unless ``path`` is a regular file or does not exist."""
    target = os.fspath(path)
    try:
        info = os.lstat(target)
    except OSError:
        return  # nothing there (or an unreachable folder): the write itself reports it
    if stat.S_ISLNK(info.st_mode):
        raise UnsafeTarget(f"{target} is a symbolic link; writing would replace the link, "
                           "not the file it names: give the real path or a new one")
    kind = kind_of(info.st_mode)
    if kind is not None:
        raise UnsafeTarget(f"{target} is {kind}; output goes only to a regular file or a new "
                           "path (use -o - for standard output where the command allows it)")
    if not info.st_mode & 0o222:
        raise UnsafeTarget(f"{target} is read-only (mode {stat.S_IMODE(info.st_mode):04o}); "
                           "it is left as it is: make it writable (chmod u+w) to replace it")


def _kept_mode(target: Path) -> int | None:
    """The permission bits of the file being replaced (None for a new file)."""
    try:
        return stat.S_IMODE(os.lstat(target).st_mode)
    except OSError:
        return None


def temp_pattern(target: Path) -> str:
    """The glob of the temporary files written for ``target`` (for cleanup and tests); the
    name is escaped, so a target named `**x` or `a*` matches only its own files (found by
    the fuzz run of `munchkin new`: a `**` in a pack name was an internal error)."""
    return f".{glob.escape(target.name)}.*.tmp"


#: what write_atomic takes: the bytes, the text, or a function giving the text in pieces
Payload = bytes | str | Callable[[], Iterable[str]]


def write_atomic(path: str | os.PathLike[str], data: Payload, sync: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder.

    ``data`` may be a function that yields the text in pieces (``engine_data.dump_chunks``):
    a large output is then never held whole in memory, once as text and again as bytes
    (it is called again if the first way of writing fails before the file is named).
    ``-`` writes to standard output (the commands decide where that is allowed).
    ``sync=False`` skips the fsync: still never a half-written file under its name (the
    rename is atomic), only not guaranteed on disk after a power cut.  For exports of
    thousands of images, where a sync per file costs more than the rasterising.
    """
    payload = _pieces(data)
    if os.fspath(path) == STDOUT:
        sys.stdout.flush()
        for piece in payload():
            sys.stdout.buffer.write(piece)
        sys.stdout.buffer.flush()
        return
    target = Path(path)
    check_target(target)
    folder = target.parent if str(target.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    _remove_stale(folder, target)
    mode = _kept_mode(target)
    if not _write_unnamed(folder, target, payload, sync, mode):
        _write_named(folder, target, payload, sync, mode)


def _pieces(data: Payload) -> Callable[[], Iterator[bytes]]:
    """``data`` as a function giving its bytes in pieces (one piece for bytes or text)."""
    if isinstance(data, bytes):
        return lambda: iter((data,))
    if isinstance(data, str):
        encoded = data.encode("utf-8")
        return lambda: iter((encoded,))
    return lambda: (piece.encode("utf-8") for piece in data())


def _write_all(fd: int, payload: Callable[[], Iterator[bytes]], sync: bool) -> None:
    for piece in payload():
        view = memoryview(piece)
        while view:
            view = view[os.write(fd, view):]
    if sync:
        os.fsync(fd)


def _write_unnamed(folder: Path, target: Path, payload: Callable[[], Iterator[bytes]],
                   sync: bool = True, mode: int | None = None) -> bool:
    """Write through O_TMPFILE; False when the platform or file system has none."""
    flag = getattr(os, "O_TMPFILE", None)
    if flag is None or not os.path.isdir("/proc/self/fd"):
        return False
    try:
        fd = os.open(folder, flag | os.O_WRONLY | getattr(os, "O_CLOEXEC", 0), 0o666)
    except OSError:
        return False  # e.g. EOPNOTSUPP on a file system without unnamed files
    name = folder / _temp_name(target)
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        _write_all(fd, payload, sync)
        # linkat(..., AT_SYMLINK_FOLLOW) names the unnamed file; os.link uses linkat (not
        # link, which fails with EXDEV on /proc) only when given a dir fd.
        dir_fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.link(f"/proc/self/fd/{fd}", name.name, dst_dir_fd=dir_fd, follow_symlinks=True)
        finally:
            os.close(dir_fd)
    except OSError:
        os.close(fd)
        return False
    os.close(fd)
    try:
        os.replace(name, target)
    except BaseException:
        _unlink(name)
        raise
    return True


def _write_named(folder: Path, target: Path, payload: Callable[[], Iterator[bytes]],
                 sync: bool = True, mode: int | None = None) -> None:
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}-", suffix=".tmp",
                                    dir=folder)
    try:
        # mkstemp makes the file private (0600); give it the mode a plain open() would.
        os.chmod(tmp_name, 0o666 & ~_umask() if mode is None else mode)
        try:
            _write_all(fd, payload, sync)
        finally:
            os.close(fd)
        os.replace(tmp_name, target)
    except BaseException:
        _unlink(Path(tmp_name))
        raise


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def _temp_name(target: Path) -> str:
    """``.NAME.PID-RANDOM.tmp``: the writer's pid lets the next run see it is gone."""
    import secrets  # here: most runs write nothing, and start-up counts (issue 24)

    return f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp"


def _writer_gone(leftover: Path, target: Path) -> bool:
    middle = leftover.name[len(target.name) + 2:-len(".tmp")]
    pid_text = middle.split("-", 1)[0]
    if not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, owned by someone else
    return False


def _remove_stale(folder: Path, target: Path) -> None:
    """Remove temporary files of earlier writes to ``target`` that were killed: their
    writer process no longer exists, or they are older than STALE_SECONDS."""
    now = time.time()
    for leftover in folder.glob(temp_pattern(target)):
        try:
            info = leftover.lstat()
            stale = _writer_gone(leftover, target) or now - info.st_mtime > STALE_SECONDS
            if stale and stat.S_ISREG(info.st_mode):
                leftover.unlink()
            elif stale and stat.S_ISDIR(info.st_mode):  # a staged export of a killed run
                shutil.rmtree(leftover)
        except OSError:
            continue


def remove(path: Path) -> None:
    """Remove one file the tool wrote itself (a cache entry that no longer loads, a card
    file in an import's own stage before the new ones); a file already gone is fine.
    Never a file of the author's pack in place: nothing the author wrote is removed."""
    _unlink(path)


def _unlink(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


@contextmanager
def staged_folder(target: str | os.PathLike[str], force: bool = False) -> Iterator[Path]:
    """A temporary folder beside ``target`` to build a set of files in, moved into place
    when the block ends without an exception (and removed, with everything in it, when
    it does not): a killed or failed export leaves no partial set under ``target``.

    A new ``target`` is the staged folder renamed (all or nothing).  Into an existing
    folder the files move one by one, after checking that none would replace an existing
    file unless ``force`` (:class:`UnsafeTarget` otherwise, before anything is moved).
    """
    out = Path(target)
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise UnsafeTarget(f"{out} exists and is not a folder; give a new or existing folder")
    parent = out.parent if str(out.parent) else Path(".")
    parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(parent, out)
    stage = Path(tempfile.mkdtemp(prefix=f".{out.name}.{os.getpid()}-", suffix=".tmp",
                                  dir=parent))
    try:
        yield stage
        _publish(stage, out, force)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def _publish(stage: Path, out: Path, force: bool) -> None:
    os.chmod(stage, 0o777 & ~_umask())
    if not out.exists():
        os.rename(stage, out)
        return
    names = sorted(p.name for p in stage.iterdir())
    clashes = [n for n in names if os.path.lexists(out / n)]
    if clashes and not force:
        more = f" and {len(clashes) - 1} more" if len(clashes) > 1 else ""
        raise UnsafeTarget(f"{out} already holds {clashes[0]}{more}; nothing was written "
                           "(use --force to replace them, or choose an empty folder)")
    for name in clashes:
        check_target(out / name)
    for name in names:
        os.replace(stage / name, out / name)


class FolderRefused(UnsafeTarget):
    """A folder target that cannot be (re)placed: a file, a symlink, or a folder we may not
    replace."""


def check_folder_target(target: Path, replace: bool, what: str) -> None:
    """Refuse a target that is a file or symlink, or a non-empty folder without ``replace``."""
    if target.is_symlink():
        raise FolderRefused(f"{target} is a symbolic link; give the real folder or a new path")
    if target.exists() and not target.is_dir():
        raise FolderRefused(f"{target} is not a folder; -o names the folder to write the "
                            f"{what} into")
    if target.is_dir() and any(target.iterdir()) and not replace:
        raise FolderRefused(f"{target} exists and is not empty; pass --force to replace it "
                            f"(it is replaced only once the new {what} is complete)")


def write_files(folder: Path, files: Mapping[str, bytes | str]) -> None:
    """Write ``files`` (relative POSIX paths -> content) under ``folder``, a stage."""
    for name, content in sorted(files.items()):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, content, sync=False)


@contextmanager
def replacement_folder(target: Path, keep_from_old: bool = False) -> Iterator[Path]:
    """A fresh hidden folder beside ``target`` that :func:`swap_in` puts in its place;
    if the block ends without the swap, the stage is removed.

    Where :func:`staged_folder` adds files to a folder (an export into ``out/``), this
    replaces a whole folder (a pack written by ``munchkin import``, a site): written file
    by file, a failure half-way would leave half a pack or a site whose links point at
    missing pages.  ``keep_from_old`` starts the stage as a copy of the existing target
    (an import into a pack folder keeps its art and scenarios).  The stage is named like
    every temporary file of ours (:func:`temp_pattern`), so a killed run's stage is
    removed by the next run.
    """
    parent = target.parent if str(target.parent) else Path(".")
    parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(parent, target)
    stage = parent / _temp_name(target)
    if keep_from_old and target.is_dir():
        shutil.copytree(target, stage, symlinks=True)
    else:
        stage.mkdir()
    try:
        yield stage
    finally:
        if stage.exists():
            shutil.rmtree(stage, ignore_errors=True)


def swap_in(stage: Path, target: Path) -> None:
    """Put the complete ``stage`` at ``target``; the old target (if any) is renamed away
    first and removed last, and put back if the second rename fails."""
    old = None
    if target.exists():
        old = target.parent / _temp_name(target)
        os.rename(target, old)
    try:
        os.rename(stage, target)
    except OSError:
        if old is not None:
            os.rename(old, target)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


#: The longest output file name made from user text (file systems allow 255 bytes).
MAX_NAME_BYTES = 200


def safe_file_name(text: str) -> str | None:
    """``text`` as one file name in an output folder, or None when it cannot be one:
    empty, a path (``/``, ``\\``, ``..``), hidden (a leading dot), control characters,
    or too long.  Spaces become ``_``."""
    name = text.strip().replace(" ", "_")
    bad = (not name or name.startswith(".") or "/" in name or "\\" in name
           or any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in name)
           or len(name.encode("utf-8")) > MAX_NAME_BYTES)
    return None if bad else name
