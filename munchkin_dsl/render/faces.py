"""The renderer's input: one already-prepared card face.

The renderer knows nothing about the language.  The compiler (or a test) turns each
card into a :class:`CardFace` holding exactly the strings to print, so layout and
drawing can be developed, tested and benchmarked without a pack, and so the
language can change without touching the PDF code.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from munchkin_dsl.base.diagnostics import Span

#: Decks a face can belong to; each has its own colour and back design.
DECKS: tuple[str, ...] = ("door", "treasure", "seal")
#: What a back says when the face does not carry its ruleset's deck name.
BACK_LABELS: dict[str, str] = {"door": "DOOR", "treasure": "TREASURE", "seal": "SEAL"}
#: Languages whose labels (e.g. the Bad Stuff caption) the renderer knows.
LANGS: tuple[str, ...] = ("en", "ru", "pl")


@dataclass(frozen=True)
class CardFace:
    """Everything printed on one card front, as final display strings.

    ``source`` is the card's location ``file:line:col`` so render problems (text
    that does not fit, a missing glyph or image) point back at the card's source.
    ``bad_stuff_label`` is the caption of the Bad Stuff box ("Bad Stuff:"); empty means
    the renderer's default for ``lang``.  Game lines name it differently, so the
    compiler passes the ruleset's own word.  ``back_label`` is the deck's name in the print
    language as the ruleset spells it («Шлюз», «Łupy»), printed on the card's back; empty
    means the English deck id.

    The structured fields draw the parts of a Munchkin card that are not running text:
    ``level`` a badge on the picture (``level_label`` its caption, "Level"), ``bonus`` a
    bonus badge, ``slot`` an icon with ``slot_label`` on the bottom line, ``mark`` the Big
    or Aggregate ribbon and ``value_line`` the value ("400 Gold Pieces") bottom right.
    ``kind`` (the card kind, e.g. ``monster``) chooses the picture placeholder when the
    card has no art.  ``corner_left``/``corner_right`` are a plain stats line for faces
    built without them.
    """

    card_id: str
    deck: str
    title: str
    kind_line: str = ""
    corner_left: str = ""
    corner_right: str = ""
    body: str = ""
    bad_stuff: str = ""
    footer_left: str = ""
    tags: tuple[str, ...] = field(default_factory=tuple)
    ruleset_mark: str = ""
    art_path: str | None = None
    lang: str = "en"
    source: str = ""
    bad_stuff_label: str = ""
    back_label: str = ""
    kind: str = ""
    level: int | None = None
    level_label: str = ""
    bonus: int | None = None
    slot: str | None = None
    slot_label: str = ""
    mark: str = ""
    value_line: str = ""

    def __post_init__(self) -> None:
        # Fail early and clearly on a caller bug rather than drawing a wrong card.
        if self.deck not in DECKS:
            raise ValueError(f"deck must be one of {DECKS}, not {self.deck!r}")
        if self.lang not in LANGS:
            raise ValueError(f"lang must be one of {LANGS}, not {self.lang!r}")
        if not isinstance(self.tags, tuple):
            object.__setattr__(self, "tags", tuple(self.tags))

    @property
    def back(self) -> tuple[str, str]:
        """The back design: deck and the name printed on it.  Equal backs print alike,
        which is what a TTS deck (one back image) and the back forms group by."""
        return (self.deck, self.back_label or BACK_LABELS[self.deck])

    @property
    def span(self) -> Span | None:
        """The card's source location as a point span, for diagnostics."""
        return parse_source(self.source)


def parse_source(source: str) -> Span | None:
    """Parse ``file:line:col`` (the file may itself contain colons) into a point span.

    A source without line/column still names the file; an empty one gives ``None``
    so a diagnostic is printed without a location rather than with a made-up one.
    """
    if not source:
        return None
    parts = source.rsplit(":", 2)
    if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
        return Span.point(parts[0], int(parts[1]), int(parts[2]))
    parts = source.rsplit(":", 1)
    if len(parts) == 2 and parts[1].isdigit():
        return Span.point(parts[0], int(parts[1]))
    return Span.point(source)
