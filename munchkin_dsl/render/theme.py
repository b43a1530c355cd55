"""Themes: a TOML file that gives a pack its own look (colours, fonts, frame, art box).

A theme is data, not code, so an author can restyle a pack without touching Python and a
bad theme is reported like a bad pack: every problem as a diagnostic (P006) with the
file, line and column, and nothing printed.  Files are read through
:func:`read_confined`, confined to the theme's own folder, so a theme cannot make
`print` read (or embed) a file outside it.

Fonts are either a name from :data:`NAMED_FONTS` (fonts shipped with the package or
with a font package it depends on) or a ``.ttf`` path relative to the theme file.
Shipped themes live in ``render/themes/`` and are chosen by name (``--theme tavern``).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from munchkin_dsl.base.diagnostics import Diagnostic, Severity, Span
from munchkin_dsl.base.files import MAX_FILE_BYTES, Refused, read_confined
from munchkin_dsl.render.style import DECK_STYLE, Colour, Look, hex_colour

THEME_DIR = Path(__file__).parent / "themes"

#: Font names a theme may use without shipping a file: (Python package, file in it).
NAMED_FONTS: dict[str, tuple[str, str]] = {
    "DejaVu Sans": ("munchkin_dsl.render.fonts", "DejaVuSans.ttf"),
    "DejaVu Sans Bold": ("munchkin_dsl.render.fonts", "DejaVuSans-Bold.ttf"),
    "DejaVu Sans Oblique": ("munchkin_dsl.render.fonts", "DejaVuSans-Oblique.ttf"),
    "PT Sans": ("fontpkg_pt_sans", "files/PT_Sans-Web-Regular.ttf"),
    "PT Sans Bold": ("fontpkg_pt_sans", "files/PT_Sans-Web-Bold.ttf"),
    "PT Sans Italic": ("fontpkg_pt_sans", "files/PT_Sans-Web-Italic.ttf"),
}
#: A font file larger than this is refused (the largest shipped face is under 0.5 MB).
MAX_FONT_BYTES = 8 * 1024 * 1024

#: Font roles: the title face (also badges, captions, backs), body text, the type line.
FONT_ROLES = {"title": "DejaVu Sans Bold", "body": "DejaVu Sans",
              "italic": "DejaVu Sans Oblique"}
_COLOUR_KEYS = ("frame", "title", "tint")
_NUMBERS = {  # key in [frame] / [art] -> (Look field, lowest, highest)
    ("frame", "width_mm"): ("frame_mm", 0.0, 5.0),
    ("frame", "corner_mm"): ("corner_mm", 0.0, 5.0),
    ("art", "height"): ("art_height", 0.12, 0.6),
}
_TABLES = {"colours": {"paper", "ink", "muted", *DECK_STYLE},
           "fonts": set(FONT_ROLES), "frame": {"width_mm", "corner_mm"}, "art": {"height"}}
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


@dataclass(frozen=True)
class Theme:
    """A parsed theme: its look and its three font files (name and bytes)."""

    path: str
    look: Look
    fonts: dict[str, tuple[str, bytes]] = field(default_factory=dict)


class ThemeError(Exception):
    """A theme that cannot be used; ``diagnostics`` says why and where."""

    def __init__(self, diagnostics: list[Diagnostic], text: str | None = None) -> None:
        super().__init__("; ".join(d.message for d in diagnostics))
        self.diagnostics = diagnostics
        #: The theme's text, so a report can show the line with a caret.
        self.text = text


def resolve_theme_path(value: str) -> Path:
    """A shipped theme's name (``tavern``) or a path to a theme file."""
    shipped = THEME_DIR / f"{value}.toml"
    if "/" not in value and "\\" not in value and not value.endswith(".toml") \
            and shipped.is_file():
        return shipped
    return Path(value)


def shipped_themes() -> list[str]:
    """The names ``--theme`` accepts besides a file path."""
    return sorted(p.stem for p in THEME_DIR.glob("*.toml"))


def load_theme(path: Path) -> Theme:
    """Read and check a theme file; ThemeError (with every problem found) if it is bad."""
    shown = str(path)
    try:
        raw = read_confined(path, path.parent, MAX_FILE_BYTES)
    except Refused as exc:
        raise ThemeError([_diag(exc.message, Span.point(shown), exc.hint)]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ThemeError([_diag(f"the theme is not UTF-8 text ({exc.reason})",
                                Span.point(shown))]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, col = _position(str(exc))
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        raise ThemeError([_diag(f"not valid TOML: {message}", Span.point(shown, line, col),
                                "see https://toml.io for the syntax")], text) from None
    try:
        return _Reader(shown, path.parent, text).theme(data)
    except ThemeError as exc:
        exc.text = text
        raise


class _Reader:
    """Checks a parsed theme table by table, collecting every problem before failing."""

    def __init__(self, shown: str, root: Path, text: str) -> None:
        self.shown, self.root, self.lines = shown, root, text.splitlines()
        self.problems: list[Diagnostic] = []

    def _tables(self, data: dict[str, Any]) -> None:
        for table, value in data.items():
            if table not in _TABLES:
                self._problem(f"unknown table [{table}]", table, None,
                              f"a theme has {', '.join(f'[{t}]' for t in _TABLES)}")
            elif not isinstance(value, dict):
                self._problem(f"{table} must be a table", table, None)

    def _numbers(self, data: dict[str, Any]) -> dict[str, float]:
        numbers: dict[str, float] = {}
        for (table, key), (name, low, high) in _NUMBERS.items():
            section = data.get(table)
            if isinstance(section, dict) and key in section:
                value = section[key]
                if isinstance(value, bool) or not isinstance(value, int | float) \
                        or not low <= value <= high:
                    self._problem(f"{table}.{key} must be a number from {low} to {high}",
                                  key, table)
                else:
                    numbers[name] = float(value)
        for table in ("frame", "art"):
            section = data.get(table)
            for key in section if isinstance(section, dict) else ():
                if key not in _TABLES[table]:
                    self._unknown(table, key)
        return numbers

    def theme(self, data: dict[str, Any]) -> Theme:
        self._tables(data)
        colours = data.get("colours", {}) if isinstance(data.get("colours"), dict) else {}
        decks = dict(DECK_STYLE)
        base = Look()
        paper, ink, muted = base.paper, base.ink, base.muted
        for key, value in colours.items():
            if key in DECK_STYLE:
                decks[key] = self._deck(key, value, decks[key])
            elif key in _TABLES["colours"]:
                colour = self._colour(key, value, "colours")
                if colour is not None:
                    paper, ink, muted = (colour if key == "paper" else paper,
                                         colour if key == "ink" else ink,
                                         colour if key == "muted" else muted)
            else:
                self._unknown("colours", key)
        numbers = self._numbers(data)
        fonts = self._fonts(data.get("fonts"))
        if self.problems:
            raise ThemeError(self.problems)
        look = Look(decks=decks, paper=paper, ink=ink, muted=muted, **numbers)
        return Theme(self.shown, look, fonts)

    def _deck(self, deck: str, value: Any, default: tuple[Colour, Colour, Colour]
              ) -> tuple[Colour, Colour, Colour]:
        if not isinstance(value, dict):
            self._problem(f"colours.{deck} must be a table of {', '.join(_COLOUR_KEYS)}",
                          deck, "colours")
            return default
        out = list(default)
        for key, colour in value.items():
            if key not in _COLOUR_KEYS:
                self._unknown(f"colours.{deck}", key)
                continue
            parsed = self._colour(key, colour, f"colours.{deck}")
            if parsed is not None:
                out[_COLOUR_KEYS.index(key)] = parsed
        return out[0], out[1], out[2]

    def _colour(self, key: str, value: Any, table: str) -> Colour | None:
        if isinstance(value, str) and _HEX.fullmatch(value):
            return hex_colour(value)
        self._problem(f"{table}.{key} must be a colour written \"#rrggbb\", not {value!r}",
                      key, table)
        return None

    def _fonts(self, section: Any) -> dict[str, tuple[str, bytes]]:
        chosen = dict(FONT_ROLES)
        if isinstance(section, dict):
            for role, value in section.items():
                if role not in FONT_ROLES:
                    self._unknown("fonts", role)
                elif not isinstance(value, str) or not value:
                    self._problem(f"fonts.{role} must be a font name or a .ttf path", role,
                                  "fonts")
                else:
                    chosen[role] = value
        out: dict[str, tuple[str, bytes]] = {}
        for role, value in chosen.items():
            data = self._font_bytes(role, value)
            if data is not None:
                out[role] = (value, data)
        return out

    def _font_bytes(self, role: str, value: str) -> bytes | None:
        if value in NAMED_FONTS:
            package, name = NAMED_FONTS[value]
            try:
                return resources.files(package).joinpath(name).read_bytes()
            except (ModuleNotFoundError, OSError):
                self._problem(f"font {value!r} is not installed (it comes with the Python "
                              f"package {package})", role, "fonts",
                              f"pip install {package.replace('_', '-')}")
                return None
        if not value.lower().endswith((".ttf", ".otf")):
            self._problem(f"unknown font {value!r}", role, "fonts",
                          f"name a .ttf file next to the theme or one of: "
                          f"{', '.join(NAMED_FONTS)}")
            return None
        try:
            data = read_confined(self.root / value, self.root, MAX_FONT_BYTES)
        except Refused as exc:
            self._problem(f"font {value!r}: {exc.message}", role, "fonts", exc.hint)
            return None
        reason = _unembeddable(data)
        if reason is not None:
            self._problem(f"font {value!r} cannot be embedded: {reason}", role, "fonts",
                          "use a TrueType (.ttf) font whose licence allows embedding")
            return None
        return data

    def _unknown(self, table: str, key: str) -> None:
        known = _TABLES.get(table) or set(_COLOUR_KEYS)
        self._problem(f"unknown key {key!r} in [{table}]", key, table.split(".")[0],
                      f"known keys: {', '.join(sorted(known))}")

    def _problem(self, message: str, key: str, table: str | None,
                 hint: str | None = None) -> None:
        line, col = self._locate(key, table)
        self.problems.append(_diag(message, Span.point(self.shown, line, col), hint))

    def _locate(self, key: str, table: str | None) -> tuple[int, int]:
        """Line and column of ``key`` (in ``[table]`` if given); tomllib keeps no positions."""
        pattern = re.compile(rf"^\s*(\[\s*)?(\w+\.)*\"?{re.escape(key)}\"?\s*[=\].]")
        inside = table is None
        for number, line in enumerate(self.lines, 1):
            stripped = line.strip()
            if table is not None and stripped.startswith("["):
                inside = stripped.strip("[] ").split(".")[0] == table
                if stripped.strip("[] ").split(".")[-1] == key and inside:
                    return number, line.index(key) + 1
                continue
            if inside and pattern.match(line):
                return number, line.index(key) + 1
        # Dotted keys and inline tables ({ frame = "#zz" }): the first "key =" anywhere.
        loose = re.compile(rf"\b{re.escape(key)}\s*=")
        for number, line in enumerate(self.lines, 1):
            found = loose.search(line)
            if found:
                return number, found.start() + 1
        return 1, 1


def _unembeddable(data: bytes) -> str | None:
    """Why reportlab cannot embed this font file, or None if it can.

    Checked while reading the theme so a broken or CFF-outline font is a P006 at the
    theme's line, not a traceback halfway through drawing the cards.
    """
    import io

    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    try:
        TTFontFile(io.BytesIO(data), validate=0)
    except TTFError as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - any parser failure means an unusable file
        return f"not a font file ({type(exc).__name__})"
    return None


def _position(message: str) -> tuple[int, int]:
    found = re.search(r"at line (\d+), column (\d+)", message)
    return (int(found.group(1)), int(found.group(2))) if found else (1, 1)


def _diag(message: str, span: Span, hint: str | None = None) -> Diagnostic:
    return Diagnostic("P006", Severity.ERROR, f"theme: {message}", span, hint)
