"""A folder of outputs written all or nothing: staged beside the target, then swapped in.

`munchkin import` writes a pack (several .munch files) and `munchkin site` a site (pages,
images, styles).  Written file by file, a failure half-way would leave half a pack or a
site whose links point at missing pages.  Here every file goes (through
:func:`~munchkin_dsl.base.atomic.write_atomic`) into a hidden folder next to the target;
only when all are written is that folder renamed to the target name, and a target that
existed is renamed away first and removed last.  A failed run removes its stage.
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from munchkin_dsl.base.atomic import write_atomic


class FolderRefused(OSError):
    """The target cannot be (re)placed: a file, a symlink, or a folder we may not replace."""


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
    """Write ``files`` (relative POSIX paths -> content) under ``folder``."""
    for name, content in sorted(files.items()):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, content, sync=False)


@contextmanager
def staged_folder(target: Path, keep_from_old: bool = False) -> Iterator[Path]:
    """A fresh hidden folder beside ``target``; :func:`swap_in` it, or it is removed.

    ``keep_from_old`` starts the stage as a copy of the existing target (so an import into
    a pack folder keeps its art and scenarios).
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    stage = target.parent / f".{target.name}.stage-{os.getpid()}-{secrets.token_hex(4)}"
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
    """Put the complete ``stage`` at ``target``; the old target (if any) is removed after."""
    old = None
    if target.exists():
        old = target.parent / f".{target.name}.old-{os.getpid()}-{secrets.token_hex(4)}"
        os.rename(target, old)
    try:
        os.rename(stage, target)
    except OSError:
        if old is not None:
            os.rename(old, target)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


__all__ = ["FolderRefused", "check_folder_target", "staged_folder", "swap_in", "write_files"]
