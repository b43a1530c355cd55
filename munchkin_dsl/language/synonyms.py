"""Words an author writes for a keyword of the language, read as that keyword.

Card text says "Whenever another player ..." as often as "When ...": refusing `whenever`
with "did you mean 'when'?" (as a fresh author met) teaches nothing.  Rather than doubling
every rule that starts with `when` (the declared parts add their own), the parser reads the
synonym as the keyword, padded with spaces to the same length, so every column after it
stays where the author wrote it (the lexer skips spaces).  Quoted texts and comments are
left alone: a card's name or a `manual` rule may say "whenever".  The formatter works on
the author's own text, so `fmt` keeps the word they chose.
"""

from __future__ import annotations

import re

#: synonym -> the keyword it is read as (the synonym is the longer word)
#: (`each time` and `every time` are "whenever" as often: `each time you kill a monster`)
SYNONYMS: dict[str, str] = {"whenever": "when", "each time": "when", "every time": "when"}

#: `if the fighter is ...`: a condition's subject with an article, read without it.  The
#: grammar cannot take `the` there, as `if the fighter wins this combat` is an event of its
#: own (parts/riders.py) and `if fighter wins by 5 or more` a condition: after `the
#: fighter` an LALR parser cannot tell which it reads.  So the article is dropped here,
#: except before a rider's outcome, which keeps it.
_ARTICLE = r"\b(?:if|while) (the) (?:fighter|helper)\b(?! (?:still )?(?:wins?|loses?) this combat)"

#: a quick test for the article, so a file without one is left as it is
_ARTICLED = re.compile(r"\b(?:if|while) the (?:fighter|helper)\b")

_WORDS = re.compile(r'"[^"\n]*"|#[^\n]*|\b(?:' + "|".join(SYNONYMS) + r")\b|" + _ARTICLE)


def _read(m: re.Match[str]) -> str:
    said = m.group(0)
    if said[0] in '"#':
        return said
    if m.group(1) is not None:  # the article of a condition's subject: blanked out
        start, end = m.start(1) - m.start(0), m.end(1) - m.start(0)
        return said[:start] + " " * (end - start) + said[end:]
    return SYNONYMS[said].ljust(len(said))


def as_keywords(text: str) -> str:
    """``text`` with each synonym outside quotes and comments read as its keyword, and
    the article of a condition's subject (`if the fighter`) left out."""
    if not any(word in text for word in SYNONYMS) and _ARTICLED.search(text) is None:
        return text  # (most files: no Python call per quoted name or comment)
    return _WORDS.sub(_read, text)
