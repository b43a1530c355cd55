"""Old name of the confined reads, kept so existing imports work: see :mod:`.files`."""

from munchkin_dsl.base.files import (
    MAX_ART_BYTES,
    MAX_FILE_BYTES,
    Refused,
    kind_of,
    read_confined,
    resolve_inside,
)

__all__ = ["MAX_ART_BYTES", "MAX_FILE_BYTES", "Refused", "kind_of", "read_confined",
           "resolve_inside"]
