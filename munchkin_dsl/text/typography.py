"""Print typography for card text: the small rules that make text read as typeset.

Applied to the strings a card face prints (not to ``munchkin text`` output, which stays
plain for diffing): a number stays on the line of the noun it counts ("сбрось 1 карту"
never breaks after the 1), a minus is a minus sign (−5, not the hyphen -5), a dash never
starts a line (it is glued to the word before it), and Polish quotes are „…” where the
templates or an author wrote «…».  Each rule is one regular expression in a table,
per language where the languages differ.
"""

from __future__ import annotations

import re

NBSP = "\u00a0"
MINUS = "\u2212"

#: (pattern, replacement) applied in order to every language.
_COMMON: tuple[tuple[re.Pattern[str], str], ...] = (
    # A hyphen before a number that does not follow a letter or digit is a minus.
    (re.compile(r"(?<![\w\-\u2212])-(?=\d)"), MINUS),
    # A number and the word it counts share a line: "1 карту", "+3 against", "2 Treasures".
    (re.compile(r"(?<![\w.,])([+\u2212]?\d+)[ ](?=[^\W\d_])"), r"\1" + NBSP),
    # A spaced dash (em, en, or a hyphen used as one) hangs on the word before it.
    (re.compile(r"[ ]+([—–])[ ]"), NBSP + r"\1 "),
)
#: A hyphen standing for a dash, by language: an en dash in English, an em dash in ru/pl.
_SPACED_HYPHEN = re.compile(r"[ ]+-[ ]")
_DASH = {"en": "–", "ru": "—", "pl": "—"}
#: Quotation marks: the language's own pair replaces «» and straight quotes.
_QUOTES = {"en": ("“", "”"), "ru": ("«", "»"), "pl": ("„", "”")}
_STRAIGHT = re.compile(r'"([^"]*)"')
_GUILLEMETS = re.compile(r"«([^«»]*)»")


def typeset(text: str, lang: str) -> str:
    """``text`` with the print rules above applied for ``lang`` (en, ru or pl)."""
    if not text:
        return text
    dash = _DASH.get(lang, "—")
    text = _SPACED_HYPHEN.sub(f"{NBSP}{dash} ", text)
    for pattern, replacement in _COMMON:
        text = pattern.sub(replacement, text)
    return quotes(text, lang)


def quotes(text: str, lang: str) -> str:
    """The language's quotation marks for «…» and "…": „…” in Polish, “…” in English.

    Also used for ``munchkin text`` (the templates write «…» in every language).
    """
    open_q, close_q = _QUOTES.get(lang, ("«", "»"))
    text = _STRAIGHT.sub(f"{open_q}\\1{close_q}", text)
    if lang != "ru":
        text = _GUILLEMETS.sub(f"{open_q}\\1{close_q}", text)
    return text


__all__ = ["MINUS", "NBSP", "quotes", "typeset"]
