"""Colours and type sizes of the card design, shared by fitting and drawing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

Colour = tuple[float, float, float]


def hex_colour(value: str) -> Colour:
    value = value.lstrip("#")
    return tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


#: Per deck: frame/header colour, title colour on it, Bad Stuff box tint.
DECK_STYLE: dict[str, tuple[Colour, Colour, Colour]] = {
    "door": (hex_colour("#6b2a1a"), hex_colour("#fff8ec"), hex_colour("#f3ddd2")),
    "treasure": (hex_colour("#c9962b"), hex_colour("#2e2006"), hex_colour("#f6e7c1")),
    "seal": (hex_colour("#4a2a6b"), hex_colour("#f7f0ff"), hex_colour("#e6dcf2")),
}
PAPER: Colour = hex_colour("#fbf6e9")
INK: Colour = hex_colour("#1e1a16")
MUTED: Colour = hex_colour("#6e655a")
RED: Colour = (0.86, 0.08, 0.08)
MAGENTA: Colour = (0.85, 0.1, 0.6)
CYAN: Colour = (0.0, 0.6, 0.8)
WHITE: Colour = (1.0, 1.0, 1.0)

#: The caption of the Bad Stuff box per card language (ru: the Hobby World term).
BAD_STUFF_LABELS = {"en": "Bad Stuff:", "ru": "Непотребство:", "pl": "Niemiłe skutki:"}

#: Default sizes (pt) for a 56×87 mm card; other sizes scale them.
TITLE_PT = 9.5
KIND_PT = 6.5
CORNER_PT = 8.5
BODY_PT = 8.0
FOOTER_PT = 7.0
#: Tags the rules refer to (Undead) are read, so they are near body size.
TAGS_PT = 7.0
FINE_PT = 4.5
LEADING = 1.2
SIZE_STEP = 0.25

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class Look:
    """The parts of the card design a theme may change (:mod:`.theme` reads them from TOML).

    The defaults are the constants above, so an unthemed print is byte-identical to one
    made before themes existed.  ``art_height`` is the largest share of the card's height
    the picture may take; the fitter only ever shrinks it from there.
    """

    decks: dict[str, tuple[Colour, Colour, Colour]] = field(
        default_factory=lambda: dict(DECK_STYLE))
    paper: Colour = PAPER
    ink: Colour = INK
    muted: Colour = MUTED
    frame_mm: float = 1.5
    corner_mm: float = 1.2
    art_height: float = 0.50


DEFAULT_LOOK = Look()
#: The look of the print being drawn.  A context variable, not a module global, so a
#: themed print in one thread (the editor's live preview) never changes another's colours.
_LOOK: ContextVar[Look] = ContextVar("munchkin_card_look", default=DEFAULT_LOOK)


def look() -> Look:
    """The look of the card being drawn (the default unless inside :func:`themed`)."""
    return _LOOK.get()


@contextmanager
def themed(current: Look) -> Iterator[None]:
    """Draw with ``current`` until the block ends."""
    token = _LOOK.set(current)
    try:
        yield
    finally:
        _LOOK.reset(token)
