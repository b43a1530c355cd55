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
from typing import TYPE_CHECKING, Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

if TYPE_CHECKING:
    import pyphen

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
    #: What the P002 message calls the fonts ("DejaVu Sans", a theme's body font).
    family: str = "DejaVu Sans"
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
             first_indent: float = 0.0, lang: str | None = None) -> list[str]:
        """Greedy word wrap of one paragraph into lines no wider than ``width``.

        Breaks at spaces (a no-break space keeps words together) and, with ``lang``,
        at the hyphenation points of its dictionary (pyphen), adding a hyphen: a word
        that does not fit at the end of a line is split when a part of it fits.  A word
        wider than a whole line is split at hyphenation points, and only where none
        helps between characters (:meth:`unbreakable` reports those words).
        ``first_indent`` reserves room at the start of the first line (for an inline
        bold caption such as "Bad Stuff:").
        """
        words = text.split(" ")
        space = self.width(" ", font, size)
        lines: list[str] = []
        current: list[str] = []
        used = first_indent
        limit = width + 1e-6
        pending = list(reversed(words))
        while pending:
            word = pending.pop()
            if not word:
                continue
            w = self.width(word, font, size)
            extra = w + (space if current else 0.0)
            if used + extra <= limit:
                current.append(word)
                used += extra
                continue
            if lang is not None and _letters(word) >= LINE_END_MIN_WORD:
                room = limit - used - (space if current else 0.0)
                split = self._hyphen_split(word, font, size, room, lang, LINE_END_MIN_HEAD)
                if split is not None:
                    head, tail = split
                    current.append(head)
                    lines.append(" ".join(current))
                    current, used = [], 0.0
                    pending.append(tail)
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
            if lang is not None:
                split = self._hyphen_split(word, font, size, limit, lang)
                if split is not None:
                    lines.append(split[0])
                    pending.append(split[1])
                    continue
            for piece in self._split_long(word, font, size, width):
                lines.append(piece)
            last = lines.pop()
            current, used = [last], self.width(last, font, size)
        if current or not lines:
            lines.append(" ".join(current))
        return lines

    def _hyphen_split(self, word: str, font: str, size: float, room: float,
                      lang: str, min_head: int = 0) -> tuple[str, str] | None:
        """The longest ``head`` + hyphen of ``word`` that fits ``room``, and the rest."""
        if room <= 0:
            return None
        for head, tail in hyphen_points(word, lang):
            if _letters(head) < min_head:
                break
            shown = head if head.endswith(("-", "\u2010")) else head + "-"
            if self.width(shown, font, size) <= room:
                return shown, tail
        return None

    def unbreakable(self, text: str, font: str, size: float, width: float,
                    lang: str | None = None) -> list[str]:
        """Words of ``text`` that cannot be set in ``width`` even at hyphenation points.

        Such a word is split between letters, which a reader takes for a typo, so the
        renderer reports it (P005) instead of printing it silently.
        """
        out = []
        for word in text.replace("\n", " ").split(" "):
            if not word or self.width(word, font, size) <= width + 1e-6:
                continue
            rest = word
            while self.width(rest, font, size) > width + 1e-6:
                split = self._hyphen_split(rest, font, size, width, lang) if lang else None
                if split is None:
                    out.append(word)
                    break
                rest = split[1]
        return out

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


#: A word is hyphenated to fill the end of a line only when it is this long (letters)...
LINE_END_MIN_WORD = 8
#: ...and leaves at least this many letters on the line ("po-" helps no one).
LINE_END_MIN_HEAD = 3


def _letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


#: Card languages -> pyphen dictionary names.
HYPHEN_DICTS = {"en": "en_US", "ru": "ru_RU", "pl": "pl_PL"}


@lru_cache(maxsize=8)
def _hyphenator(lang: str) -> pyphen.Pyphen | None:
    """The pyphen dictionary for a card language (at least 2 letters before, 3 after)."""
    import pyphen

    name = HYPHEN_DICTS.get(lang)
    if not name:
        return None
    _load_patterns(pyphen, pyphen.LANGUAGES[pyphen.language_fallback(name)])
    return pyphen.Pyphen(lang=name, left=2, right=3)


def _load_patterns(pyphen: Any, path: Path) -> None:
    """Put the parsed patterns of the dictionary at ``path`` into pyphen's own cache,
    from the per-user cache folder when they were parsed before.

    Parsing a dictionary's text costs more than all the hyphenation of 1,000 cards
    (0.04 s for en_US, against 5 ms to load the parsed patterns); like the parser
    tables, the parse is kept between runs, keyed by pyphen's version and the file.
    """
    import hashlib

    from munchkin_dsl.base.cache_store import Store, cache_root

    if path in pyphen.hdcache:
        return
    try:
        info = path.stat()
    except OSError:
        return  # pyphen reports the missing dictionary itself
    store = Store(cache_root(), "hyphenation")
    key = hashlib.blake2b(f"{pyphen.__version__}\0{path}\0{info.st_size}\0"
                          f"{info.st_mtime_ns}".encode(), digest_size=20).hexdigest()
    patterns = store.get(key)
    if not isinstance(patterns, pyphen.HyphDict):
        patterns = pyphen.HyphDict(path)
        store.put(key, patterns)
    pyphen.hdcache[path] = patterns


@lru_cache(maxsize=4096)
def hyphen_points(word: str, lang: str) -> tuple[tuple[str, str], ...]:
    """Where ``word`` may break, longest head first: ``(head, tail)`` pairs.

    Punctuation around the word («„Uciekaj”,») is kept out of the dictionary lookup and
    glued back on; an existing hyphen (Рубаха-Парень) is a break point that needs no
    added hyphen.
    """
    start = 0
    while start < len(word) and not word[start].isalpha():
        start += 1
    end = len(word)
    while end > start and not word[end - 1].isalpha():
        end -= 1
    core = word[start:end]
    points: set[int] = set()
    for i, ch in enumerate(core):
        if ch in "-\u2010" and 0 < i < len(core) - 1:
            points.add(i + 1)
    hyphenator = _hyphenator(lang)
    if hyphenator is not None and core:
        for part_start, part in _parts(core):
            for pos in hyphenator.positions(part):
                points.add(part_start + pos)
    return tuple((word[:start + p], word[start + p:]) for p in sorted(points, reverse=True))


def _parts(core: str) -> list[tuple[int, str]]:
    """The hyphen-separated parts of a word with their offsets."""
    out = []
    offset = 0
    for part in core.replace("\u2010", "-").split("-"):
        out.append((offset, part))
        offset += len(part) + 1
    return out


@lru_cache(maxsize=1)
def load_fonts() -> FontSet:
    """Register the shipped TTFs with reportlab once per process and return them."""
    covered: frozenset[int] | None = None
    for name, filename in _FILES.items():
        path = FONT_DIR / filename
        # Asked for a name it does not know, reportlab's getFont first parses every Type 1
        # metrics file it ships looking for it (54 files, 30 ms): only a registered name
        # is asked for.
        font: Any
        if name in pdfmetrics.getRegisteredFontNames():
            font = pdfmetrics.getFont(name)  # a TTFont: only TTFs are registered
        else:
            font = TTFont(name, str(path))
            pdfmetrics.registerFont(font)
        cmap = frozenset(font.face.charToGlyph)
        covered = cmap if covered is None else covered & cmap
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=OBLIQUE,
                                  boldItalic=BOLD)
    return FontSet(covered=covered or frozenset())


def load_font_files(title: bytes, body: bytes, italic: bytes,
                    family: str = "the theme's fonts") -> FontSet:
    """Register a theme's three faces (TTF bytes) and return them as a FontSet.

    Each face is registered under a name made from a digest of its bytes, so the same
    file gives the same PDF font name on every run (deterministic output) and two themes
    with different files never share a name.
    """
    import hashlib
    import io

    names = []
    covered: frozenset[int] | None = None
    for data in (body, title, italic):
        name = "MunchkinTheme-" + hashlib.sha256(data).hexdigest()[:12]
        font: Any
        if name in pdfmetrics.getRegisteredFontNames():  # see load_fonts
            font = pdfmetrics.getFont(name)
        else:
            font = TTFont(name, io.BytesIO(data))
            pdfmetrics.registerFont(font)
        names.append(name)
        cmap = frozenset(font.face.charToGlyph)
        covered = cmap if covered is None else covered & cmap
    return FontSet(regular=names[0], bold=names[1], oblique=names[2],
                   covered=covered or frozenset(), family=family)
