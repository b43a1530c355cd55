"""The shipped fonts: registration, glyph coverage, measuring and word wrapping.

Cards are printed with DejaVu Sans, shipped inside the package (Bitstream Vera
licence, see ``fonts/LICENSE-DejaVu.txt``), so output does not depend on the fonts
of the machine and Cyrillic, Polish diacritics and typographic quotes always work.
The glyph check exists because a character missing from the font would otherwise
print as an empty box without any warning.  Wrapping is our own, on cached word
widths, so it is deterministic and cheap enough to try several font sizes per card.

This code lives in the ``fonts`` package itself (beside the TTF files) rather than
in a ``fonts.py`` module, because a package directory of the same name would
shadow such a module.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).parent

REGULAR = "MunchkinDejaVuSans"
BOLD = "MunchkinDejaVuSans-Bold"
OBLIQUE = "MunchkinDejaVuSans-Oblique"

_FILES = {
    REGULAR: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    OBLIQUE: "DejaVuSans-Oblique.ttf",
}

#: What an unprintable character is drawn as instead of the font's empty box.
REPLACEMENT = "?"


@dataclass
class FontSet:
    """The registered card fonts plus caches for coverage and word widths.

    ``covered`` is the set of code points all three faces can draw; checking
    against the intersection means a character is never fine in the body but a
    box in the (bold) title.
    """

    regular: str = REGULAR
    bold: str = BOLD
    oblique: str = OBLIQUE
    covered: frozenset[int] = frozenset()
    _widths: dict[tuple[str, str], float] = field(default_factory=dict, repr=False)

    def missing(self, text: str) -> list[str]:
        """Characters of ``text`` the fonts cannot draw, each once, in order of appearance."""
        seen: list[str] = []
        for ch in text:
            if ch != "\n" and ord(ch) not in self.covered and ch not in seen:
                seen.append(ch)
        return seen

    def sanitize(self, text: str) -> str:
        """``text`` with every undrawable character replaced by ``?``."""
        if all(ch == "\n" or ord(ch) in self.covered for ch in text):
            return text
        return "".join(ch if ch == "\n" or ord(ch) in self.covered else REPLACEMENT
                       for ch in text)

    def width(self, text: str, font: str, size: float) -> float:
        """Width of ``text`` in points; widths scale linearly, so cache them at 1 pt."""
        key = (font, text)
        unit = self._widths.get(key)
        if unit is None:
            unit = pdfmetrics.stringWidth(text, font, 1.0)
            self._widths[key] = unit
        return unit * size

    def wrap(self, text: str, font: str, size: float, width: float,
             first_indent: float = 0.0) -> list[str]:
        """Greedy word wrap of one paragraph into lines no wider than ``width``.

        Breaks at spaces only (a no-break space keeps words together); a word wider
        than a whole line is split between characters so nothing runs off the card.
        ``first_indent`` reserves room at the start of the first line (for an inline
        bold caption such as "Bad Stuff:").
        """
        words = text.split(" ")
        space = self.width(" ", font, size)
        lines: list[str] = []
        current: list[str] = []
        used = first_indent
        limit = width + 1e-6
        for word in words:
            if not word:
                continue
            w = self.width(word, font, size)
            extra = w + (space if current else 0.0)
            if used + extra <= limit:
                current.append(word)
                used += extra
                continue
            if current:
                lines.append(" ".join(current))
                current, used = [], 0.0
            elif used:  # only the indent is on this line: start afresh below it
                lines.append("")
                used = 0.0
            if w <= limit:
                current, used = [word], w
                continue
            for piece in self._split_long(word, font, size, width):
                lines.append(piece)
            last = lines.pop()
            current, used = [last], self.width(last, font, size)
        if current or not lines:
            lines.append(" ".join(current))
        return lines

    def _split_long(self, word: str, font: str, size: float, width: float) -> list[str]:
        pieces: list[str] = []
        start = 0
        acc = 0.0
        for i, ch in enumerate(word):
            cw = self.width(ch, font, size)
            if acc + cw > width and i > start:
                pieces.append(word[start:i])
                start, acc = i, 0.0
            acc += cw
        pieces.append(word[start:])
        return pieces


@lru_cache(maxsize=1)
def load_fonts() -> FontSet:
    """Register the shipped TTFs with reportlab once per process and return them."""
    covered: frozenset[int] | None = None
    for name, filename in _FILES.items():
        path = FONT_DIR / filename
        try:
            font = pdfmetrics.getFont(name)
        except KeyError:
            font = TTFont(name, str(path))
            pdfmetrics.registerFont(font)
        cmap = frozenset(font.face.charToGlyph)
        covered = cmap if covered is None else covered & cmap
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=OBLIQUE,
                                  boldItalic=BOLD)
    return FontSet(covered=covered or frozenset())
