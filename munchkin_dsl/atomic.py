"""Atomic output files: a failed run never leaves a half-written or clobbered file.

Every command that writes a file (compile, mix, print) goes through
:func:`write_atomic`, which writes beside the target and renames over it, so an
existing output is replaced only by a complete new one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | os.PathLike[str], data: bytes | str, sync: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder.

    ``sync=False`` skips the fsync: still never a half-written file under its name (the
    rename is atomic), only not guaranteed on disk after a power cut.  For exports of
    thousands of images, where a sync per file costs more than the rasterising.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        # mkstemp makes the file private (0600); give it the mode a plain open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp_name, 0o666 & ~umask)
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
