"""Old name of the atomic writes, kept so existing imports work: see :mod:`.files`."""

from munchkin_dsl.base.files import (
    STALE_SECONDS,
    STDOUT,
    Payload,
    UnsafeTarget,
    check_target,
    temp_pattern,
    write_atomic,
)

__all__ = ["STALE_SECONDS", "STDOUT", "Payload", "UnsafeTarget", "check_target",
           "temp_pattern", "write_atomic"]
