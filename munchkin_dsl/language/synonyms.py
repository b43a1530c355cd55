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
SYNONYMS: dict[str, str] = {"whenever": "when"}

_WORDS = re.compile(r'"[^"\n]*"|#[^\n]*|\b(?:' + "|".join(SYNONYMS) + r")\b")


def as_keywords(text: str) -> str:
    """``text`` with each synonym outside quotes and comments read as its keyword."""
    if not any(word in text for word in SYNONYMS):
        return text
    return _WORDS.sub(lambda m: m.group(0) if m.group(0)[0] in '"#'
                      else SYNONYMS[m.group(0)].ljust(len(m.group(0))), text)
