"""Russian agreement from a morphological dictionary (pymorphy3 with its Russian data).

Why a library: a tag such as «огненное» is an adjective, and a card has to print it in
the gender, number and case of the noun it describes («огненная Граната», «огненные
карты», «больших шмоток»).  Hand tables of forms per tag miss every new tag an author
or ruleset adds; OpenCorpora's dictionary, which pymorphy3 reads, has them all.  The
analyser is loaded once, on first use, so commands that print no Russian never pay for it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

#: Parts of speech that agree like adjectives (full adjectives, participles).
_ADJECTIVES = frozenset({"ADJF", "PRTF"})


@lru_cache(maxsize=1)
def _analyzer() -> Any:
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="ru")


@lru_cache(maxsize=4096)
def is_adjective(word: str) -> bool:
    """Whether a one-word Russian name is an adjective («огненное», «Большая»)."""
    if " " in word.strip() or not word.strip():
        return False
    parses = _analyzer().parse(word.strip())
    return bool(parses) and parses[0].tag.POS in _ADJECTIVES


@lru_cache(maxsize=4096)
def is_verb(word: str) -> bool:
    """Whether a Russian word is most likely a verb («сбрасываешь», «сбрось»)."""
    parses = _analyzer().parse(word.strip())
    return bool(parses) and parses[0].tag.POS in ("VERB", "INFN")


@lru_cache(maxsize=4096)
def inflect(adjective: str, grammemes: frozenset[str]) -> str:
    """``adjective`` in the given grammemes (``{"plur", "gent"}`` -> «больших»), lower case.

    Returns the word unchanged (lower-cased) when the dictionary has no such form.
    """
    for parse in _analyzer().parse(adjective.strip()):
        if parse.tag.POS not in _ADJECTIVES:
            continue
        form = parse.inflect(set(grammemes))
        if form is not None:
            return str(form.word)
    return adjective.strip().lower()


@lru_cache(maxsize=4096)
def head_noun(title: str) -> frozenset[str] | None:
    """Gender and number of a card title's head noun, as grammemes for :func:`inflect`.

    The head is the first word that can be a noun in the nominative («Граната» is also
    the genitive of «гранат»; on a title it is the nominative).  None when no word is.
    """
    for word in title.replace("-", " ").split():
        for parse in _analyzer().parse(word):
            tag = parse.tag
            if tag.POS == "NOUN" and tag.case == "nomn":
                if tag.number == "plur":
                    return frozenset({"plur", "nomn"})
                if tag.gender in ("masc", "femn", "neut"):
                    return frozenset({tag.gender, "sing", "nomn"})
    return None


def grammemes(spec: str) -> frozenset[str]:
    """``"plur,gent"`` -> ``frozenset({"plur", "gent"})`` (how templates write them)."""
    return frozenset(part.strip() for part in spec.split(",") if part.strip())


__all__ = ["grammemes", "head_noun", "inflect", "is_adjective", "is_verb"]
