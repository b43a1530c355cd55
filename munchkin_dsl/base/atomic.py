"""Atomic output files: a failed run never leaves a half-written or clobbered file.

Every command that writes a file (compile, mix, print, simulate --chart) goes through
:func:`write_atomic`, which writes beside the target and renames over it, so an
existing output is replaced only by a complete new one.

Two more guarantees, because a rename replaces *whatever* is at the target:

* the target must be a regular file or a new path: a device (``-o /dev/null`` run as
  root would become a plain file), a FIFO, a folder or a symlink is refused with
  :class:`UnsafeTarget` saying why (the CLI makes that a usage error, exit 2);
* the data is written to an unnamed file (``O_TMPFILE``) where the platform has one and
  given a name only when complete, so a run killed mid-write leaves nothing behind.
  Elsewhere a named temporary file is used; one left by a killed run (its writer's pid,
  in the name, is gone, or it is older than :data:`STALE_SECONDS`) is removed by the next
  write to the same target.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from munchkin_dsl.base.confine import kind_of

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


def temp_pattern(target: Path) -> str:
    """The glob of the temporary files written for ``target`` (for cleanup and tests)."""
    return f".{target.name}.*.tmp"


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
    if not _write_unnamed(folder, target, payload, sync):
        _write_named(folder, target, payload, sync)


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
                   sync: bool = True) -> bool:
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
                 sync: bool = True) -> None:
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}-", suffix=".tmp",
                                    dir=folder)
    try:
        # mkstemp makes the file private (0600); give it the mode a plain open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp_name, 0o666 & ~umask)
        try:
            _write_all(fd, payload, sync)
        finally:
            os.close(fd)
        os.replace(tmp_name, target)
    except BaseException:
        _unlink(Path(tmp_name))
        raise


def _temp_name(target: Path) -> str:
    """``.NAME.PID-RANDOM.tmp``: the writer's pid lets the next run see it is gone."""
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
            if stat.S_ISREG(info.st_mode) and (_writer_gone(leftover, target)
                                               or now - info.st_mtime > STALE_SECONDS):
                leftover.unlink()
        except OSError:
            continue


def _unlink(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
