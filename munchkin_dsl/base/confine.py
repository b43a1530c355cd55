"""Confinement: the one function through which every pack file is read.

Packs travel between authors and CI runs ``munchkin check`` on pull requests, so a
pack folder is untrusted: a ``pack.munch``, an include, an art file or a scenario may
be a symlink to a system file, a device such as /dev/zero, a FIFO that never answers,
a folder or a symlink loop.  :func:`read_confined` resolves the path, refuses anything
outside the pack folder (symlinks included) and anything that is not a regular file,
and reads at most a documented number of bytes.  It opens with O_NONBLOCK and checks
the opened descriptor (not the name), so a FIFO cannot hang the run and a file swapped
between the check and the read is still checked.

Refusals are :class:`Refused` exceptions carrying a diagnostic code; each caller turns
them into a diagnostic at its own span (an include line, an art stat, a scenario file).
Codes: E020 outside the pack folder, E021 not a regular file, E022 a path that cannot
be resolved (a symlink loop, a name too long), E012 unreadable or over the size limit.
"""

from __future__ import annotations

import errno
import os
import stat
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


def resolve_inside(path: Path, root: Path | None, name: str | None = None) -> Path:
    """``path`` with every symlink resolved; Refused when it leaves ``root`` or cannot resolve.

    ``root`` None means the caller named the file itself (a --resolve argument): it is
    not confined to a folder, but still resolved and, by :func:`read_confined`, checked.
    ``name`` is how messages show the file (default: the path as given).
    """
    shown = name or str(path)
    try:
        resolved = path.resolve(strict=True)
    except FileNotFoundError as exc:
        if root is not None and not _inside(_loose(path), root.resolve()):
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
    if root is not None and not _inside(resolved, root.resolve()):
        raise _outside(shown)
    return resolved


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


def read_confined(path: Path, root: Path | None, limit: int = MAX_FILE_BYTES,
                  prefix: int | None = None, name: str | None = None) -> bytes:
    """The bytes of a regular file inside ``root``; Refused for anything else.

    ``prefix`` reads only the first bytes (an image's magic number) and then ignores
    the size limit, since nothing more is read.
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
            raise _too_big( info.st_size, limit)
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
        raise _too_big( len(data), limit)
    return data


def _too_big(size: int, limit: int) -> Refused:
    mib = 1024 * 1024
    return Refused("E012", f"the file is {size / mib:.1f} MiB; a pack file may be at most "
                   f"{limit / mib:.1f} MiB", "split the pack into several files with `include`")
